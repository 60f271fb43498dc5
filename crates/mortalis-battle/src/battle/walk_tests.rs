//! Tests of `walk.rs` that reach its private parts.

use super::super::{Status, side_from_warband};
use super::*;
use crate::table::Level;

/// A 10" by 4" block 2" high; A1 and A2 on its roof 3" apart, B1 on
/// it east of A2, closer than a base to where A1 would stand in
/// contact with it.
fn on_the_roof() -> Battle {
    let table = crate::file::parse(
        "size = 28\n[[piece]]\nkind = \"block\"\nheight = 2\nrect = [6, 6, 10, 4]\n",
    )
    .unwrap();
    let side = |text: &str, s: usize| side_from_warband(&toml::from_str(text).unwrap(), s).unwrap();
    let (na, sa, mut models) = side(include_str!("../../tests/data/alfa.toml"), 0);
    let (nb, sb, more) = side(include_str!("../../tests/data/beta.toml"), 1);
    models.extend(more);
    for m in &mut models {
        let x = match m.name.as_str() {
            "A1" => 8.0,
            "A2" => 11.0,
            "B1" => 12.6,
            _ => {
                m.status = Status::Removed;
                continue;
            }
        };
        m.body.at = Place {
            x,
            y: 8.0,
            level: Level::Roof(0),
        };
    }
    Battle::new(table, [na, nb], [sa, sb], models, 0).with_house_rounds()
}

/// Bases on a roof do not stop the path search, so a walk east may
/// pass through A2. Stopped by B1 where it overlaps A2, with the
/// contact point on A2 too, A1 goes back to the last point walked
/// clear of every base (docs/mortalis/battle.md, interception).
#[test]
fn an_interception_never_leaves_the_mover_on_a_friends_base() {
    let b = on_the_roof();
    let (a1, b1) = (0, 3);
    assert_eq!(b.models[a1].name, "A1");
    assert_eq!(b.models[b1].name, "B1");
    let roof = |x: f64| Place {
        x,
        y: 8.0,
        level: Level::Roof(0),
    };
    let walked = [roof(8.0), roof(9.5), roof(10.5)];
    assert_eq!(b.contact(a1, b1, roof(11.2), &walked), roof(9.5));
    // Where the stop point is clear, it stands.
    assert_eq!(b.contact(a1, b1, roof(9.8), &walked), roof(9.8));
}
