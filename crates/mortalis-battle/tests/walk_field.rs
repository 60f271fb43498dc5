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
