//! Playing one action with real dice: from a seeded RNG or typed in by the
//! player. Uses the same plans (modifiers) as the odds engine; rerolls are
//! spent as the odds engine's policy says (shooting) or when the roller is
//! not ahead (melee).

use serde::Serialize;

use crate::dice::{DiceError, DiceSource, Keep, RollRecord, keep_two, roll_judged};
use crate::odds::{
    ActionError, ActionKind, FightRoll, Query, RerollMode, SaveSpec, melee_plan, shoot_odds_plan,
    shoot_plan,
};

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
        /// The roll.
        roll: RollRecord,
        /// Hit.
        hit: bool,
        /// Master shot removal.
        master: bool,
    },
    /// An automatic hit.
    AutoHit,
    /// A melee exchange.
    Fight {
        /// Attacker's roll.
        attacker: RollRecord,
        /// Attacker's total.
        attacker_total: i32,
        /// Defender's roll.
        defender: RollRecord,
        /// Defender's total.
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
        /// The roll.
        roll: RollRecord,
        /// Passed.
        passed: bool,
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

fn reroll_hits(dice: &[u8], accuracy: i32) -> (usize, usize) {
    // Best die to reroll and how many results would then hit.
    let n = dice.len();
    let mut best = (0, 0);
    for j in 0..n {
        let mut d = dice.to_vec();
        let mut k = 0;
        for v in 1..=6 {
            d[j] = v;
            let kept = keep_two(&d, Keep::Low);
            if i32::from(kept[0]) + i32::from(kept[1]) < accuracy {
                k += 1;
            }
        }
        if k > best.1 {
            best = (j, k);
        }
    }
    best
}

fn save_roll(
    src: &mut dyn DiceSource,
    spec: SaveSpec,
    who: &'static str,
    events: &mut Vec<Event>,
) -> Result<bool, DiceError> {
    if spec.auto_pass {
        return Ok(true);
    }
    let passes = |d: &[u8]| {
        let k = keep_two(d, Keep::Low);
        let s = i32::from(k[0]) + i32::from(k[1]);
        s <= spec.target && s <= 10
    };
    let roll = roll_judged(src, spec.extra_die, Keep::Low, &mut |d| {
        if spec.reroll && !passes(d) {
            // Reroll the highest die.
            (0..d.len()).max_by_key(|&j| d[j])
        } else {
            None
        }
    })?;
    let passed = roll.sum() <= spec.target && roll.sum() <= 10;
    events.push(Event::Save {
        who,
        target: spec.target,
        roll,
        passed,
    });
    Ok(passed)
}

fn fight_roll(
    src: &mut dyn DiceSource,
    r: &FightRoll,
    behind: &dyn Fn(i32) -> bool,
) -> Result<(RollRecord, i32, bool), DiceError> {
    let rec = roll_judged(src, r.extra_die, Keep::High, &mut |d| {
        let k = keep_two(d, Keep::High);
        let total = i32::from(k[0]) + i32::from(k[1]) + r.modifier;
        if r.reroll && behind(total) {
            (0..d.len()).min_by_key(|&j| d[j])
        } else {
            None
        }
    })?;
    let total = rec.sum() + r.modifier;
    let nat = r.critical && rec.natural(6, 6);
    Ok((rec, total, nat))
}

/// Play one action.
pub fn play(q: &Query, src: &mut dyn DiceSource) -> Result<Report, PlayError> {
    let mut events = Vec::new();
    match q.kind {
        ActionKind::Shoot => {
            let plan = shoot_plan(q)?;
            let (_, policy) = shoot_odds_plan(&plan);
            let mut out = false;
            if plan.shots.is_empty() {
                for _ in 0..plan.auto_hits {
                    events.push(Event::AutoHit);
                    if !plan.immune && !save_roll(src, plan.save, "defender", &mut events)? {
                        out = true;
                        break;
                    }
                }
            }
            let mut token = plan.reroll == RerollMode::Once;
            for (i, shot) in plan.shots.iter().enumerate() {
                if out {
                    break;
                }
                let hits = |d: &[u8]| {
                    let k = keep_two(d, Keep::Low);
                    i32::from(k[0]) + i32::from(k[1]) < shot.accuracy
                };
                let master_now = |d: &[u8]| shot.master_shot && keep_two(d, Keep::Low) == [1, 1];
                let mut spent = false;
                let roll = roll_judged(src, shot.extra_die, Keep::Low, &mut |d| {
                    if hits(d) || master_now(d) {
                        return None;
                    }
                    let (j, h) = reroll_hits(d, shot.accuracy);
                    let go = match plan.reroll {
                        RerollMode::EveryShot => h > 0,
                        RerollMode::Once => token && policy.use_now[i][h],
                        RerollMode::None => false,
                    };
                    spent = go;
                    go.then_some(j)
                })?;
                if spent && plan.reroll == RerollMode::Once {
                    token = false;
                }
                let master = shot.master_shot && roll.natural(1, 1);
                let hit = master || roll.sum() < shot.accuracy;
                events.push(Event::Shot {
                    number: i + 1,
                    accuracy: shot.accuracy,
                    roll,
                    hit,
                    master,
                });
                if plan.immune || !hit {
                    continue;
                }
                if master || !save_roll(src, plan.save, "defender", &mut events)? {
                    out = true;
                }
            }
            Ok(Report {
                events,
                defender_out: out,
                attacker_out: false,
            })
        }
        ActionKind::Melee => {
            let plan = melee_plan(q)?;
            // Both roll; each uses a reroll when not ahead of the other's first total.
            let (a0, at0, an0) = fight_roll(
                src,
                &FightRoll {
                    reroll: false,
                    ..plan.attacker
                },
                &|_| false,
            )?;
            let (d0, dt0, dn0) = fight_roll(
                src,
                &FightRoll {
                    reroll: false,
                    ..plan.defender
                },
                &|_| false,
            )?;
            let (mut a, mut at, mut an) = (a0, at0, an0);
            let (mut d, mut dt, mut dn) = (d0, dt0, dn0);
            if plan.attacker.reroll && (at <= dt || dn) && !an {
                let j = (0..a.rolled.len())
                    .min_by_key(|&j| a.rolled[j])
                    .unwrap_or(0);
                let v = src.d6()?;
                let mut dice = a.rolled.clone();
                dice[j] = v;
                a = RollRecord {
                    rolled: a.rolled.clone(),
                    reroll: Some((j, v)),
                    kept: keep_two(&dice, Keep::High),
                };
                at = a.sum() + plan.attacker.modifier;
                an = false;
            }
            if plan.defender.reroll && (dt <= at || an) && !dn {
                let j = (0..d.rolled.len())
                    .min_by_key(|&j| d.rolled[j])
                    .unwrap_or(0);
                let v = src.d6()?;
                let mut dice = d.rolled.clone();
                dice[j] = v;
                d = RollRecord {
                    rolled: d.rolled.clone(),
                    reroll: Some((j, v)),
                    kept: keep_two(&dice, Keep::High),
                };
                dt = d.sum() + plan.defender.modifier;
                dn = false;
            }
            let winner = match (an, dn) {
                (true, false) => 1,
                (false, true) => -1,
                _ => (at - dt).signum(),
            };
            events.push(Event::Fight {
                attacker: a,
                attacker_total: at,
                defender: d,
                defender_total: dt,
                winner,
            });
            let mut report = Report {
                events: Vec::new(),
                defender_out: false,
                attacker_out: false,
            };
            if winner == 1 {
                report.defender_out = !save_roll(src, plan.defender_save, "defender", &mut events)?;
            } else if winner == -1 && !plan.defender_harmless {
                report.attacker_out = !save_roll(src, plan.attacker_save, "attacker", &mut events)?;
            }
            report.events = events;
            Ok(report)
        }
    }
}
