//! What the winner of a melee exchange may do instead of wounding (B45):
//! Kradzież takes a technology marker (B111), Ucieczka breaks away (B112),
//! "Gryź to!" fires the loser's own weapon (B80, Q41).
//! The odds engine plays the exchange in two halves (`play::play_exchange`,
//! then `play::play_wound`), so the winner's side is asked between them.

use mortalis_rules::odds::{self, Odds, Query};
use mortalis_rules::play;
use mortalis_rules::skills::Skill;

use super::actions::ShotPlan;
use super::ai::{out_chance, worth};
use super::{About, Battle, BattleError, Choice, Event, Logged, Players};
use crate::table::{Body, Place};

/// How far from its opponent Ucieczka puts the model (B112), edge to edge.
pub const BREAK_AWAY: f64 = 1.0;

impl Battle {
    /// An Attack of `m` at `target` with the query as the plays left it:
    /// the Fight rolls, then (when the winner wounds) the winner's side may
    /// replace the wound (B45), else the loser's test. The same dice and
    /// the same rerolls as `play::play` (nothing is resolved twice).
    pub(super) fn play_attack(
        &mut self,
        players: &mut Players,
        m: usize,
        target: usize,
        q: &Query,
        matrix: super::tricks::FightMatrix,
    ) -> Result<(play::Report, Odds), BattleError> {
        let rules = |e: odds::ActionError| BattleError::Rules(e.to_string());
        let chance = self.odds(q).map_err(rules)?;
        let game = odds::MeleeGame::new(&odds::melee_plan(q).map_err(rules)?);
        let (pl, en) = super::actions::FIGHT_LABEL;
        players.dice.label(pl, en);
        let exchange = play::play_exchange(
            &game,
            &mut Logged {
                inner: players.dice,
                rolled: &mut self.dice,
            },
        )?;
        // A third model's Błąd matrycy used on a Fight roll is spent now,
        // before a shot instead of the wound could find its charge.
        self.spend_fight_matrix(matrix, std::slice::from_ref(&exchange.fight));
        if exchange.wounds(&game) {
            let (w, l) = if exchange.winner > 0 {
                (m, target)
            } else {
                (target, m)
            };
            let options = self.instead_options(w, l);
            let side = self.models[w].side;
            self.exchange = Some((w, l));
            let answer = self.react(players, side, About::Reaction, options);
            self.exchange = None;
            match answer? {
                Choice::Shoot { target } => {
                    self.bite_this(players, w, l, target)?;
                    return Ok((exchange.unwounded(), chance));
                }
                Choice::Play {
                    play: Skill::Theft, ..
                } => {
                    self.steal(w, l);
                    return Ok((exchange.unwounded(), chance));
                }
                Choice::Step { to, .. } => {
                    self.break_away(w, l, to);
                    return Ok((exchange.unwounded(), chance));
                }
                _ => {}
            }
        }
        let report = play::play_wound(
            &game,
            exchange,
            &mut Logged {
                inner: players.dice,
                rolled: &mut self.dice,
            },
        )?;
        self.spend_fight_matrix(matrix, report.events.get(1..).unwrap_or_default());
        Ok((report, chance))
    }

    /// What winner `w` may do instead of wounding loser `l`: Kradzież when
    /// `l` carries a technology marker (B111); Ucieczka when `w` is engaged
    /// with `l` alone (B112), a place for each free spot 1" from `l`.
    fn instead_options(&self, w: usize, l: usize) -> Vec<Choice> {
        let me = &self.models[w];
        let mut out = vec![];
        if me.skills.contains(&Skill::Theft) && self.models[l].carried > 0 {
            out.push(Choice::Play {
                play: Skill::Theft,
                model: l,
            });
        }
        if me.skills.contains(&Skill::Escape) && self.engaged_with(w) == [l] {
            out.extend(
                self.break_away_places(w, l)
                    .into_iter()
                    .map(|to| Choice::Step { model: w, to }),
            );
        }
        out.extend(
            (0..self.models.len())
                .filter(|&t| self.bite_plan(w, l, t).is_some())
                .map(|target| Choice::Shoot { target }),
        );
        out
    }

    /// "Gryź to!" (B80; Q41 ruling: the winner does not move, the two stay
    /// engaged, and for this one volley the winner's engagement, its loser
    /// standing in the way and a Shot already taken this round are
    /// ignored): the volley of the loser's ranged weapon that winner `w`
    /// may fire at `t` — another model of the loser's side (the rulebook:
    /// "above all at his own people"; at the loser itself the win would
    /// simply wound), under every other rule of shooting (sight, range,
    /// B66). Only for a model that may use heroic plays, once a battle.
    pub(super) fn bite_plan(&self, w: usize, l: usize, t: usize) -> Option<ShotPlan> {
        let weapon = self.models[l].ranged()?;
        if t == l
            || !self.may_play(w, Skill::BiteThis)
            || self.models[t].side != self.models[l].side
        {
            return None;
        }
        // The loser out of the way for this one volley.
        let mut probe = self.clone();
        probe.models[l].status = super::Status::Removed;
        probe.models[w].dazzled = false;
        probe.shot_plan_by(w, t, None, Some(weapon))
    }

    /// Fires "Gryź to!" (B80): the play used, the volley played as a Shot.
    fn bite_this(
        &mut self,
        players: &mut Players,
        w: usize,
        l: usize,
        t: usize,
    ) -> Result<(), BattleError> {
        let Some(plan) = self.bite_plan(w, l, t) else {
            return Ok(());
        };
        self.used_play(w, Skill::BiteThis);
        self.fire_plan(players, w, t, None, &plan)
    }

    /// Ruling (Ucieczka, B112): the model is put 1" (edge to edge) from its
    /// opponent, at one of eight points around it — straight back from it
    /// first — on its own level, where it can stand, touching no model and
    /// engaged with no enemy.
    pub(super) fn break_away_places(&self, w: usize, l: usize) -> Vec<Place> {
        let (me, it) = (&self.models[w], &self.models[l]);
        let r = me.body.radius();
        let (dx, dy) = (me.body.at.x - it.body.at.x, me.body.at.y - it.body.at.y);
        let start = dy.atan2(dx);
        let reach = it.body.radius() + r + BREAK_AWAY + 1e-3;
        (0..8)
            .filter_map(|k| {
                let a = start + f64::from(k) * std::f64::consts::FRAC_PI_4;
                let at = Place {
                    x: it.body.at.x + reach * a.cos(),
                    y: it.body.at.y + reach * a.sin(),
                    level: me.body.at.level,
                };
                let body = Body { at, ..me.body };
                let clear = self.models.iter().enumerate().all(|(j, o)| {
                    j == w
                        || !o.on_table()
                        || (o.side == me.side && self.table.distance(&body, &o.body) > 1e-6)
                        || (o.side != me.side && self.table.distance(&body, &o.body) >= 1.0)
                });
                (clear && self.table.can_stand(at, r).is_ok()).then_some(at)
            })
            .collect()
    }

    /// Kradzież (B111): one technology marker passes from `l` to `w`.
    fn steal(&mut self, w: usize, l: usize) {
        self.models[l].carried -= 1;
        self.models[w].carried += 1;
        self.event(Event::Instead {
            model: w,
            skill: Skill::Theft,
            from: l,
        });
    }

    /// Ucieczka (B112): `w` is put at `to`; both keep their actions.
    fn break_away(&mut self, w: usize, l: usize, to: Place) {
        let from = self.models[w].body.at;
        self.models[w].body.at = to;
        self.event(Event::Instead {
            model: w,
            skill: Skill::Escape,
            from: l,
        });
        self.event(Event::Moved {
            model: w,
            to,
            spent: (to.x - from.x).hypot(to.y - from.y),
            both: false,
        });
    }

    /// The AI's answer (B181): steal when the wound would more likely leave
    /// the loser standing; break away when the winner shoots or carries
    /// something off (it keeps its actions), else wound.
    pub(super) fn instead_worth(&self, c: &Choice) -> Option<bool> {
        let a = self.active?;
        match *c {
            Choice::Play {
                play: Skill::Theft,
                model: l,
            } => {
                // The winner: the active model, or the one it attacked.
                let w = if a != l {
                    a
                } else {
                    *self
                        .engaged_with(l)
                        .iter()
                        .find(|&&e| self.models[e].skills.contains(&Skill::Theft))?
                };
                // The loser's test as if the winner had attacked it.
                let (q, _) = self.melee_query(w, l);
                let spec = odds::melee_plan(&q).ok()?.defender_save;
                Some(super::ai::prob(&odds::save_fail(spec)) < 0.5)
            }
            // "Gryź to!": the volley's chance against the wound's.
            Choice::Shoot { target } => {
                let (w, l) = self.exchange?;
                let plan = self.bite_plan(w, l, target)?;
                let (q, _) = self.melee_query(w, l);
                let spec = odds::melee_plan(&q).ok()?.defender_save;
                let wound = super::ai::prob(&odds::save_fail(spec)) * worth(self, l);
                Some(out_chance(self, &plan.query) * worth(self, target) > wound)
            }
            Choice::Step { model: w, .. } => {
                let me = &self.models[w];
                Some(me.ranged().is_some() || me.carried > 0 || me.object)
            }
            _ => None,
        }
    }
}
