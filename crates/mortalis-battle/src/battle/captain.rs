//! The captain's reroll (B9): once per battle, one reroll of one of the
//! captain's own rolls, the second result standing. The odds engine knows
//! it as the attack roll's once-per-action reroll (`odds::Side::reroll`),
//! kept for the shot or the die where it helps most. The captain's side
//! decides when to commit it (`Choice::CommitReroll`, before a Shot, a cast
//! or an Attack); it is spent only when the roll then uses it. It may
//! also be held for the captain's Fight roll when attacked, or for its own
//! Resilience tests (`odds::Side::save_reroll`, R67) when shot at or in an
//! exchange. Rulings in docs/mortalis/battle.md.

use mortalis_rules::odds::{Odds, Query};
use mortalis_rules::play;
use mortalis_rules::skills::Skill;
use num_traits::ToPrimitive;

use super::{About, Battle, BattleError, Choice, Event, Players, Question};

impl Battle {
    /// Whether model `m` may commit the captain's reroll now: the captain,
    /// its reroll unused and not yet committed, with a Shot, cast or Attack
    /// among `out`; not when a skill of its own already rerolls the attack
    /// (Point blank, Duellist).
    fn may_commit(&self, m: usize, out: &[Choice]) -> bool {
        let me = &self.models[m];
        me.captain_reroll
            && !me.reroll_armed
            && !me
                .skills
                .iter()
                .any(|s| matches!(s, Skill::PointBlank | Skill::Duellist))
            && out.iter().any(|c| {
                matches!(
                    c,
                    Choice::Shoot { .. } | Choice::Cast { .. } | Choice::Attack { .. }
                )
            })
    }

    /// The captain's hook on the options of model `m`.
    pub(super) fn captain_options(&self, m: usize, out: &mut Vec<Choice>) {
        if self.may_commit(m, out) {
            let end = out.len().saturating_sub(1);
            out.insert(end, Choice::CommitReroll);
        }
    }

    /// After an action of model `m` with its reroll committed: spent when
    /// the roll used its own reroll; committed no longer either way. The
    /// event to log after the action's own (so that the account says it
    /// after the shot or the exchange it was for).
    #[must_use]
    pub(super) fn after_reroll(&mut self, m: usize, report: &play::Report) -> Option<Event> {
        if !std::mem::take(&mut self.models[m].reroll_armed) {
            return None;
        }
        let used = report.events.iter().any(|e| match e {
            play::Event::Shot { roll, .. } => roll.reroll.is_some(),
            play::Event::Fight { attacker, .. } => attacker.reroll.is_some(),
            _ => false,
        });
        if used {
            self.models[m].captain_reroll = false;
        }
        Some(Event::Reroll { model: m, used })
    }

    /// B9 in defence (ruling "The captain's reroll in defence"): when the
    /// captain `d` is attacked (or an enemy withdraws from it) with its
    /// reroll unused, its side is asked whether it holds the reroll ready
    /// for its Fight roll of this exchange; held, the rules core's exchange
    /// uses it as the defender's own reroll where it helps most (R46).
    /// Not asked when Zawadiaka would reroll that roll anyway. True when
    /// held.
    pub(super) fn defence_reroll(
        &mut self,
        players: &mut Players,
        (a, d, withdrawal): (usize, usize, bool),
        query: &mut Query,
    ) -> Result<bool, BattleError> {
        let me = &self.models[d];
        if !me.captain_reroll || query.defender.reroll || self.would_duel(query) {
            return Ok(false);
        }
        let side = me.side;
        self.defending = Some(query.clone());
        self.defending_pair = Some((a, d));
        self.withdrawing = withdrawal;
        let pick = self.ask_commit(players, side);
        self.defending = None;
        self.defending_pair = None;
        self.withdrawing = false;
        query.defender.reroll = pick?;
        Ok(query.defender.reroll)
    }

    /// Asks `side` whether it holds its captain's reroll for the question
    /// set up by the caller (`About::Reaction`: `CommitReroll` or pass).
    fn ask_commit(&mut self, players: &mut Players, side: usize) -> Result<bool, BattleError> {
        let pick = self.ask(
            players,
            Question {
                side,
                about: About::Reaction,
                options: vec![Choice::CommitReroll, Choice::Pass],
            },
        )?;
        Ok(pick == Choice::CommitReroll)
    }

    /// B9 on the captain's own Resilience tests (ruling R67): when captain
    /// `c`, its reroll unused and not held for its attack or Fight roll of
    /// this action, may have to test in the action `query` (the target of a
    /// shot, or either fighter of an exchange; `attacker`: it is the query's
    /// attacker), its side is asked whether it holds the reroll for its
    /// tests; held, the odds engine's policy uses it on a failed test where
    /// it helps most (`odds::Side::save_reroll`). True when held.
    pub(super) fn test_reroll(
        &mut self,
        players: &mut Players,
        (c, attacker): (usize, bool),
        query: &mut Query,
    ) -> Result<bool, BattleError> {
        let me = &self.models[c];
        let own = if attacker {
            &query.attacker
        } else {
            &query.defender
        };
        if !me.captain_reroll || own.reroll || own.save_reroll {
            return Ok(false);
        }
        let side = me.side;
        self.testing = Some((query.clone(), c, attacker));
        let pick = self.ask_commit(players, side);
        self.testing = None;
        let held = pick?;
        if attacker {
            query.attacker.save_reroll = held;
        } else {
            query.defender.save_reroll = held;
        }
        Ok(held)
    }

    /// After an action in which captain `c` held its reroll for its tests
    /// (`who`: "attacker" or "defender" in the report): spent when one of
    /// its tests used it. The event to log after the action's own.
    #[must_use]
    pub(super) fn after_test_reroll(
        &mut self,
        c: usize,
        held: bool,
        who: &str,
        report: &play::Report,
    ) -> Option<Event> {
        if !held {
            return None;
        }
        let used = report
            .events
            .iter()
            .any(|e| matches!(e, play::Event::Save { who: w, captain: true, .. } if *w == who));
        if used {
            self.models[c].captain_reroll = false;
        }
        Some(Event::Reroll { model: c, used })
    }

    /// The captain being asked whether it holds its reroll for its
    /// Resilience tests (`None` when no such question is open).
    pub fn testing_captain(&self) -> Option<usize> {
        self.testing.as_ref().map(|t| t.1)
    }

    /// The AI's answer to a `CommitReroll` reaction: the tests' question
    /// when one is open, else the defence's.
    pub(super) fn commit_worth(&self) -> bool {
        if self.testing.is_some() {
            self.test_reroll_worth()
        } else {
            self.defence_reroll_worth()
        }
    }

    /// The AI holds the reroll for its tests when the exact gain in the
    /// captain's chance to stay on its feet through the action (odds
    /// engine, with the reroll held and without) times its worth is at
    /// least 0.05.
    fn test_reroll_worth(&self) -> bool {
        let Some((q, c, attacker)) = &self.testing else {
            return false;
        };
        let out = |q: &Query| match self.odds(q) {
            Ok(Odds::Shoot(o)) => o.out_of_action.to_f64().unwrap_or(0.0),
            Ok(Odds::Melee(o)) if *attacker => o.attacker_out.to_f64().unwrap_or(0.0),
            Ok(Odds::Melee(o)) => o.defender_out.to_f64().unwrap_or(0.0),
            Err(_) => 0.0,
        };
        let mut held = q.clone();
        if *attacker {
            held.attacker.save_reroll = true;
        } else {
            held.defender.save_reroll = true;
        }
        (out(q) - out(&held)) * super::ai::worth(self, *c) >= 0.05
    }

    /// The captain being asked whether it holds its reroll in defence
    /// (`None` when no such question is open).
    pub fn defending_captain(&self) -> Option<usize> {
        self.defending_pair.map(|(_, d)| d)
    }

    /// Whether the defender's Zawadiaka already gives it a reroll in this
    /// exchange (no supporter on either side).
    fn would_duel(&self, q: &Query) -> bool {
        q.defender.skills.contains(&Skill::Duellist)
            && q.defender.support == 0
            && q.attacker.support == 0
    }

    /// After an exchange in which the captain `d` held its reroll in
    /// defence: spent when its Fight roll used a reroll. The event to log
    /// after the exchange's own.
    #[must_use]
    pub(super) fn after_defence_reroll(
        &mut self,
        d: usize,
        held: bool,
        report: &play::Report,
    ) -> Option<Event> {
        if !held {
            return None;
        }
        let used = report
            .events
            .iter()
            .any(|e| matches!(e, play::Event::Fight { defender, .. } if defender.reroll.is_some()));
        if used {
            self.models[d].captain_reroll = false;
        }
        Some(Event::Reroll { model: d, used })
    }

    /// The AI's answer (never for a Withdrawal's roll): hold the reroll
    /// when it adds at least 0.05 to the exchange's value for the captain: the exact chance the attacker is
    /// taken out times its worth (with what its fall does to the end of
    /// the battle: in Duma the last enemies' fall may end it in a draw),
    /// less the chance the captain is, times its own.
    pub(super) fn defence_reroll_worth(&self) -> bool {
        // A Withdrawal's roll hurts nobody (B46): the reroll is kept for
        // an exchange that may.
        let (Some(q), Some((a, d)), false) =
            (&self.defending, self.defending_pair, self.withdrawing)
        else {
            return false;
        };
        let gain = super::ai::worth(self, a) + super::ai::ending(self, a);
        let loss = super::ai::worth(self, d);
        let value = |q: &Query| match self.odds(q) {
            Ok(Odds::Melee(o)) => {
                o.attacker_out.to_f64().unwrap_or(0.0) * gain
                    - o.defender_out.to_f64().unwrap_or(0.0) * loss
            }
            _ => 0.0,
        };
        let mut held = q.clone();
        held.defender.reroll = true;
        value(&held) - value(q) >= 0.05
    }

    /// How much committing the reroll now adds to model `m`'s best Shot,
    /// cast or Attack: the gain in the exact chance of taking the target
    /// out, times `worth` of the target (for the AI).
    pub fn reroll_gain(&self, m: usize, worth: &dyn Fn(usize) -> f64) -> f64 {
        let out_chance = |q: &Query| match self.odds(q) {
            Ok(Odds::Shoot(o)) => o.out_of_action.to_f64().unwrap_or(0.0),
            Ok(Odds::Melee(o)) => o.defender_out.to_f64().unwrap_or(0.0),
            Err(_) => 0.0,
        };
        let gain = |mut q: Query| {
            let before = out_chance(&q);
            q.attacker.reroll = true;
            out_chance(&q) - before
        };
        let mut best = 0.0_f64;
        for t in 0..self.models.len() {
            let mut queries: Vec<Query> = vec![];
            queries.extend(self.shot_plan(m, t).map(|p| p.query));
            for &(k, _) in &self.models[m].tricks {
                queries.extend(self.shot_plan_with(m, t, Some(k)).map(|p| p.query));
            }
            if self.engaged_with(m).contains(&t) {
                queries.push(self.melee_query(m, t).0);
            }
            for q in queries {
                best = best.max(gain(q) * worth(t));
            }
        }
        best
    }
}
