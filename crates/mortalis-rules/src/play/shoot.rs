//! A shooting action played step by step: each shot's attack roll, each
//! hit's test, and the stops between them (`Volley`).

use super::*;

/// The target's Resilience test against a hit of step `i` in volley state
/// `s`, with its declarations, "I'm fine!" or the captain's reroll (R67),
/// the shooter's Matrix error and Adrenaline as the policy says (R55).
/// Returns (passed, new state).
fn shoot_test(
    plan: &ShootPlan,
    pol: &ShootPolicy,
    i: usize,
    s: usize,
    src: &mut dyn DiceSource,
    events: &mut Vec<Event>,
) -> Result<(bool, usize), DiceError> {
    let (d, mut s, _) = pol.declare(i, s);
    let target = pol.test_target(d);
    let mut plays = Vec::new();
    if d.wyg {
        plays.push(Skill::WhatYouGonnaDo);
    }
    if d.woohoo {
        plays.push(Skill::Woohoo);
    }
    let passes = |dice: &[u8]| {
        let k = keep_two(dice, Keep::Low);
        let t = i32::from(k[0]) + i32::from(k[1]);
        t <= target && t <= 10
    };
    let mut reroll = TestReroll::None;
    let s_now = s;
    let roll = roll_judged(src, d.woohoo, Keep::Low, &mut |dice| {
        if passes(dice) {
            return None;
        }
        let (j, h) = best_reroll(dice, &passes);
        reroll = pol.test_reroll(i, s_now, d, h);
        (reroll != TestReroll::None).then_some(j)
    })?;
    s &= !reroll.bit();
    if reroll == TestReroll::ImFine {
        plays.push(Skill::ImFine);
    }
    let mut passed = passes(&roll.kept);
    let mut forced = None;
    if passed && pol.force_save(i, s, d) {
        s &= !state::MA;
        if !(plan.dispels.attacker_matrix && dispel_roll(src, MATRIX, events)?) {
            let (again, f) = forced_test(src, d.woohoo, &passes)?;
            passed = again;
            forced = Some(f);
        }
    }
    if !passed && s & state::ADR != 0 {
        s &= !state::ADR;
        plays.push(Skill::Adrenaline);
        passed = !(plan.dispels.adrenaline && dispel_roll(src, Skill::Adrenaline, events)?);
    }
    events.push(Event::Save {
        who: "defender",
        target,
        roll,
        forced,
        passed,
        plays,
        captain: reroll == TestReroll::Captain,
    });
    Ok((passed, s))
}

/// Play one shooting action of a plan with the policy the odds engine
/// computed for it (`shoot_odds_plan`).
pub fn play_shoot_plan(
    plan: &ShootPlan,
    pol: &ShootPolicy,
    src: &mut dyn DiceSource,
) -> Result<Report, PlayError> {
    let mut volley = Volley::start(plan, src)?;
    volley.play_on(plan, pol, src, false)?;
    Ok(volley.report())
}

/// A shooting action being played, between two steps: it can stop before
/// each Resilience test a hit asks for, so that the target's side may do
/// something else instead ("Raz kozie śmierć!", B83), and go on from there
/// with the very dice and choices `play_shoot_plan` would use.
#[derive(Debug, Clone)]
pub struct Volley {
    events: Vec<Event>,
    /// The next shot (or automatic hit) to roll.
    next: usize,
    /// The policy's state (what is still unused).
    state: Option<usize>,
    shielded: bool,
    out: bool,
    /// A Dispel cancelled the attack.
    over: bool,
    /// Shot `next` hit and its test is still to be rolled.
    pending: bool,
}

impl Volley {
    /// Rolls what comes before the first shot: a Dispel of the attacking
    /// trick, then of the target's Protective shield.
    pub fn start(plan: &ShootPlan, src: &mut dyn DiceSource) -> Result<Self, PlayError> {
        let mut events = Vec::new();
        let mut over = false;
        if plan.dispels.attack {
            let trick = if plan.source == Skill::ShortCircuit.id() {
                Skill::ShortCircuit
            } else {
                Skill::DroneStrike
            };
            over = dispel_roll(src, trick, &mut events)?;
        }
        let mut shielded = plan.immune;
        if !over
            && shielded
            && plan.dispels.shield
            && dispel_roll(src, Skill::ProtectiveShield, &mut events)?
        {
            shielded = false;
        }
        Ok(Volley {
            events,
            next: 0,
            state: None,
            shielded,
            out: false,
            over,
            pending: false,
        })
    }

    /// Plays on to the end of the volley, or, with `pause`, up to the next
    /// hit whose test is still to come: then it returns true, and the test
    /// is the first thing the next call rolls.
    pub fn play_on(
        &mut self,
        plan: &ShootPlan,
        pol: &ShootPolicy,
        src: &mut dyn DiceSource,
        pause: bool,
    ) -> Result<bool, PlayError> {
        if self.over {
            return Ok(false);
        }
        let mut s = self.state.unwrap_or_else(|| pol.start());
        let n = if plan.shots.is_empty() {
            plan.auto_hits as usize
        } else {
            plan.shots.len()
        };
        while self.next < n && !self.out {
            let i = self.next;
            if !std::mem::take(&mut self.pending) {
                let (hit, master) = self.roll_shot(plan, pol, src, i, &mut s)?;
                if self.shielded || !hit {
                    self.next += 1;
                    continue;
                }
                if master {
                    self.out = true;
                    self.next += 1;
                    continue;
                }
                if pause {
                    self.pending = true;
                    self.state = Some(s);
                    return Ok(true);
                }
            }
            let (passed, s2) = shoot_test(plan, pol, i, s, src, &mut self.events)?;
            s = s2;
            self.out = !passed;
            self.next += 1;
        }
        self.state = Some(s);
        Ok(false)
    }

    /// One shot's attack roll (or an automatic hit): (hit, Master shot).
    fn roll_shot(
        &mut self,
        plan: &ShootPlan,
        pol: &ShootPolicy,
        src: &mut dyn DiceSource,
        i: usize,
        s: &mut usize,
    ) -> Result<(bool, bool), PlayError> {
        let Some(shot) = plan.shots.get(i) else {
            self.events.push(Event::AutoHit);
            return Ok((true, false));
        };
        let hits = |d: &[u8]| {
            let k = keep_two(d, Keep::Low);
            i32::from(k[0]) + i32::from(k[1]) < shot.accuracy
        };
        let master_now = |d: &[u8]| shot.master_shot && keep_two(d, Keep::Low) == [1, 1];
        let mut spent = false;
        let s_now = *s;
        let roll = roll_judged(src, shot.extra_die, Keep::Low, &mut |d| {
            if hits(d) || master_now(d) {
                return None;
            }
            let (j, h) = best_reroll(d, &hits);
            let go = match plan.reroll {
                RerollMode::EveryShot => h > 0,
                RerollMode::Once => pol.spend(i, s_now, h),
                RerollMode::None => false,
            };
            spent = go;
            go.then_some(j)
        })?;
        if spent && plan.reroll == RerollMode::Once {
            *s &= !state::TOKEN;
        }
        let mut master = shot.master_shot && roll.natural(1, 1);
        let mut hit = master || roll.sum() < shot.accuracy;
        let mut forced = None;
        if hit && *s & state::MD != 0 && pol.force_roll(i, *s, master) {
            *s &= !state::MD;
            if !(plan.dispels.defender_matrix && dispel_roll(src, MATRIX, &mut self.events)?) {
                let again = forced_roll(
                    src,
                    shot.extra_die,
                    Keep::Low,
                    "Błąd matrycy: rzut na trafienie od nowa",
                    "Matrix error: the attack roll again",
                )?;
                hit = again.sum() < shot.accuracy;
                master = false;
                forced = Some(Forced {
                    by: MATRIX,
                    roll: again,
                });
            }
        }
        self.events.push(Event::Shot {
            number: i + 1,
            accuracy: shot.accuracy,
            roll,
            forced,
            hit,
            master,
        });
        Ok((hit, master))
    }

    /// What has happened so far; when the volley stopped at a hit, its test
    /// is not in it and the target is not out.
    pub fn report(self) -> Report {
        Report {
            events: self.events,
            defender_out: self.out,
            attacker_out: false,
        }
    }
}
