//! Property tests over generated queries.

use mortalis_rules::dice::{DiceError, DiceSource, RngDice, TypedDice};
use mortalis_rules::equipment::{Armour, Item, WeaponSlot};
use mortalis_rules::odds::{self, ActionKind, Prob, Query, Side, Situation};
use mortalis_rules::play::{self, Event, PlayError, Report};
use mortalis_rules::skills::Skill;
use num_traits::{One, Zero};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

const RANGED: &[Item] = &[
    Item::PrimitiveMissile,
    Item::AssaultPistol,
    Item::EnergyPistol,
    Item::AssaultRifle,
    Item::EnergyRifle,
    Item::SniperRifle,
    Item::HeavyRifle,
    Item::EnergyCannon,
    Item::RocketLauncher,
    Item::Flamer,
];
const MELEE: &[Option<Item>] = &[
    None,
    Some(Item::HandWeapon),
    Some(Item::TwoHandedWeapon),
    Some(Item::AssaultPistol),
];
const ARMOURS: &[Armour] = &[
    Armour::None,
    Armour::Light,
    Armour::Powered,
    Armour::Sarcophagus,
];
const SHOOT_SKILLS: &[Skill] = &[
    Skill::MasterShot,
    Skill::SteadyHand,
    Skill::EagleEye,
    Skill::AimedShot,
    Skill::PointBlank,
    Skill::ShieldBreaker,
];
const MELEE_SKILLS: &[Skill] = &[
    Skill::CriticalHit,
    Skill::BattleFrenzy,
    Skill::KillingBlow,
    Skill::Parry,
    Skill::Feint,
    Skill::Nimble,
    Skill::Duellist,
];

fn pick_skills(all: &'static [Skill]) -> impl Strategy<Value = Vec<Skill>> {
    proptest::sample::subsequence(all, 0..=2)
}

prop_compose! {
    fn shoot_query()(
        w in proptest::sample::select(RANGED),
        accuracy in 2i32..12,
        res in 2i32..7,
        armour in proptest::sample::select(ARMOURS),
        shield: bool,
        moved: bool,
        extra_die: bool,
        reroll: bool,
        obstacle: bool,
        cover: bool,
        frac in 0.05f64..1.0,
        skills in pick_skills(SHOOT_SKILLS),
    ) -> Query {
        let max = f64::from(w.ranged().unwrap().range);
        Query {
            kind: ActionKind::Shoot,
            attacker: Side {
                accuracy,
                weapon: WeaponSlot(Some(w)),
                moved: moved && !w.is_heavy(),
                extra_die,
                reroll,
                skills,
                ..Side::default()
            },
            defender: Side { resilience: res, armour, shield, ..Side::default() },
            situation: Situation { range: Some((max * frac).max(1.0)), obstacle, cover, ..Situation::default() },
        }
    }
}

prop_compose! {
    fn melee_query()(
        af in -1i32..3, df in -1i32..3,
        ar in 3i32..7, dr in 3i32..7,
        aw in proptest::sample::select(MELEE), dw in proptest::sample::select(MELEE),
        aa in proptest::sample::select(ARMOURS), da in proptest::sample::select(ARMOURS),
        asup in 0u32..3, dsup in 0u32..3,
        aextra: bool, dreroll: bool,
        askills in pick_skills(MELEE_SKILLS), dskills in pick_skills(MELEE_SKILLS),
    ) -> Query {
        Query {
            kind: ActionKind::Melee,
            attacker: Side { fight: af, resilience: ar, weapon: WeaponSlot(aw), armour: aa, support: asup, extra_die: aextra, skills: askills, ..Side::default() },
            defender: Side { fight: df, resilience: dr, weapon: WeaponSlot(dw), armour: da, support: dsup, reroll: dreroll, skills: dskills, ..Side::default() },
            situation: Situation::default(),
        }
    }
}

prop_compose! {
    /// A melee query with own rerolls, extra dice and the forced rerolls.
    fn forced_melee_query()(
        m in melee_query(),
        areroll: bool, dextra: bool,
        amatrix: bool, dmatrix: bool, dirty: bool, charged: bool,
        aimfine: bool, dimfine: bool,
    ) -> Query {
        let mut q = m;
        q.attacker.reroll = areroll;
        q.defender.extra_die = dextra;
        let add = |side: &mut Side, on: bool, k: Skill| if on && !side.skills.contains(&k) { side.skills.push(k) };
        // In melee only a third model casts Błąd matrycy (R20).
        q.attacker.ally_matrix = amatrix;
        add(&mut q.attacker, aimfine, Skill::ImFine);
        q.defender.ally_matrix = dmatrix;
        add(&mut q.defender, dirty, Skill::DirtyTricks);
        add(&mut q.defender, dimfine, Skill::ImFine);
        q.situation.charged = charged;
        q
    }
}

prop_compose! {
    /// A shooting query where either side may hold Matrix error.
    fn forced_shoot_query()(q in shoot_query(), amatrix: bool, dmatrix: bool, imfine: bool) -> Query {
        let mut q = q;
        if amatrix { q.attacker.skills.push(Skill::MatrixError); }
        if dmatrix { q.defender.skills.push(Skill::MatrixError); }
        if imfine { q.defender.skills.push(Skill::ImFine); }
        q
    }
}

fn with(q: &Query, attacker: bool, k: Skill) -> Query {
    let mut q = q.clone();
    let side = if attacker {
        &mut q.attacker
    } else {
        &mut q.defender
    };
    if !side.skills.contains(&k) {
        side.skills.push(k);
    }
    q
}

fn without(q: &Query, attacker: bool, k: Skill) -> Query {
    let mut q = q.clone();
    let side = if attacker {
        &mut q.attacker
    } else {
        &mut q.defender
    };
    side.skills.retain(|s| *s != k);
    q
}

/// The attacker's objective in melee (ruling R44).
fn melee_value(q: &Query) -> Prob {
    let o = odds::melee_odds(q).unwrap();
    o.defender_out - o.attacker_out
}

fn unit(p: &Prob) -> bool {
    *p >= Prob::zero() && *p <= Prob::one()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn shooting_probabilities_are_consistent(q in shoot_query()) {
        let o = odds::shoot_odds(&q).unwrap();
        let sum = o.hits_distribution.iter().fold(Prob::zero(), |a, x| a + *x);
        prop_assert_eq!(sum, Prob::one());
        prop_assert!(o.hit.iter().all(unit));
        prop_assert!(unit(&o.out_of_action) && unit(&o.fail_save));
        let expected = o.hits_distribution.iter().enumerate()
            .fold(Prob::zero(), |a, (k, x)| a + *x * Prob::from_integer(k as i128));
        prop_assert_eq!(expected, o.expected_hits);
        // The target can only go down to hits (or a master shot).
        prop_assert!(o.out_of_action <= Prob::one() - o.hits_distribution[0] + o.master_shot);
    }

    #[test]
    fn more_accuracy_never_lowers_hit_chance(q in shoot_query()) {
        let base = odds::shoot_odds(&q).unwrap();
        let mut better = q.clone();
        better.attacker.accuracy += 1;
        let up = odds::shoot_odds(&better).unwrap();
        prop_assert!(up.expected_hits >= base.expected_hits);
        prop_assert!(up.out_of_action >= base.out_of_action);
        if !q.attacker.reroll {
            for (a, b) in base.hit.iter().zip(&up.hit) {
                prop_assert!(b >= a);
            }
        }
    }

    #[test]
    fn more_resilience_never_raises_out_of_action(q in shoot_query(), m in melee_query()) {
        let mut tougher = q.clone();
        tougher.defender.resilience += 1;
        prop_assert!(odds::shoot_odds(&tougher).unwrap().out_of_action <= odds::shoot_odds(&q).unwrap().out_of_action);
        let mut tm = m.clone();
        tm.defender.resilience += 1;
        prop_assert!(odds::melee_odds(&tm).unwrap().defender_out <= odds::melee_odds(&m).unwrap().defender_out);
    }

    #[test]
    fn melee_outcomes_sum_to_one_and_fight_helps(m in melee_query()) {
        let o = odds::melee_odds(&m).unwrap();
        prop_assert_eq!(o.attacker_hits + o.defender_hits + o.tie, Prob::one());
        prop_assert!(o.defender_out <= o.attacker_hits && o.attacker_out <= o.defender_hits);
        let mut stronger = m.clone();
        stronger.attacker.fight += 1;
        let s = odds::melee_odds(&stronger).unwrap();
        prop_assert!(s.attacker_hits >= o.attacker_hits);
    }

    #[test]
    fn melee_with_forced_rerolls_is_consistent(m in forced_melee_query()) {
        let o = odds::melee_odds(&m).unwrap();
        prop_assert_eq!(o.attacker_hits + o.defender_hits + o.tie, Prob::one());
        prop_assert!(unit(&o.attacker_hits) && unit(&o.defender_hits) && unit(&o.tie));
        prop_assert!(o.defender_out <= o.attacker_hits && o.attacker_out <= o.defender_hits);
    }

    #[test]
    fn shooting_with_forced_rerolls_is_consistent(q in forced_shoot_query()) {
        let o = odds::shoot_odds(&q).unwrap();
        let sum = o.hits_distribution.iter().fold(Prob::zero(), |a, x| a + *x);
        prop_assert_eq!(sum, Prob::one());
        prop_assert!(o.hit.iter().all(unit) && unit(&o.out_of_action) && unit(&o.master_shot));
        let expected = o.hits_distribution.iter().enumerate()
            .fold(Prob::zero(), |a, (k, x)| a + *x * Prob::from_integer(k as i128));
        prop_assert_eq!(expected, o.expected_hits);
    }

    /// A forced reroll is an option of its user: it never helps the side it
    /// is forced on, and an own reroll never hurts its roller (R44).
    #[test]
    fn forced_rerolls_never_help_their_victim(q in forced_shoot_query(), m in forced_melee_query()) {
        let out = |q: &Query| odds::shoot_odds(q).unwrap().out_of_action;
        prop_assert!(out(&with(&q, false, Skill::MatrixError)) <= out(&without(&q, false, Skill::MatrixError)));
        prop_assert!(out(&with(&q, true, Skill::MatrixError)) >= out(&without(&q, true, Skill::MatrixError)));
        let ally = |q: &Query, attacker: bool, on: bool| {
            let mut q = q.clone();
            if attacker { q.attacker.ally_matrix = on } else { q.defender.ally_matrix = on }
            q
        };
        prop_assert!(melee_value(&ally(&m, false, true)) <= melee_value(&ally(&m, false, false)));
        prop_assert!(melee_value(&with(&m, false, Skill::DirtyTricks)) <= melee_value(&without(&m, false, Skill::DirtyTricks)));
        prop_assert!(melee_value(&ally(&m, true, true)) >= melee_value(&ally(&m, true, false)));
        // A friend's Błąd matrycy works as the fighter's own would in a
        // shot (R20): the same odds when the range lets the own one work.
        let mut own = without(&without(&q, true, Skill::MatrixError), false, Skill::MatrixError);
        own.situation.range = own.situation.range.map(|r| r.min(odds::MATRIX_RANGE));
        let mut by_friend = own.clone();
        by_friend.attacker.ally_matrix = true;
        by_friend.defender.ally_matrix = true;
        let both = with(&with(&own, true, Skill::MatrixError), false, Skill::MatrixError);
        if let (Ok(a), Ok(b)) = (odds::shoot_odds(&both), odds::shoot_odds(&by_friend)) {
            prop_assert_eq!(a.out_of_action, b.out_of_action);
        }
        let mut ar = m.clone();
        ar.attacker.reroll = true;
        let mut an = m.clone();
        an.attacker.reroll = false;
        prop_assert!(melee_value(&ar) >= melee_value(&an));
        let mut dr = m.clone();
        dr.defender.reroll = true;
        let mut dn = m.clone();
        dn.defender.reroll = false;
        prop_assert!(melee_value(&dr) <= melee_value(&dn));
    }

    /// The captain's reroll held for its tests (B9, R67) is an option of
    /// its own: it never raises the chance its captain is taken out of
    /// action by a volley, nor hurts its side's objective in an exchange.
    #[test]
    fn the_captains_test_reroll_never_hurts_its_captain(q in forced_shoot_query(), m in forced_melee_query(), adr: bool) {
        let out = |q: &Query| odds::shoot_odds(q).unwrap().out_of_action;
        let q = if adr { with(&q, false, Skill::Adrenaline) } else { q };
        let mut held = q.clone();
        held.defender.save_reroll = true;
        prop_assert!(out(&held) <= out(&q));
        let fine = with(&q, false, Skill::ImFine);
        let mut both = fine.clone();
        both.defender.save_reroll = true;
        prop_assert!(out(&both) <= out(&fine));
        let mut dm = m.clone();
        dm.defender.save_reroll = true;
        prop_assert!(melee_value(&dm) <= melee_value(&m));
        let mut am = m.clone();
        am.attacker.save_reroll = true;
        prop_assert!(melee_value(&am) >= melee_value(&m));
    }

    #[test]
    fn played_forced_actions_are_reproducible(q in forced_shoot_query(), m in forced_melee_query(), seed: u64) {
        for query in [&q, &m] {
            let a = play::play(query, &mut RngDice::new(ChaCha8Rng::seed_from_u64(seed))).unwrap();
            let b = play::play(query, &mut RngDice::new(ChaCha8Rng::seed_from_u64(seed))).unwrap();
            prop_assert_eq!(&a, &b);
            prop_assert!(!(a.attacker_out && a.defender_out));
        }
    }

    #[test]
    fn played_actions_are_reproducible(q in shoot_query(), m in melee_query(), seed: u64) {
        for query in [&q, &m] {
            let a = play::play(query, &mut RngDice::new(ChaCha8Rng::seed_from_u64(seed))).unwrap();
            let b = play::play(query, &mut RngDice::new(ChaCha8Rng::seed_from_u64(seed))).unwrap();
            prop_assert_eq!(&a, &b);
            prop_assert!(!(a.attacker_out && a.defender_out));
        }
    }
}

#[test]
fn typed_dice_play_a_volley() {
    // Rifle at 10": needs < 7, < 6, < 5. Dice: 3+3 hit, save 6+5 fails (O6).
    let q: Query = toml::from_str(
        "kind='shoot'\n[attacker]\nweapon='assault_rifle'\n[defender]\narmour='light_armour'\n[situation]\nrange=10",
    )
    .unwrap();
    let mut dice = TypedDice::new(&[3, 3, 6, 5]).unwrap();
    let r = play::play(&q, &mut dice).unwrap();
    assert!(r.defender_out);
    assert_eq!(dice.used(), 4);
    // A miss then two misses: 6+6, 5+5, 4+4.
    let mut dice = TypedDice::new(&[6, 6, 5, 5, 4, 4]).unwrap();
    let r = play::play(&q, &mut dice).unwrap();
    assert!(!r.defender_out);
    // Too few dice is an error, not a guess.
    let mut dice = TypedDice::new(&[1]).unwrap();
    assert!(play::play(&q, &mut dice).is_err());
}

#[test]
fn typed_dice_play_melee_with_tie() {
    let q: Query = toml::from_str("kind='melee'").unwrap();
    let mut dice = TypedDice::new(&[3, 4, 5, 2]).unwrap();
    let r = play::play(&q, &mut dice).unwrap();
    assert!(!r.attacker_out && !r.defender_out);
    assert_eq!(dice.used(), 4);
}

/// Dice from a fixed prefix, then ones (to finish the tests after a fight).
struct Prefix {
    dice: Vec<u8>,
    next: usize,
}

impl DiceSource for Prefix {
    fn d6(&mut self) -> Result<u8, DiceError> {
        let v = self.dice.get(self.next).copied().unwrap_or(1);
        self.next += 1;
        Ok(v)
    }
}

/// How many dice the Fight roll took, rerolls and forced rerolls included.
fn fight_dice(r: &Report) -> (usize, i32) {
    match &r.events[0] {
        Event::Fight {
            attacker,
            attacker_forced,
            defender,
            defender_forced,
            winner,
            ..
        } => {
            let forced = |f: &Option<play::Forced>| {
                f.as_ref().map_or(0, |f| match f.roll.reroll {
                    Some(_) => 1,
                    None => f.roll.rolled.len(),
                })
            };
            let n = attacker.rolled.len()
                + defender.rolled.len()
                + usize::from(attacker.reroll.is_some())
                + usize::from(defender.reroll.is_some())
                + forced(attacker_forced)
                + forced(defender_forced);
            (n, *winner)
        }
        e => panic!("not a fight: {e:?}"),
    }
}

/// Play a melee exchange with every possible sequence of Fight dice (the
/// tests get ones) and add up the exact chance of each winner.
fn played_fight_chances(q: &Query) -> [Prob; 3] {
    let game = odds::MeleeGame::new(&odds::melee_plan(q).unwrap());
    let mut out = [Prob::zero(); 3];
    let mut stack = vec![Vec::new()];
    while let Some(prefix) = stack.pop() {
        let mut src = Prefix {
            dice: prefix.clone(),
            next: 0,
        };
        let r = play::play_melee_game(&game, &mut src).unwrap();
        let (n, winner) = fight_dice(&r);
        if n > prefix.len() {
            for v in 1..=6 {
                let mut p = prefix.clone();
                p.push(v);
                stack.push(p);
            }
            continue;
        }
        out[(1 - winner) as usize] += Prob::new(1, 6i128.pow(prefix.len() as u32));
    }
    out
}

/// `mortalis roll` and `mortalis odds` make the same decisions: the exact
/// chances of the played exchange equal the odds (the old "reroll when not
/// ahead" rule gives other numbers, see `play::tests`).
#[test]
fn played_fights_follow_the_odds_policy() {
    for text in [
        "kind='melee'\n[attacker]\nweapon='hand_weapon'\nreroll=true\nskills=['critical_hit']\n[defender]\nweapon='two_handed_weapon'\narmour='light_armour'\nreroll=true",
        "kind='melee'\n[attacker]\nweapon='hand_weapon'\nreroll=true\nskills=['critical_hit']\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nskills=['dirty_tricks']\n[situation]\ncharged=true",
        "kind='melee'\n[attacker]\nweapon='hand_weapon'\nskills=['matrix_error']\n[defender]\nfight=1\nweapon='hand_weapon'\narmour='powered_armour'\nskills=['matrix_error','dirty_tricks']\n[situation]\ncharged=true",
    ] {
        let q: Query = toml::from_str(text).unwrap();
        let o = odds::melee_odds(&q).unwrap();
        let [a, t, d] = played_fight_chances(&q);
        assert_eq!(
            (a, t, d),
            (o.attacker_hits, o.tie, o.defender_hits),
            "{text}"
        );
    }
}

/// Every die of a single shot enumerated: the played chance to take the
/// target out equals the odds (own reroll, both Matrix errors, "I'm fine!",
/// Master shot).
#[test]
fn played_shots_follow_the_odds_policy() {
    for text in [
        "kind='shoot'\n[attacker]\naccuracy=8\nweapon='sniper_rifle'\nreroll=true\nskills=['master_shot','matrix_error']\n[defender]\narmour='light_armour'\nskills=['matrix_error']\n[situation]\nrange=9",
        "kind='shoot'\n[attacker]\nweapon='flamer'\nskills=['matrix_error']\n[defender]\narmour='light_armour'\nskills=['im_fine']\n[situation]\nrange=6",
        // heroic plays, Adrenaline and Dispel on one shot (R55, R58)
        "kind='shoot'\n[attacker]\naccuracy=9\nweapon='sniper_rifle'\n[defender]\narmour='light_armour'\nskills=['im_fine','what_you_gonna_do','adrenaline']\n[situation]\nrange=6",
        "kind='shoot'\n[attacker]\nweapon='flamer'\nskills=['dispel']\n[defender]\nskills=['adrenaline','woohoo']\n[situation]\nrange=6",
        "kind='shoot'\n[attacker]\ntrick='short_circuit'\n[defender]\nskills=['dispel','protective_shield']\n[situation]\nrange=8",
        // the captain's reroll held for the tests, with "I'm fine!" (R67)
        "kind='shoot'\n[attacker]\nweapon='flamer'\nskills=['matrix_error']\n[defender]\nsave_reroll=true\nskills=['im_fine']\n[situation]\nrange=6",
        "kind='shoot'\n[attacker]\nweapon='flamer'\n[defender]\nsave_reroll=true\n[situation]\nrange=6",
    ] {
        let q: Query = toml::from_str(text).unwrap();
        let plan = odds::shoot_plan(&q).unwrap();
        let (o, pol) = odds::shoot_odds_plan(&plan);
        let mut out = Prob::zero();
        let mut stack: Vec<Vec<i64>> = vec![Vec::new()];
        while let Some(prefix) = stack.pop() {
            let mut src = TypedDice::new(&prefix).unwrap();
            match play::play_shoot_plan(&plan, &pol, &mut src) {
                Ok(r) => {
                    if r.defender_out {
                        out += Prob::new(1, 6i128.pow(prefix.len() as u32));
                    }
                }
                Err(PlayError::Dice(DiceError::Exhausted(_))) => {
                    for v in 1..=6 {
                        let mut p = prefix.clone();
                        p.push(v);
                        stack.push(p);
                    }
                }
                Err(e) => panic!("{e}"),
            }
        }
        assert_eq!(out, o.out_of_action, "{text}");
    }
}
