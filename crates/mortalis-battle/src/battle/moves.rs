//! The Moves a model is offered (B28–B37): towards each marker, the object,
//! each enemy (into contact), back from the nearest enemy, the table
//! centre and the ways off the table,
//! each as far as one Move's allowance goes (or both Moves', where a climb
//! spans them), and the path a Move walks (its corners and the points the
//! reactions along it are checked at). Split from `actions.rs`.

use super::field::Goal;
use super::walk::STRIDE;
use super::{Battle, BattleError, Choice};
use crate::hyp::Hyp;
use crate::path::{Mover, Nav, Reach, Step, Traced};
use crate::sharded::{Sharded, Words};
use crate::table::{Body, Place};

impl Battle {
    /// Moves towards each marker and the object, each enemy (into
    /// contact), back from the nearest enemy ([`Battle::away_goal`]), the
    /// table centre, and the edges it may leave by ([`Battle::exits`]).
    pub(super) fn move_options(&self, m: usize, navs: &[Nav]) -> Result<Vec<Choice>, BattleError> {
        let me = &self.models[m];
        let allowance = me.allowance();
        let Some(nav) = navs.iter().find(|n| n.mover() == me.mover()) else {
            return Ok(vec![]);
        };
        if allowance <= 0.0 {
            return Ok(vec![]);
        }
        let r = me.body.radius();
        let from = me.body.at;
        let (goals, foes) = self.move_goals_and_foes(m);
        let others = self.others(m);
        let (reached, both) = self.reach_towards(m, nav, (&goals, &foes), &others)?;
        // The way each Move offered walks (`Battle::corners`).
        let (mut out, mut ways) = plain_moves(reached, &goals, &others, r, allowance);
        if out.is_empty() {
            // Ruling "Moves in a pocket" (docs/mortalis/battle.md): where no
            // Move brings the model nearer any goal, it is offered Moves in
            // eight directions instead, so that it is never stuck.
            let (escapes, escape_ways) = self.escape_moves(nav, from, allowance, &others, r);
            out.extend(escapes);
            ways.extend(escape_ways);
        }
        // B33: the Moves that jump down from a roof (battle/jumpdown.rs).
        let jumps = self.jump_down_moves(m, navs, &out)?;
        out.extend(jumps);
        // Unless a plain Move already goes there (a model a few hundredths
        // of an inch from its way off is offered that Move as well: it was
        // offered twice until session 35).
        if let Some(leave) = self.leave_from_here(m, allowance)
            && !out.contains(&leave)
        {
            out.push(leave);
        }
        if let Some((walks, total)) = both {
            both_moves(walks, total, &goals, &others, r, (&mut out, &mut ways));
        }
        *self.offered.0.borrow_mut() = Some(Offered {
            model: m,
            from,
            log: self.log.len(),
            ways,
        });
        Ok(out)
    }

    /// The searches behind [`Battle::move_options`]: the reach towards each
    /// goal, each goal judged twice ([`Battle::judges`]), and (with both
    /// Moves open) the walks across both that climb, with their inches.
    /// Remembered by everything they read but the table ([`ReachMemo`]).
    fn reach_towards(
        &self,
        m: usize,
        nav: &Nav,
        (goals, foes): (&[MoveGoal], &[Aim]),
        others: &[Body],
    ) -> Result<Searched, BattleError> {
        let me = &self.models[m];
        let allowance = me.allowance();
        let from = me.body.at;
        let places: Vec<Place> = goals.iter().chain(goals).map(|g| g.0).collect();
        // Each walking goal as its field, found once for the question
        // rather than at every place judged (the same fields).
        let store = &self.recall.fields;
        let grid = store.grid(&self.table);
        let judged: Vec<Gauge> = (self.judges(m, goals, foes).into_iter())
            .map(|j| match j {
                Judged::Straight(g) => Gauge::Straight(g),
                Judged::Edge(edge) => Gauge::Field(Goal::Edge(edge)),
                Judged::Walk(g) => Gauge::Field(grid.point(g)),
            })
            .collect();
        let gap = |k: usize, at: Place| match judged[k] {
            Gauge::Straight(g) => (at.x - g.x).hyp(at.y - g.y),
            Gauge::Field(goal) => store.distance(&self.table, goal, at),
        };
        // A floor of each gap (`Floor`): the straight line is its own; a
        // walking field's is the straight line to where its search starts
        // (`Fields::floor`).
        let floor = |k: usize, at: Place| match judged[k] {
            Gauge::Straight(g) => (at.x - g.x).hyp(at.y - g.y),
            Gauge::Field(goal) => grid.floor(goal, at),
        };
        let stuck =
            |e: crate::table::TableError| BattleError::NotYet(super::NotYet::Stuck(e.to_string()));
        // The searches are a pure function of what the key holds (the
        // table never changes): asked again, they are answered from the
        // memo (a model standing still from round to round).
        let key = reach_key(
            &from.bits(),
            nav.mover(),
            (allowance, me.both_allowances()),
            others,
            goals,
            |k| match foes.get(k) {
                Some(Aim::Foe(e)) => Some(self.models[*e].body.at),
                // Judged otherwise than a goal at the same place would be.
                Some(Aim::Away) => Some(Place::ground(-1.0, -1.0)),
                _ => None,
            },
        );
        let remembered = self.recall.reach.0.get(&key);
        Ok(match remembered {
            Some(searched) => searched,
            None => {
                // B31: with both Moves open, the walks across both that a
                // climb spanning the two makes (ruling "Climbs across both
                // Moves").
                let searched = match me.both_allowances() {
                    Some(allowances) => {
                        let [one, both] = nav
                            .reach_both_traced(
                                from,
                                allowances,
                                others,
                                &places,
                                &gap,
                                Some(&floor),
                            )
                            .map_err(stuck)?;
                        (one, Some((both, allowances.0 + allowances.1)))
                    }
                    None => (
                        nav.reach_by_traced(from, allowance, others, &places, &gap, Some(&floor))
                            .map_err(stuck)?,
                        None,
                    ),
                };
                self.recall.reach.0.insert(key, searched.clone());
                searched
            }
        })
    }

    /// How the reach towards each goal of [`Battle::move_options`] is
    /// judged: the goals first in a straight line, then again walking (to
    /// an edge, by the edge's field); of the enemies more than three Moves
    /// away, the nearest by the walking way to where it stands, the others
    /// in a straight line again.
    fn judges(&self, m: usize, goals: &[MoveGoal], foes: &[Aim]) -> Vec<Judged> {
        let me = &self.models[m];
        let (allowance, from) = (me.allowance(), me.body.at);
        // Which Moves are offered: towards each goal as far as the allowance
        // goes, "as far" judged twice — by the straight line and by the
        // walking distance round terrain (so that a Move can go round a
        // wall rather than up against it).
        let n = goals.len();
        let far = |k: usize| {
            let goal = goals[k].0;
            match foes.get(k) {
                Some(&Aim::Foe(e)) => Some(e),
                _ => None,
            }
            .filter(|_| (goal.x - from.x).hyp(goal.y - from.y) > 3.0 * allowance)
        };
        // The nearest of the enemies more than three Moves away in a
        // straight line.
        let nearest_far = (0..n).filter(|&k| far(k).is_some()).min_by(|&a, &b| {
            let d = |k: usize| (goals[k].0.x - from.x).hyp(goals[k].0.y - from.y);
            d(a).total_cmp(&d(b))
        });
        // How each goal is judged.
        let judged = |k: usize| {
            let (goal, exit) = goals[k % n];
            match exit {
                _ if k < n => Judged::Straight(goal),
                // Away from an enemy: in a straight line both times (the
                // same Move, so offered once).
                _ if foes.get(k - n) == Some(&Aim::Away) => Judged::Straight(goal),
                Some(edge) => Judged::Edge(edge),
                // Towards the nearest enemy more than three Moves away in a
                // straight line: by the walking distance to where it
                // stands (the field the AI weighs its Moves with), not to
                // the spot beside it, which moves with every step it takes;
                // towards the others, by the straight line again (the same
                // Move as the first way, so not offered twice: a field per
                // far enemy costs more than it brings).
                None if let Some(e) = far(k - n) => {
                    if Some(k - n) == nearest_far {
                        Judged::Walk(self.models[e].body.at)
                    } else {
                        Judged::Straight(goal)
                    }
                }
                None => Judged::Walk(goal),
            }
        };
        (0..2 * n).map(judged).collect()
    }

    /// The Moves as far as the allowance goes in each of eight directions
    /// (towards a point well beyond reach, judged in a straight line).
    fn escape_moves(
        &self,
        nav: &Nav,
        from: Place,
        allowance: f64,
        others: &[crate::table::Body],
        r: f64,
    ) -> (Vec<Choice>, Vec<Way>) {
        let far = allowance + 12.0;
        let places: Vec<Place> = (0..8)
            .map(|k| {
                let a = f64::from(k) * std::f64::consts::FRAC_PI_4;
                Place {
                    x: from.x + far * a.cos(),
                    y: from.y + far * a.sin(),
                    ..from
                }
            })
            .collect();
        let gap = |k: usize, at: Place| (at.x - places[k].x).hyp(at.y - places[k].y);
        let Ok(reached) = nav.reach_by_traced(from, allowance, others, &places, &gap, None) else {
            return (vec![], vec![]);
        };
        let mut out: Vec<Choice> = vec![];
        let mut ways: Vec<Way> = vec![];
        for (reach, steps) in reached.into_iter().flatten() {
            let moved = (reach.to.x - from.x).hyp(reach.to.y - from.y) >= 0.05
                || reach.to.level != from.level;
            let overlaps = overlaps_any(others, reach.to, r);
            let dup = out.iter().any(|c| {
                matches!(c, Choice::Move { to, .. }
                    if (to.x - reach.to.x).hyp(to.y - reach.to.y) < 0.05)
            });
            if moved && !overlaps && !dup {
                out.push(Choice::Move {
                    to: reach.to,
                    spent: reach.spent,
                    leave: false,
                    climbed: reach.climbed,
                    both: false,
                });
                ways.push((reach.to, reach.spent, way_corners(&steps)));
            }
        }
        (out, ways)
    }

    /// Where Moves are offered towards (B28–B37), each with the edge when
    /// it is a way off the table: each marker and the object (and the
    /// Ukryte dane marker for its owner, B173), the free spot next to each
    /// enemy nearest the model, a point straight back from the nearest
    /// enemy ([`Battle::away_goal`]), the table centre, and the ways off
    /// the table it may take ([`Battle::exit_ways`]).
    pub(super) fn move_goals(&self, m: usize) -> Vec<(Place, Option<usize>)> {
        self.move_goals_and_foes(m).0
    }

    /// [`Battle::move_goals`], and for each goal what it is ([`Aim`]: the
    /// spot beside an enemy, the point back from one, or another goal).
    #[allow(clippy::type_complexity)]
    fn move_goals_and_foes(&self, m: usize) -> (Vec<(Place, Option<usize>)>, Vec<Aim>) {
        let me = &self.models[m];
        let size = self.table.size;
        let mut goals: Vec<(Place, Option<usize>)> =
            self.markers.iter().map(|&p| (p, None)).collect();
        goals.extend(self.object.map(|p| (p, None)));
        goals.extend(self.data_goal(m).map(|p| (p, None)));
        let mut foes = vec![Aim::Goal; goals.len()];
        for e in 0..self.models.len() {
            let foe = &self.models[e];
            if foe.on_table()
                && foe.side != me.side
                && let Some(p) = self.contact_spot(m, e)
            {
                goals.push((p, None));
                foes.push(Aim::Foe(e));
            }
        }
        if let Some(p) = self.away_goal(m) {
            goals.push((p, None));
            foes.push(Aim::Away);
        }
        goals.push((Place::ground(size / 2.0, size / 2.0), None));
        goals.extend(self.exit_ways(m).into_iter().map(|(e, p)| (p, Some(e))));
        foes.resize(goals.len(), Aim::Goal);
        (goals, foes)
    }

    /// A point well beyond reach (or at the table's edge, when that comes
    /// first) straight away from the nearest enemy that is free to charge
    /// (engaged with nobody but this model, which may be leaving it after
    /// a Withdrawal), when one stands within [`AWAY_NEAR`], centre to
    /// centre (a Move back, out of its reach or its sight; ruling "A Move
    /// back" in docs/mortalis/battle.md).
    fn away_goal(&self, m: usize) -> Option<Place> {
        let me = &self.models[m];
        let from = me.body.at;
        let (e, d) = (0..self.models.len())
            .filter(|&e| {
                let f = &self.models[e];
                f.on_table() && f.side != me.side && self.engaged_with(e).iter().all(|&o| o == m)
            })
            .map(|e| {
                let at = self.models[e].body.at;
                (e, (at.x - from.x).hyp(at.y - from.y))
            })
            .min_by(|a, b| a.1.total_cmp(&b.1))?;
        if !(1e-6..=AWAY_NEAR).contains(&d) {
            return None;
        }
        let foe = self.models[e].body.at;
        let (ux, uy) = ((from.x - foe.x) / d, (from.y - foe.y) / d);
        // On the table, with room for the base by the edge: a straight walk
        // towards a point past the edge would cross it, so a Move back
        // reached only the places round the start (and none from a model
        // near the edge once the ring 1.5" out went, session 35).
        let (low, high) = (
            me.body.radius() + 0.01,
            self.table.size - me.body.radius() - 0.01,
        );
        let room = |at: f64, u: f64| match u {
            u if u > 1e-9 => (high - at) / u,
            u if u < -1e-9 => (low - at) / u,
            _ => f64::INFINITY,
        };
        let far = (me.allowance() + 12.0)
            .min(room(from.x, ux))
            .min(room(from.y, uy));
        if far < 0.05 {
            return None;
        }
        Some(Place::ground(from.x + ux * far, from.y + uy * far))
    }

    /// The free spot 0.2" from enemy `e`'s base nearest to model `m` (of
    /// eight round it), where a Move into contact with it ends.
    pub(super) fn contact_spot(&self, m: usize, e: usize) -> Option<Place> {
        let r = self.models[m].body.radius();
        let from = self.models[m].body.at;
        let foe = &self.models[e].body;
        let reach = foe.radius() + r + 0.2;
        let spot = |k: u8| {
            let a = std::f64::consts::TAU * f64::from(k) / 8.0;
            Place {
                x: foe.at.x + reach * a.cos(),
                y: foe.at.y + reach * a.sin(),
                level: foe.at.level,
            }
        };
        // Which spots a base stands on, kept for the table (`SpotMemo`).
        let level = match foe.at.level {
            crate::table::Level::Ground => u64::MAX,
            crate::table::Level::Roof(i) => i as u64,
        };
        let key = Words([
            foe.at.x.to_bits(),
            foe.at.y.to_bits(),
            level,
            reach.to_bits(),
            r.to_bits(),
        ]);
        let free = self.recall.spots.0.get_or_make(key, || {
            (0..8)
                .filter(|&k| self.table.can_stand(spot(k), r).is_ok())
                .fold(0, |bits, k| bits | 1 << k)
        });
        (0..8)
            .filter(|k| free & 1 << k != 0)
            .map(spot)
            .min_by(|a, b| {
                (a.x - from.x)
                    .hypot(a.y - from.y)
                    .total_cmp(&(b.x - from.x).hypot(b.y - from.y))
            })
    }

    /// A model already standing at the place by an edge it may leave by
    /// (no Move towards it is left to offer) crosses the edge where it
    /// stands, when its allowance covers its base (B37).
    fn leave_from_here(&self, m: usize, allowance: f64) -> Option<Choice> {
        let me = &self.models[m];
        let from = me.body.at;
        let r = me.body.radius();
        self.exits(m)
            .into_iter()
            .map(|p| (p, (p.x - from.x).hypot(p.y - from.y)))
            .find(|(p, d)| p.level == from.level && *d < 0.05 && d + r <= allowance + 1e-9)
            .map(|(to, spent)| Choice::Move {
                to,
                spent,
                leave: true,
                climbed: false,
                both: false,
            })
    }
}

impl Battle {
    /// The places a Move of `m` to `to` passes, in order, at most
    /// [`STRIDE`] apart on the ground and at the end of every climb (its
    /// way, [`Battle::corners`]).
    pub(super) fn waypoints(
        &self,
        m: usize,
        (to, spent): (Place, f64),
        navs: &[Nav],
    ) -> Vec<Place> {
        let from = self.models[m].body.at;
        let mut out = vec![];
        let mut at = from;
        for (next, walk) in self.corners(m, (to, spent), navs) {
            let len = (next.x - at.x).hypot(next.y - at.y);
            if walk && next.level == at.level && len > STRIDE {
                let n = (len / STRIDE).ceil();
                for k in 1..n as u32 {
                    let t = f64::from(k) / n;
                    out.push(Place {
                        x: at.x + (next.x - at.x) * t,
                        y: at.y + (next.y - at.y) * t,
                        level: at.level,
                    });
                }
            }
            out.push(next);
            at = next;
        }
        out
    }

    /// The corners of the path a Move of `m` to `to` takes, after its
    /// start, each with whether it is reached walking (not climbing or
    /// jumping down): the way the search that offered the Move found, while
    /// nothing has happened since ([`Battle::offered_way`]); else the
    /// shortest path round terrain, or a straight line when there is none.
    pub(super) fn corners(
        &self,
        m: usize,
        (to, spent): (Place, f64),
        navs: &[Nav],
    ) -> Vec<(Place, bool)> {
        let me = &self.models[m];
        let from = me.body.at;
        if let Some(way) = self.offered_way(m, to, spent) {
            return way;
        }
        let path = navs.iter().find(|n| n.mover() == me.mover()).and_then(|n| {
            // A Move's path is seldom longer than its allowance, or what
            // it spends across both Moves (a quick search first; the same
            // path either way).
            n.path_within(from, to, &self.others(m), me.allowance().max(spent) + 1.0)
                .ok()
                .flatten()
        });
        match path {
            Some(p) => way_corners(&p.steps),
            None => vec![(to, true)],
        }
    }

    /// The way of a Move of model `m` to `to` spending `spent`, as the
    /// search that offered it found it, while nothing has happened since
    /// (only decisions logged: the Move chosen, a declaration passed).
    fn offered_way(&self, m: usize, to: Place, spent: f64) -> Option<Vec<(Place, bool)>> {
        use super::Entry;
        let offered = self.offered.0.borrow();
        let o = offered.as_ref()?;
        let quiet = self
            .log
            .get(o.log..)?
            .iter()
            .all(|e| matches!(e, Entry::Decision { .. }));
        if o.model != m || o.from != self.models[m].body.at || !quiet {
            return None;
        }
        o.ways
            .iter()
            .find(|w| w.0 == to && w.1.to_bits() == spent.to_bits())
            .map(|w| w.2.clone())
    }
}

/// The Moves offered from the searched reaches towards the goals (each
/// goal judged twice, [`Battle::judges`]), each with its way; none onto
/// another base, none twice.
fn plain_moves(
    reached: Vec<Traced>,
    goals: &[MoveGoal],
    others: &[Body],
    r: f64,
    allowance: f64,
) -> (Vec<Choice>, Vec<Way>) {
    let mut out: Vec<Choice> = vec![];
    let mut ways: Vec<Way> = vec![];
    for (r_, (_, exit)) in reached.into_iter().zip(goals.iter().chain(goals)) {
        let edge = exit.is_some();
        let Some((reach, steps)) = r_ else { continue };
        let overlaps = overlaps_any(others, reach.to, r);
        // Off the table only when the whole base gets across the edge.
        let leave = edge && reach.arrived && reach.spent + r <= allowance + 1e-9;
        // The same Move twice (by the straight line and by walking): once.
        // Until session 22 a Move reaching a way off with too few inches
        // left to get the base across was compared as if it left, and was
        // offered twice.
        let dup = out.iter().any(|c| matches!(c, Choice::Move { to, leave: l, .. } if (to.x - reach.to.x).hyp(to.y - reach.to.y) < 0.05 && *l == leave));
        if overlaps || dup {
            continue;
        }
        out.push(Choice::Move {
            to: reach.to,
            spent: reach.spent,
            leave,
            climbed: reach.climbed,
            both: false,
        });
        ways.push((reach.to, reach.spent, way_corners(&steps)));
    }
    (out, ways)
}

/// The walks across both Moves (B31) added to the Moves offered (`total`:
/// both allowances), each with its way; none where a Move or jump-down
/// already goes, none onto another base.
fn both_moves(
    walks: Vec<Traced>,
    total: f64,
    goals: &[MoveGoal],
    others: &[Body],
    r: f64,
    (out, ways): (&mut Vec<Choice>, &mut Vec<Way>),
) {
    let edges = goals.iter().chain(goals).map(|g| g.1.is_some());
    for (walk, edge) in walks.into_iter().zip(edges) {
        let Some((reach, steps)) = walk else { continue };
        let dup = out.iter().any(|c| match c {
            Choice::Move { to, .. } | Choice::JumpDown { to, .. } => {
                (to.x - reach.to.x).hyp(to.y - reach.to.y) < 0.05 && to.level == reach.to.level
            }
            _ => false,
        });
        if dup || overlaps_any(others, reach.to, r) {
            continue;
        }
        out.push(Choice::Move {
            to: reach.to,
            spent: reach.spent,
            leave: edge && reach.arrived && reach.spent + r <= total + 1e-9,
            climbed: true,
            both: true,
        });
        ways.push((reach.to, reach.spent, way_corners(&steps)));
    }
}

/// How near (centre to centre) the nearest enemy must stand for a Move
/// back from it to be offered ([`Battle::away_goal`]): a charge (Speed 4
/// to 6, the bases and the inch of contact) and a Move more.
const AWAY_NEAR: f64 = 12.0;

/// What a goal of [`Battle::move_goals_and_foes`] is, beyond its place.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Aim {
    /// A marker, the object, the Ukryte dane marker, the centre or a way
    /// off.
    Goal,
    /// The spot beside this enemy.
    Foe(usize),
    /// A point well away from the nearest enemy.
    Away,
}

/// A place Moves are offered towards, with the edge when it is a way off
/// the table ([`Battle::move_goals`]).
type MoveGoal = (Place, Option<usize>);

/// A Move offered: where it ends, the allowance spent and the corners of
/// its way ([`Battle::corners`]).
type Way = (Place, f64, Vec<(Place, bool)>);

/// The Moves last offered ([`Battle::move_options`]) and their ways: the
/// model, where it stood, the log's length then, and each Move's way.
#[derive(Debug)]
pub(super) struct Offered {
    model: usize,
    from: Place,
    log: usize,
    ways: Vec<Way>,
}

/// The ways of the Moves last offered, kept so that the Move chosen walks
/// the way its reach was found by rather than searching it again (a copy
/// of the battle starts without them).
#[derive(Debug, Default)]
pub(super) struct OfferedCache(pub(super) std::cell::RefCell<Option<Offered>>);

impl Clone for OfferedCache {
    fn clone(&self) -> Self {
        OfferedCache::default()
    }
}

/// What one Move search of [`Battle::move_options`] found: the reach
/// towards each goal (twice: by the straight line and by the walking
/// distance), and with both Moves open the walks across both and their
/// allowance.
type Searched = (Vec<Traced>, Option<(Vec<Traced>, f64)>);

/// The searches [`Battle::move_options`] made, by everything they depend
/// on besides the table ([`reach_key`], after the start's place): the
/// mover (whose navigation on this battle's table searched), the
/// allowances, the other bases, the goals and where the enemies behind
/// them stand. Kept for one table ([`super::recall::Recall`]).
#[derive(Debug)]
pub(super) struct ReachMemo(Sharded<Vec<u64>, Searched>);

/// The jump-down Moves' searches (`Battle::jump_down_moves`), by the
/// start, the Akrobata skill, the base and a [`reach_key`]: each reach that
/// jumps down, with whether its drops are clear, worked out the first time
/// it is asked (only a reach no plain Move offered already is). Kept for
/// one table.
#[derive(Debug)]
pub(super) struct JumpMemo(pub(super) Sharded<Vec<u64>, Vec<JumpFound>>);

/// A reach of [`JumpMemo`] and whether its drops are clear, once asked
/// (shared by every copy the memo hands out).
pub(super) type JumpFound = (Reach, std::sync::Arc<std::sync::OnceLock<bool>>);

impl Default for JumpMemo {
    fn default() -> Self {
        JumpMemo(Sharded::new(REACH_SHARDS, REACH_MEMO_MAX / REACH_SHARDS))
    }
}

impl Default for ReachMemo {
    fn default() -> Self {
        ReachMemo(Sharded::new(REACH_SHARDS, REACH_MEMO_MAX / REACH_SHARDS))
    }
}

/// How many locks the searches are spread over, and how many are kept at
/// most (each lock starts afresh when it holds its share).
const REACH_SHARDS: usize = 16;
const REACH_MEMO_MAX: usize = 2048;

/// The key of a Move search, but for its start: the mover (every field:
/// the navigation searched is the one built for it), the allowance and
/// both Moves' allowances, the other bases, each goal with its edge, and
/// where the enemy behind goal `k` stands (`foe(k)`; for the point back
/// from an enemy, a place no model stands on, so that it is told from a
/// plain goal there).
///
/// The key begins with `prefix` (what the caller keys by besides), and is
/// made at its full size at once: it is made at every Move question, and
/// grown push by push it was reallocated some five times (session 40).
pub(super) fn reach_key(
    prefix: &[u64],
    mover: Mover,
    (allowance, both): (f64, Option<(f64, f64)>),
    others: &[Body],
    goals: &[MoveGoal],
    foe: impl Fn(usize) -> Option<Place>,
) -> Vec<u64> {
    let flags =
        u64::from(mover.climbs) | u64::from(mover.jump_down) << 1 | u64::from(mover.dangerous) << 2;
    // The prefix, five words, up to three for both Moves, one for the
    // count of others, five per other base and up to seven per goal.
    let mut key = Vec::with_capacity(prefix.len() + 9 + 5 * others.len() + 7 * goals.len());
    key.extend_from_slice(prefix);
    key.extend([
        mover.radius.to_bits(),
        mover.climb_rate.to_bits(),
        mover.jump_max.to_bits(),
        flags,
        allowance.to_bits(),
    ]);
    match both {
        Some((a, b)) => key.extend([1, a.to_bits(), b.to_bits()]),
        None => key.push(0),
    }
    key.push(others.len() as u64);
    for o in others {
        key.extend(o.at.bits());
        key.extend([o.base.to_bits(), o.height.to_bits()]);
    }
    for (k, &(goal, edge)) in goals.iter().enumerate() {
        key.extend(goal.bits());
        key.push(edge.map_or(u64::MAX, |e| e as u64));
        match foe(k) {
            Some(at) => key.extend(at.bits()),
            None => key.push(u64::MAX),
        }
    }
    key
}

/// The corners of a way's steps, each with whether it is reached walking.
fn way_corners(steps: &[Step]) -> Vec<(Place, bool)> {
    steps
        .iter()
        .map(|s| match s {
            Step::Walk { to, .. } => (*to, true),
            Step::Climb { to, .. } | Step::JumpDown { to, .. } => (*to, false),
        })
        .collect()
}

/// Whether a base of radius `r` at `to` would overlap one of `others`.
pub(super) fn overlaps_any(others: &[crate::table::Body], to: Place, r: f64) -> bool {
    others.iter().any(|o| {
        o.at.level == to.level && (o.at.x - to.x).hyp(o.at.y - to.y) < o.radius() + r - 1e-6
    })
}

/// How a Move's search judges how near a place is to a goal.
#[derive(Clone, Copy)]
enum Judged {
    /// In a straight line.
    Straight(Place),
    /// Walking to a table edge.
    Edge(usize),
    /// Walking to a place.
    Walk(Place),
}

/// What a [`Judged`] way is measured with: the straight line to a place,
/// or a walking field.
#[derive(Clone, Copy)]
enum Gauge {
    Straight(Place),
    Field(Goal),
}
