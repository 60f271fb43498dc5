//! The search behind the walking fields ([`super::Fields`]): Dijkstra
//! over the grid's cells with the waiting cells in a ring of buckets, run
//! only as far as each read needs.

use super::DIRS;

/// A Dijkstra search over the grid that runs only as far as it is asked
/// to: a cell's distance is final once the smallest distance still
/// waiting is at least its own less the shortest step, so a query near
/// the goal stops early and a later query further off picks up where it
/// stopped. The cells settled are those a whole search would settle
/// first, with the same distances.
///
/// The cells waiting are kept in buckets [`WIDTH`] wide by their distance
/// (Dial's buckets) rather than in a heap: no step is shorter than the
/// width (every cell costs at least 1 an inch, and a step is at least half
/// an inch), so no cell of a bucket can improve another of the same
/// bucket, and a bucket's cells are final in any order. Each cell's
/// distance is the least of its neighbours' final distances plus the step,
/// the same sums a heap's order gives, so the distances are the same bit
/// for bit.
#[derive(Debug, Clone)]
pub(crate) struct Search {
    pub(super) dist: Vec<f32>,
    /// The cells waiting (with the distance each was put in at), in a
    /// ring of buckets: bucket `b` (from `next` on) at `b % ring.len()`,
    /// the ring's length a power of two longer than the furthest bucket
    /// ahead that holds a cell ([`wait_in`]).
    ring: Vec<Vec<(u32, f32)>>,
    /// The first bucket not yet searched from: every cell nearer than
    /// `next` widths is final.
    next: usize,
    /// How many cells wait in all.
    count: usize,
}

/// The width of a bucket of [`Search`]: the shortest step between cells
/// (half an inch across a cell that costs 1 an inch).
pub(super) const WIDTH: f32 = 0.5;

/// The bucket of a distance. An infinite distance, or any of 2^31 widths
/// or more, gives `u32::MAX`, past every bucket a search reaches (a grid's
/// distances stay under some 50,000 inches). Converted through `u32`
/// rather than `usize`: the same number for every such distance, in fewer
/// instructions.
fn bucket(d: f32) -> usize {
    (d / WIDTH) as u32 as usize
}

/// How many buckets a search's ring has at least: more than the longest
/// step of a grid spans (a diagonal step between two cells costing 7 an
/// inch, a 3" climb, is 4.95", ten buckets ahead), so that on a battle's
/// grid it widens ([`widen`]) only from empty, at a search's first cell.
const RING_MIN: usize = 16;

/// How many cells a bucket has room for when first made: enough for most
/// buckets of a 36" table, so that few of them grow as a search spreads
/// (each bucket's room is kept for the bucket that takes its place in the
/// ring, [`Search::search_on`]).
const BUCKET_ROOM: usize = 64;

/// Puts cell `k` in its bucket of the ring (`Search::ring`), the bucket of
/// distance `d`, when `next` is the first bucket not yet searched from
/// (never in one before it). A free function rather than a method of
/// [`Search`], so that the search's loop keeps the distances and the
/// counts in registers round it.
#[inline(always)]
fn wait_in(ring: &mut Vec<Vec<(u32, f32)>>, next: usize, k: usize, d: f32) {
    debug_assert!(bucket(d) >= next, "a step shorter than a bucket");
    let b = bucket(d).max(next);
    if b - next >= ring.len() {
        widen(ring, next, b - next + 1);
    }
    let mask = ring.len() - 1;
    ring[b & mask].push((k as u32, d));
}

/// Makes the ring of buckets ([`Search::ring`]) at least `ahead` buckets
/// long (and at least [`RING_MIN`]), a power of two, each bucket from
/// `next` on moved to its place in the longer ring. Only a search's
/// starts far apart, or steps longer than any grid's, need this after its
/// first cell.
#[cold]
#[inline(never)]
fn widen(ring: &mut Vec<Vec<(u32, f32)>>, next: usize, ahead: usize) {
    let len = ahead.max(RING_MIN).next_power_of_two();
    let old = std::mem::replace(ring, (0..len).map(|_| Vec::new()).collect());
    let old_mask = old.len().wrapping_sub(1);
    for (i, cells) in old.into_iter().enumerate() {
        // The bucket at slot `i` of the old ring: the bucket `b` from
        // `next` to `next + old.len() - 1` with `b % old.len() == i`.
        let b = next + (i.wrapping_sub(next) & old_mask);
        ring[b & (len - 1)] = cells;
    }
    for cells in ring.iter_mut().filter(|c| c.capacity() == 0) {
        cells.reserve_exact(BUCKET_ROOM);
    }
}

impl Search {
    /// A search from `starts` (cells at their distances) over `cells`
    /// cells.
    pub(super) fn new(cells: usize, starts: &[(usize, f32)]) -> Self {
        let mut search = Search {
            dist: vec![f32::INFINITY; cells],
            ring: Vec::new(),
            next: 0,
            count: 0,
        };
        for &(s, d) in starts {
            if d < search.dist[s] {
                search.dist[s] = d;
                wait_in(&mut search.ring, search.next, s, d);
                search.count += 1;
            }
        }
        search
    }

    /// Searches on until cell `c`'s distance is final or known to be
    /// beyond the cap, then reads it (infinite beyond the cap). `steps(k)`
    /// is what stepping from cell `k` to each of its neighbours
    /// ([`DIRS`]) costs.
    ///
    /// Final once every bucket before its own is searched from (a cell
    /// that could still improve it lies a step nearer, in an earlier
    /// bucket); everything within the cap is final once the buckets
    /// searched reach past it. Most reads find the cell final already, so
    /// that test is made here, inline, before the search proper.
    #[inline]
    pub(super) fn settle(
        &mut self,
        n: usize,
        c: usize,
        cap: f32,
        steps: impl Fn(usize) -> [f32; 8],
    ) -> f32 {
        if bucket(self.dist[c]) > self.next {
            self.search_on(n, c, cap, steps);
        }
        let d = self.dist[c];
        if d <= cap { d } else { f32::INFINITY }
    }

    /// The search proper of [`Search::settle`]: bucket after bucket until
    /// cell `c` is final, the cap is passed or no cell waits. Never
    /// inlined, so that what reads a cell (`sample`'s reader) stays
    /// small enough to be inlined itself.
    #[inline(never)]
    fn search_on(&mut self, n: usize, c: usize, cap: f32, steps: impl Fn(usize) -> [f32; 8]) {
        // Each neighbour's offset in the grid, wrapping: a step off the
        // table costs infinity, so what it lands on (another row's cell,
        // or none) is never improved.
        let offsets = DIRS.map(|(dx, dy)| (dy * n as i64 + dx) as usize);
        // The fields apart, and the counts in locals (written back at the
        // end), so that the loop below needs no reloads after a push.
        let Search {
            dist,
            ring,
            next: next_out,
            count: count_out,
        } = self;
        let dist = &mut dist[..];
        let (mut next, mut count) = (*next_out, *count_out);
        while bucket(dist[c]) > next && next as f32 * WIDTH <= cap && count > 0 {
            // The bucket `next`, taken out of the ring. Before the ring
            // is first made it has no slots, and the bucket is taken as
            // empty.
            let slot = next & ring.len().wrapping_sub(1);
            let mut now = ring.get_mut(slot).map(std::mem::take).unwrap_or_default();
            next += 1;
            count -= now.len();
            // The bucket's cells in any order: none improves another.
            for &(k, d) in &now {
                let k = k as usize;
                if d > dist[k] {
                    continue;
                }
                let s = steps(k);
                let mut relax = |i: usize| {
                    let nd = d + s[i];
                    let j = k.wrapping_add(offsets[i]);
                    if let Some(dj) = dist.get_mut(j)
                        && nd < *dj
                    {
                        *dj = nd;
                        wait_in(ring, next, j, nd);
                        count += 1;
                    }
                };
                // The eight neighbours written out: the compiler does not
                // unroll a loop over them, whose count would cost a
                // quarter of the work.
                relax(0);
                relax(1);
                relax(2);
                relax(3);
                relax(4);
                relax(5);
                relax(6);
                relax(7);
            }
            // The emptied bucket's room serves the bucket that takes its
            // place in the ring (unless a cell was put in that one
            // already, or the ring widened and moved it).
            now.clear();
            let slot = (next - 1) & ring.len().wrapping_sub(1);
            if let Some(later) = ring.get_mut(slot)
                && later.is_empty()
            {
                *later = now;
            }
        }
        (*next_out, *count_out) = (next, count);
    }
}
