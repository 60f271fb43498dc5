//! The simulator's shortcuts give the answers of the plain computations
//! (docs/mortalis/battle.md, "Speed"): a path searched first within a guess
//! is the whole search's path, and a remembered sight check is the sight
//! check. On generated dense tables and on a hand-made table with a gap (a
//! jump) and rubble (the difficult-ground search).

use mortalis_battle::generate::generate;
use mortalis_battle::sight::SightMemo;
use mortalis_battle::{Body, Kind, Mover, Nav, Piece, Place, Table};
use proptest::prelude::*;

/// A hand-made 30" table with a gap, rubble and a climbable wall.
fn gapped() -> Table {
    Table::new(
        30.0,
        vec![
            Piece::rect(Kind::Gap, 12.0, 4.0, 2.0, 20.0),
            Piece::rect(Kind::Difficult, 5.0, 12.0, 4.0, 4.0),
            Piece::rect(
                Kind::Wall {
                    height: 2.0,
                    climbable: true,
                },
                20.0,
                6.0,
                0.5,
                14.0,
            ),
        ],
    )
    .expect("a valid table")
}

/// Ground places a 1" base can stand on, from fractions of the table.
fn places(table: &Table, picks: &[(f64, f64)]) -> Vec<Place> {
    picks
        .iter()
        .map(|&(x, y)| Place::ground(1.0 + x * (table.size - 2.0), 1.0 + y * (table.size - 2.0)))
        .filter(|&p| table.can_stand(p, 0.5).is_ok())
        .collect()
}

fn check_paths(table: &Table, at: &[Place], guess: f64) -> Result<(), TestCaseError> {
    let nav = Nav::new(table, Mover::standard(0.5));
    let Some((&from, rest)) = at.split_first() else {
        return Ok(());
    };
    let others: Vec<Body> = rest.iter().skip(1).take(2).map(|&p| Body::new(p)).collect();
    for &to in rest.iter().take(1) {
        let clear = others.iter().all(|o| {
            (o.at.x - to.x).hypot(o.at.y - to.y) > 1.0
                && (o.at.x - from.x).hypot(o.at.y - from.y) > 1.0
        });
        if !clear {
            continue;
        }
        let whole = nav.path(from, to, &others).expect("standing places");
        let cut = nav
            .path_within(from, to, &others, guess)
            .expect("standing places");
        prop_assert_eq!(cut, whole);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    /// A path searched within any guess is the path of the whole search.
    #[test]
    fn cut_paths_are_the_whole_paths(
        seed in 0u64..1000,
        guess in 0.5f64..12.0,
        picks in proptest::collection::vec((0.0f64..1.0, 0.0f64..1.0), 4),
    ) {
        let dense = generate(seed, 36.0);
        check_paths(&dense, &places(&dense, &picks), guess)?;
        let gapped = gapped();
        check_paths(&gapped, &places(&gapped, &picks), guess)?;
    }

    /// A sight check answered from the memo is the sight check, asked
    /// again or first.
    #[test]
    fn remembered_sight_is_sight(
        seed in 0u64..1000,
        picks in proptest::collection::vec((0.0f64..1.0, 0.0f64..1.0), 5),
    ) {
        let dense = generate(seed, 36.0);
        let at = places(&dense, &picks);
        let memo = SightMemo::default();
        for (i, &a) in at.iter().enumerate() {
            for (j, &b) in at.iter().enumerate() {
                if i == j {
                    continue;
                }
                let others: Vec<Body> = at
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| k != i && k != j)
                    .map(|(_, &p)| Body::new(p))
                    .collect();
                let (s, t) = (Body::new(a), Body::new(b));
                let plain = dense.sight(&s, &t, &others);
                prop_assert_eq!(dense.sight_with(&memo, &s, &t, &others), plain);
                prop_assert_eq!(dense.sight_with(&memo, &s, &t, &others), plain);
            }
        }
    }
}
