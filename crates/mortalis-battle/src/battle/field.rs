//! Distance fields for the AI: how far, walking round and climbing over
//! terrain, a place is from a marker or from a table edge. A 1" grid over
//! the table, each cell costed by what stands there (open 1, rubble 1.2, a
//! climbable wall or block 1 + 2 × its height, a gap 3, anything else
//! closed), searched once per goal (Dijkstra, eight neighbours) and cached.
//! It only ranks the AI's Moves; the Moves themselves are the exact paths
//! of `Nav::reach`.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use geo::{Contains, Point};

use crate::table::{Kind, Place, Table, bounds, near_bounds};

/// What a field measures the distance to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Goal {
    /// The cell holding a point.
    Cell(usize),
    /// A table edge: 0 south, 1 east, 2 north, 3 west.
    Edge(usize),
}

/// The grid and the fields computed so far.
#[derive(Debug, Clone, Default)]
pub(crate) struct Fields {
    n: usize,
    cost: Vec<f32>,
    /// The fields computed, by goal ([`Fields::slot`]).
    cache: Vec<Option<Vec<f32>>>,
    /// How many are computed.
    cached: usize,
}

#[derive(PartialEq)]
struct Node(f32, usize);

impl Eq for Node {}

impl Ord for Node {
    fn cmp(&self, other: &Self) -> Ordering {
        other.0.total_cmp(&self.0).then(self.1.cmp(&other.1))
    }
}

impl PartialOrd for Node {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Fields {
    /// The grid of a table.
    pub(crate) fn new(table: &Table) -> Self {
        let n = table.size.ceil() as usize;
        let mut cost = vec![1.0_f32; n * n];
        let boxes: Vec<[f64; 4]> = table.pieces.iter().map(|p| bounds(&p.footprint)).collect();
        for (k, c) in cost.iter_mut().enumerate() {
            let pt = Point::new((k % n) as f64 + 0.5, (k / n) as f64 + 0.5);
            // A piece whose box misses the cell's centre does not hold it.
            let holds = |(p, b): &(&crate::table::Piece, &[f64; 4])| {
                near_bounds(**b, pt.x(), pt.y(), 0.0) && p.footprint.contains(&pt)
            };
            for (p, _) in table.pieces.iter().zip(&boxes).filter(holds) {
                let here = match p.kind {
                    Kind::Difficult => 1.2,
                    Kind::Wall {
                        height,
                        climbable: true,
                    }
                    | Kind::Block {
                        height,
                        climbable: true,
                    } => 1.0 + 2.0 * height as f32,
                    Kind::Gap => 3.0,
                    Kind::Wall { .. } | Kind::Block { .. } | Kind::Impassable { .. } => {
                        f32::INFINITY
                    }
                    _ => 1.0,
                };
                *c = c.max(here);
            }
        }
        Fields {
            n,
            cost,
            cache: vec![None; n * n + 4],
            cached: 0,
        }
    }

    /// Where a goal's field is kept: cells first, then the four edges.
    fn slot(&self, goal: Goal) -> usize {
        match goal {
            Goal::Cell(c) => c,
            Goal::Edge(e) => self.n * self.n + e % 4,
        }
    }

    fn cell(&self, x: f64, y: f64) -> usize {
        let clamp = |v: f64| (v.max(0.0) as usize).min(self.n - 1);
        clamp(y) * self.n + clamp(x)
    }

    /// The goal of a point.
    pub(crate) fn point(&self, at: Place) -> Goal {
        Goal::Cell(self.cell(at.x, at.y))
    }

    fn search(&self, goal: Goal) -> Vec<f32> {
        let n = self.n;
        let mut dist = vec![f32::INFINITY; n * n];
        let mut heap = BinaryHeap::new();
        let starts: Vec<usize> = match goal {
            Goal::Cell(c) => vec![c],
            Goal::Edge(e) => (0..n)
                .map(|i| match e % 4 {
                    0 => i,
                    1 => i * n + n - 1,
                    2 => (n - 1) * n + i,
                    _ => i * n,
                })
                .collect(),
        };
        for s in starts {
            dist[s] = 0.0;
            heap.push(Node(0.0, s));
        }
        while let Some(Node(d, k)) = heap.pop() {
            if d > dist[k] {
                continue;
            }
            let (x, y) = ((k % n) as i64, (k / n) as i64);
            for (dx, dy) in [
                (1, 0),
                (-1, 0),
                (0, 1),
                (0, -1),
                (1, 1),
                (1, -1),
                (-1, 1),
                (-1, -1),
            ] {
                let (nx, ny) = (x + dx, y + dy);
                if nx < 0 || ny < 0 || nx >= n as i64 || ny >= n as i64 {
                    continue;
                }
                let j = ny as usize * n + nx as usize;
                let step = if dx != 0 && dy != 0 {
                    std::f32::consts::SQRT_2
                } else {
                    1.0
                };
                let nd = d + step * (self.cost[k] + self.cost[j]) / 2.0;
                if nd < dist[j] {
                    dist[j] = nd;
                    heap.push(Node(nd, j));
                }
            }
        }
        dist
    }

    /// The distance from `at` to `goal` (infinite when closed off).
    pub(crate) fn distance(&mut self, goal: Goal, at: Place) -> f64 {
        if self.n == 0 {
            return f64::INFINITY;
        }
        let slot = self.slot(goal);
        if self.cache[slot].is_none() {
            if self.cached >= 512 {
                self.cache.iter_mut().for_each(|f| *f = None);
                self.cached = 0;
            }
            self.cache[slot] = Some(self.search(goal));
            self.cached += 1;
        }
        let Some(field) = &self.cache[slot] else {
            return f64::INFINITY;
        };
        // Bilinear between the four cell centres round the point, or the
        // cell's own value and the straight way to its centre next to a
        // closed cell.
        let (fx, fy) = ((at.x - 0.5).max(0.0), (at.y - 0.5).max(0.0));
        let (x0, y0) = (self.cell(fx, 0.0), self.cell(fy, 0.0));
        let (x1, y1) = ((x0 + 1).min(self.n - 1), (y0 + 1).min(self.n - 1));
        let (tx, ty) = (
            (fx - x0 as f64).clamp(0.0, 1.0),
            (fy - y0 as f64).clamp(0.0, 1.0),
        );
        let v = |x: usize, y: usize| f64::from(field[y * self.n + x]);
        let corners = [v(x0, y0), v(x1, y0), v(x0, y1), v(x1, y1)];
        if corners.iter().all(|c| c.is_finite()) {
            let low = corners[0] * (1.0 - tx) + corners[1] * tx;
            let high = corners[2] * (1.0 - tx) + corners[3] * tx;
            return low * (1.0 - ty) + high * ty;
        }
        let k = self.cell(at.x, at.y);
        let (cx, cy) = ((k % self.n) as f64 + 0.5, (k / self.n) as f64 + 0.5);
        f64::from(field[k]) + (at.x - cx).hypot(at.y - cy)
    }
}
