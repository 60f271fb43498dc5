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

use geo::{Closest, ClosestPoint, Coord, Distance, Euclidean, Line, Point, Polygon};

use super::graph::{Graph, Link, LinkKind, SLACK};
use crate::table::{LOW_MAX, Level, Place};

/// How far apart the take-off places along a roof's edge are at most.
const SPACING: f64 = 1.0;

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
        let boxes: Vec<Option<geo::Rect<f64>>> = self
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
                let (a, b) = (
                    &self.table.pieces[i].footprint,
                    &self.table.pieces[j].footprint,
                );
                // Every jump that could be taken, along the edges in order;
                // kept: the middle shortest one and the two ends of the run
                // (a short jump and the widest choice of places, with few
                // nodes).
                let mut found: Vec<(Place, Place, f64)> = vec![];
                for edge in a.exterior().lines() {
                    let len = edge.delta().x.hypot(edge.delta().y);
                    let n = (len / SPACING).ceil().max(1.0) as usize;
                    for k in 0..n {
                        let t = (k as f64 + 0.5) / n as f64;
                        let pa = edge.start + edge.delta() * t;
                        let Some((pb, gap)) = nearest(b, pa) else {
                            continue;
                        };
                        if gap > 1e-6 && gap <= reach + 1e-9 && self.clear(i, j, pa, pb, hj) {
                            found.extend(self.jump_places(i, j, pa, pb, gap));
                        }
                    }
                }
                // The middle one of the (near-)shortest jumps.
                let least = found.iter().map(|f| f.2).fold(f64::INFINITY, f64::min);
                let short: Vec<usize> = (0..found.len())
                    .filter(|&k| found[k].2 <= least + 0.05)
                    .collect();
                let mut keep: Vec<usize> =
                    short.get(short.len() / 2).copied().into_iter().collect();
                for end in [0, found.len().saturating_sub(1)] {
                    if end < found.len() && !keep.contains(&end) {
                        keep.push(end);
                    }
                }
                for k in keep {
                    let (take_off, landing, gap) = found[k];
                    if let (Some(from), Some(to)) =
                        (self.add_node(take_off), self.add_node(landing))
                    {
                        self.links.push(Link {
                            from,
                            to,
                            step: LinkKind::RoofJump { gap },
                        });
                        starts.push(take_off);
                    }
                }
            }
        }
        self.roof_jumps = std::sync::Arc::new(starts);
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

    /// Whether nothing but the two roofs `i` and `j` rises above `height`
    /// along the jump from `a` to `b`.
    fn clear(&self, i: usize, j: usize, a: Coord<f64>, b: Coord<f64>, height: f64) -> bool {
        use geo::Intersects;
        let line = Line::new(a, b);
        self.table.pieces.iter().enumerate().all(|(k, p)| {
            k == i || k == j || p.kind.sight_height() <= height || !p.footprint.intersects(&line)
        })
    }
}
