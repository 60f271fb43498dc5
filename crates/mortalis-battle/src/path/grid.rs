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
        // coordinate, so nothing within the box lies outside them; `reach`
        // is never negative, `Graph::moves_from`). One bucket more each
        // way, as until session 33, gave nearly twice the nodes to test.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Place;
    use proptest::prelude::*;

    proptest! {
        /// Every node whose centre lies within `reach` of the point on both
        /// axes is among those `near` gives, in ascending order when asked,
        /// also right on a bucket's edge (coordinates on whole inches).
        #[test]
        fn near_gives_every_node_in_the_box(
            spots in prop::collection::vec((0u32..73, 0u32..73), 1..60),
            (x, y) in (0.0..36.0f64, 0.0..36.0f64),
            reach in prop::sample::select(vec![0.0, 0.5, 1.0, 2.0, 3.7, 5.0, 9.25]),
            snap in any::<bool>(),
        ) {
            let (x, y) = if snap { (x.round(), y.round()) } else { (x, y) };
            let mut nodes = vec![Node { at: Place::ground(0.0, 0.0) }; 2];
            nodes.extend(spots.iter().map(|&(i, j)| Node {
                at: Place::ground(f64::from(i) / 2.0, f64::from(j) / 2.0),
            }));
            let grid = NodeGrid::new(&nodes, 36.0);
            let mut out = vec![];
            grid.near(x, y, reach, true, &mut out);
            prop_assert!(out.windows(2).all(|w| w[0] < w[1]));
            for (v, n) in nodes.iter().enumerate().skip(2) {
                let inside = (n.at.x - x).abs() <= reach && (n.at.y - y).abs() <= reach;
                prop_assert!(!inside || out.contains(&v), "node {} at {:?} left out", v, n.at);
            }
        }
    }
}
