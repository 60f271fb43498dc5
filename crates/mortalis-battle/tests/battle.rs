//! Whole battles: AI against AI and against a random legal policy, replays,
//! and the properties of issue #15 (every battle ends, no model acts twice
//! in a round, bases never overlap, replays are identical).

use mortalis_battle::battle::Scenario;
use mortalis_battle::battle::ai::Ai;
use mortalis_battle::battle::side_from_warband;
use mortalis_battle::battle::{
    Battle, Choice, Decider, Entry, Event, Fighter, Players, RandomPolicy, Scripted, Shared,
    house_rounds,
};
use mortalis_battle::file::parse;
use mortalis_battle::generate;
use mortalis_battle::table::{Level, Place};
use mortalis_rules::dice::{RngDice, TypedDice};
use mortalis_rules::warband::WarbandFile;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

pub fn fighters(text: &str, side: usize) -> (String, u32, Vec<Fighter>) {
    let file: WarbandFile = toml::from_str(text).unwrap();
    side_from_warband(&file, side).unwrap()
}

pub fn new_battle() -> Battle {
    let table = parse(include_str!("data/open.toml")).unwrap();
    let (na, sa, mut a) = fighters(include_str!("data/alfa.toml"), 0);
    let (nb, sb, b) = fighters(include_str!("data/beta.toml"), 1);
    a.extend(b);
    Battle::new(table, [na, nb], [sa, sb], a, 0).with_house_rounds()
}

fn run(b: &mut Battle, d0: &mut dyn Decider, d1: &mut dyn Decider, seed: u64) {
    let mut dice = RngDice::new(ChaCha8Rng::seed_from_u64(seed));
    b.play(&mut Players {
        deciders: [d0, d1],
        dice: &mut dice,
    })
    .unwrap();
}

fn decisions(b: &Battle) -> [Vec<usize>; 2] {
    let mut out = [vec![], vec![]];
    for e in &b.log {
        if let Entry::Decision { side, index, .. } = e {
            out[*side].push(*index);
        }
    }
    out
}

/// Plays `fresh` again with the decisions and dice of `b`'s log.
fn replay(b: &Battle, mut fresh: Battle) -> Battle {
    let [d0, d1] = decisions(b);
    let mut dice =
        TypedDice::new(&b.dice.iter().map(|&d| i64::from(d)).collect::<Vec<_>>()).unwrap();
    fresh
        .play(&mut Players {
            deciders: [&mut Scripted::new(d0), &mut Scripted::new(d1)],
            dice: &mut dice,
        })
        .unwrap();
    fresh
}

/// Checks the log: one activation per model per round, every model
/// deployed or moved to a place where the terrain lets its base stand (not
/// inside a wall, a block or impassable ground, nor off the table), no two
/// bases on one level overlapping after any move (the levels they stand on
/// then, not at the end), and an end.
fn check_log(b: &Battle) {
    let mut pos: Vec<Option<(f64, f64, f64, Level)>> = b.models.iter().map(|_| None).collect();
    let at = |m: usize, p: &Place| {
        let r = b.models[m].body.radius();
        if let Err(e) = b.table.can_stand(*p, r) {
            panic!("model {m} stands at {p:?}, where its base cannot: {e}");
        }
        Some((p.x, p.y, r, p.level))
    };
    let mut acted: Vec<usize> = vec![];
    for e in &b.log {
        match e {
            Entry::Decision {
                choice: Choice::Deploy { model, at: at_ },
                ..
            } => pos[*model] = at(*model, at_),
            Entry::Decision {
                choice: Choice::Activate { model },
                ..
            } => {
                assert!(
                    !acted.contains(model),
                    "model {model} acts twice in a round"
                );
                acted.push(*model);
            }
            Entry::Event(Event::Round { .. }) => acted.clear(),
            Entry::Event(
                Event::Moved { model, to, .. }
                | Event::Flew { model, to, .. }
                | Event::Pushed { model, to, .. },
            ) => {
                pos[*model] = at(*model, to);
                for (i, p) in pos.iter().enumerate() {
                    if let (Some(a), Some(q)) = (pos[*model], p)
                        && i != *model
                        && a.3 == q.3
                    {
                        assert!(
                            (a.0 - q.0).hypot(a.1 - q.1) >= a.2 + q.2 - 1e-6,
                            "{model} overlaps {i}"
                        );
                    }
                }
            }
            Entry::Event(Event::Removed { model, .. } | Event::Left { model, .. }) => {
                pos[*model] = None
            }
            _ => {}
        }
    }
    assert!(b.end.is_some(), "the battle did not end");
    assert!(b.round <= house_rounds(b.table.size) + 1);
}

#[test]
fn ai_battles_end_and_replay_identically() {
    for seed in 0..3 {
        let mut b = new_battle();
        run(&mut b, &mut Ai, &mut Ai, seed);
        check_log(&b);
        let again = replay(&b, new_battle());
        assert_eq!(again.log, b.log, "seed {seed}: the replay differs");
        assert_eq!(again.end, b.end);
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4))]

    /// Random legal play from any seed: the battle ends (house limit, Q22),
    /// no model acts twice in a round, no bases overlap, and the log replays.
    #[test]
    fn random_battles_end_and_replay(seed in 0u64..1_000_000) {
        let mut b = new_battle();
        run(&mut b, &mut RandomPolicy::new(seed), &mut RandomPolicy::new(seed ^ 0x5eed), seed);
        check_log(&b);
        let [d0, d1] = decisions(&b);
        let mut again = new_battle();
        let mut dice = TypedDice::new(&b.dice.iter().map(|&d| i64::from(d)).collect::<Vec<_>>()).unwrap();
        again
            .play(&mut Players { deciders: [&mut Scripted::new(d0), &mut Scripted::new(d1)], dice: &mut dice })
            .unwrap();
        proptest::prop_assert_eq!(&again.log, &b.log);
    }
}

/// The AI against the uniformly random legal policy in `scenario` on the
/// small test table, seeds `0..seeds` × both sides: (wins, draws, losses).
/// `examples/ai_strength.rs` measures 200 battles a scenario (README,
/// docs/mortalis/ai.md); these fixed-seed tests only pin what the AI holds
/// on the first seeds, cheaply.
fn against_random(scenario: Scenario, seeds: u64) -> (u32, u32, u32) {
    let (mut w, mut d, mut l) = (0, 0, 0);
    for seed in 0..seeds {
        for ai_side in [0, 1] {
            let mut b = scenario_battle(scenario, seed);
            let (mut ai, mut rnd) = (Ai, RandomPolicy::new(seed));
            if ai_side == 0 {
                run(&mut b, &mut ai, &mut rnd, seed);
            } else {
                run(&mut b, &mut rnd, &mut ai, seed);
            }
            match b.end.unwrap().2 {
                Some(s) if s == ai_side => w += 1,
                None => d += 1,
                Some(_) => l += 1,
            }
        }
    }
    (w, d, l)
}

/// Jatka: gather the markers and carry them off.
#[test]
fn ai_beats_a_random_policy_in_jatka() {
    let (w, d, l) = against_random(Scenario::Massacre, 10);
    assert!(w >= WINS[0], "Jatka: {w} won, {d} drawn, {l} lost of 20");
}

/// Barykady (the Attacker must reach the Defender's corner and carry the
/// markers off; the Defender only wins by wiping the Attacker out).
#[test]
fn ai_beats_a_random_policy_in_barykady() {
    let (w, d, l) = against_random(Scenario::Barricades, 10);
    assert!(w >= WINS[1], "Barykady: {w} won, {d} drawn, {l} lost of 20");
}

/// Otoczeni (with its centre cleared).
#[test]
fn ai_beats_a_random_policy_in_otoczeni() {
    let (w, d, l) = against_random(Scenario::Surrounded, 10);
    assert!(w >= WINS[2], "Otoczeni: {w} won, {d} drawn, {l} lost of 20");
}

/// Przechwycenie (with its centre cleared for the object).
#[test]
fn ai_beats_a_random_policy_in_przechwycenie() {
    let (w, d, l) = against_random(Scenario::Interception, 10);
    assert!(
        w >= WINS[3],
        "Przechwycenie: {w} won, {d} drawn, {l} lost of 20"
    );
}

/// Duma on its field: the AI crosses the field (models in contact with a
/// block move again) and never ends the battle by taking out the last
/// enemy while not ahead (B170), so it never loses.
#[test]
fn ai_crosses_the_duma_field() {
    let (w, d, l) = against_random(Scenario::Pride, 12);
    assert_eq!(l, 0, "the AI lost {l} Duma battles");
    assert!(w >= WINS[4], "Duma: {w} won, {d} drawn, {l} lost of 24");
}

/// What each scenario's test asks: Jatka, Barykady, Otoczeni and
/// Przechwycenie of 20 battles, Duma of 24 — one below what the AI wins on
/// these seeds (session 29: 20, 18, 18, 19, 21 once a slide is judged
/// exactly where it cuts a grown block's square corner — ruling "Passing a
/// corner", docs/mortalis/battle.md; both sides move more freely, and
/// Barykady loses two here but wins 354 of 400 on dense 36" tables with
/// full warbands against 346 before; session 25,
/// docs/mortalis/ai.md: 20, 20, 14, 18, 21 with
/// the melee danger not netted against the charger's risk and an engaged
/// model's own fall weighed at 1.4 — Otoczeni 14 here, but 919 won of
/// 1,000 on this table against 908 before, and 92.8% against 91.8% on
/// dense 28" tables; session 23:
/// 20, 20, 18, 18, 18 with
/// a Move back from the nearest enemy offered — random play takes it too,
/// so the battles differ; over 1,000 battles a scenario the AI wins as
/// often or more; session 18: 19, 19, 20, 17, 20 with
/// the house limit of the table's size, 20 rounds here, and no ground
/// towards the edge for a Move that ends engaged — Duma 20 here (21 or
/// more before it),
/// within noise: 834 → 861 won of 1,000 on this field; session 17:
/// 19, 18, 19, 17, 22 with
/// the walking grid closed where no Move goes, the Move walking the way
/// its reach found and the climb where a model stands searched with both
/// Moves open — Barykady 268 won of 300 on this table against 269 before;
/// session 16: 20, 19, 19, 16, 20 with
/// the walking way only towards the nearest far enemy; 19, 16, 19, 16, 20
/// with the corner or edge the markers lie towards — Przechwycenie 18 → 16
/// here, 433 → 429 won of 500 on this table, within noise; 19, 16, 19,
/// 18, 20 with one marker a model — Barykady loses two here, but over 500 battles a
/// scenario on this table the five come out level, 2,215 won against
/// 2,209, and on dense generated tables better; session 15's weights:
/// 19, 18, 17, 17, 20 with exposure at half a model's worth and the lighter marker
/// pull, 88.4% over 2,500 battles; 16, 16, 17, 17, 20 with shots at 2.5
/// times the target's worth, 86.4%; 18, 17, 12, 16, 20 with the lighter
/// credit for the shot a Move leads to, 82.0% against 78.0%; Duma 20
/// with the faster run for the edge; Duma 19 since session 14's ruling
/// "Standing by a corner"
/// freed models trapped by a block's corner on its field: 157 won of 200
/// against 159 before, the same strength; 16, 13, 11, 19, 21 since the
/// captain's reroll on its own
/// Resilience tests, R67: random play now meets that question too, and
/// its answers shift the random stream, so the battles differ — with the
/// AI never holding the reroll for its tests the same seeds give 16, 14,
/// 10, 19, 21, so the AI's answer is not what moved them; 16, 15, 12, 15,
/// 21 since session 10's rules and AI changes — the knife, the captain's
/// reroll in defence and a third model's Błąd matrycy add questions; 15,
/// 15, 10, 17, 18 in session 9, when the walking-distance grid began to
/// keep a base's clearance — over 300 to 600 battles a scenario the
/// figures stay within a few points, docs/mortalis/ai.md). Small samples:
/// they pin that the AI plays far better than random play, not its exact
/// strength.
const WINS: [u32; 5] = [19, 17, 17, 18, 20];

/// The test warbands in a scenario on the small test table (Otoczeni and
/// Przechwycenie with its centre cleared, Duma on its own field).
fn scenario_battle(scenario: Scenario, seed: u64) -> Battle {
    let open = parse(include_str!("data/open.toml")).unwrap();
    let table = match scenario {
        Scenario::Pride => generate::pride_field(seed),
        Scenario::Surrounded => generate::clear_centre(open, generate::CENTRE_CLEAR, true),
        Scenario::Interception => generate::clear_centre(open, generate::CENTRE_CLEAR, false),
        _ => open,
    };
    let mut b = new_battle().with_scenario(scenario);
    b.table = table;
    b
}

const SCENARIOS: [Scenario; 5] = [
    Scenario::Massacre,
    Scenario::Barricades,
    Scenario::Surrounded,
    Scenario::Interception,
    Scenario::Pride,
];

/// Every scenario, AI against a random policy from either side: the
/// battle ends, nobody acts twice in a round, bases never overlap, and the
/// log replays to the same end.
#[test]
fn every_scenario_ends_and_replays() {
    for (k, scenario) in SCENARIOS.into_iter().enumerate() {
        let seed = k as u64;
        let mut b = scenario_battle(scenario, seed);
        let mut rnd = RandomPolicy::new(seed);
        if k % 2 == 0 {
            run(&mut b, &mut Ai, &mut rnd, seed);
        } else {
            run(&mut b, &mut rnd, &mut Ai, seed);
        }
        check_log(&b);
        let again = replay(&b, scenario_battle(scenario, seed));
        assert_eq!(again.log, b.log, "{scenario:?}: the replay differs");
        let report = b.report(0).unwrap();
        assert_eq!(report.scenario, scenario);
    }
}

/// A random legal policy that checks, at every question, that no option
/// is offered twice (a duplicate weighs a choice double for random play).
struct NoTwice(RandomPolicy, usize);

impl Decider for NoTwice {
    fn choose(
        &mut self,
        b: &Battle,
        q: &mortalis_battle::battle::Question,
    ) -> Result<usize, String> {
        for (i, o) in q.options.iter().enumerate() {
            assert!(
                !q.options[..i].contains(o),
                "{:?} offered twice in round {}: {o:?}",
                q.about,
                b.round
            );
        }
        self.1 += 1;
        self.0.choose(b, q)
    }
}

/// Every scenario, random play on both sides and AI against random play:
/// no question offers the same option twice (until session 22 a Move to a
/// way off that could not get the base across was offered twice).
#[test]
fn no_option_is_offered_twice() {
    for (k, scenario) in SCENARIOS.into_iter().enumerate() {
        for seed in (0..8).map(|s| s * 5 + k as u64) {
            let mut b = scenario_battle(scenario, seed);
            let (mut d0, mut d1) = (
                NoTwice(RandomPolicy::new(seed), 0),
                NoTwice(RandomPolicy::new(seed ^ 0x5eed), 0),
            );
            run(&mut b, &mut d0, &mut d1, seed);
            assert!(d0.1 > 20 && d1.1 > 20, "{scenario:?}: too few questions");
        }
    }
}

/// Plays `b` with `seed` on what `shared` holds (`Battle::play_sharing`).
fn run_sharing(b: &mut Battle, shared: &Shared, seed: u64) {
    let mut dice = RngDice::new(ChaCha8Rng::seed_from_u64(seed));
    let deciders: [&mut dyn Decider; 2] = [&mut Ai, &mut Ai];
    b.play_sharing(
        &mut Players {
            deciders,
            dice: &mut dice,
        },
        shared,
    )
    .unwrap();
}

/// Battles on one table may share its navigation and what they found out
/// about it (`Battle::play_sharing`, as `simulate` does): the same battle
/// as on its own, whatever other battles asked before; navigation built on
/// another table, or missing a mover, is not used.
#[test]
fn shared_navigation_plays_the_same_battle() {
    for (k, scenario) in SCENARIOS.into_iter().enumerate() {
        let seed = 40 + k as u64;
        let mut own = scenario_battle(scenario, seed);
        run(&mut own, &mut Ai, &mut Ai, seed);
        let table = own.table.clone();
        let shared = Shared::new(&table, &own.models);
        assert!(own.shares(&shared), "{scenario:?}");
        let other = generate::generate(seed, 30.0);
        assert!(!own.shares(&Shared::new(&other, &own.models)));
        assert!(!own.shares(&Shared::new(&table, &[])));
        // Another battle first, then this one, then this one again: each
        // reads what the battles before it kept.
        let mut before = scenario_battle(scenario, seed + 100);
        run_sharing(&mut before, &shared, seed + 100);
        for _ in 0..2 {
            let mut again = scenario_battle(scenario, seed);
            run_sharing(&mut again, &shared, seed);
            assert_eq!(again.log, own.log, "{scenario:?}");
        }
    }
}

/// Battles played at once on two threads, sharing one table's navigation
/// and memory, play as each does on its own.
#[test]
fn battles_on_two_threads_share_a_table_and_play_as_alone() {
    let seeds = [7_u64, 8, 9, 10];
    let alone: Vec<Battle> = seeds
        .iter()
        .map(|&seed| {
            let mut b = scenario_battle(Scenario::Massacre, seed);
            run(&mut b, &mut Ai, &mut Ai, seed);
            b
        })
        .collect();
    let table = alone[0].table.clone();
    let shared = Shared::new(&table, &alone[0].models);
    let together: Vec<Battle> = std::thread::scope(|s| {
        let halves: Vec<_> = seeds
            .chunks(2)
            .map(|half| {
                let shared = &shared;
                s.spawn(move || {
                    half.iter()
                        .map(|&seed| {
                            let mut b = scenario_battle(Scenario::Massacre, seed);
                            run_sharing(&mut b, shared, seed);
                            b
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        halves.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    for ((seed, a), t) in seeds.iter().zip(&alone).zip(&together) {
        assert_eq!(a.log, t.log, "seed {seed}");
    }
}

/// Warbands that use the gear, skills and tricks of their own (jetpack,
/// two pistols, heavy rifle, Spięcie, ...) on the small test table.
fn gear_battle(seed: u64) -> Battle {
    let table = parse(include_str!("data/open.toml")).unwrap();
    let (na, sa, mut a) = fighters(include_str!("data/gear.toml"), 0);
    let other = [
        include_str!("data/rdza.toml"),
        include_str!("data/tricks.toml"),
        include_str!("data/dispel.toml"),
        include_str!("data/shield.toml"),
        include_str!("data/grenades.toml"),
        include_str!("data/orders.toml"),
        include_str!("data/flamer.toml"),
    ][seed as usize % 7];
    let (nb, sb, b) = fighters(other, 1);
    a.extend(b);
    Battle::new(table, [na, nb], [sa, sb], a, 0).with_house_rounds()
}

/// The gear warbands, AI against random play from either side and AI
/// against AI: every battle ends, nobody acts twice in a round, bases never
/// overlap, and the log replays to the same end.
#[test]
fn gear_battles_end_and_replay() {
    let mut used = (0, 0, 0, 0);
    // Twice round the seven opponents: the two pistols are a close-range
    // weapon, and in 7 battles they may go unused (session 23).
    for seed in 0..14 {
        let mut b = gear_battle(seed);
        let mut rnd = RandomPolicy::new(seed);
        match seed % 4 {
            0 | 3 => run(&mut b, &mut Ai, &mut rnd, seed),
            1 => run(&mut b, &mut rnd, &mut Ai, seed),
            _ => run(&mut b, &mut Ai, &mut Ai, seed),
        }
        check_log(&b);
        let again = replay(&b, gear_battle(seed));
        assert_eq!(again.log, b.log, "seed {seed}: the replay differs");
        for e in &b.log {
            match e {
                Entry::Event(Event::Flew { .. }) => used.0 += 1,
                Entry::Decision {
                    choice: Choice::Pistols { .. },
                    ..
                } => used.1 += 1,
                Entry::Event(Event::Trick { .. }) => used.2 += 1,
                Entry::Event(Event::Thrown { .. }) => used.3 += 1,
                _ => {}
            }
        }
    }
    assert!(
        used.0 > 0 && used.1 > 0 && used.2 > 0 && used.3 > 0,
        "the gear is never used: {used:?}"
    );
}

/// Ruling "Moves in a pocket": on the dense generated table of seed 7, battle
/// seed 1 (Jatka), two models once stood where no Move brought them nearer
/// any goal and were offered only Defensive position and End for the rest
/// of the battle. A model free to Move is now always offered one (unless
/// Zwątpienie, B92, just took its declared Move away, or bases and terrain
/// leave it no room at all: friends queued in a gap).
#[test]
fn a_model_in_a_pocket_is_offered_a_move() {
    use mortalis_battle::battle::{About, Entry, Event, Offensive, Question};
    struct Spy(Ai, Vec<String>);
    impl Decider for Spy {
        fn choose(&mut self, b: &Battle, q: &Question) -> Result<usize, String> {
            if q.about == About::Action
                && let Some(m) = b.active
            {
                let free = !b.models[m].move_slot;
                let moves = q.options.iter().any(|o| matches!(o, Choice::Move { .. }));
                let engaged = q
                    .options
                    .iter()
                    .any(|o| matches!(o, Choice::Attack { .. } | Choice::Withdraw { .. }));
                // Zwątpienie (B92) takes the declared action away, and with
                // it the one Move there was.
                let doubted = matches!(
                    b.log.last(),
                    Some(Entry::Event(Event::Offended {
                        offensive: Offensive::Doubt,
                        model,
                        ..
                    })) if *model == m
                );
                // Bases and terrain all round it leave no room at all: no
                // Move is there to offer.
                let boxed = {
                    let me = &b.models[m];
                    let (at, r) = (me.body.at, me.body.radius());
                    (0..16).all(|k| {
                        let a = std::f64::consts::TAU * f64::from(k) / 16.0;
                        let p = mortalis_battle::table::Place {
                            x: at.x + 0.25 * a.cos(),
                            y: at.y + 0.25 * a.sin(),
                            ..at
                        };
                        b.table.can_stand(p, r).is_err()
                            || b.models.iter().enumerate().any(|(i, o)| {
                                i != m
                                    && o.on_table()
                                    && o.body.at.level == p.level
                                    && (o.body.at.x - p.x).hypot(o.body.at.y - p.y)
                                        < o.body.radius() + r - 1e-6
                            })
                    })
                };
                if free && !moves && !engaged && !doubted && !boxed {
                    self.1
                        .push(format!("round {} {}", b.round, b.models[m].name));
                }
            }
            self.0.choose(b, q)
        }
    }
    let table = generate::generate(7, 36.0);
    let (na, sa, mut a) = fighters(include_str!("data/alfa.toml"), 0);
    let (nb, sb, b) = fighters(include_str!("data/beta.toml"), 1);
    a.extend(b);
    let mut battle = Battle::new(table, [na, nb], [sa, sb], a, 0)
        .with_house_rounds()
        .with_scenario(Scenario::Massacre);
    let mut dice = RngDice::new(ChaCha8Rng::seed_from_u64(1));
    let (mut x, mut y) = (Spy(Ai, vec![]), Spy(Ai, vec![]));
    battle
        .play(&mut Players {
            deciders: [&mut x, &mut y],
            dice: &mut dice,
        })
        .unwrap();
    let stuck: Vec<String> = x.1.into_iter().chain(y.1).collect();
    assert!(stuck.is_empty(), "offered no Move: {stuck:?}");
}
