//! The AI's walking distances (`Battle::walk_to`, the 0.5" grid of
//! `battle/field.rs`) take no way that a Move cannot take (session 17,
//! docs/mortalis/ai.md, "The walking grid and the Moves agree"). Until
//! then the grid let a way run along the table's edge where a base would
//! stand over it, over walls too high to climb in one round and over roofs
//! too narrow to stand on. A model whose grid distance ran along such a
//! way was offered no Move that brought it nearer, and stood still for the
//! rest of the battle.

#[path = "common/duel.rs"]
mod duel;

use duel::alfa_against_beta;
use mortalis_battle::battle::Battle;
use mortalis_battle::file::parse;
use mortalis_battle::table::Place;
use mortalis_battle::{Mover, Nav};
use proptest::prelude::*;

/// A battle on `table` with nobody on it.
fn empty(table: &str) -> Battle {
    alfa_against_beta(parse(table).unwrap(), |_| None)
}

/// The exact length of the shortest path between two places for a
/// standard model, as a Move walks it (`None`: there is none).
fn exact(b: &Battle, from: Place, to: Place) -> Option<f64> {
    let nav = Nav::new(&b.table, Mover::standard(0.5));
    nav.path(from, to, &[]).unwrap().map(|p| p.cost())
}

/// A block that cannot be climbed from 0.8" off the west edge to x 20: the
/// strip between it and the edge is narrower than a base.
#[test]
fn no_way_runs_along_the_table_edge() {
    let b = empty(
        r#"
size = 28
[[piece]]
kind = "block"
height = 4
climbable = false
rect = [0.8, 10, 19.2, 2]
"#,
    );
    let (from, to) = (Place::ground(5.0, 5.0), Place::ground(5.0, 20.0));
    let walk = b.walk_to(to, from);
    // Round the block's east end: about 36"; along the edge it read 19".
    assert!(walk > 30.0, "the grid reads {walk:.1}\"");
    let path = exact(&b, from, to).expect("a way round");
    // The grid's eight directions read a little long, never short.
    assert!(
        walk >= path - 0.5 && walk <= path * 1.12,
        "grid {walk:.1}\", path {path:.1}\""
    );
}

/// A climbable wall 2" high across the table but for the last 3.5" at the
/// east edge: up and down again is 8", more than a standard model's two
/// Moves with the wall's thickness (B31), so the way is round its end; a
/// wall 1.5" high is climbed over.
#[test]
fn a_wall_too_high_to_cross_in_a_round_is_walked_round() {
    let wall = |height: f64| {
        empty(&format!(
            r#"
size = 28
[[piece]]
kind = "wall"
height = {height}
climbable = true
rect = [0, 14, 24.5, 0.5]
"#
        ))
    };
    let (from, to) = (Place::ground(5.0, 10.0), Place::ground(5.0, 18.0));
    let high = wall(2.0).walk_to(to, from);
    assert!(high > 30.0, "over a 2\" wall the grid reads {high:.1}\"");
    let low = wall(1.5).walk_to(to, from);
    assert!(low < 20.0, "over a 1.5\" wall the grid reads {low:.1}\"");
}

/// A climbable block 2" high and 0.8" wide across the table but for the
/// last 3.5": no base stands on its roof, so nobody climbs over it.
#[test]
fn a_roof_too_narrow_to_stand_on_is_no_way_over() {
    let b = empty(
        r#"
size = 28
[[piece]]
kind = "block"
height = 2
climbable = true
rect = [0, 14, 24.5, 0.8]
"#,
    );
    let (from, to) = (Place::ground(5.0, 10.0), Place::ground(5.0, 18.0));
    let walk = b.walk_to(to, from);
    assert!(walk > 30.0, "the grid reads {walk:.1}\"");
}

/// Two climbable blocks 2" high side by side across the whole table, 0.05"
/// apart, with a tall wall along the north face of the west one and along
/// the south face of the east one: the only way north is up the west
/// block, a jump across the gap onto the east one's roof (B32) and down.
/// The grid finds that way as a Move does (a first try at closing it
/// found the Nav takes it).
#[test]
fn a_way_jumps_from_one_roof_to_the_next() {
    let b = empty(
        r#"
size = 28
[[piece]]
kind = "block"
height = 2
climbable = true
rect = [0, 10, 14, 3]
[[piece]]
kind = "block"
height = 2
climbable = true
rect = [14.05, 10, 13.95, 3]
[[piece]]
kind = "wall"
height = 5
climbable = false
rect = [0, 13, 14, 0.5]
[[piece]]
kind = "wall"
height = 5
climbable = false
rect = [14.05, 9.5, 13.95, 0.5]
"#,
    );
    let (from, to) = (Place::ground(5.0, 5.0), Place::ground(20.0, 20.0));
    assert!(exact(&b, from, to).is_some(), "a Move's way over the roofs");
    let walk = b.walk_to(to, from);
    assert!(walk.is_finite(), "the grid finds no way");
}

/// A battle with nobody on a generated dense table.
fn dense(seed: u64, size: f64) -> Battle {
    alfa_against_beta(mortalis_battle::generate::generate(seed, size), |_| None)
}

/// Places from fractions of the table (some stand inside terrain: the
/// floor must hold wherever a field is read).
fn spread(size: f64, picks: &[(f64, f64)]) -> Vec<Place> {
    picks
        .iter()
        .map(|&(x, y)| Place::ground(0.3 + x * (size - 0.6), 0.3 + y * (size - 0.6)))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]

    /// The floor of a walking distance (`Battle::walk_floor`,
    /// `Battle::edge_floor`, session 21) is never above the distance and
    /// changes by no more than the place moves: what lets a Move's search
    /// skip places that cannot come nearer.
    #[test]
    fn the_walking_floor_is_below_the_walk(
        seed in 0u64..1000,
        size in prop_oneof![Just(28.0), Just(36.0)],
        picks in proptest::collection::vec((0.0f64..1.0, 0.0f64..1.0), 8),
    ) {
        let b = dense(seed, size);
        let at = spread(size, &picks);
        for &goal in &at[..3] {
            for (i, &p) in at.iter().enumerate() {
                let (walk, floor) = (b.walk_to(goal, p), b.walk_floor(goal, p));
                prop_assert!(floor <= walk, "floor {floor} above the walk {walk}");
                for &q in &at[i + 1..] {
                    let moved = (p.x - q.x).hypot(p.y - q.y);
                    let change = (floor - b.walk_floor(goal, q)).abs();
                    prop_assert!(change <= moved + 1e-9, "{change} for {moved}\"");
                }
            }
        }
        for edge in 0..4 {
            for &p in &at {
                let (walk, floor) = (b.walk_to_edge(edge, p), b.edge_floor(edge, p));
                prop_assert!(floor <= walk, "edge {edge}: floor {floor} above {walk}");
                let q = at[0];
                let moved = (p.x - q.x).hypot(p.y - q.y);
                prop_assert!((floor - b.edge_floor(edge, q)).abs() <= moved + 1e-9);
            }
        }
    }

    /// A Move's search judged by walking distances with their floor
    /// chooses what it chooses without one (one Move, and both Moves of a
    /// round), on generated dense tables with other bases in the way:
    /// goals anywhere and within a Move or two (where a reach may arrive),
    /// judged in a straight line, walking, and walking to an edge.
    #[test]
    fn floored_reaches_are_the_reaches(
        seed in 0u64..1000,
        picks in proptest::collection::vec((0.0f64..1.0, 0.0f64..1.0), 5),
        close in proptest::collection::vec((-6.0f64..6.0, -6.0f64..6.0), 4),
        edge in 0usize..4,
    ) {
        let b = dense(seed, 36.0);
        let stands = |p: &Place| b.table.can_stand(*p, 0.5).is_ok();
        let at: Vec<Place> = spread(36.0, &picks).into_iter().filter(stands).collect();
        let Some((&from, rest)) = at.split_first() else {
            return Ok(());
        };
        let near: Vec<Place> = close
            .iter()
            .map(|&(dx, dy)| Place::ground(from.x + dx, from.y + dy))
            .filter(stands)
            .collect();
        let others: Vec<mortalis_battle::Body> = rest
            .iter()
            .skip(2)
            .filter(|o| (o.x - from.x).hypot(o.y - from.y) > 1.0)
            .map(|&o| mortalis_battle::Body::new(o))
            .collect();
        let mut goals: Vec<Place> = rest.iter().take(2).chain(&near).copied().collect();
        let n = goals.len();
        // The goals judged in a straight line, then walking, then the
        // edge (its place where `from` would cross it).
        goals.extend_from_within(..n);
        goals.push(match edge {
            0 => Place::ground(from.x, 0.5),
            1 => Place::ground(35.5, from.y),
            2 => Place::ground(from.x, 35.5),
            _ => Place::ground(0.5, from.y),
        });
        // Each goal's distance, or with `low` its floor.
        let judge = |k: usize, p: Place, low: bool| {
            let g = goals[k];
            match (k, low) {
                _ if k < n => (p.x - g.x).hypot(p.y - g.y),
                (_, false) if k < 2 * n => b.walk_to(g, p),
                (_, true) if k < 2 * n => b.walk_floor(g, p),
                (_, false) => b.walk_to_edge(edge, p),
                (_, true) => b.edge_floor(edge, p),
            }
        };
        let gap = |k: usize, p: Place| judge(k, p, false);
        let floor = |k: usize, p: Place| judge(k, p, true);
        let nav = Nav::new(&b.table, Mover::standard(0.5));
        for allowance in [2.0, 4.0] {
            let plain = nav.reach_by_traced(from, allowance, &others, &goals, &gap, None);
            let floored =
                nav.reach_by_traced(from, allowance, &others, &goals, &gap, Some(&floor));
            prop_assert_eq!(format!("{plain:?}"), format!("{floored:?}"));
        }
        let plain = nav.reach_both_traced(from, (4.0, 4.0), &others, &goals, &gap, None);
        let floored = nav.reach_both_traced(from, (4.0, 4.0), &others, &goals, &gap, Some(&floor));
        prop_assert_eq!(format!("{plain:?}"), format!("{floored:?}"));
    }

    /// A walking distance read from a search cut short answers alike
    /// whatever was asked before (`Battle::walk_within`): until session 21
    /// a field once read in full answered a cut query from the whole
    /// search, and some cut queries changed their answer.
    #[test]
    fn a_cut_walk_answers_alike_whatever_was_asked_before(
        seed in 0u64..1000,
        picks in proptest::collection::vec((0.0f64..1.0, 0.0f64..1.0), 12),
        limit in 1.0f64..9.0,
    ) {
        let at = spread(28.0, &picks);
        let (fresh, read) = (dense(seed, 28.0), dense(seed, 28.0));
        for &goal in &at[..3] {
            for &p in &at {
                read.walk_to(goal, p);
            }
            for &p in &at {
                let (a, b) = (fresh.walk_within(goal, p, limit), read.walk_within(goal, p, limit));
                prop_assert_eq!(a.to_bits(), b.to_bits(), "{} against {}", a, b);
            }
        }
    }
}
