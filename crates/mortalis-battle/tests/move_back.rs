//! Ruling "A Move back" (docs/mortalis/battle.md, session 23): with the
//! nearest enemy that is not engaged within 12", a model is offered a Move
//! straight away from it as far as its allowance goes; not when every
//! enemy stands further off. Before, every Move offered led towards a
//! marker, an enemy, the centre or an edge, so a model could not back off.
//!
//! The table: the open 28" table with nothing on it; no markers.

#[path = "common/duel.rs"]
mod duel;

use duel::{a1_against_b1, alfa_against_beta};
use mortalis_battle::Nav;
use mortalis_battle::battle::{Battle, Choice};
use mortalis_battle::file::parse;
use mortalis_battle::table::Place;

const TABLE: &str = "size = 28\n";

/// A1 (active, Speed 4) at `a1`, B1 at `b1`, no markers; the Moves A1 is
/// offered.
fn moves(a1: Place, b1: Place) -> (Battle, Vec<Place>) {
    offered(a1_against_b1(parse(TABLE).unwrap(), a1, b1))
}

/// The places the Moves offered to the active model end, with no markers.
fn offered(mut b: Battle) -> (Battle, Vec<Place>) {
    b.markers.clear();
    let m = b.active.unwrap();
    let table = b.table.clone();
    let navs = [Nav::new(&table, b.models[m].mover())];
    let to = b
        .options(m, &navs)
        .unwrap()
        .into_iter()
        .filter_map(|c| match c {
            Choice::Move { to, .. } => Some(to),
            _ => None,
        })
        .collect();
    (b, to)
}

fn near(p: Place, x: f64, y: f64) -> bool {
    (p.x - x).hypot(p.y - y) < 0.05
}

#[test]
fn a_move_straight_back_from_an_enemy_within_12_inches() {
    // B1 6" north of A1: the Move back ends 4" south, at (14, 6).
    let (_, to) = moves(Place::ground(14.0, 10.0), Place::ground(14.0, 16.0));
    assert!(
        to.iter().any(|&p| near(p, 14.0, 6.0)),
        "no Move back among {to:?}"
    );
    // On a slant too: B1 north-east, the Move back goes south-west.
    let (_, to) = moves(Place::ground(14.0, 14.0), Place::ground(20.0, 22.0));
    let (dx, dy) = (-6.0 / 10.0 * 4.0, -8.0 / 10.0 * 4.0);
    assert!(
        to.iter().any(|&p| near(p, 14.0 + dx, 14.0 + dy)),
        "no Move back among {to:?}"
    );
}

#[test]
fn no_move_back_from_an_enemy_further_than_12_inches() {
    // B1 13" north: nothing but the centre and B1 to go towards.
    let (_, to) = moves(Place::ground(14.0, 5.0), Place::ground(14.0, 18.0));
    assert!(
        !to.iter().any(|&p| near(p, 14.0, 1.0)),
        "a Move back offered: {to:?}"
    );
    assert!(to.iter().all(|p| p.y > 5.0), "a Move away: {to:?}");
}

#[test]
fn the_move_back_stops_at_the_table_edge() {
    // B1 north of A1 standing 2" from the south edge: the Move back goes
    // only as far as the base fits on the table (its centre half an inch
    // in), not past the edge.
    let (b, to) = moves(Place::ground(14.0, 2.0), Place::ground(14.0, 8.0));
    let r = b.models[b.active.unwrap()].body.radius();
    let back: Vec<&Place> = to.iter().filter(|p| p.y < 2.0 - 0.5).collect();
    assert!(!back.is_empty(), "no Move back among {to:?}");
    assert!(
        back.iter().all(|p| p.y >= r - 1e-6),
        "off the table: {back:?}"
    );
    assert!(
        back.iter().any(|p| (p.x - 14.0).abs() < 0.05),
        "not straight back: {back:?}"
    );
}

#[test]
fn twelve_inches_is_near_enough() {
    // Centre to centre: 12" offers the Move back, 12.1" does not.
    let (_, to) = moves(Place::ground(14.0, 5.0), Place::ground(14.0, 17.0));
    assert!(
        to.iter().any(|&p| near(p, 14.0, 1.0)),
        "none at 12\": {to:?}"
    );
    let (_, to) = moves(Place::ground(14.0, 5.0), Place::ground(14.0, 17.1));
    assert!(
        !to.iter().any(|&p| near(p, 14.0, 1.0)),
        "one at 12.1\": {to:?}"
    );
}

#[test]
fn an_enemy_engaged_with_a_friend_is_passed_over() {
    // B1 4" north of A1 fights A2; B2 6" east is the nearest enemy free to
    // charge, so the Move back goes west, not south.
    let mut b = alfa_against_beta(parse(TABLE).unwrap(), |name| match name {
        "A1" => Some(Place::ground(14.0, 10.0)),
        "A2" => Some(Place::ground(14.0, 15.05)),
        "B1" => Some(Place::ground(14.0, 14.0)),
        "B2" => Some(Place::ground(20.0, 10.0)),
        _ => None,
    });
    b.active = b.models.iter().position(|m| m.name == "A1");
    let (_, to) = offered(b);
    assert!(
        to.iter().any(|&p| near(p, 10.0, 10.0)),
        "no Move west: {to:?}"
    );
    assert!(
        !to.iter().any(|&p| near(p, 14.0, 6.0)),
        "a Move south: {to:?}"
    );
}

#[test]
fn a_model_leaving_after_a_withdrawal_may_move_back() {
    // A1 has won a Withdrawal from B1 (in contact, engaged with nobody
    // else): B1 is free to charge once A1 leaves, so the Move back is
    // offered from it.
    let mut b = a1_against_b1(
        parse(TABLE).unwrap(),
        Place::ground(14.0, 10.0),
        Place::ground(14.0, 11.05),
    );
    let a1 = b.active.unwrap();
    b.models[a1].withdrew = true;
    let (_, to) = offered(b);
    assert!(
        to.iter().any(|&p| near(p, 14.0, 6.0)),
        "no Move back: {to:?}"
    );
}
