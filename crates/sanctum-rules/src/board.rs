//! The board: which squares are playable, where the Sancta stand, the centerline,
//! the two halves and the squares where random towns may go.
//!
//! Everything here is derived from a handful of constants (the corner outline and
//! the Sanctum positions); `docs/rules/board.md` explains how they were chosen.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::player::Side;
use crate::square::{CELLS, GRID, Square, sq};

/// The two board layouts of the original game's options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Layout {
    /// The ordinary board: the Sancta are point-symmetric about the point between
    /// the four middle squares, and terrain rolls freely.
    Classic,
    /// The "Symmetric" game option: the red Sanctum moves one square diagonally so
    /// that the Sancta are point-symmetric about a single centre square, and half of
    /// the terrain is copied from the other half by rotation about that square.
    Symmetric,
}

impl Layout {
    pub const ALL: [Layout; 2] = [Layout::Classic, Layout::Symmetric];

    pub const fn name(self) -> &'static str {
        match self {
            Layout::Classic => "classic",
            Layout::Symmetric => "symmetric",
        }
    }

    /// Parses the snake_case name used on the command line and in files.
    pub fn from_name(name: &str) -> Option<Layout> {
        Layout::ALL.into_iter().find(|l| l.name() == name)
    }
}

/// Off-map cells in the top-left corner, as run lengths per row from the left edge.
/// The bottom-right corner is the same shape turned half a turn.
const TOP_LEFT_CUT: [u8; 2] = [3, 1];
/// Off-map cells in the top-right corner, as run lengths per row from the right edge.
/// The bottom-left corner is the same shape turned half a turn.
const TOP_RIGHT_CUT: [u8; 6] = [6, 5, 4, 3, 2, 1];

/// Red's Sanctum in the classic layout (the "f" square of the Flying Leap, 4,3, is
/// diagonally adjacent to it).
const RED_SANCTUM_CLASSIC: Square = sq(3, 2);
/// Red's Sanctum in the symmetric layout: one square diagonally towards the middle.
const RED_SANCTUM_SYMMETRIC: Square = sq(4, 3);
/// Blue's Sanctum, the same in both layouts.
const BLUE_SANCTUM: Square = sq(8, 9);

/// What stands on a reserved square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reserved {
    Sanctum(Side),
    Entrance(Side),
}

/// The geometry of one layout. Obtain it with [`Board::get`]; it is computed once.
#[derive(Debug)]
pub struct Board {
    layout: Layout,
    playable: [bool; CELLS],
    sancta: [Square; 2],
    entrances: [[Square; 4]; 2],
    reserved: [Option<Reserved>; CELLS],
    centerline: Vec<Square>,
    center: Vec<Square>,
    half: [Option<Side>; CELLS],
    eligible: [Vec<Square>; 2],
    doorsteps: Vec<Square>,
    /// Sum of the two Sanctum coordinates: the half-turn maps `(c, r)` to `(sum - c, sum - r)`.
    twin_sum: (i32, i32),
    squares: Vec<Square>,
}

impl Board {
    /// The board of a layout.
    pub fn get(layout: Layout) -> &'static Board {
        static CLASSIC: OnceLock<Board> = OnceLock::new();
        static SYMMETRIC: OnceLock<Board> = OnceLock::new();
        match layout {
            Layout::Classic => CLASSIC.get_or_init(|| Board::build(Layout::Classic)),
            Layout::Symmetric => SYMMETRIC.get_or_init(|| Board::build(Layout::Symmetric)),
        }
    }

    fn build(layout: Layout) -> Board {
        let playable = outline();
        let red = match layout {
            Layout::Classic => RED_SANCTUM_CLASSIC,
            Layout::Symmetric => RED_SANCTUM_SYMMETRIC,
        };
        let sancta = [red, BLUE_SANCTUM];
        let entrances = sancta.map(|s| {
            let mut it = s.orthogonal();
            [(); 4].map(|_| {
                it.next()
                    .expect("a Sanctum has four neighbours in the grid")
            })
        });
        let mut reserved = [None; CELLS];
        for side in Side::BOTH {
            reserved[sancta[side.index()].index()] = Some(Reserved::Sanctum(side));
            for e in entrances[side.index()] {
                reserved[e.index()] = Some(Reserved::Entrance(side));
            }
        }
        let twin_sum = (
            red.c as i32 + BLUE_SANCTUM.c as i32,
            red.r as i32 + BLUE_SANCTUM.r as i32,
        );
        let centerline = digital_bisector(red, BLUE_SANCTUM, &playable);
        let on_centerline = |s: Square| centerline.contains(&s);

        // The centre squares are the centerline squares nearest the midpoint.
        let mid_dist = |s: Square| {
            let dx = 2 * s.c as i32 - twin_sum.0;
            let dy = 2 * s.r as i32 - twin_sum.1;
            dx * dx + dy * dy
        };
        let best = centerline.iter().map(|&s| mid_dist(s)).min().unwrap_or(0);
        let center: Vec<Square> = centerline
            .iter()
            .copied()
            .filter(|&s| mid_dist(s) == best)
            .collect();

        let mut half = [None; CELLS];
        for s in Square::all().filter(|s| playable[s.index()] && !on_centerline(*s)) {
            let to_red = s.distance_sq(red);
            let to_blue = s.distance_sq(BLUE_SANCTUM);
            half[s.index()] = Some(if to_red < to_blue {
                Side::Red
            } else {
                Side::Blue
            });
        }

        let squares: Vec<Square> = Square::all().filter(|s| playable[s.index()]).collect();
        let doorsteps: Vec<Square> = squares
            .iter()
            .copied()
            .filter(|&s| reserved[s.index()].is_none())
            .filter(|&s| {
                s.orthogonal()
                    .any(|n| matches!(reserved[n.index()], Some(Reserved::Entrance(_))))
            })
            .collect();

        let mut board = Board {
            layout,
            playable,
            sancta,
            entrances,
            reserved,
            centerline,
            center,
            half,
            eligible: [Vec::new(), Vec::new()],
            doorsteps,
            twin_sum,
            squares,
        };
        // Table 2, applied to a square and to its rotated twin: a town picked on one
        // half is copied onto the other, so both must be allowed.
        let eligible = Side::BOTH.map(|side| {
            board
                .squares
                .iter()
                .copied()
                .filter(|&s| board.half(s) == Some(side) && board.passes_table_2(s))
                .filter(|&s| board.twin(s).is_some_and(|t| board.passes_table_2(t)))
                .collect::<Vec<_>>()
        });
        board.eligible = eligible;
        board
    }

    /// Table 2 without the rule about towns already placed (which depends on the game).
    fn passes_table_2(&self, s: Square) -> bool {
        self.is_playable(s)
            && self.half(s).is_some()
            && self.reserved(s).is_none()
            && !s
                .orthogonal()
                .any(|n| matches!(self.reserved(n), Some(Reserved::Entrance(_))))
            && !s.orthogonal().any(|n| self.centerline.contains(&n))
            && !is_map_edge(s)
    }

    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// True for the 94 squares of the map.
    #[inline]
    pub fn is_playable(&self, s: Square) -> bool {
        self.playable[s.index()]
    }

    /// The playable squares in row-major order.
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// The playable squares that are not reserved for a Sanctum or an entrance (84).
    pub fn terrain_squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.squares
            .iter()
            .copied()
            .filter(|&s| self.reserved(s).is_none())
    }

    pub fn sanctum(&self, side: Side) -> Square {
        self.sancta[side.index()]
    }

    /// The four entrances of a side's Sanctum, its orthogonal neighbours.
    pub fn entrances(&self, side: Side) -> [Square; 4] {
        self.entrances[side.index()]
    }

    /// Whether a square holds a Sanctum or an entrance.
    #[inline]
    pub fn reserved(&self, s: Square) -> Option<Reserved> {
        self.reserved[s.index()]
    }

    /// The squares equidistant between the Sancta, in column order.
    pub fn centerline(&self) -> &[Square] {
        &self.centerline
    }

    pub fn is_on_centerline(&self, s: Square) -> bool {
        self.centerline.contains(&s)
    }

    /// The centre square(s): two in the classic layout, one in the symmetric.
    pub fn center(&self) -> &[Square] {
        &self.center
    }

    /// Which Sanctum's half a square lies in; `None` on the centerline or off the map.
    #[inline]
    pub fn half(&self, s: Square) -> Option<Side> {
        self.half[s.index()]
    }

    /// The squares of a half where a random town may be placed (Table 2).
    pub fn eligible_towns(&self, side: Side) -> &[Square] {
        &self.eligible[side.index()]
    }

    /// Squares orthogonally next to an entrance, outside the Sanctum: they always get
    /// the realm's default terrain so that each Sanctum can be left.
    pub fn doorsteps(&self) -> &[Square] {
        &self.doorsteps
    }

    /// The square a half-turn about the centre point maps `s` to, when it is playable.
    #[inline]
    pub fn twin(&self, s: Square) -> Option<Square> {
        Square::from_signed(self.twin_sum.0 - s.c as i32, self.twin_sum.1 - s.r as i32)
            .filter(|&t| self.is_playable(t))
    }
}

/// A map edge square is one on the outer rim of the 12×12 grid.
pub fn is_map_edge(s: Square) -> bool {
    s.c == 0 || s.r == 0 || s.c == GRID - 1 || s.r == GRID - 1
}

/// The 94 playable squares: the grid less the four cut corners.
fn outline() -> [bool; CELLS] {
    let mut playable = [true; CELLS];
    let last = GRID - 1;
    let mut cut = |c: u8, r: u8| playable[sq(c, r).index()] = false;
    for (r, &run) in TOP_LEFT_CUT.iter().enumerate() {
        for c in 0..run {
            cut(c, r as u8);
            cut(last - c, last - r as u8);
        }
    }
    for (r, &run) in TOP_RIGHT_CUT.iter().enumerate() {
        for c in 0..run {
            cut(last - c, r as u8);
            cut(c, last - r as u8);
        }
    }
    playable
}

/// The digital perpendicular bisector of the segment between two squares: one square per
/// column (or per row, when the bisector is steeper than 45°), the one whose centre is
/// nearest the bisector; an exact tie keeps both. Only playable squares are kept.
fn digital_bisector(a: Square, b: Square, playable: &[bool; CELLS]) -> Vec<Square> {
    // In doubled coordinates the bisector is (2x - sx)·ax + (2y - sy)·ay = 0.
    let (ax, ay) = (b.c as i32 - a.c as i32, b.r as i32 - a.r as i32);
    let (sx, sy) = (a.c as i32 + b.c as i32, a.r as i32 + b.r as i32);
    let mut out = Vec::new();
    let flat = ay.abs() >= ax.abs();
    for major in 0..GRID as i32 {
        // Solve for the minor coordinate: minor = (s_minor·a_minor - (2·major - s_major)·a_major) / (2·a_minor).
        let (a_major, a_minor, s_major, s_minor) = if flat {
            (ax, ay, sx, sy)
        } else {
            (ay, ax, sy, sx)
        };
        let mut num = s_minor * a_minor - (2 * major - s_major) * a_major;
        let mut den = 2 * a_minor;
        if den < 0 {
            num = -num;
            den = -den;
        }
        // Nearest integer to num/den; a remainder of exactly one half is a tie.
        let twice = 2 * num + den;
        let lower = twice.div_euclid(2 * den);
        let candidates: &[i32] = if twice.rem_euclid(2 * den) == 0 {
            &[lower - 1, lower]
        } else {
            &[lower]
        };
        for &minor in candidates {
            let (c, r) = if flat { (major, minor) } else { (minor, major) };
            if let Some(s) = Square::from_signed(c, r)
                && playable[s.index()]
            {
                out.push(s);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ninety_four_playable_squares() {
        for layout in Layout::ALL {
            assert_eq!(Board::get(layout).squares().len(), 94);
        }
    }
}
