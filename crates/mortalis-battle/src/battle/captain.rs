//! The captain's reroll (B9): once per battle, one reroll of one of the
//! captain's own rolls, the second result standing. The odds engine knows
//! it as the attack roll's once-per-action reroll (`odds::Side::reroll`),
//! kept for the shot or the die where it helps most. The captain's side
//! decides when to commit it (`Choice::CommitReroll`, before a Shot, a cast
//! or an Attack); it is spent only when the roll then uses it. Ruling in
//! docs/mortalis/battle.md.

use mortalis_rules::odds::{self, Odds, Query};
use mortalis_rules::play;
use mortalis_rules::skills::Skill;
use num_traits::ToPrimitive;

use super::{Battle, Choice, Event};

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
    /// the roll used its own reroll; committed no longer either way.
    pub(super) fn after_reroll(&mut self, m: usize, report: &play::Report) {
        if !std::mem::take(&mut self.models[m].reroll_armed) {
            return;
        }
        let used = report.events.iter().any(|e| match e {
            play::Event::Shot { roll, .. } => roll.reroll.is_some(),
            play::Event::Fight { attacker, .. } => attacker.reroll.is_some(),
            _ => false,
        });
        if used {
            self.models[m].captain_reroll = false;
        }
        self.event(Event::Reroll { model: m, used });
    }

    /// How much committing the reroll now adds to model `m`'s best Shot,
    /// cast or Attack: the gain in the exact chance of taking the target
    /// out, times `worth` of the target (for the AI).
    pub fn reroll_gain(&self, m: usize, worth: &dyn Fn(usize) -> f64) -> f64 {
        let out_chance = |q: &Query| match odds::odds(q) {
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
