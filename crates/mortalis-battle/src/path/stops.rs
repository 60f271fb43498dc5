//! The terrain's stops bucketed on a square grid, so that a straight slide
//! is tested only against the stops whose boxes lie in the cells its own
//! box covers, instead of against every wall and block of the table. The
//! answer is the same: a stop a slide hits has its box meet the slide's
//! box, so it is listed in one of those cells.

use super::stop::Stop;

/// Side of a cell in inches.
const CELL: f64 = 3.0;

/// How many stops the bitset of candidates holds; a table with more is
/// searched stop by stop.
const MAX_STOPS: usize = 64 * WORDS;
const WORDS: usize = 8;

/// The stops by cell.
#[derive(Debug)]
pub(super) struct StopGrid {
    side: usize,
    /// Per cell, a bitset of the stops whose box meets it.
    cells: Vec<[u64; WORDS]>,
    /// How many stops it was built from.
    stops: usize,
}

impl StopGrid {
    /// The grid of `stops` on a table of side `size`; `None` when there are
    /// too many for the bitsets.
    pub(super) fn new(stops: &[Stop], size: f64) -> Option<Self> {
        if stops.len() > MAX_STOPS {
            return None;
        }
        let side = ((size / CELL).ceil() as usize).max(1);
        let mut grid = StopGrid {
            side,
            cells: vec![[0; WORDS]; side * side],
            stops: stops.len(),
        };
        for (k, s) in stops.iter().enumerate() {
            let [x0, y0, x1, y1] = grid.span(s.bounds());
            for y in y0..=y1 {
                for x in x0..=x1 {
                    grid.cells[y * side + x][k / 64] |= 1 << (k % 64);
                }
            }
        }
        Some(grid)
    }

    /// Whether it was built from `n` stops.
    pub(super) fn serves(&self, n: usize) -> bool {
        self.stops == n
    }

    /// The cells a box meets, clamped to the table: [x0, y0, x1, y1].
    fn span(&self, [lx, ly, hx, hy]: [f64; 4]) -> [usize; 4] {
        let last = (self.side - 1) as f64;
        // The whole part of a coordinate in the table is its floor, found
        // without a call of `floor` (`last` is whole, so one past it is
        // clamped to it all the same, and a negative one or NaN to 0).
        let cell = |v: f64| (v / CELL).clamp(0.0, last) as usize;
        [cell(lx), cell(ly), cell(hx), cell(hy)]
    }

    /// Whether `test` holds for a stop whose box may meet the box `bb`
    /// ([min x, min y, max x, max y]), asked in the stops' order.
    pub(super) fn any(&self, bb: &[f64; 4], test: impl FnMut(usize) -> bool) -> bool {
        let [x0, y0, x1, y1] = self.span(*bb);
        let mut seen = [0_u64; WORDS];
        for y in y0..=y1 {
            for x in x0..=x1 {
                for (w, bits) in seen.iter_mut().zip(&self.cells[y * self.side + x]) {
                    *w |= bits;
                }
            }
        }
        any_of(seen, test)
    }

    /// [`StopGrid::any`] for a slide starting at `from` (inside `bb`):
    /// the stops of the cell it starts in are asked first, then the rest.
    /// The same answer (`test` has no effects), sooner for a slide stopped
    /// where it starts, as most slides towards a far goal from a corner of
    /// a block are.
    pub(super) fn any_from(
        &self,
        bb: &[f64; 4],
        (x, y): (f64, f64),
        mut test: impl FnMut(usize) -> bool,
    ) -> bool {
        let [cx, cy, ..] = self.span([x, y, x, y]);
        let first = self.cells[cy * self.side + cx];
        if any_of(first, &mut test) {
            return true;
        }
        let [x0, y0, x1, y1] = self.span(*bb);
        let mut seen = [0_u64; WORDS];
        for y in y0..=y1 {
            for x in x0..=x1 {
                for (w, bits) in seen.iter_mut().zip(&self.cells[y * self.side + x]) {
                    *w |= bits;
                }
            }
        }
        for (w, f) in seen.iter_mut().zip(first) {
            *w &= !f;
        }
        any_of(seen, test)
    }
}

/// Whether `test` holds for a stop in the bitset `set`, asked in order.
fn any_of(set: [u64; WORDS], mut test: impl FnMut(usize) -> bool) -> bool {
    for (w, mut bits) in set.into_iter().enumerate() {
        while bits != 0 {
            let k = w * 64 + bits.trailing_zeros() as usize;
            if test(k) {
                return true;
            }
            bits &= bits - 1;
        }
    }
    false
}

/// How far round its box a piece is listed in [`Solids`]' cells: the
/// largest radius of a base they answer for (larger ones are asked of
/// every piece).
const SOLID_MARGIN: f64 = 1.5;

/// The boxes of the pieces no base overlaps on the ground
/// ([`Table::solid_bounds`](crate::table::Table::solid_bounds)), and per
/// cell of a square grid those whose box grown by [`SOLID_MARGIN`] meets
/// the cell: a base of radius up to the margin centred in a cell can only
/// overlap the pieces listed there, so whether it stands
/// ([`Table::stands_among`](crate::table::Table::stands_among)) is asked
/// of those alone, with the same answer.
#[derive(Debug, Clone)]
pub(crate) struct Solids {
    all: Vec<(usize, [f64; 4])>,
    side: usize,
    cells: Vec<Vec<(usize, [f64; 4])>>,
}

impl Solids {
    /// The grid of `boxes` on a table of side `size`.
    pub(crate) fn new(boxes: Vec<(usize, [f64; 4])>, size: f64) -> Self {
        let side = ((size / CELL).ceil() as usize).max(1);
        let mut cells = vec![vec![]; side * side];
        let last = (side - 1) as f64;
        let cell = |v: f64| (v / CELL).floor().clamp(0.0, last) as usize;
        for &(i, b) in &boxes {
            let m = SOLID_MARGIN;
            for y in cell(b[1] - m)..=cell(b[3] + m) {
                for x in cell(b[0] - m)..=cell(b[2] + m) {
                    cells[y * side + x].push((i, b));
                }
            }
        }
        Solids {
            all: boxes,
            side,
            cells,
        }
    }

    /// The pieces a base of `radius` centred at (x, y) may overlap: those
    /// listed in its cell, or every piece for a base wider than the
    /// margin or a centre off the grid (which covers the table, its last
    /// cells running past a table whose side is not a multiple of 3").
    pub(crate) fn near(&self, x: f64, y: f64, radius: f64) -> &[(usize, [f64; 4])] {
        let limit = (self.side as f64) * CELL;
        if radius > SOLID_MARGIN || !(0.0..limit).contains(&x) || !(0.0..limit).contains(&y) {
            return &self.all;
        }
        let (cx, cy) = ((x / CELL) as usize, (y / CELL) as usize);
        &self.cells[cy.min(self.side - 1) * self.side + cx.min(self.side - 1)]
    }
}

#[cfg(test)]
mod tests {
    use rand_chacha::ChaCha8Rng;
    use rand_core::{RngCore, SeedableRng};

    use crate::generate::generate;
    use crate::path::{Mover, Nav};
    use crate::table::Place;

    /// Slides judged through the grid are judged as against every stop, on
    /// four generated tables (fails when the grid leaves out a stop a slide
    /// could hit); enough of them are blocked for that to be tested.
    #[test]
    fn the_grid_judges_slides_as_every_stop_does() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut unit = || (rng.next_u64() >> 11) as f64 / (1_u64 << 53) as f64;
        let mut blocked = 0;
        for seed in 0..4 {
            let table = generate(seed, 36.0);
            let nav = Nav::new(&table, Mover::standard(0.5));
            let g = &nav.graph;
            assert!(g.wall_grid.is_some());
            let mut plain = g.clone();
            plain.wall_grid = None;
            for _ in 0..500 {
                let (ax, ay) = (36.0 * unit(), 36.0 * unit());
                let (dx, dy) = (24.0 * unit() - 12.0, 24.0 * unit() - 12.0);
                let (a, b) = (Place::ground(ax, ay), Place::ground(ax + dx, ay + dy));
                let fast = g.terrain_slide(a, b).map(|s| (s.0, s.1, s.2));
                let slow = plain.terrain_slide(a, b).map(|s| (s.0, s.1, s.2));
                assert_eq!(fast, slow, "{a:?} to {b:?} on table {seed}");
                blocked += usize::from(slow.is_none());
            }
        }
        assert!((200..1800).contains(&blocked), "{blocked} of 2000 blocked");
    }

    /// Whether a base stands, asked of the pieces in its cell of
    /// [`super::Solids`], is what asking every piece says, for bases up to
    /// the margin and wider, on four generated tables and off their edges
    /// (fails when a cell leaves out a piece a base there could overlap).
    #[test]
    fn the_cells_judge_standing_as_every_piece_does() {
        let mut rng = ChaCha8Rng::seed_from_u64(12);
        let mut unit = || (rng.next_u64() >> 11) as f64 / (1_u64 << 53) as f64;
        let mut refused = 0;
        for (seed, size) in [(0, 36.0), (1, 36.0), (2, 28.0), (3, 28.0)] {
            let table = generate(seed, size);
            let all = table.solid_bounds();
            let solids = super::Solids::new(all.clone(), table.size);
            for _ in 0..2000 {
                let at = Place::ground(38.0 * unit() - 1.0, 38.0 * unit() - 1.0);
                for r in [0.5, 1.0, 1.5, 2.0] {
                    let near = solids.near(at.x, at.y, r);
                    let fast = table.stands_among(at, r, near);
                    let slow = table.stands_among(at, r, &all);
                    assert_eq!(fast, slow, "{at:?} radius {r} on table {seed}");
                    refused += usize::from(!slow);
                }
            }
        }
        assert!(
            (4000..28000).contains(&refused),
            "{refused} of 32000 refused"
        );
    }

    /// Bases just within reach of a block whose box lies in the next cell
    /// along (1.45" off for a radius of 1.5, the margin; 1.53" off for a
    /// radius of 1.55, past it) on a 28" table, whose last cell runs past
    /// its edge: each is refused, as asking every piece refuses it (fails
    /// when the cells are listed with less than the margin, or answer for
    /// wider bases).
    #[test]
    fn bases_at_a_cells_edge_see_the_block_in_the_next() {
        let table = crate::file::parse(
            "size = 28\n\
             [[piece]]\nkind = \"block\"\nheight = 2\nrect = [4.4, 4, 2, 2]\n\
             [[piece]]\nkind = \"block\"\nheight = 2\nrect = [4.52, 14, 2, 2]\n\
             [[piece]]\nkind = \"block\"\nheight = 2\nrect = [24.5, 24.5, 2, 2]\n",
        )
        .unwrap();
        let all = table.solid_bounds();
        let solids = super::Solids::new(all.clone(), table.size);
        let cases = [
            (2.95, 5.0, 1.5),
            (7.85, 5.0, 1.5),
            (5.0, 2.55, 1.5),
            (5.0, 7.45, 1.5),
            (2.99, 15.0, 1.55),
            (26.9, 25.5, 0.5),
        ];
        for (x, y, r) in cases {
            let at = Place::ground(x, y);
            let slow = table.stands_among(at, r, &all);
            assert!(!slow, "{at:?} radius {r} should not stand");
            assert_eq!(
                table.stands_among(at, r, solids.near(x, y, r)),
                slow,
                "{at:?} radius {r}"
            );
        }
    }
}
