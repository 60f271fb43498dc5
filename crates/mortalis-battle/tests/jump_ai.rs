//! The AI weighs a Move that jumps down (B33) by the exact chance that the
//! model is still on the table after it (docs/mortalis/battle.md,
//! "Jump-downs in a Move"): from 4" it jumps to reach a marker; from 9",
//! where the roll almost always fails and the fall usually kills, it stays.

use mortalis_battle::battle::ai::Ai;
use mortalis_battle::battle::{
    About, Battle, Choice, Decider, HOUSE_ROUNDS, Question, Status, side_from_warband,
};
use mortalis_battle::file::parse;
use mortalis_battle::table::{Level, Place};
use mortalis_rules::warband::WarbandFile;

/// A1 on the roof of a block `height` high (4"x4", unclimbable), a marker
/// on the ground 4" east, B1 far away; the AI chooses between a Move that
/// jumps down towards the marker and ending the activation.
fn choice(height: f64) -> Choice {
    let table = parse(&format!(
        "size = 28\n[[piece]]\nkind = \"block\"\nheight = {height}\nclimbable = false\nrect = [8, 8, 4, 4]\n"
    ))
    .unwrap();
    let side = |text: &str, s: usize| {
        let file: WarbandFile = toml::from_str(text).unwrap();
        side_from_warband(&file, s).unwrap()
    };
    let (na, sa, mut models) = side(include_str!("data/alfa.toml"), 0);
    let (nb, sb, more) = side(include_str!("data/beta.toml"), 1);
    models.extend(more);
    for m in &mut models {
        m.body.at = match m.name.as_str() {
            "A1" => Place {
                x: 11.0,
                y: 10.5,
                level: Level::Roof(0),
            },
            "B1" => Place::ground(4.0, 24.0),
            _ => {
                m.status = Status::Removed;
                continue;
            }
        };
    }
    let a1 = models.iter().position(|m| m.name == "A1").unwrap();
    let mut b = Battle::new(table, [na, nb], [sa, sb], models, HOUSE_ROUNDS);
    b.markers = vec![Place::ground(16.0, 10.5)];
    b.active = Some(a1);
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
