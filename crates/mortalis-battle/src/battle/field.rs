//! Distance fields for the AI: how far, walking round and climbing over
//! terrain, a place is from a marker or from a table edge. A grid of 0.5"
//! cells over the table, each costed by what a 1" base centred there would
//! stand on or against: open ground 1 an inch, rubble 1.2, a climbable wall
//! or block the model could climb within a round 1 + 2 × its height (on it,
//! or so close that the base touches it: the way past is over it), anything
//! else closed — so a gap narrower than a base is no way through, and a
//! block too tall to climb in one round (B31: over 3" at 2" an inch, more
//! than both Moves of a round with the step onto the roof) is no way over.
//! Searched once per goal (Dijkstra, eight neighbours, no corner cut
//! between two closed cells) and cached. It only ranks the AI's Moves; the
//! Moves themselves are the exact paths of `Nav::reach`.

use crate::hyp::Hyp;
use crate::sharded::{Sharded, Words};
use std::sync::{Arc, Mutex};

use geo::{Contains, Distance, Euclidean, Point};

use crate::table::{Kind, Piece, Place, Table, bounds, near_bounds};

/// The grid step, in inches.
const STEP: f64 = 0.5;
/// The radius of the base the grid is costed for.
const RADIUS: f64 = 0.5;
/// The highest climb the grid takes (a standard model, B31).
const CLIMB_MAX: f64 = 3.0;
/// The highest wall the grid climbs over: up and down again within one
/// round's two Moves (B31: 2" an inch each way, 8" in all for a standard
/// model, with the wall's thickness to walk as well).
const WALL_MAX: f64 = 1.8;

/// Whether crossing piece `p` is a climb (a wall or block the grid takes
/// as a way over).
fn climbed(p: &Piece) -> bool {
    match p.kind {
        Kind::Wall {
            height,
            climbable: true,
        } => height <= WALL_MAX,
        Kind::Block {
            height,
            climbable: true,
        } => height <= CLIMB_MAX,
        _ => false,
    }
}

/// Whether piece `i` is a block the grid climbs whose roof holds no base
/// at any cell centre in columns `xs` and rows `ys` (too narrow, or under
/// a higher block laid across it; the grid's cells only: a roof narrower
/// than a base and a half may hold a base and still none here).
fn no_footing(table: &Table, i: usize, xs: (usize, usize), ys: (usize, usize)) -> bool {
    let p = &table.pieces[i];
    if !matches!(p.kind, Kind::Block { .. }) || !climbed(p) {
        return false;
    }
    let stands = |k: usize, j: usize| {
        let on = Place {
            x: (k as f64 + 0.5) * STEP,
            y: (j as f64 + 0.5) * STEP,
            level: crate::table::Level::Roof(i),
        };
        table.can_stand(on, RADIUS).is_ok()
    };
    !(ys.0..=ys.1).any(|j| (xs.0..=xs.1).any(|k| stands(k, j)))
}

/// What crossing a cell costs an inch when a base centred there stands on
/// `p` (`inside`) or only touches it.
fn cell_cost(p: &Piece, inside: bool) -> f32 {
    match p.kind {
        _ if climbed(p) => 1.0 + 2.0 * p.kind.climb().map_or(0.0, |c| c.0) as f32,
        Kind::Wall { .. } | Kind::Block { .. } | Kind::Impassable { .. } => f32::INFINITY,
        Kind::Gap => 3.0,
        Kind::Difficult if inside => 1.2,
        _ => 1.0,
    }
}

/// What a battle keeps of its own: which field round the bases it asked
/// last ([`FieldStore::around_bases`], kept by the table's store), for
/// which model at which length of the log, towards which goals, so that
/// the bases are not gathered again for every place read. A copy starts
/// empty.
#[derive(Debug, Default)]
pub(crate) struct JamCache(pub(crate) std::cell::RefCell<Option<JamField>>);

impl Clone for JamCache {
    fn clone(&self) -> Self {
        JamCache::default()
    }
}

/// A field round the bases, with the model, the log's length and the
/// goals (the markers, or the enemies) it was searched for.
pub(crate) type JamField = ((usize, usize, bool), SharedJam);

/// A field round the bases as the store keeps it ([`FieldStore::around_bases`]).
pub(crate) type SharedJam = Arc<Mutex<JamSearch>>;

/// The grid of a table, built on first use, and the fields searched on it
/// so far, one search per goal, read at the cut of each query
/// ([`FieldStore::distance_within`]). A cell's distance is a pure function
/// of the table and the goal, final once the search has passed it, and a
/// search runs only as far as it has been asked to (`Search`), so battles
/// played at once on one table may share a store: a field one of them
/// searched part of, another reads on from.
#[derive(Debug)]
pub(crate) struct FieldStore {
    grid: std::sync::OnceLock<Fields>,
    searches: Sharded<usize, Arc<Mutex<Search>>>,
    /// The fields round the bases, by the goals' cells and the bases they
    /// were searched for ([`FieldStore::around_bases`]).
    jams: Sharded<Vec<u64>, SharedJam>,
    /// Whole-field distances read so far, by the field's slot and the
    /// place's coordinates ([`FieldStore::distance`]).
    reads: Sharded<Words<3>, f64>,
}

/// How many locks the fields are spread over, and how many each keeps
/// (512 fields in all, some megabytes).
const FIELD_SHARDS: usize = 16;
const FIELDS_PER_SHARD: usize = 32;
/// The same for the fields round the bases (64 in all, each about 30 kB on
/// a 28" table, 50 kB on a 36" one, 90 kB on a 48" one).
const JAM_SHARDS: usize = 8;
const JAMS_PER_SHARD: usize = 8;
/// The same for the whole-field distances read (32,768 in all, about a
/// megabyte; a lone battle on a dense 36" table reads some 10,000
/// different ones).
const READ_SHARDS: usize = 16;
const READS_PER_SHARD: usize = 2048;

impl Default for FieldStore {
    fn default() -> Self {
        FieldStore {
            grid: std::sync::OnceLock::new(),
            searches: Sharded::new(FIELD_SHARDS, FIELDS_PER_SHARD),
            jams: Sharded::new(JAM_SHARDS, JAMS_PER_SHARD),
            reads: Sharded::new(READ_SHARDS, READS_PER_SHARD),
        }
    }
}

impl FieldStore {
    /// The grid of `table` (the one table this store serves).
    pub(crate) fn grid(&self, table: &Table) -> &Fields {
        self.grid.get_or_init(|| Fields::new(table))
    }

    /// [`Fields::around_bases`], kept by what it is a function of besides
    /// the table: the goals' cells and the bases, bit for bit. A model
    /// that stands still among models that do too asks the same field at
    /// every question (78% of them in the 6 simulated battles of the
    /// callgrind measure; a quarter to a third in other runs).
    pub(crate) fn around_bases(
        &self,
        table: &Table,
        goals: &[Place],
        bases: &[(f64, f64, f64)],
    ) -> SharedJam {
        let grid = self.grid(table);
        let cells = goals
            .iter()
            .filter(|_| grid.n > 0)
            .map(|g| grid.cell(g.x, g.y) as u64);
        let key: Vec<u64> = std::iter::once(goals.len() as u64)
            .chain(cells)
            .chain(
                bases
                    .iter()
                    .flat_map(|b| [b.0.to_bits(), b.1.to_bits(), b.2.to_bits()]),
            )
            .collect();
        self.jams.get_or_make(key, || {
            Arc::new(Mutex::new(grid.around_bases(goals, bases)))
        })
    }

    /// [`Fields::jam_distance`] in a field the store keeps (behind a
    /// poisoned lock, the same field searched afresh).
    pub(crate) fn jam_distance(&self, table: &Table, jam: &SharedJam, at: Place) -> f64 {
        let grid = self.grid(table);
        match jam.lock() {
            Ok(mut jam) => grid.jam_distance(&mut jam, at),
            Err(poisoned) => grid.jam_distance(&mut poisoned.get_ref().afresh(grid.n), at),
        }
    }

    /// The distance from `at` to `goal` (infinite when closed off), kept
    /// by the field and the place's coordinates (the level does not enter
    /// the grid): the same places are read again and again (two in three
    /// reads of a lone battle on a dense 36" table, session 33: the Move
    /// searches judge the same corners towards the same goals at question
    /// after question, the set-up the same spots for every marker).
    pub(crate) fn distance(&self, table: &Table, goal: Goal, at: Place) -> f64 {
        let key = Words([
            self.grid(table).slot(goal) as u64,
            at.x.to_bits(),
            at.y.to_bits(),
        ]);
        self.reads
            .get_or_make(key, || self.distance_within(table, goal, at, f64::INFINITY))
    }

    /// [`FieldStore::distance`] read from a search cut at `limit` and a
    /// little more (for the cells round `at`): the distance when the cells
    /// round `at` lie within the cut, infinite when none does, and where
    /// only some do, the best of those and the straight way to them (as
    /// next to a closed cell). Much quicker than the whole field for a
    /// short limit. One search per goal serves every cut: a cell within
    /// the cut is final when the search stops, and a cell beyond it reads
    /// infinite however far the search has run, so what a query answers
    /// depends on the goal, the place and the limit alone, never on what
    /// was asked before (until session 21 a field once read further
    /// answered further from then on; until session 30 each cut had a
    /// search of its own).
    pub(crate) fn distance_within(&self, table: &Table, goal: Goal, at: Place, limit: f64) -> f64 {
        let grid = self.grid(table);
        // Read a little past the limit, so that the open cells round `at`
        // are there.
        let reach = (limit + 1.5) as f32;
        if grid.n == 0 || reach.is_nan() {
            return f64::INFINITY;
        }
        let fresh = || Search::new(grid.n * grid.n, &grid.starts(&grid.cost, goal));
        let search = self
            .searches
            .get_or_make(grid.slot(goal), || Arc::new(Mutex::new(fresh())));
        match search.lock() {
            Ok(mut search) => grid.read(&mut search, at, reach),
            // A poisoned lock (a panic elsewhere): a search of its own.
            Err(_) => grid.read(&mut fresh(), at, reach),
        }
    }
}

/// What a field measures the distance to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Goal {
    /// The cell holding a point.
    Cell(usize),
    /// A table edge: 0 south, 1 east, 2 north, 3 west.
    Edge(usize),
}

/// The grid of a table: each cell's cost, and what each step costs.
#[derive(Debug, Clone, Default)]
pub(crate) struct Fields {
    n: usize,
    cost: Vec<f32>,
    /// For each cell, what stepping to each of its eight neighbours
    /// ([`DIRS`]) costs (infinite where there is no way).
    steps: Vec<[f32; 8]>,
}

/// The eight neighbours of a cell.
const DIRS: [(i64, i64); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// What stepping between neighbouring cells costs (infinite where a cell
/// is closed, off the table, or the step would cut the corner between two
/// closed cells).
fn step_costs(n: usize, cost: &[f32]) -> Vec<[f32; 8]> {
    (0..n * n).map(|k| step_row(n, cost, k)).collect()
}

/// What stepping from cell `k` to each of its eight neighbours costs
/// ([`step_costs`]).
fn step_row(n: usize, cost: &[f32], k: usize) -> [f32; 8] {
    let mut out = [f32::INFINITY; 8];
    let (x, y) = ((k % n) as i64, (k / n) as i64);
    for (d, (dx, dy)) in DIRS.iter().enumerate() {
        let (nx, ny) = (x + dx, y + dy);
        if nx < 0 || ny < 0 || nx >= n as i64 || ny >= n as i64 {
            continue;
        }
        let j = ny as usize * n + nx as usize;
        let diagonal = *dx != 0 && *dy != 0;
        if diagonal
            && (!cost[y as usize * n + nx as usize].is_finite()
                || !cost[ny as usize * n + x as usize].is_finite())
        {
            continue;
        }
        let len = STEP as f32
            * if diagonal {
                std::f32::consts::SQRT_2
            } else {
                1.0
            };
        out[d] = len * (cost[k] + cost[j]) / 2.0;
    }
    out
}

impl Fields {
    /// The grid of a table.
    pub(crate) fn new(table: &Table) -> Self {
        let n = (table.size / STEP).ceil() as usize;
        let mut cost = vec![1.0_f32; n * n];
        // Each piece costs the cells within the base's radius of its box
        // (the order does not matter: a cell keeps the dearest).
        let index = |v: f64| ((v / STEP - 0.5).max(0.0) as usize).min(n.saturating_sub(1));
        for (i, p) in table.pieces.iter().enumerate().filter(|_| n > 0) {
            let b = bounds(&p.footprint);
            let (x0, x1) = (index(b[0] - RADIUS), index(b[2] + RADIUS) + 1);
            let (y0, y1) = (index(b[1] - RADIUS), index(b[3] + RADIUS) + 1);
            let closed = no_footing(table, i, (x0, x1.min(n - 1)), (y0, y1.min(n - 1)));
            for j in y0..=y1.min(n - 1) {
                for k in x0..=x1.min(n - 1) {
                    let pt = Point::new((k as f64 + 0.5) * STEP, (j as f64 + 0.5) * STEP);
                    if !near_bounds(b, pt.x(), pt.y(), RADIUS) {
                        continue;
                    }
                    let mut here = if p.footprint.contains(&pt) {
                        cell_cost(p, true)
                    } else if Euclidean.distance(&pt, &p.footprint) < RADIUS {
                        cell_cost(p, false)
                    } else {
                        continue;
                    };
                    // A block is no way over when no base can stand on its
                    // roof (too narrow, or under a higher block laid across
                    // it). Closing only the parts of a roof far from where
                    // a base stands was tried: it gave the side choosing
                    // the corner 63.5% of the decided self-play battles on
                    // the test table (51.6% before), docs/mortalis/ai.md.
                    if closed {
                        here = f32::INFINITY;
                    }
                    let c = &mut cost[j * n + k];
                    *c = c.max(here);
                }
            }
        }
        // A base centred in the outer ring of cells would stand over the
        // table's edge: no way runs along it.
        for (c, v) in cost.iter_mut().enumerate() {
            let (x, y) = (((c % n) as f64 + 0.5) * STEP, ((c / n) as f64 + 0.5) * STEP);
            let off = |v: f64| v < RADIUS || v > table.size - RADIUS;
            if off(x) || off(y) {
                *v = f32::INFINITY;
            }
        }
        Fields {
            n,
            steps: step_costs(n, &cost),
            cost,
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
        let clamp = |v: f64| ((v / STEP).max(0.0) as usize).min(self.n - 1);
        clamp(y) * self.n + clamp(x)
    }

    /// The goal of a point.
    pub(crate) fn point(&self, at: Place) -> Goal {
        Goal::Cell(self.cell(at.x, at.y))
    }

    /// A lower bound of [`Fields::distance`] from `at` to `goal` that
    /// changes by no more than `at` moves (−∞ on an empty grid), so that a
    /// search may skip places that cannot come nearer than one it has. No
    /// cell costs less than 1 an inch, so every step costs at least its
    /// length, and a closed goal's search starts from each open cell at
    /// its straight distance: a cell's distance is at least the straight
    /// way from its centre to the goal cell's centre (for an edge, to the
    /// row or column the search starts from). [`sample`] reads a point as
    /// a weighted mean of cell centres round it, where the bound, being
    /// convex, holds as well (or as an open cell's distance and the
    /// straight way to it, where the triangle inequality does); it reads a
    /// point outside the cell centres as the nearest point among them, as
    /// here. A hair comes off for the rounding of the `f32` sums.
    pub(crate) fn floor(&self, goal: Goal, at: Place) -> f64 {
        let n = self.n;
        if n == 0 {
            return f64::NEG_INFINITY;
        }
        let centre = |i: usize| (i as f64 + 0.5) * STEP;
        let (lo, hi) = (centre(0), centre(n - 1));
        let (x, y) = (at.x.clamp(lo, hi), at.y.clamp(lo, hi));
        let (first, last) = (1.min(n - 1), n.saturating_sub(2));
        let bound = match goal {
            Goal::Cell(c) => (x - centre(c % n)).hyp(y - centre(c / n)),
            Goal::Edge(e) => match e % 4 {
                0 => (y - centre(first)).abs(),
                1 => (x - centre(last)).abs(),
                2 => (y - centre(last)).abs(),
                _ => (x - centre(first)).abs(),
            },
        };
        bound * (1.0 - 1e-4)
    }

    /// Where a search towards `goal` starts, each cell with its distance:
    /// the goal's cell, or for a goal a base cannot be centred on (a marker
    /// against a wall) the open cells round it, each at its straight
    /// distance; for an edge, the row of cells next to its own.
    fn starts(&self, cost: &[f32], goal: Goal) -> Vec<(usize, f32)> {
        let n = self.n;
        match goal {
            Goal::Cell(c) if cost[c].is_finite() => vec![(c, 0.0)],
            Goal::Cell(c) => {
                let (cx, cy) = ((c % n) as i64, (c / n) as i64);
                let mut out = vec![];
                for y in (cy - 2).max(0)..=(cy + 2).min(n as i64 - 1) {
                    for x in (cx - 2).max(0)..=(cx + 2).min(n as i64 - 1) {
                        let k = y as usize * n + x as usize;
                        if cost[k].is_finite() {
                            let d = STEP as f32 * ((x - cx) as f32).hyp((y - cy) as f32);
                            out.push((k, d));
                        }
                    }
                }
                out
            }
            // The row next to the edge's own (which is closed: a base
            // centred there would stand over the edge).
            Goal::Edge(e) => {
                let (first, last) = (1.min(n - 1), n.saturating_sub(2));
                (0..n)
                    .map(|i| match e % 4 {
                        0 => first * n + i,
                        1 => i * n + last,
                        2 => last * n + i,
                        _ => i * n + first,
                    })
                    .map(|k| (k, 0.0))
                    .collect()
            }
        }
    }

    /// A field's distance at `at`, searched on in `search` as far as that
    /// needs.
    fn read(&self, search: &mut Search, at: Place, cap: f32) -> f64 {
        let (n, cost, steps) = (self.n, &self.cost, &self.steps);
        sample(n, at, |k| {
            if cost[k].is_finite() {
                search.settle(n, k, cap, |c| steps[c])
            } else {
                search.dist[k]
            }
        })
    }

    /// A search towards the nearest of `goals` from every cell when the
    /// bases in `bases` (centre and radius) stand in the way as well: the
    /// cells where a 1" base would overlap one are closed (read it with
    /// [`Fields::jam_distance`]; for a model jammed among others,
    /// `Battle::jam_gap`).
    pub(crate) fn around_bases(&self, goals: &[Place], bases: &[(f64, f64, f64)]) -> JamSearch {
        let n = self.n;
        let mut cost = self.cost.clone();
        // The cells whose steps ([`step_row`]) read a cell the bases close:
        // the closed cells and their eight neighbours. Every other cell's
        // steps are the grid's own, bit for bit.
        let mut changed = vec![false; n * n];
        let index = |v: f64| ((v / STEP - 0.5).max(0.0) as usize).min(n.saturating_sub(1));
        for &(x, y, r) in bases.iter().filter(|_| n > 0) {
            // Touching is fine: only a centre closer than both radii is not.
            let reach = r + RADIUS - 1e-3;
            for j in index(y - reach)..=(index(y + reach) + 1).min(n - 1) {
                for i in index(x - reach)..=(index(x + reach) + 1).min(n - 1) {
                    let (cx, cy) = ((i as f64 + 0.5) * STEP, (j as f64 + 0.5) * STEP);
                    if (cx - x).hyp(cy - y) < reach && cost[j * n + i].is_finite() {
                        cost[j * n + i] = f32::INFINITY;
                        for jj in j.saturating_sub(1)..=(j + 1).min(n - 1) {
                            for ii in i.saturating_sub(1)..=(i + 1).min(n - 1) {
                                changed[jj * n + ii] = true;
                            }
                        }
                    }
                }
            }
        }
        let starts: Vec<(usize, f32)> = goals
            .iter()
            .filter(|_| n > 0)
            .flat_map(|g| self.starts(&cost, Goal::Cell(self.cell(g.x, g.y))))
            .collect();
        JamSearch {
            search: Search::new(n * n, &starts),
            starts,
            cost,
            changed,
        }
    }

    /// The distance at `at` of a search round the bases
    /// ([`Fields::around_bases`]).
    pub(crate) fn jam_distance(&self, jam: &mut JamSearch, at: Place) -> f64 {
        let n = self.n;
        let JamSearch {
            search,
            cost,
            changed,
            ..
        } = jam;
        let (cost, changed): (&[f32], &[bool]) = (cost, changed);
        let step = |c: usize| self.jam_steps(cost, changed, c);
        sample(n, at, |k| {
            if cost[k].is_finite() {
                search.settle(n, k, f32::INFINITY, step)
            } else {
                search.dist[k]
            }
        })
    }
}

impl Fields {
    /// What stepping from cell `c` costs on a grid whose costs are `cost`
    /// (the bases' cells closed, [`Fields::around_bases`]): the grid's own
    /// steps where `changed` says no cell [`step_row`] reads was closed.
    fn jam_steps(&self, cost: &[f32], changed: &[bool], c: usize) -> [f32; 8] {
        if changed[c] {
            step_row(self.n, cost, c)
        } else {
            self.steps[c]
        }
    }
}

/// A search round the bases ([`Fields::around_bases`]): the search, the
/// grid's costs with the bases' cells closed, and where that changes the
/// steps.
#[derive(Debug, Clone)]
pub(crate) struct JamSearch {
    search: Search,
    /// Where the search starts (with the cells below, never changed once
    /// made: a search behind a poisoned lock starts afresh from them).
    starts: Vec<(usize, f32)>,
    cost: Vec<f32>,
    /// The cells whose steps differ from the grid's ([`Fields::around_bases`]).
    changed: Vec<bool>,
}

impl JamSearch {
    /// The same field, searched afresh, on a grid of `n` by `n` cells.
    fn afresh(&self, n: usize) -> JamSearch {
        JamSearch {
            search: Search::new(n * n, &self.starts),
            ..self.clone()
        }
    }
}

/// A field's distance at `at`, reading each cell's distance with `v`:
/// bilinear between the four cell centres round the point, or, next to a
/// closed cell, the best of the open cells near it and the straight way to
/// its centre.
fn sample(n: usize, at: Place, mut v: impl FnMut(usize) -> f32) -> f64 {
    if n == 0 {
        return f64::INFINITY;
    }
    let grid = |v: f64| (v / STEP - 0.5).max(0.0);
    let (gx, gy) = (grid(at.x), grid(at.y));
    let (x0, y0) = ((gx as usize).min(n - 1), (gy as usize).min(n - 1));
    let (x1, y1) = ((x0 + 1).min(n - 1), (y0 + 1).min(n - 1));
    let (tx, ty) = (
        (gx - x0 as f64).clamp(0.0, 1.0),
        (gy - y0 as f64).clamp(0.0, 1.0),
    );
    let mut v = |x: usize, y: usize| f64::from(v(y * n + x));
    let corners = [v(x0, y0), v(x1, y0), v(x0, y1), v(x1, y1)];
    if corners.iter().all(|c| c.is_finite()) {
        let low = corners[0] * (1.0 - tx) + corners[1] * tx;
        let high = corners[2] * (1.0 - tx) + corners[3] * tx;
        return low * (1.0 - ty) + high * ty;
    }
    let around = |c: usize| c.saturating_sub(2)..=(c + 2).min(n - 1);
    let mut best = f64::INFINITY;
    for y in around(y0) {
        for x in around(x0) {
            // A closed or unreached cell (infinite) leaves the best as it
            // is: its straight way need not be measured.
            let d = v(x, y);
            if d.is_finite() {
                let (cx, cy) = ((x as f64 + 0.5) * STEP, (y as f64 + 0.5) * STEP);
                best = best.min(d + (at.x - cx).hyp(at.y - cy));
            }
        }
    }
    best
}

#[path = "field_search.rs"]
mod search;
pub(crate) use search::Search;
#[cfg(test)]
use search::WIDTH;

#[cfg(test)]
#[path = "field_tests.rs"]
mod tests;
