//! The terrain graph kept per mover, and the queries of one Move.

use crate::hyp::Hyp;
use geo::{Point, Polygon};

use super::graph::{Graph, Node, SLACK};
use super::grid::NodeGrid;
use super::memo::Memo;
use super::stop::Stop;
use super::{Mover, Path};
use crate::sight::base_polygon;
use crate::table::{Body, Level, Place, Table, TableError};

/// The terrain part of the search graph for one mover, built once and
/// reused by every query (the battle keeps one per base size).
#[derive(Clone)]
pub struct Nav<'a> {
    pub(super) graph: Graph<'a>,
}

impl<'a> Nav<'a> {
    /// Builds the corners, stops and climbing points of `table` for `mover`.
    pub fn new(table: &'a Table, mover: Mover) -> Self {
        let origin = Place::ground(0.0, 0.0);
        let mut graph = Graph::new(table, mover, origin, origin);
        graph.memo = Some(std::sync::Arc::new(Memo::new(&graph)));
        graph.nodes.share();
        graph.links.share();
        graph.grid = NodeGrid::new(graph.nodes.shared(), table.size).map(std::sync::Arc::new);
        Nav { graph }
    }

    /// The mover this graph was built for.
    pub fn mover(&self) -> Mover {
        self.graph.mover
    }

    /// The table this graph was built on.
    pub fn table(&self) -> &'a Table {
        self.graph.table
    }

    /// The same graph for the same mover jumping down (B33), sharing what
    /// was built (its jump-down links are there for every mover that
    /// climbs); `None` for a mover that never climbs (a pet), whose graph
    /// has no climbing points: build [`Nav::new`] for it instead.
    pub fn jumping(&self) -> Option<Nav<'a>> {
        let m = self.graph.mover;
        (m.climbs || m.jump_down).then(|| {
            let mut graph = self.graph.clone();
            graph.mover.jump_down = true;
            Nav { graph }
        })
    }

    /// The graph for one query: `from` and `to`, the bases of `others`, and
    /// climbing points nearest `from` and `to`. For a search cut at
    /// `budget`, nodes it could never reach are left out: a way costs at
    /// least its straight length less the one free jump over a gap, so a
    /// node farther from `from` than the budget and two jumps is never
    /// reached (the nodes kept keep their order, so the search and its ties
    /// are the same).
    pub(super) fn query(
        &self,
        from: Place,
        to: Place,
        others: &[Body],
        near: bool,
        budget: f64,
    ) -> Graph<'a> {
        // Room for the corners round each base, the rings round the start
        // and the climbing points near it (`Nav::reach`).
        let mut g = self.graph.with_room(12 * others.len() + 256, 256);
        g.nodes[0] = Node { at: from };
        g.nodes[1] = Node { at: to };
        if budget.is_finite() {
            // What a way may gain on its straight length: two jumps' worth
            // with gaps (as before); without, the one jump between roofs,
            // when one takes off within the budget.
            let near_jump = g
                .roof_jumps
                .iter()
                .any(|p| (p.x - from.x).hyp(p.y - from.y) <= budget + 1e-6);
            let free = if !g.gaps.is_empty() {
                2.0 * g.mover.jump_max
            } else if near_jump {
                g.mover.jump_max
            } else {
                0.0
            };
            g.keep = Some((from, budget + free + 1.0));
        }
        let r = g.mover.radius;
        let ground: Vec<&Body> = others
            .iter()
            .filter(|o| o.at.level == Level::Ground)
            .collect();
        for o in &ground {
            // Exact discs, a little smaller than contact, so that bases in
            // contact do not stop each other from moving apart.
            g.bases.push(Stop::disc(
                Point::new(o.at.x, o.at.y),
                o.radius(),
                r - 2.0 * SLACK,
            ));
        }
        // Corners round each base: a 12-gon whose sides stay outside the
        // grown disc.
        let ring = |o: &Body| {
            base_polygon(
                o.at.x,
                o.at.y,
                (o.radius() + r + SLACK) / (std::f64::consts::PI / 12.0).cos(),
            )
        };
        let bases: Vec<Polygon<f64>> = ground.iter().map(|o| ring(o)).collect();
        // On roofs too (session 26: until then a way on a roof could pass
        // through a friend's base), with corners round them on their roof.
        let mut roof_corners = vec![];
        for o in others {
            let Level::Roof(i) = o.at.level else {
                continue;
            };
            g.roof_bases.push((
                i,
                Stop::disc(Point::new(o.at.x, o.at.y), o.radius(), r - 2.0 * SLACK),
            ));
            roof_corners.extend(ring(o).exterior().0.iter().map(|c| Place {
                x: c.x,
                y: c.y,
                level: o.at.level,
            }));
        }
        // Climbs that land inside a model's base are dropped.
        let covered = g.nodes_on_bases();
        g.links.retain(|l| !covered[l.from] && !covered[l.to]);
        g.corners(&bases, false);
        for c in roof_corners {
            g.add_node(c);
        }
        if near {
            g.climbing_points(&[from, to]);
        }
        g
    }

    /// [`Table::can_stand`] for this graph's mover: quicker where it can
    /// ([`Graph::stands`]), the same answer.
    pub(super) fn can_stand(&self, at: Place) -> Result<(), TableError> {
        if self.graph.stands(at) {
            Ok(())
        } else {
            self.graph.table.can_stand(at, self.graph.mover.radius)
        }
    }

    /// The shortest path from `from` to `to` round the bases of `others`.
    pub fn path(
        &self,
        from: Place,
        to: Place,
        others: &[Body],
    ) -> Result<Option<Path>, TableError> {
        self.path_within(from, to, others, f64::INFINITY)
    }

    /// [`Nav::path`], searched first only as far as `guess` inches (a
    /// Move's allowance, say), which is much quicker on a large table; when
    /// no path of that cost is found, the whole table is searched. The
    /// answer is always that of [`Nav::path`].
    pub fn path_within(
        &self,
        from: Place,
        to: Place,
        others: &[Body],
        guess: f64,
    ) -> Result<Option<Path>, TableError> {
        self.can_stand(from)?;
        self.can_stand(to)?;
        if guess.is_finite()
            && let Some(p) = self.query(from, to, others, true, guess).search(guess)
        {
            return Ok(Some(p));
        }
        Ok(self
            .query(from, to, others, true, f64::INFINITY)
            .search(f64::INFINITY))
    }
}

impl Graph<'_> {
    /// Whether a base of the graph's mover can stand at `at`, as
    /// [`Table::can_stand`] says: on the ground asked only of the pieces in
    /// its cell of the graph's [`Solids`](super::stops::Solids) (the same
    /// answer), not of every piece of the table.
    pub(super) fn stands(&self, at: Place) -> bool {
        let r = self.mover.radius;
        match at.level {
            Level::Ground => self
                .table
                .stands_among(at, r, self.solid.near(at.x, at.y, r)),
            Level::Roof(_) => self.table.can_stand(at, r).is_ok(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::generate::generate;
    use crate::path::{Mover, Nav};
    use crate::table::Place;
    use rand_chacha::ChaCha8Rng;
    use rand_core::{RngCore, SeedableRng};

    /// Whether a base stands by the graph's quick test, and the check of a
    /// start, is what `Table::can_stand` says, on the ground and on the
    /// roofs of a dense table, off its edges too, for bases within the
    /// cells' margin and wider (fails when the quick test leaves out a
    /// piece a base overlaps).
    #[test]
    fn the_quick_stand_test_is_can_stand() {
        let table = generate(7, 36.0);
        let mut rng = ChaCha8Rng::seed_from_u64(40);
        let mut unit = || (rng.next_u64() >> 11) as f64 / (1_u64 << 53) as f64;
        let mut refused = 0;
        for radius in [0.5, 1.0, 2.0] {
            let nav = Nav::new(&table, Mover::standard(radius));
            for _ in 0..1000 {
                let (x, y) = (38.0 * unit() - 1.0, 38.0 * unit() - 1.0);
                let roof = Place {
                    level: table.surface_at(x, y),
                    ..Place::ground(x, y)
                };
                for at in [Place::ground(x, y), roof] {
                    let slow = table.can_stand(at, radius);
                    assert_eq!(nav.graph.stands(at), slow.is_ok(), "{at:?} radius {radius}");
                    assert_eq!(nav.can_stand(at), slow, "{at:?} radius {radius}");
                    refused += usize::from(slow.is_err());
                }
            }
        }
        assert!((1000..5000).contains(&refused), "{refused} of 6000 refused");
    }
}
