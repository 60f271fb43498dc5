//! One movement phase: orders, pass I (checking and overstacking) and pass II
//! (pairwise voting, unstacking and moonwalking), as `docs/rules/movement.md`
//! describes step by step.
//!
//! Every "may this group …" question goes through a [`Capabilities`] value, so spells
//! and abilities change what happens here without touching this file.

use std::cmp::Ordering;

use crate::groups::{Capabilities, Control, Field, Group, StandardRules};
use crate::player::{Player, Side};
use crate::rng::GameRng;
use crate::square::{CELLS, Square};
use crate::terrain::Hazard;

mod pass_two;
mod setback;
pub use setback::{Blocked, Setback, TieBreak};

/// An order written over a group's movement order by a spell or a before-movement effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Forced {
    /// The movement order is cancelled (Binding Cube, Fear, Sentinel, …).
    Cancel,
    /// The group moves in a random legal direction (Amok, Disorient, Fingle, …).
    Random,
    /// The group is drawn to this square (Mirage, Siren Song).
    To(Square),
}

/// A group as it stands at the start of the phase, with everything that writes its order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhaseGroup {
    pub group: Group,
    pub at: Square,
    /// The player's movement order: a destination, or none.
    pub order: Option<Square>,
    /// Written over the order during spell execution.
    pub spell: Option<Forced>,
    /// Written over the order by a before-movement effect.
    pub before_movement: Option<Forced>,
    /// Where the movement AI heads instead of the nearest hostile group (Belvario's
    /// Horn calls monsters to a recruit).
    pub goal: Option<Square>,
}

/// Everything one movement phase needs. Groups are listed, for each player, in that
/// player's movement-orders sequence (for neutral groups: their creation order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phase {
    pub field: Field,
    pub initiative: Side,
    pub seed: u64,
    pub groups: Vec<PhaseGroup>,
}

/// What happened to a group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// No order (or a bot stop): it stayed where it was.
    Stood,
    /// It ended in another square than the one it started in, by walking there.
    Moved,
    /// It had an order but ended where it started.
    Bounced,
    /// It joined another group and no longer exists on its own.
    Joined,
    /// It was pushed to the nearest free square it could enter.
    Moonwalked,
    /// It died (terrain) or found no moonwalk square and left the game.
    Removed,
}

impl Outcome {
    pub const fn name(self) -> &'static str {
        match self {
            Outcome::Stood => "stood",
            Outcome::Moved => "moved",
            Outcome::Bounced => "bounced",
            Outcome::Joined => "joined",
            Outcome::Moonwalked => "moonwalked",
            Outcome::Removed => "removed",
        }
    }
}

/// The result for one input group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupOutcome {
    pub name: String,
    /// Where it stands after the phase; `None` when it joined, died or was removed.
    pub at: Option<Square>,
    pub outcome: Outcome,
    /// Index (in the phase's group list) of the group it joined.
    pub into: Option<usize>,
    /// Minions after the phase; 0 when it joined another group, died or was removed.
    pub size: usize,
    /// Minions of this group killed by terrain during the phase.
    pub killed: usize,
    /// Minions that left the game with the group because no moonwalk square existed.
    pub removed: usize,
    /// Why it bounced (or was pushed out of a square it lost); `None` when nothing
    /// stood in its way.
    pub setback: Option<Setback<usize>>,
}

/// The outcome of a phase: one entry per input group, in input order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolution {
    pub groups: Vec<GroupOutcome>,
    /// The groups after the phase, `None` for those that are gone.
    pub final_groups: Vec<Option<Group>>,
    /// A readable, step-by-step account (empty unless asked for).
    pub trace: Vec<String>,
}

/// Whether `to` is a square a group standing on `from` may be ordered to: one square
/// orthogonally, or two in a straight orthogonal line when `from` is rapid terrain
/// (ice). Entry conditions are not checked here: pass I checks them.
pub fn reachable(field: &Field, from: Square, to: Square) -> bool {
    if !field.board().is_playable(to) {
        return false;
    }
    if from.is_orthogonal_to(to) {
        return true;
    }
    field.terrain(from).rules().rapid && straight_two(from, to).is_some()
}

/// Whether `g` may be ordered from `from` to `to`: a square [`reachable`] from there,
/// or, for a group that moves two (Fleetness, Forced March: the capability layer's
/// `moves_two`), two squares in a straight orthogonal line on any terrain.
pub fn reachable_by(field: &Field, g: &Group, from: Square, to: Square) -> bool {
    use crate::groups::Capabilities;
    reachable(field, from, to)
        || (StandardRules.moves_two(g)
            && field.board().is_playable(to)
            && straight_two(from, to).is_some())
}

/// The middle square of a two-square straight orthogonal move.
fn straight_two(from: Square, to: Square) -> Option<Square> {
    let (dc, dr) = (to.c as i32 - from.c as i32, to.r as i32 - from.r as i32);
    if (dc.abs() == 2 && dr == 0) || (dr.abs() == 2 && dc == 0) {
        Square::from_signed(from.c as i32 + dc / 2, from.r as i32 + dr / 2)
    } else {
        None
    }
}

impl Phase {
    /// Resolves the phase with the standard rules.
    pub fn resolve(&self, trace: bool) -> Resolution {
        self.resolve_with(&StandardRules, trace)
    }

    /// Resolves the phase asking `caps` every capability question.
    pub fn resolve_with<C: Capabilities>(&self, caps: &C, trace: bool) -> Resolution {
        let groups = self.groups.iter().map(|g| g.group.clone()).collect();
        Work::new(self, caps, trace, groups).run()
    }

    /// Resolves the phase with the standard rules, moving the groups into the
    /// resolution instead of copying them (the game engine's way: it does not need the
    /// phase afterwards). The phase keeps each group's square and orders.
    pub fn resolve_owned(mut self, trace: bool) -> (Resolution, Phase) {
        let groups = self
            .groups
            .iter_mut()
            .map(|g| std::mem::replace(&mut g.group, Group::vacant()))
            .collect();
        let res = Work::new(&self, &StandardRules, trace, groups).run();
        (res, self)
    }
}

struct Work<'a, C> {
    phase: &'a Phase,
    caps: &'a C,
    rng: GameRng,
    groups: Vec<Group>,
    start: Vec<Square>,
    pos: Vec<Option<Square>>,
    order: Vec<Option<Square>>,
    seq: Vec<u32>,
    stationary: Vec<bool>,
    bounced: Vec<bool>,
    setback: Vec<Option<Setback<usize>>>,
    done: Vec<Option<Outcome>>,
    into: Vec<Option<usize>>,
    paid: Vec<Option<Square>>,
    killed: Vec<usize>,
    removed: Vec<usize>,
    /// Pass I: every group in each square.
    occ: Vec<Vec<usize>>,
    /// Pass II: the group that holds each square so far.
    holder: Vec<Option<usize>>,
    /// Pass II: groups still to vote in each square, best-ranked first.
    pending: Vec<Vec<usize>>,
    trace: Option<Vec<String>>,
}

impl<'a, C: Capabilities> Work<'a, C> {
    fn run(mut self) -> Resolution {
        self.give_orders();
        self.pass_one();
        self.pass_two();
        self.finish()
    }

    fn new(phase: &'a Phase, caps: &'a C, trace: bool, groups: Vec<Group>) -> Self {
        let n = phase.groups.len();
        let mut seq = vec![0u32; n];
        for owner in Player::ALL {
            let mut mine: Vec<usize> = (0..n).filter(|&i| groups[i].owner == owner).collect();
            if owner == Player::Neutral {
                mine.sort_by_key(|&i| (groups[i].age, i));
            }
            for (k, &i) in mine.iter().enumerate() {
                seq[i] = k as u32;
            }
        }
        let mut occ = vec![Vec::new(); CELLS];
        for (i, pg) in phase.groups.iter().enumerate() {
            occ[pg.at.index()].push(i);
        }
        Work {
            phase,
            caps,
            rng: GameRng::from_seed(phase.seed),
            groups,
            start: phase.groups.iter().map(|g| g.at).collect(),
            pos: phase.groups.iter().map(|g| Some(g.at)).collect(),
            order: vec![None; n],
            seq,
            stationary: vec![true; n],
            bounced: vec![false; n],
            setback: vec![None; n],
            done: vec![None; n],
            into: vec![None; n],
            paid: vec![None; n],
            killed: vec![0; n],
            removed: vec![0; n],
            occ,
            holder: vec![None; CELLS],
            pending: vec![Vec::new(); CELLS],
            trace: trace.then(Vec::new),
        }
    }

    fn field(&self) -> &'a Field {
        &self.phase.field
    }

    fn note(&mut self, f: impl FnOnce(&Self) -> String) {
        if self.trace.is_some() {
            let line = f(self);
            if let Some(t) = self.trace.as_mut() {
                t.push(line);
            }
        }
    }

    fn name(&self, g: usize) -> &str {
        &self.groups[g].name
    }

    fn hostile_at_start(&self, g: usize, s: Square) -> bool {
        self.occ[s.index()]
            .iter()
            .any(|&k| k != g && !self.groups[k].is_friendly_to(&self.groups[g]))
    }

    // ---- orders -------------------------------------------------------------------

    /// Orders in the overwrite sequence: player orders, spell execution,
    /// before-movement effects, and last the movement AI of computer-controlled groups.
    fn give_orders(&mut self) {
        let n = self.groups.len();
        for g in 0..n {
            self.order[g] = self.phase.groups[g].order;
            if let Some(to) = self.order[g] {
                self.note(|w| format!("orders: {} → {to} (player order)", w.name(g)));
            }
        }
        for layer in ["spell", "before-movement effect"] {
            for g in 0..n {
                let pg = &self.phase.groups[g];
                let forced = if layer == "spell" {
                    pg.spell
                } else {
                    pg.before_movement
                };
                if let Some(f) = forced {
                    self.order[g] = self.forced_order(g, f);
                    let o = self.order[g];
                    self.note(|w| {
                        format!(
                            "orders: {} → {} ({layer}: {})",
                            w.name(g),
                            o.map_or("no order".to_string(), |s| s.to_string()),
                            match f {
                                Forced::Cancel => "order cancelled",
                                Forced::Random => "random legal direction",
                                Forced::To(_) => "attracted",
                            }
                        )
                    });
                }
            }
        }
        for g in 0..n {
            if self.groups[g].control == Control::Computer || self.groups[g].effects.driven {
                self.order[g] = self.movement_ai(g);
                let o = self.order[g];
                self.note(|w| {
                    format!(
                        "orders: {} → {} (movement AI)",
                        w.name(g),
                        o.map_or("stand".to_string(), |s| s.to_string())
                    )
                });
            }
        }
    }

    fn forced_order(&mut self, g: usize, f: Forced) -> Option<Square> {
        match f {
            Forced::Cancel => None,
            Forced::To(s) => Some(s),
            Forced::Random => {
                let from = self.start[g];
                let options: Vec<Square> = from
                    .orthogonal()
                    .filter(|&s| {
                        self.caps.can_enter(self.field(), &self.groups[g], s)
                            && !self.hostile_at_start(g, s)
                    })
                    .collect();
                self.rng.choose(&options).copied()
            }
        }
    }

    /// The movement AI of a computer-controlled group: see the rulings for the details.
    /// It stands when it cannot move or exit, or when a hostile group is next to it
    /// (orthogonally or diagonally); otherwise it takes the orthogonal step that brings
    /// it strictly closer to the nearest hostile group, among steps into squares it can
    /// enter, that hold no group at the start of the phase and do it no harm. Equal
    /// steps are drawn with the phase's generator.
    fn movement_ai(&mut self, g: usize) -> Option<Square> {
        let field = self.field();
        let me = &self.groups[g];
        let from = self.start[g];
        if !self.caps.can_move(field, me) || !self.caps.can_exit(field, me, from) {
            return None;
        }
        let nearest = (0..self.groups.len())
            .filter(|&k| !self.groups[k].is_friendly_to(me) && k != g)
            .map(|k| self.start[k])
            .min_by_key(|&s| (from.distance_sq(s), s.r, s.c));
        let target = self.phase.groups[g].goal.or(nearest)?;
        if (0..self.groups.len()).any(|k| {
            k != g && !self.groups[k].is_friendly_to(me) && {
                let s = self.start[k];
                s == from || s.is_orthogonal_to(from) || s.is_diagonal_to(from)
            }
        }) {
            return None;
        }
        let now = from.distance_sq(target);
        let steps: Vec<Square> = from
            .orthogonal()
            .filter(|&s| {
                self.caps.can_enter(field, me, s)
                    && self.caps.hazard_on_enter(field, me, s) == Hazard::None
                    && self.occ[s.index()].is_empty()
                    && s.distance_sq(target) < now
            })
            .collect();
        let best = steps.iter().map(|s| s.distance_sq(target)).min()?;
        let best: Vec<Square> = steps
            .into_iter()
            .filter(|s| s.distance_sq(target) == best)
            .collect();
        if best.len() == 1 {
            Some(best[0])
        } else {
            self.rng.choose(&best).copied()
        }
    }

    // ---- pass I -------------------------------------------------------------------

    fn pass_one_sequence(&self) -> Vec<usize> {
        let init = Player::from(self.phase.initiative);
        let non = Player::from(self.phase.initiative.opponent());
        let mut out = Vec::with_capacity(self.groups.len());
        for owner in [init, non, Player::Neutral] {
            for control in [Control::Player, Control::Computer] {
                let mut mine: Vec<usize> = (0..self.groups.len())
                    .filter(|&i| self.groups[i].owner == owner && self.groups[i].control == control)
                    .collect();
                mine.sort_by_key(|&i| self.seq[i]);
                out.extend(mine);
            }
        }
        out
    }

    fn pass_one(&mut self) {
        for g in self.pass_one_sequence() {
            let from = self.start[g];
            let Some(to) = self.order[g] else {
                continue;
            };
            let group = &self.groups[g];
            if group.owner == Player::Neutral && group.control == Control::Player {
                self.note(|w| format!("pass I: {} stays (bot stop)", w.name(g)));
                self.order[g] = None;
                continue;
            }
            match self.check(g, from, to) {
                Err(why) => {
                    self.bounced[g] = true;
                    self.setback[g] = Some(Setback::Blocked { blocked: why });
                    self.note(|w| {
                        format!(
                            "pass I: {} {from} → {to}: bounces, stands still ({why})",
                            w.name(g)
                        )
                    });
                }
                Ok(()) => {
                    self.occ[from.index()].retain(|&k| k != g);
                    self.occ[to.index()].push(g);
                    self.pos[g] = Some(to);
                    self.stationary[g] = false;
                    self.note(|w| {
                        let others: Vec<&str> = w.occ[to.index()]
                            .iter()
                            .filter(|&&k| k != g)
                            .map(|&k| w.name(k))
                            .collect();
                        if others.is_empty() {
                            format!("pass I: {} {from} → {to}", w.name(g))
                        } else {
                            format!(
                                "pass I: {} {from} → {to}, overstacks with {}",
                                w.name(g),
                                others.join(", ")
                            )
                        }
                    });
                }
            }
        }
    }

    /// I.a: the four checks, plus the middle square of a two-square move.
    fn check(&self, g: usize, from: Square, to: Square) -> Result<(), Blocked> {
        let field = self.field();
        let me = &self.groups[g];
        if !self.caps.can_move(field, me) {
            return Err(Blocked::CannotMove);
        }
        if !self.caps.can_exit(field, me, from) {
            return Err(Blocked::CannotExit { at: from });
        }
        let striding = self.caps.moves_two(me) && straight_two(from, to).is_some();
        if !reachable(field, from, to) && !striding {
            return Err(Blocked::TooFar { at: to });
        }
        if let Some(mid) = straight_two(from, to) {
            if !self.caps.can_enter(field, me, mid) {
                return Err(Blocked::CannotPassThrough { at: mid });
            }
            if self.hostile_at(g, mid) {
                return Err(Blocked::HostileOnTheWay { at: mid });
            }
        }
        if !self.caps.can_enter(field, me, to) {
            return Err(Blocked::CannotEnter {
                at: to,
                terrain: field.terrain(to),
                structure: field.structure(to).map(|st| st.kind),
            });
        }
        if self.hostile_at(g, to) {
            return Err(Blocked::HostileThere { at: to });
        }
        Ok(())
    }

    fn hostile_at(&self, g: usize, s: Square) -> bool {
        self.occ[s.index()]
            .iter()
            .any(|&k| !self.groups[k].is_friendly_to(&self.groups[g]))
    }

    // ---- pass II ------------------------------------------------------------------

    fn owner_rank(&self, p: Player) -> u8 {
        // The exceptional sequence: initiative, neutral, non-initiative.
        match p.side() {
            Some(s) if s == self.phase.initiative => 0,
            None => 1,
            Some(_) => 2,
        }
    }

    /// Does `a` beat `b` in a vote, and on which tie-break?
    fn beats(&self, a: usize, b: usize) -> (bool, TieBreak) {
        if self.stationary[a] != self.stationary[b] {
            return (self.stationary[a], TieBreak::Stationary);
        }
        let (ra, rb) = (
            self.owner_rank(self.groups[a].owner),
            self.owner_rank(self.groups[b].owner),
        );
        if ra != rb {
            return (ra < rb, TieBreak::Initiative);
        }
        let (sa, sb) = (self.groups[a].size(), self.groups[b].size());
        if sa != sb {
            return (sa > sb, TieBreak::Larger);
        }
        (self.seq[a] < self.seq[b], TieBreak::Sequence)
    }

    fn rank_cmp(&self, a: usize, b: usize) -> Ordering {
        if a == b {
            Ordering::Equal
        } else if self.beats(a, b).0 {
            Ordering::Less
        } else {
            Ordering::Greater
        }
    }

    fn finish(mut self) -> Resolution {
        let n = self.groups.len();
        let mut out = Vec::with_capacity(n);
        let mut final_groups = Vec::with_capacity(n);
        let groups = std::mem::take(&mut self.groups);
        for (g, group) in groups.into_iter().enumerate() {
            let outcome = match self.done[g] {
                Some(o) => o,
                None => match self.pos[g] {
                    Some(p) if p != self.start[g] => Outcome::Moved,
                    _ if self.bounced[g] => Outcome::Bounced,
                    _ => Outcome::Stood,
                },
            };
            let alive = self.pos[g].is_some();
            out.push(GroupOutcome {
                name: group.name.clone(),
                at: self.pos[g],
                outcome,
                into: self.final_host(g),
                size: if alive { group.size() } else { 0 },
                killed: self.killed[g],
                removed: self.removed[g],
                setback: self.setback[g],
            });
            final_groups.push(alive.then_some(group));
        }
        Resolution {
            groups: out,
            final_groups,
            trace: self.trace.unwrap_or_default(),
        }
    }
}

#[cfg(test)]
mod tests;
