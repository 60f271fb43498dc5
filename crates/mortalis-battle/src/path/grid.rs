//! The corners every query of a [`Nav`](super::Nav) shares, bucketed on a
//! square grid, so that a search cut at a budget looks only at the corners
//! within its reach instead of every corner of the table.

use super::graph::Node;
use crate::table::Level;

/// Side of a bucket in inches.
const CELL: f64 = 2.0;

/// What a box asked of [`NodeGrid::near`] is grown by, in inches.
const PAD: f64 = 1e-6;

/// The shared corners (indices `2..nodes`; 0 and 1 are each query's own
/// start and goal) by bucket, each with its place, so that a search tests
/// its distance without looking the node up.
#[derive(Debug)]
pub(super) struct NodeGrid {
    /// Buckets per row and per column.
    side: usize,
    /// Bucket `c` holds `spots[start[c]..start[c + 1]]`: the buckets row
    /// by row, each bucket's nodes ascending, so that the buckets of one
    /// row next to each other are one run of `spots`.
    start: Vec<u32>,
    spots: Vec<Spot>,
    /// How many nodes the grid was built from.
    pub(super) nodes: usize,
}

/// A node in its bucket: its place, its index and its surface
/// ([`level_code`]).
#[derive(Debug, Clone, Copy)]
struct Spot {
    x: f64,
    y: f64,
    v: u32,
    level: u32,
}

/// A surface as a number, for a quick test that two places share one:
/// the ground, or the roof's piece (`None` for a piece whose index does
/// not fit, which a grid never holds).
pub(super) fn level_code(level: Level) -> Option<u32> {
    match level {
        Level::Ground => Some(u32::MAX),
        Level::Roof(i) => u32::try_from(i).ok().filter(|&c| c != u32::MAX),
    }
}

impl NodeGrid {
    /// The grid of `nodes` on a table of side `size`; `None` when a node
    /// index or a roof's piece does not fit the grid's numbers (a search
    /// then tests every node).
    pub(super) fn new(nodes: &[Node], size: f64) -> Option<Self> {
        let side = ((size / CELL).ceil() as usize).max(1);
        let mut grid = NodeGrid {
            side,
            start: vec![],
            spots: vec![],
            nodes: nodes.len(),
        };
        let mut cells = vec![vec![]; side * side];
        for (v, n) in nodes.iter().enumerate().skip(2) {
            let spot = Spot {
                x: n.at.x,
                y: n.at.y,
                v: u32::try_from(v).ok()?,
                level: level_code(n.at.level)?,
            };
            cells[grid.cell(n.at.y) * side + grid.cell(n.at.x)].push(spot);
        }
        grid.start.push(0);
        for cell in cells {
            grid.spots.extend(cell);
            grid.start.push(u32::try_from(grid.spots.len()).ok()?);
        }
        Some(grid)
    }

    /// The bucket of a coordinate along either axis: those below the
    /// table in the first, those past it in the last. (The whole part of a
    /// coordinate at least 0 is its floor, found without a call of
    /// `floor`; a negative one, or NaN, is the first bucket either way.)
    fn cell(&self, v: f64) -> usize {
        (((v / CELL).max(0.0)) as usize).min(self.side - 1)
    }

    /// The buckets a box of `reach` either way round (x, y) meets, grown
    /// by a hair against the rounding of the callers' own tests (a bucket
    /// is a monotone function of the coordinate, so nothing within the box
    /// lies outside them; `reach` is never negative, `Graph::moves_from`):
    /// each row's run of spots. One bucket more each way, as until
    /// session 33, gave nearly twice the nodes to test.
    fn rows(&self, x: f64, y: f64, reach: f64) -> impl Iterator<Item = &[Spot]> {
        let span = |c: f64| (self.cell(c - reach - PAD), self.cell(c + reach + PAD));
        let ((c0, c1), (r0, r1)) = (span(x), span(y));
        (r0..=r1).map(move |row| {
            let (a, b) = (
                self.start[row * self.side + c0],
                self.start[row * self.side + c1 + 1],
            );
            &self.spots[a as usize..b as usize]
        })
    }

    /// Every shared node whose centre may lie within `reach` of (x, y) on
    /// either axis (a superset: whole buckets), added to `out`, in
    /// ascending order when `sorted`.
    pub(super) fn near(&self, x: f64, y: f64, reach: f64, sorted: bool, out: &mut Vec<usize>) {
        let start = out.len();
        for row in self.rows(x, y, reach) {
            out.extend(row.iter().map(|s| s.v as usize));
        }
        if sorted {
            out[start..].sort_unstable();
        }
    }

    /// The shared nodes [`NodeGrid::near`] gives, less node `u`, those on
    /// another surface than `level` ([`level_code`]) and those whose
    /// squared distance from (x, y) is more than `reach2`: those a search
    /// at node `u` slides to (`Graph::moves_from`, whose test this is).
    pub(super) fn near_on(
        &self,
        (x, y): (f64, f64),
        (reach, reach2): (f64, f64),
        (u, level): (usize, u32),
        sorted: bool,
        out: &mut Vec<usize>,
    ) {
        let start = out.len();
        for row in self.rows(x, y, reach) {
            for s in row {
                let (dx, dy) = (s.x - x, s.y - y);
                if s.v as usize == u || s.level != level || dx * dx + dy * dy > reach2 {
                    continue;
                }
                out.push(s.v as usize);
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
            let grid = NodeGrid::new(&nodes, 36.0).unwrap();
            let mut out = vec![];
            grid.near(x, y, reach, true, &mut out);
            prop_assert!(out.windows(2).all(|w| w[0] < w[1]));
            for (v, n) in nodes.iter().enumerate().skip(2) {
                let inside = (n.at.x - x).abs() <= reach && (n.at.y - y).abs() <= reach;
                prop_assert!(!inside || out.contains(&v), "node {} at {:?} left out", v, n.at);
            }
        }

        /// The nodes `near_on` gives are exactly those a search slides to
        /// from node `u`: every other node on its surface whose squared
        /// distance is at most the reach squared (tested node by node
        /// here), in ascending order when asked (fails when the buckets
        /// leave out a node or the grid's own test differs).
        #[test]
        fn near_on_gives_the_nodes_a_slide_reaches(
            spots in prop::collection::vec((0u32..73, 0u32..73, 0usize..3), 3..60),
            pick in 0usize..60,
            reach in prop::sample::select(vec![0.0, 0.5, 1.0, 2.0, 3.7, 5.0, 9.25]),
            sorted in any::<bool>(),
        ) {
            let level = |k: usize| if k == 0 { Level::Ground } else { Level::Roof(k) };
            let mut nodes = vec![Node { at: Place::ground(0.0, 0.0) }; 2];
            nodes.extend(spots.iter().map(|&(i, j, k)| Node {
                at: Place { level: level(k), ..Place::ground(f64::from(i) / 2.0, f64::from(j) / 2.0) },
            }));
            let grid = NodeGrid::new(&nodes, 36.0).unwrap();
            let u = 2 + pick % spots.len();
            let here = nodes[u].at;
            let reach2 = reach * reach;
            let code = level_code(here.level).unwrap();
            let mut out = vec![];
            grid.near_on((here.x, here.y), (reach, reach2), (u, code), sorted, &mut out);
            let want: Vec<usize> = (2..nodes.len())
                .filter(|&v| {
                    let at = nodes[v].at;
                    let (dx, dy) = (at.x - here.x, at.y - here.y);
                    v != u && at.level == here.level && dx * dx + dy * dy <= reach2
                })
                .collect();
            if sorted {
                prop_assert_eq!(&out, &want);
            }
            out.sort_unstable();
            prop_assert_eq!(out, want);
        }
    }
}
