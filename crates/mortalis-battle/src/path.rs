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
struct Stop {
    grown: Vec<Polygon<f64>>,
    rect: Rect<f64>,
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
        Some(Stop { grown, rect })
    }

    fn hits(&self, line: &Line<f64>) -> bool {
        line.bounding_rect().intersects(&self.rect) && self.grown.iter().any(|g| g.intersects(line))
    }

    fn covers(&self, p: Point<f64>) -> bool {
        self.rect.intersects(&p) && self.grown.iter().any(|g| g.intersects(&p))
    }
}

/// What a ground segment touches.
#[derive(Default, Clone, Copy)]
struct Touch {
    difficult: bool,
    dangerous: bool,
}

/// The search graph for one query.
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
        self.can_stand(from, mover.radius)?;
        self.can_stand(to, mover.radius)?;
        let graph = Graph::new(self, *mover, others, from, to);
        Ok(graph.search())
    }
}

impl<'a> Graph<'a> {
    fn new(table: &'a Table, mover: Mover, others: &[Body], from: Place, to: Place) -> Self {
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
        let bases: Vec<Polygon<f64>> = others
            .iter()
            .filter(|o| o.at.level == Level::Ground)
            .map(|o| base_polygon(o.at.x, o.at.y, o.radius()))
            .collect();
        for b in &bases {
            g.walls.extend(Stop::new(b, r));
        }
        g.corners(&bases);
        g.climbing_points(from, to);
        g
    }

    /// Corners of grown ground footprints and of shrunk roofs.
    fn corners(&mut self, bases: &[Polygon<f64>]) {
        let r = self.mover.radius + SLACK;
        let mut ground: Vec<Coord<f64>> = vec![];
        for b in bases {
            let style = BufferStyle::new(r).line_join(LineJoin::Miter(0.0));
            for poly in b.buffer_with_style(style) {
                ground.extend(poly.exterior().0.iter().copied());
            }
        }
        for p in &self.table.pieces {
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

    /// Climbing and jump-down points along every climbable wall and block.
    fn climbing_points(&mut self, from: Place, to: Place) {
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
                let n = (len.ceil() as usize).max(1);
                let mut ts: Vec<f64> = (0..n).map(|k| (k as f64 + 0.5) / n as f64).collect();
                for p in [from, to] {
                    ts.push(project(&edge, Coord { x: p.x, y: p.y }));
                }
                for (w, ladder) in &ladders {
                    if *w == i {
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
        let len = line.delta().x.hypot(line.delta().y);
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

    fn dijkstra(&self, difficult_ok: bool) -> Option<Path> {
        let n = self.nodes.len();
        let mut best = vec![[f64::INFINITY; 2]; n];
        let mut back: Vec<[Back; 2]> = vec![[None, None]; n];
        let mut heap = BinaryHeap::new();
        best[0][0] = 0.0;
        heap.push(Entry(0.0, 0, 0));
        while let Some(Entry(cost, u, jumped)) = heap.pop() {
            if cost > best[u][jumped] {
                continue;
            }
            if u == 1 {
                return Some(self.rebuild(&back, u, jumped, cost));
            }
            let here = self.nodes[u].at;
            let mut relax = |v: usize,
                             j: usize,
                             c: f64,
                             step: Step,
                             touch: Touch,
                             heap: &mut BinaryHeap<Entry>| {
                if c < best[v][j] - 1e-12 {
                    best[v][j] = c;
                    back[v][j] = Some((u, jumped, step, touch));
                    heap.push(Entry(c, v, j));
                }
            };
            for (v, node) in self.nodes.iter().enumerate() {
                if v == u {
                    continue;
                }
                let Some((len, jump, before, touch)) = self.slide(here, node.at, difficult_ok)
                else {
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
                };
                relax(v, j, cost + len - jump, step, touch, &mut heap);
            }
            for l in self.links.iter().filter(|l| l.from == u) {
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
                relax(l.to, jumped, cost + c, step, Touch::default(), &mut heap);
            }
        }
        None
    }

    #[allow(clippy::type_complexity)]
    fn rebuild(
        &self,
        back: &[[Option<(usize, usize, Step, Touch)>; 2]],
        mut u: usize,
        mut j: usize,
        length: f64,
    ) -> Path {
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
