//! The table file (TOML). Numbers are read through range-checked readers, so
//! a value out of range is an error at its own line naming the key; a piece
//! that fails a geometric check is reported at the line of its `[[piece]]`.
//!
//! ```toml
//! size = 36                       # inches, 28 to 48 (B1)
//! [[piece]]
//! kind = "block"                  # open, difficult, low, wall, block,
//!                                 # ladder, impassable, gap, dangerous, floor
//! height = 3.0                    # low: up to 1; wall, block, floor: above 1
//! climbable = true                # walls, blocks, floors; default true
//! rect = [10, 10, 4, 4]           # x, y, width, depth, or:
//! # points = [[10, 10], [14, 10], [12, 14]]
//! ```

use std::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize};

use crate::table::{Kind, MAX_HEIGHT, MAX_SIZE, MIN_SIZE, Piece, Table, TableError};

/// A table file that could not be read.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FileError {
    /// Not TOML, an unknown key, a wrong type or a number out of range
    /// (the TOML reader's message).
    #[error("{0}")]
    Format(String),
    /// More pieces than a table may have (the count given).
    #[error("{0} pieces: at most {MAX_PIECES} are allowed")]
    TooManyPieces(usize),
    /// A piece whose keys do not fit its kind.
    #[error("line {line}: piece {}: {error}", index + 1)]
    Piece {
        /// Line of its `[[piece]]`.
        line: usize,
        /// Index of the piece (from 0; the message counts from 1).
        index: usize,
        /// What is wrong.
        error: PieceError,
    },
    /// A piece or the table failed a check.
    #[error("line {line}: {error}")]
    Table {
        /// Line of the piece (or 1 for the table).
        line: usize,
        /// What is wrong.
        error: TableError,
    },
}

/// What is wrong with a piece's keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PieceError {
    /// A kind that needs `height` (low obstacle, wall, block, floor)
    /// without it; the kind's name as the file spells it.
    #[error("a {} needs `height`", if *.0 == "low" { "low obstacle" } else { .0 })]
    NeedsHeight(&'static str),
    /// `climbable` on a kind other than a wall, block or floor.
    #[error("`climbable` is only for walls, blocks and floors")]
    Climbable,
    /// `height` on a kind that has none.
    #[error("`height` is not used by a {0} piece")]
    Height(&'static str),
    /// `points` with too few or too many corners.
    #[error("`points` needs 3 to {MAX_CORNERS} corners")]
    Corners,
    /// Neither or both of `rect` and `points`.
    #[error("a piece needs exactly one of `rect` or `points`")]
    Footprint,
}

/// A number with a range, read for one key.
struct Inches {
    key: &'static str,
    min: f64,
    max: f64,
}

impl Visitor<'_> for Inches {
    type Value = f64;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "`{}`: a number of inches from {} to {}",
            self.key, self.min, self.max
        )
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<f64, E> {
        if v.is_finite() && (self.min..=self.max).contains(&v) {
            Ok(v)
        } else {
            // A huge number in the short form (1e300, not its 301 digits).
            let given = if v.abs() < 1e9 {
                v.to_string()
            } else {
                format!("{v:e}")
            };
            Err(E::custom(format!(
                "`{}` = {given} is out of range (allowed: {} to {})",
                self.key, self.min, self.max
            )))
        }
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<f64, E> {
        self.visit_f64(v as f64)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<f64, E> {
        self.visit_f64(v as f64)
    }
}

fn size<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    d.deserialize_f64(Inches {
        key: "size",
        min: MIN_SIZE,
        max: MAX_SIZE,
    })
}

fn height<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    d.deserialize_f64(Inches {
        key: "height",
        min: 0.0,
        max: MAX_HEIGHT,
    })
    .map(Some)
}

/// One coordinate or length on the table.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
struct Coordinate(f64);

impl<'de> Deserialize<'de> for Coordinate {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_f64(Inches {
            key: "points/rect",
            min: 0.0,
            max: MAX_SIZE,
        })
        .map(Coordinate)
    }
}

/// The file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTable {
    #[serde(deserialize_with = "size")]
    size: f64,
    #[serde(default)]
    piece: Vec<toml::Spanned<RawPiece>>,
}

#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
enum RawKind {
    Open,
    Difficult,
    Low,
    Wall,
    Block,
    Ladder,
    Impassable,
    Gap,
    Dangerous,
    Floor,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPiece {
    kind: RawKind,
    #[serde(default, deserialize_with = "height")]
    height: Option<f64>,
    climbable: Option<bool>,
    rect: Option<[Coordinate; 4]>,
    points: Option<Vec<[Coordinate; 2]>>,
}

/// The most corners one piece may have.
pub const MAX_CORNERS: usize = 64;
/// The most pieces one table may have.
pub const MAX_PIECES: usize = 400;

impl RawPiece {
    fn piece(&self) -> Result<Piece, PieceError> {
        let height = |what: &'static str| self.height.ok_or(PieceError::NeedsHeight(what));
        let climbable = self.climbable.unwrap_or(true);
        if self.climbable.is_some()
            && !matches!(self.kind, RawKind::Wall | RawKind::Block | RawKind::Floor)
        {
            return Err(PieceError::Climbable);
        }
        let kind = match self.kind {
            RawKind::Open => Kind::Open,
            RawKind::Difficult => Kind::Difficult,
            RawKind::Low => Kind::Low {
                height: height("low")?,
            },
            RawKind::Wall => Kind::Wall {
                height: height("wall")?,
                climbable,
            },
            RawKind::Block => Kind::Block {
                height: height("block")?,
                climbable,
            },
            RawKind::Ladder => Kind::Ladder,
            RawKind::Impassable => Kind::Impassable {
                height: self.height.unwrap_or(0.0),
            },
            RawKind::Gap => Kind::Gap,
            RawKind::Dangerous => Kind::Dangerous,
            RawKind::Floor => Kind::Floor {
                height: height("floor")?,
                climbable,
            },
        };
        if self.height.is_some()
            && matches!(
                self.kind,
                RawKind::Open
                    | RawKind::Difficult
                    | RawKind::Ladder
                    | RawKind::Gap
                    | RawKind::Dangerous
            )
        {
            return Err(PieceError::Height(kind.name()));
        }
        match (&self.rect, &self.points) {
            (Some([x, y, w, d]), None) => Ok(Piece::rect(kind, x.0, y.0, w.0, d.0)),
            (None, Some(points)) if (3..=MAX_CORNERS).contains(&points.len()) => {
                let pts: Vec<(f64, f64)> = points.iter().map(|[x, y]| (x.0, y.0)).collect();
                Ok(Piece::new(kind, &pts))
            }
            (None, Some(_)) => Err(PieceError::Corners),
            _ => Err(PieceError::Footprint),
        }
    }
}

/// Line (from 1) of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset)
        .map_or(1, |t| t.matches('\n').count() + 1)
}

/// Reads and checks a table file.
pub fn parse(text: &str) -> Result<Table, FileError> {
    let raw: RawTable = toml::from_str(text).map_err(|e| FileError::Format(e.to_string()))?;
    if raw.piece.len() > MAX_PIECES {
        return Err(FileError::TooManyPieces(raw.piece.len()));
    }
    let mut pieces = Vec::with_capacity(raw.piece.len());
    let mut lines = Vec::with_capacity(raw.piece.len());
    for p in &raw.piece {
        let line = line_of(text, p.span().start);
        let piece = p.get_ref().piece().map_err(|error| FileError::Piece {
            line,
            index: pieces.len(),
            error,
        })?;
        pieces.push(piece);
        lines.push(line);
    }
    Table::new(raw.size, pieces).map_err(|error| {
        let line = match &error {
            TableError::Shape { piece, .. }
            | TableError::Outside { piece, .. }
            | TableError::Height { piece, .. }
            | TableError::LooseLadder(piece) => lines.get(*piece).copied().unwrap_or(1),
            _ => 1,
        };
        FileError::Table { line, error }
    })
}

/// Writes a table in the file format (rectangles as corner lists).
pub fn write(table: &Table) -> String {
    let mut out = format!("size = {}\n", table.size);
    for p in &table.pieces {
        out.push_str(&format!("\n[[piece]]\nkind = \"{}\"\n", p.kind.name()));
        match p.kind {
            Kind::Low { height } | Kind::Impassable { height } => {
                out.push_str(&format!("height = {height}\n"));
            }
            Kind::Wall { height, climbable }
            | Kind::Block { height, climbable }
            | Kind::Floor { height, climbable } => {
                out.push_str(&format!("height = {height}\nclimbable = {climbable}\n"));
            }
            _ => {}
        }
        let ring = &p.footprint.exterior().0;
        let corners: Vec<String> = ring[..ring.len().saturating_sub(1)]
            .iter()
            .map(|c| format!("[{}, {}]", c.x, c.y))
            .collect();
        out.push_str(&format!("points = [{}]\n", corners.join(", ")));
    }
    out
}
