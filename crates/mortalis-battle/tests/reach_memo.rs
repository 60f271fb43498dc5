//! The Move searches `Battle::options` remembers (`moves.rs`, `ReachMemo`)
//! answer exactly as a fresh search does: after the enemy moves, after a
//! friend steps into the way, after a marker goes down, and when
//! everything is back as it was (the memo's answer), the Moves offered are
//! those a copy of the battle (which starts with no memo) offers. The
//! table is `far_walk.rs`'s: a wall the way to the enemy goes round.

#[path = "common/duel.rs"]
mod duel;

use duel::alfa_against_beta;
use mortalis_battle::Nav;
use mortalis_battle::battle::{Battle, Choice};
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

/// The Moves offered to `m`, and those a fresh copy offers.
fn moves(b: &Battle, m: usize, navs: &[Nav]) -> (Vec<Choice>, Vec<Choice>) {
    let only = |c: Vec<Choice>| -> Vec<Choice> {
        c.into_iter()
            .filter(|c| matches!(c, Choice::Move { .. }))
            .collect()
    };
    let fresh = b.clone();
    (
        only(b.options(m, navs).unwrap()),
        only(fresh.options(m, navs).unwrap()),
    )
}

#[test]
fn remembered_moves_are_the_moves_searched_afresh() {
    let table = parse(TABLE).unwrap();
    let mut b = alfa_against_beta(table, |name| match name {
        "A1" => Some(Place::ground(4.0, 14.0)),
        "A2" => Some(Place::ground(1.0, 1.0)),
        "B1" => Some(Place::ground(22.0, 24.0)),
        _ => None,
    });
    b.markers.clear();
    let at = |name: &str| b.models.iter().position(|m| m.name == name).unwrap();
    let (a1, a2, b1) = (at("A1"), at("A2"), at("B1"));
    b.active = Some(a1);
    let table = b.table.clone();
    let navs = [Nav::new(&table, b.models[a1].mover())];
    let (first, fresh) = moves(&b, a1, &navs);
    assert_eq!(first, fresh);
    assert!(!first.is_empty());
    // The enemy steps round the wall's west end: other Moves.
    b.models[b1].body.at = Place::ground(3.0, 22.0);
    let (moved, fresh) = moves(&b, a1, &navs);
    assert_eq!(moved, fresh);
    assert_ne!(moved, first, "the enemy's place is part of the search");
    // A friend steps into the way north, the goals unchanged.
    b.models[a2].body.at = Place::ground(4.0, 16.0);
    let (blocked, fresh) = moves(&b, a1, &navs);
    assert_eq!(blocked, fresh);
    assert_ne!(blocked, moved, "the other bases are part of the search");
    // A marker goes down beside A1: other Moves again.
    b.markers.push(Place::ground(6.0, 12.0));
    let (marked, fresh) = moves(&b, a1, &navs);
    assert_eq!(marked, fresh);
    assert_ne!(marked, blocked, "the markers are part of the search");
    // Everything as at first: the memo answers, and as at first.
    b.markers.clear();
    b.models[a2].body.at = Place::ground(1.0, 1.0);
    b.models[b1].body.at = Place::ground(22.0, 24.0);
    let (again, fresh) = moves(&b, a1, &navs);
    assert_eq!(again, first);
    assert_eq!(again, fresh);
}
