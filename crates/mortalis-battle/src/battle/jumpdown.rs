//! Jumping down (B33) and the fall that follows a failed jump (B34).
//!
//! A jump-down from a height succeeds when 2k6 beats the height in whole
//! inches plus 2 (Akrobata, B99: plus 1), so from 10" (Akrobata 11") it
//! always fails. A failed jump is a fall from the same height: a second
//! 2k6 lower than the height plus 2 (Sztuka spadania, B100: lower than the
//! height) takes the model out with no Resilience test (Q18: whole inches
//! for falls too). Moves that jump down, forced moves with no other way
//! out (B89) and "Raz kozie śmierć!" (B83) all go through
//! `Battle::jump_down`.

use mortalis_rules::skills::Skill;

use super::{Battle, BattleError, Choice, Event, Players, walk};
use crate::path::{Mover, Nav, Step};
use crate::table::Place;

/// Ways 2k6 make each total 2..=12 (index = total).
const WAYS: [u32; 13] = [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

/// The smallest 2k6 total with which a jump-down from `height` inches
/// succeeds (B33): one more than the whole inches plus 2 (Akrobata plus 1).
/// 13 or more: it cannot succeed.
pub fn jump_down_needs(height: f64, acrobat: bool) -> u32 {
    whole_inches(height) + if acrobat { 1 } else { 2 } + 1
}

/// The smallest 2k6 total with which a model survives a fall from `height`
/// inches (B34): the total must not be lower than the whole inches plus 2
/// (Sztuka spadania: plus 0).
pub fn fall_needs(height: f64, art_of_falling: bool) -> u32 {
    whole_inches(height) + if art_of_falling { 0 } else { 2 }
}

/// The exact chance that a jump-down from `height` succeeds (B33).
pub fn jump_down_chance(height: f64, acrobat: bool) -> f64 {
    at_least(jump_down_needs(height, acrobat))
}

/// The exact chance that a model survives a fall from `height` (B34).
pub fn fall_chance(height: f64, art_of_falling: bool) -> f64 {
    at_least(fall_needs(height, art_of_falling))
}

/// The exact chance that a model jumping down from `height` is still on
/// the table after it: it lands, or it fails and survives the fall.
pub fn jump_down_survival(height: f64, acrobat: bool, art_of_falling: bool) -> f64 {
    let p = jump_down_chance(height, acrobat);
    p + (1.0 - p) * fall_chance(height, art_of_falling)
}

/// [`jump_down_survival`] for model `me`, with its own skills.
pub(super) fn survival_of(me: &super::Fighter, height: f64) -> f64 {
    jump_down_survival(
        height,
        me.skills.contains(&Skill::Acrobat),
        me.skills.contains(&Skill::ArtOfFalling),
    )
}

/// The height in whole inches (B33, Q18), never below 0; a height that is
/// not a number counts as 0 (no table allows one).
fn whole_inches(height: f64) -> u32 {
    if height.is_finite() && height > 0.0 {
        // Table heights are at most 24"; the cast cannot overflow.
        height.floor().min(1000.0) as u32
    } else {
        0
    }
}

/// The chance that 2k6 make at least `total`.
fn at_least(total: u32) -> f64 {
    let ways: u32 = (total.max(2)..=12).map(|t| WAYS[t as usize]).sum();
    f64::from(ways) / 36.0
}

/// How a jump-down ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Landing {
    /// The roll beat the height: it lands below unharmed, no allowance
    /// spent for the drop.
    Landed,
    /// The roll failed and the fall did not take it out: it lands below
    /// (Q18: a Move goes on).
    Fell,
    /// The roll failed and the fall took it out (removed, no Resilience
    /// test).
    Out,
}

impl Battle {
    /// Model `m` jumps down from `height` inches (B33): its side rolls 2k6
    /// ("jump down"); a failure is a fall from that height (B34, the
    /// second roll "fall"), which may take it out. Credit for a take-out:
    /// none (Q35: a fall the faller chose). The caller puts the model
    /// below before or after; this only rolls and removes.
    pub(super) fn jump_down(
        &mut self,
        players: &mut Players,
        m: usize,
        height: f64,
    ) -> Result<Landing, BattleError> {
        let side = self.models[m].side;
        let acrobat = self.models[m].skills.contains(&Skill::Acrobat);
        let roll = u32::from(self.roll_2d6(players, "jump down", side)?);
        if roll >= jump_down_needs(height, acrobat) {
            return Ok(Landing::Landed);
        }
        self.fall(players, m, height.max(0.0).floor(), None)?;
        Ok(if self.models[m].on_table() {
            Landing::Fell
        } else {
            Landing::Out
        })
    }
}

/// What the path of a jump-down Move is first searched within beyond its
/// allowance (`Nav::path_within`, whose answer never depends on it). A
/// Move's way mostly spends the whole allowance, and a search cut exactly
/// there finds it only when it costs clearly less, so it was searched again
/// over the whole table (until session 31: 31% of the instructions of 40
/// battles on generated tables with roofs went there).
const GUESS_ROOM: f64 = 1.0;

/// The mover model `m`'s jump-down Moves are searched with: its own, with
/// jump-downs allowed.
pub(super) fn jump_mover(mover: Mover) -> Mover {
    Mover {
        jump_down: true,
        ..mover
    }
}

/// The jump-downs of a path, in order: where the model stands at the edge,
/// where it lands, the height.
fn drops(from: Place, steps: &[Step]) -> Vec<(Place, Place, f64)> {
    let mut at = from;
    let mut out = vec![];
    for step in steps {
        match step {
            Step::Walk { to, .. } | Step::Climb { to, .. } => at = *to,
            Step::JumpDown { to, height, .. } => {
                out.push((at, *to, *height));
                at = *to;
            }
        }
    }
    out
}

impl Battle {
    /// The jump-down Moves of model `m` (B33): for a model on a roof, each
    /// goal of its plain Moves ([`Battle::move_goals`]) searched again with
    /// jump-downs allowed; offered when that way jumps down, ends somewhere
    /// no plain Move in `plain` ends, and every drop on it can succeed
    /// (ruling "Jump-downs in a Move": a certain failure is not offered).
    pub(super) fn jump_down_moves(
        &self,
        m: usize,
        navs: &[Nav],
        plain: &[Choice],
    ) -> Result<Vec<Choice>, BattleError> {
        let me = &self.models[m];
        let from = me.body.at;
        let allowance = me.allowance();
        let mover = jump_mover(me.mover());
        if from.level == crate::table::Level::Ground || allowance <= 0.0 {
            return Ok(vec![]);
        }
        let Some(nav) = navs.iter().find(|n| n.mover() == mover) else {
            return Ok(vec![]);
        };
        let acrobat = me.skills.contains(&Skill::Acrobat);
        let r = me.body.radius();
        let others = self.others(m);
        let goals = self.move_goals(m);
        // What the searches found is a pure function of what the key holds
        // (the table never changes): a model standing still on a roof asks
        // them again and again.
        let [x, y, level] = from.bits();
        let key = super::moves::reach_key(
            &[x, y, level, u64::from(acrobat), r.to_bits()],
            mover,
            (allowance, None),
            &others,
            &goals,
            |_| None,
        );
        let candidates = match self.recall.jumps.0.get(&key) {
            Some(found) => found,
            None => {
                let places: Vec<Place> = goals.iter().map(|g| g.0).collect();
                let found =
                    self.jump_candidates(nav, (from, allowance, r), &others, &places, acrobat)?;
                self.recall.jumps.0.insert(key, found.clone());
                found
            }
        };
        let near = |a: Place, b: Place| a.level == b.level && (a.x - b.x).hypot(a.y - b.y) < 0.05;
        let mut out: Vec<Choice> = vec![];
        for (reach, clear) in candidates {
            let taken = plain
                .iter()
                .chain(&out)
                .any(|c| matches!(c, Choice::Move { to, .. } | Choice::JumpDown { to, .. } if near(*to, reach.to)));
            if taken
                || !*clear
                    .get_or_init(|| self.drops_clear(nav, from, reach.to, (allowance, r), &others))
            {
                continue;
            }
            out.push(Choice::JumpDown {
                to: reach.to,
                spent: reach.spent,
                height: reach.dropped,
                climbed: reach.climbed,
            });
        }
        Ok(out)
    }

    /// The reaches of [`Battle::jump_down_moves`] before the Moves already
    /// offered are taken out: each reach towards a goal that leaves the
    /// roof by a jump-down it may survive, onto no other base, with room
    /// for whether the edges it drops from and the spots below are clear
    /// ([`Battle::drops_clear`], asked only of a reach still offered).
    fn jump_candidates(
        &self,
        nav: &Nav,
        (from, allowance, r): (Place, f64, f64),
        others: &[crate::table::Body],
        goals: &[Place],
        acrobat: bool,
    ) -> Result<Vec<super::moves::JumpFound>, BattleError> {
        let reached = nav
            .reach(from, allowance, others, goals)
            .map_err(|e| BattleError::NotYet(super::NotYet::Stuck(e.to_string())))?;
        let mut out = vec![];
        for reach in reached.into_iter().flatten() {
            // A way that ends on the roof it starts on drops nowhere (none
            // worth its roll jumps down and climbs back).
            let stays = reach.to.level == from.level;
            if stays || super::moves::overlaps_any(others, reach.to, r) {
                continue;
            }
            // The search says how high the way drops (0: it does not).
            let height = reach.dropped;
            if height <= 0.0 || jump_down_chance(height, acrobat) <= 0.0 {
                continue;
            }
            // The model stands at each edge for its roll, and below it:
            // never on another model's base (bases on a roof do not stop
            // the path search, docs/mortalis/battle.md); asked later.
            out.push((reach, Default::default()));
        }
        Ok(out)
    }

    /// Whether the way `jump_down_move` walks from `from` to `to` has each
    /// edge it drops from, and each spot below, clear of `others`' bases.
    fn drops_clear(
        &self,
        nav: &Nav,
        from: Place,
        to: Place,
        (allowance, r): (f64, f64),
        others: &[crate::table::Body],
    ) -> bool {
        let Ok(Some(path)) = nav.path_within(from, to, others, allowance + GUESS_ROOM) else {
            return false;
        };
        drops(from, &path.steps).iter().all(|&(edge, land, _)| {
            !super::moves::overlaps_any(others, edge, r)
                && !super::moves::overlaps_any(others, land, r)
        })
    }

    /// Carries out a jump-down Move (B33) of model `m` to `to`: it walks to
    /// each edge on its way (interceptions and Shots from hiding as on any
    /// Move), rolls the jump there ([`Battle::jump_down`]), lands below,
    /// and goes on (Q18: also after a fall it survives).
    pub(super) fn jump_down_move(
        &mut self,
        players: &mut Players,
        m: usize,
        (to, spent, climbed): (Place, f64, bool),
        navs: &[Nav],
    ) -> Result<(), BattleError> {
        let before = self.engaged_with(m);
        let from = self.models[m].body.at;
        let mover = jump_mover(self.models[m].mover());
        let allowance = self.models[m].allowance();
        let nav = navs
            .iter()
            .find(|n| n.mover() == mover)
            .ok_or_else(|| BattleError::Rules("no way to jump down is known".into()))?;
        let path = nav
            .path_within(from, to, &self.others(m), allowance + GUESS_ROOM)
            .ok()
            .flatten()
            .ok_or_else(|| BattleError::Rules("the jump-down Move is no longer legal".into()))?;
        self.models[m].climbed |= climbed;
        let mut by = None;
        let mut end = to;
        // Each stretch walked (to an edge, then to the end), with the drop
        // after it.
        let legs = drops(from, &path.steps)
            .into_iter()
            .map(|(edge, land, height)| (edge, Some((land, height))))
            .chain(std::iter::once((to, None)));
        for (target, drop) in legs {
            match self.walk(players, m, (target, 0.0), navs, true)? {
                walk::Walked::Done => {}
                walk::Walked::Stopped { at, by: b } => {
                    (end, by) = (at, Some(b));
                    break;
                }
                walk::Walked::Removed => {
                    self.take_slot(m, true);
                    return Ok(());
                }
            }
            let Some((land, height)) = drop else { break };
            // At the edge, then below it, where the roll decides whether
            // it lands or falls (a model taken out leaves its markers
            // below).
            for (at, rolled) in [(target, false), (land, true)] {
                self.models[m].body.at = at;
                self.event(Event::Moved {
                    model: m,
                    to: at,
                    spent: 0.0,
                    both: false,
                });
                if rolled && self.jump_down(players, m, height)? == Landing::Out {
                    self.take_slot(m, true);
                    return Ok(());
                }
            }
        }
        self.models[m].body.at = end;
        self.take_slot(m, true);
        self.event(Event::Moved {
            model: m,
            to: end,
            spent,
            both: false,
        });
        let before: Vec<usize> = before.into_iter().chain(by).collect();
        self.mark_charged(m, &before);
        self.after_move(m);
        Ok(())
    }
}

impl Battle {
    /// Where a forced move of model `m` (B89, B93) in the direction `a`
    /// (radians) lands when it runs off the roof it stands on: on the
    /// surface below where the 3" end, if its base can stand there (as a
    /// push, [`super::plays::straight`]). `None` on the ground, or when
    /// something on its level stops it first.
    pub(super) fn forced_drop(&self, m: usize, a: f64) -> Option<Place> {
        if self.models[m].body.at.level == crate::table::Level::Ground {
            return None;
        }
        super::plays::straight(self, m, a.cos(), a.sin(), super::react::FORCED_MOVE).1
    }
}

/// The height model `m` drops from when it goes to `to` (a forced move
/// off a roof), if it drops at all.
pub(super) fn drop_height(b: &Battle, m: usize, to: Place) -> Option<f64> {
    let from = b.models[m].body.at;
    let h = b.table.level_height(from.level) - b.table.level_height(to.level);
    (to.level != from.level && h > 0.0).then_some(h)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_roll_must_beat_the_height_plus_two() {
        // B33: 2k6 greater than whole inches + 2.
        assert_eq!(jump_down_needs(3.0, false), 6);
        assert_eq!(jump_down_needs(3.9, false), 6);
        assert_eq!(jump_down_needs(3.0, true), 5);
        assert!((jump_down_chance(3.0, false) - 26.0 / 36.0).abs() < 1e-12);
        assert!((jump_down_chance(0.5, false) - 35.0 / 36.0).abs() < 1e-12);
        // From 10" (Akrobata 11") it always fails.
        assert_eq!(jump_down_chance(10.0, false), 0.0);
        assert!(jump_down_chance(9.9, false) > 0.0);
        assert!(jump_down_chance(10.0, true) > 0.0);
        assert_eq!(jump_down_chance(11.0, true), 0.0);
        assert_eq!(jump_down_chance(f64::NAN, false), 35.0 / 36.0);
    }

    #[test]
    fn a_fall_takes_out_below_the_height_plus_two() {
        // B34: lower than whole inches + 2 removes; Sztuka spadania: + 0.
        assert_eq!(fall_needs(4.5, false), 6);
        assert_eq!(fall_needs(4.5, true), 4);
        assert!((fall_chance(4.0, false) - 26.0 / 36.0).abs() < 1e-12);
        assert!((fall_chance(1.0, true) - 1.0).abs() < 1e-12);
        assert_eq!(fall_chance(11.0, false), 0.0);
        let s = jump_down_survival(4.0, false, false);
        let p = 21.0 / 36.0;
        assert!((s - (p + (1.0 - p) * 26.0 / 36.0)).abs() < 1e-12);
    }
}
