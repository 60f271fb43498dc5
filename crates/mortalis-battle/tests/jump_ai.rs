//! The AI weighs a Move that jumps down (B33) by the exact chance that the
//! model is still on the table after it (docs/mortalis/battle.md,
//! "Jump-downs in a Move"): from 4" it jumps to reach a marker; from 9",
//! where the roll almost always fails and the fall usually kills, it stays.

#[path = "common/duel.rs"]
mod duel;

use duel::a1_against_b1;
use mortalis_battle::battle::ai::Ai;
use mortalis_battle::battle::{About, Choice, Decider, Question};
use mortalis_battle::file::parse;
use mortalis_battle::table::{Level, Place};

/// A1 on the roof of a block `height` high (4"x4", unclimbable), a marker
/// on the ground 4" east, B1 far away; the AI chooses between a Move that
/// jumps down towards the marker and ending the activation.
fn choice(height: f64) -> Choice {
    let table = parse(&format!(
        "size = 28\n[[piece]]\nkind = \"block\"\nheight = {height}\nclimbable = false\nrect = [8, 8, 4, 4]\n"
    ))
    .unwrap();
    let a1 = Place {
        x: 11.0,
        y: 10.5,
        level: Level::Roof(0),
    };
    let mut b = a1_against_b1(table, a1, Place::ground(4.0, 24.0));
    b.markers = vec![Place::ground(16.0, 10.5)];
    let jump = Choice::JumpDown {
        to: Place::ground(14.5, 10.5),
        spent: 3.5,
        height,
        climbed: false,
    };
    let q = Question {
        side: 0,
        about: About::Action,
        options: vec![Choice::End, jump],
    };
    q.options[Ai.choose(&b, &q).unwrap()]
}

#[test]
fn the_ai_jumps_down_when_the_chance_is_good() {
    assert!(matches!(choice(4.0), Choice::JumpDown { .. }));
}

#[test]
fn the_ai_stays_where_the_drop_is_deadly() {
    assert_eq!(choice(9.0), Choice::End);
}
