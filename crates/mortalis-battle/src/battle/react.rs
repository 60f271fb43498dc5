//! Reactive actions (B67–B74), heroic plays (B75–B87) and offensive events
//! (B88–B93), with the interrupt points they need (B68, Q32):
//!
//! - **during movement**, at every point of a Move's path (`Battle::walk`):
//!   interception by a non-engaged enemy the mover comes within 1" of, a
//!   Shot from hiding by an enemy that now sees it ("Woohoo!" on its test),
//!   Rozproszenie against an interception;
//! - **at each activation** (B23 step 1): the opponent's Zastój on the
//!   model, the active side's Rozproszenie (a marker) or Pierwotny strach;
//! - **at each declaration** (B23 step 3): the opponent's Zwątpienie, and
//!   Potknięcie when the action is a Move;
//! - **at each roll**: the heroic plays the odds engine plays optimally once
//!   they are declared ready ("Nic mi nie jest!", "I co mi zrobisz?!",
//!   "Woohoo!", "Pokaż kotku, co masz w środku!");
//! - **after every action**: a model holding a Shot-from-hiding marker that
//!   now sees an enemy loses it and may fire (B73).
//!
//! Every one of them is a question to the deciding side (B181); a question
//! with nothing to choose but "pass" is not asked. The walk along a Move
//! and the watch after every action are in `walk.rs`.

use mortalis_rules::Lang;
use mortalis_rules::equipment::Armour;
use mortalis_rules::odds::Query;
use mortalis_rules::play;
use mortalis_rules::skills::Skill;
use serde::{Deserialize, Serialize};

use super::{About, Battle, BattleError, Choice, Event, Players, Question};
use crate::path::Nav;
use crate::table::Place;

pub use super::walk::Walked;

/// Offensive events a player may use in one battle (B88).
pub const EVENTS_PER_BATTLE: usize = 3;
/// How far a forced move goes (B89, B93).
pub const FORCED_MOVE: f64 = 3.0;

/// The five offensive events (B88–B93).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Offensive {
    /// Pierwotny strach (B89): the model moves 3" at once, its owner
    /// choosing the direction.
    PrimalFear,
    /// Zastój (B90): one action this round.
    Stall,
    /// Rozproszenie (B91): a Defensive-position or Shot-from-hiding marker
    /// goes, or an interception is stopped.
    Distraction,
    /// Zwątpienie (B92): the declared action is not carried out.
    Doubt,
    /// Potknięcie (B93): instead of its Move, 3" straight.
    Stumble,
}

impl Offensive {
    /// The event's name.
    pub fn name(self, lang: Lang) -> &'static str {
        let (pl, en) = match self {
            Offensive::PrimalFear => ("Pierwotny strach", "Primal fear"),
            Offensive::Stall => ("Zastój", "Stall"),
            Offensive::Distraction => ("Rozproszenie", "Distraction"),
            Offensive::Doubt => ("Zwątpienie", "Doubt"),
            Offensive::Stumble => ("Potknięcie", "Stumble"),
        };
        lang.pick(pl, en)
    }
}

/// What each player has used of its events this battle (B75, B88).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Pools {
    /// Heroic plays used, per side (each once per battle, Q13).
    pub plays: [Vec<Skill>; 2],
    /// Offensive events used, per side (three of five, none twice).
    pub events: [Vec<Offensive>; 2],
    /// "I Twoją matkę też!" in force: the model and the round (Q14: to the
    /// end of that round), per side.
    pub taunt: [Option<(usize, u32)>; 2],
}

impl Pools {
    /// Whether `side` may still play `event` (never the independent
    /// models, B137: they have no events).
    pub fn may_offend(&self, side: usize, event: Offensive) -> bool {
        self.events
            .get(side)
            .is_some_and(|e| e.len() < EVENTS_PER_BATTLE && !e.contains(&event))
    }

    /// Whether `side` has not used `play` yet (the independent models have
    /// no heroic plays).
    pub fn may_play(&self, side: usize, play: Skill) -> bool {
        self.plays.get(side).is_some_and(|p| !p.contains(&play))
    }
}

impl Battle {
    /// Asks `side` a question unless "pass" is all it could answer.
    pub(super) fn react(
        &mut self,
        players: &mut Players,
        side: usize,
        about: About,
        mut options: Vec<Choice>,
    ) -> Result<Choice, BattleError> {
        if options.is_empty() {
            return Ok(Choice::Pass);
        }
        options.push(Choice::Pass);
        self.ask(
            players,
            Question {
                side,
                about,
                options,
            },
        )
    }

    /// Marks an offensive event used and logs it.
    pub(super) fn offend(&mut self, side: usize, event: Offensive, model: usize) {
        self.pools.events[side].push(event);
        self.event(Event::Offended {
            side,
            offensive: event,
            model,
        });
    }

    /// Whether model `m` may use heroic play `play` now (B76, Q13: "Nic mi
    /// nie jest!" for any model, the others for the models the builder
    /// allows them).
    pub fn may_play(&self, m: usize, play: Skill) -> bool {
        let me = &self.models[m];
        self.pools.may_play(me.side, play) && (play == Skill::ImFine || me.heroic)
    }

    /// B72: a non-engaged model with a ranged weapon that sees no enemy may
    /// declare a Shot from hiding (its free action; the caller checks it).
    pub(super) fn may_overwatch(&self, m: usize) -> bool {
        let me = &self.models[m];
        if me.overwatch || me.pet || me.object || me.ranged().is_none() {
            return false;
        }
        !(0..self.models.len()).any(|e| {
            let o = &self.models[e];
            o.on_table()
                && o.side != me.side
                && !o.hidden
                && self.table.sees_with(
                    &self.recall.sight,
                    &me.body,
                    &o.body,
                    &self.sight_others(&[e, m]),
                )
        })
    }

    /// Asks `m`'s side, one play at a time, which of `plays` it holds ready
    /// for the rolls to come; each one chosen goes into `skills` (the odds
    /// engine uses it when it pays, R34, R55).
    fn ready_plays(
        &mut self,
        players: &mut Players,
        m: usize,
        plays: &[Skill],
        skills: &mut Vec<Skill>,
    ) -> Result<(), BattleError> {
        let side = self.models[m].side;
        let mut left: Vec<Skill> = plays
            .iter()
            .copied()
            .filter(|&p| self.may_play(m, p))
            .collect();
        while !left.is_empty() {
            let opts = left
                .iter()
                .map(|&play| Choice::Play { play, model: m })
                .collect();
            let Choice::Play { play, .. } = self.react(players, side, About::Play, opts)? else {
                break;
            };
            left.retain(|&p| p != play);
            skills.push(play);
        }
        Ok(())
    }

    /// The heroic plays the target of a shot may hold ready (B81, B82,
    /// B87): "Nic mi nie jest!", "I co mi zrobisz?!", and against a Shot
    /// from hiding "Woohoo!".
    pub(super) fn plays_for_shot(
        &mut self,
        players: &mut Players,
        query: &mut Query,
        target: usize,
    ) -> Result<(), BattleError> {
        let mut plays = vec![Skill::ImFine, Skill::WhatYouGonnaDo];
        if query.situation.overwatch {
            plays.push(Skill::Woohoo);
        }
        self.ready_plays(players, target, &plays, &mut query.defender.skills)
    }

    /// The heroic plays of an exchange: "Pokaż kotku, co masz w środku!"
    /// for an attacker against a sarcophagus (B84, used when declared), and
    /// "Nic mi nie jest!" for either fighter (B87).
    pub(super) fn plays_for_fight(
        &mut self,
        players: &mut Players,
        query: &mut Query,
        a: usize,
        d: usize,
    ) -> Result<(), BattleError> {
        if self.models[d].armour == Armour::Sarcophagus {
            let before = query.attacker.skills.len();
            self.ready_plays(
                players,
                a,
                &[Skill::ShowMeKitty],
                &mut query.attacker.skills,
            )?;
            if query.attacker.skills.len() > before {
                self.used_play(a, Skill::ShowMeKitty);
            }
        }
        self.ready_plays(players, a, &[Skill::ImFine], &mut query.attacker.skills)?;
        self.ready_plays(players, d, &[Skill::ImFine], &mut query.defender.skills)
    }

    pub(super) fn used_play(&mut self, m: usize, play: Skill) {
        let side = self.models[m].side;
        if !self.pools.plays[side].contains(&play) {
            self.pools.plays[side].push(play);
            self.event(Event::Heroic { model: m, play });
        }
    }

    /// The heroic plays a played action used (the report's tests): they are
    /// gone for the battle (B75).
    pub(super) fn spend_plays(&mut self, report: &play::Report, attacker: usize, defender: usize) {
        for e in &report.events {
            if let play::Event::Save { who, plays, .. } = e {
                let m = if *who == "attacker" {
                    attacker
                } else {
                    defender
                };
                for &p in plays {
                    if p != Skill::Adrenaline {
                        self.used_play(m, p);
                    }
                }
            }
        }
    }

    /// B23 step 1: model `m` was named. The opponent may play Zastój on it
    /// (B90); its own side Rozproszenie on an enemy's marker (B91),
    /// Pierwotny strach on an enemy (B89), "I Twoją matkę też!" for one
    /// of its models (B77), or "Głowa w dół!" (B85, ruling "When the knife
    /// is thrown").
    pub(super) fn on_activate(
        &mut self,
        players: &mut Players,
        m: usize,
    ) -> Result<(), BattleError> {
        let side = self.models[m].side;
        let opp = 1 - side;
        if self.pools.may_offend(opp, Offensive::Stall) {
            let opts = vec![Choice::Offend {
                event: Offensive::Stall,
                model: m,
            }];
            if self.react(players, opp, About::Event, opts)? != Choice::Pass {
                self.offend(opp, Offensive::Stall, m);
                self.models[m].stalled = true;
            }
        }
        let mut opts = vec![];
        for e in 0..self.models.len() {
            let o = &self.models[e];
            if !o.on_table() || o.side == side {
                continue;
            }
            if (o.defensive || o.overwatch) && self.pools.may_offend(side, Offensive::Distraction) {
                opts.push(Choice::Offend {
                    event: Offensive::Distraction,
                    model: e,
                });
            }
            if self.pools.may_offend(side, Offensive::PrimalFear) {
                opts.push(Choice::Offend {
                    event: Offensive::PrimalFear,
                    model: e,
                });
            }
        }
        for t in 0..self.models.len() {
            let o = &self.models[t];
            if o.on_table() && o.side == side && self.may_play(t, Skill::YourMotherToo) {
                opts.push(Choice::Play {
                    play: Skill::YourMotherToo,
                    model: t,
                });
            }
        }
        opts.extend(self.knife_options(side));
        match self.react(players, side, About::Event, opts)? {
            Choice::Knife { model, target } => {
                let plan = self
                    .shot_plan_with(model, target, Some(Skill::HeadsDown))
                    .ok_or_else(|| BattleError::Rules("the knife throw is not legal".into()))?;
                self.used_play(model, Skill::HeadsDown);
                self.fire_plan(players, model, target, Some(Skill::HeadsDown), &plan)?;
            }
            Choice::Play { play, model } => {
                self.used_play(model, play);
                self.pools.taunt[side] = Some((model, self.round));
            }
            Choice::Offend {
                event: Offensive::Distraction,
                model: e,
            } => {
                self.offend(side, Offensive::Distraction, e);
                self.models[e].defensive = false;
                if std::mem::take(&mut self.models[e].overwatch) {
                    self.event(Event::Overwatch {
                        model: e,
                        on: false,
                    });
                }
            }
            Choice::Offend {
                event: Offensive::PrimalFear,
                model: e,
            } => {
                self.offend(side, Offensive::PrimalFear, e);
                self.forced_move(players, e)?;
            }
            _ => {}
        }
        Ok(())
    }

    /// "Głowa w dół!" (B85) for `side`: each of its models that may still
    /// use the play, at each enemy engaged with one of its friends that the
    /// knife reaches ([`Battle::shot_plan_with`]).
    fn knife_options(&self, side: usize) -> Vec<Choice> {
        let mut out = vec![];
        let targets: Vec<usize> = (0..self.models.len())
            .filter(|&t| self.models[t].on_table() && self.models[t].side != side)
            .filter(|&t| {
                self.engaged_with(t)
                    .iter()
                    .any(|&f| self.models[f].side == side)
            })
            .collect();
        for model in 0..self.models.len() {
            let me = &self.models[model];
            if targets.is_empty() || !me.on_table() || me.side != side {
                continue;
            }
            if !self.may_play(model, Skill::HeadsDown) {
                continue;
            }
            for &target in &targets {
                if self
                    .shot_plan_with(model, target, Some(Skill::HeadsDown))
                    .is_some()
                {
                    out.push(Choice::Knife { model, target });
                }
            }
        }
        out
    }

    /// B23 step 3: the active side declared `choice` for `m`. The opponent
    /// may play Zwątpienie (B92: the model does another action or none —
    /// the side chooses again among the others) and, on a Move, Potknięcie
    /// (B93: 3" straight instead, the Move action spent). `None` when the
    /// action has been carried out here.
    pub(super) fn declare(
        &mut self,
        players: &mut Players,
        m: usize,
        mut choice: Choice,
        navs: &[Nav],
    ) -> Result<Option<Choice>, BattleError> {
        let side = self.models[m].side;
        let opp = 1 - side;
        if self.pools.may_offend(opp, Offensive::Doubt) {
            let opts = vec![Choice::Offend {
                event: Offensive::Doubt,
                model: m,
            }];
            if self.react(players, opp, About::Event, opts)? != Choice::Pass {
                self.offend(opp, Offensive::Doubt, m);
                let options: Vec<Choice> = self
                    .options(m, navs)?
                    .into_iter()
                    .filter(|c| *c != choice)
                    .collect();
                choice = self.ask(
                    players,
                    Question {
                        side,
                        about: About::Action,
                        options,
                    },
                )?;
            }
        }
        if matches!(
            choice,
            Choice::Move { .. } | Choice::Leap { .. } | Choice::JumpDown { .. }
        ) && self.pools.may_offend(opp, Offensive::Stumble)
        {
            let opts = vec![Choice::Offend {
                event: Offensive::Stumble,
                model: m,
            }];
            if self.react(players, opp, About::Event, opts)? != Choice::Pass {
                self.offend(opp, Offensive::Stumble, m);
                self.models[m].defensive = false;
                if std::mem::take(&mut self.models[m].overwatch) {
                    self.event(Event::Overwatch {
                        model: m,
                        on: false,
                    });
                }
                self.take_slot(m, true);
                self.forced_move(players, m)?;
                return Ok(None);
            }
        }
        Ok(Some(choice))
    }

    /// The places a forced move of 3" straight can take `m` (B89, B93): in
    /// each of 16 directions as far as it can stand on its level (Ruling:
    /// it stops at a wall, a base, a roof's edge or the table's edge, B37),
    /// each at least 0.1" away — but when no direction lets it go the whole
    /// 3" on its level (no other way out), a direction that runs off a
    /// roof's edge jumps down, landing where the 3" end (B33; ruling
    /// "Forced moves that jump down", `battle/jumpdown.rs`).
    pub fn forced_steps(&self, m: usize) -> Vec<Choice> {
        let me = &self.models[m];
        let r = me.body.radius();
        let from = me.body.at;
        let mut out: Vec<Choice> = vec![];
        let mut ways: Vec<(Place, Option<Place>)> = vec![];
        let mut whole = false;
        for k in 0..16 {
            let a = std::f64::consts::TAU * f64::from(k) / 16.0;
            let mut last = from;
            let mut all = true;
            for i in 1..=30 {
                let d = FORCED_MOVE * f64::from(i) / 30.0;
                let p = Place {
                    x: from.x + d * a.cos(),
                    y: from.y + d * a.sin(),
                    level: from.level,
                };
                let blocked = self.table.can_stand(p, r).is_err()
                    || self.models.iter().enumerate().any(|(j, o)| {
                        j != m
                            && o.on_table()
                            && o.body.at.level == p.level
                            && (o.body.at.x - p.x).hypot(o.body.at.y - p.y)
                                < o.body.radius() + r - 1e-6
                    });
                if blocked {
                    all = false;
                    break;
                }
                last = p;
            }
            whole |= all;
            ways.push((last, self.forced_drop(m, a)));
        }
        for (last, drop) in ways {
            let to = drop.filter(|_| !whole).unwrap_or(last);
            if (to.x - from.x).hypot(to.y - from.y) >= 0.1 {
                out.push(Choice::Step { model: m, to });
            }
        }
        out
    }

    /// A forced move of model `m` (B89, B93): its owner picks the direction
    /// among [`Battle::forced_steps`]; nothing happens when it cannot move.
    fn forced_move(&mut self, players: &mut Players, m: usize) -> Result<(), BattleError> {
        let options = self.forced_steps(m);
        if options.is_empty() {
            return Ok(());
        }
        let side = self.models[m].side;
        let Choice::Step { to, .. } = self.ask(
            players,
            Question {
                side,
                about: About::Forced,
                options,
            },
        )?
        else {
            return Ok(());
        };
        let from = self.models[m].body.at;
        self.models[m].body.at = to;
        self.event(Event::Moved {
            model: m,
            to,
            spent: (to.x - from.x).hypot(to.y - from.y),
            both: false,
        });
        if to.level != from.level {
            let height = self.table.level_height(from.level) - self.table.level_height(to.level);
            self.jump_down(players, m, height)?;
        }
        Ok(())
    }
}

impl Battle {
    /// B77, B78 (Q14: to the end of the round): while an enemy model's "I
    /// Twoją matkę też!" is in force and `m` may shoot it, `m` is offered
    /// no shot at any other model.
    pub(super) fn taunted(&self, m: usize, options: &mut Vec<Choice>) {
        let side = self.models[m].side;
        let Some((t, round)) = self.pools.taunt[1 - side] else {
            return;
        };
        if round != self.round || !options.contains(&Choice::Shoot { target: t }) {
            return;
        }
        options.retain(|c| match *c {
            Choice::Shoot { target } => target == t,
            Choice::Cast { target, .. } => target == t || self.models[target].side == side,
            Choice::AimedShot { target } => target == t,
            Choice::Pistols { first, second } => first == t && second == t,
            _ => true,
        });
    }
}
