//! The generator's shortcuts against the plain computations they replace.

use super::*;

/// The lanes as their end points, to compare lists.
fn ends(lanes: &[Strip]) -> Vec<(f64, f64, f64, f64)> {
    lanes
        .iter()
        .map(|s| (s.lane.start.x, s.lane.start.y, s.lane.end.x, s.lane.end.y))
        .collect()
}

/// Every open lane, each strip tested against every tall piece in turn
/// with the plain test (no box first look, no piece tried first).
fn open_lanes_plain(b: &Builder) -> Vec<Strip> {
    let tall = b.tall();
    lane_pairs(b.size)
        .filter(|s| !tall.iter().any(|&(p, bx)| s.closed_by_plain(p, bx)))
        .collect()
}

/// Tables part way to dense: the scattered pieces, and the finished
/// table with some of its tall pieces taken away, for many seeds and sizes.
fn configurations() -> Vec<Builder> {
    let mut out = vec![];
    for seed in 0..12_u64 {
        for size in [28.0, 36.0, 48.0] {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            out.push(scattered(&mut rng, size));
            let every = 2 + (seed % 3) as usize;
            let pieces = generate(seed, size)
                .pieces
                .into_iter()
                .enumerate()
                .filter(|(k, _)| k % every != 0)
                .map(|(_, p)| p)
                .collect();
            out.push(Builder { size, pieces });
        }
    }
    out
}

#[test]
fn open_lanes_match_the_plain_check() {
    let mut lanes = 0;
    for b in configurations() {
        let fast = ends(&b.open_lanes());
        assert_eq!(fast, ends(&open_lanes_plain(&b)), "size {}", b.size);
        lanes += fast.len();
    }
    // The configurations leave lanes open to compare.
    assert!(lanes > 1000, "{lanes}");
}

#[test]
fn closed_by_matches_the_plain_test() {
    let mut closed = 0;
    for b in configurations().iter().step_by(5) {
        let tall = b.tall();
        for s in lane_pairs(b.size).step_by(3) {
            for &(p, bx) in &tall {
                let plain = s.closed_by_plain(p, bx);
                assert_eq!(s.closed_by(p, bx), plain);
                closed += usize::from(plain);
            }
        }
    }
    assert!(closed > 1000, "{closed}");
}

#[test]
fn long_enough_matches_hypot() {
    for size in [28.0, 30.0, 36.0, 41.0, 48.0] {
        let n = ((size - 1.0) / LANE_GRID).floor() as usize;
        let step = (size - 1.0) / n as f64;
        for i in 0..=n {
            for j in 0..=n {
                let (a, b) = ((0.5, 0.5), (0.5 + step * i as f64, 0.5 + step * j as f64));
                let plain = (a.0 - b.0).hypot(a.1 - b.1) >= LANE_CHECKED;
                assert_eq!(long_enough(a, b), plain);
            }
        }
    }
    let near = LANE_CHECKED * (1.0 + 1e-7);
    assert!(long_enough((0.0, 0.0), (near, 0.0)));
    assert!(!long_enough((0.0, 0.0), (LANE_CHECKED - 1e-12, 0.0)));
}
