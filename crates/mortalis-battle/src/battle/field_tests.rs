//! Tests of `field.rs` that reach its private parts.

use super::*;

/// The steps of a search round the bases are the grid's own wherever
/// no base closed a cell they read, and otherwise worked out afresh:
/// every cell's steps are what [`step_row`] gives for the costs with
/// the bases' cells closed.
#[test]
fn steps_round_bases_are_the_closed_grids_own() {
    let table = crate::file::parse(
        "size = 28\n[[piece]]\nkind = \"block\"\nheight = 4\nrect = [4, 4, 3, 1]\n",
    )
    .unwrap();
    let f = Fields::new(&table);
    // Two bases, one against the block and one at the table's edge.
    let jam = f.around_bases(
        &[Place::ground(10.0, 10.0)],
        &[(5.0, 6.0, 0.5), (0.6, 8.0, 0.75)],
    );
    assert!(jam.changed.iter().any(|&c| c));
    assert!(jam.changed.iter().any(|&c| !c));
    for c in 0..f.n * f.n {
        let expected = step_row(f.n, &jam.cost, c);
        let got = f.jam_steps(&jam.cost, &jam.changed, c);
        assert_eq!(
            got.map(f32::to_bits),
            expected.map(f32::to_bits),
            "cell {c}"
        );
    }
}

/// A 28" table with one 4" block, 3" by 1", at (4, 4).
fn one_block() -> Table {
    crate::file::parse("size = 28\n[[piece]]\nkind = \"block\"\nheight = 4\nrect = [4, 4, 3, 1]\n")
        .unwrap()
}

/// A search settles every cell at the distance a plain relaxation of
/// the grid to its end gives (each neighbour found by its column and
/// row, off the table skipped), bit for bit: goals in a corner, on an
/// edge and beside a block, where the search's wrapping offsets land
/// on another row's cells or none.
#[test]
fn a_search_settles_cells_as_a_plain_relaxation_does() {
    let table = crate::file::parse(
        "size = 28\n[[piece]]\nkind = \"block\"\nheight = 4\nrect = [0, 5, 3, 1]\n\
         [[piece]]\nkind = \"block\"\nheight = 2\nrect = [25, 0, 3, 2]\n",
    )
    .unwrap();
    let grid = Fields::new(&table);
    let n = grid.n;
    for goal in [
        Goal::Cell(0),
        Goal::Cell(n * n - 1),
        Goal::Cell(n - 1),
        grid.point(Place::ground(1.5, 6.6)),
        grid.point(Place::ground(26.5, 2.4)),
        Goal::Edge(2),
    ] {
        let starts = grid.starts(&grid.cost, goal);
        let plain = relaxed(n, &starts, |k| grid.steps[k]);
        let mut search = Search::new(n * n, &starts);
        for c in (0..n * n).rev() {
            let d = search.settle(n, c, f32::INFINITY, |k| grid.steps[k]);
            assert_eq!(d.to_bits(), plain[c].to_bits(), "{goal:?}, cell {c}");
        }
    }
}

/// The distances a plain relaxation to its end gives on an `n` by `n`
/// grid from `starts` with steps `steps` (each neighbour found by its
/// column and row, off the table skipped).
fn relaxed(n: usize, starts: &[(usize, f32)], steps: impl Fn(usize) -> [f32; 8]) -> Vec<f32> {
    let mut plain = vec![f32::INFINITY; n * n];
    for &(s, d) in starts {
        plain[s] = plain[s].min(d);
    }
    let mut changed = true;
    while changed {
        changed = false;
        for k in 0..n * n {
            if !plain[k].is_finite() {
                continue;
            }
            let (x, y) = ((k % n) as i64, (k / n) as i64);
            for (s, (dx, dy)) in steps(k).into_iter().zip(DIRS) {
                let (nx, ny) = (x + dx, y + dy);
                if !s.is_finite() || nx < 0 || ny < 0 || nx >= n as i64 || ny >= n as i64 {
                    continue;
                }
                let j = ny as usize * n + nx as usize;
                if plain[k] + s < plain[j] {
                    plain[j] = plain[k] + s;
                    changed = true;
                }
            }
        }
    }
    plain
}

proptest::proptest! {
    /// The search's buckets hold whatever comes: with steps from exactly
    /// a bucket's width (a third of them within 1.6 widths) to far longer
    /// than any grid has (40 buckets) and starts far apart (up to 100
    /// buckets), every cell, read in any order and at any cap, is what a
    /// plain relaxation gives, bit for bit (infinite beyond the cap).
    #[test]
    fn long_steps_and_far_starts_keep_every_distance(
        n in 2usize..9,
        lengths in proptest::collection::vec(
            proptest::prop_oneof![
                proptest::strategy::Just(WIDTH),
                WIDTH..WIDTH * 1.6,
                WIDTH..20.0,
            ],
            64 * 8,
        ),
        closed in proptest::collection::vec(0u8..8, 64 * 8),
        starts in proptest::collection::vec((0usize..64, 0.0f32..50.0), 1..4),
        reads in proptest::collection::vec((0usize..64, 0.0f32..200.0), 1..30),
    ) {
        // A step off the grid is closed, as the grid's own are, and one
        // step in eight besides.
        let steps = |k: usize| -> [f32; 8] {
            let (x, y) = ((k % n) as i64, (k / n) as i64);
            std::array::from_fn(|d| {
                let (nx, ny) = (x + DIRS[d].0, y + DIRS[d].1);
                let off = nx < 0 || ny < 0 || nx >= n as i64 || ny >= n as i64;
                let i = k * 8 + d;
                if off || closed[i] == 0 { f32::INFINITY } else { lengths[i] }
            })
        };
        let starts: Vec<(usize, f32)> = starts.iter().map(|&(s, d)| (s % (n * n), d)).collect();
        let plain = relaxed(n, &starts, steps);
        let mut search = Search::new(n * n, &starts);
        for &(c, cap) in &reads {
            let c = c % (n * n);
            let d = search.settle(n, c, cap, steps);
            let want = if plain[c] <= cap { plain[c] } else { f32::INFINITY };
            proptest::prop_assert_eq!(d.to_bits(), want.to_bits(), "cell {} cap {}", c, cap);
        }
        for (c, want) in plain.iter().enumerate() {
            let d = search.settle(n, c, f32::INFINITY, steps);
            proptest::prop_assert_eq!(d.to_bits(), want.to_bits(), "cell {}", c);
        }
    }
}

/// No step between cells is shorter than a bucket of [`Search`] is
/// wide, on the test tables with difficult ground, gaps and climbs and
/// on generated ones, so a bucket's cells never improve one another.
#[test]
fn no_step_is_shorter_than_a_bucket() {
    let mut tables: Vec<Table> = [
        include_str!("../../tests/data/open.toml"),
        include_str!("../../tests/data/ruin.toml"),
        include_str!("../../tests/data/tower.toml"),
        "size = 28\n[[piece]]\nkind = \"gap\"\nrect = [2, 2, 4, 4]\n\
         [[piece]]\nkind = \"difficult\"\nrect = [10, 10, 4, 4]\n",
    ]
    .iter()
    .map(|t| crate::file::parse(t).unwrap())
    .collect();
    tables.extend([(1, 28.0), (7, 36.0), (3, 48.0)].map(|(s, z)| crate::generate::generate(s, z)));
    for table in &tables {
        let grid = Fields::new(table);
        let shortest = (grid.steps.iter().flatten())
            .filter(|s| s.is_finite())
            .fold(f32::INFINITY, |a, &s| a.min(s));
        assert!(shortest >= WIDTH, "{shortest}");
    }
}

/// Whole-field distances are kept by the field and the place, never
/// answering one for the other.
#[test]
fn whole_field_reads_are_kept_apart_by_field_and_place() {
    let table = one_block();
    let store = FieldStore::default();
    let grid = store.grid(&table);
    let goals = [
        grid.point(Place::ground(10.0, 10.0)),
        grid.point(Place::ground(20.0, 4.0)),
        Goal::Edge(1),
    ];
    let at = [
        Place::ground(3.0, 8.0),
        Place::ground(3.0, 8.25),
        Place::ground(22.0, 20.0),
    ];
    // Each read twice (the second from what the store keeps), against
    // the distance read from a store of its own with nothing kept.
    for _ in 0..2 {
        for &goal in &goals {
            for &p in &at {
                let fresh = FieldStore::default().distance_within(&table, goal, p, f64::INFINITY);
                assert_eq!(store.distance(&table, goal, p).to_bits(), fresh.to_bits());
            }
        }
    }
    // The level does not enter the grid.
    let roof = Place {
        level: crate::table::Level::Roof(0),
        ..at[0]
    };
    assert_eq!(
        store.distance(&table, goals[0], roof).to_bits(),
        store.distance(&table, goals[0], at[0]).to_bits()
    );
}

/// The store keeps a field round the bases by its goals' cells and its
/// bases: asked again with the same, it gives the same field (searched
/// on from where it stopped), whose answers are a fresh search's; with
/// a base moved by a hair, another field.
#[test]
fn fields_round_bases_are_kept_by_their_inputs() {
    let table = one_block();
    let store = FieldStore::default();
    let goals = [Place::ground(10.0, 10.0), Place::ground(20.0, 4.0)];
    let bases = [(5.0, 6.0, 0.5), (9.0, 9.0, 0.5)];
    let first = store.around_bases(&table, &goals, &bases);
    let at = [Place::ground(3.0, 8.0), Place::ground(22.0, 20.0)];
    let read: Vec<f64> = at
        .iter()
        .map(|&p| store.jam_distance(&table, &first, p))
        .collect();
    let again = store.around_bases(&table, &goals, &bases);
    assert!(Arc::ptr_eq(&first, &again));
    // Read in the other order, from the field searched on already.
    for (k, &p) in at.iter().enumerate().rev() {
        let mut fresh = store.grid(&table).around_bases(&goals, &bases);
        let want = store.grid(&table).jam_distance(&mut fresh, p);
        assert_eq!(
            store.jam_distance(&table, &again, p).to_bits(),
            want.to_bits()
        );
        assert_eq!(read[k].to_bits(), want.to_bits());
    }
    let moved = [(5.0, 6.0 + 1e-9, 0.5), (9.0, 9.0, 0.5)];
    assert!(!Arc::ptr_eq(
        &first,
        &store.around_bases(&table, &goals, &moved)
    ));
    assert!(!Arc::ptr_eq(
        &first,
        &store.around_bases(&table, &goals[..1], &bases)
    ));
}
