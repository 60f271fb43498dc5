//! Line of sight (B53, B55, Q4, Q5): sampled rays between the two models'
//! volumes. Every piece that hides (walls, blocks, low obstacles, impassable
//! areas with a height) is a prism from the ground to its height; every other
//! model is a prism from its surface to its top. The target is visible when
//! a ray from any of the shooter's three eye points (across its base) reaches
//! any of its nine sample points (B53: "some part" of it). A sample point the
//! middle eye cannot see counts as hidden. Hidden points decide "partly hidden", "at least half
//! hidden" (Ukrycie), and whether what hides them is an obstacle (1" or more
//! from the target) or cover (closer than 1"). What stands within 1" of the
//! shooter and not within 1" of the target is the cover it fires over: it
//! still blocks rays, but gives no penalty (B55).

use std::cell::RefCell;

use crate::sharded::{WordMap, hash_words};
use geo::{Coord, Distance, Euclidean, Line, LineString, Point, Polygon};
use serde::Serialize;

#[cfg(test)]
use crate::table::segment_meets_box;
use crate::table::{Body, Table};

mod shadow;
mod stretch;
#[cfg(test)]
mod tests;

use shadow::Shadows;
#[cfg(test)]
use stretch::any_stretch;
#[cfg(test)]
use stretch::cuts_plain;
pub(crate) use stretch::stretches;
use stretch::{contains, cuts};

/// Heights (as a share of the model's height) of the target's sample points.
const TARGET_HEIGHTS: [f64; 3] = [0.15, 0.5, 0.85];
/// The shooter's eye height as a share of its height.
const EYE: f64 = 0.85;
/// Sideways offsets (as a share of the base radius) of sample points.
const SIDEWAYS: [f64; 3] = [-0.8, 0.0, 0.8];
/// What is closer than this to the target is cover; farther, an obstacle (B55).
pub const COVER_REACH: f64 = 1.0;
/// The shooter's eye that judges what is hidden (the middle one).
const CENTRE_EYE: usize = 1;
/// Corners of the polygon that stands for a model's round base.
const BASE_CORNERS: usize = 12;

/// What a shooter sees of a target.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Sight {
    /// Some point of the target is seen (B53).
    pub visible: bool,
    /// Sample points of the target that are not seen, out of [`Sight::points`].
    pub hidden: u32,
    /// Sample points of the target.
    pub points: u32,
    /// Something 1" or more from the target hides part of it (−1 C).
    pub obstacle: bool,
    /// Something closer than 1" to the target hides part of it (−2 C).
    pub cover: bool,
}

impl Sight {
    /// Part of the target is hidden by something that counts (B55).
    pub fn partly_hidden(&self) -> bool {
        self.obstacle || self.cover
    }

    /// At least half of the target is hidden (Ukrycie, B113).
    pub fn half_hidden(&self) -> bool {
        2 * self.hidden >= self.points
    }
}

/// A blocker's footprint: a terrain piece's own, or the polygon standing
/// for a model's base, made only when a ray's shadow first needs it (a
/// check that stops early never asks about most bases).
enum Footprint<'a> {
    Piece(&'a Polygon<f64>),
    Base {
        x: f64,
        y: f64,
        radius: f64,
        polygon: std::cell::OnceCell<Polygon<f64>>,
    },
}

impl Footprint<'_> {
    fn get(&self) -> &Polygon<f64> {
        match self {
            Footprint::Piece(p) => p,
            Footprint::Base {
                x,
                y,
                radius,
                polygon,
            } => polygon.get_or_init(|| base_polygon(*x, *y, *radius)),
        }
    }
}

/// A prism that may block a ray.
struct Blocker<'a> {
    footprint: Footprint<'a>,
    /// Its footprint's bounding box.
    bounds: [f64; 4],
    low: f64,
    high: f64,
}

/// How far a blocker is from the target and the shooter, edge to edge: known
/// for a model's base, measured on first need for a terrain piece (each
/// distance on its own).
enum Near {
    Known(f64, f64),
    Piece(std::cell::OnceCell<f64>, std::cell::OnceCell<f64>),
}

/// Whether a blocker at these distances ([`Near`]) could add to what a
/// hidden point says (`cover`, `obstacle` so far) by hiding it too: always
/// for a terrain piece (its distances are measured only when needed);
/// for a model's base, only when the flag it would set is not set yet.
fn adds(n: &Near, cover: bool, obstacle: bool) -> bool {
    match n {
        Near::Known(target, _) if *target < COVER_REACH => !cover,
        Near::Known(_, shooter) => *shooter >= COVER_REACH && !obstacle,
        Near::Piece(..) => true,
    }
}

/// A ray between two 3-D points.
#[derive(Clone, Copy)]
struct Ray {
    from: (f64, f64, f64),
    to: (f64, f64, f64),
}

impl Ray {
    fn z(&self, t: f64) -> f64 {
        self.from.2 + t * (self.to.2 - self.from.2)
    }

    fn flat(&self) -> Line<f64> {
        Line::new(
            Coord {
                x: self.from.0,
                y: self.from.1,
            },
            Coord {
                x: self.to.0,
                y: self.to.1,
            },
        )
    }
}

impl Blocker<'_> {
    /// Whether the ray passes through the prism: along each stretch of its
    /// flat shadow inside the footprint, the ray's height (which changes
    /// linearly) must meet the prism's height range. The plain per-ray
    /// computation; a sight check asks [`Shadows::blocks`], which gives the
    /// same answer.
    #[cfg(test)]
    fn blocks(&self, ray: &Ray) -> bool {
        let (a, b) = (ray.from, ray.to);
        let [x0, y0, x1, y1] = self.bounds;
        if a.0.max(b.0) < x0 || a.0.min(b.0) > x1 || a.1.max(b.1) < y0 || a.1.min(b.1) > y1 {
            return false;
        }
        // The ray's height along it never leaves the range of its ends (as
        // `Ray::z` computes them): wholly above or below the prism, it
        // passes whatever its shadow crosses.
        let (z0, z1) = (ray.z(0.0), ray.z(1.0));
        if z0.min(z1) >= self.high || z0.max(z1) <= self.low {
            return false;
        }
        if !segment_meets_box((a.0, a.1), (b.0, b.1), self.bounds) {
            return false;
        }
        any_stretch(self.footprint.get(), &ray.flat(), |t0, t1| {
            let (z0, z1) = (ray.z(t0), ray.z(t1));
            z0.min(z1) < self.high && z0.max(z1) > self.low
        })
    }
}

/// A regular polygon standing for a round base.
pub(crate) fn base_polygon(x: f64, y: f64, radius: f64) -> Polygon<f64> {
    // Room for the ring closed: `Polygon::new` adds the first corner again
    // at the end, which in a list of the corners alone grows it.
    let mut ring: Vec<Coord<f64>> = Vec::with_capacity(BASE_CORNERS + 1);
    ring.extend((0..BASE_CORNERS).map(|k| {
        let a = std::f64::consts::TAU * k as f64 / BASE_CORNERS as f64;
        Coord {
            x: x + radius * a.cos(),
            y: y + radius * a.sin(),
        }
    }));
    Polygon::new(LineString::new(ring), vec![])
}

/// How far a terrain piece's footprint is from a body's base, edge to edge.
fn gap(b: &Blocker, body: &Body) -> f64 {
    Euclidean.distance(b.footprint.get(), &Point::new(body.at.x, body.at.y)) - body.radius()
}

/// A 3-D point: across the table, along it, and up.
type Spot = (f64, f64, f64);

/// Eye points of a shooter: one per sideways offset.
const EYES: usize = SIDEWAYS.len();
/// Sample points of a target: one per height and sideways offset.
const POINTS: usize = TARGET_HEIGHTS.len() * SIDEWAYS.len();
/// Flat ray shadows of a check: one per eye and sideways offset.
const SHADOWS: usize = EYES * SIDEWAYS.len();

/// Sample points across a body, facing the other end of the sight line:
/// `N` of them, every offset in [`SIDEWAYS`] at each of the `H` heights in
/// turn (a fixed array, so a check allocates nothing for them; `N` other
/// than `H` times the offsets does not compile).
fn samples<const H: usize, const N: usize>(
    table: &Table,
    body: &Body,
    towards: (f64, f64),
    heights: &[f64; H],
) -> [Spot; N] {
    const { assert!(N == H * SIDEWAYS.len(), "N is H heights times SIDEWAYS") };
    let (dx, dy) = (towards.0 - body.at.x, towards.1 - body.at.y);
    let len = dx.hypot(dy).max(1e-9);
    let (px, py) = (-dy / len, dx / len);
    let base = table.level_height(body.at.level);
    let mut out = [(0.0, 0.0, 0.0); N];
    let spots = heights
        .iter()
        .flat_map(|&h| SIDEWAYS.iter().map(move |&s| (h, s)));
    for (slot, (h, s)) in out.iter_mut().zip(spots) {
        let off = s * body.radius();
        *slot = (
            body.at.x + px * off,
            body.at.y + py * off,
            base + h * body.height,
        );
    }
    out
}

/// Whether a box crosses the corridor every sight ray between the two
/// bodies runs in (the box round both bases): what lies wholly outside it
/// blocks nothing.
fn corridor(shooter: &Body, target: &Body) -> impl Fn(&[f64; 4]) -> bool {
    let pad = shooter.radius().max(target.radius());
    let (s, t) = (shooter.at, target.at);
    let c = [
        s.x.min(t.x) - pad,
        s.y.min(t.y) - pad,
        s.x.max(t.x) + pad,
        s.y.max(t.y) + pad,
    ];
    move |b: &[f64; 4]| b[0] <= c[2] && b[2] >= c[0] && b[1] <= c[3] && b[3] >= c[1]
}

/// Whether a box reaches the strip every flat ray shadow between `eyes` and
/// `points` lies in, judged across the line of sight: the box's extent
/// across it against the strip's (a hair wider). A box beside the strip
/// blocks no ray. Always true when the two ends stand on one spot.
fn strip(eyes: &[Spot], points: &[Spot]) -> impl Fn(&[f64; 4]) -> bool + use<> {
    const HAIR: f64 = 1e-9;
    let (a, b) = (eyes[CENTRE_EYE], points[points.len() / 2]);
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = dx.hypot(dy);
    let across = if len > 1e-6 {
        Some((-dy / len, dx / len))
    } else {
        None
    };
    let spread = |n: (f64, f64)| {
        eyes.iter()
            .chain(points)
            .map(|p| p.0 * n.0 + p.1 * n.1)
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), d| {
                (lo.min(d), hi.max(d))
            })
    };
    let band = across.map(|n| (n, spread(n)));
    move |bx: &[f64; 4]| {
        let Some((n, (lo, hi))) = band else {
            return true;
        };
        let corners = [
            (bx[0], bx[1]),
            (bx[2], bx[1]),
            (bx[0], bx[3]),
            (bx[2], bx[3]),
        ];
        let (blo, bhi) = corners
            .iter()
            .map(|c| c.0 * n.0 + c.1 * n.1)
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), d| {
                (l.min(d), h.max(d))
            });
        bhi >= lo - HAIR && blo <= hi + HAIR
    }
}

/// The box round a body's base.
fn body_box(o: &Body) -> [f64; 4] {
    let r = o.radius();
    [o.at.x - r, o.at.y - r, o.at.x + r, o.at.y + r]
}

/// Sight checks remembered on one table ([`Table::sight_with`]): a check
/// is a pure function of the table, the two bodies and the other bodies in
/// the corridor between them, so the same question asked again (the AI
/// valuing a shot it was offered, a model's exposure judged again while
/// nothing near moved) is answered from here. Only for one table, which
/// battles played at once on it may share (its maps are kept behind
/// locks).
#[derive(Debug)]
pub struct SightMemo {
    seen: WordMap<Sight>,
    /// The answers of the cheaper [`Table::sees`] (whether anything is
    /// seen), for the checks no whole answer is remembered for.
    glance: WordMap<bool>,
}

/// How many locks each map of a memo is spread over.
const MEMO_SHARDS: usize = 16;
/// Checks each map of a memo keeps at most (a lock starts afresh when it
/// holds its share).
const MEMO_MAX: usize = 1 << 15;

impl Default for SightMemo {
    fn default() -> Self {
        SightMemo {
            seen: WordMap::new(MEMO_SHARDS, MEMO_MAX / MEMO_SHARDS),
            glance: WordMap::new(MEMO_SHARDS, MEMO_MAX / MEMO_SHARDS),
        }
    }
}

thread_local! {
    /// A list for the words of a check's key, reused by the thread's
    /// checks one after another ([`Key`]).
    static KEY_SPARE: RefCell<Vec<u64>> = const { RefCell::new(Vec::new()) };
}

/// The exact key of a check ([`SightMemo`]): every number of the bodies
/// that count, and its hash. Its words are in a list the thread reuses
/// (taken here, put back when the key is dropped); a map copies them only
/// to keep an answer.
struct Key {
    words: Vec<u64>,
    hash: u64,
}

impl Key {
    fn new(shooter: &Body, target: &Body, others: &[Body]) -> Self {
        let mut words = KEY_SPARE
            .try_with(|spare| spare.try_borrow_mut().map(|mut w| std::mem::take(&mut *w)))
            .ok()
            .and_then(Result::ok)
            .unwrap_or_default();
        words.clear();
        let crosses = corridor(shooter, target);
        let bodies = [shooter, target].into_iter();
        for b in bodies.chain(others.iter().filter(|o| crosses(&body_box(o)))) {
            words.extend(b.at.bits());
            words.extend([b.base.to_bits(), b.height.to_bits()]);
        }
        let hash = hash_words(&words);
        Key { words, hash }
    }
}

impl Drop for Key {
    /// Puts the list back for the thread's next key (keeping the larger
    /// one when a key made meanwhile put back its own).
    fn drop(&mut self) {
        let words = std::mem::take(&mut self.words);
        let _ = KEY_SPARE.try_with(|spare| {
            if let Ok(mut spare) = spare.try_borrow_mut()
                && spare.capacity() < words.capacity()
            {
                *spare = words;
            }
        });
    }
}

impl SightMemo {
    /// The whole answer kept for `key`.
    fn seen(&self, key: &Key) -> Option<Sight> {
        self.seen.get_words(key.hash, &key.words)
    }

    /// The cheaper answer kept for `key`.
    fn glance(&self, key: &Key) -> Option<bool> {
        self.glance.get_words(key.hash, &key.words)
    }
}

impl Table {
    /// [`Table::sight`], remembered in `memo` (which must serve this table
    /// only): the same answer.
    pub fn sight_with(
        &self,
        memo: &SightMemo,
        shooter: &Body,
        target: &Body,
        others: &[Body],
    ) -> Sight {
        let key = Key::new(shooter, target, others);
        if let Some(s) = memo.seen(&key) {
            return s;
        }
        let sight = self.sight(shooter, target, others);
        memo.seen.insert_words(key.hash, &key.words, sight);
        sight
    }

    /// What `shooter` sees of `target`, with `others` (every other model on
    /// the table, friend or foe, Q5) also blocking sight.
    pub fn sight(&self, shooter: &Body, target: &Body, others: &[Body]) -> Sight {
        let look = Look::new(self, shooter, target, others);
        let mut shadows = Shadows::new(look.shadow_lines(), look.blockers.len());
        look.judge(|s, k, b, ray| shadows.blocks(s, k, b, ray))
    }

    /// [`Table::sight_with`] where `shooter` sees any part of `target`,
    /// else `None`: asked first as [`Table::sees`] asks it, which proves a
    /// target unseen with far fewer questions than the whole check, and
    /// most of the AI's questions (the enemies that could shoot a place it
    /// weighs) are answered "unseen" on a dense table. The same answer as
    /// `sight_with` (the `sees` property test in `sight/tests.rs`).
    pub fn sight_if_seen(
        &self,
        memo: &SightMemo,
        shooter: &Body,
        target: &Body,
        others: &[Body],
    ) -> Option<Sight> {
        let key = Key::new(shooter, target, others);
        if let Some(s) = memo.seen(&key) {
            return s.visible.then_some(s);
        }
        let glanced = memo.glance(&key);
        if glanced == Some(false) {
            return None;
        }
        // One layout and one set of shadows for both checks: the whole
        // check reuses the cuts the cheaper one worked out (each answer of
        // `Shadows::blocks` is the same whenever it is asked).
        let look = Look::new(self, shooter, target, others);
        let mut shadows = Shadows::new(look.shadow_lines(), look.blockers.len());
        if glanced.is_none() && !look.visible(|s, k, b, ray| shadows.blocks(s, k, b, ray)) {
            memo.glance.insert_words(key.hash, &key.words, false);
            return None;
        }
        let sight = look.judge(|s, k, b, ray| shadows.blocks(s, k, b, ray));
        memo.seen.insert_words(key.hash, &key.words, sight);
        Some(sight)
    }

    /// Whether `shooter` sees any part of `target` (B53): the
    /// [`Sight::visible`] of [`Table::sight`], without what is hidden and
    /// by what. It stops at the first clear ray, and a ray at the first
    /// blocker that stops it (the one that stopped the ray before asked
    /// first), so it asks far fewer questions than the whole check.
    pub fn sees(&self, shooter: &Body, target: &Body, others: &[Body]) -> bool {
        let look = Look::new(self, shooter, target, others);
        let mut shadows = Shadows::new(look.shadow_lines(), look.blockers.len());
        look.visible(|s, k, b, ray| shadows.blocks(s, k, b, ray))
    }

    /// [`Table::sees`], answered from `memo` when the whole check or an
    /// earlier answer of this one is remembered there (the same answer
    /// either way), and kept there: a watcher asks the same question at
    /// every step of a Move that passes outside its line of sight.
    pub fn sees_with(
        &self,
        memo: &SightMemo,
        shooter: &Body,
        target: &Body,
        others: &[Body],
    ) -> bool {
        let key = Key::new(shooter, target, others);
        if let Some(s) = memo.seen(&key) {
            return s.visible;
        }
        if let Some(visible) = memo.glance(&key) {
            return visible;
        }
        let visible = self.sees(shooter, target, others);
        memo.glance.insert_words(key.hash, &key.words, visible);
        visible
    }
}

/// One sight check laid out: the sample points at both ends and what may
/// block the rays between them.
struct Look<'a> {
    shooter: &'a Body,
    target: &'a Body,
    eyes: [Spot; EYES],
    points: [Spot; POINTS],
    /// How far each blocker is from the target and from the shooter
    /// (cover or obstacle, B55) is measured only when it hides a point.
    blockers: Vec<(Blocker<'a>, Near)>,
}

impl<'a> Look<'a> {
    fn new(table: &'a Table, shooter: &'a Body, target: &'a Body, others: &[Body]) -> Self {
        let eyes = samples(table, shooter, (target.at.x, target.at.y), &[EYE]);
        let points = samples(table, target, (shooter.at.x, shooter.at.y), &TARGET_HEIGHTS);
        let crosses = corridor(shooter, target);
        let beside = strip(&eyes, &points);
        let crosses = |b: &[f64; 4]| crosses(b) && beside(b);
        let mut blockers: Vec<(Blocker, Near)> = Vec::with_capacity(16);
        let found = (table.sight_boxes().iter())
            .filter(|s| crosses(&s.bounds))
            .filter_map(|s| {
                let b = Blocker {
                    footprint: Footprint::Piece(&table.pieces.get(s.piece)?.footprint),
                    bounds: s.bounds,
                    low: s.low,
                    high: s.high,
                };
                Some((b, Near::Piece(Default::default(), Default::default())))
            })
            .chain(others.iter().filter_map(|o| {
                let r = o.radius();
                let bounds = body_box(o);
                if !crosses(&bounds) {
                    return None;
                }
                let z = table.level_height(o.at.level);
                let gap = |b: &Body| {
                    ((o.at.x - b.at.x).hypot(o.at.y - b.at.y) - o.radius() - b.radius()).max(0.0)
                };
                let b = Blocker {
                    footprint: Footprint::Base {
                        x: o.at.x,
                        y: o.at.y,
                        radius: r,
                        polygon: std::cell::OnceCell::new(),
                    },
                    bounds,
                    low: z,
                    high: z + o.height,
                };
                Some((b, Near::Known(gap(target), gap(shooter))))
            }));
        blockers.extend(found);
        Look {
            shooter,
            target,
            eyes,
            points,
            blockers,
        }
    }

    /// How far a blocker is from the target, edge to edge.
    fn near_target(&self, b: &Blocker, n: &Near) -> f64 {
        match n {
            Near::Known(t, _) => *t,
            Near::Piece(t, _) => *t.get_or_init(|| gap(b, self.target)),
        }
    }

    /// How far a blocker is from the shooter, edge to edge.
    fn near_shooter(&self, b: &Blocker, n: &Near) -> f64 {
        match n {
            Near::Known(_, s) => *s,
            Near::Piece(_, s) => *s.get_or_init(|| gap(b, self.shooter)),
        }
    }

    /// The flat shadows of the rays: rays from eye `e` to the points at
    /// offset `s` across the target (one above another) share shadow
    /// `e * SIDEWAYS.len() + s`.
    fn shadow_lines(&self) -> [Line<f64>; SHADOWS] {
        std::array::from_fn(|i| {
            let (e, s) = (i / SIDEWAYS.len(), i % SIDEWAYS.len());
            Ray {
                from: self.eyes[e],
                to: self.points[s],
            }
            .flat()
        })
    }

    /// Whether any ray from an eye reaches a sample point (B53), with
    /// `blocks` as for [`Look::judge`]: the middle height and the middle
    /// eye first, the blocker that stopped the shadow's last ray asked
    /// first, then the one that stopped the last ray.
    fn visible(&self, mut blocks: impl FnMut(usize, usize, &Blocker, &Ray) -> bool) -> bool {
        // As `judge`: no middle eye, nothing seen (never so: `samples`
        // gives three eyes and nine points).
        if self.eyes.get(CENTRE_EYE).is_none() {
            return false;
        }
        let n = self.blockers.len();
        let mut last = 0;
        // By shadow, the blocker that stopped its last ray (`n`: none yet).
        let mut stopper = [n; SHADOWS];
        let rows = self.points.len().div_ceil(SIDEWAYS.len());
        let middle = rows / 2;
        let heights = std::iter::once(middle).chain((0..rows).filter(|&h| h != middle));
        for h in heights {
            for across in 0..SIDEWAYS.len() {
                let Some(&p) = self.points.get(h * SIDEWAYS.len() + across) else {
                    continue;
                };
                let eyes = std::iter::once(CENTRE_EYE)
                    .chain((0..self.eyes.len()).filter(|&e| e != CENTRE_EYE));
                for e in eyes {
                    let Some(&from) = self.eyes.get(e) else {
                        continue;
                    };
                    let ray = Ray { from, to: p };
                    let s = e * SIDEWAYS.len() + across;
                    let mut stopped = |k: usize| {
                        let (b, _) = &self.blockers[k];
                        blocks(s, k, b, &ray)
                    };
                    // The blocker that stopped this shadow's last ray (its
                    // cuts with the shadow are known already), then the one
                    // that stopped the last ray, then the rest: the order
                    // changes only how soon a blocker is found, not whether.
                    let mine = stopper.get(s).copied().unwrap_or(n);
                    if mine < n && stopped(mine) {
                        last = mine;
                        continue;
                    }
                    if last < n && last != mine && stopped(last) {
                        if let Some(m) = stopper.get_mut(s) {
                            *m = last;
                        }
                        continue;
                    }
                    match (0..n).find(|&k| k != last && k != mine && stopped(k)) {
                        Some(k) => {
                            last = k;
                            if let Some(m) = stopper.get_mut(s) {
                                *m = k;
                            }
                        }
                        None => return true,
                    }
                }
            }
        }
        false
    }

    /// The sight, with `blocks(s, k, b, ray)` saying whether blocker `k`
    /// (which is `b`) blocks `ray`, whose flat shadow is shadow `s`.
    fn judge(&self, mut blocks: impl FnMut(usize, usize, &Blocker, &Ray) -> bool) -> Sight {
        let (eyes, blockers) = (&self.eyes, &self.blockers);
        let mut sight = Sight {
            visible: false,
            hidden: 0,
            points: self.points.len() as u32,
            obstacle: false,
            cover: false,
        };
        for (i, &p) in self.points.iter().enumerate() {
            let across = i % SIDEWAYS.len();
            // The middle eye judges what is hidden, and by what: every
            // blocker on its ray counts.
            let Some(&eye) = eyes.get(CENTRE_EYE) else {
                break;
            };
            let ray = Ray { from: eye, to: p };
            let (mut seen, mut cover, mut obstacle) = (true, false, false);
            for (k, (b, n)) in blockers.iter().enumerate() {
                // Once hidden by both cover and an obstacle, no other
                // blocker changes what this point says.
                if cover && obstacle {
                    break;
                }
                // Once hidden, a model's base that could only say what is
                // known already is not asked.
                if !seen && !adds(n, cover, obstacle) {
                    continue;
                }
                if blocks(CENTRE_EYE * SIDEWAYS.len() + across, k, b, &ray) {
                    seen = false;
                    if self.near_target(b, n) < COVER_REACH {
                        cover = true;
                    } else if self.near_shooter(b, n) >= COVER_REACH {
                        obstacle = true;
                    }
                }
            }
            if seen {
                sight.visible = true;
            } else {
                sight.hidden += 1;
                sight.cover |= cover;
                sight.obstacle |= obstacle;
            }
            // The other eyes only say whether anything is seen at all
            // (B53), which is settled once one ray is clear.
            if !sight.visible {
                sight.visible = eyes.iter().enumerate().any(|(e, &from)| {
                    let ray = Ray { from, to: p };
                    let s = e * SIDEWAYS.len() + across;
                    e != CENTRE_EYE
                        && !(blockers.iter().enumerate()).any(|(k, (b, _))| blocks(s, k, b, &ray))
                });
            }
        }
        sight
    }
}
