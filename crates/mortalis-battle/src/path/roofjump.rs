//! Jumps between roofs (B32): an alley or gap between two roofs at about
//! the same height is jumped like any gap — its width costs no allowance,
//! it needs the run-up of Q17 (the inches walked before it in this Move,
//! never less than 1", never over 3"/4" Akrobata), and it is the Move's one
//! jump.
//!
//! Ruling "jumps between roofs": a jump goes from a roof to another whose
//! height is the same or lower by at most 1" (a jump does not rise, and a
//! drop over 1" is a jump-down, B33); it is taken straight from a point of
//! the take-off roof's edge to the nearest point of the landing roof, and
//! only when no other piece in between rises above the landing roof. Of the
//! points along the edges (1" apart) from which such a jump can be made,
//! three are linked per pair of roofs: the middle one of the shortest jumps
//! and the two ends of the run.

use geo::{Closest, ClosestPoint, Coord, Distance, Euclidean, Line, Point, Polygon, Rect};

use super::graph::{Graph, Link, LinkKind, SLACK};
use crate::table::{LOW_MAX, Level, Place};

/// How far apart the take-off places along a roof's edge are at most.
const SPACING: f64 = 1.0;

/// What a cheap test on boxes leaves to the exact one, against rounding:
/// far more than the error of any distance on a table, far less than any
/// length that matters.
const HAIR: f64 = 1e-6;

/// The point of `b`'s outline nearest `p`, and how far it is.
fn nearest(b: &Polygon<f64>, p: Coord<f64>) -> Option<(Coord<f64>, f64)> {
    let p = Point::from(p);
    match b.exterior().closest_point(&p) {
        Closest::SinglePoint(q) | Closest::Intersection(q) => Some((q.0, Euclidean.distance(p, q))),
        Closest::Indeterminate => None,
    }
}

impl Graph<'_> {
    /// Adds the jumps between roofs (module docs): for each ordered pair of
    /// blocks, from points along the take-off roof's edges (at most 1"
    /// apart) straight to the nearest point of the other roof's edge, when
    /// that is within the longest jump; joined one way.
    pub(super) fn roof_jumps(&mut self) {
        let mut starts: Vec<Place> = vec![];
        let roofs: Vec<(usize, f64)> = self
            .table
            .pieces
            .iter()
            .enumerate()
            .filter_map(|(i, p)| Some((i, p.kind.surface()?)))
            .collect();
        let boxes: Vec<Option<Rect<f64>>> = self
            .table
            .pieces
            .iter()
            .map(|p| geo::BoundingRect::bounding_rect(&p.footprint))
            .collect();
        // Boxes farther apart than the longest jump on either axis hold no
        // jump.
        let reach = self.mover.jump_max;
        let far = |i: usize, j: usize| match (boxes[i], boxes[j]) {
            (Some(a), Some(b)) => {
                a.min().x - b.max().x > reach
                    || b.min().x - a.max().x > reach
                    || a.min().y - b.max().y > reach
                    || b.min().y - a.max().y > reach
            }
            _ => true,
        };
        for &(i, hi) in &roofs {
            for &(j, hj) in &roofs {
                if i == j || hj > hi + 1e-9 || hi - hj > LOW_MAX + 1e-9 || far(i, j) {
                    continue;
                }
                let found = self.jumps_between(i, j, hj, &boxes);
                self.link_jumps(&found, &mut starts);
            }
        }
        self.roof_jumps = std::sync::Arc::new(starts);
    }

    /// Every jump that could be taken from roof `i` to roof `j` (whose
    /// height is `hj`), along `i`'s edges in order. `boxes` holds each
    /// piece's box: a point of `i`'s edge farther from `j`'s box than the
    /// longest jump (and a hair more, against rounding) lies that far from
    /// `j`'s outline too, so its nearest point is not sought.
    fn jumps_between(
        &self,
        i: usize,
        j: usize,
        hj: f64,
        boxes: &[Option<Rect<f64>>],
    ) -> Vec<(Place, Place, f64)> {
        let reach = self.mover.jump_max;
        let (a, b) = (
            &self.table.pieces[i].footprint,
            &self.table.pieces[j].footprint,
        );
        let beyond = |p: Coord<f64>| {
            boxes[j].is_some_and(|r| {
                let dx = (r.min().x - p.x).max(p.x - r.max().x);
                let dy = (r.min().y - p.y).max(p.y - r.max().y);
                dx.max(dy) > reach + HAIR
            })
        };
        // Worked out at the first jump within reach, if any.
        let mut blockers = None;
        let mut found: Vec<(Place, Place, f64)> = vec![];
        for edge in a.exterior().lines() {
            let len = edge.delta().x.hypot(edge.delta().y);
            let n = (len / SPACING).ceil().max(1.0) as usize;
            for k in 0..n {
                let t = (k as f64 + 0.5) / n as f64;
                let pa = edge.start + edge.delta() * t;
                if beyond(pa) {
                    continue;
                }
                let Some((pb, gap)) = nearest(b, pa) else {
                    continue;
                };
                let within = gap > 1e-6 && gap <= reach + 1e-9;
                if !within {
                    continue;
                }
                let blockers = blockers.get_or_insert_with(|| self.blockers(i, j, hj, boxes));
                if self.clear(pa, pb, blockers) {
                    found.extend(self.jump_places(i, j, pa, pb, gap));
                }
            }
        }
        found
    }

    /// Links the jumps kept of those `found` between two roofs: the middle
    /// shortest one and the two ends of the run (a short jump and the
    /// widest choice of places, with few nodes); each take-off is added to
    /// `starts`.
    fn link_jumps(&mut self, found: &[(Place, Place, f64)], starts: &mut Vec<Place>) {
        // The middle one of the (near-)shortest jumps.
        let least = found.iter().map(|f| f.2).fold(f64::INFINITY, f64::min);
        let short: Vec<usize> = (0..found.len())
            .filter(|&k| found[k].2 <= least + 0.05)
            .collect();
        let mut keep: Vec<usize> = short.get(short.len() / 2).copied().into_iter().collect();
        for end in [0, found.len().saturating_sub(1)] {
            if end < found.len() && !keep.contains(&end) {
                keep.push(end);
            }
        }
        for k in keep {
            let (take_off, landing, gap) = found[k];
            if let (Some(from), Some(to)) = (self.add_node(take_off), self.add_node(landing)) {
                self.links.push(Link {
                    from,
                    to,
                    step: LinkKind::RoofJump { gap },
                });
                starts.push(take_off);
            }
        }
    }

    /// One jump from roof `i` at its edge point `pa` straight to roof `j`
    /// at `pb`: the take-off and landing places the base's radius inside
    /// each roof, when a base can stand at both.
    fn jump_places(
        &self,
        i: usize,
        j: usize,
        pa: Coord<f64>,
        pb: Coord<f64>,
        gap: f64,
    ) -> Option<(Place, Place, f64)> {
        let r = self.mover.radius + SLACK;
        let (ux, uy) = ((pb.x - pa.x) / gap, (pb.y - pa.y) / gap);
        let take_off = Place {
            x: pa.x - ux * r,
            y: pa.y - uy * r,
            level: Level::Roof(i),
        };
        let landing = Place {
            x: pb.x + ux * r,
            y: pb.y + uy * r,
            level: Level::Roof(j),
        };
        let stands = |p: Place| self.table.can_stand(p, self.mover.radius).is_ok();
        (stands(take_off) && stands(landing)).then_some((take_off, landing, gap))
    }

    /// The pieces that may stand in the way of a jump from roof `i` to
    /// roof `j` (whose height is `hj`): the others that rise above `hj` and
    /// whose boxes (`boxes`) meet the two roofs' boxes grown by a hair. A
    /// jump joins a point of each roof's edge, so its own box lies within
    /// the roofs' (up to rounding, far less than the hair), and a piece
    /// whose box lies beside them shares no point with it. [`Graph::clear`]
    /// checks the jump's box all the same.
    fn blockers<'b>(
        &self,
        i: usize,
        j: usize,
        hj: f64,
        boxes: &'b [Option<Rect<f64>>],
    ) -> Blockers<'b> {
        let area = match (boxes[i], boxes[j]) {
            (Some(a), Some(b)) => [
                a.min().x.min(b.min().x) - HAIR,
                a.min().y.min(b.min().y) - HAIR,
                a.max().x.max(b.max().x) + HAIR,
                a.max().y.max(b.max().y) + HAIR,
            ],
            _ => [
                f64::NEG_INFINITY,
                f64::NEG_INFINITY,
                f64::INFINITY,
                f64::INFINITY,
            ],
        };
        let pieces = self.table.pieces.iter().enumerate();
        let near = pieces
            .filter(|&(k, p)| k != i && k != j && p.kind.sight_height() > hj)
            .filter(|&(k, _)| boxes[k].is_none_or(|r| !beside(r, area)))
            .map(|(k, _)| k)
            .collect();
        Blockers {
            roofs: (i, j),
            height: hj,
            area,
            near,
            boxes,
        }
    }

    /// Whether nothing but the two roofs of `blockers` rises above the
    /// landing roof along the jump from `a` to `b`: asked of the pieces
    /// `blockers` keeps when the jump's box lies within their area, else of
    /// every piece. A piece whose box lies wholly beside the jump's own box
    /// shares no point with it, so the exact test is asked only of the
    /// others: the same answer (every point of a footprint lies in its
    /// outline's box; footprints have no holes).
    fn clear(&self, a: Coord<f64>, b: Coord<f64>, blockers: &Blockers<'_>) -> bool {
        use geo::Intersects;
        let ((i, j), height) = (blockers.roofs, blockers.height);
        let line = Line::new(a, b);
        let own = [a.x.min(b.x), a.y.min(b.y), a.x.max(b.x), a.y.max(b.y)];
        let pieces = &self.table.pieces;
        let blocks = |k: usize| {
            blockers.boxes[k].is_none_or(|r| !beside(r, own))
                && pieces[k].footprint.intersects(&line)
        };
        let area = blockers.area;
        if own[0] >= area[0] && own[1] >= area[1] && own[2] <= area[2] && own[3] <= area[3] {
            !blockers.near.iter().any(|&k| blocks(k))
        } else {
            !(0..pieces.len())
                .any(|k| k != i && k != j && pieces[k].kind.sight_height() > height && blocks(k))
        }
    }
}

/// The pieces that may stand in the way of the jumps between two roofs
/// ([`Graph::blockers`]).
struct Blockers<'b> {
    /// The take-off roof and the landing roof.
    roofs: (usize, usize),
    /// The landing roof's height: only what rises above it is in the way.
    height: f64,
    /// The two roofs' boxes together, grown by a hair: [min x, min y, max
    /// x, max y].
    area: [f64; 4],
    /// The pieces that rise above the landing roof and whose boxes meet
    /// `area`, in order.
    near: Vec<usize>,
    /// Each piece's box.
    boxes: &'b [Option<Rect<f64>>],
}

/// Whether the box `r` lies wholly beside the box `b` ([min x, min y, max
/// x, max y]): they share no point.
fn beside(r: Rect<f64>, b: [f64; 4]) -> bool {
    r.max().x < b[0] || r.min().x > b[2] || r.max().y < b[1] || r.min().y > b[3]
}

#[cfg(test)]
mod tests {
    use geo::{BoundingRect, Coord, Intersects, Line, Rect};

    use super::nearest;
    use crate::generate::generate;
    use crate::path::graph::Graph;
    use crate::path::{Mover, Nav};
    use crate::table::Place;

    /// The jumps from roof `i` to roof `j` as found before the tests on
    /// boxes: every edge point's nearest point sought, every piece asked
    /// whether it stands in the way.
    fn plain_jumps(g: &Graph, i: usize, j: usize, hj: f64) -> Vec<(Place, Place, f64)> {
        let pieces = &g.table.pieces;
        let mut found = vec![];
        for edge in pieces[i].footprint.exterior().lines() {
            let len = edge.delta().x.hypot(edge.delta().y);
            let n = (len / super::SPACING).ceil().max(1.0) as usize;
            for k in 0..n {
                let t = (k as f64 + 0.5) / n as f64;
                let pa: Coord<f64> = edge.start + edge.delta() * t;
                let Some((pb, gap)) = nearest(&pieces[j].footprint, pa) else {
                    continue;
                };
                let line = Line::new(pa, pb);
                let clear = pieces.iter().enumerate().all(|(k, p)| {
                    k == i
                        || k == j
                        || p.kind.sight_height() <= hj
                        || !p.footprint.intersects(&line)
                });
                if gap > 1e-6 && gap <= g.mover.jump_max + 1e-9 && clear {
                    found.extend(g.jump_places(i, j, pa, pb, gap));
                }
            }
        }
        found
    }

    /// The jumps found between two roofs with the tests on boxes (edge
    /// points too far from the landing roof's box, pieces beside the jump)
    /// are those the plain search finds, to the last bit, for every pair of
    /// roofs whose boxes lie within a jump and an inch, on four generated
    /// tables and two lengths of jump (fails when a box test leaves out a
    /// jump, or a piece in the way of one).
    #[test]
    fn boxes_find_the_jumps_the_plain_search_finds() {
        let (mut pairs, mut jumps) = (0, 0);
        for (seed, size) in [(0, 36.0), (1, 36.0), (2, 28.0), (3, 48.0)] {
            let table = generate(seed, size);
            for jump_max in [3.0, 4.0] {
                let nav = Nav::new(
                    &table,
                    Mover {
                        jump_max,
                        ..Mover::standard(0.5)
                    },
                );
                let g = &nav.graph;
                let boxes: Vec<Option<Rect<f64>>> = table
                    .pieces
                    .iter()
                    .map(|p| p.footprint.bounding_rect())
                    .collect();
                let roofs: Vec<(usize, f64)> = (0..table.pieces.len())
                    .filter_map(|i| Some((i, table.pieces[i].kind.surface()?)))
                    .collect();
                for &(i, _) in &roofs {
                    for &(j, hj) in &roofs {
                        let (Some(a), Some(b)) = (boxes[i], boxes[j]) else {
                            continue;
                        };
                        let reach = jump_max + 1.0;
                        let near = a.min().x - b.max().x <= reach
                            && b.min().x - a.max().x <= reach
                            && a.min().y - b.max().y <= reach
                            && b.min().y - a.max().y <= reach;
                        if i == j || !near {
                            continue;
                        }
                        let fast = g.jumps_between(i, j, hj, &boxes);
                        let plain = plain_jumps(g, i, j, hj);
                        assert_eq!(
                            format!("{fast:?}"),
                            format!("{plain:?}"),
                            "roof {i} to {j} on table {seed}"
                        );
                        pairs += 1;
                        jumps += fast.len();
                    }
                }
            }
        }
        assert!(pairs > 5000 && jumps > 500, "{pairs} pairs, {jumps} jumps");
    }
}
