//! Squares of the 12×12 grid and the `c,r` notation used in every file.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Width and height of the grid that holds the board.
pub const GRID: u8 = 12;
/// Number of cells in the grid, playable or not.
pub const CELLS: usize = GRID as usize * GRID as usize;

/// One cell of the 12×12 grid: column `c` and row `r`, both 0..=11, row 0 at the top.
///
/// A `Square` is only a coordinate; whether it lies on the playable board is a
/// question for [`crate::board::Board`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    pub c: u8,
    pub r: u8,
}

/// Why a text could not be read as a square.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SquareError {
    #[error("'{0}' is not a square: expected `c,r` with two whole numbers, such as `4,3`")]
    Malformed(String),
    #[error("'{0}' lies outside the 12×12 grid: column and row go from 0 to 11")]
    OutOfGrid(String),
}

impl Square {
    /// A square inside the grid, or `None` when a coordinate is 12 or more.
    pub const fn new(c: u8, r: u8) -> Option<Square> {
        if c < GRID && r < GRID {
            Some(Square { c, r })
        } else {
            None
        }
    }

    /// Square from signed coordinates, `None` outside the grid.
    pub fn from_signed(c: i32, r: i32) -> Option<Square> {
        if (0..GRID as i32).contains(&c) && (0..GRID as i32).contains(&r) {
            Some(Square {
                c: c as u8,
                r: r as u8,
            })
        } else {
            None
        }
    }

    /// Row-major index into a 144-cell array.
    #[inline]
    pub const fn index(self) -> usize {
        self.r as usize * GRID as usize + self.c as usize
    }

    /// Inverse of [`Square::index`].
    #[inline]
    pub const fn from_index(i: usize) -> Square {
        Square {
            c: (i % GRID as usize) as u8,
            r: (i / GRID as usize) as u8,
        }
    }

    /// Every cell of the grid in row-major order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..CELLS).map(Square::from_index)
    }

    /// The up to four orthogonal neighbours inside the grid (north, west, east, south).
    pub fn orthogonal(self) -> impl Iterator<Item = Square> {
        const STEPS: [(i32, i32); 4] = [(0, -1), (-1, 0), (1, 0), (0, 1)];
        self.offsets(&STEPS)
    }

    /// The up to four diagonal neighbours inside the grid.
    pub fn diagonal(self) -> impl Iterator<Item = Square> {
        const STEPS: [(i32, i32); 4] = [(-1, -1), (1, -1), (-1, 1), (1, 1)];
        self.offsets(&STEPS)
    }

    /// All up to eight neighbours inside the grid.
    pub fn neighbours(self) -> impl Iterator<Item = Square> {
        self.orthogonal().chain(self.diagonal())
    }

    fn offsets(self, steps: &'static [(i32, i32)]) -> impl Iterator<Item = Square> {
        steps.iter().filter_map(move |&(dc, dr)| {
            Square::from_signed(self.c as i32 + dc, self.r as i32 + dr)
        })
    }

    /// True when the two squares share an edge.
    pub fn is_orthogonal_to(self, other: Square) -> bool {
        self.c.abs_diff(other.c) as u16 + self.r.abs_diff(other.r) as u16 == 1
    }

    /// True when the two squares share only a corner.
    pub fn is_diagonal_to(self, other: Square) -> bool {
        self.c.abs_diff(other.c) == 1 && self.r.abs_diff(other.r) == 1
    }

    /// Squared straight-line distance between square centres (exact, no floats).
    pub fn distance_sq(self, other: Square) -> u32 {
        let dc = self.c.abs_diff(other.c) as u32;
        let dr = self.r.abs_diff(other.r) as u32;
        dc * dc + dr * dr
    }

    /// Number of orthogonal steps between two squares.
    pub fn manhattan(self, other: Square) -> u32 {
        self.c.abs_diff(other.c) as u32 + self.r.abs_diff(other.r) as u32
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.c, self.r)
    }
}

impl FromStr for Square {
    type Err = SquareError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let malformed = || SquareError::Malformed(s.to_string());
        let (c, r) = s.split_once(',').ok_or_else(malformed)?;
        let c: u32 = c.trim().parse().map_err(|_| malformed())?;
        let r: u32 = r.trim().parse().map_err(|_| malformed())?;
        if c >= GRID as u32 || r >= GRID as u32 {
            return Err(SquareError::OutOfGrid(s.to_string()));
        }
        Ok(Square {
            c: c as u8,
            r: r as u8,
        })
    }
}

/// Squares serialise as `[c, r]` pairs, the form used by the JSON outputs.
impl Serialize for Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        [self.c, self.r].serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let [c, r] = <[u8; 2]>::deserialize(deserializer)?;
        Square::new(c, r)
            .ok_or_else(|| serde::de::Error::custom(format!("{c},{r} is outside the 12×12 grid")))
    }
}

/// Shorthand for tests and tables: `sq(4, 3)`.
///
/// # Panics
/// When a coordinate is outside the grid; use [`Square::new`] for untrusted input.
pub const fn sq(c: u8, r: u8) -> Square {
    match Square::new(c, r) {
        Some(s) => s,
        None => panic!("square outside the 12×12 grid"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_the_c_r_notation() {
        assert_eq!("4,3".parse::<Square>().unwrap(), sq(4, 3));
        assert_eq!(" 11 , 0 ".parse::<Square>().unwrap(), sq(11, 0));
        assert_eq!(sq(10, 2).to_string(), "10,2");
        assert!(matches!(
            "12,0".parse::<Square>(),
            Err(SquareError::OutOfGrid(_))
        ));
        assert!(matches!(
            "4;3".parse::<Square>(),
            Err(SquareError::Malformed(_))
        ));
        assert!(matches!(
            "-1,3".parse::<Square>(),
            Err(SquareError::Malformed(_))
        ));
    }

    #[test]
    fn neighbours_stay_inside_the_grid() {
        assert_eq!(sq(0, 0).orthogonal().count(), 2);
        assert_eq!(sq(0, 0).neighbours().count(), 3);
        assert_eq!(sq(5, 5).orthogonal().count(), 4);
        assert_eq!(sq(5, 5).neighbours().count(), 8);
        assert!(sq(5, 5).is_orthogonal_to(sq(5, 6)));
        assert!(sq(5, 5).is_diagonal_to(sq(6, 6)));
        assert!(!sq(5, 5).is_diagonal_to(sq(5, 6)));
    }

    #[test]
    fn index_round_trips() {
        for s in Square::all() {
            assert_eq!(Square::from_index(s.index()), s);
        }
    }
}
