//! A1 of the test warband Alfa against B1 of Beta, the rest removed, on a
//! given table, with A1 the active model: the position the AI-judgement
//! tests ask one question in (included with `#[path]`).

use mortalis_battle::Table;
use mortalis_battle::battle::{Battle, HOUSE_ROUNDS, Status, side_from_warband};
use mortalis_battle::table::Place;
use mortalis_rules::warband::WarbandFile;

/// The battle with A1 at `a1` (active) and B1 at `b1`.
pub fn a1_against_b1(table: Table, a1: Place, b1: Place) -> Battle {
    let side = |text: &str, s: usize| {
        let file: WarbandFile = toml::from_str(text).unwrap();
        side_from_warband(&file, s).unwrap()
    };
    let (na, sa, mut models) = side(include_str!("../data/alfa.toml"), 0);
    let (nb, sb, more) = side(include_str!("../data/beta.toml"), 1);
    models.extend(more);
    for m in &mut models {
        match m.name.as_str() {
            "A1" => m.body.at = a1,
            "B1" => m.body.at = b1,
            _ => m.status = Status::Removed,
        }
    }
    let active = models.iter().position(|m| m.name == "A1");
    let mut b = Battle::new(table, [na, nb], [sa, sb], models, HOUSE_ROUNDS);
    b.active = active;
    b
}
