//! The issue asks the AI to protect wounded models. A lasting wound (Deep
//! scars, B178) lowers a model's Resilience, so the exact chance an enemy
//! takes it out is higher wherever it stands in sight: the AI's exposure
//! (docs/mortalis/ai.md, "Wounded models") weighs a Move into the open
//! more heavily against one into cover for such a model than for a whole
//! one, and keeps it behind the wall.

#[path = "common/duel.rs"]
mod duel;

use duel::{a1_against_b1, question, walk};
use mortalis_battle::battle::ai::Ai;
use mortalis_battle::battle::{Battle, Decider};
use mortalis_battle::file::parse;
use mortalis_battle::table::Place;

/// A block 6" wide and 3" tall across the middle of a 28" table: cover
/// for a model south of it against a rifle north of it.
const WALL: &str = r#"
size = 28
[[piece]]
kind = "block"
height = 3
climbable = false
rect = [11, 13, 6, 1]
"#;

/// A1 south-west of the wall, B1 (a rifle) 10" north of it; A1 with its
/// Resilience lowered by `scars` (each Deep scars −1).
fn battle(scars: i32) -> Battle {
    let mut b = a1_against_b1(
        parse(WALL).unwrap(),
        Place::ground(8.0, 9.0),
        Place::ground(14.0, 24.0),
    );
    let a1 = b.active.unwrap();
    b.models[a1].profile.resilience -= scars;
    b.models[a1].free_slot = true;
    b.round = 2;
    b
}

#[test]
fn a_wounded_model_weighs_the_open_more_and_keeps_to_cover() {
    // Behind the wall (B1 cannot see it) or out in the open, 4" each.
    let q = question(vec![walk(12.0, 9.0, 4.0), walk(8.0, 13.0, 4.0)]);
    let gap = |scars: i32| {
        let b = battle(scars);
        let a1 = b.active.unwrap();
        let b1 = b.models.iter().position(|m| m.name == "B1").unwrap();
        let seen_at = |x: f64, y: f64| {
            let mut body = b.models[a1].body;
            body.at = Place::ground(x, y);
            b.sight(&b.models[b1].body, &body, &[]).visible
        };
        assert!(seen_at(8.0, 13.0), "the open place is in B1's sight");
        assert!(!seen_at(12.0, 9.0), "the wall hides the other");
        let v = Ai.action_values(&b, &q).unwrap();
        (v[0] - v[1], Ai.choose(&b, &q).unwrap())
    };
    // Measured: 0.24 for a whole model, 0.38 with two Deep scars.
    let (whole, _) = gap(0);
    let (wounded, choice) = gap(2);
    assert!(wounded > whole + 0.01, "{wounded} against {whole}");
    assert_eq!(choice, 0, "the wounded model keeps to cover");
}
