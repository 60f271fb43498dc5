//! A model with both Moves of the round open is offered the climb where
//! it stands when the climbing points spread along the block's edges all
//! fall where no base fits (session 17, docs/mortalis/battle.md, "Climbs
//! across both Moves"). Until then the first Move's search, which decides
//! whether a walk across both Moves is searched at all, had only the
//! spread points, and on a dense table (seed 8, 36") a model beside a 2"
//! block with Moves of 4" and 3" was never offered the climb (it needs
//! 5.8": 4" up, 1" onto the roof and a step on it).
//!
//! The table copies that corner of the generated table: the model stands
//! east of block A (2", climbable) and south of the blocks pressed
//! against A's north-east.

use mortalis_battle::table::{Level, Place};
use mortalis_battle::{Kind, Mover, Nav, Piece, Table};

fn corner() -> Table {
    let block = |h: f64| Kind::Block {
        height: h,
        climbable: true,
    };
    // (height, x, y) of blocks 2" square, as the generator placed them.
    let blocks = [
        (2.0, 18.0294, 22.1471),
        (2.0, 20.0882, 23.1765),
        (3.0, 21.1176, 23.1765),
        (4.0, 22.1471, 22.1471),
        (4.0, 22.1471, 24.2059),
        (2.0, 17.0, 20.0882),
        (2.0, 23.1765, 20.0882),
        (3.5, 21.9824, 17.2882),
        (4.0, 18.1529, 17.8647),
        (3.0, 23.1765, 22.1471),
    ];
    let mut pieces: Vec<Piece> = blocks
        .iter()
        .map(|&(h, x, y)| Piece::rect(block(h), x, y, 2.0, 2.0))
        .collect();
    pieces.push(Piece::rect(Kind::Difficult, 20.5, 19.0, 3.0, 3.0));
    Table::new(36.0, pieces).unwrap()
}

#[test]
fn the_climb_where_it_stands_is_offered_across_both_moves() {
    let table = corner();
    let nav = Nav::new(&table, Mover::standard(0.5));
    let from = Place::ground(20.6166, 22.6755);
    let roof = Place {
        x: 19.03,
        y: 23.15,
        level: Level::Roof(0),
    };
    let gap = |_: usize, p: Place| (p.x - roof.x).hypot(p.y - roof.y);
    let [one, both] = nav
        .reach_both(from, (4.0, 3.0), &[], &[roof], &gap)
        .unwrap();
    // One Move of 4" does not get there.
    assert!(one[0].is_none_or(|r| !r.arrived), "{one:?}");
    let walk = both[0].expect("the walk across both Moves that climbs");
    assert!(walk.arrived && walk.climbed, "{walk:?}");
    assert!(walk.spent > 4.0 && walk.spent <= 7.0, "{walk:?}");
}
