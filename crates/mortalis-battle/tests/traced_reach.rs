//! A reach comes with the way the search found to it
//! (`Nav::reach_by_traced`, session 17): the Move chosen walks that way and
//! the reactions along it are checked on it (docs/mortalis/battle.md, "The
//! way a Move walks"), rather than a second search for the shortest path
//! when the Move resolves.

use mortalis_battle::{Kind, Mover, Nav, Piece, Place, Step, Table};

/// A block 6" wide that cannot be climbed, from (10, 8) to (16, 12), on a
/// 30" table; the mover at (13, 5) below it, the goal at (13, 16) above.
fn wall() -> Table {
    let block = Kind::Block {
        height: 4.0,
        climbable: false,
    };
    Table::new(30.0, vec![Piece::rect(block, 10.0, 8.0, 6.0, 4.0)]).unwrap()
}

#[test]
fn a_reach_round_a_block_comes_with_its_way() {
    let table = wall();
    let nav = Nav::new(&table, Mover::standard(0.5));
    let (from, goal) = (Place::ground(13.0, 5.0), Place::ground(13.0, 16.0));
    // The walking distance round the block, as the AI ranks places.
    let round = |_: usize, at: Place| {
        nav.path(at, goal, &[])
            .unwrap()
            .map_or(f64::INFINITY, |p| p.cost())
    };
    let traced = nav
        .reach_by_traced(from, 8.0, &[], &[goal], &round, None)
        .unwrap();
    let (reach, steps) = traced[0].clone().expect("a Move round the block");
    // It turns a corner of the block (grown by the base): two walks at
    // least, the last ending where the Move ends.
    assert!(steps.len() >= 2, "{steps:?}");
    let ends = |s: &Step| match s {
        Step::Walk { to, .. } | Step::Climb { to, .. } | Step::JumpDown { to, .. } => *to,
    };
    assert_eq!(ends(steps.last().unwrap()), reach.to);
    let first = ends(&steps[0]);
    assert!(
        (first.x - 9.5).abs() < 0.1 || (first.x - 16.5).abs() < 0.1,
        "the first corner: {first:?}"
    );
    // Its walked length is the allowance spent, and no shorter way to the
    // same place exists.
    let mut at = from;
    let mut walked = 0.0;
    for s in &steps {
        let to = ends(s);
        walked += (to.x - at.x).hypot(to.y - at.y);
        at = to;
    }
    assert!(
        (walked - reach.spent).abs() < 1e-6,
        "{walked} against {}",
        reach.spent
    );
    let shortest = nav.path(from, reach.to, &[]).unwrap().unwrap().cost();
    assert!(
        (shortest - reach.spent).abs() < 1e-6,
        "{shortest} against {}",
        reach.spent
    );
    // The same reaches as without the way.
    let plain = nav.reach_by(from, 8.0, &[], &[goal], &round).unwrap();
    assert_eq!(plain[0], Some(reach));
}

/// A goal behind a block, nearer round one end than the other, within the
/// allowance both ways: several places reach it, and the search picks the
/// cheapest. With a floor of the distance (`Floor`, session 21) it picks the
/// same, whichever end is the near one: a place that may reach the goal is
/// never skipped for a dearer arrival found first.
#[test]
fn a_floor_never_skips_a_cheaper_arrival() {
    let block = Kind::Block {
        height: 4.0,
        climbable: false,
    };
    for x in [9.5, 8.5] {
        let table = Table::new(28.0, vec![Piece::rect(block, x, 11.0, 2.0, 1.0)]).unwrap();
        let nav = Nav::new(&table, Mover::standard(0.5));
        let (from, goal) = (Place::ground(10.0, 10.0), Place::ground(10.0, 13.5));
        let straight = |_: usize, at: Place| (at.x - goal.x).hypot(at.y - goal.y);
        for allowance in [5.0, 7.0, 9.0] {
            let plain = nav.reach_by_traced(from, allowance, &[], &[goal], &straight, None);
            let floored =
                nav.reach_by_traced(from, allowance, &[], &[goal], &straight, Some(&straight));
            let (plain, floored) = (plain.unwrap(), floored.unwrap());
            assert!(plain[0].as_ref().is_some_and(|r| r.0.arrived));
            assert_eq!(format!("{plain:?}"), format!("{floored:?}"), "block at {x}");
        }
    }
}
