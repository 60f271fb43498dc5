//! The Moves offered towards the nearest enemy more than three Moves away
//! include one judged by the walking distance to where it stands
//! (docs/mortalis/ai.md, "Far enemies by the walking way", session 16);
//! until then only
//! the straight line was used there, which from behind a wall (or from a
//! roof with no way down on the enemy's side) offered no Move that got
//! any nearer.
//!
//! The table: a wall 4" high that cannot be climbed, from x 6 to the east
//! edge at y 18–18.5. A1 stands at (4, 14), B1 beyond the wall at (22, 24),
//! nothing else on the table and no markers. The way round is past the
//! wall's west end.

#[path = "common/duel.rs"]
mod duel;

use duel::a1_against_b1;
use mortalis_battle::Nav;
use mortalis_battle::battle::Choice;
use mortalis_battle::file::parse;
use mortalis_battle::table::Place;

const TABLE: &str = r#"
size = 28
[[piece]]
kind = "wall"
height = 4
climbable = false
rect = [6, 18, 22, 0.5]
"#;

#[test]
fn a_move_goes_round_the_wall_towards_a_far_enemy() {
    let table = parse(TABLE).unwrap();
    let mut b = a1_against_b1(table, Place::ground(4.0, 14.0), Place::ground(22.0, 24.0));
    b.markers.clear();
    let a1 = b.active.unwrap();
    let b1 = b.models.iter().position(|m| m.name == "B1").unwrap();
    let target = b.models[b1].body.at;
    let table = b.table.clone();
    let navs = [Nav::new(&table, b.models[a1].mover())];
    let before = b.walk_to(target, b.models[a1].body.at);
    let best = b
        .options(a1, &navs)
        .unwrap()
        .iter()
        .filter_map(|c| match c {
            Choice::Move { to, .. } => Some(b.walk_to(target, *to)),
            _ => None,
        })
        .fold(f64::INFINITY, f64::min);
    // A Move of 4" (A1's Speed) round the wall's end gains nearly all of
    // it; the straight step towards B1 gains under 2".
    assert!(
        before - best >= 3.0,
        "the best Move gains {:.2}\" of {before:.2}\"",
        before - best
    );
}
