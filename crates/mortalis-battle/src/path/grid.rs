//! The corners every query of a [`Nav`](super::Nav) shares, bucketed on a
//! square grid, so that a search cut at a budget looks only at the corners
//! within its reach instead of every corner of the table.

use super::graph::Node;

/// Side of a bucket in inches.
const CELL: f64 = 2.0;

/// What a box asked of [`NodeGrid::near`] is grown by, in inches.
const PAD: f64 = 1e-6;

/// The shared corners (indices `2..nodes`; 0 and 1 are each query's own
/// start and goal) by bucket.
#[derive(Debug)]
pub(super) struct NodeGrid {
    /// Buckets per row and per column.
    side: usize,
    /// Node indices per bucket, ascending.
    cells: Vec<Vec<usize>>,
    /// How many nodes the grid was built from.
    pub(super) nodes: usize,
}

impl NodeGrid {
    pub(super) fn new(nodes: &[Node], size: f64) -> Self {
        let side = ((size / CELL).ceil() as usize).max(1);
        let mut cells = vec![vec![]; side * side];
        let mut grid = NodeGrid {
            side,
            cells: vec![],
            nodes: nodes.len(),
        };
        for (v, n) in nodes.iter().enumerate().skip(2) {
            cells[grid.cell(n.at.y) * side + grid.cell(n.at.x)].push(v);
        }
        grid.cells = cells;
        grid
    }

    fn cell(&self, v: f64) -> usize {
        ((v / CELL).floor().max(0.0) as usize).min(self.side - 1)
    }

    /// Every shared node whose centre may lie within `reach` of (x, y) on
    /// either axis (a superset: whole buckets), added to `out`, in
    /// ascending order when `sorted`.
    pub(super) fn near(&self, x: f64, y: f64, reach: f64, sorted: bool, out: &mut Vec<usize>) {
        // The buckets the box meets, grown by a hair against the rounding
        // of the callers' own tests (a bucket is a monotone function of the
        // coordinate, so nothing within the box lies outside them). One
        // bucket more each way, as until session 33, gave nearly twice the
        // nodes to test.
        let span = |c: f64| self.cell(c - reach - PAD)..=self.cell(c + reach + PAD);
        let start = out.len();
        for row in span(y) {
            for col in span(x) {
                out.extend_from_slice(&self.cells[row * self.side + col]);
            }
        }
        if sorted {
            out[start..].sort_unstable();
        }
    }
}
