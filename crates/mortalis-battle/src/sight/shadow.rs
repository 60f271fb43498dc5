//! The flat shadows of sight rays, shared by the rays that cast them.
//!
//! The target's sample points at one offset across its base stand one above
//! another, so the rays from one eye to them cast one flat shadow. Where
//! that shadow crosses a blocker's footprint (the cuts with its edges,
//! `geo::line_intersection`) and which pieces between the cuts lie inside
//! it depend on the shadow only, so they are worked out once per shadow and
//! blocker, on first need, and every ray of the shadow judges only its own
//! height against them. The numbers are those [`Blocker::blocks`] computes
//! per ray (the cuts and the inside tests by shortcuts that give geo's
//! numbers, [`super::stretch::crossing`] and [`super::stretch::contains`]), so every answer
//! is the same.

use std::cell::RefCell;

use geo::Line;

use super::{Blocker, Ray, SHADOWS, contains, cuts, stretches};
use crate::table::segment_meets_box;

/// Cuts held on the stack; a polygon with more edges takes the long way
/// ([`stretches`]), as [`super::stretch::any_stretch`] does.
const ROOM: usize = 48;

/// Whether a piece of a shadow lies inside the footprint.
#[derive(Clone, Copy)]
enum Inside {
    /// Not asked yet (it is asked only when a ray's height meets the prism
    /// along the piece).
    Unknown,
    Yes,
    No,
}

/// A piece of a shadow between two cuts, as parameters from 0 to 1.
struct Piece {
    t0: f64,
    t1: f64,
    inside: Inside,
}

/// What one shadow meets of one blocker.
#[derive(Clone, Copy)]
enum Meet {
    /// Not worked out yet.
    Unknown,
    /// The shadow misses the footprint's box.
    Misses,
    /// Its pieces, `from..to` in [`Shadows::pieces`].
    Pieces(usize, usize),
}

/// The shadows of one sight check: one per eye and offset across the
/// target's base, each with what it meets of every blocker.
pub(super) struct Shadows {
    lines: [Line<f64>; SHADOWS],
    blockers: usize,
    /// Shadow `s`, blocker `k` at `s * blockers + k`.
    meets: Vec<Meet>,
    pieces: Vec<Piece>,
}

thread_local! {
    /// The lists of the last check a thread finished, emptied, ready for
    /// its next: a check takes them and puts them back when done, so
    /// checks one after another allocate nothing for them (a check that
    /// finds them taken, as one inside another would, starts its own).
    static SPARE: RefCell<(Vec<Meet>, Vec<Piece>)> = const { RefCell::new((Vec::new(), Vec::new())) };
}

impl Shadows {
    /// Shadows with these flat lines, over `blockers` blockers.
    pub(super) fn new(lines: [Line<f64>; SHADOWS], blockers: usize) -> Self {
        let (mut meets, mut pieces) = SPARE
            .try_with(|spare| spare.try_borrow_mut().map(|mut s| std::mem::take(&mut *s)))
            .ok()
            .and_then(Result::ok)
            .unwrap_or_default();
        meets.clear();
        meets.resize(lines.len() * blockers, Meet::Unknown);
        pieces.clear();
        pieces.reserve(64);
        Shadows {
            lines,
            blockers,
            meets,
            pieces,
        }
    }

    /// [`Blocker::blocks`] for `ray`, whose flat shadow is shadow `s`, and
    /// blocker `k` (which is `b`): the height checks are the ray's own, the
    /// rest is the shadow's, worked out once.
    pub(super) fn blocks(&mut self, s: usize, k: usize, b: &Blocker, ray: &Ray) -> bool {
        let (z0, z1) = (ray.z(0.0), ray.z(1.0));
        if z0.min(z1) >= b.high || z0.max(z1) <= b.low {
            return false;
        }
        let (from, to) = match self.meet(s, k, b) {
            Meet::Pieces(from, to) => (from, to),
            Meet::Misses | Meet::Unknown => return false,
        };
        // The pieces between two cuts first, then the two at the shadow's
        // ends: a shadow from outside a footprint through it has its
        // inside piece between two cuts and its end pieces outside, so
        // this asks fewer inside tests; any order gives the same answer.
        if to <= from {
            return false;
        }
        let last = to - 1;
        for i in from + 1..last {
            if self.piece_blocks(s, i, b, ray) {
                return true;
            }
        }
        self.piece_blocks(s, from, b, ray) || (last > from && self.piece_blocks(s, last, b, ray))
    }

    /// Whether `ray` meets the prism of blocker `b` along piece `i` of
    /// its shadow `s`: its height there meets the prism's, and the piece
    /// lies inside the footprint.
    fn piece_blocks(&mut self, s: usize, i: usize, b: &Blocker, ray: &Ray) -> bool {
        let Some(piece) = self.pieces.get(i) else {
            return false;
        };
        let (z0, z1) = (ray.z(piece.t0), ray.z(piece.t1));
        z0.min(z1) < b.high && z0.max(z1) > b.low && self.inside(s, i, b)
    }

    /// What shadow `s` meets of blocker `k`, worked out on first need.
    fn meet(&mut self, s: usize, k: usize, b: &Blocker) -> Meet {
        let at = s * self.blockers + k;
        let Some(&known) = self.meets.get(at) else {
            return Meet::Misses;
        };
        if !matches!(known, Meet::Unknown) {
            return known;
        }
        let Some(&line) = self.lines.get(s) else {
            return Meet::Misses;
        };
        let meet = self.cut(&line, b);
        self.meets[at] = meet;
        meet
    }

    /// The pieces of `line` that may lie inside blocker `b`'s footprint,
    /// added to [`Shadows::pieces`]: those [`super::stretch::any_stretch`] judges
    /// (pieces between cuts at least a hair long), or for a footprint with
    /// many edges the joined stretches [`stretches`] finds inside it.
    fn cut(&mut self, line: &Line<f64>, b: &Blocker) -> Meet {
        let (a, e) = ((line.start.x, line.start.y), (line.end.x, line.end.y));
        let [x0, y0, x1, y1] = b.bounds;
        if a.0.max(e.0) < x0 || a.0.min(e.0) > x1 || a.1.max(e.1) < y0 || a.1.min(e.1) > y1 {
            return Meet::Misses;
        }
        if !segment_meets_box(a, e, b.bounds) {
            return Meet::Misses;
        }
        let from = self.pieces.len();
        let poly = b.footprint.get();
        if 2 * poly.exterior().0.len() + 2 > ROOM {
            let inside = stretches(poly, line).into_iter().map(|(t0, t1)| Piece {
                t0,
                t1,
                inside: Inside::Yes,
            });
            self.pieces.extend(inside);
            return Meet::Pieces(from, self.pieces.len());
        }
        let mut ts = [0.0_f64; ROOM];
        ts[1] = 1.0;
        let mut n = 2;
        cuts(poly, line, |t| {
            if let Some(slot) = ts.get_mut(n) {
                *slot = t;
                n += 1;
            }
        });
        let ts = &mut ts[..n];
        ts.sort_unstable_by(f64::total_cmp);
        for w in ts.windows(2) {
            let (t0, t1) = (w[0].clamp(0.0, 1.0), w[1].clamp(0.0, 1.0));
            if t1 - t0 >= 1e-9 {
                self.pieces.push(Piece {
                    t0,
                    t1,
                    inside: Inside::Unknown,
                });
            }
        }
        Meet::Pieces(from, self.pieces.len())
    }

    /// Whether piece `i` of shadow `s` lies inside blocker `b`'s footprint
    /// (its middle does), asked once.
    fn inside(&mut self, s: usize, i: usize, b: &Blocker) -> bool {
        let piece = &self.pieces[i];
        match piece.inside {
            Inside::Yes => true,
            Inside::No => false,
            Inside::Unknown => {
                let Some(line) = self.lines.get(s) else {
                    return false;
                };
                let t = (piece.t0 + piece.t1) / 2.0;
                let yes = contains(b.footprint.get(), line.start + line.delta() * t);
                self.pieces[i].inside = if yes { Inside::Yes } else { Inside::No };
                yes
            }
        }
    }
}

impl Drop for Shadows {
    /// Puts the lists back for the thread's next check (keeping the larger
    /// ones when a check inside this one put back its own).
    fn drop(&mut self) {
        let meets = std::mem::take(&mut self.meets);
        let pieces = std::mem::take(&mut self.pieces);
        let _ = SPARE.try_with(|spare| {
            if let Ok(mut spare) = spare.try_borrow_mut() {
                if spare.0.capacity() < meets.capacity() {
                    spare.0 = meets;
                }
                if spare.1.capacity() < pieces.capacity() {
                    spare.1 = pieces;
                }
            }
        });
    }
}
