//! With no marker left on the ground, the AI closes in on an enemy that
//! carries markers (they drop where it falls, B35; docs/mortalis/ai.md):
//! A1 carries nothing and B1, in rifle range, carries two; A1 moves up
//! though it walks into B1's better shots, and that Move is worth more
//! than the same Move towards B1 carrying nothing by the pull, 0.1 an inch
//! for each marker (since session 15 the AI weighs exposure at half a
//! model's worth, and moves up on a B1 carrying nothing as well).

#[path = "common/duel.rs"]
mod duel;

use duel::a1_against_b1;
use mortalis_battle::battle::ai::Ai;
use mortalis_battle::battle::{About, Choice, Decider, Question};
use mortalis_battle::file::parse;
use mortalis_battle::table::Place;

/// A1 at (4, 14), B1 at `b1` carrying `carried` markers, nothing on the
/// ground; the AI chooses between ending the activation and a Move 4"
/// towards B1.
fn choice(b1: (f64, f64), carried: u32) -> Choice {
    let (b, q) = question(b1, carried);
    q.options[Ai.choose(&b, &q).unwrap()]
}

/// What the AI's Move is worth over ending the activation.
fn move_over_end(b1: (f64, f64), carried: u32) -> f64 {
    let (b, q) = question(b1, carried);
    let v = Ai.action_values(&b, &q).unwrap();
    v[1] - v[0]
}

/// The battle and the question of [`choice`].
fn question(b1: (f64, f64), carried: u32) -> (mortalis_battle::battle::Battle, Question) {
    let table = parse("size = 28\n").unwrap();
    let mut b = a1_against_b1(table, Place::ground(4.0, 14.0), Place::ground(b1.0, b1.1));
    b.markers.clear();
    let k = b.models.iter().position(|m| m.name == "B1").unwrap();
    b.models[k].carried = carried;
    // A1 has shot already: no shot follows the Move.
    let a = b.models.iter().position(|m| m.name == "A1").unwrap();
    b.models[a].free_slot = true;
    let q = Question {
        side: 0,
        about: About::Action,
        options: vec![
            Choice::End,
            Choice::Move {
                to: Place::ground(8.0, 14.0),
                spent: 4.0,
                leave: false,
                climbed: false,
                both: false,
            },
        ],
    };
    (b, q)
}

/// B1 18" and 20" off: A1 moves up to the carrier.
#[test]
fn the_ai_closes_in_on_an_enemy_carrying_markers() {
    for x in [18.0, 20.0] {
        let c = choice((x, 14.0), 2);
        assert!(matches!(c, Choice::Move { .. }), "B1 at {x}: {c:?}");
    }
}

/// The same B1 carrying nothing: the Move up is worth less by the pull
/// (0.1 × 2 markers × 4" gained, and B1 is worth less as a target too).
#[test]
fn the_pull_of_an_enemy_carrier_is_what_it_carries() {
    for x in [18.0, 20.0] {
        let (carrying, nothing) = (move_over_end((x, 14.0), 2), move_over_end((x, 14.0), 0));
        assert!(
            carrying - nothing >= 0.8 - 1e-9,
            "B1 at {x}: {carrying} carrying, {nothing} with nothing"
        );
    }
}
