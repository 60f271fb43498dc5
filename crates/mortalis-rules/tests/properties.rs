//! Property tests over generated queries.

use mortalis_rules::dice::{RngDice, TypedDice};
use mortalis_rules::equipment::{Armour, Item, WeaponSlot};
use mortalis_rules::odds::{self, ActionKind, Prob, Query, Side, Situation};
use mortalis_rules::play;
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
