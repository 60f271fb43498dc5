//! Playing one action with real dice: from a seeded RNG or typed in by the
//! player. Uses the same plans (modifiers) and the same decisions as the
//! odds engine: own rerolls, forced rerolls (Dirty tricks, Matrix error) and
//! "I'm fine!" are used exactly when the optimal policy of `odds` uses them
//! (rulings R6, R7, R44-R48), so a played action and its odds agree.

use serde::Serialize;

use crate::dice::{DiceError, DiceSource, Keep, RollRecord, keep_two, roll_judged};
use crate::odds::{
    ActionError, ActionKind, DISPEL_ON, DefenderForce, MeleeGame, Query, RerollMode, SaveSpec,
    ShootPlan, ShootPolicy, TestReroll, melee_plan, shoot_odds_plan, shoot_plan, state,
};
use crate::skills::Skill;

/// Why an action could not be played.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PlayError {
    /// The rules forbid the action.
    #[error(transparent)]
    Action(#[from] ActionError),
    /// The dice ran out or were wrong.
    #[error(transparent)]
    Dice(#[from] DiceError),
}

/// A reroll the opponent forced on a roll; its result stands.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Forced {
    /// The skill or trick used: Matrix error or Dirty tricks.
    pub by: Skill,
    /// The roll afterwards: for Dirty tricks the dice as they stood with one
    /// die rerolled, for Matrix error a whole new roll.
    pub roll: RollRecord,
}

/// What happened, step by step.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Event {
    /// One shot's attack roll.
    Shot {
        /// 1-based shot number.
        number: usize,
        /// Modified Accuracy.
        accuracy: i32,
        /// The roll (with the shooter's own reroll).
        roll: RollRecord,
        /// The target's forced reroll, if any.
        forced: Option<Forced>,
        /// Hit (after every reroll).
        hit: bool,
        /// Master shot removal.
        master: bool,
    },
    /// An automatic hit.
    AutoHit,
    /// A melee exchange.
    Fight {
        /// Attacker's roll (with its own reroll).
        attacker: RollRecord,
        /// The defender's forced reroll of the attacker's roll, if any.
        attacker_forced: Option<Forced>,
        /// Attacker's final total.
        attacker_total: i32,
        /// Defender's roll (with its own reroll).
        defender: RollRecord,
        /// The attacker's forced reroll of the defender's roll, if any.
        defender_forced: Option<Forced>,
        /// Defender's final total.
        defender_total: i32,
        /// 1 attacker wins, 0 tie, -1 defender wins.
        winner: i32,
    },
    /// A Resilience test.
    Save {
        /// Whose test: "attacker" or "defender".
        who: &'static str,
        /// Modified Resilience.
        target: i32,
        /// The roll (with "I'm fine!").
        roll: RollRecord,
        /// The opponent's forced reroll of a passed test, if any.
        forced: Option<Forced>,
        /// Passed (after every reroll).
        passed: bool,
        /// Heroic plays and tricks used on this test (What are you gonna
        /// do, Woohoo, I'm fine, Adrenaline).
        plays: Vec<Skill>,
        /// The captain's reroll (B9, R67) rerolled one die of this test.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        captain: bool,
    },
    /// A Dispel roll against a trick (2d6, 8 or more cancels it).
    Dispel {
        /// The trick.
        trick: Skill,
        /// The two dice.
        dice: [u8; 2],
        /// The trick is cancelled.
        dispelled: bool,
    },
}

/// The outcome of a played action.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// Steps.
    pub events: Vec<Event>,
    /// The defender (target) is out of action.
    pub defender_out: bool,
    /// The attacker is out of action.
    pub attacker_out: bool,
}

pub(super) const MATRIX: Skill = Skill::MatrixError;
pub(super) const DIRTY: Skill = Skill::DirtyTricks;

/// Best die to reroll and how many of its six results then succeed.
pub(super) fn best_reroll(dice: &[u8], good: &dyn Fn(&[u8]) -> bool) -> (usize, usize) {
    let n = dice.len();
    let mut best = (0, 0);
    for j in 0..n {
        let mut d = dice.to_vec();
        let mut k = 0;
        for v in 1..=6 {
            d[j] = v;
            if good(&d) {
                k += 1;
            }
        }
        if k > best.1 {
            best = (j, k);
        }
    }
    best
}

/// A whole roll again, forced by Matrix error: never natural, never rerolled.
pub(super) fn forced_roll(
    src: &mut dyn DiceSource,
    extra_die: bool,
    keep: Keep,
    pl: &str,
    en: &str,
) -> Result<RollRecord, DiceError> {
    src.label(pl, en);
    roll_judged(src, extra_die, keep, &mut |_| None)
}

/// The dice a record ends with (after its reroll).
pub(super) fn final_dice(r: &RollRecord) -> Vec<u8> {
    let mut d = r.rolled.clone();
    if let Some((j, v)) = r.reroll {
        d[j] = v;
    }
    d
}

/// A Resilience test: "I'm fine!", or else the captain's reroll (R67),
/// rerolls the highest die of a failed test;
/// then, when `force_if_passed`, a passed test is rolled again (the
/// opponent's Matrix error). Returns (passed, the charge was used).
pub(super) fn save_roll(
    src: &mut dyn DiceSource,
    spec: SaveSpec,
    who: &'static str,
    force_if_passed: bool,
    events: &mut Vec<Event>,
) -> Result<(bool, bool), DiceError> {
    if spec.auto_pass {
        return Ok((true, false));
    }
    let passes = |d: &[u8]| {
        let k = keep_two(d, Keep::Low);
        let s = i32::from(k[0]) + i32::from(k[1]);
        s <= spec.target && s <= 10
    };
    let mut plays = Vec::new();
    let roll = roll_judged(src, spec.extra_die, Keep::Low, &mut |d| {
        if spec.rerolls() && !passes(d) {
            // Reroll the highest die.
            (0..d.len()).max_by_key(|&j| d[j])
        } else {
            None
        }
    })?;
    let mut passed = passes(&roll.kept);
    let mut forced = None;
    if passed && force_if_passed {
        let (again, f) = forced_test(src, spec.extra_die, &passes)?;
        passed = again;
        forced = Some(f);
    }
    let used = forced.is_some();
    // R67: "I'm fine!" takes the reroll when both are at hand.
    let rerolled = roll.reroll.is_some();
    if rerolled && spec.reroll {
        plays.push(Skill::ImFine);
    }
    events.push(Event::Save {
        who,
        target: spec.target,
        roll,
        forced,
        passed,
        plays,
        captain: rerolled && !spec.reroll,
    });
    Ok((passed, used))
}

/// A Resilience test rolled again whole by the opponent's Błąd matrycy
/// (R45): whether it passes now, and the forced roll.
pub(super) fn forced_test(
    src: &mut dyn DiceSource,
    extra_die: bool,
    passes: &dyn Fn(&[u8]) -> bool,
) -> Result<(bool, Forced), DiceError> {
    let again = forced_roll(
        src,
        extra_die,
        Keep::Low,
        "Błąd matrycy: test Odporności od nowa",
        "Matrix error: the Resilience test again",
    )?;
    Ok((
        passes(&again.kept),
        Forced {
            by: MATRIX,
            roll: again,
        },
    ))
}

/// Roll two or three dice and reroll the first die of value `die` when the
/// policy says so.
pub(super) fn own_roll(
    src: &mut dyn DiceSource,
    rolled: Vec<u8>,
    die: Option<u8>,
) -> Result<RollRecord, DiceError> {
    let mut dice = rolled.clone();
    let mut reroll = None;
    if let Some(value) = die {
        let j = dice.iter().position(|&x| x == value).unwrap_or(0);
        let v = src.d6()?;
        dice[j] = v;
        reroll = Some((j, v));
    }
    Ok(RollRecord {
        rolled,
        reroll,
        kept: keep_two(&dice, Keep::High),
    })
}

/// A Dispel roll against a trick: 2d6, 8 or more cancels it (R58).
pub(super) fn dispel_roll(
    src: &mut dyn DiceSource,
    trick: Skill,
    events: &mut Vec<Event>,
) -> Result<bool, DiceError> {
    src.label(
        "Rozproszenie: 2k6, 8+ znosi sztuczkę",
        "Dispel: 2d6, 8+ cancels the trick",
    );
    let dice = [src.d6()?, src.d6()?];
    let dispelled = i32::from(dice[0]) + i32::from(dice[1]) >= DISPEL_ON;
    events.push(Event::Dispel {
        trick,
        dice,
        dispelled,
    });
    Ok(dispelled)
}

mod melee;
mod shoot;

pub use melee::*;
pub use shoot::*;

/// Play one action.
pub fn play(q: &Query, src: &mut dyn DiceSource) -> Result<Report, PlayError> {
    match q.kind {
        ActionKind::Shoot => {
            let plan = shoot_plan(q)?;
            play_shoot_plan(&plan, &shoot_odds_plan(&plan).1, src)
        }
        ActionKind::Melee => play_melee_game(&MeleeGame::new(&melee_plan(q)?), src),
    }
}

#[cfg(test)]
mod tests;
