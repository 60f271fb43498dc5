//! Tests of `table.rs` that compare its shortcuts with the plain way.

use super::*;

/// The wall a ladder leans on, every climbable piece measured.
fn plain_wall(t: &Table, ladder: &Piece) -> Option<usize> {
    t.pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| p.kind.climb().is_some())
        .map(|(j, p)| (j, Euclidean.distance(&p.footprint, &ladder.footprint)))
        .filter(|&(_, d)| d <= LADDER_REACH)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(j, _)| j)
}

/// [`Table::ladder_wall`], which measures only the pieces whose boxes
/// lie within reach of the ladder's, finds the wall that measuring
/// every piece finds: on generated tables, and for ladders off a
/// block's corner whose box is within reach of the block's on both
/// axes (fails when the box test leaves out a piece within reach).
#[test]
fn ladders_lean_where_measuring_every_piece_says() {
    let mut ladders = 0;
    for (seed, size) in [(0, 36.0), (1, 36.0), (2, 28.0), (3, 48.0), (4, 36.0)] {
        let t = crate::generate::generate(seed, size);
        for p in t.pieces.iter().filter(|p| p.kind == Kind::Ladder) {
            assert_eq!(t.ladder_wall(p), plain_wall(&t, p), "table {seed}");
            ladders += 1;
        }
    }
    assert!(ladders > 4, "{ladders} ladders");
    let block = Kind::Block {
        height: 3.0,
        climbable: true,
    };
    // Off the corner at (7, 7): 0.57" away, 0.42", and 0.5" along one axis.
    for (dx, dy, leans) in [(0.4, 0.4, false), (0.3, 0.3, true), (0.5, 0.0, true)] {
        let t = Table {
            size: 30.0,
            pieces: vec![
                Piece::rect(block, 5.0, 5.0, 2.0, 2.0),
                Piece::rect(Kind::Ladder, 7.0 + dx, 7.0 + dy, 1.0, 0.5),
            ],
            stacks: Stacks::default(),
        };
        let wall = t.ladder_wall(&t.pieces[1]);
        assert_eq!(wall, plain_wall(&t, &t.pieces[1]));
        assert_eq!(wall.is_some(), leans, "{dx}, {dy}");
    }
}
