//! Set-up of the five scenarios (B147–B171): roles, technology markers, the
//! object to intercept, deployment zones and who starts. Every choice is a
//! question to a decider (B181); the rulings are in docs/mortalis/battle.md.

use super::{
    About, Battle, BattleError, Choice, DEPLOY_RADIUS, Event, JATKA_MARKERS, MARKER_EDGE, Players,
    Question, Scenario,
};
use crate::table::Place;

/// Technology markers in Barykady (B157) and Otoczeni (B160).
const FIVE_MARKERS: usize = 5;
/// Technology markers besides the object in Przechwycenie (B162).
const INTERCEPTION_MARKERS: usize = 3;
/// The Barykady Defender's zone round its corner (B157).
const DEFENDER_ZONE: f64 = 14.0;
/// The open circle round the centre (B160, B162).
const CENTRE_CLEAR: f64 = 6.0;
/// Otoczeni: the Defender within 5" of the centre, the Attacker within 5" of
/// an edge and at least 8" from every Defender model (B161).
const SURROUNDED_DEPTH: f64 = 5.0;
const SURROUNDED_AWAY: f64 = 8.0;
/// Przechwycenie: within 6" of the chosen edge (B163).
const INTERCEPTION_DEPTH: f64 = 6.0;
/// Duma: within 4" of the short edges (B168).
const PRIDE_DEPTH: f64 = 4.0;

/// The corner points: 0 lower left, 1 lower right, 2 upper right, 3 upper left.
pub(super) fn corner_point(size: f64, corner: usize) -> (f64, f64) {
    match corner % 4 {
        0 => (0.0, 0.0),
        1 => (size, 0.0),
        2 => (size, size),
        _ => (0.0, size),
    }
}

/// The distance from a point to an edge: 0 south (y = 0), 1 east, 2 north,
/// 3 west.
pub(super) fn edge_distance(size: f64, edge: usize, x: f64, y: f64) -> f64 {
    match edge % 4 {
        0 => y,
        1 => size - x,
        2 => size - y,
        _ => x,
    }
}

/// Where a side deploys; a model's whole base must lie inside (Q25).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Zone {
    /// Within 6" of a corner (B154, B158; Q25: a quarter circle).
    Corner(usize),
    /// Within this many inches of a corner (Zwiadowca, B101, Q50: 18").
    CornerWithin(usize, f64),
    /// Within this many inches of an edge (B163, B168).
    Edge(usize, f64),
    /// Within this many inches of the table centre (B161).
    Centre(f64),
    /// Within this many inches (5", B161; Zwiadowca 15") of any edge and
    /// at least 8" from every enemy model.
    Rim(f64),
}

impl Zone {
    /// Where a model with Zwiadowca may also deploy (B101; ruling Q50):
    /// three times as far from the edge or corner; the Otoczeni Defender's
    /// centre zone is not widened.
    pub(super) fn scouted(self) -> Option<Zone> {
        match self {
            Zone::Corner(c) => Some(Zone::CornerWithin(c, 3.0 * DEPLOY_RADIUS)),
            Zone::Edge(e, d) => Some(Zone::Edge(e, 3.0 * d)),
            Zone::Rim(d) => Some(Zone::Rim(3.0 * d)),
            Zone::CornerWithin(..) | Zone::Centre(_) => None,
        }
    }
}

impl Zone {
    /// Whether the point (x, y) lies in the zone (the Ukryte dane marker
    /// goes outside both, B173).
    pub(super) fn holds_point(self, size: f64, x: f64, y: f64) -> bool {
        match self {
            Zone::Corner(c) => Zone::CornerWithin(c, DEPLOY_RADIUS).holds_point(size, x, y),
            Zone::CornerWithin(c, r) => {
                let (cx, cy) = corner_point(size, c);
                (x - cx).hypot(y - cy) <= r
            }
            Zone::Edge(e, depth) => edge_distance(size, e, x, y) <= depth,
            Zone::Centre(r) => (x - size / 2.0).hypot(y - size / 2.0) <= r,
            Zone::Rim(depth) => (0..4).any(|e| edge_distance(size, e, x, y) <= depth),
        }
    }

    /// The places just inside the table edges (`inset` from them) where a
    /// model standing at `from` leaves the table through this zone, one per
    /// edge the zone touches, nearest to `from` (Kurier, B173): along a
    /// corner's two edges within 6" of the corner; along a deployment edge;
    /// along every edge for Otoczeni's rim; none from the centre.
    pub(super) fn exits(self, size: f64, inset: f64, from: Place) -> Vec<(usize, Place)> {
        // The place on `edge` nearest `from`, its other coordinate kept
        // within [lo, hi].
        let at = |edge: usize, (lo, hi): (f64, f64)| {
            let (x, y) = (from.x.clamp(lo, hi), from.y.clamp(lo, hi));
            let p = match edge {
                0 => Place::ground(x, inset),
                1 => Place::ground(size - inset, y),
                2 => Place::ground(x, size - inset),
                _ => Place::ground(inset, y),
            };
            (edge, p)
        };
        let whole = (inset, size - inset);
        match self {
            Zone::Corner(c) => Zone::CornerWithin(c, DEPLOY_RADIUS).exits(size, inset, from),
            Zone::CornerWithin(c, radius) => {
                let (cx, cy) = corner_point(size, c);
                let reach = (radius - inset).max(inset);
                let span = |low: bool| {
                    if low {
                        (inset, reach)
                    } else {
                        (size - reach, size - inset)
                    }
                };
                let south_or_north = if cy == 0.0 { 0 } else { 2 };
                let west_or_east = if cx == 0.0 { 3 } else { 1 };
                vec![
                    at(south_or_north, span(cx == 0.0)),
                    at(west_or_east, span(cy == 0.0)),
                ]
            }
            Zone::Edge(e, _) => vec![at(e, whole)],
            Zone::Centre(_) => vec![],
            Zone::Rim(_) => (0..4).map(|e| at(e, whole)).collect(),
        }
    }
}

impl Battle {
    /// The scenario's set-up; returns the side that starts round 1.
    /// Challenges are taken first (B172) and the Ukryte dane marker placed
    /// after deployment (B173).
    pub fn set_up(&mut self, players: &mut Players) -> Result<usize, BattleError> {
        self.take_challenges(players)?;
        let starter = self.set_up_scenario(players)?;
        self.place_data(players)?;
        Ok(starter)
    }

    fn set_up_scenario(&mut self, players: &mut Players) -> Result<usize, BattleError> {
        let starter = match self.scenario {
            Scenario::Massacre => self.set_up_massacre(players)?,
            Scenario::Barricades => self.set_up_barricades(players)?,
            Scenario::Surrounded => self.set_up_surrounded(players)?,
            Scenario::Interception => self.set_up_interception(players)?,
            Scenario::Pride => self.set_up_pride(players)?,
        };
        self.event(Event::Sides {
            scenario: self.scenario,
            defender: self.defender,
            edges: self.edges,
        });
        Ok(starter)
    }

    /// Jatka (B153–B155).
    fn set_up_massacre(&mut self, players: &mut Players) -> Result<usize, BattleError> {
        // B153 (ruling: on a table from a file or the generator nobody placed
        // the last piece, so the second warband places the first marker).
        let size = self.table.size;
        let away = move |x: f64, y: f64| x.min(y).min(size - x).min(size - y) >= MARKER_EDGE - 1e-9;
        self.place_markers(players, JATKA_MARKERS, (1, true), &away)?;
        // B154: the first warband rolled the scenario; it picks a corner.
        let corner = self.pick_corner(players, 0)?;
        self.deploy_alternately(
            players,
            0,
            [Zone::Corner(corner), Zone::Corner((corner + 2) % 4)],
        )?;
        // B155: the lower total decides who starts.
        let chooser = self.roll_off(players, "who starts")?;
        self.pick_starter(players, chooser)
    }

    /// Barykady (B156–B158): roles, the Defender's corner and its five
    /// markers within 14" of it, deployment Defender first; the Defender
    /// starts.
    fn set_up_barricades(&mut self, players: &mut Players) -> Result<usize, BattleError> {
        let wishes = [
            self.pick_defender(players, 0)?,
            self.pick_defender(players, 1)?,
        ];
        let defender = if wishes[0] == wishes[1] {
            wishes[0]
        } else {
            let chooser = self.roll_off(players, "roles")?;
            self.pick_defender(players, chooser)?
        };
        self.defender = Some(defender);
        let corner = self.pick_corner(players, defender)?;
        let (cx, cy) = corner_point(self.table.size, corner);
        let near = move |x: f64, y: f64| (x - cx).hypot(y - cy) <= DEFENDER_ZONE + 1e-9;
        self.place_markers(players, FIVE_MARKERS, (defender, false), &near)?;
        let mut zones = [Zone::Corner(corner), Zone::Corner(corner)];
        zones[1 - defender] = Zone::Corner((corner + 2) % 4);
        self.deploy_alternately(players, defender, zones)?;
        Ok(defender)
    }

    /// Otoczeni (B159–B161): the side with fewer models defends unless
    /// both sides name the other (Q28: equal numbers, the lower 2k6
    /// chooses); five markers round the centre; the
    /// Defender deploys within 5" of the centre, then the Attacker within
    /// 5" of an edge and 8" from every Defender model; the Attacker starts.
    fn set_up_surrounded(&mut self, players: &mut Players) -> Result<usize, BattleError> {
        let count = |s: usize| self.models.iter().filter(|m| m.side == s).count();
        let fewer = match count(0).cmp(&count(1)) {
            std::cmp::Ordering::Less => Some(0),
            std::cmp::Ordering::Greater => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        let defender = match fewer {
            // B159: unless both agree otherwise — each side says whom it
            // wants as the Defender; only the same answer from both
            // changes it.
            Some(default) => {
                let wishes = [
                    self.pick_defender(players, 0)?,
                    self.pick_defender(players, 1)?,
                ];
                if wishes[0] == wishes[1] {
                    wishes[0]
                } else {
                    default
                }
            }
            None => {
                let chooser = self.roll_off(players, "roles")?;
                self.pick_defender(players, chooser)?
            }
        };
        self.defender = Some(defender);
        self.markers = self.centre_ring(FIVE_MARKERS)?;
        self.deploy_all(players, defender, Zone::Centre(SURROUNDED_DEPTH))?;
        self.deploy_all(players, 1 - defender, Zone::Rim(SURROUNDED_DEPTH))?;
        Ok(1 - defender)
    }

    /// Przechwycenie (B162–B166): the object at the centre; both roll 2k6
    /// and the lower total decides who deploys first and starts; three
    /// markers placed alternately by the sides, the chooser first (Q27), at
    /// least 6" from every edge and outside the centre circle; the first
    /// player picks an edge and deploys within 6" of it, then the other at
    /// the opposite edge (as written: each side deploys all its models).
    fn set_up_interception(&mut self, players: &mut Players) -> Result<usize, BattleError> {
        let c = self.table.size / 2.0;
        let centre = Place::ground(c, c);
        if self.table.can_stand(centre, 0.01).is_err() {
            return Err(BattleError::NoCentreRoom(super::CentreRoom::Object));
        }
        self.object = Some(centre);
        let chooser = self.roll_off(players, "who deploys first")?;
        let size = self.table.size;
        let spot = move |x: f64, y: f64| {
            x.min(y).min(size - x).min(size - y) >= MARKER_EDGE - 1e-9
                && (x - c).hypot(y - c) >= CENTRE_CLEAR
        };
        self.place_markers(players, INTERCEPTION_MARKERS, (chooser, true), &spot)?;
        let first = self.pick_starter(players, chooser)?;
        let options = (0..4).map(|edge| Choice::Edge { edge }).collect();
        let edge = match self.ask(
            players,
            Question {
                side: first,
                about: About::Edge,
                options,
            },
        )? {
            Choice::Edge { edge } => edge,
            _ => 0,
        };
        self.edges[first] = Some(edge);
        self.edges[1 - first] = Some((edge + 2) % 4);
        self.deploy_all(players, first, Zone::Edge(edge, INTERCEPTION_DEPTH))?;
        self.deploy_all(
            players,
            1 - first,
            Zone::Edge((edge + 2) % 4, INTERCEPTION_DEPTH),
        )?;
        Ok(first)
    }

    /// Duma (B167–B171) on its field (`generate::pride_field`): side 0
    /// holds the south short edge, side 1 the north one; models are placed
    /// alternately within 4" of them, the side with more models first (Q26:
    /// equal numbers, the higher 2k6 places first); then the lower 2k6
    /// decides who starts.
    fn set_up_pride(&mut self, players: &mut Players) -> Result<usize, BattleError> {
        let count = |s: usize| self.models.iter().filter(|m| m.side == s).count();
        let first = match count(0).cmp(&count(1)) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Less => 1,
            std::cmp::Ordering::Equal => 1 - self.roll_off(players, "who places first")?,
        };
        self.edges = [Some(0), Some(2)];
        self.deploy_alternately(
            players,
            first,
            [Zone::Edge(0, PRIDE_DEPTH), Zone::Edge(2, PRIDE_DEPTH)],
        )?;
        let chooser = self.roll_off(players, "who starts")?;
        self.pick_starter(players, chooser)
    }

    fn pick_corner(&mut self, players: &mut Players, side: usize) -> Result<usize, BattleError> {
        let options = (0..4).map(|corner| Choice::Corner { corner }).collect();
        Ok(
            match self.ask(
                players,
                Question {
                    side,
                    about: About::Corner,
                    options,
                },
            )? {
                Choice::Corner { corner } => corner,
                _ => 0,
            },
        )
    }

    fn pick_starter(&mut self, players: &mut Players, side: usize) -> Result<usize, BattleError> {
        let options = vec![Choice::Starter { side: 0 }, Choice::Starter { side: 1 }];
        Ok(
            match self.ask(
                players,
                Question {
                    side,
                    about: About::Starter,
                    options,
                },
            )? {
                Choice::Starter { side } => side,
                _ => side,
            },
        )
    }

    /// `side` says which side it wants as the Defender.
    fn pick_defender(&mut self, players: &mut Players, side: usize) -> Result<usize, BattleError> {
        let options = vec![Choice::Defender { side: 0 }, Choice::Defender { side: 1 }];
        Ok(
            match self.ask(
                players,
                Question {
                    side,
                    about: About::Role,
                    options,
                },
            )? {
                Choice::Defender { side } => side,
                _ => side,
            },
        )
    }

    /// Places `n` markers, `first` first and then alternately (or `first`
    /// all of them when not `alternate`), on a 2" grid at ground level
    /// where `fits` holds (and a point can stand), never two on one point.
    fn place_markers(
        &mut self,
        players: &mut Players,
        n: usize,
        (first, alternate): (usize, bool),
        fits: &dyn Fn(f64, f64) -> bool,
    ) -> Result<(), BattleError> {
        // The spots that fit and where a point can stand, found once: only
        // the markers placed change from one marker to the next.
        let spots = self.fitting_spots(fits);
        for k in 0..n {
            let side = if alternate { (first + k) % 2 } else { first };
            let options = self.free_spots(&spots);
            if options.is_empty() {
                return Err(BattleError::NotYet(super::NotYet::MarkerRoom));
            }
            if let Choice::Marker { x, y } = self.ask(
                players,
                Question {
                    side,
                    about: About::Marker,
                    options,
                },
            )? {
                self.markers.push(Place::ground(x, y));
            }
        }
        Ok(())
    }

    /// Marker places: a 2" grid of ground points (odd inches from the
    /// edges) where `fits` holds, outside walls and gaps, not on another
    /// marker.
    pub(super) fn marker_spots(&self, fits: &dyn Fn(f64, f64) -> bool) -> Vec<Choice> {
        self.free_spots(&self.fitting_spots(fits))
    }

    /// The points of [`Battle::marker_spots`]'s grid where `fits` holds and
    /// a point can stand, in the grid's order, markers or none.
    fn fitting_spots(&self, fits: &dyn Fn(f64, f64) -> bool) -> Vec<(f64, f64)> {
        let size = self.table.size;
        let mut out = vec![];
        let mut x = 1.0;
        while x <= size - 1.0 + 1e-9 {
            let mut y = 1.0;
            while y <= size - 1.0 + 1e-9 {
                if fits(x, y) && self.table.can_stand(Place::ground(x, y), 0.01).is_ok() {
                    out.push((x, y));
                }
                y += 2.0;
            }
            x += 2.0;
        }
        out
    }

    /// Those of `spots` no marker stands on, as marker choices.
    fn free_spots(&self, spots: &[(f64, f64)]) -> Vec<Choice> {
        spots
            .iter()
            .filter(|&&(x, y)| !self.markers.iter().any(|m| (m.x - x).hypot(m.y - y) < 1e-6))
            .map(|&(x, y)| Choice::Marker { x, y })
            .collect()
    }

    /// `n` markers side by side round the table centre (B160): the smallest
    /// ring (2" to 6" from the centre, by half inches) on which all stand.
    fn centre_ring(&self, n: usize) -> Result<Vec<Place>, BattleError> {
        let c = self.table.size / 2.0;
        for half in 4..=12 {
            let r = f64::from(half) / 2.0;
            let ring: Vec<Place> = (0..n)
                .map(|k| {
                    let a = std::f64::consts::TAU * k as f64 / n as f64;
                    Place::ground(c + r * a.cos(), c + r * a.sin())
                })
                .collect();
            if ring.iter().all(|p| self.table.can_stand(*p, 0.01).is_ok()) {
                return Ok(ring);
            }
        }
        Err(BattleError::NoCentreRoom(super::CentreRoom::Markers))
    }

    /// Whether a base of radius `r` at (x, y) lies wholly inside `zone`.
    fn in_zone(&self, zone: Zone, side: usize, x: f64, y: f64, r: f64) -> bool {
        let size = self.table.size;
        match zone {
            Zone::Corner(corner) => {
                self.in_zone(Zone::CornerWithin(corner, DEPLOY_RADIUS), side, x, y, r)
            }
            Zone::CornerWithin(corner, radius) => {
                let (cx, cy) = corner_point(size, corner);
                (x - cx).hypot(y - cy) + r <= radius + 1e-9
            }
            Zone::Edge(edge, depth) => edge_distance(size, edge, x, y) + r <= depth + 1e-9,
            Zone::Centre(radius) => (x - size / 2.0).hypot(y - size / 2.0) + r <= radius + 1e-9,
            Zone::Rim(depth) => {
                let body = crate::table::Body {
                    at: Place::ground(x, y),
                    base: 2.0 * r,
                    height: crate::table::HEIGHT,
                };
                (0..4).any(|e| edge_distance(size, e, x, y) + r <= depth + 1e-9)
                    && self.placed().all(|(_, o)| {
                        o.side == side
                            || o.side == super::independent::INDEPENDENT
                            || self.table.distance(&body, &o.body) >= SURROUNDED_AWAY - 1e-9
                    })
            }
        }
    }

    /// The models already placed on the table.
    fn placed(&self) -> impl Iterator<Item = (usize, &super::Fighter)> {
        self.models
            .iter()
            .enumerate()
            .filter(|(i, m)| m.on_table() && self.deployed.contains(i))
    }

    /// Deployment places for a model: a 1" grid of ground places whose whole
    /// base lies inside the zone, clear of terrain and of models already
    /// placed.
    fn deploy_spots(&self, model: usize, zone: Zone) -> Vec<Choice> {
        let m = &self.models[model];
        let r = m.body.radius();
        let size = self.table.size;
        let mut out = vec![];
        let steps = (size - 2.0 * r).floor() as usize;
        for i in 0..=steps {
            for j in 0..=steps {
                let (x, y) = (r + i as f64, r + j as f64);
                // B101: Zwiadowca also deploys farther, unseen.
                let scout = || {
                    m.skills.contains(&mortalis_rules::skills::Skill::Scout)
                        && zone
                            .scouted()
                            .is_some_and(|z| self.in_zone(z, m.side, x, y, r))
                        && self.scout_clear(model, x, y)
                };
                if !self.in_zone(zone, m.side, x, y, r) && !scout() {
                    continue;
                }
                let at = Place::ground(x, y);
                let clear = self.placed().all(|(_, o)| {
                    (o.body.at.x - x).hypot(o.body.at.y - y) >= o.body.radius() + r - 1e-9
                });
                if clear && self.table.can_stand(at, r).is_ok() {
                    out.push(Choice::Deploy { model, at });
                }
            }
        }
        out
    }

    /// Places one model of `side` in `zone`, in roster order.
    fn deploy_one(
        &mut self,
        players: &mut Players,
        model: usize,
        zone: Zone,
    ) -> Result<(), BattleError> {
        let side = self.models[model].side;
        let options = self.deploy_spots(model, zone);
        if options.is_empty() {
            return Err(BattleError::NotYet(super::NotYet::ZoneFull(
                self.models[model].name.clone(),
            )));
        }
        if let Choice::Deploy { model, at } = self.ask(
            players,
            Question {
                side,
                about: About::Deploy,
                options,
            },
        )? {
            self.models[model].body.at = at;
            self.deployed.push(model);
        }
        Ok(())
    }

    fn roster(&self, side: usize) -> Vec<usize> {
        (0..self.models.len())
            .filter(|&i| self.models[i].side == side)
            .collect()
    }

    /// Both sides place one model at a time, `first` first (B154, B158,
    /// B168), each in roster order.
    fn deploy_alternately(
        &mut self,
        players: &mut Players,
        first: usize,
        zones: [Zone; 2],
    ) -> Result<(), BattleError> {
        let mut queues = [0, 1].map(|s| {
            let mut q = self.roster(s);
            q.reverse();
            q
        });
        self.challenges.zones = zones.map(Some);
        let mut side = first;
        while !queues[0].is_empty() || !queues[1].is_empty() {
            if let Some(model) = queues[side].pop() {
                self.deploy_one(players, model, zones[side])?;
            }
            side = 1 - side;
        }
        Ok(())
    }

    /// One side places all its models (B161, B163).
    fn deploy_all(
        &mut self,
        players: &mut Players,
        side: usize,
        zone: Zone,
    ) -> Result<(), BattleError> {
        self.challenges.zones[side] = Some(zone);
        for model in self.roster(side) {
            self.deploy_one(players, model, zone)?;
        }
        Ok(())
    }

    /// The places just inside the edges model `m` may leave by now (B37),
    /// nearest first: carrying markers, the two nearest edges (never a
    /// Barykady Defender, B158); carrying the object, only its own edge
    /// (B166); in Duma, the opponent's short edge (B169); volunteers never;
    /// the Kurier also through the opponent's deployment zone (B172).
    pub fn exits(&self, m: usize) -> Vec<Place> {
        self.exit_ways(m).into_iter().map(|w| w.1).collect()
    }

    /// The edges of [`Battle::exits`], in the same order.
    pub fn exit_edges(&self, m: usize) -> Vec<usize> {
        self.exit_ways(m).into_iter().map(|w| w.0).collect()
    }

    /// Each way off the table of [`Battle::exits`]: its edge and place.
    pub fn exit_ways(&self, m: usize) -> Vec<(usize, Place)> {
        let me = &self.models[m];
        let size = self.table.size;
        let e = me.body.radius() + 0.01;
        let from = me.body.at;
        let (x, y) = (from.x.clamp(e, size - e), from.y.clamp(e, size - e));
        let point = |edge: usize| match edge {
            0 => Place::ground(x, e),
            1 => Place::ground(size - e, y),
            2 => Place::ground(x, size - e),
            _ => Place::ground(e, y),
        };
        let mut out: Vec<(usize, Place)> = self
            .scenario_exits(m)
            .into_iter()
            .map(|edge| (edge, point(edge)))
            .collect();
        out.extend(self.courier_exits(m));
        out
    }

    /// The edges the scenario lets model `m` leave by now.
    fn scenario_exits(&self, m: usize) -> Vec<usize> {
        let me = &self.models[m];
        if me.volunteer {
            return vec![];
        }
        let size = self.table.size;
        let from = me.body.at;
        match self.scenario {
            Scenario::Pride => self.edges[1 - me.side].into_iter().collect(),
            _ if me.object => self.edges[me.side].into_iter().collect(),
            Scenario::Barricades if self.defender == Some(me.side) => vec![],
            _ if me.carried > 0 => {
                let mut all = vec![0, 1, 2, 3];
                all.sort_by(|a, b| {
                    edge_distance(size, *a, from.x, from.y)
                        .total_cmp(&edge_distance(size, *b, from.x, from.y))
                });
                all.truncate(2);
                all
            }
            _ => vec![],
        }
    }
}
