//! Map generation against its floor: the cost of only drawing the random numbers that
//! one map needs, from a freshly seeded generator.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sanctum_rules::{GameRng, Generator, Layout, Realm, RealmChoice};

/// Draws a classic Veldt map makes: the half, two towns, the odd town's square, and one
/// draw for each of the 84 - 16 doorsteps - 5 towns = 63 rolled squares.
const VELDT_CLASSIC_DRAWS: u32 = 1 + 2 + 1 + 63;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("mapgen");
    group.throughput(Throughput::Elements(1));
    group.measurement_time(Duration::from_secs(3));
    group.warm_up_time(Duration::from_secs(1));

    let classic = Generator::new(Layout::Classic);
    let symmetric = Generator::new(Layout::Symmetric);
    let veldt = RealmChoice::Realm(Realm::Veldt);

    let mut seed = 0u64;
    group.bench_function("floor: seed + 67 draws", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            let mut rng = GameRng::from_seed(black_box(seed));
            let mut acc = 0u32;
            for _ in 0..VELDT_CLASSIC_DRAWS {
                acc = acc.wrapping_add(rng.below(126));
            }
            acc
        })
    });
    group.bench_function("generate veldt classic", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            classic.generate(veldt, &mut GameRng::from_seed(black_box(seed)))
        })
    });
    group.bench_function("generate random symmetric", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            symmetric.generate(
                RealmChoice::Random,
                &mut GameRng::from_seed(black_box(seed)),
            )
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
