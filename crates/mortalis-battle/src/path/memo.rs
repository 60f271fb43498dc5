//! What a straight slide between two corners of the terrain graph costs,
//! remembered for the life of a [`Nav`](super::Nav): the corners, the
//! footprints and the mover are the same in every query, so a slide between
//! two of them is judged against the terrain once, and each query only adds
//! the bases of the models standing on the table (cheap disc tests) and its
//! own difficult-ground choice. Ground slides between other places (a
//! query's start, the goals a Move is weighed towards, the rings round a
//! start) are remembered by their ends in [`PlaceSlides`]; so are slides
//! across one roof (by the roof as well), and whether the terrain lets a
//! base stand at a place (`Memo::stands`).

use std::collections::HashMap;
use std::sync::Mutex;

use std::sync::atomic::{AtomicU8, Ordering};

use super::graph::{Graph, Slide, Touch};
use crate::sharded::{Sharded, Words};
use crate::table::{Level, Place};

/// Not judged yet.
const UNKNOWN: u8 = 0;
/// The terrain stops a base there.
const BLOCKED: u8 = 1;
/// A base can slide there; the bits below say what it touches.
const OPEN: u8 = 2;
const DIFFICULT: u8 = 4;
const DANGEROUS: u8 = 8;
/// The slide jumps a gap: its length and run-up are kept in `jumps`.
const JUMPS: u8 = 16;

/// The remembered terrain slides between the first `nodes` corners of a
/// graph (those every query shares), against the terrain's stops (never
/// the bases a query adds).
#[derive(Debug)]
pub(super) struct Memo {
    nodes: usize,
    cells: Vec<AtomicU8>,
    jumps: Mutex<HashMap<(usize, usize), (f64, f64)>>,
    /// Slides between any two places on the ground, or across one roof
    /// (by the roof too), by their ends.
    places: PlaceSlides,
    /// Whether the terrain lets a base stand at a place, by the place
    /// ([`Graph::add_node`]: a query adds the same climbing points where
    /// a model stands at each question it is asked there).
    stands: Sharded<Words<3>, bool>,
}

/// How many locks [`PlaceSlides`] spreads its slides over: battles played
/// at once on one table share a `Nav`, and seldom want the same lock.
const SHARDS: usize = 64;
/// Slides one lock keeps at most; it starts afresh when full.
const SHARD_MAX: usize = 1024;

/// Terrain slides between two places on the ground, remembered by the
/// places' coordinates: a slide is a pure function of the terrain, the
/// mover and its ends, and the reach towards a goal slides from the same
/// corners to the same goals in query after query (in session 24's count,
/// 6 dense battles asked for 307,000 such slides and only 71,000 had not
/// been judged before).
/// Slides across one roof are kept apart, by the roof as well: each asks
/// geo whether the roof's area holds the whole line, some 27,000
/// instructions (in session 33's count, 551 such slides between a query's
/// own places cost 3% of a lone battle on the dense table).
#[derive(Debug)]
struct PlaceSlides {
    slides: Sharded<Words<4>, Option<Slide>>,
    roofs: Sharded<Words<5>, Option<Slide>>,
}

impl PlaceSlides {
    fn new() -> Self {
        PlaceSlides {
            slides: Sharded::new(SHARDS, SHARD_MAX),
            roofs: Sharded::new(SHARDS / 4, SHARD_MAX),
        }
    }

    /// The slide from `a` to `b` on the ground, judged by `judge` the
    /// first time.
    fn get(&self, a: Place, b: Place, judge: impl FnOnce() -> Option<Slide>) -> Option<Slide> {
        let key = [a.x, a.y, b.x, b.y].map(f64::to_bits);
        self.slides.get_or_make(Words(key), judge)
    }

    /// The slide from `a` to `b` across roof `roof`, judged by `judge`
    /// the first time.
    fn get_on_roof(
        &self,
        roof: usize,
        a: Place,
        b: Place,
        judge: impl FnOnce() -> Option<Slide>,
    ) -> Option<Slide> {
        let [ax, ay, bx, by] = [a.x, a.y, b.x, b.y].map(f64::to_bits);
        self.roofs
            .get_or_make(Words([ax, ay, bx, by, roof as u64]), judge)
    }
}

impl Memo {
    /// An empty memo for the corners and stops `graph` has now.
    pub(super) fn new(graph: &Graph) -> Self {
        let nodes = graph.nodes.len();
        Memo {
            nodes,
            cells: (0..nodes * nodes).map(|_| AtomicU8::new(UNKNOWN)).collect(),
            jumps: Mutex::new(HashMap::new()),
            places: PlaceSlides::new(),
            stands: Sharded::new(SHARDS / 4, SHARD_MAX),
        }
    }

    /// Whether the terrain lets a base stand at `at`, judged by `judge` the
    /// first time.
    pub(super) fn stands(&self, at: Place, judge: impl FnOnce() -> bool) -> bool {
        let level = match at.level {
            Level::Ground => u64::MAX,
            Level::Roof(i) => i as u64,
        };
        self.stands
            .get_or_make(Words([at.x.to_bits(), at.y.to_bits(), level]), judge)
    }

    /// Whether the slide from node `u` to node `v` is one it keeps (nodes 0
    /// and 1 are each query's own start and goal).
    fn keeps(&self, u: usize, v: usize) -> bool {
        (2..self.nodes).contains(&u) && (2..self.nodes).contains(&v)
    }
}

impl Graph<'_> {
    /// [`Graph::terrain_slide`], remembered for the life of the `Nav`
    /// when both ends are on the ground or on one roof: the same answer.
    pub(super) fn terrain_slide_kept(&self, a: Place, b: Place) -> Option<Slide> {
        match (self.memo.as_deref(), a.level, b.level) {
            (Some(memo), Level::Ground, Level::Ground) => {
                memo.places.get(a, b, || self.terrain_slide(a, b))
            }
            (Some(memo), Level::Roof(i), Level::Roof(j)) if i == j => {
                memo.places
                    .get_on_roof(i, a, b, || self.terrain_slide(a, b))
            }
            _ => self.terrain_slide(a, b),
        }
    }

    /// [`Graph::slide`] between nodes `u` and `v`, the terrain's part taken
    /// from the memo when both are corners every query shares: the same
    /// answer, judged once.
    pub(super) fn slide_nodes(&self, u: usize, v: usize, difficult_ok: bool) -> Option<Slide> {
        let (a, b) = (self.nodes[u].at, self.nodes[v].at);
        let Some(memo) = self.memo.as_deref().filter(|m| m.keeps(u, v)) else {
            return self.slide(a, b, difficult_ok);
        };
        let cell = &memo.cells[u * memo.nodes + v];
        let known = cell.load(Ordering::Relaxed);
        let terrain = if known == UNKNOWN {
            let found = self.terrain_slide(a, b);
            let code = match found {
                None => BLOCKED,
                Some((_, jump, before, touch)) => {
                    let mut code = OPEN;
                    if touch.difficult {
                        code |= DIFFICULT;
                    }
                    if touch.dangerous {
                        code |= DANGEROUS;
                    }
                    if jump > 0.0 {
                        code |= JUMPS;
                        if let Ok(mut j) = memo.jumps.lock() {
                            j.insert((u, v), (jump, before));
                        }
                    }
                    code
                }
            };
            cell.store(code, Ordering::Relaxed);
            found
        } else if known == BLOCKED {
            None
        } else {
            let (jump, before) = if known & JUMPS != 0 {
                // Stored before the cell was marked; a poisoned lock (a
                // panic elsewhere) falls back to judging the slide afresh.
                match memo.jumps.lock().ok().and_then(|j| j.get(&(u, v)).copied()) {
                    Some(jb) => jb,
                    None => return self.slide(a, b, difficult_ok),
                }
            } else {
                (0.0, 0.0)
            };
            let touch = Touch {
                difficult: known & DIFFICULT != 0,
                dangerous: known & DANGEROUS != 0,
            };
            Some((Graph::slide_length(a, b), jump, before, touch))
        };
        let slide = terrain?;
        // The bases of models on the same surface (as in `slide`).
        if self.bases_block(a, b) {
            return None;
        }
        (difficult_ok || !slide.3.difficult).then_some(slide)
    }
}

#[cfg(test)]
mod tests {
    use crate::generate::generate;
    use crate::path::{Mover, Nav};
    use crate::table::{Body, Level, Place, Table};
    use proptest::prelude::*;
    use std::sync::OnceLock;

    /// A dense generated table with roofs, and its navigation.
    fn table() -> &'static Table {
        static TABLE: OnceLock<Table> = OnceLock::new();
        TABLE.get_or_init(|| generate(7, 36.0))
    }

    /// Two queries of one `Nav` with different bases about them: what the
    /// first remembers, the second reads.
    fn queries(nav: &Nav<'static>) -> [super::Graph<'static>; 2] {
        let at = |x, y| Body::new(Place::ground(x, y));
        [
            nav.query(
                Place::ground(3.0, 3.0),
                Place::ground(4.0, 4.0),
                &[],
                false,
                8.0,
            ),
            nav.query(
                Place::ground(30.0, 30.0),
                Place::ground(31.0, 31.0),
                &[at(10.0, 10.0), at(20.0, 18.0), at(25.0, 6.0)],
                false,
                8.0,
            ),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// A slide across one roof read from the memo (asked first by
        /// another query, then again) is the slide judged afresh; so is a
        /// slide on the ground, and one between two surfaces (never kept).
        #[test]
        fn remembered_slides_are_the_slides(
            roof in 0..64usize, fx in prop::array::uniform4(0.0..1.0f64),
        ) {
            let t = table();
            let nav = Nav::new(t, Mover::standard(0.5));
            let [first, second] = queries(&nav);
            let roofs = &first.roofs;
            prop_assume!(!roofs.is_empty());
            let (i, areas) = &roofs[roof % roofs.len()];
            prop_assume!(!areas.is_empty());
            use geo::BoundingRect;
            let Some(bb) = areas[0].bounding_rect() else { return Ok(()) };
            let on = |u: f64, v: f64, level| Place {
                x: bb.min().x + u * bb.width(),
                y: bb.min().y + v * bb.height(),
                level,
            };
            let (a, b) = (on(fx[0], fx[1], Level::Roof(*i)), on(fx[2], fx[3], Level::Roof(*i)));
            let ground = |p: Place| Place { level: Level::Ground, ..p };
            for (a, b) in [(a, b), (ground(a), ground(b)), (a, ground(b))] {
                let fresh = second.terrain_slide(a, b);
                first.terrain_slide_kept(a, b);
                prop_assert_eq!(second.terrain_slide_kept(a, b), fresh);
                prop_assert_eq!(second.terrain_slide_kept(a, b), fresh);
            }
        }

        /// Whether the terrain lets a base stand at a place, remembered by
        /// one query, is what another query among other bases judges.
        #[test]
        fn remembered_standing_is_standing(x in 0.0..36.0f64, y in 0.0..36.0f64) {
            let t = table();
            let nav = Nav::new(t, Mover::standard(0.5));
            let [first, second] = queries(&nav);
            for at in [Place::ground(x, y), Place { level: t.surface_at(x, y), ..Place::ground(x, y) }] {
                let memo = first.memo.as_deref().expect("a query remembers");
                memo.stands(at, || first.stands_on_terrain(at));
                let fresh = second.stands_on_terrain(at);
                let memo = second.memo.as_deref().expect("a query remembers");
                prop_assert_eq!(memo.stands(at, || !fresh), fresh);
            }
        }
    }
}
