//! Playing one action with real dice: from a seeded RNG or typed in by the
//! player. Uses the same plans (modifiers) and the same decisions as the
//! odds engine: own rerolls, forced rerolls (Dirty tricks, Matrix error) and
//! "I'm fine!" are used exactly when the optimal policy of `odds` uses them
//! (rulings R6, R7, R44-R48), so a played action and its odds agree.

use serde::Serialize;

use crate::dice::{DiceError, DiceSource, Keep, RollRecord, keep_two, roll_judged};
use crate::odds::{
    ActionError, ActionKind, DISPEL_ON, DefenderForce, MeleeGame, Query, RerollMode, SaveSpec,
    ShootPlan, ShootPolicy, melee_plan, shoot_odds_plan, shoot_plan, state,
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

const MATRIX: Skill = Skill::MatrixError;
const DIRTY: Skill = Skill::DirtyTricks;

/// Best die to reroll and how many of its six results then succeed.
fn best_reroll(dice: &[u8], good: &dyn Fn(&[u8]) -> bool) -> (usize, usize) {
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
fn forced_roll(
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
fn final_dice(r: &RollRecord) -> Vec<u8> {
    let mut d = r.rolled.clone();
    if let Some((j, v)) = r.reroll {
        d[j] = v;
    }
    d
}

/// A Resilience test: "I'm fine!" rerolls the highest die of a failed test;
/// then, when `force_if_passed`, a passed test is rolled again (the
/// opponent's Matrix error). Returns (passed, the charge was used).
fn save_roll(
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
        if spec.reroll && !passes(d) {
            // Reroll the highest die.
            (0..d.len()).max_by_key(|&j| d[j])
        } else {
            None
        }
    })?;
    let mut passed = passes(&roll.kept);
    let mut forced = None;
    if passed && force_if_passed {
        let again = forced_roll(
            src,
            spec.extra_die,
            Keep::Low,
            "Błąd matrycy: test Odporności od nowa",
            "Matrix error: the Resilience test again",
        )?;
        passed = passes(&again.kept);
        forced = Some(Forced {
            by: MATRIX,
            roll: again,
        });
    }
    let used = forced.is_some();
    if roll.reroll.is_some() {
        plays.push(Skill::ImFine);
    }
    events.push(Event::Save {
        who,
        target: spec.target,
        roll,
        forced,
        passed,
        plays,
    });
    Ok((passed, used))
}

/// Roll two or three dice and reroll the first die of value `die` when the
/// policy says so.
fn own_roll(
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
fn dispel_roll(
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

/// The target's Resilience test against a hit of step `i` in volley state
/// `s`, with its declarations, "I'm fine!", the shooter's Matrix error and
/// Adrenaline as the policy says (R55). Returns (passed, new state).
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
    let mut fine = false;
    let s_now = s;
    let roll = roll_judged(src, d.woohoo, Keep::Low, &mut |dice| {
        if passes(dice) {
            return None;
        }
        let (j, h) = best_reroll(dice, &passes);
        fine = pol.use_im_fine(i, s_now, d, h);
        fine.then_some(j)
    })?;
    if fine {
        s &= !state::FINE;
        plays.push(Skill::ImFine);
    }
    let mut passed = passes(&roll.kept);
    let mut forced = None;
    if passed && pol.force_save(i, s, d) {
        s &= !state::MA;
        if !(plan.dispels.attacker_matrix && dispel_roll(src, MATRIX, events)?) {
            let again = forced_roll(
                src,
                d.woohoo,
                Keep::Low,
                "Błąd matrycy: test Odporności od nowa",
                "Matrix error: the Resilience test again",
            )?;
            passed = passes(&again.kept);
            forced = Some(Forced {
                by: MATRIX,
                roll: again,
            });
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

/// The two Fight rolls of an exchange with their rerolls (B40–B43), and
/// who won (1 attacker, −1 defender, 0 tie); also whether each side still
/// holds Matrix error for the test.
fn fight_rolls(
    game: &MeleeGame,
    src: &mut dyn DiceSource,
) -> Result<(Event, i32, bool, bool), PlayError> {
    let plan = game.plan();
    let (ar, dr) = (plan.attacker, plan.defender);
    let na = if ar.extra_die { 3 } else { 2 };
    let nd = if dr.extra_die { 3 } else { 2 };
    // Both roll at once; then the attacker's own reroll, the defender's.
    let a0: Vec<u8> = (0..na).map(|_| src.d6()).collect::<Result<_, _>>()?;
    let d0: Vec<u8> = (0..nd).map(|_| src.d6()).collect::<Result<_, _>>()?;
    let a_die = game.attacker_reroll(&a0, &d0);
    let attacker = own_roll(src, a0, a_die)?;
    let (mut a_dice, mut a_rr) = (final_dice(&attacker), attacker.reroll.is_some());
    let d_die = game.defender_reroll(&a_dice, a_rr, &d0);
    let defender = own_roll(src, d0, d_die)?;
    let (mut d_dice, mut d_rr) = (final_dice(&defender), defender.reroll.is_some());
    // The attacker's Matrix error on the defender's roll.
    let mut ma = plan.attacker_matrix;
    let mut defender_forced = None;
    if game.attacker_forces(&a_dice, a_rr, &d_dice, d_rr) {
        let again = forced_roll(
            src,
            dr.extra_die,
            Keep::High,
            "Błąd matrycy: rzut Walki broniącego od nowa",
            "Matrix error: the defender's Fight roll again",
        )?;
        d_dice = again.rolled.clone();
        d_rr = true;
        ma = false;
        defender_forced = Some(Forced {
            by: MATRIX,
            roll: again,
        });
    }
    // The defender's Dirty tricks or Matrix error on the attacker's roll.
    let mut md = plan.defender_matrix;
    let mut attacker_forced = None;
    match game.defender_forces(&a_dice, a_rr, &d_dice, d_rr, ma) {
        DefenderForce::None => {}
        DefenderForce::Dirty(value) => {
            src.label(
                "Brudne zagrywki: atakujący przerzuca jedną kość",
                "Dirty tricks: the attacker rerolls one die",
            );
            let j = a_dice.iter().position(|&x| x == value).unwrap_or(0);
            let v = src.d6()?;
            let before = a_dice.clone();
            a_dice[j] = v;
            a_rr = true;
            attacker_forced = Some(Forced {
                by: DIRTY,
                roll: RollRecord {
                    rolled: before,
                    reroll: Some((j, v)),
                    kept: keep_two(&a_dice, Keep::High),
                },
            });
        }
        DefenderForce::Matrix => {
            let again = forced_roll(
                src,
                ar.extra_die,
                Keep::High,
                "Błąd matrycy: rzut Walki atakującego od nowa",
                "Matrix error: the attacker's Fight roll again",
            )?;
            a_dice = again.rolled.clone();
            a_rr = true;
            md = false;
            attacker_forced = Some(Forced {
                by: MATRIX,
                roll: again,
            });
        }
    }
    let result = |dice: &[u8], rr: bool, critical: bool, modifier: i32| {
        let k = keep_two(dice, Keep::High);
        let nat = critical && !rr && k == [6, 6];
        (i32::from(k[0]) + i32::from(k[1]) + modifier, nat)
    };
    let (at, an) = result(&a_dice, a_rr, ar.critical, ar.modifier);
    let (dt, dn) = result(&d_dice, d_rr, dr.critical, dr.modifier);
    let winner = match (an, dn) {
        (true, false) => 1,
        (false, true) => -1,
        _ => (at - dt).signum(),
    };
    let fight = Event::Fight {
        attacker,
        attacker_forced,
        attacker_total: at,
        defender,
        defender_forced,
        defender_total: dt,
        winner,
    };
    Ok((fight, winner, ma, md))
}

/// A Withdrawal (B46): the exchange rolled exactly as an Attack, nobody
/// hurt; the report holds the Fight event alone, and who won.
pub fn play_fight(game: &MeleeGame, src: &mut dyn DiceSource) -> Result<(Report, i32), PlayError> {
    let (fight, winner, _, _) = fight_rolls(game, src)?;
    let report = Report {
        events: vec![fight],
        defender_out: false,
        attacker_out: false,
    };
    Ok((report, winner))
}

/// The first half of a melee exchange: the two Fight rolls and who won,
/// before any Resilience test (B40–B44). A winner may replace the wound
/// with what its rule allows (B45: Kradzież, Ucieczka, "Gryź to!"); else
/// [`play_wound`] plays the test. [`play_melee_game`] is the two in a row.
#[derive(Debug, Clone, PartialEq)]
pub struct Exchange {
    /// The Fight event.
    pub fight: Event,
    /// 1 the attacker won, −1 the defender, 0 a tie.
    pub winner: i32,
    /// The attacker still holds Matrix error for the test.
    attacker_matrix: bool,
    /// The defender still holds Matrix error for the test.
    defender_matrix: bool,
}

impl Exchange {
    /// Whether the winner would wound: someone won, and not a harmless
    /// defender (Skuteczna zasłona).
    pub fn wounds(&self, game: &MeleeGame) -> bool {
        self.winner == 1 || (self.winner == -1 && !game.plan().defender_harmless)
    }

    /// The report of an exchange whose winner did not wound: the Fight
    /// event alone, nobody out.
    pub fn unwounded(self) -> Report {
        Report {
            events: vec![self.fight],
            defender_out: false,
            attacker_out: false,
        }
    }
}

/// The Fight rolls of one exchange of a solved game (the first half).
pub fn play_exchange(game: &MeleeGame, src: &mut dyn DiceSource) -> Result<Exchange, PlayError> {
    let (fight, winner, attacker_matrix, defender_matrix) = fight_rolls(game, src)?;
    Ok(Exchange {
        fight,
        winner,
        attacker_matrix,
        defender_matrix,
    })
}

/// The second half of an exchange: the loser's Resilience test, when the
/// winner wounds (B44).
pub fn play_wound(
    game: &MeleeGame,
    exchange: Exchange,
    src: &mut dyn DiceSource,
) -> Result<Report, PlayError> {
    let plan = game.plan();
    let (ma, md) = (exchange.attacker_matrix, exchange.defender_matrix);
    let winner = exchange.winner;
    let mut events = vec![exchange.fight];
    let mut report = Report {
        events: Vec::new(),
        defender_out: false,
        attacker_out: false,
    };
    // The winner still holding Matrix error always forces a passed test:
    // a fresh test can fail (11-12 always do), keeping the charge is worth nothing.
    if winner == 1 {
        report.defender_out = !save_roll(src, plan.defender_save, "defender", ma, &mut events)?.0;
    } else if winner == -1 && !plan.defender_harmless {
        report.attacker_out = !save_roll(src, plan.attacker_save, "attacker", md, &mut events)?.0;
    }
    report.events = events;
    Ok(report)
}

/// Play one melee exchange of a solved game (so that many exchanges of the
/// same query share one solution): [`play_exchange`], then [`play_wound`].
pub fn play_melee_game(game: &MeleeGame, src: &mut dyn DiceSource) -> Result<Report, PlayError> {
    let exchange = play_exchange(game, src)?;
    play_wound(game, exchange, src)
}

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
mod tests {
    use super::*;
    use crate::dice::TypedDice;

    fn query(text: &str) -> Query {
        toml::from_str(text).expect("query")
    }

    fn fight(r: &Report) -> (&RollRecord, &Option<Forced>, i32) {
        match &r.events[0] {
            Event::Fight {
                attacker,
                attacker_forced,
                winner,
                ..
            } => (attacker, attacker_forced, *winner),
            e => panic!("not a fight: {e:?}"),
        }
    }

    /// The old rule ("reroll when not ahead") rerolled the 5 of a tied 6+5:
    /// only a 6 then wins, a 1-4 loses. The optimal policy keeps the tie.
    #[test]
    fn attacker_keeps_a_tie_the_old_rule_would_reroll() {
        let q = query("kind='melee'\n[attacker]\nreroll=true");
        let mut dice = TypedDice::new(&[6, 5, 6, 5, 3]).unwrap();
        let r = play(&q, &mut dice).unwrap();
        let (a, forced, winner) = fight(&r);
        assert_eq!(a.reroll, None);
        assert!(forced.is_none());
        assert_eq!(winner, 0);
        assert_eq!(dice.used(), 4);
        // Behind by one (5+5 against 6+5) a 5 is rerolled: a 6 ties.
        let mut dice = TypedDice::new(&[5, 5, 6, 5, 6, 3, 3]).unwrap();
        let r = play(&q, &mut dice).unwrap();
        let (a, _, winner) = fight(&r);
        assert_eq!(a.reroll, Some((0, 6)));
        assert_eq!(winner, 0);
        assert_eq!(dice.used(), 5);
    }

    /// A volley stopped before every test and played on from there rolls
    /// the same dice to the same end as one played straight through — with
    /// rerolls, Matrix error on both sides, heroic plays and Adrenaline in
    /// play (B83's pause point).
    #[test]
    fn a_volley_paused_at_each_hit_plays_as_one() {
        use crate::dice::RngDice;
        use rand_chacha::ChaCha8Rng;
        use rand_core::SeedableRng;
        let q = query(
            "kind='shoot'\n[attacker]\nweapon='assault_rifle'\nreroll=true\nskills=['matrix_error']\n[defender]\nskills=['im_fine','adrenaline','matrix_error','what_you_gonna_do']\n[situation]\nrange=8",
        );
        let plan = shoot_plan(&q).unwrap();
        let pol = shoot_odds_plan(&plan).1;
        let (mut pauses, mut outs) = (0, 0);
        for seed in 0..300 {
            let mut a = RngDice::new(ChaCha8Rng::seed_from_u64(seed));
            let whole = play_shoot_plan(&plan, &pol, &mut a).unwrap();
            let mut b = RngDice::new(ChaCha8Rng::seed_from_u64(seed));
            let mut v = Volley::start(&plan, &mut b).unwrap();
            while v.play_on(&plan, &pol, &mut b, true).unwrap() {
                pauses += 1;
            }
            let cut = v.report();
            assert_eq!(cut, whole, "seed {seed}");
            outs += usize::from(whole.defender_out);
            // The dice streams are where the same number of rolls left them.
            assert_eq!(a.d6().unwrap(), b.d6().unwrap(), "seed {seed}");
        }
        assert!(pauses > 300 && outs > 10, "{pauses} pauses, {outs} out");
    }

    /// The exchange cut in two (B45): the Fight rolls alone use only their
    /// dice; the wound step then plays the same test `play` plays.
    #[test]
    fn exchange_then_wound_is_one_exchange() {
        let game = MeleeGame::new(&melee_plan(&query("kind='melee'")).unwrap());
        let rolls = [6, 5, 2, 1, 4, 5];
        let mut dice = TypedDice::new(&rolls).unwrap();
        let exchange = play_exchange(&game, &mut dice).unwrap();
        assert_eq!(exchange.winner, 1);
        assert!(exchange.wounds(&game));
        assert_eq!(dice.used(), 4);
        let alone = exchange.clone().unwounded();
        assert_eq!(alone.events.len(), 1);
        assert!(!alone.defender_out && !alone.attacker_out);
        let cut = play_wound(&game, exchange, &mut dice).unwrap();
        let whole = play_melee_game(&game, &mut TypedDice::new(&rolls).unwrap()).unwrap();
        assert_eq!(cut, whole);
        assert_eq!(cut.events.len(), 2);
    }

    /// A melee game with a Matrix error cast by a third model (R20): the
    /// fighters' own cannot be cast while engaged, so only a plan has it.
    fn with_matrix(text: &str, attacker: bool, defender: bool) -> MeleeGame {
        let mut plan = melee_plan(&query(text)).unwrap();
        plan.attacker_matrix = attacker;
        plan.defender_matrix = defender;
        MeleeGame::new(&plan)
    }

    /// A 12 against a 4: the defender's side's Matrix error makes the
    /// attacker roll again (R45, R46); the new 1+2 loses, and the attacker's
    /// test is not forced since the charge is spent.
    #[test]
    fn defender_matrix_rerolls_the_winning_roll() {
        let game = with_matrix("kind='melee'", false, true);
        let mut dice = TypedDice::new(&[6, 6, 2, 2, 1, 2, 1, 1]).unwrap();
        let r = play_melee_game(&game, &mut dice).unwrap();
        let (_, forced, winner) = fight(&r);
        let forced = forced.as_ref().expect("forced");
        assert_eq!(forced.by, Skill::MatrixError);
        assert_eq!(forced.roll.rolled, vec![1, 2]);
        assert_eq!(winner, -1);
        assert!(!r.attacker_out && !r.defender_out);
        assert_eq!(dice.used(), 8);
    }

    /// Dirty tricks after a charge rerolls the attacker's 6 of a winning
    /// 3+6 against 4+4 (rerolling the 3 would leave it ahead on 4 of 6).
    #[test]
    fn dirty_tricks_rerolls_the_best_die() {
        let q =
            query("kind='melee'\n[defender]\nskills=['dirty_tricks']\n[situation]\ncharged=true");
        let mut dice = TypedDice::new(&[3, 6, 4, 4, 1, 1, 1]).unwrap();
        let r = play(&q, &mut dice).unwrap();
        let (_, forced, winner) = fight(&r);
        let forced = forced.as_ref().expect("forced");
        assert_eq!(forced.by, Skill::DirtyTricks);
        assert_eq!(forced.roll.reroll, Some((1, 1)));
        assert_eq!(forced.roll.kept, [1, 3]);
        assert_eq!(winner, -1);
        // Without the charge nothing is forced.
        let q = query("kind='melee'\n[defender]\nskills=['dirty_tricks']");
        let mut dice = TypedDice::new(&[3, 6, 4, 4, 6, 6]).unwrap();
        let r = play(&q, &mut dice).unwrap();
        assert!(fight(&r).1.is_none());
        assert_eq!(fight(&r).2, 1);
    }

    /// The winner keeps Matrix error for the loser's test: a passed 2+2 is
    /// rolled again; the new 6+6 fails.
    #[test]
    fn winner_forces_a_passed_test() {
        let game = with_matrix("kind='melee'\n[attacker]\nfight=11", true, false);
        let mut dice = TypedDice::new(&[1, 1, 6, 6, 2, 2, 6, 6]).unwrap();
        let r = play_melee_game(&game, &mut dice).unwrap();
        assert!(r.defender_out);
        match &r.events[1] {
            Event::Save { forced, passed, .. } => {
                assert!(!passed);
                assert_eq!(forced.as_ref().unwrap().roll.kept, [6, 6]);
            }
            e => panic!("not a test: {e:?}"),
        }
    }

    /// "I'm fine!" is once per battle (R55): the first failed test of the
    /// volley is rerolled and passes; the second hit's failed test stands.
    #[test]
    fn im_fine_only_once_in_a_volley() {
        let q = query(
            "kind='shoot'\n[attacker]\naccuracy=12\nweapon='assault_pistol'\n[defender]\nresilience=4\nskills=['im_fine']\n[situation]\nrange=6",
        );
        // Shot 1 hits (1+1), test 6+3 fails, "I'm fine!" rerolls the 6 to 1;
        // shot 2 hits (1+2), test 6+3 fails and stands.
        let mut dice = TypedDice::new(&[1, 1, 6, 3, 1, 1, 2, 6, 3]).unwrap();
        let r = play(&q, &mut dice).unwrap();
        let saves: Vec<(&RollRecord, &Vec<Skill>, bool)> = r
            .events
            .iter()
            .filter_map(|e| match e {
                Event::Save {
                    roll,
                    plays,
                    passed,
                    ..
                } => Some((roll, plays, *passed)),
                _ => None,
            })
            .collect();
        assert_eq!(saves.len(), 2);
        assert_eq!(saves[0].0.reroll, Some((0, 1)));
        assert_eq!(saves[0].1, &vec![Skill::ImFine]);
        assert!(saves[0].2);
        assert_eq!(saves[1].0.reroll, None);
        assert!(!saves[1].2);
        assert!(r.defender_out);
        assert_eq!(dice.used(), 9);
    }
}
