//! The terrain graph kept per mover, and the queries of one Move.

use geo::{Point, Polygon};

use super::graph::{Graph, Node, SLACK, Slide, Stop};
use super::grid::NodeGrid;
use super::memo::Memo;
use super::{Mover, Path, Reach};
use crate::sight::base_polygon;
use crate::table::{Body, Level, Place, Table, TableError};

/// One state a Move's search settled within its budget: its node, the
/// allowance spent (the difficult inch included), whether the way there
/// climbs or touches difficult ground, and the budget left.
struct Settled {
    v: usize,
    spent: f64,
    climbed: bool,
    difficult: bool,
    dropped: f64,
    left: f64,
}

/// The terrain part of the search graph for one mover, built once and
/// reused by every query (the battle keeps one per base size).
#[derive(Clone)]
pub struct Nav<'a> {
    graph: Graph<'a>,
}

impl<'a> Nav<'a> {
    /// Builds the corners, stops and climbing points of `table` for `mover`.
    pub fn new(table: &'a Table, mover: Mover) -> Self {
        let origin = Place::ground(0.0, 0.0);
        let mut graph = Graph::new(table, mover, origin, origin);
        graph.memo = Some(std::sync::Arc::new(Memo::new(&graph)));
        graph.grid = Some(std::sync::Arc::new(NodeGrid::new(&graph.nodes, table.size)));
        Nav { graph }
    }

    /// The mover this graph was built for.
    pub fn mover(&self) -> Mover {
        self.graph.mover
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
    fn query(&self, from: Place, to: Place, others: &[Body], near: bool, budget: f64) -> Graph<'a> {
        let mut g = self.graph.clone();
        g.nodes[0] = Node { at: from };
        g.nodes[1] = Node { at: to };
        if budget.is_finite() {
            // What a way may gain on its straight length: two jumps' worth
            // with gaps (as before); without, the one jump between roofs,
            // when one takes off within the budget.
            let near_jump = g
                .roof_jumps
                .iter()
                .any(|p| (p.x - from.x).hypot(p.y - from.y) <= budget + 1e-6);
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
        let first = g.walls.len();
        for o in &ground {
            // Exact discs, a little smaller than contact, so that bases in
            // contact do not stop each other from moving apart.
            g.walls.push(Stop::disc(
                Point::new(o.at.x, o.at.y),
                o.radius(),
                r - 2.0 * SLACK,
            ));
        }
        // Corners round each base: a 12-gon whose sides stay outside the
        // grown disc.
        let bases: Vec<Polygon<f64>> = ground
            .iter()
            .map(|o| {
                base_polygon(
                    o.at.x,
                    o.at.y,
                    (o.radius() + r + SLACK) / (std::f64::consts::PI / 12.0).cos(),
                )
            })
            .collect();
        // Climbs that land inside a model's base are dropped.
        let covered = |g: &Graph, n: usize| {
            let at = g.nodes[n].at;
            at.level == Level::Ground
                && g.walls[first..]
                    .iter()
                    .any(|w| w.covers(Point::new(at.x, at.y)))
        };
        let keep: Vec<bool> = g
            .links
            .iter()
            .map(|l| !covered(&g, l.from) && !covered(&g, l.to))
            .collect();
        let mut k = 0;
        g.links.retain(|_| {
            k += 1;
            keep[k - 1]
        });
        g.corners(&bases, false);
        if near {
            g.climbing_points(&[from, to]);
        }
        g
    }

    /// Where one Move with `allowance` inches can take a model towards each
    /// of `goals`: the goal itself when a path of at most the allowance
    /// reaches it (difficult ground counted, B30), else the place, reachable
    /// within the allowance, that is nearest to the goal in a straight line
    /// (a corner of the graph, or a straight walk from one towards the goal
    /// with the inches left). `None` for a goal no progress is possible to.
    pub fn reach(
        &self,
        from: Place,
        allowance: f64,
        others: &[Body],
        goals: &[Place],
    ) -> Result<Vec<Option<Reach>>, TableError> {
        let straight = |k: usize, at: Place| (at.x - goals[k].x).hypot(at.y - goals[k].y);
        self.reach_by(from, allowance, others, goals, &straight)
    }

    /// [`Nav::reach`], with "nearest to the goal" judged by `gap(k, place)`
    /// for goal `k` instead of the straight line (a walking distance, say,
    /// so that a Move goes round a wall rather than up against it).
    pub fn reach_by(
        &self,
        from: Place,
        allowance: f64,
        others: &[Body],
        goals: &[Place],
        gap: &dyn Fn(usize, Place) -> f64,
    ) -> Result<Vec<Option<Reach>>, TableError> {
        let r = self.graph.mover.radius;
        self.graph.table.can_stand(from, r)?;
        let mut g = self.query(from, from, others, false, allowance);
        let goal_nodes: Vec<Option<usize>> = goals.iter().map(|&p| g.add_node(p)).collect();
        // Open ground has no corners: rings of places round the start let a
        // model step away from bases it touches and across open ground.
        if from.level == Level::Ground {
            for radius in [1.5, allowance] {
                for k in 0..16 {
                    let a = std::f64::consts::TAU * f64::from(k) / 16.0;
                    g.add_node(Place::ground(
                        from.x + radius * a.cos(),
                        from.y + radius * a.sin(),
                    ));
                }
            }
        }
        let mut out: Vec<Option<Reach>> = vec![None; goals.len()];
        // Paths that touch difficult ground are searched only when some
        // lies within reach (else they are the plain ones, with less room).
        let rough_too = g.difficult_near(from, allowance);
        // The same place asked for twice (by the straight line and by the
        // walking distance) is slid to once.
        let same: Vec<usize> = (0..goals.len())
            .map(|k| (0..k).find(|&i| goals[i] == goals[k]).unwrap_or(k))
            .collect();
        for rough in [false, true] {
            let budget = allowance - if rough { 1.0 } else { 0.0 };
            if budget <= 1e-9 || (rough && !rough_too) {
                continue;
            }
            let (best, back) = g.settle(rough, budget);
            let mut trails = vec![[None, None]; g.nodes.len()];
            let settled: Vec<Settled> = (0..g.nodes.len())
                .flat_map(|v| [(v, 0), (v, 1)])
                .filter(|&(v, j)| best[v][j] <= budget + 1e-9)
                .map(|(v, j)| {
                    // As the path rebuilt from `back` would say.
                    let (difficult, climbed, dropped) = Graph::trail(&back, &mut trails, v, j);
                    Settled {
                        v,
                        spent: best[v][j] + if difficult { 1.0 } else { 0.0 },
                        climbed,
                        difficult,
                        dropped,
                        left: budget - best[v][j],
                    }
                })
                .collect();
            // Slides judged so far, by settled state and goal place.
            let mut slides: Vec<Option<Option<Slide>>> = vec![None; settled.len() * goals.len()];
            for (k, goal) in goals.iter().enumerate() {
                let mut better: Option<(f64, Reach)> = None;
                for (i, st) in settled.iter().enumerate() {
                    if st.spent > allowance + 1e-9 {
                        continue;
                    }
                    let at = g.nodes[st.v].at;
                    let arrived = goal_nodes[k] == Some(st.v);
                    let mut reach = Reach {
                        to: at,
                        spent: st.spent,
                        climbed: st.climbed,
                        arrived,
                        dropped: st.dropped,
                    };
                    let slide = |slides: &mut Vec<Option<Option<Slide>>>| {
                        *slides[i * goals.len() + same[k]]
                            .get_or_insert_with(|| g.slide(at, *goal, rough))
                    };
                    if !arrived
                        && st.left > 1e-6
                        && at.level == goal.level
                        && let Some((len, 0.0, _, touch)) = slide(&mut slides)
                        && (rough || !touch.difficult)
                    {
                        let t = (st.left / len.max(1e-9)).min(1.0);
                        let to = Place {
                            x: at.x + (goal.x - at.x) * t,
                            y: at.y + (goal.y - at.y) * t,
                            level: at.level,
                        };
                        let extra = if touch.difficult && !st.difficult {
                            1.0
                        } else {
                            0.0
                        };
                        // Slides may graze a wall by the slack: the place
                        // it stops at must be one a base can stand on.
                        if st.spent + t * len + extra <= allowance + 1e-9
                            && g.table.can_stand(to, r).is_ok()
                        {
                            reach = Reach {
                                to,
                                spent: st.spent + t * len + extra,
                                climbed: reach.climbed,
                                arrived: t >= 1.0 - 1e-12,
                                dropped: reach.dropped,
                            };
                        }
                    }
                    // The nearest to the goal, the cheaper on a tie, the
                    // first of equals.
                    let near = if reach.arrived {
                        f64::NEG_INFINITY
                    } else {
                        gap(k, reach.to)
                    };
                    let wins = better.as_ref().is_none_or(|(n, b)| {
                        near.total_cmp(n)
                            .then(reach.spent.total_cmp(&b.spent))
                            .is_lt()
                    });
                    if wins {
                        better = Some((near, reach));
                    }
                }
                if let Some((near, b)) = better
                    && (b.to.x - from.x).hypot(b.to.y - from.y) > 1e-6
                    && out[k].as_ref().is_none_or(|o| {
                        let old = if o.arrived {
                            f64::NEG_INFINITY
                        } else {
                            gap(k, o.to)
                        };
                        near < old - 1e-9
                    })
                {
                    out[k] = Some(b);
                }
            }
        }
        Ok(out)
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
        let r = self.graph.mover.radius;
        self.graph.table.can_stand(from, r)?;
        self.graph.table.can_stand(to, r)?;
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
