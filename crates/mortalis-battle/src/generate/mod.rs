//! A table generator (B1, B149, Q1). The rulebook's goal for terrain is a
//! dense table: no lane in which an infantry rifle reaches its full range.
//! The generator scatters blocks, walls, low obstacles, rubble and ladders
//! on a jittered grid, keeps the corners free for deployment, then closes
//! every open lane it finds with one more block (or a wall across it),
//! placed so that the ground stays in one piece (`ground.rs`: no pocket a
//! model could be deployed or walk into and never leave).
//!
//! A lane between two ground points is closed when a convex piece taller
//! than a model crosses the whole strip a model's sight rays use (both lines
//! at ±0.4" beside the centre line, [`LANE_HALF_WIDTH`]): every ray between
//! the two models then crosses it below its top. The lanes checked join the
//! points of a 2" grid over the whole table, 23" or more apart.

use geo::{Intersects, Line, Polygon};
use mortalis_rules::dice::uniform_below;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use mortalis_rules::campaign::tables::Scenario;

use crate::table::{HEIGHT, Kind, Piece, Table, bounds, segment_meets_box};

mod ground;

use ground::Ground;

#[cfg(test)]
mod tests;

/// The range of the assault rifle, the infantry rifle (B58).
pub const LANE_RANGE: f64 = 24.0;
/// Half the width of the strip of sight rays between two 1" bases.
pub const LANE_HALF_WIDTH: f64 = 0.4;
/// Corners kept free for deployment (B154, Q25): quarter circles of 6".
pub const DEPLOY_RADIUS: f64 = 6.0;
/// The default table side.
pub const DEFAULT_SIZE: f64 = 36.0;
/// The grid step of the lane check.
const LANE_GRID: f64 = 2.0;
/// Lanes checked: a little shorter than the range, so that lanes between
/// points off the grid are closed too.
const LANE_CHECKED: f64 = LANE_RANGE - 1.0;
/// Room kept free around each piece so bases can pass.
const PASSAGE: f64 = 1.5;

/// Uniform value in `lo..=hi` in steps of 0.5".
fn half_inches(rng: &mut ChaCha8Rng, lo: f64, hi: f64) -> f64 {
    let steps = ((hi - lo) * 2.0).round().max(0.0) as u32;
    lo + f64::from(uniform_below(rng, steps + 1)) / 2.0
}

struct Builder {
    size: f64,
    pieces: Vec<Piece>,
}

impl Builder {
    /// Adds the piece when it [fits](Builder::fits).
    fn try_add(&mut self, piece: Piece) -> bool {
        let fits = self.fits(&piece);
        if fits {
            self.pieces.push(piece);
        }
        fits
    }

    /// Whether the piece keeps passages and the deployment corners free.
    fn fits(&self, piece: &Piece) -> bool {
        let ring = &piece.footprint.exterior().0;
        let inside = ring.iter().all(|c| {
            c.x >= PASSAGE
                && c.y >= PASSAGE
                && c.x <= self.size - PASSAGE
                && c.y <= self.size - PASSAGE
        });
        let in_corner = self.in_corner(piece);
        // Pieces whose boxes are clearly farther apart than the passage are
        // not measured (their footprints are at least as far apart).
        let mine = bounds(&piece.footprint);
        let crowded = self.pieces.iter().any(|p| {
            let b = bounds(&p.footprint);
            let gap = (b[0] - mine[2])
                .max(mine[0] - b[2])
                .max(b[1] - mine[3])
                .max(mine[1] - b[3]);
            gap < PASSAGE + 1e-9
                && geo::Distance::distance(&geo::Euclidean, &p.footprint, &piece.footprint)
                    < PASSAGE
        });
        inside && !in_corner && !crowded
    }

    /// Whether the piece comes into a deployment corner (or the passage
    /// round it).
    fn in_corner(&self, piece: &Piece) -> bool {
        let corners = [
            (0.0, 0.0),
            (self.size, 0.0),
            (0.0, self.size),
            (self.size, self.size),
        ];
        corners
            .iter()
            .any(|&(x, y)| piece.distance_to(x, y) < DEPLOY_RADIUS + PASSAGE)
    }

    /// One random piece centred near (cx, cy).
    fn scatter(&mut self, rng: &mut ChaCha8Rng, cx: f64, cy: f64) {
        let roll = uniform_below(rng, 10);
        let piece = match roll {
            0..=3 => {
                let (w, d) = (half_inches(rng, 2.0, 5.0), half_inches(rng, 2.0, 5.0));
                let height = half_inches(rng, 2.0, 6.0);
                Piece::rect(
                    Kind::Block {
                        height,
                        climbable: true,
                    },
                    cx - w / 2.0,
                    cy - d / 2.0,
                    w,
                    d,
                )
            }
            4..=6 => {
                let len = half_inches(rng, 3.0, 6.0);
                let height = half_inches(rng, 2.0, 3.5);
                let kind = Kind::Wall {
                    height,
                    climbable: true,
                };
                if uniform_below(rng, 2) == 0 {
                    Piece::rect(kind, cx - len / 2.0, cy - 0.25, len, 0.5)
                } else {
                    Piece::rect(kind, cx - 0.25, cy - len / 2.0, 0.5, len)
                }
            }
            7 => Piece::rect(Kind::Low { height: 1.0 }, cx - 1.5, cy - 0.5, 3.0, 1.0),
            8 => Piece::rect(Kind::Difficult, cx - 1.5, cy - 1.5, 3.0, 3.0),
            _ => return,
        };
        let tall = matches!(piece.kind, Kind::Block { height, .. } if height >= 4.0);
        if self.try_add(piece) && tall && uniform_below(rng, 2) == 0 {
            self.ladder();
        }
    }

    /// A ladder against the south face of the last piece.
    fn ladder(&mut self) {
        let Some(last) = self.pieces.last() else {
            return;
        };
        let ring = &last.footprint.exterior().0;
        let (x0, y0) = (ring[0].x, ring[0].y);
        let ladder = Piece::rect(Kind::Ladder, x0 + 0.5, y0 - 0.5, 1.0, 0.5);
        self.pieces.push(ladder);
    }

    /// Every open lane between points of the lane grid, in the order of
    /// [`lane_pairs`]. The piece that closed the last lane is tried first
    /// (neighbouring lanes are mostly closed by the same piece); whether
    /// some piece closes a lane does not depend on the order they are tried
    /// in.
    fn open_lanes(&self) -> Vec<Strip> {
        let tall = self.tall();
        let mut hint = 0;
        let mut open = vec![];
        for strip in lane_pairs(self.size) {
            let first = tall
                .get(hint)
                .is_some_and(|&(p, bx)| strip.closed_by(p, bx));
            if !first {
                match tall.iter().position(|&(p, bx)| strip.closed_by(p, bx)) {
                    Some(k) => hint = k,
                    None => open.push(strip),
                }
            }
        }
        open
    }

    /// The tall pieces with their boxes.
    fn tall(&self) -> Vec<(&Polygon<f64>, [f64; 4])> {
        self.pieces
            .iter()
            .filter(|p| is_tall(p))
            .map(|p| (&p.footprint, bounds(&p.footprint)))
            .collect()
    }
}

/// The strips between points of the lane grid [`LANE_CHECKED`] or more
/// apart, pair by pair in grid order.
fn lane_pairs(size: f64) -> impl Iterator<Item = Strip> {
    let n = ((size - 1.0) / LANE_GRID).floor() as usize;
    let step = (size - 1.0) / n as f64;
    let points: Vec<(f64, f64)> = (0..=n)
        .flat_map(|i| (0..=n).map(move |j| (i, j)))
        .map(|(i, j)| (0.5 + step * i as f64, 0.5 + step * j as f64))
        .collect();
    let count = points.len();
    (0..count)
        .flat_map(move |k| (k + 1..count).map(move |m| (k, m)))
        .map(move |(k, m)| (points[k], points[m]))
        .filter(|&(a, b)| long_enough(a, b))
        .map(|(a, b)| Strip::new(a, b))
}

/// Whether two points lie [`LANE_CHECKED`] or more apart by `hypot`; the
/// square of the distance answers first unless it lies within a millionth
/// of the bound's square, far beyond the rounding of either.
fn long_enough(a: (f64, f64), b: (f64, f64)) -> bool {
    let (dx, dy) = (a.0 - b.0, a.1 - b.1);
    let square = dx * dx + dy * dy;
    let bound = LANE_CHECKED * LANE_CHECKED;
    if square > bound * (1.0 + 1e-6) {
        true
    } else if square < bound * (1.0 - 1e-6) {
        false
    } else {
        dx.hypot(dy) >= LANE_CHECKED
    }
}

/// Whether a piece hides a standing model wholly (a wall or block at least
/// as tall as a model).
fn is_tall(p: &Piece) -> bool {
    matches!(p.kind, Kind::Wall { .. } | Kind::Block { .. }) && p.kind.sight_height() >= HEIGHT
}

/// The sight strip between two points: its two side lines (±
/// [`LANE_HALF_WIDTH`] beside the centre line `lane`).
struct Strip {
    lane: Line<f64>,
    left: Line<f64>,
    right: Line<f64>,
    /// The box of both side lines.
    bx: [f64; 4],
}

/// How far apart a strip's box and a piece's box must be for the piece to
/// be passed over unmeasured: far above the slab test's tolerances (1e-9"
/// round the box, 1e-9 of the line's length), so that a piece passed over
/// is one the slab test would turn away too.
const BOX_MARGIN: f64 = 1e-4;

impl Strip {
    fn new(a: (f64, f64), b: (f64, f64)) -> Self {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = dx.hypot(dy).max(1e-9);
        let (px, py) = (-dy / len * LANE_HALF_WIDTH, dx / len * LANE_HALF_WIDTH);
        let (l0, l1) = ((a.0 + px, a.1 + py), (b.0 + px, b.1 + py));
        let (r0, r1) = ((a.0 - px, a.1 - py), (b.0 - px, b.1 - py));
        let xs = [l0.0, l1.0, r0.0, r1.0];
        let ys = [l0.1, l1.1, r0.1, r1.1];
        let lo = |v: [f64; 4]| v.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = |v: [f64; 4]| v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        Strip {
            lane: Line::new(a, b),
            left: Line::new(l0, l1),
            right: Line::new(r0, r1),
            bx: [lo(xs), lo(ys), hi(xs), hi(ys)],
        }
    }

    /// Whether the piece's box `b` lies clearly apart from the strip's box
    /// (then neither side line meets it).
    fn apart(&self, b: [f64; 4]) -> bool {
        let s = self.bx;
        b[0] > s[2] + BOX_MARGIN
            || s[0] > b[2] + BOX_MARGIN
            || b[1] > s[3] + BOX_MARGIN
            || s[1] > b[3] + BOX_MARGIN
    }

    /// Whether the piece `p` (whose box is `b`) crosses the whole strip; a
    /// slab test against the box first: a line that misses the box misses
    /// the piece; before that, whether the two boxes lie clearly apart.
    fn closed_by(&self, p: &Polygon<f64>, b: [f64; 4]) -> bool {
        if self.apart(b) {
            return false;
        }
        self.closed_by_plain(p, b)
    }

    /// [`Strip::closed_by`] without the boxes' first look.
    fn closed_by_plain(&self, p: &Polygon<f64>, b: [f64; 4]) -> bool {
        let meets = |line: &Line<f64>| segment_meets_box(line.start.x_y(), line.end.x_y(), b);
        meets(&self.left)
            && meets(&self.right)
            && p.intersects(&self.left)
            && p.intersects(&self.right)
    }
}

/// Whether some tall piece crosses the whole sight strip between a and b.
pub fn lane_closed(a: (f64, f64), b: (f64, f64), tall: &[&Polygon<f64>]) -> bool {
    let strip = Strip::new(a, b);
    tall.iter().any(|p| strip.closed_by(p, bounds(p)))
}

/// The pieces scattered on the jittered 6" grid, before any lane is closed.
fn scattered(rng: &mut ChaCha8Rng, size: f64) -> Builder {
    let mut b = Builder {
        size,
        pieces: vec![],
    };
    let cell = 6.0;
    let n = (size / cell) as usize;
    for i in 0..n {
        for j in 0..n {
            let cx = cell * (i as f64 + 0.5) + half_inches(rng, -1.0, 1.0);
            let cy = cell * (j as f64 + 0.5) + half_inches(rng, -1.0, 1.0);
            b.scatter(rng, cx, cy);
        }
    }
    b
}

/// A dense table of side `size` (28" to 48") from a seed. The same seed and
/// size always give the same table.
pub fn generate(seed: u64, size: f64) -> Table {
    let size = size.clamp(crate::table::MIN_SIZE, crate::table::MAX_SIZE);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut b = scattered(&mut rng, size);
    let mut ground = Ground::new(size);
    for p in &b.pieces {
        ground.mark(p, 1);
    }
    // Close open lanes: a block on each, at a free spot along it, or else
    // a block or a wall across it where the ground stays in one piece, or
    // at its middle when nothing does.
    let mut open = b.open_lanes();
    while let Some(Strip { lane, .. }) = open.pop() {
        let height = half_inches(&mut rng, 2.0, 4.0);
        let kind = Kind::Block {
            height,
            climbable: true,
        };
        let block = |t: f64| {
            let c = lane.start + lane.delta() * t;
            let (x, y) = (c.x.clamp(1.0, size - 1.0), c.y.clamp(1.0, size - 1.0));
            Piece::rect(kind, x - 1.0, y - 1.0, 2.0, 2.0)
        };
        // A wall 2" long across the lane (upright for a lane nearer the
        // horizontal): it passes where a block would seal the ground off.
        let wall = |t: f64, len: f64| {
            let c = lane.start + lane.delta() * t;
            let (x, y) = (c.x.clamp(1.0, size - 1.0), c.y.clamp(1.0, size - 1.0));
            let kind = Kind::Wall {
                height,
                climbable: true,
            };
            if lane.dx().abs() >= lane.dy().abs() {
                Piece::rect(kind, x - 0.25, y - len / 2.0, 0.5, len)
            } else {
                Piece::rect(kind, x - len / 2.0, y - 0.25, len, 0.5)
            }
        };
        // Of the free spots along the lane, the one that closes the most
        // other open lanes; when none is free, a spot crowding other pieces
        // only where the ground stays in one piece (`ground.rs`).
        let closes = |p: &Piece| {
            let bx = bounds(&p.footprint);
            open.iter()
                .filter(|l| l.closed_by(&p.footprint, bx))
                .count()
        };
        let spots: Vec<Piece> = (0..9)
            .map(|k| 0.5 + if k % 2 == 0 { 0.04 } else { -0.04 } * f64::from(k))
            .map(block)
            .collect();
        let mut best = spots
            .iter()
            .filter(|p| b.fits(p))
            .max_by_key(|p| closes(p))
            .cloned();
        if best.is_none() {
            // None is free: the first spot from the lane's middle outwards
            // (then seventeen spread along it) that keeps the ground in one
            // piece.
            best = spots
                .into_iter()
                .chain((1..18).map(|k| block(f64::from(k) / 18.0)))
                .chain((1..18).map(|k| wall(f64::from(k) / 18.0, 2.0)))
                .chain((1..36).map(|k| wall(f64::from(k) / 36.0, 1.25)))
                .find(|p| !b.in_corner(p) && ground.keeps_connected(p));
        }
        let chosen = best.unwrap_or_else(|| block(0.5));
        ground.mark(&chosen, 1);
        b.pieces.push(chosen);
        if let Some(new) = b.pieces.last().filter(|p| is_tall(p)) {
            let bx = bounds(&new.footprint);
            open.retain(|l| !l.closed_by(&new.footprint, bx));
        }
    }
    Table {
        size,
        pieces: b.pieces,
        stacks: Default::default(),
    }
}

/// The Duma field (B167, Q26): a 28" table whose middle strip, 10" wide
/// (x from 9" to 19"), is the field and the rest a chasm (impassable, hides
/// nothing); on the field four climbable blocks 2"×3" (3"–4" high) centred
/// every 7" of its length (at 3.5", 10.5", 17.5" and 24.5"), on alternate
/// sides, and a low wall (1") across part of each 7" stretch between them.
/// The short edges are the south (y = 0) and north (y = 28) edges.
pub fn pride_field(seed: u64) -> Table {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let size = PRIDE_LENGTH;
    let (lo, hi) = PRIDE_FIELD;
    let chasm = Kind::Impassable { height: 0.0 };
    let mut pieces = vec![
        Piece::rect(chasm, 0.0, 0.0, lo, size),
        Piece::rect(chasm, hi, 0.0, size - hi, size),
    ];
    for k in 0..4 {
        let cy = 3.5 + 7.0 * f64::from(k);
        let left = k % 2 == 0;
        let x = if left {
            lo + half_inches(&mut rng, 1.5, 3.0)
        } else {
            hi - 2.0 - half_inches(&mut rng, 1.5, 3.0)
        };
        let height = half_inches(&mut rng, 3.0, 4.0);
        pieces.push(Piece::rect(
            Kind::Block {
                height,
                climbable: true,
            },
            x,
            cy - 1.5,
            2.0,
            3.0,
        ));
        if k < 3 {
            // A low wall in the stretch after the block, on the other side.
            let wy = cy + 3.5 + half_inches(&mut rng, -0.5, 0.5);
            let wx = if left { hi - 4.5 } else { lo + 1.5 };
            pieces.push(Piece::rect(
                Kind::Low { height: 1.0 },
                wx,
                wy - 0.25,
                3.0,
                0.5,
            ));
        }
    }
    Table {
        size,
        pieces,
        stacks: Default::default(),
    }
}

/// The Duma field's length, and the table's side (B167).
pub const PRIDE_LENGTH: f64 = 28.0;
/// The Duma field across the table: from 9" to 19" (10" wide, B167).
pub const PRIDE_FIELD: (f64, f64) = (9.0, 19.0);

/// A table with nothing within `radius` of its centre (B160, B162): the
/// pieces that come that close are taken away (with ladders left leaning
/// on nothing); with `monument`, a 2"×2" unclimbable block 3" high stands
/// at the centre (Otoczeni's centre piece).
pub fn clear_centre(table: Table, radius: f64, monument: bool) -> Table {
    let c = table.size / 2.0;
    let mut pieces: Vec<Piece> = table
        .pieces
        .into_iter()
        .filter(|p| p.distance_to(c, c) >= radius)
        .collect();
    if monument {
        pieces.push(Piece::rect(
            Kind::Block {
                height: 3.0,
                climbable: false,
            },
            c - 1.0,
            c - 1.0,
            2.0,
            2.0,
        ));
    }
    let mut out = Table {
        size: table.size,
        pieces,
        stacks: Default::default(),
    };
    let loose: Vec<usize> = (0..out.pieces.len())
        .filter(|&i| {
            out.pieces[i].kind == Kind::Ladder && out.ladder_wall(&out.pieces[i]).is_none()
        })
        .collect();
    for i in loose.into_iter().rev() {
        out.pieces.remove(i);
    }
    // Whatever was worked out from the pieces before goes with them.
    out.stacks = Default::default();
    out
}

/// The generated table of a scenario: Duma's field; for Otoczeni (with its
/// centre piece) and Przechwycenie a dense table with the centre cleared
/// (B160, B162); otherwise [`generate`].
pub fn scenario_table(scenario: Scenario, seed: u64, size: f64) -> Table {
    match scenario {
        Scenario::Pride => pride_field(seed),
        Scenario::Surrounded => clear_centre(generate(seed, size), CENTRE_CLEAR, true),
        Scenario::Interception => clear_centre(generate(seed, size), CENTRE_CLEAR, false),
        Scenario::Massacre | Scenario::Barricades => generate(seed, size),
    }
}

/// The circle round the centre kept clear in Otoczeni and Przechwycenie.
pub const CENTRE_CLEAR: f64 = 6.0;
