//! The AI judges a Move that would end on a lava pool or cross one (B128)
//! by the exact chance the pool's test takes the model out
//! (docs/mortalis/ai.md): with a pool in the straight way to a marker it
//! takes the Move round it, though that Move gains less ground; with no
//! pool it takes the straight one.

#[path = "common/duel.rs"]
mod duel;

use duel::a1_against_b1;
use mortalis_battle::battle::ai::Ai;
use mortalis_battle::battle::{About, Choice, Decider, Question};
use mortalis_battle::file::parse;
use mortalis_battle::table::Place;

/// A1 at (6, 14), a marker at (16, 14), B1 far away; the AI chooses
/// between a straight Move to `straight` and one round to (9, 17.6), with a
/// pool of lava round `pool` or none.
fn choice(straight: (f64, f64), pool: Option<(f64, f64)>) -> Choice {
    let table = parse("size = 28\n").unwrap();
    let mut b = a1_against_b1(table, Place::ground(6.0, 14.0), Place::ground(4.0, 26.0));
    b.markers = vec![Place::ground(16.0, 14.0)];
    b.lava = pool.into_iter().collect();
    let step = |x: f64, y: f64| Choice::Move {
        to: Place::ground(x, y),
        spent: 4.0,
        leave: false,
        climbed: false,
        both: false,
    };
    let q = Question {
        side: 0,
        about: About::Action,
        options: vec![Choice::End, step(straight.0, straight.1), step(9.0, 17.6)],
    };
    q.options[Ai.choose(&b, &q).unwrap()]
}

#[test]
fn the_ai_walks_round_a_pool_of_lava() {
    let round = choice((10.0, 14.0), Some((11.0, 14.0)));
    assert!(
        matches!(round, Choice::Move { to, .. } if to.y > 17.0),
        "{round:?}"
    );
}

/// The straight Move ends at (10, 14), off a pool round (8, 11) that it
/// would cross on the way.
#[test]
fn the_ai_does_not_walk_across_a_pool() {
    let round = choice((10.0, 14.0), Some((8.0, 11.0)));
    assert!(
        matches!(round, Choice::Move { to, .. } if to.y > 17.0),
        "{round:?}"
    );
}

#[test]
fn with_no_pool_the_ai_takes_the_straight_way() {
    let straight = choice((10.0, 14.0), None);
    assert!(
        matches!(straight, Choice::Move { to, .. } if (to.y - 14.0).abs() < 1e-9),
        "{straight:?}"
    );
}
