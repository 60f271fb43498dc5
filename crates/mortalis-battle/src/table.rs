//! The table (B1, Q1): a square of 28"–48" with terrain pieces. Each piece is
//! a polygon footprint with a kind; walls and blocks have a height, blocks a
//! roof a model may stand on. Models stand on the ground (height 0) or on a
//! block's roof (the block's height): a [`Place`].

use geo::{BoundingRect, Contains, Coord, Distance, Euclidean, LineString, Point, Polygon};
use serde::Serialize;

/// The smallest table side in inches (B1).
pub const MIN_SIZE: f64 = 28.0;
/// The largest table side in inches (B1).
pub const MAX_SIZE: f64 = 48.0;
/// The tallest piece the simulator accepts, in inches.
pub const MAX_HEIGHT: f64 = 24.0;
/// The height of a low obstacle at most (B30).
pub const LOW_MAX: f64 = 1.0;

/// What a terrain piece is, for movement and sight.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Kind {
    /// Marks an area with no effect (a painted floor, a carpet).
    Open,
    /// Rubble, ice, marsh: crossing it costs 1" of the Move (B30).
    Difficult,
    /// An obstacle at most 1" high: walked over freely, hides what is low (B30).
    Low {
        /// Height in inches, above 0 and at most 1.
        height: f64,
    },
    /// A vertical obstacle higher than 1" that nobody stands on top of; it is
    /// climbed over when `climbable` (B31).
    Wall {
        /// Height in inches, above 1.
        height: f64,
        /// Whether models may climb it.
        climbable: bool,
    },
    /// A building or crate higher than 1" with a roof to stand on (B31).
    Block {
        /// Height in inches, above 1.
        height: f64,
        /// Whether models may climb it.
        climbable: bool,
    },
    /// A ladder against a wall or block: climbing there costs 1" per inch (B31).
    Ladder,
    /// Nobody enters (B32); it hides what is below `height` (0 for a chasm).
    Impassable {
        /// Height in inches that blocks sight; 0 blocks nothing.
        height: f64,
    },
    /// A gap, pit or alley: impassable, but may be jumped (B32).
    Gap,
    /// Lava or other dangerous ground: entering it is an event (B128).
    Dangerous,
    /// A floor: a standing surface at `height` open at the sides (an upper
    /// storey of a ruin, a gallery, a scaffold). Models walk under it on
    /// the ground; it hides only as a thin slab ([`FLOOR_SLAB`]), so a model
    /// under it is under a roof.
    Floor {
        /// Height of its surface in inches, above 1.
        height: f64,
        /// Whether models may climb onto it from the ground.
        climbable: bool,
    },
}

/// How thick a floor is for sight: it hides what lies this far below its
/// surface and not more.
pub const FLOOR_SLAB: f64 = 0.25;

impl Kind {
    /// The height up to which the piece hides what is behind it (0: nothing).
    pub fn sight_height(self) -> f64 {
        match self {
            Kind::Low { height }
            | Kind::Wall { height, .. }
            | Kind::Block { height, .. }
            | Kind::Impassable { height } => height,
            _ => 0.0,
        }
    }

    /// The height of its top and whether it can be climbed, for walls,
    /// blocks and floors.
    pub fn climb(self) -> Option<(f64, bool)> {
        match self {
            Kind::Wall { height, climbable }
            | Kind::Block { height, climbable }
            | Kind::Floor { height, climbable } => Some((height, climbable)),
            _ => None,
        }
    }

    /// The height of the surface a model stands on, for blocks (their roof)
    /// and floors.
    pub fn surface(self) -> Option<f64> {
        match self {
            Kind::Block { height, .. } | Kind::Floor { height, .. } => Some(height),
            _ => None,
        }
    }

    /// Whether no base may overlap it on the ground (walls, blocks,
    /// impassable areas, gaps).
    pub fn stops_bases(self) -> bool {
        matches!(
            self,
            Kind::Wall { .. } | Kind::Block { .. } | Kind::Impassable { .. } | Kind::Gap
        )
    }

    /// The name used in table files.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Open => "open",
            Kind::Difficult => "difficult",
            Kind::Low { .. } => "low",
            Kind::Wall { .. } => "wall",
            Kind::Block { .. } => "block",
            Kind::Ladder => "ladder",
            Kind::Impassable { .. } => "impassable",
            Kind::Gap => "gap",
            Kind::Dangerous => "dangerous",
            Kind::Floor { .. } => "floor",
        }
    }
}

/// One terrain piece.
#[derive(Debug, Clone, PartialEq)]
pub struct Piece {
    /// What it is.
    pub kind: Kind,
    /// Its footprint, counter-clockwise or not, without holes.
    pub footprint: Polygon<f64>,
}

impl Piece {
    /// A piece from its corner points (closed automatically).
    pub fn new(kind: Kind, points: &[(f64, f64)]) -> Self {
        let ring: Vec<Coord<f64>> = points.iter().map(|&(x, y)| Coord { x, y }).collect();
        Piece {
            kind,
            footprint: Polygon::new(LineString::new(ring), vec![]),
        }
    }

    /// An axis-aligned rectangle piece.
    pub fn rect(kind: Kind, x: f64, y: f64, w: f64, h: f64) -> Self {
        Piece::new(kind, &[(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
    }

    /// Horizontal distance from a point to the footprint (0 inside).
    pub fn distance_to(&self, x: f64, y: f64) -> f64 {
        Euclidean.distance(&self.footprint, &Point::new(x, y))
    }
}

/// The bounding box of a polygon's outer ring: (min x, min y, max x, max y).
pub(crate) fn bounds(poly: &Polygon<f64>) -> [f64; 4] {
    poly.exterior().0.iter().fold(
        [
            f64::INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NEG_INFINITY,
        ],
        |[x0, y0, x1, y1], c| [x0.min(c.x), y0.min(c.y), x1.max(c.x), y1.max(c.y)],
    )
}

/// Whether the point (x, y) lies within `reach` of the box `b` (a cheap
/// test before an exact distance).
pub(crate) fn near_bounds(b: [f64; 4], x: f64, y: f64, reach: f64) -> bool {
    x >= b[0] - reach && x <= b[2] + reach && y >= b[1] - reach && y <= b[3] + reach
}

/// Whether the segment from `a` to `b` may meet the box `b` = (min x,
/// min y, max x, max y): a slab test against the box grown by a hair, so it
/// never says no to a segment that touches the box (a cheap test before an
/// exact intersection).
pub(crate) fn segment_meets_box(a: (f64, f64), b: (f64, f64), bx: [f64; 4]) -> bool {
    const HAIR: f64 = 1e-9;
    let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
    for (p, q, lo, hi) in [(a.0, b.0, bx[0], bx[2]), (a.1, b.1, bx[1], bx[3])] {
        let (lo, hi, d) = (lo - HAIR, hi + HAIR, q - p);
        if d.abs() < 1e-12 {
            if p < lo || p > hi {
                return false;
            }
            continue;
        }
        let (ta, tb) = ((lo - p) / d, (hi - p) / d);
        t0 = t0.max(ta.min(tb));
        t1 = t1.min(ta.max(tb));
        if t0 > t1 + 1e-9 {
            return false;
        }
    }
    true
}

/// Where a model stands: on the ground or on the roof of a block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// The table surface and ground floors, height 0.
    Ground,
    /// The roof of the block with this index in [`Table::pieces`].
    Roof(usize),
}

/// A point on a standing surface.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Place {
    /// Inches from the left edge.
    pub x: f64,
    /// Inches from the bottom edge.
    pub y: f64,
    /// The surface.
    pub level: Level,
}

impl Place {
    /// Its exact numbers, for a memo's key: x and y as bits, and the
    /// surface (the ground as `u64::MAX`, a roof as its piece's index).
    pub fn bits(&self) -> [u64; 3] {
        let level = match self.level {
            Level::Ground => u64::MAX,
            Level::Roof(i) => i as u64,
        };
        [self.x.to_bits(), self.y.to_bits(), level]
    }

    /// A place on the ground.
    pub fn ground(x: f64, y: f64) -> Self {
        Place {
            x,
            y,
            level: Level::Ground,
        }
    }
}

/// The default base diameter (Q2): 1" (25 mm).
pub const BASE: f64 = 1.0;
/// The default height of a model for sight (Q2).
pub const HEIGHT: f64 = 1.25;
/// A battle sarcophagus: a 40 mm base (Q2).
pub const SARCOPHAGUS_BASE: f64 = 40.0 / 25.4;
/// A battle sarcophagus is taller (Q2).
pub const SARCOPHAGUS_HEIGHT: f64 = 2.0;

/// A model on the table: a vertical cylinder standing on a surface.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Body {
    /// Where the centre of its base stands.
    pub at: Place,
    /// Base diameter in inches.
    pub base: f64,
    /// Height for sight in inches.
    pub height: f64,
}

impl Body {
    /// A model with the default 1" base and 1.25" height.
    pub fn new(at: Place) -> Self {
        Body {
            at,
            base: BASE,
            height: HEIGHT,
        }
    }

    /// Base radius.
    pub fn radius(&self) -> f64 {
        self.base / 2.0
    }
}

/// A checked table.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    /// Side of the square in inches.
    pub size: f64,
    /// Terrain pieces.
    pub pieces: Vec<Piece>,
    /// Which block stands on which roof, worked out on first use.
    pub(crate) stacks: Stacks,
}

/// For each piece, the block whose roof it stands on and the blocks
/// standing on its own roof ([`Table::under`], [`Table::stacked_on`]),
/// worked out once from the pieces on first use. Equal whatever it holds:
/// it is a cache of what the pieces say.
#[derive(Debug, Clone, Default)]
pub(crate) struct Stacks(std::sync::OnceLock<StackMap>);

/// Each piece's block below and blocks above ([`Stacks`]), the boxes of
/// the pieces no base may overlap on the ground ([`Table::solid_bounds`]),
/// the pieces that hide ([`Table::sight_boxes`]), and the boxes of the
/// pieces with a surface ([`Table::surface_at`]).
type StackMap = (
    Vec<Option<usize>>,
    Vec<Vec<usize>>,
    Vec<(usize, [f64; 4])>,
    Vec<SightBox>,
    Vec<(usize, [f64; 4])>,
);

/// A piece as a prism that may block sight: its footprint's box and the
/// heights it fills.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SightBox {
    /// Which piece.
    pub(crate) piece: usize,
    /// Its footprint's box ([`bounds`]).
    pub(crate) bounds: [f64; 4],
    pub(crate) low: f64,
    pub(crate) high: f64,
}

impl PartialEq for Stacks {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// Why a table or a place is not acceptable.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TableError {
    /// The side is outside 28"–48".
    #[error("table size {0}\" is outside {MIN_SIZE}\" to {MAX_SIZE}\" (B1)")]
    Size(f64),
    /// A piece with fewer than three corners, no area or crossing edges.
    #[error(
        "piece {} ({kind}): its footprint is not a simple polygon with an area",
        piece + 1
    )]
    Shape {
        /// Index of the piece (from 0; messages count from 1, as the
        /// file's `[[piece]]` tables come).
        piece: usize,
        /// Its kind.
        kind: &'static str,
    },
    /// A piece reaching past the table.
    #[error("piece {} ({kind}): a corner lies outside the {size}\" table", piece + 1)]
    Outside {
        /// Index of the piece (from 0; messages count from 1, as the
        /// file's `[[piece]]` tables come).
        piece: usize,
        /// Its kind.
        kind: &'static str,
        /// The table side.
        size: f64,
    },
    /// A height out of its range.
    #[error(
        "piece {} ({kind}): height {height}\" must be {}",
        piece + 1,
        if *above { format!("more than {min}\" and at most {max}\"") } else { format!("from {min}\" to {max}\"") }
    )]
    Height {
        /// Index of the piece (from 0; messages count from 1, as the
        /// file's `[[piece]]` tables come).
        piece: usize,
        /// Its kind.
        kind: &'static str,
        /// The height given.
        height: f64,
        /// Least allowed.
        min: f64,
        /// Most allowed.
        max: f64,
        /// Whether the height must be more than `min` (else at least it).
        above: bool,
    },
    /// A ladder touching no wall or block (the index from 0; the message
    /// counts from 1).
    #[error("piece {} (ladder): it touches no wall or block", .0 + 1)]
    LooseLadder(usize),
    /// A place a model cannot stand on.
    #[error("no model can stand at ({x:.2}, {y:.2}) on {level:?}: {why}")]
    Stand {
        /// Centre x.
        x: f64,
        /// Centre y.
        y: f64,
        /// Surface.
        level: Level,
        /// The reason.
        why: &'static str,
    },
}

/// How far a ladder may be from its wall and still lean on it.
pub const LADDER_REACH: f64 = 0.5;

impl Table {
    /// Checks sizes, shapes, heights and ladders.
    pub fn new(size: f64, pieces: Vec<Piece>) -> Result<Self, TableError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(TableError::Size(size));
        }
        let table = Table {
            size,
            pieces,
            stacks: Stacks::default(),
        };
        for (i, p) in table.pieces.iter().enumerate() {
            table.check_piece(i, p)?;
        }
        Ok(table)
    }

    fn check_piece(&self, i: usize, p: &Piece) -> Result<(), TableError> {
        use geo::{Area, Validation};
        let kind = p.kind.name();
        if p.footprint.exterior().0.len() < 4
            || p.footprint.unsigned_area() < 1e-6
            || !p.footprint.is_valid()
        {
            return Err(TableError::Shape { piece: i, kind });
        }
        if p.footprint
            .exterior()
            .0
            .iter()
            .any(|c| !(0.0..=self.size).contains(&c.x) || !(0.0..=self.size).contains(&c.y))
        {
            return Err(TableError::Outside {
                piece: i,
                kind,
                size: self.size,
            });
        }
        // The height, its range, and whether it must be more than the least.
        let range = match p.kind {
            Kind::Low { height } => Some((height, 0.0, LOW_MAX, true)),
            Kind::Wall { height, .. } | Kind::Block { height, .. } | Kind::Floor { height, .. } => {
                Some((height, LOW_MAX, MAX_HEIGHT, true))
            }
            Kind::Impassable { height } => Some((height, 0.0, MAX_HEIGHT, false)),
            _ => None,
        };
        if let Some((height, min, max, above)) = range
            && !(if above { height > min } else { height >= min } && height <= max)
        {
            return Err(TableError::Height {
                piece: i,
                kind,
                height,
                min,
                max,
                above,
            });
        }
        if p.kind == Kind::Ladder && self.ladder_wall(p).is_none() {
            return Err(TableError::LooseLadder(i));
        }
        Ok(())
    }

    /// The wall or block a ladder leans on (the nearest one within reach).
    pub fn ladder_wall(&self, ladder: &Piece) -> Option<usize> {
        // A piece whose box lies farther from the ladder's than the reach
        // (and a hair more, against rounding) lies that far from the
        // ladder too: its distance is not worked out. Empty outlines have
        // no box and are measured as before.
        let apart = |p: &Piece| match (
            p.footprint.bounding_rect(),
            ladder.footprint.bounding_rect(),
        ) {
            (Some(a), Some(b)) => {
                let gap = (a.min().x - b.max().x)
                    .max(b.min().x - a.max().x)
                    .max(a.min().y - b.max().y)
                    .max(b.min().y - a.max().y);
                gap > LADDER_REACH + 1e-6
            }
            _ => false,
        };
        self.pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.kind.climb().is_some() && !apart(p))
            .map(|(j, p)| (j, Euclidean.distance(&p.footprint, &ladder.footprint)))
            .filter(|&(_, d)| d <= LADDER_REACH)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(j, _)| j)
    }

    /// Whether any piece has a surface above the ground to stand on (a
    /// block's roof, a floor).
    pub fn has_roofs(&self) -> bool {
        self.pieces.iter().any(|p| p.kind.surface().is_some())
    }

    /// The height of a surface.
    pub fn level_height(&self, level: Level) -> f64 {
        match level {
            Level::Ground => 0.0,
            Level::Roof(i) => self
                .pieces
                .get(i)
                .and_then(|p| p.kind.surface())
                .unwrap_or(0.0),
        }
    }

    /// Whether a base of `radius` may stand with its centre at `at`: on the
    /// table, wholly on its roof if on one, and on the ground clear of every
    /// wall, block, impassable area and gap. Lava, rubble and low obstacles
    /// may be stood on.
    pub fn can_stand(&self, at: Place, radius: f64) -> Result<(), TableError> {
        let no = |why| {
            Err(TableError::Stand {
                x: at.x,
                y: at.y,
                level: at.level,
                why,
            })
        };
        let r = radius;
        if at.x < r || at.y < r || at.x > self.size - r || at.y > self.size - r {
            return no("the base is not wholly on the table");
        }
        let centre = Point::new(at.x, at.y);
        match at.level {
            Level::Roof(i) => match self.pieces.get(i) {
                Some(p) if p.kind.surface().is_some() => {
                    let inside = p.footprint.contains(&centre)
                        && Euclidean.distance(p.footprint.exterior(), &centre) >= r - 1e-9;
                    // A block standing on this roof stops bases there as a
                    // wall does on the ground.
                    let clear = self.stacked_on(i).all(|j| {
                        Euclidean.distance(&self.pieces[j].footprint, &centre) >= r - 1e-9
                    });
                    if inside && !clear {
                        no("the base overlaps a block standing on the roof")
                    } else if inside {
                        Ok(())
                    } else {
                        no("the base is not wholly on the roof")
                    }
                }
                _ => no("that piece is not a block with a roof nor a floor"),
            },
            Level::Ground => {
                let blocked = self.stacks().2.iter().any(|&(i, b)| {
                    near_bounds(b, at.x, at.y, r)
                        && Euclidean.distance(&self.pieces[i].footprint, &centre) < r - 1e-9
                });
                if blocked {
                    no("the base overlaps a wall, block, impassable area or gap")
                } else {
                    Ok(())
                }
            }
        }
    }

    /// The bounding boxes of the pieces no base may overlap on the ground
    /// (kept by a path graph for [`Table::stands_among`]).
    pub(crate) fn solid_bounds(&self) -> Vec<(usize, [f64; 4])> {
        self.pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.kind.stops_bases())
            .map(|(i, p)| (i, bounds(&p.footprint)))
            .collect()
    }

    /// [`Table::can_stand`] for a ground place, with the boxes of
    /// [`Table::solid_bounds`] computed once: the base lies wholly on the
    /// table and clear of every piece that stops bases.
    pub(crate) fn stands_among(&self, at: Place, radius: f64, solid: &[(usize, [f64; 4])]) -> bool {
        let r = radius;
        if at.x < r || at.y < r || at.x > self.size - r || at.y > self.size - r {
            return false;
        }
        let centre = Point::new(at.x, at.y);
        !solid.iter().any(|&(i, b)| {
            near_bounds(b, at.x, at.y, r)
                && Euclidean.distance(&self.pieces[i].footprint, &centre) < r - 1e-9
        })
    }

    /// Edge-to-edge distance between two models (Q3): the shortest distance
    /// between their cylinders, horizontal gap and vertical gap combined.
    pub fn distance(&self, a: &Body, b: &Body) -> f64 {
        let centres = (a.at.x - b.at.x).hypot(a.at.y - b.at.y);
        let flat = (centres - a.radius() - b.radius()).max(0.0);
        let (za, zb) = (self.level_height(a.at.level), self.level_height(b.at.level));
        let rise = if za > zb + b.height {
            za - zb - b.height
        } else if zb > za + a.height {
            zb - za - a.height
        } else {
            0.0
        };
        flat.hypot(rise)
    }

    /// The blocks standing on block `i`'s roof: blocks whose footprint lies
    /// wholly within its own and whose roof is higher, with no roof between
    /// (roofs on top of roofs; the block right under each is
    /// [`Table::under`]); and the pieces that overlap its footprint and rise
    /// above its roof: a base on that roof goes round them all.
    pub fn stacked_on(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        self.stacks().1.get(i).into_iter().flatten().copied()
    }

    /// The block whose roof block `i` stands on: the highest lower block
    /// whose footprint holds `i`'s wholly; `None` on the ground.
    pub fn under(&self, i: usize) -> Option<usize> {
        self.stacks().0.get(i).copied().flatten()
    }

    fn stacks(&self) -> &StackMap {
        self.stacks.0.get_or_init(|| {
            // Each piece's box, worked out once for the pairs below.
            let boxes: Vec<[f64; 4]> = self.pieces.iter().map(|p| bounds(&p.footprint)).collect();
            let under: Vec<Option<usize>> = (0..self.pieces.len())
                .map(|i| self.find_under(i, &boxes))
                .collect();
            let mut above = vec![vec![]; self.pieces.len()];
            for (j, u) in under.iter().enumerate() {
                if let Some(i) = u {
                    above[*i].push(j);
                }
            }
            for (i, list) in above.iter_mut().enumerate() {
                list.extend(self.rising_over(i, &boxes).filter(|j| under[*j] != Some(i)));
            }
            let surfaces = (boxes.iter().enumerate())
                .filter(|&(i, _)| self.pieces[i].kind.surface().is_some())
                .map(|(i, b)| (i, *b))
                .collect();
            (
                under,
                above,
                self.solid_bounds(),
                self.find_sight_boxes(),
                surfaces,
            )
        })
    }

    /// The walls, blocks and impassable pieces that overlap roof `i`'s
    /// footprint and rise above it without standing on it (the generator
    /// may set a block across a lane over another piece): on that roof
    /// they stop a base as a block standing on it does. `boxes` holds
    /// each piece's box ([`bounds`]).
    fn rising_over<'b>(
        &'b self,
        i: usize,
        boxes: &'b [[f64; 4]],
    ) -> impl Iterator<Item = usize> + 'b {
        use geo::Intersects;
        let roof = self.pieces.get(i).and_then(|p| {
            let (top, _) = p.kind.climb()?;
            p.kind.surface()?;
            Some((p, top, boxes[i]))
        });
        self.pieces
            .iter()
            .enumerate()
            .filter(move |&(j, q)| {
                let Some((p, top, pb)) = roof else {
                    return false;
                };
                let b = boxes[j];
                j != i
                    && matches!(
                        q.kind,
                        Kind::Wall { .. } | Kind::Block { .. } | Kind::Impassable { .. }
                    )
                    && q.kind.sight_height() > top + 1e-9
                    && b[0] < pb[2]
                    && pb[0] < b[2]
                    && b[1] < pb[3]
                    && pb[1] < b[3]
                    && q.footprint.intersects(&p.footprint)
            })
            .map(|(j, _)| j)
    }

    /// The pieces that hide, worked out once: every piece with a height
    /// for sight as a prism from the ground, then every floor as a thin
    /// slab just under its surface ([`FLOOR_SLAB`]).
    pub(crate) fn sight_boxes(&self) -> &[SightBox] {
        &self.stacks().3
    }

    fn find_sight_boxes(&self) -> Vec<SightBox> {
        let all = self.pieces.iter().enumerate();
        let prisms = all.clone().filter_map(|(piece, p)| {
            let high = p.kind.sight_height();
            (high > 0.0).then(|| SightBox {
                piece,
                bounds: bounds(&p.footprint),
                low: 0.0,
                high,
            })
        });
        let floors = all.filter_map(|(piece, p)| {
            let Kind::Floor { height, .. } = p.kind else {
                return None;
            };
            Some(SightBox {
                piece,
                bounds: bounds(&p.footprint),
                low: height - FLOOR_SLAB,
                high: height,
            })
        });
        prisms.chain(floors).collect()
    }

    /// [`Table::under`] worked out: `boxes` holds each piece's box
    /// ([`bounds`]), compared before the exact test of containment.
    fn find_under(&self, i: usize, boxes: &[[f64; 4]]) -> Option<usize> {
        let p = self.pieces.get(i)?;
        if !matches!(p.kind, Kind::Block { .. }) {
            return None;
        }
        let h = p.kind.sight_height();
        let pb = boxes[i];
        self.pieces
            .iter()
            .enumerate()
            .filter(|(j, q)| {
                let b = boxes[*j];
                *j != i
                    && matches!(q.kind, Kind::Block { .. })
                    && q.kind.sight_height() < h
                    && pb[0] >= b[0]
                    && pb[1] >= b[1]
                    && pb[2] <= b[2]
                    && pb[3] <= b[3]
                    && q.footprint.contains(&p.footprint)
            })
            .max_by(|a, b| a.1.kind.sight_height().total_cmp(&b.1.kind.sight_height()))
            .map(|(j, _)| j)
    }

    /// The height a block rises above what it stands on: its height, less
    /// the roof under it (roofs on top of roofs).
    pub fn rise(&self, i: usize) -> f64 {
        let h = self
            .pieces
            .get(i)
            .map_or(0.0, |p| p.kind.surface().unwrap_or(p.kind.sight_height()));
        h - self
            .under(i)
            .map_or(0.0, |u| self.level_height(Level::Roof(u)))
    }

    /// The surface under a point: the highest roof or floor containing it,
    /// else the ground.
    pub fn surface_at(&self, x: f64, y: f64) -> Level {
        let pt = Point::new(x, y);
        // A footprint holds only points within its box.
        let in_box = |b: &[f64; 4]| x >= b[0] && x <= b[2] && y >= b[1] && y <= b[3];
        (self.stacks().4.iter())
            .filter(|(_, b)| in_box(b))
            .filter_map(|&(i, _)| Some((i, self.pieces[i].kind.surface()?, &self.pieces[i])))
            .filter(|(_, _, p)| p.footprint.contains(&pt))
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map_or(Level::Ground, |(i, _, _)| Level::Roof(i))
    }
}

#[cfg(test)]
mod tests;
