//! What a straight slide between two corners of the terrain graph costs,
//! remembered for the life of a [`Nav`](super::Nav): the corners, the
//! footprints and the mover are the same in every query, so a slide between
//! two of them is judged against the terrain once, and each query only adds
//! the bases of the models standing on the table (cheap disc tests) and its
//! own difficult-ground choice.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU8, Ordering};

use super::graph::{Graph, Slide, Touch};
use crate::table::Level;

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
}

impl Memo {
    /// An empty memo for the corners and stops `graph` has now.
    pub(super) fn new(graph: &Graph) -> Self {
        let nodes = graph.nodes.len();
        Memo {
            nodes,
            cells: (0..nodes * nodes).map(|_| AtomicU8::new(UNKNOWN)).collect(),
            jumps: Mutex::new(HashMap::new()),
        }
    }

    /// Whether the slide from node `u` to node `v` is one it keeps (nodes 0
    /// and 1 are each query's own start and goal).
    fn keeps(&self, u: usize, v: usize) -> bool {
        (2..self.nodes).contains(&u) && (2..self.nodes).contains(&v)
    }
}

impl Graph<'_> {
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
        // The bases of models stop ground slides only (as in `slide`).
        let bases = &self.bases;
        if a.level == Level::Ground && !bases.is_empty() && Graph::hits_any(a, b, bases) {
            return None;
        }
        (difficult_ok || !slide.3.difficult).then_some(slide)
    }
}
