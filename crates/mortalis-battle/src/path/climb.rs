//! Climbing and jumping down (B31, B33): the points along each climbable
//! wall and block, and at each ladder, where a model goes up or down, and
//! the links between the ground beside a wall and its top.

use geo::{BoundingRect, Contains, Coord, Line, Point};

use super::graph::{Graph, Link, LinkKind, SLACK};
use crate::hyp::Hyp;
use crate::table::{Level, Place};

/// Climbing points are spread along each edge at most this far apart.
pub(super) const CLIMB_SPACING: f64 = 3.0;

impl Graph<'_> {
    /// Climbing and jump-down points along every climbable wall and block:
    /// spread along each edge and at each ladder when `near` is empty, else
    /// only the points of each edge nearest to the places in `near`.
    pub(super) fn climbing_points(&mut self, near: &[Place]) {
        if !self.mover.climbs && !self.mover.jump_down {
            return;
        }
        let ladders = self.ladders.clone();
        // The points along one edge, as fractions of it (one buffer for
        // every edge).
        let mut ts: Vec<f64> = vec![];
        for (i, piece) in self.table.pieces.iter().enumerate() {
            let Some((_, climbable)) = piece.kind.climb() else {
                continue;
            };
            // Every point of its edges lies in its box: a box beyond what a
            // cut query keeps gives no climbing point at all.
            if let (Some((c, radius)), Some(bb)) = (self.keep, piece.footprint.bounding_rect()) {
                let dx = (bb.min().x - c.x).max(c.x - bb.max().x).max(0.0);
                let dy = (bb.min().y - c.y).max(c.y - bb.max().y).max(0.0);
                if dx.hyp(dy) > radius + self.mover.radius + SLACK + 1e-6 {
                    continue;
                }
            }
            // A block on a roof rises only above that roof.
            let height = self.feet[i].0;
            let roof = piece.kind.surface().is_some();
            for edge in piece.footprint.exterior().lines() {
                let len = edge.delta().x.hypot(edge.delta().y);
                if len < 1e-9 {
                    continue;
                }
                ts.clear();
                if near.is_empty() {
                    let n = ((len / CLIMB_SPACING).ceil() as usize).max(1);
                    ts.extend((0..n).map(|k| (k as f64 + 0.5) / n as f64));
                }
                for p in near {
                    ts.push(project(&edge, Coord { x: p.x, y: p.y }));
                }
                for (w, ladder) in ladders.iter() {
                    if *w == i && near.is_empty() {
                        use geo::Centroid;
                        if let Some(c) = ladder.centroid() {
                            ts.push(project(&edge, c.0));
                        }
                    }
                }
                for &t in &ts {
                    let t = t.clamp(0.05, 0.95);
                    let q = edge.start + edge.delta() * t;
                    if self.beyond_keep(q) {
                        continue;
                    }
                    let on_ladder = ladders.iter().any(|(w, l)| {
                        *w == i
                            && geo::Distance::distance(&geo::Euclidean, l, &Point::from(q)) <= 0.5
                    });
                    self.climb_at(i, height, climbable, roof, &edge, q, len, on_ladder);
                }
            }
        }
    }

    /// Whether a climbing point at `q` is so far from what a cut query
    /// keeps that it gives no node on either side of its edge (`add_node`
    /// would refuse the first).
    fn beyond_keep(&self, q: Coord<f64>) -> bool {
        let r = self.mover.radius + SLACK;
        self.keep
            .is_some_and(|(c, radius)| (q.x - c.x).hyp(q.y - c.y) > radius + r + 1e-6)
    }

    /// The links of one climbing point `q` on an edge of piece `i`.
    #[allow(clippy::too_many_arguments)]
    fn climb_at(
        &mut self,
        i: usize,
        height: f64,
        climbable: bool,
        roof: bool,
        edge: &Line<f64>,
        q: Coord<f64>,
        len: f64,
        ladder: bool,
    ) {
        let r = self.mover.radius + SLACK;
        if self.beyond_keep(q) {
            return;
        }
        let d = edge.delta();
        // The outward normal: the side of the edge outside the footprint.
        let mut nrm = Coord {
            x: d.y / len,
            y: -d.x / len,
        };
        if self.table.pieces[i]
            .footprint
            .contains(&Point::from(q + nrm * 0.01))
        {
            nrm = nrm * -1.0;
        }
        // At its foot: the ground, or the roof it stands on.
        let foot = Place {
            level: self.feet[i].1,
            ..Place::ground(q.x + nrm.x * r, q.y + nrm.y * r)
        };
        let Some(outside) = self.add_node(foot) else {
            return;
        };
        let rate = if ladder { 1.0 } else { self.mover.climb_rate };
        let can_climb = self.mover.climbs && (climbable || ladder);
        if roof {
            let Some((top, walk)) = self.climb_top(i, edge, q, nrm, len) else {
                return;
            };
            if can_climb {
                let step = LinkKind::Climb {
                    piece: i,
                    height,
                    cost: height * rate + walk,
                    ladder,
                };
                self.link_both(outside, top, step);
            }
            // Kept for every mover that gets climbing points: a search uses
            // it only when its mover jumps down ([`super::Nav::jumping`]).
            {
                let step = LinkKind::JumpDown {
                    piece: i,
                    height,
                    walk,
                };
                self.links.push(Link {
                    from: top,
                    to: outside,
                    step,
                });
            }
        } else if can_climb {
            // Over a wall: up, along its top, down the far side.
            let across = self.thickness(i, q, nrm);
            let far = Place::ground(q.x - nrm.x * (across + r), q.y - nrm.y * (across + r));
            if let Some(far) = self.add_node(far) {
                let step = LinkKind::Climb {
                    piece: i,
                    height: 2.0 * height,
                    cost: 2.0 * height * rate + across + 2.0 * r,
                    ladder,
                };
                self.link_both(outside, far, step);
            }
        }
    }

    /// Where a climb at `q` on an edge of piece `i` (outward normal `nrm`,
    /// length `len`) comes onto its roof, and the inches walked from the
    /// foot to there: straight across the edge, or, where a base does not
    /// fit there (within a radius of the roof's corner), along the edge a
    /// radius from that end, if a base fits there (ruling "Climbing beside
    /// a roof's corner":
    /// until session 30 a climb there was never offered, and a model in a
    /// nook below a narrow roof stood for the rest of the battle).
    fn climb_top(
        &mut self,
        i: usize,
        edge: &Line<f64>,
        q: Coord<f64>,
        nrm: Coord<f64>,
        len: f64,
    ) -> Option<(usize, f64)> {
        let r = self.mover.radius + SLACK;
        let top = |c: Coord<f64>| Place {
            x: c.x - nrm.x * r,
            y: c.y - nrm.y * r,
            level: Level::Roof(i),
        };
        if let Some(v) = self.add_node(top(q)) {
            return Some((v, 2.0 * r));
        }
        // Along the edge, at least a radius from each end.
        let s = project(edge, q) * len;
        let fit = s.clamp(r, (len - r).max(r));
        if len < 2.0 * r || (fit - s).abs() < 1e-9 {
            return None;
        }
        let along = edge.start + edge.delta() * (fit / len);
        let v = self.add_node(top(along))?;
        Some((v, (2.0 * r).hyp(fit - s)))
    }

    /// A transition usable both ways.
    fn link_both(&mut self, a: usize, b: usize, step: LinkKind) {
        self.links.push(Link {
            from: a,
            to: b,
            step,
        });
        self.links.push(Link {
            from: b,
            to: a,
            step,
        });
    }

    /// How far a straight line from `q` inward crosses the footprint.
    fn thickness(&self, i: usize, q: Coord<f64>, nrm: Coord<f64>) -> f64 {
        let poly = &self.table.pieces[i].footprint;
        let reach = self.table.size * 2.0;
        let line = Line::new(q, q - nrm * reach);
        crate::sight::stretches(poly, &line)
            .first()
            .map_or(0.0, |&(_, t1)| t1 * reach)
    }
}

/// Parameter (0 to 1) of the point of `edge` nearest to `c`.
fn project(edge: &Line<f64>, c: Coord<f64>) -> f64 {
    let d = edge.delta();
    let len2 = d.x * d.x + d.y * d.y;
    if len2 == 0.0 {
        return 0.5;
    }
    (((c.x - edge.start.x) * d.x + (c.y - edge.start.y) * d.y) / len2).clamp(0.0, 1.0)
}
