//! Whether a generated table keeps its ground in one piece: every place a
//! 1" base can stand on the ground is reached from every other by walking
//! round terrain, without climbing. A table players build never walls a
//! corner off; a generator that packs blocks to close sight lanes could, and
//! a model deployed in such a pocket could never leave it (a climb of 3.5"
//! costs more than both Moves of a round, B31).
//!
//! The ground is a grid of 0.5" cells; a cell is closed when a base centred
//! on it would overlap a wall, block, impassable area or gap, or cross the
//! table's edge (measured against each piece's bounding box, which is the
//! footprint itself for the generator's rectangles and errs towards closing
//! for other shapes).

use crate::table::{Kind, Piece, bounds};

/// The grid step.
const STEP: f64 = 0.5;
/// The radius of the base that must pass.
const RADIUS: f64 = 0.5;

/// The cells of the ground and how many pieces close each.
pub(super) struct Ground {
    n: usize,
    closed: Vec<u16>,
    /// Each row's open cells as bits (for grids up to 128 cells wide).
    open: Vec<u128>,
}

/// Whether a piece stops a base walking on the ground.
fn stops(p: &Piece) -> bool {
    matches!(
        p.kind,
        Kind::Wall { .. } | Kind::Block { .. } | Kind::Impassable { .. } | Kind::Gap
    )
}

impl Ground {
    /// The ground of an empty table of side `size`: only the cells by the
    /// edge are closed.
    pub(super) fn new(size: f64) -> Self {
        let n = (size / STEP).ceil().max(1.0) as usize;
        let mut closed = vec![0_u16; n * n];
        for (k, c) in closed.iter_mut().enumerate() {
            let (x, y) = Self::centre(k % n, k / n);
            if x < RADIUS || y < RADIUS || x > size - RADIUS || y > size - RADIUS {
                *c = 1;
            }
        }
        let mut ground = Ground {
            n,
            closed,
            open: vec![0; if n <= 128 { n } else { 0 }],
        };
        for k in 0..n * n {
            ground.sync(k);
        }
        ground
    }

    /// Brings cell `k`'s bit in its row up to date.
    fn sync(&mut self, k: usize) {
        let (i, j) = (k % self.n, k / self.n);
        if let Some(row) = self.open.get_mut(j) {
            if self.closed[k] == 0 {
                *row |= 1 << i;
            } else {
                *row &= !(1 << i);
            }
        }
    }

    fn centre(i: usize, j: usize) -> (f64, f64) {
        ((i as f64 + 0.5) * STEP, (j as f64 + 0.5) * STEP)
    }

    /// Closes (`by` = 1) or opens again (`by` = −1) the cells a piece
    /// covers; pieces that do not stop walking change nothing.
    pub(super) fn mark(&mut self, p: &Piece, by: i32) {
        if !stops(p) {
            return;
        }
        let b = bounds(&p.footprint);
        let n = self.n;
        let lo = |v: f64| (((v - RADIUS) / STEP).floor().max(0.0) as usize).min(n - 1);
        let hi = |v: f64| (((v + RADIUS) / STEP).ceil().max(0.0) as usize).min(n - 1);
        for j in lo(b[1])..=hi(b[3]) {
            for i in lo(b[0])..=hi(b[2]) {
                let (x, y) = Self::centre(i, j);
                let dx = (b[0] - x).max(x - b[2]).max(0.0);
                let dy = (b[1] - y).max(y - b[3]).max(0.0);
                if dx.hypot(dy) < RADIUS {
                    let c = &mut self.closed[j * self.n + i];
                    *c = if by > 0 {
                        c.saturating_add(1)
                    } else {
                        c.saturating_sub(1)
                    };
                    self.sync(j * self.n + i);
                }
            }
        }
    }

    /// Whether every open cell is reached from every other (four
    /// neighbours).
    pub(super) fn connected(&self) -> bool {
        if self.open.len() == self.n {
            self.connected_rows()
        } else {
            self.connected_cells()
        }
    }

    /// [`Ground::connected`] a row at a time: each row's open cells as the
    /// bits of one number, the reached ones spread along their runs of
    /// open cells by carries and to the rows above and below, pass after
    /// pass until nothing more is reached.
    fn connected_rows(&self) -> bool {
        let (n, open) = (self.n, &self.open);
        let Some(first) = open.iter().position(|&row| row != 0) else {
            return true;
        };
        let mut reached = vec![0_u128; n];
        reached[first] = open[first] & open[first].wrapping_neg();
        let mut changed = true;
        while changed {
            changed = false;
            let rows = (0..n).chain((0..n).rev());
            for j in rows {
                let mut seeds = reached[j];
                if j > 0 {
                    seeds |= reached[j - 1];
                }
                if j + 1 < n {
                    seeds |= reached[j + 1];
                }
                let filled = fill_runs(open[j], seeds & open[j]);
                if filled != reached[j] {
                    reached[j] = filled;
                    changed = true;
                }
            }
        }
        reached == *open
    }

    /// [`Ground::connected`] cell by cell, for grids wider than 128 cells.
    fn connected_cells(&self) -> bool {
        let n = self.n;
        let open = self.closed.iter().filter(|&&c| c == 0).count();
        let Some(first) = self.closed.iter().position(|&c| c == 0) else {
            return true;
        };
        let mut seen = vec![false; n * n];
        let mut stack = vec![first];
        seen[first] = true;
        let mut reached = 1;
        while let Some(k) = stack.pop() {
            let (i, j) = (k % n, k / n);
            let mut visit = |m: usize| {
                if !seen[m] && self.closed[m] == 0 {
                    seen[m] = true;
                    reached += 1;
                    stack.push(m);
                }
            };
            if i > 0 {
                visit(k - 1);
            }
            if i + 1 < n {
                visit(k + 1);
            }
            if j > 0 {
                visit(k - n);
            }
            if j + 1 < n {
                visit(k + n);
            }
        }
        reached == open
    }

    /// Whether the ground stays in one piece with `p` added.
    pub(super) fn keeps_connected(&mut self, p: &Piece) -> bool {
        self.mark(p, 1);
        let ok = self.connected();
        self.mark(p, -1);
        ok
    }
}

/// The bits of `open` in the runs (of consecutive set bits) that hold a
/// bit of `seeds` (a subset of `open`): carries spread each seed up its
/// run, and the same on the bits reversed spreads it down.
fn fill_runs(open: u128, seeds: u128) -> u128 {
    let up = |open: u128, seeds: u128| (open.wrapping_add(seeds) ^ open) & open | seeds;
    up(open, seeds) | up(open.reverse_bits(), seeds.reverse_bits()).reverse_bits()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_core::{RngCore, SeedableRng};

    /// The row-at-a-time search answers as the cell-by-cell one does, on
    /// grounds with blocks dropped at random (many of them cut in pieces),
    /// after every block added and after some taken away again.
    #[test]
    fn rows_and_cells_agree() {
        let mut rng = ChaCha8Rng::seed_from_u64(14);
        let mut unit = || f64::from(rng.next_u32() % 1000) / 1000.0;
        let block = Kind::Block {
            height: 2.0,
            climbable: true,
        };
        let (mut whole, mut split) = (0, 0);
        for size in [28.0, 36.0, 48.0] {
            for _ in 0..20 {
                let mut g = Ground::new(size);
                let mut placed = vec![];
                for _ in 0..60 {
                    let (w, h) = (0.5 + 3.0 * unit(), 0.5 + 3.0 * unit());
                    let p = Piece::rect(block, unit() * size, unit() * size, w, h);
                    g.mark(&p, 1);
                    placed.push(p);
                    assert_eq!(g.connected_rows(), g.connected_cells());
                    if g.connected_cells() {
                        whole += 1;
                    } else {
                        split += 1;
                    }
                }
                for p in placed.iter().step_by(3) {
                    g.mark(p, -1);
                    assert_eq!(g.connected_rows(), g.connected_cells());
                }
            }
        }
        assert!(whole > 100 && split > 100, "{whole} whole, {split} split");
    }
}
