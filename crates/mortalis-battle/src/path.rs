//! Paths for one Move action (B28–B33, Q6, Q17): the shortest way, in
//! inches of allowance, from one place to another, around and over terrain.
//!
//! The search runs on a visibility graph. Its corners are the corners of
//! every footprint that stops a base, grown by the base radius
//! (`geo::Buffer`, mitred), the corners of every roof shrunk by it, and the
//! climbing points along every climbable wall and block (one per inch of
//! each edge, plus the points nearest the start and the goal, and the foot of
//! every ladder). Two corners are joined when a base can slide straight from
//! one to the other. Costs: 1" per inch walked; a climb costs the height
//! times 2 (1 on a ladder or for a climber), up or down (B31); a jump-down
//! costs nothing for the drop and needs a roll (B33); a jump over a gap
//! costs nothing for its length, needs a run-up and is one per Move (B32,
//! Q17); touching difficult ground costs 1" once for the whole Move (B30).

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use geo::algorithm::buffer::{BufferStyle, LineJoin};
use geo::{BoundingRect, Buffer, Contains, Coord, Intersects, Line, Point, Polygon, Rect};
use serde::Serialize;

use crate::sight::base_polygon;
use crate::table::{Body, Kind, Level, Place, Table, TableError};

/// Climbing points are spread along each edge at most this far apart.
const CLIMB_SPACING: f64 = 3.0;

/// Room left between a corner of the graph and the footprint it goes round.
const SLACK: f64 = 1e-3;

/// How a model moves: its base and what it may do.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Mover {
    /// Base radius.
    pub radius: f64,
    /// Inches of allowance per inch climbed: 2, or 1 with climbing gear or
    /// Wspinacz (B31). Ladders always cost 1.
    pub climb_rate: f64,
    /// Whether it climbs at all (pets never climb over 1", B10).
    pub climbs: bool,
    /// The longest jump: 3", 4" with Akrobata (B32).
    pub jump_max: f64,
    /// Whether the path may jump down from a roof (a roll, B33).
    pub jump_down: bool,
    /// Whether the path may cross dangerous ground (lava, B128).
    pub dangerous: bool,
}

impl Mover {
    /// A model on a 1" base with no movement skills, which neither jumps down
    /// nor walks into lava.
    pub fn standard(radius: f64) -> Self {
        Mover {
            radius,
            climb_rate: 2.0,
            climbs: true,
            jump_max: 3.0,
            jump_down: false,
            dangerous: false,
        }
    }
}

/// One stretch of a path.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// Walking on one surface.
    Walk {
        /// Where it ends.
        to: Place,
        /// Inches walked (includes the jump's length, if any).
        length: f64,
        /// The length of a jump over a gap on the way (costs nothing, B32).
        jump: f64,
        /// It touches difficult ground (B30).
        difficult: bool,
    },
    /// Climbing up or down a wall or block (B31), or over a wall.
    Climb {
        /// Where it ends.
        to: Place,
        /// The piece climbed.
        piece: usize,
        /// Inches climbed (up and down added).
        height: f64,
        /// Allowance spent, the walk on top included.
        cost: f64,
        /// On a ladder.
        ladder: bool,
    },
    /// Jumping down from a roof (B33): a roll decides.
    JumpDown {
        /// Where it lands.
        to: Place,
        /// The block jumped from.
        piece: usize,
        /// Height of the drop.
        height: f64,
    },
}

/// How far one Move gets towards a goal ([`Nav::reach`]).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Reach {
    /// Where the model stops.
    pub to: Place,
    /// Allowance spent, the difficult inch included.
    pub spent: f64,
    /// The way there climbs (only Moves follow this round, B31).
    pub climbed: bool,
    /// It stops at the goal itself.
    pub arrived: bool,
}

/// The shortest path found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Path {
    /// The stretches in order.
    pub steps: Vec<Step>,
    /// Allowance the steps spend, without the difficult-ground inch.
    pub length: f64,
    /// It touches difficult ground (B30): the Move's allowance is 1" less.
    pub difficult: bool,
    /// It touches dangerous ground.
    pub dangerous: bool,
}

impl Path {
    /// Allowance needed: the length plus 1" when difficult ground is touched.
    pub fn cost(&self) -> f64 {
        self.length + if self.difficult { 1.0 } else { 0.0 }
    }

    /// The part of the path a Move with `allowance` inches walks, starting
    /// at `from`: whole steps while they fit (the difficult inch counted as
    /// soon as a step touches rubble), then the fitting part of a walk (a
    /// walk that jumps a gap only whole: no model stops over a gap). A climb
    /// that does not fit is not started (B31: a climb must end where the
    /// model can stand). Returns where it stops, what it spent and whether
    /// it climbed.
    pub fn prefix(&self, from: Place, allowance: f64) -> (Place, f64, bool) {
        let (mut at, mut spent, mut rough, mut climbed) = (from, 0.0, false, false);
        for step in &self.steps {
            let (cost, to, touches) = match step {
                Step::Walk {
                    to,
                    length,
                    jump,
                    difficult,
                } => (length - jump, *to, *difficult),
                Step::Climb { to, cost, .. } => (*cost, *to, false),
                Step::JumpDown { .. } => return (at, spent, climbed),
            };
            let penalty = if rough || touches { 1.0 } else { 0.0 };
            let left = allowance - penalty - spent;
            if cost <= left + 1e-9 {
                at = to;
                spent += cost;
                rough |= touches;
                climbed |= matches!(step, Step::Climb { .. });
                continue;
            }
            if let Step::Walk { jump, .. } = step
                && *jump == 0.0
                && left > 1e-9
                && at.level == to.level
            {
                let t = left / cost;
                at = Place {
                    x: at.x + (to.x - at.x) * t,
                    y: at.y + (to.y - at.y) * t,
                    level: at.level,
                };
                spent += left;
                rough |= touches;
            }
            break;
        }
        (at, spent + if rough { 1.0 } else { 0.0 }, climbed)
    }

    /// Whether it climbs anywhere (after a climb only Moves follow, B31).
    pub fn climbs(&self) -> bool {
        self.steps.iter().any(|s| matches!(s, Step::Climb { .. }))
    }
}

/// A corner of the graph.
#[derive(Debug, Clone, Copy)]
struct Node {
    at: Place,
}

/// A transition between surfaces, or over a wall.
#[derive(Debug, Clone, Copy)]
struct Link {
    from: usize,
    to: usize,
    step: LinkKind,
}

#[derive(Debug, Clone, Copy)]
enum LinkKind {
    Climb {
        piece: usize,
        height: f64,
        cost: f64,
        ladder: bool,
    },
    JumpDown {
        piece: usize,
        height: f64,
    },
}

/// A footprint that stops bases, grown by the radius, with its bounding box.
#[derive(Clone)]
struct Stop {
    grown: Vec<Polygon<f64>>,
    rect: Rect<f64>,
    /// A model's base: a disc (centre, radius already grown), exact.
    disc: Option<(Point<f64>, f64)>,
}

impl Stop {
    fn new(footprint: &Polygon<f64>, radius: f64) -> Option<Self> {
        let style = BufferStyle::new(radius).line_join(LineJoin::Miter(0.0));
        let grown: Vec<Polygon<f64>> = footprint.buffer_with_style(style).0;
        let rect = grown
            .iter()
            .filter_map(BoundingRect::bounding_rect)
            .reduce(|a, b| {
                Rect::new(
                    Coord {
                        x: a.min().x.min(b.min().x),
                        y: a.min().y.min(b.min().y),
                    },
                    Coord {
                        x: a.max().x.max(b.max().x),
                        y: a.max().y.max(b.max().y),
                    },
                )
            })?;
        Some(Stop {
            grown,
            rect,
            disc: None,
        })
    }

    /// A round base of radius `base` at `c`, grown by `radius`.
    fn disc(c: Point<f64>, base: f64, radius: f64) -> Self {
        let r = base + radius;
        let rect = Rect::new(
            Coord {
                x: c.x() - r,
                y: c.y() - r,
            },
            Coord {
                x: c.x() + r,
                y: c.y() + r,
            },
        );
        Stop {
            grown: vec![],
            rect,
            disc: Some((c, r)),
        }
    }

    fn hits(&self, line: &Line<f64>) -> bool {
        use geo::{Distance, Euclidean};
        line.bounding_rect().intersects(&self.rect)
            && match self.disc {
                Some((c, r)) => Euclidean.distance(line, &c) < r,
                None => self.grown.iter().any(|g| g.intersects(line)),
            }
    }

    fn covers(&self, p: Point<f64>) -> bool {
        use geo::{Distance, Euclidean};
        self.rect.intersects(&p)
            && match self.disc {
                Some((c, r)) => Euclidean.distance(&p, &c) < r,
                None => self.grown.iter().any(|g| g.intersects(&p)),
            }
    }
}

/// What a ground segment touches.
#[derive(Default, Clone, Copy)]
struct Touch {
    difficult: bool,
    dangerous: bool,
}

/// The search graph for one query.
#[derive(Clone)]
struct Graph<'a> {
    table: &'a Table,
    mover: Mover,
    nodes: Vec<Node>,
    links: Vec<Link>,
    /// Ground footprints no base crosses (walls, blocks, impassable, models).
    walls: Vec<Stop>,
    /// Gaps: crossed only by a jump; (the footprint itself, grown).
    gaps: Vec<(Polygon<f64>, Stop)>,
    difficult: Vec<Stop>,
    dangerous: Vec<Stop>,
    /// Each roof's area where a centre may go (shrunk footprint).
    roofs: Vec<(usize, Vec<Polygon<f64>>)>,
}

impl Table {
    /// The shortest path of a Move from `from` to `to` for `mover`, going
    /// round the bases of `others`. `None` when no path exists.
    pub fn path(
        &self,
        from: Place,
        to: Place,
        mover: &Mover,
        others: &[Body],
    ) -> Result<Option<Path>, TableError> {
        Nav::new(self, *mover).path(from, to, others)
    }
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
        Nav {
            graph: Graph::new(table, mover, origin, origin),
        }
    }

    /// The mover this graph was built for.
    pub fn mover(&self) -> Mover {
        self.graph.mover
    }

    /// The graph for one query: `from` and `to`, the bases of `others`, and
    /// climbing points nearest `from` and `to`.
    fn query(&self, from: Place, to: Place, others: &[Body], near: bool) -> Graph<'a> {
        let mut g = self.graph.clone();
        g.nodes[0] = Node { at: from };
        g.nodes[1] = Node { at: to };
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
        let mut g = self.query(from, from, others, false);
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
        for rough in [false, true] {
            let budget = allowance - if rough { 1.0 } else { 0.0 };
            if budget <= 1e-9 {
                continue;
            }
            let (best, back) = g.settle(rough, budget);
            let settled: Vec<(usize, usize, Path)> = (0..g.nodes.len())
                .flat_map(|v| [(v, 0), (v, 1)])
                .filter(|&(v, j)| best[v][j] <= budget + 1e-9)
                .map(|(v, j)| (v, j, g.rebuild(&back, v, j, best[v][j])))
                .collect();
            for (k, goal) in goals.iter().enumerate() {
                let mut cand: Vec<Reach> = vec![];
                for (v, j, path) in &settled {
                    let (v, j) = (*v, *j);
                    let spent = path.cost();
                    if spent > allowance + 1e-9 {
                        continue;
                    }
                    let at = g.nodes[v].at;
                    let arrived = goal_nodes[k] == Some(v);
                    let mut reach = Reach {
                        to: at,
                        spent,
                        climbed: path.climbs(),
                        arrived,
                    };
                    let left = budget - best[v][j];
                    if !arrived
                        && left > 1e-6
                        && at.level == goal.level
                        && let Some((len, 0.0, _, touch)) = g.slide(at, *goal, rough)
                        && (rough || !touch.difficult)
                    {
                        let t = (left / len.max(1e-9)).min(1.0);
                        let to = Place {
                            x: at.x + (goal.x - at.x) * t,
                            y: at.y + (goal.y - at.y) * t,
                            level: at.level,
                        };
                        let extra = if touch.difficult && !path.difficult {
                            1.0
                        } else {
                            0.0
                        };
                        if spent + t * len + extra <= allowance + 1e-9 {
                            reach = Reach {
                                to,
                                spent: spent + t * len + extra,
                                climbed: reach.climbed,
                                arrived: t >= 1.0 - 1e-12,
                            };
                        }
                    }
                    cand.push(reach);
                }
                let gap = |c: &Reach| {
                    if c.arrived {
                        f64::NEG_INFINITY
                    } else {
                        gap(k, c.to)
                    }
                };
                let better = cand
                    .into_iter()
                    .min_by(|a, b| gap(a).total_cmp(&gap(b)).then(a.spent.total_cmp(&b.spent)));
                if let Some(b) = better
                    && (b.to.x - from.x).hypot(b.to.y - from.y) > 1e-6
                    && out[k].as_ref().is_none_or(|o| gap(&b) < gap(o) - 1e-9)
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
        let r = self.graph.mover.radius;
        self.graph.table.can_stand(from, r)?;
        self.graph.table.can_stand(to, r)?;
        Ok(self.query(from, to, others, true).search())
    }
}

impl<'a> Graph<'a> {
    fn new(table: &'a Table, mover: Mover, from: Place, to: Place) -> Self {
        let r = mover.radius;
        let mut g = Graph {
            table,
            mover,
            nodes: vec![Node { at: from }, Node { at: to }],
            links: vec![],
            walls: vec![],
            gaps: vec![],
            difficult: vec![],
            dangerous: vec![],
            roofs: vec![],
        };
        for (i, p) in table.pieces.iter().enumerate() {
            let stop = || Stop::new(&p.footprint, r);
            match p.kind {
                Kind::Wall { .. } | Kind::Block { .. } | Kind::Impassable { .. } => {
                    g.walls.extend(stop());
                }
                Kind::Gap => g.gaps.extend(stop().map(|s| (p.footprint.clone(), s))),
                Kind::Difficult => g.difficult.extend(stop()),
                Kind::Dangerous => g.dangerous.extend(stop()),
                _ => {}
            }
            if let Kind::Block { .. } = p.kind {
                // Centres may slide anywhere at least the radius (less the
                // slack) inside the roof's edge; corners are placed a slack
                // further in, so that they lie strictly inside.
                let shrunk = p.footprint.buffer_with_style(
                    BufferStyle::new(-(r - SLACK)).line_join(LineJoin::Miter(0.0)),
                );
                g.roofs.push((i, shrunk.0));
            }
        }
        g.corners(&[], true);
        g.climbing_points(&[]);
        g
    }

    /// Corners of grown ground footprints and of shrunk roofs.
    fn corners(&mut self, bases: &[Polygon<f64>], pieces: bool) {
        let r = self.mover.radius + SLACK;
        let mut ground: Vec<Coord<f64>> = vec![];
        for b in bases {
            ground.extend(b.exterior().0.iter().copied());
        }
        for p in self.table.pieces.iter().filter(|_| pieces) {
            let stops = matches!(
                p.kind,
                Kind::Wall { .. } | Kind::Block { .. } | Kind::Impassable { .. } | Kind::Gap
            ) || (p.kind == Kind::Dangerous && !self.mover.dangerous)
                || p.kind == Kind::Difficult;
            if stops {
                let style = BufferStyle::new(r).line_join(LineJoin::Miter(0.0));
                for poly in p.footprint.buffer_with_style(style) {
                    ground.extend(poly.exterior().0.iter().copied());
                }
            }
        }
        for c in ground {
            self.add_node(Place::ground(c.x, c.y));
        }
        let style = BufferStyle::new(-r).line_join(LineJoin::Miter(0.0));
        let roofs: Vec<(usize, Coord<f64>)> = self
            .roofs
            .iter()
            .filter(|_| pieces)
            .flat_map(|(i, _)| {
                self.table.pieces[*i]
                    .footprint
                    .buffer_with_style(style.clone())
                    .0
                    .into_iter()
                    .flat_map(move |p| p.exterior().0.clone().into_iter().map(move |c| (*i, c)))
            })
            .collect();
        for (i, c) in roofs {
            self.add_node(Place {
                x: c.x,
                y: c.y,
                level: Level::Roof(i),
            });
        }
    }

    /// Adds a node where a base can stand; returns its index.
    fn add_node(&mut self, at: Place) -> Option<usize> {
        if self.table.can_stand(at, self.mover.radius).is_err() {
            return None;
        }
        if at.level == Level::Ground && self.walls.iter().any(|w| w.covers(Point::new(at.x, at.y)))
        {
            return None;
        }
        self.nodes.push(Node { at });
        Some(self.nodes.len() - 1)
    }

    /// Climbing and jump-down points along every climbable wall and block:
    /// spread along each edge and at each ladder when `near` is empty, else
    /// only the points of each edge nearest to the places in `near`.
    fn climbing_points(&mut self, near: &[Place]) {
        if !self.mover.climbs && !self.mover.jump_down {
            return;
        }
        let ladders: Vec<(usize, Polygon<f64>)> = self
            .table
            .pieces
            .iter()
            .filter(|p| p.kind == Kind::Ladder)
            .filter_map(|p| self.table.ladder_wall(p).map(|w| (w, p.footprint.clone())))
            .collect();
        for (i, piece) in self.table.pieces.iter().enumerate() {
            let Some((height, climbable)) = piece.kind.climb() else {
                continue;
            };
            let roof = matches!(piece.kind, Kind::Block { .. });
            for edge in piece.footprint.exterior().lines() {
                let len = edge.delta().x.hypot(edge.delta().y);
                if len < 1e-9 {
                    continue;
                }
                let n = ((len / CLIMB_SPACING).ceil() as usize).max(1);
                let mut ts: Vec<f64> = if near.is_empty() {
                    (0..n).map(|k| (k as f64 + 0.5) / n as f64).collect()
                } else {
                    vec![]
                };
                for p in near {
                    ts.push(project(&edge, Coord { x: p.x, y: p.y }));
                }
                for (w, ladder) in &ladders {
                    if *w == i && near.is_empty() {
                        use geo::Centroid;
                        if let Some(c) = ladder.centroid() {
                            ts.push(project(&edge, c.0));
                        }
                    }
                }
                for t in ts {
                    let t = t.clamp(0.05, 0.95);
                    let q = edge.start + edge.delta() * t;
                    let on_ladder = ladders.iter().any(|(w, l)| {
                        *w == i
                            && geo::Distance::distance(&geo::Euclidean, l, &Point::from(q)) <= 0.5
                    });
                    self.climb_at(i, height, climbable, roof, &edge, q, len, on_ladder);
                }
            }
        }
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
        let Some(outside) = self.add_node(Place::ground(q.x + nrm.x * r, q.y + nrm.y * r)) else {
            return;
        };
        let rate = if ladder { 1.0 } else { self.mover.climb_rate };
        let can_climb = self.mover.climbs && (climbable || ladder);
        if roof {
            let top = Place {
                x: q.x - nrm.x * r,
                y: q.y - nrm.y * r,
                level: Level::Roof(i),
            };
            let Some(top) = self.add_node(top) else {
                return;
            };
            let walk = 2.0 * r;
            if can_climb {
                let step = LinkKind::Climb {
                    piece: i,
                    height,
                    cost: height * rate + walk,
                    ladder,
                };
                self.link_both(outside, top, step);
            }
            if self.mover.jump_down {
                let step = LinkKind::JumpDown { piece: i, height };
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

    /// What a straight slide between two nodes on one surface costs: `None`
    /// when a base cannot slide there, else (length, jump length, inches
    /// walked before the jump, touches).
    fn slide(&self, a: Place, b: Place, difficult_ok: bool) -> Option<(f64, f64, f64, Touch)> {
        let line = Line::new(Coord { x: a.x, y: a.y }, Coord { x: b.x, y: b.y });
        let d = line.delta();
        let len = (d.x * d.x + d.y * d.y).sqrt();
        match (a.level, b.level) {
            (Level::Roof(i), Level::Roof(j)) if i == j => {
                let (_, roof) = self.roofs.iter().find(|(k, _)| *k == i)?;
                roof.iter()
                    .any(|p| p.contains(&line) || len < 1e-9)
                    .then_some((len, 0.0, 0.0, Touch::default()))
            }
            (Level::Ground, Level::Ground) => {
                if self.walls.iter().any(|w| w.hits(&line)) {
                    return None;
                }
                let touch = Touch {
                    difficult: self.difficult.iter().any(|s| s.hits(&line)),
                    dangerous: self.dangerous.iter().any(|s| s.hits(&line)),
                };
                if (touch.difficult && !difficult_ok) || (touch.dangerous && !self.mover.dangerous)
                {
                    return None;
                }
                let (mut jump, mut before) = (0.0, 0.0);
                for (gap, grown) in &self.gaps {
                    if grown.hits(&line) {
                        let inside = crate::sight::stretches(gap, &line);
                        if jump > 0.0 || inside.len() != 1 {
                            return None;
                        }
                        let (t0, t1) = inside[0];
                        jump = (t1 - t0) * len;
                        before = t0 * len;
                        if jump > self.mover.jump_max {
                            return None;
                        }
                    }
                }
                Some((len, jump, before, touch))
            }
            _ => None,
        }
    }

    /// Dijkstra over (node, jumped yet) from node 0 to node 1.
    fn search(&self) -> Option<Path> {
        let plain = self.dijkstra(false);
        let rough = self.dijkstra(true);
        match (plain, rough) {
            (Some(p), Some(r)) => Some(if r.cost() < p.cost() - 1e-9 { r } else { p }),
            (p, r) => p.or(r),
        }
    }

    /// Every state reachable within `budget`, with its cost and how it was
    /// reached (Dijkstra from node 0, cut at the budget).
    #[allow(clippy::type_complexity)]
    fn settle(&self, difficult_ok: bool, budget: f64) -> (Vec<[f64; 2]>, Vec<[Back; 2]>) {
        let (best, back, _) = self.run(difficult_ok, budget, None);
        (best, back)
    }

    /// The search from node 0: Dijkstra cut at `budget`, or A* stopping at
    /// `goal` (with [`Graph::estimate`]). Returns the costs, the way back,
    /// and the goal state reached.
    #[allow(clippy::type_complexity)]
    fn run(
        &self,
        difficult_ok: bool,
        budget: f64,
        goal: Option<usize>,
    ) -> (Vec<[f64; 2]>, Vec<[Back; 2]>, Option<(usize, usize)>) {
        let h = |v: usize, j: usize| {
            if goal.is_some() {
                self.estimate(v, j)
            } else {
                0.0
            }
        };
        let n = self.nodes.len();
        let mut links_from: Vec<Vec<usize>> = vec![vec![]; n];
        for (k, l) in self.links.iter().enumerate() {
            links_from[l.from].push(k);
        }
        let mut best = vec![[f64::INFINITY; 2]; n];
        let mut back: Vec<[Back; 2]> = vec![[None, None]; n];
        let mut heap = BinaryHeap::new();
        best[0][0] = 0.0;
        heap.push(Entry(h(0, 0), 0, 0));
        while let Some(Entry(key, u, jumped)) = heap.pop() {
            let cost = best[u][jumped];
            if key > cost + h(u, jumped) + 1e-9 {
                continue;
            }
            if goal == Some(u) {
                return (best, back, Some((u, jumped)));
            }
            for (v, step, c, j, touch) in
                self.moves_from(u, jumped, cost, difficult_ok, &links_from[u])
            {
                if c <= budget + 1e-9 && c < best[v][j] - 1e-12 {
                    best[v][j] = c;
                    back[v][j] = Some((u, jumped, step, touch));
                    heap.push(Entry(c + h(v, j), v, j));
                }
            }
        }
        (best, back, None)
    }

    /// The moves out of one search state: straight slides to every other
    /// node, then climbs and jump-downs.
    fn moves_from(
        &self,
        u: usize,
        jumped: usize,
        cost: f64,
        difficult_ok: bool,
        links: &[usize],
    ) -> Vec<(usize, Step, f64, usize, Touch)> {
        let here = self.nodes[u].at;
        let mut out = vec![];
        for (v, node) in self.nodes.iter().enumerate() {
            if v == u {
                continue;
            }
            let Some((len, jump, before, touch)) = self.slide(here, node.at, difficult_ok) else {
                continue;
            };
            let j = if jump > 0.0 {
                // Q17: the run-up is what this Move walked before the jump.
                if jumped == 1 || jump > (cost + before).max(1.0) {
                    continue;
                }
                1
            } else {
                jumped
            };
            let step = Step::Walk {
                to: node.at,
                length: len,
                jump,
                difficult: touch.difficult,
            };
            out.push((v, step, cost + len - jump, j, touch));
        }
        for l in links.iter().map(|&k| &self.links[k]) {
            let to = self.nodes[l.to].at;
            let (c, step) = match l.step {
                LinkKind::Climb {
                    piece,
                    height,
                    cost: k,
                    ladder,
                } => (
                    k,
                    Step::Climb {
                        to,
                        piece,
                        height,
                        cost: k,
                        ladder,
                    },
                ),
                LinkKind::JumpDown { piece, height } => (
                    2.0 * (self.mover.radius + SLACK),
                    Step::JumpDown { to, piece, height },
                ),
            };
            out.push((l.to, step, cost + c, jumped, Touch::default()));
        }
        out
    }

    /// A lower bound of the cost from a node to the goal: the straight
    /// distance, less the one jump that may still cost nothing (A*).
    fn estimate(&self, v: usize, jumped: usize) -> f64 {
        let (a, b) = (self.nodes[v].at, self.nodes[1].at);
        let jump = if jumped == 0 {
            self.mover.jump_max
        } else {
            0.0
        };
        (((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt() - jump).max(0.0)
    }

    fn dijkstra(&self, difficult_ok: bool) -> Option<Path> {
        let (best, back, found) = self.run(difficult_ok, f64::INFINITY, Some(1));
        found.map(|(u, j)| self.rebuild(&back, u, j, best[u][j]))
    }

    fn rebuild(&self, back: &[[Back; 2]], mut u: usize, mut j: usize, length: f64) -> Path {
        let mut steps = vec![];
        let mut touch = Touch::default();
        while let Some((p, pj, step, t)) = &back[u][j] {
            steps.push(step.clone());
            touch.difficult |= t.difficult;
            touch.dangerous |= t.dangerous;
            (u, j) = (*p, *pj);
        }
        steps.reverse();
        Path {
            steps,
            length,
            difficult: touch.difficult,
            dangerous: touch.dangerous,
        }
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

/// How a search state was reached: the previous node and jump flag, the
/// step taken and what it touched.
type Back = Option<(usize, usize, Step, Touch)>;

/// A heap entry ordered by smallest cost first.
#[derive(Debug, Clone, Copy)]
struct Entry(f64, usize, usize);

impl PartialEq for Entry {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Entry {}
impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Entry {
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .0
            .total_cmp(&self.0)
            .then_with(|| other.1.cmp(&self.1))
    }
}
