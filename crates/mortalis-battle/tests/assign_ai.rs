//! Each of a side's free gatherers goes for its own marker (docs/mortalis/
//! ai.md, "one marker a model"): nearest pairs of model and marker first,
//! by walking distance. A1 stands a little nearer marker M1 than M2, but
//! A2 stands nearer M1 still, so M1 is A2's and A1 goes for M2. Without A2
//! on the table, A1 goes for M1. (Before session 16 every model went for
//! the nearest marker, and on dense tables whole warbands queued for one
//! marker in a corridor one base wide.)

#[path = "common/duel.rs"]
mod duel;

use duel::alfa_against_beta;
use mortalis_battle::battle::ai::Ai;
use mortalis_battle::battle::{About, Choice, Decider, Question};
use mortalis_battle::file::parse;
use mortalis_battle::table::Place;

const M1: (f64, f64) = (8.0, 10.0);
const M2: (f64, f64) = (8.0, 18.0);
const A1: (f64, f64) = (4.0, 13.5);

/// A 3" Move of A1 straight towards `goal`.
fn towards(goal: (f64, f64)) -> Choice {
    let (dx, dy) = (goal.0 - A1.0, goal.1 - A1.1);
    let d = dx.hypot(dy);
    Choice::Move {
        to: Place::ground(A1.0 + 3.0 * dx / d, A1.1 + 3.0 * dy / d),
        spent: 3.0,
        leave: false,
        climbed: false,
        both: false,
    }
}

/// Which marker A1 moves towards, with A2 at (8, 6) or off the table.
fn goes_for(with_a2: bool) -> (f64, f64) {
    let table = parse("size = 28\n").unwrap();
    let mut b = alfa_against_beta(table, |name| match name {
        "A1" => Some(Place::ground(A1.0, A1.1)),
        "A2" if with_a2 => Some(Place::ground(8.0, 6.0)),
        // Out of every rifle's reach.
        "B1" => Some(Place::ground(27.0, 27.0)),
        _ => None,
    });
    b.markers = vec![Place::ground(M1.0, M1.1), Place::ground(M2.0, M2.1)];
    b.active = b.models.iter().position(|m| m.name == "A1");
    let q = Question {
        side: 0,
        about: About::Action,
        options: vec![Choice::End, towards(M1), towards(M2)],
    };
    match Ai.choose(&b, &q).unwrap() {
        1 => M1,
        2 => M2,
        other => panic!("A1 chose option {other}: {:?}", q.options[other]),
    }
}

#[test]
fn a_model_leaves_the_marker_a_nearer_friend_goes_for() {
    assert_eq!(goes_for(true), M2);
}

#[test]
fn alone_a_model_goes_for_the_nearest_marker() {
    assert_eq!(goes_for(false), M1);
}
