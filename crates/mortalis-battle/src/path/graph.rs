//! The search graph of a Move: corners of grown footprints and shrunk
//! roofs, climbing and jump-down points, the stops a base cannot cross, and
//! what a straight slide between two places costs.

use crate::hyp::Hyp;
use std::sync::Arc;

use geo::{Contains, Coord, Line, MultiPolygon, Point, Polygon};

use super::Mover;
use super::grid::NodeGrid;
use super::layers::{Links, Nodes};
use super::memo::Memo;
use super::stop::{Stop, grow};
use super::stops::StopGrid;
use crate::table::{Kind, Level, Place, Table};

/// Room left between a corner of the graph and the footprint it goes round.
pub(super) const SLACK: f64 = 1e-3;

/// A corner of the graph.
#[derive(Debug, Clone, Copy)]
pub(super) struct Node {
    pub(super) at: Place,
}

/// A transition between surfaces, or over a wall.
#[derive(Debug, Clone, Copy)]
pub(super) struct Link {
    pub(super) from: usize,
    pub(super) to: usize,
    pub(super) step: LinkKind,
}

#[derive(Debug, Clone, Copy)]
pub(super) enum LinkKind {
    Climb {
        piece: usize,
        height: f64,
        cost: f64,
        ladder: bool,
    },
    JumpDown {
        piece: usize,
        height: f64,
        /// The inches walked from the roof place to the foot (the base's
        /// width, or more where the top lies along the edge: ruling
        /// "Climbing beside a roof's corner").
        walk: f64,
    },
    /// A jump over the gap between two roofs (B32, `roofjump.rs`).
    RoofJump { gap: f64 },
}

/// What a ground segment touches.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub(super) struct Touch {
    pub(super) difficult: bool,
    pub(super) dangerous: bool,
}

/// The search graph for one query.
#[derive(Clone)]
pub(super) struct Graph<'a> {
    pub(super) table: &'a Table,
    pub(super) mover: Mover,
    /// The corners and places searched (`layers.rs`: a query's over its
    /// `Nav`'s).
    pub(super) nodes: Nodes,
    pub(super) links: Links,
    /// Ground footprints no base crosses (walls, blocks, impassable), shared
    /// by every query of a `Nav`.
    pub(super) walls: Arc<Vec<Stop>>,
    /// The bases of the models a query goes round on the ground.
    pub(super) bases: Vec<Stop>,
    /// The bases of the models standing on roofs, each with its roof's
    /// piece: they stop slides on that roof (session 26).
    pub(super) roof_bases: Vec<(usize, Stop)>,
    /// Gaps: crossed only by a jump; (the footprint itself, grown).
    pub(super) gaps: Arc<Vec<(Polygon<f64>, Stop)>>,
    pub(super) difficult: Arc<Vec<Stop>>,
    pub(super) dangerous: Arc<Vec<Stop>>,
    /// Each roof's area where a centre may go (shrunk footprint).
    pub(super) roofs: Arc<Vec<(usize, Vec<Polygon<f64>>)>>,
    /// The boxes of the pieces no base overlaps ([`Table::solid_bounds`]),
    /// bucketed by place ([`Solids`](super::stops::Solids)).
    pub(super) solid: std::sync::Arc<super::stops::Solids>,
    /// The terrain slides between the corners every query shares, judged
    /// once ([`Memo`]); set by `Nav::new`.
    pub(super) memo: Option<std::sync::Arc<Memo>>,
    /// The shared corners by place ([`NodeGrid`]); set by `Nav::new`.
    pub(super) grid: Option<std::sync::Arc<NodeGrid>>,
    /// The terrain's stops by place ([`StopGrid`]), built with the walls.
    pub(super) wall_grid: Option<Arc<StopGrid>>,
    /// Each ladder's footprint and the wall or block it leans on.
    pub(super) ladders: std::sync::Arc<Vec<(usize, Polygon<f64>)>>,
    /// A query cut at a budget adds no node farther than this from this
    /// place (no search within the budget could reach it).
    pub(super) keep: Option<(Place, f64)>,
    /// Where each jump between roofs takes off (`roofjump.rs`).
    pub(super) roof_jumps: std::sync::Arc<Vec<Place>>,
    /// Each piece's rise above what it stands on and the surface at its
    /// foot (the ground, or the roof a block stands on).
    pub(super) feet: std::sync::Arc<Vec<(f64, Level)>>,
}

impl<'a> Graph<'a> {
    /// A copy of this graph for a query, with room for `nodes` more nodes
    /// and `links` more links (the bases' corners, the start's rings and
    /// climbing points): the nodes and links are shared, not copied
    /// (`layers.rs`; until session 31 each query copied them all).
    pub(super) fn with_room(&self, nodes: usize, links: usize) -> Self {
        Graph {
            table: self.table,
            mover: self.mover,
            nodes: self.nodes.layer(nodes),
            links: self.links.layer(links),
            walls: self.walls.clone(),
            bases: self.bases.clone(),
            roof_bases: self.roof_bases.clone(),
            gaps: self.gaps.clone(),
            difficult: self.difficult.clone(),
            dangerous: self.dangerous.clone(),
            roofs: self.roofs.clone(),
            solid: self.solid.clone(),
            memo: self.memo.clone(),
            grid: self.grid.clone(),
            wall_grid: self.wall_grid.clone(),
            ladders: self.ladders.clone(),
            keep: self.keep,
            roof_jumps: self.roof_jumps.clone(),
            feet: self.feet.clone(),
        }
    }

    pub(super) fn new(table: &'a Table, mover: Mover, from: Place, to: Place) -> Self {
        let r = mover.radius;
        let mut g = Graph {
            table,
            mover,
            nodes: Nodes::new(vec![Node { at: from }, Node { at: to }]),
            links: Links::default(),
            walls: Arc::default(),
            bases: vec![],
            roof_bases: vec![],
            gaps: Arc::default(),
            difficult: Arc::default(),
            dangerous: Arc::default(),
            roofs: Arc::default(),
            solid: std::sync::Arc::new(super::stops::Solids::new(table.solid_bounds(), table.size)),
            memo: None,
            grid: None,
            wall_grid: None,
            keep: None,
            roof_jumps: std::sync::Arc::new(vec![]),
            feet: std::sync::Arc::new(
                (0..table.pieces.len())
                    .map(|i| {
                        let foot = table.under(i).map_or(Level::Ground, Level::Roof);
                        (table.rise(i), foot)
                    })
                    .collect(),
            ),
            ladders: std::sync::Arc::new(
                table
                    .pieces
                    .iter()
                    .filter(|p| p.kind == Kind::Ladder)
                    .filter_map(|p| table.ladder_wall(p).map(|w| (w, p.footprint.clone())))
                    .collect(),
            ),
        };
        // What stops a base is grown a little less than the radius (as the
        // bases of models are), so that a model standing in contact with a
        // wall or a gap may slide along it or away from it.
        let solid: Vec<Option<MultiPolygon<f64>>> = table
            .pieces
            .iter()
            .map(|p| {
                let stops = matches!(
                    p.kind,
                    Kind::Wall { .. } | Kind::Block { .. } | Kind::Impassable { .. } | Kind::Gap
                );
                stops.then(|| grow(&p.footprint, r - 2.0 * SLACK))
            })
            .collect();
        let (mut walls, mut gaps, mut difficult, mut dangerous) = (vec![], vec![], vec![], vec![]);
        let roofs = roof_areas(table, r, &solid);
        for (p, grown) in table.pieces.iter().zip(solid) {
            let stop = || Stop::new(&p.footprint, r);
            let solid =
                || Stop::grown_by(&p.footprint, r - 2.0 * SLACK, grown.map_or(vec![], |g| g.0));
            match p.kind {
                Kind::Wall { .. } | Kind::Block { .. } | Kind::Impassable { .. } => {
                    walls.extend(solid());
                }
                Kind::Gap => gaps.extend(solid().map(|s| (p.footprint.clone(), s))),
                // Pewny krok: rubble costs nothing, so it is open ground (B97).
                Kind::Difficult if !mover.sure_footed => difficult.extend(stop()),
                Kind::Dangerous => dangerous.extend(stop()),
                _ => {}
            }
        }
        g.walls = Arc::new(walls);
        // Bucketed at once: the corners and climbing points below, and the
        // slides a `Nav` judges once, test the stops near them only.
        g.wall_grid = StopGrid::new(&g.walls, table.size).map(Arc::new);
        g.gaps = Arc::new(gaps);
        g.difficult = Arc::new(difficult);
        g.dangerous = Arc::new(dangerous);
        g.roofs = Arc::new(roofs);
        g.corners(&[], true);
        g.climbing_points(&[]);
        g.roof_jumps();
        g
    }

    /// Corners of grown ground footprints and of shrunk roofs.
    pub(super) fn corners(&mut self, bases: &[Polygon<f64>], pieces: bool) {
        let r = self.mover.radius + SLACK;
        let mut ground: Vec<Coord<f64>> = vec![];
        for b in bases {
            ground.extend(b.exterior().0.iter().copied());
        }
        // Each piece that stops a base, grown once: the corners round a
        // block standing on a roof (below) are those of the same shape.
        let grown: Vec<Option<MultiPolygon<f64>>> = self
            .table
            .pieces
            .iter()
            .filter(|_| pieces)
            .map(|p| {
                let stops = matches!(
                    p.kind,
                    Kind::Wall { .. } | Kind::Block { .. } | Kind::Impassable { .. } | Kind::Gap
                ) || (p.kind == Kind::Dangerous && !self.mover.dangerous)
                    || (p.kind == Kind::Difficult && !self.mover.sure_footed);
                stops.then(|| grow(&p.footprint, r))
            })
            .collect();
        for poly in grown.iter().flatten().flat_map(|g| &g.0) {
            ground.extend(poly.exterior().0.iter().copied());
        }
        for c in ground {
            self.add_node(Place::ground(c.x, c.y));
        }
        let mut roofs: Vec<(usize, Coord<f64>)> = vec![];
        for (i, _) in self.roofs.iter().filter(|_| pieces) {
            for p in grow(&self.table.pieces[*i].footprint, -r) {
                roofs.extend(p.exterior().0.iter().map(|&c| (*i, c)));
            }
        }
        // The corners round a block standing on a roof, on that roof.
        let mut stacked: Vec<(usize, Coord<f64>)> = vec![];
        for (i, _) in self.roofs.iter().filter(|_| pieces) {
            for j in self.table.stacked_on(*i) {
                let own;
                let shape = match grown.get(j).and_then(Option::as_ref) {
                    Some(g) => g,
                    None => {
                        own = grow(&self.table.pieces[j].footprint, r);
                        &own
                    }
                };
                for p in &shape.0 {
                    stacked.extend(p.exterior().0.iter().map(|&c| (*i, c)));
                }
            }
        }
        for (i, c) in roofs.into_iter().chain(stacked) {
            self.add_node(Place {
                x: c.x,
                y: c.y,
                level: Level::Roof(i),
            });
        }
    }

    /// Adds a node where a base can stand; returns its index.
    pub(super) fn add_node(&mut self, at: Place) -> Option<usize> {
        if let Some((c, radius)) = self.keep
            && (at.x - c.x).hyp(at.y - c.y) > radius
        {
            return None;
        }
        let terrain = match self.memo.as_deref() {
            Some(memo) => memo.stands(at, || self.stands_on_terrain(at)),
            None => self.stands_on_terrain(at),
        };
        if !terrain {
            return None;
        }
        // Then the bases on its surface.
        if self.on_a_base(at) {
            return None;
        }
        self.nodes.push(Node { at });
        Some(self.nodes.len() - 1)
    }

    /// Whether the terrain lets a base stand at `at` (what [`Graph::add_node`]
    /// asks before the keep and the bases): a pure function of the table,
    /// the mover's radius and the place.
    pub(super) fn stands_on_terrain(&self, at: Place) -> bool {
        if !self.stands(at) {
            return false;
        }
        if at.level == Level::Ground {
            let p = Point::new(at.x, at.y);
            let walls = &self.walls;
            // The terrain's stops near the point only (`StopGrid`).
            let on_wall = match &self.wall_grid {
                Some(grid) if grid.serves(walls.len()) => {
                    grid.any(&[at.x, at.y, at.x, at.y], |k| walls[k].covers(p))
                }
                _ => walls.iter().any(|w| w.covers(p)),
            };
            if on_wall {
                return false;
            }
        }
        true
    }

    /// Whether any difficult ground lies within `reach` of `at`.
    pub(super) fn difficult_near(&self, at: Place, reach: f64) -> bool {
        self.difficult.iter().any(|s| {
            let [lx, ly, hx, hy] = s.bounds();
            at.x >= lx - reach && at.x <= hx + reach && at.y >= ly - reach && at.y <= hy + reach
        })
    }

    /// What a straight slide between two nodes on one surface costs: `None`
    /// when a base cannot slide there, else (length, jump length, inches
    /// walked before the jump, touches).
    pub(super) fn slide(&self, a: Place, b: Place, difficult_ok: bool) -> Option<Slide> {
        self.terrain_slide_kept(a, b)
            .filter(|s| difficult_ok || !s.3.difficult)
            .filter(|_| !self.bases_block(a, b))
    }

    /// Whether the bases of models stop a slide from `a` to `b` on one
    /// surface: those on the ground, or those on the same roof.
    pub(super) fn bases_block(&self, a: Place, b: Place) -> bool {
        match (a.level, b.level) {
            (Level::Ground, Level::Ground) => {
                !self.bases.is_empty() && Graph::hits_any(a, b, &self.bases)
            }
            (Level::Roof(i), Level::Roof(j)) if i == j && !self.roof_bases.is_empty() => {
                let line = Line::new(Coord { x: a.x, y: a.y }, Coord { x: b.x, y: b.y });
                let bb = line_box(&line);
                self.roof_bases
                    .iter()
                    .any(|(k, w)| *k == i && w.hits(&line, &bb))
            }
            _ => false,
        }
    }

    /// Whether a place lies inside the (grown) base of a model on its own
    /// surface: a node there is never a way.
    pub(super) fn on_a_base(&self, at: Place) -> bool {
        let p = Point::new(at.x, at.y);
        match at.level {
            Level::Ground => self.bases.iter().any(|w| w.covers(p)),
            Level::Roof(i) => self.roof_bases.iter().any(|(k, w)| *k == i && w.covers(p)),
        }
    }

    /// Which nodes stand on a base ([`Graph::on_a_base`]), each node
    /// asked only when it lies round one: the shared corners found by
    /// place ([`NodeGrid`](super::grid::NodeGrid)), the query's own nodes
    /// (and the start and the goal) all asked. A node outside every base's
    /// box is on none.
    pub(super) fn nodes_on_bases(&self) -> Vec<bool> {
        let n = self.nodes.len();
        let mut out = vec![false; n];
        let Some(grid) = self.grid.as_deref() else {
            for (v, node) in self.nodes.iter().enumerate() {
                out[v] = self.on_a_base(node.at);
            }
            return out;
        };
        let mut near = vec![];
        let stops = self
            .bases
            .iter()
            .chain(self.roof_bases.iter().map(|(_, s)| s));
        for stop in stops {
            let [x0, y0, x1, y1] = stop.bounds();
            let half = (x1 - x0).max(y1 - y0) / 2.0;
            near.clear();
            grid.near((x0 + x1) / 2.0, (y0 + y1) / 2.0, half, false, &mut near);
            for &v in &near {
                if v < n && !out[v] {
                    out[v] = self.on_a_base(self.nodes[v].at);
                }
            }
        }
        for v in (0..2.min(n)).chain(grid.nodes.min(n)..n) {
            out[v] = self.on_a_base(self.nodes[v].at);
        }
        out
    }

    /// The length of a straight slide from `a` to `b`.
    pub(super) fn slide_length(a: Place, b: Place) -> f64 {
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        (dx * dx + dy * dy).sqrt()
    }

    /// Whether a base sliding on the ground from `a` to `b` crosses any of
    /// `stops`.
    pub(super) fn hits_any(a: Place, b: Place, stops: &[Stop]) -> bool {
        let line = Line::new(Coord { x: a.x, y: a.y }, Coord { x: b.x, y: b.y });
        let bb = line_box(&line);
        stops.iter().any(|w| w.hits(&line, &bb))
    }

    /// [`Graph::slide`] against the terrain's stops (not the models'
    /// bases), difficult ground allowed (the caller filters it).
    pub(super) fn terrain_slide(&self, a: Place, b: Place) -> Option<Slide> {
        let line = Line::new(Coord { x: a.x, y: a.y }, Coord { x: b.x, y: b.y });
        let len = Graph::slide_length(a, b);
        match (a.level, b.level) {
            (Level::Roof(i), Level::Roof(j)) if i == j => {
                let (_, roof) = self.roofs.iter().find(|(k, _)| *k == i)?;
                roof.iter()
                    .any(|p| p.contains(&line) || len < 1e-9)
                    .then_some((len, 0.0, 0.0, Touch::default()))
            }
            (Level::Ground, Level::Ground) => {
                let bb = line_box(&line);
                let walls = &self.walls;
                let blocked = match &self.wall_grid {
                    Some(grid) if grid.serves(walls.len()) => {
                        grid.any_from(&bb, (a.x, a.y), |k| walls[k].hits(&line, &bb))
                    }
                    _ => walls.iter().any(|w| w.hits(&line, &bb)),
                };
                if blocked {
                    return None;
                }
                let touch = Touch {
                    difficult: self.difficult.iter().any(|s| s.hits(&line, &bb)),
                    dangerous: self.dangerous.iter().any(|s| s.hits(&line, &bb)),
                };
                if touch.dangerous && !self.mover.dangerous {
                    return None;
                }
                let (mut jump, mut before) = (0.0, 0.0);
                for (gap, grown) in self.gaps.iter() {
                    if grown.hits(&line, &bb) {
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
}

/// Each roof's area where a centre may go: its footprint shrunk by the
/// radius `r` less the slack, less the blocks standing on it grown as walls
/// are. `solid` holds each piece grown as a wall ([`grow`] by `r` less
/// twice the slack) where the graph's stops already needed it, so that it
/// is not grown twice: the same shape.
fn roof_areas(
    table: &Table,
    r: f64,
    solid: &[Option<MultiPolygon<f64>>],
) -> Vec<(usize, Vec<Polygon<f64>>)> {
    use geo::BooleanOps;
    let mut roofs = vec![];
    for (i, p) in table.pieces.iter().enumerate() {
        if p.kind.surface().is_none() {
            continue;
        }
        // Centres may slide anywhere at least the radius (less the slack)
        // inside the roof's edge; corners are placed a slack further in, so
        // that they lie strictly inside.
        let mut shrunk = grow(&p.footprint, -(r - SLACK));
        // Roofs on top of roofs: a block standing on this roof is a wall
        // there.
        for j in table.stacked_on(i) {
            shrunk = match solid.get(j).and_then(Option::as_ref) {
                Some(grown) => shrunk.difference(grown),
                None => shrunk.difference(&grow(&table.pieces[j].footprint, r - 2.0 * SLACK)),
            };
        }
        roofs.push((i, shrunk.0));
    }
    roofs
}

/// A straight slide: (length, jump length, inches walked before the jump,
/// what it touches).
pub(super) type Slide = (f64, f64, f64, Touch);

/// The bounding box of a line: (min x, min y, max x, max y).
pub(super) fn line_box(line: &Line<f64>) -> [f64; 4] {
    let (a, b) = (line.start, line.end);
    [a.x.min(b.x), a.y.min(b.y), a.x.max(b.x), a.y.max(b.y)]
}
