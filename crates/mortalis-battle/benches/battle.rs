//! Speed of the table and the battle: one sight check and one Move reach
//! on a dense generated 36" table, one whole path across a small table, one
//! whole battle AI against AI on the small test table and on the dense
//! table (on its own, and sharing the table with the battles before it),
//! the same twenty lone battles on the dense table at every iteration (the
//! row read in battles a second), and the generation of one dense table.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mortalis_battle::battle::ai::Ai;
use mortalis_battle::battle::{Battle, Fighter, Players, Shared};
use mortalis_battle::generate::generate;
use mortalis_battle::{Body, Mover, Nav, Place, Table, file::parse};
use mortalis_rules::dice::RngDice;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use std::hint::black_box;

fn fighters(text: &str, side: usize) -> (String, u32, Vec<Fighter>) {
    mortalis_battle::battle::side_from_warband(&toml::from_str(text).unwrap(), side).unwrap()
}

/// How many lone battles one iteration of the fixed row plays.
const FIXED: u64 = 20;

/// The two test warbands, ready to be set on a table.
struct Sides {
    names: [String; 2],
    strengths: [u32; 2],
    models: Vec<Fighter>,
}

impl Sides {
    /// One whole battle AI against AI on `table` with dice seeded by
    /// `seed` (sharing `shared` when given); the rounds it took.
    fn play(&self, table: &Table, shared: Option<&Shared>, seed: u64) -> u32 {
        let mut battle = Battle::new(
            table.clone(),
            self.names.clone(),
            self.strengths,
            self.models.clone(),
            0,
        )
        .with_house_rounds();
        let mut dice = RngDice::new(ChaCha8Rng::seed_from_u64(seed));
        let mut players = Players {
            deciders: [&mut Ai, &mut Ai],
            dice: &mut dice,
        };
        match shared {
            Some(shared) => battle.play_sharing(&mut players, shared),
            None => battle.play(&mut players),
        }
        .unwrap();
        battle.round
    }
}

fn benches(c: &mut Criterion) {
    let dense = generate(7, 36.0);
    let (a, b) = (Place::ground(3.0, 3.0), Place::ground(20.0, 16.0));
    c.bench_function("table/sight dense 36in", |bn| {
        bn.iter(|| black_box(dense.sight(&Body::new(a), &Body::new(b), &[])))
    });
    let nav = Nav::new(&dense, Mover::standard(0.5));
    c.bench_function("table/reach one Move dense 36in", |bn| {
        bn.iter(|| black_box(nav.reach(a, 5.0, &[], &[b]).unwrap()))
    });
    // One whole shortest path corner to corner across the dense table, on
    // the navigation kept (as a battle asks it).
    let standing = |from: f64, step: f64| {
        (0..40)
            .map(|k| from + step * f64::from(k))
            .map(|d| Place::ground(d, d))
            .find(|&p| dense.can_stand(p, 0.5).is_ok())
            .expect("a place to stand on the diagonal")
    };
    let (near, far) = (standing(1.0, 0.5), standing(35.0, -0.5));
    c.bench_function("table/path across dense 36in", |bn| {
        bn.iter(|| black_box(nav.path(near, far, &[]).unwrap()))
    });
    let small = parse(include_str!("../tests/data/open.toml")).unwrap();
    c.bench_function("table/path across small table", |bn| {
        bn.iter(|| {
            black_box(
                small
                    .path(
                        Place::ground(1.0, 1.0),
                        Place::ground(27.0, 27.0),
                        &Mover::standard(0.5),
                        &[],
                    )
                    .unwrap(),
            )
        })
    });
    let (na, sa, mut models) = fighters(include_str!("../tests/data/alfa.toml"), 0);
    let (nb, sb, more) = fighters(include_str!("../tests/data/beta.toml"), 1);
    models.extend(more);
    // Whole battles, a new seed each time: on the small table, and on the
    // dense generated 36" table (the one `simulate` plays by default, built
    // once here; `simulate` also generates one per pair of battles); then
    // on the dense table again, every battle sharing the table's navigation
    // and what the battles before it found out about it (as `simulate
    // --table` plays them): after the first few, the figure of a long run
    // on one table.
    let shared = Shared::new(&dense, &models);
    let sides = Sides {
        names: [na, nb],
        strengths: [sa, sb],
        models,
    };
    for (name, table, shared) in [
        ("battle/jatka AI vs AI small table", &small, None),
        ("battle/jatka AI vs AI dense 36in", &dense, None),
        (
            "battle/jatka AI vs AI dense 36in, one table shared",
            &dense,
            Some(&shared),
        ),
    ] {
        let mut seed = 0;
        c.bench_function(name, |bn| {
            bn.iter(|| {
                seed += 1;
                black_box(sides.play(table, shared, seed))
            })
        });
    }
    // The row the goal is read by, measured on the same battles
    // every time: each iteration plays the lone battles of seeds 1 to
    // `FIXED` on the dense table, and criterion gives battles a second.
    // (The rows above count their seeds on from the warm-up, so a run
    // measures whichever battles its timing reaches, and battles differ in
    // cost by more than most changes; session 38.)
    let mut fixed = c.benchmark_group("battle/jatka AI vs AI dense 36in, the same battles");
    fixed.throughput(Throughput::Elements(FIXED));
    fixed.bench_function(format!("seeds 1-{FIXED}"), |bn| {
        bn.iter(|| {
            for seed in 1..=FIXED {
                black_box(sides.play(&dense, None, seed));
            }
        })
    });
    fixed.finish();
    c.bench_function("table/generate dense 36in", |bn| {
        let mut seed = 0;
        bn.iter(|| {
            seed += 1;
            black_box(generate(seed, 36.0).pieces.len())
        })
    });
}

criterion_group! {
    name = group;
    config = Criterion::default().sample_size(10);
    targets = benches
}
criterion_main!(group);
