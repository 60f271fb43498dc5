//! Searches over the graph of a Move: Dijkstra cut at a budget (where one
//! Move reaches), A* to one goal (the shortest path).

use crate::hyp::Hyp;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

use super::graph::{Graph, Link, LinkKind, Touch};
use super::grid::level_code;
use super::{Path, Step};
use crate::table::Place;

/// One move out of a search state: the node, the step, the cost there,
/// the jump flag and what the step touches.
type Move = (usize, Step, f64, usize, Touch);

impl Graph<'_> {
    /// The shortest path from node 0 to node 1 (A* over (node, jumped
    /// yet)): the one clear of difficult ground, or one touching it when
    /// that is shorter even with its extra inch. The second search is cut
    /// at the length that would still beat the first (a path past it would
    /// not be taken, and states past it are never settled before the goal,
    /// so the answer is the same as uncut). With a finite `budget` both are
    /// cut there and a path is returned only when it costs clearly less
    /// (else `None`: the caller searches again uncut); the path then is the
    /// uncut one.
    pub(super) fn search(&self, budget: f64) -> Option<Path> {
        let plain = self.dijkstra(false, budget);
        let rough_budget = plain
            .as_ref()
            .map_or(budget, |p| budget.min(p.cost() - 1.0));
        // A way's cost is at least its straight length less what its jumps
        // cover for free (two at most, as `Nav::query` keeps nodes), so a
        // way touching difficult ground within `rough_budget` needs that
        // ground within its reach, and the goal no farther than it. When
        // either fails, the second search finds nothing better.
        let (from, to) = (self.nodes[0].at, self.nodes[1].at);
        let free = if self.gaps.is_empty() && self.roof_jumps.is_empty() {
            0.0
        } else {
            2.0 * self.mover.jump_max
        };
        let reach = rough_budget + free + 1e-6;
        let rough = if (to.x - from.x).hyp(to.y - from.y) <= reach
            && self.difficult_near(from, reach + 1.0)
        {
            self.dijkstra(true, rough_budget)
        } else {
            None
        };
        let found = match (plain, rough) {
            (Some(p), Some(r)) => Some(if r.cost() < p.cost() - 1e-9 { r } else { p }),
            (p, r) => p.or(r),
        };
        found.filter(|p| budget.is_infinite() || p.cost() <= budget - 1e-6)
    }

    /// Every state reachable within `budget`, with its cost and how it was
    /// reached (Dijkstra from node 0, cut at the budget; the costs are
    /// [`Backs::costs`]).
    pub(super) fn settle(&self, difficult_ok: bool, budget: f64) -> Backs {
        self.run(difficult_ok, budget, None, None).0
    }

    /// [`Graph::settle`] for a walk across both Moves (B31): past `split`
    /// inches (the first Move's allowance) only the ways that climbed
    /// across it are kept — a state past it reached otherwise is one two
    /// Moves reach one after the other, and is neither kept nor searched
    /// from, so that such a way does not hide a climbing one to the same
    /// place. Below `split` it searches as [`Graph::settle`] does.
    pub(super) fn settle_across(&self, difficult_ok: bool, budget: f64, split: f64) -> Backs {
        self.run(difficult_ok, budget, None, Some(split)).0
    }

    /// The search from node 0: Dijkstra cut at `budget`, or A* stopping at
    /// `goal` (with [`Graph::estimate`]). Returns the costs and the way
    /// back ([`Backs`]), and the goal state reached. Its working lists are
    /// the thread's, kept from its last search ([`RunLists`]).
    fn run(
        &self,
        difficult_ok: bool,
        budget: f64,
        goal: Option<usize>,
        split: Option<f64>,
    ) -> (Backs, Option<(usize, usize)>) {
        // Popped, so a search nested in this one would find none and make
        // its own; a thread whose storage is gone works with fresh lists.
        let mut lists = RUN_LISTS
            .try_with(|spare| spare.try_borrow_mut().ok().and_then(|mut s| s.pop()))
            .ok()
            .flatten()
            .unwrap_or_default();
        let out = self.run_with(&mut lists, (difficult_ok, budget), goal, split);
        // A panic in the search drops the lists with it; they are given
        // back only after a search that ended.
        let _ = RUN_LISTS.try_with(|spare| {
            if let Ok(mut spare) = spare.try_borrow_mut() {
                spare.push(lists);
            }
        });
        out
    }

    /// [`Graph::run`] with the working lists of `lists` (cleared first).
    fn run_with(
        &self,
        lists: &mut RunLists,
        (difficult_ok, budget): (bool, f64),
        goal: Option<usize>,
        split: Option<f64>,
    ) -> (Backs, Option<(usize, usize)>) {
        let h = |v: usize, j: usize| {
            if goal.is_some() {
                self.estimate(v, j)
            } else {
                0.0
            }
        };
        let n = self.nodes.len();
        let RunLists {
            own,
            across,
            heap,
            near,
            moves,
        } = lists;
        // The query's own links by node (the shared ones are kept so by
        // the `Nav`, `Links::out_of`).
        self.links.own_by_node_into(own);
        // With a split: whether each state's way climbed across it.
        across.clear();
        across.resize(if split.is_some() { n } else { 0 }, [false; 2]);
        let mut back = Backs::new(n);
        heap.clear();
        back.start();
        heap.push(Entry(h(0, 0), 0, 0));
        while let Some(Entry(key, u, jumped)) = heap.pop() {
            let cost = back.cost[u][jumped];
            if key > cost + h(u, jumped) + 1e-9 {
                continue;
            }
            if goal == Some(u) {
                return (back, Some((u, jumped)));
            }
            // Below the split, slides that end past it are of no use: the
            // state they reach would not have climbed across it.
            let (was_across, reach) = match split {
                Some(s) if !across[u][jumped] => (false, budget.min(s)),
                Some(_) => (true, budget),
                None => (false, budget),
            };
            self.moves_from(
                (u, jumped, cost),
                (difficult_ok, reach),
                self.links.out_of(u, own),
                &back.cost,
                (near, moves),
            );
            for (v, step, c, j, touch) in moves.drain(..) {
                if c <= budget + 1e-9 && c < back.cost[v][j] - 1e-12 {
                    if let Some(s) = split {
                        let climbs_across =
                            matches!(step, Step::Climb { .. }) && cost < s - 1e-9 && c > s + 1e-9;
                        let now = was_across || climbs_across;
                        if !now && c > s + 1e-9 {
                            continue;
                        }
                        across[v][j] = now;
                    }
                    back.set(v, j, c, (u, jumped, step, touch));
                    heap.push(Entry(c + h(v, j), v, j));
                }
            }
        }
        (back, None)
    }

    /// The moves out of one search state: straight slides to every other
    /// node on the same surface that a slide could reach within `budget`
    /// (the straight distance, less the one jump that may cost nothing, is
    /// a lower bound of a slide's cost), then climbs and jump-downs. A
    /// slide whose lower bound already fails to improve on `best` for every
    /// state it could reach is not judged at all (the caller would drop it).
    fn moves_from(
        &self,
        (u, jumped, cost): (usize, usize, f64),
        (difficult_ok, budget): (bool, f64),
        links: impl Iterator<Item = usize>,
        best: &[[f64; 2]],
        (near, out): (&mut Vec<usize>, &mut Vec<Move>),
    ) {
        let here = self.nodes[u].at;
        // Only a gap is jumped: with none on the table no slide is free.
        // (A jump between roofs is a link, never part of a slide.)
        let free = if jumped == 0 && !self.gaps.is_empty() {
            self.mover.jump_max
        } else {
            0.0
        };
        let reach = budget - cost + free + 1e-9;
        let reach2 = if reach.is_finite() {
            reach * reach
        } else {
            f64::INFINITY
        };
        out.clear();
        // With no reach left (a search cut at a budget below what the
        // state cost already: the rough search after a plain path under
        // 1"), every slide costs more than the budget, so none is judged;
        // the grid's box is asked only with a reach of at least nothing.
        near.clear();
        if reach >= 0.0 {
            self.within(u, (reach, reach2), near);
        }
        for &v in near.iter() {
            let node = &self.nodes[v];
            // The caller keeps a move only when it costs less than the best
            // so far, less 1e-12; the slide costs at least its length less
            // the free jump, and only a jump reaches the jumped state.
            let least = cost + Graph::slide_length(here, node.at) - free;
            let improves = |j: usize| least < best[v][j] - 1e-12;
            if !improves(jumped) && (free == 0.0 || !improves(1)) {
                continue;
            }
            let Some((len, jump, before, touch)) = self.slide_nodes(u, v, difficult_ok) else {
                continue;
            };
            let j = if jump > 0.0 {
                // Q17: the run-up is what this Move walked before the jump.
                if jumped == 1 || jump > (cost + before).max(1.0) {
                    continue;
                }
                1
            } else {
                jumped
            };
            let step = Step::Walk {
                to: node.at,
                length: len,
                jump,
                difficult: touch.difficult,
            };
            out.push((v, step, cost + len - jump, j, touch));
        }
        for l in links.map(|k| &self.links[k]) {
            if let Some((step, c, j)) = self.link_move(l, (here, cost, jumped)) {
                out.push((l.to, step, cost + c, j, Touch::default()));
            }
        }
    }

    /// The move along link `l` from a state at `here` that has spent
    /// `cost` (`jumped`: whether its Move has jumped): its step, what it
    /// costs and whether the Move has jumped after it; `None` where the
    /// mover may not take it (a jump-down without `jump_down`, a second
    /// jump, a roof jump longer than its run-up).
    fn link_move(
        &self,
        l: &Link,
        (here, cost, jumped): (Place, f64, usize),
    ) -> Option<(Step, f64, usize)> {
        let to = self.nodes[l.to].at;
        let mut j = jumped;
        let (c, step) = match l.step {
            LinkKind::Climb {
                piece,
                height,
                cost: k,
                ladder,
            } => (
                k,
                Step::Climb {
                    to,
                    piece,
                    height,
                    cost: k,
                    ladder,
                },
            ),
            LinkKind::JumpDown { .. } if !self.mover.jump_down => return None,
            LinkKind::JumpDown {
                piece,
                height,
                walk,
            } => (walk, Step::JumpDown { to, piece, height }),
            // B32, Q17: the Move's one jump, as long as its run-up.
            LinkKind::RoofJump { gap } => {
                if jumped == 1 || gap > cost.max(1.0) + 1e-9 {
                    return None;
                }
                j = 1;
                let length = (to.x - here.x).hypot(to.y - here.y);
                (
                    length - gap,
                    Step::Walk {
                        to,
                        length,
                        jump: gap,
                        difficult: false,
                    },
                )
            }
        };
        Some((step, c, j))
    }

    /// Appends to `out` (the caller clears it) the nodes a slide from node
    /// `u` may reach: every other node on its surface whose squared
    /// distance from it is at most `reach2` (the square of `reach`), in
    /// ascending order when it matters. With a finite reach short of the
    /// table side the shared corners are taken from the buckets round it
    /// ([`NodeGrid`](super::grid::NodeGrid)), which test their own places;
    /// nodes 0 and 1 and every node this query added are tested here.
    fn within(&self, u: usize, (reach, reach2): (f64, f64), out: &mut Vec<usize>) {
        let here = self.nodes[u].at;
        let slides_to = |v: usize, at: Place| {
            let (dx, dy) = (at.x - here.x, at.y - here.y);
            !(v == u || at.level != here.level || dx * dx + dy * dy > reach2)
        };
        let grid = self.grid.as_deref().filter(|_| reach < self.table.size);
        match (grid, level_code(here.level)) {
            (Some(grid), Some(level)) => {
                for v in 0..2.min(self.nodes.len()) {
                    if slides_to(v, self.nodes[v].at) {
                        out.push(v);
                    }
                }
                // Without gaps no slide jumps, so a node is offered one
                // slide per expansion (to the state of the same jump flag;
                // jumps between roofs are links), and the order of the
                // offers changes nothing; with gaps they keep the node order.
                let sorted = !self.gaps.is_empty();
                grid.near_on((here.x, here.y), (reach, reach2), (u, level), sorted, out);
                // The query's own nodes follow the shared ones the grid
                // holds (`Nav::query`); read as a list when they do.
                match self.nodes.own() {
                    (base, own) if base == grid.nodes => {
                        for (k, node) in own.iter().enumerate() {
                            if slides_to(base + k, node.at) {
                                out.push(base + k);
                            }
                        }
                    }
                    // Not reached today (a query's own nodes always start
                    // where the grid's end); the same answer read node by
                    // node, should that change.
                    _ => {
                        for v in grid.nodes..self.nodes.len() {
                            if slides_to(v, self.nodes[v].at) {
                                out.push(v);
                            }
                        }
                    }
                }
            }
            _ => {
                for (v, node) in self.nodes.iter().enumerate() {
                    if slides_to(v, node.at) {
                        out.push(v);
                    }
                }
            }
        }
    }

    /// A lower bound of the cost from a node to the goal: the straight
    /// distance, less the one jump that may still cost nothing (A*).
    fn estimate(&self, v: usize, jumped: usize) -> f64 {
        let (a, b) = (self.nodes[v].at, self.nodes[1].at);
        let jump = if jumped == 0 {
            self.mover.jump_max
        } else {
            0.0
        };
        (((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt() - jump).max(0.0)
    }

    fn dijkstra(&self, difficult_ok: bool, budget: f64) -> Option<Path> {
        let (back, found) = self.run(difficult_ok, budget, Some(1), None);
        found.map(|(u, j)| self.rebuild(&back, u, j, back.cost[u][j]))
    }

    pub(super) fn rebuild(&self, back: &Backs, mut u: usize, mut j: usize, length: f64) -> Path {
        // Counted first, so that the steps are put in a list of their size
        // at once rather than one grown step by step.
        let mut count = 0;
        let (mut cu, mut cj) = (u, j);
        while let Some((p, pj, _, _)) = back.get(cu, cj) {
            count += 1;
            (cu, cj) = (*p, *pj);
        }
        let mut steps = Vec::with_capacity(count);
        let mut touch = Touch::default();
        while let Some((p, pj, step, t)) = back.get(u, j) {
            steps.push(step.clone());
            touch.difficult |= t.difficult;
            touch.dangerous |= t.dangerous;
            (u, j) = (*p, *pj);
        }
        steps.reverse();
        Path {
            steps,
            length,
            difficult: touch.difficult,
            dangerous: touch.dangerous,
        }
    }
}

/// What the ways to a search's states were found to touch, by the states'
/// [`Backs::slot`], so that the ways to many states are walked once; and
/// the stacks those walks use. Kept by a thread from one search to the
/// next ([`Trails::reset`] for each).
#[derive(Default)]
pub(super) struct Trails {
    known: Vec<Option<Trail>>,
    across: Vec<Option<bool>>,
    stack: Vec<(usize, bool, bool, f64)>,
    across_stack: Vec<(usize, bool)>,
}

impl Trails {
    /// Forgets every answer, for a search that reached `n` states.
    pub(super) fn reset(&mut self, n: usize) {
        self.known.clear();
        self.known.resize(n, None);
        self.across.clear();
        self.across.resize(n, None);
    }

    /// Whether the way to state (`v`, `j`) that `back` records touches
    /// difficult ground and whether it climbs — as the path
    /// [`Graph::rebuild`] makes would say.
    pub(super) fn trail(&mut self, back: &Backs, v: usize, j: usize) -> Trail {
        let (known, stack) = (&mut self.known, &mut self.stack);
        stack.clear();
        let (mut u, mut k) = (v, j);
        let mut acc = loop {
            let Some(slot) = back.slot(u, k) else {
                break (false, false, 0.0);
            };
            if let Some(f) = known[slot] {
                break f;
            }
            let (p, pj, step, t) = &back.ways[slot];
            let drop = match step {
                Step::JumpDown { height, .. } => *height,
                _ => 0.0,
            };
            stack.push((slot, t.difficult, matches!(step, Step::Climb { .. }), drop));
            (u, k) = (*p, *pj);
        };
        while let Some((slot, difficult, climb, drop)) = stack.pop() {
            acc = (acc.0 || difficult, acc.1 || climb, acc.2.max(drop));
            known[slot] = Some(acc);
        }
        acc
    }

    /// Whether the way to state `at` that `back` records climbs across
    /// `split` inches of allowance: a climb starting below it and ending
    /// past it (B31, a walk across both Moves).
    pub(super) fn climbs_across(
        &mut self,
        back: &Backs,
        best: &[[f64; 2]],
        at: (usize, usize),
        split: f64,
    ) -> bool {
        let (known, stack) = (&mut self.across, &mut self.across_stack);
        stack.clear();
        let (mut u, mut k) = at;
        let mut acc = loop {
            let Some(slot) = back.slot(u, k) else {
                break false;
            };
            if let Some(f) = known[slot] {
                break f;
            }
            let (p, pj, step, _) = &back.ways[slot];
            let across = matches!(step, Step::Climb { .. })
                && best[*p][*pj] < split - 1e-9
                && best[u][k] > split + 1e-9;
            stack.push((slot, across));
            (u, k) = (*p, *pj);
        };
        while let Some((slot, across)) = stack.pop() {
            acc |= across;
            known[slot] = Some(acc);
        }
        acc
    }
}

/// What a way to a search state touched: difficult ground, a climb, and the
/// highest jump-down on it (0 for none).
pub(super) type Trail = (bool, bool, f64);

/// How a search state was reached: the previous node and jump flag, the
/// step taken and what it touched.
type Way = (usize, usize, Step, Touch);

/// What a search found of each state: its cost so far (infinite where it
/// was never reached) and the way it was last reached, kept compact: a
/// small index per state (set only for the states reached) into the ways;
/// and the states reached, in the order first reached, so that what reads
/// the search afterwards need not look at every node. The two tables by
/// node are a thread's own, used again by its next search: only the
/// entries this search set are put back when it is dropped, so that a
/// search cut at a short budget neither fills nor clears an entry per node
/// (a thousand and more on a dense table, for a few dozen states).
pub(super) struct Backs {
    at: Vec<[u32; 2]>,
    cost: Vec<[f64; 2]>,
    ways: Vec<Way>,
    reached: Vec<(usize, usize)>,
}

/// The tables of the searches a thread has done, cleared, ready for its
/// next (one per search running at once on it): by node, and the ways and
/// states reached (empty, their room kept).
type Tables = (Vec<[u32; 2]>, Vec<[f64; 2]>, Vec<Way>, Vec<(usize, usize)>);

/// The lists one search works with and drops when done ([`Graph::run`]):
/// the query's own links by node, whether each state climbed across the
/// split, the heap, the nodes near a state and its moves. A thread keeps
/// them from one search to the next, so that a search allocates none
/// (session 40: a few thousand allocations a battle).
struct RunLists {
    own: Vec<(usize, usize)>,
    across: Vec<[bool; 2]>,
    heap: BinaryHeap<Entry>,
    near: Vec<usize>,
    moves: Vec<Move>,
}

impl Default for RunLists {
    /// Sized for a Move's search (a few dozen states, a few hundred nodes
    /// near each), so that they seldom grow.
    fn default() -> Self {
        RunLists {
            own: Vec::new(),
            across: Vec::new(),
            heap: BinaryHeap::with_capacity(64),
            near: Vec::with_capacity(256),
            moves: Vec::with_capacity(64),
        }
    }
}

thread_local! {
    static SPARE: std::cell::RefCell<Vec<Tables>> = const { std::cell::RefCell::new(Vec::new()) };
    static RUN_LISTS: std::cell::RefCell<Vec<RunLists>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Backs {
    const NONE: u32 = u32::MAX;

    fn new(n: usize) -> Self {
        let (mut at, mut cost, ways, reached) = SPARE
            .with(|spare| spare.borrow_mut().pop())
            .unwrap_or_else(|| {
                (
                    vec![],
                    vec![],
                    Vec::with_capacity(64),
                    Vec::with_capacity(64),
                )
            });
        if at.len() < n {
            at.resize(n, [Self::NONE; 2]);
            cost.resize(n, [f64::INFINITY; 2]);
        }
        Backs {
            at,
            cost,
            ways,
            reached,
        }
    }

    /// The start, node 0 before any jump, at no cost.
    fn start(&mut self) {
        self.cost[0][0] = 0.0;
    }

    /// The cost of each state so far by node and jump flag (infinite for
    /// the states never reached; longer than the graph's nodes when the
    /// thread searched a larger graph before).
    pub(super) fn costs(&self) -> &[[f64; 2]] {
        &self.cost
    }

    /// Records that state (`v`, `j`) was reached at `cost` by `way`,
    /// replacing an earlier way.
    fn set(&mut self, v: usize, j: usize, cost: f64, way: Way) {
        self.cost[v][j] = cost;
        match self.at[v][j] {
            Self::NONE => {
                self.at[v][j] = self.ways.len() as u32;
                self.ways.push(way);
                self.reached.push((v, j));
            }
            k => self.ways[k as usize] = way,
        }
    }

    /// How state (`v`, `j`) was reached (`None` for the start and for the
    /// states never reached).
    pub(super) fn get(&self, v: usize, j: usize) -> Option<&Way> {
        self.slot(v, j).map(|k| &self.ways[k])
    }

    /// Where the way to state (`v`, `j`) is kept: one number per state
    /// reached, below [`Backs::len`] (`None` for the start and the states
    /// never reached).
    pub(super) fn slot(&self, v: usize, j: usize) -> Option<usize> {
        match self.at[v][j] {
            Self::NONE => None,
            k => Some(k as usize),
        }
    }

    /// How many states were reached (the start not counted).
    pub(super) fn len(&self) -> usize {
        self.ways.len()
    }

    /// The states reached besides the start, in the order of their nodes
    /// and jump flags. (No move costs less than nothing, so no way leads
    /// back to the start; were one to, the start is left out here all the
    /// same, as its readers take it first.)
    /// Put in `out` (cleared first).
    pub(super) fn reached_in_order(&self, out: &mut Vec<(usize, usize)>) {
        out.clear();
        out.extend(self.reached.iter().copied().filter(|&s| s != (0, 0)));
        out.sort_unstable();
    }
}

impl Drop for Backs {
    /// Clears the entries this search set and keeps the tables for the
    /// thread's next search.
    fn drop(&mut self) {
        for &(v, j) in &self.reached {
            self.at[v][j] = Self::NONE;
            self.cost[v][j] = f64::INFINITY;
        }
        if let Some(start) = self.cost.first_mut() {
            *start = [f64::INFINITY; 2];
        }
        self.ways.clear();
        self.reached.clear();
        let tables = (
            std::mem::take(&mut self.at),
            std::mem::take(&mut self.cost),
            std::mem::take(&mut self.ways),
            std::mem::take(&mut self.reached),
        );
        // A panic elsewhere may leave the thread's spares borrowed, or the
        // thread ending: the tables are then dropped.
        let _ = SPARE.try_with(|spare| {
            if let Ok(mut spare) = spare.try_borrow_mut() {
                spare.push(tables);
            }
        });
    }
}

/// A heap entry ordered by smallest cost first.
#[derive(Debug, Clone, Copy)]
struct Entry(f64, usize, usize);

impl PartialEq for Entry {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Entry {}
impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Entry {
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .0
            .total_cmp(&self.0)
            .then_with(|| other.1.cmp(&self.1))
    }
}

#[cfg(test)]
mod tests {
    use super::{Backs, SPARE};
    use crate::table::{Body, Place};
    use crate::{Mover, Nav, file::parse, generate::generate};

    /// A search reads nothing a search before it on the same thread left:
    /// after searches on a dense 36" table, the thread's spare tables are
    /// all cleared, and a search on a small table (fewer nodes than the
    /// tables hold) answers as on a thread that never searched.
    #[test]
    fn a_search_reads_nothing_an_earlier_one_left() {
        let small = || {
            let table = parse(
                "size = 28\n[[piece]]\nkind = \"block\"\nheight = 2\nrect = [10, 10, 4, 1]\n",
            )
            .unwrap();
            let nav = Nav::new(&table, Mover::standard(0.5));
            let from = Place::ground(12.0, 8.0);
            let goals = [Place::ground(12.0, 14.0), Place::ground(3.0, 3.0)];
            let others = [Body::new(Place::ground(9.0, 8.0))];
            let reach = nav.reach(from, 5.0, &others, &goals).unwrap();
            let path = nav.path(from, goals[0], &others).unwrap();
            format!("{reach:?} {path:?}")
        };
        let fresh = std::thread::spawn(small).join().unwrap();
        let dense = generate(7, 36.0);
        let nav = Nav::new(&dense, Mover::standard(0.5));
        for (x, y) in [(18.0, 18.0), (3.0, 30.0), (30.0, 4.0)] {
            let from = Place::ground(x, y);
            if dense.can_stand(from, 0.5).is_ok() {
                nav.reach(from, 6.0, &[], &[Place::ground(18.0, 30.0)])
                    .unwrap();
                nav.path(from, Place::ground(33.0, 33.0), &[]).unwrap();
            }
        }
        let cleared = SPARE.with(|spare| {
            let spare = spare.borrow();
            !spare.is_empty()
                && spare
                    .iter()
                    .all(|(_, _, ways, reached)| ways.is_empty() && reached.is_empty())
                && spare.iter().all(|(at, cost, _, _)| {
                    at.iter().all(|a| *a == [Backs::NONE; 2])
                        && cost.iter().all(|c| *c == [f64::INFINITY; 2])
                })
        });
        assert!(cleared, "the spare tables hold what a search left");
        assert_eq!(small(), fresh);
    }
}
