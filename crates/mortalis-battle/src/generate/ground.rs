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
        Ground { n, closed }
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
        let lo = |v: f64| (((v - RADIUS) / STEP).floor().max(0.0) as usize).min(self.n - 1);
        let hi = |v: f64| (((v + RADIUS) / STEP).ceil().max(0.0) as usize).min(self.n - 1);
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
                }
            }
        }
    }

    /// Whether every open cell is reached from every other (four
    /// neighbours).
    pub(super) fn connected(&self) -> bool {
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
