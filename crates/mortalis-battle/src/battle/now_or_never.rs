//! "Raz kozie śmierć!" (B83): a model standing within 1" of an edge at
//! least 4" high that an enemy's shot hits may jump down instead of taking
//! that hit's Resilience test (B33, B34 when the jump fails). The volley is
//! played by the rules core's `play::Volley`, stopped before each test so
//! that the target's side can be asked.

use mortalis_rules::odds::{self, Odds, Query};
use mortalis_rules::play;
use mortalis_rules::skills::Skill;

use super::{About, Battle, BattleError, Choice, Event, Logged, Players};
use crate::table::{Level, Place};

/// How high the edge must be (B83).
pub const NOW_OR_NEVER_HEIGHT: f64 = 4.0;
/// How near the edge the model must stand (B83), edge of base to edge.
pub const NOW_OR_NEVER_REACH: f64 = 1.0;
/// Directions tried round the model for the edge.
const DIRECTIONS: u32 = 16;

impl Battle {
    /// Where model `t` could jump down by "Raz kozie śmierć!" when `shooter`
    /// hits it: for each of 16 directions in which its base reaches an edge
    /// within 1" on its level, the surface below, just clear of the edge,
    /// when the drop there is 4" or more and its base can stand there
    /// (ruling "Where the jump lands", docs/mortalis/battle.md). Never to
    /// a model shot in the middle of its own movement.
    pub(super) fn now_or_never_options(&self, t: usize, shooter: usize) -> Vec<Choice> {
        let me = &self.models[t];
        if me.body.at.level == Level::Ground
            || self.moving == Some(t)
            || me.side == self.models[shooter].side
            || !self.may_play(t, Skill::NowOrNever)
        {
            return vec![];
        }
        let (from, r) = (me.body.at, me.body.radius());
        let mut out: Vec<Choice> = vec![];
        for k in 0..DIRECTIONS {
            let a = std::f64::consts::TAU * f64::from(k) / f64::from(DIRECTIONS);
            let (dx, dy) = (a.cos(), a.sin());
            let (last, _) = super::plays::straight(self, t, dx, dy, NOW_OR_NEVER_REACH);
            let walked = (last.x - from.x).hypot(last.y - from.y);
            if walked >= NOW_OR_NEVER_REACH - 1e-6 {
                continue;
            }
            // Clear of the edge: the base's width past where it last stood.
            let len = walked + 2.0 * r + 0.2;
            let (_, Some(to)) = super::plays::straight(self, t, dx, dy, len) else {
                continue;
            };
            let height = self.table.level_height(from.level) - self.table.level_height(to.level);
            let known = out.iter().any(|c| {
                matches!(c, Choice::NowOrNever { to: p, .. }
                    if (p.x - to.x).hypot(p.y - to.y) < 0.5 && p.level == to.level)
            });
            if height >= NOW_OR_NEVER_HEIGHT && !known {
                out.push(Choice::NowOrNever {
                    model: t,
                    shooter,
                    to,
                    height,
                });
            }
        }
        out
    }

    /// Plays the shot `query` of `m` at `target` (the odds it is played
    /// with), stopping before each test a hit asks for when the target may
    /// jump down instead: its side is asked, and a jump ends the volley
    /// there (the model is gone from where the shots go). The jump, when
    /// chosen, is returned to be made after the shot is logged.
    #[allow(clippy::type_complexity)]
    pub(super) fn play_shot(
        &mut self,
        players: &mut Players,
        m: usize,
        target: usize,
        query: &Query,
    ) -> Result<(play::Report, Odds, Option<(Place, f64)>), BattleError> {
        let plan = odds::shoot_plan(query).map_err(|e| BattleError::Rules(e.to_string()))?;
        // One solve gives both the odds shown and the policy played.
        let (shown, policy) = odds::shoot_odds_plan(&plan);
        let chance = Odds::Shoot(shown);
        let options = self.now_or_never_options(target, m);
        let (pl, en) = super::actions::SHOT_LABEL;
        players.dice.label(pl, en);
        let mut volley = play::Volley::start(
            &plan,
            &mut Logged {
                inner: players.dice,
                rolled: &mut self.dice,
            },
        )?;
        loop {
            let mut dice = Logged {
                inner: players.dice,
                rolled: &mut self.dice,
            };
            if !volley.play_on(&plan, &policy, &mut dice, !options.is_empty())? {
                return Ok((volley.report(), chance, None));
            }
            let side = self.models[target].side;
            self.shooting = Some(query.clone());
            let answer = self.react(players, side, About::Play, options.clone());
            self.shooting = None;
            if let Choice::NowOrNever { to, height, .. } = answer? {
                return Ok((volley.report(), chance, Some((to, height))));
            }
        }
    }

    /// The exact chance the model asked about "Raz kozie śmierć!" passes the
    /// test of the hit now waiting (the shot's own query: its weapon or
    /// trick, the tricks at hand), for the AI.
    pub(super) fn now_or_never_pass(&self) -> f64 {
        match self.shooting.as_ref().map(odds::odds) {
            Some(Ok(Odds::Shoot(o))) => 1.0 - super::ai::prob(&o.fail_save),
            _ => 0.5,
        }
    }

    /// Model `t` jumps down to `to` by "Raz kozie śmierć!": the play is
    /// gone, the model stands below and rolls the jump (B33; a failure is a
    /// fall, B34, which may take it out, with no credit, Q35).
    pub(super) fn now_or_never(
        &mut self,
        players: &mut Players,
        t: usize,
        to: Place,
        height: f64,
    ) -> Result<(), BattleError> {
        self.used_play(t, Skill::NowOrNever);
        self.models[t].body.at = to;
        self.event(Event::Moved {
            model: t,
            to,
            spent: 0.0,
            both: false,
        });
        self.jump_down(players, t, height)?;
        if self.models[t].on_table() {
            self.after_move(t);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Status, side_from_warband};
    use super::*;

    /// A1 on the 4" block 0.7" from its west edge, B1 on the ground west
    /// of it.
    fn on_the_block() -> Battle {
        let table = crate::file::parse(include_str!("../../tests/data/tower.toml")).unwrap();
        let side =
            |text: &str, s: usize| side_from_warband(&toml::from_str(text).unwrap(), s).unwrap();
        let (na, sa, mut models) = side(include_str!("../../tests/data/alfa.toml"), 0);
        let (nb, sb, more) = side(include_str!("../../tests/data/beta.toml"), 1);
        models.extend(more);
        for m in &mut models {
            match m.name.as_str() {
                "A1" => {
                    m.body.at = Place {
                        x: 9.2,
                        y: 10.0,
                        level: table.surface_at(9.2, 10.0),
                    }
                }
                "B1" => m.body.at = Place::ground(3.0, 10.0),
                _ => m.status = Status::Removed,
            }
        }
        Battle::new(table, [na, nb], [sa, sb], models, 0).with_house_rounds()
    }

    /// B83 is offered to a model hit where it stands, never to one shot in
    /// the middle of its own movement (ruling "The rest of the volley").
    #[test]
    fn no_jump_in_the_middle_of_a_move() {
        let mut b = on_the_block();
        let (a1, b1) = (0, 3);
        assert_eq!(b.models[a1].name, "A1");
        assert_eq!(b.models[b1].name, "B1");
        assert!(!b.now_or_never_options(a1, b1).is_empty());
        b.moving = Some(a1);
        assert!(b.now_or_never_options(a1, b1).is_empty());
    }
}
