//! The test warbands Alfa and Beta placed on a given table: the positions
//! the AI-judgement tests ask one question in (included with `#[path]`).

use mortalis_battle::Table;
use mortalis_battle::battle::{About, Battle, Choice, Question, Status, side_from_warband};
use mortalis_battle::table::Place;
use mortalis_rules::warband::WarbandFile;

/// The test warbands Alfa and Beta on `table`, each model where `place`
/// puts it (by name; `None` removes it).
pub fn alfa_against_beta(table: Table, place: impl Fn(&str) -> Option<Place>) -> Battle {
    let side = |text: &str, s: usize| {
        let file: WarbandFile = toml::from_str(text).unwrap();
        side_from_warband(&file, s).unwrap()
    };
    let (na, sa, mut models) = side(include_str!("../data/alfa.toml"), 0);
    let (nb, sb, more) = side(include_str!("../data/beta.toml"), 1);
    models.extend(more);
    for m in &mut models {
        match place(&m.name) {
            Some(at) => m.body.at = at,
            None => m.status = Status::Removed,
        }
    }
    Battle::new(table, [na, nb], [sa, sb], models, 0).with_house_rounds()
}

/// The battle with A1 at `a1` (active) and B1 at `b1`.
#[allow(dead_code)]
pub fn a1_against_b1(table: Table, a1: Place, b1: Place) -> Battle {
    let mut b = alfa_against_beta(table, |name| match name {
        "A1" => Some(a1),
        "B1" => Some(b1),
        _ => None,
    });
    b.active = b.models.iter().position(|m| m.name == "A1");
    b
}

/// A plain Move on the ground to `(x, y)` of `spent` inches.
#[allow(dead_code)]
pub fn walk(x: f64, y: f64, spent: f64) -> Choice {
    Choice::Move {
        to: Place::ground(x, y),
        spent,
        leave: false,
        climbed: false,
        both: false,
    }
}

/// Side 0's action question with `options`.
#[allow(dead_code)]
pub fn question(options: Vec<Choice>) -> Question {
    Question {
        side: 0,
        about: About::Action,
        options,
    }
}
