//! Carrying out a chosen action: what
//! any action takes away first (the defensive marker, the armed reroll,
//! Ukrycie, the Shot-from-hiding marker), then the action itself — a Move
//! with the reactions along it, a Shot, an Attack with its exchange, a
//! withdrawal, and the rest, most of them played in their own modules.

use mortalis_rules::equipment::Item;
use mortalis_rules::odds::{self, Odds};
use mortalis_rules::skills::Skill;

use super::{Battle, BattleError, Choice, Event, Players, Status, plays, walk};
use crate::path::Nav;
use crate::table::Place;

impl Battle {
    /// Carries out one chosen action of model `m`.
    pub(super) fn resolve(
        &mut self,
        players: &mut Players,
        m: usize,
        choice: Choice,
        navs: &[Nav],
    ) -> Result<(), BattleError> {
        // B9: committing the captain's reroll is no action (but the
        // defensive marker goes with it, as with anything but a Shot, B70).
        if choice == Choice::CommitReroll {
            self.models[m].defensive = false;
            self.models[m].reroll_armed = true;
            return Ok(());
        }
        self.before_action(m, &choice);
        match choice {
            Choice::Overwatch => {
                self.take_slot(m, false);
                self.models[m].overwatch = true;
                self.event(Event::Overwatch { model: m, on: true });
            }
            Choice::Hide => {
                self.take_slot(m, false);
                self.models[m].hidden = true;
                self.event(Event::Hid { model: m });
            }
            Choice::DefensivePosition => {
                self.take_slot(m, false);
                self.models[m].defensive = true;
                self.event(Event::Defends { model: m });
            }
            Choice::Withdraw { from } => self.withdraw(players, m, from)?,
            Choice::Move {
                to,
                spent,
                leave,
                climbed,
                both,
            } => self.walk_move(players, m, (to, spent), (leave, climbed, both), navs)?,
            Choice::PickUp { marker } => {
                if marker < self.markers.len() {
                    self.markers.remove(marker);
                    self.models[m].carried += 1;
                }
                self.take_slot(m, false);
                self.event(Event::PickedUp { model: m });
            }
            Choice::Fly { to } => self.fly(players, m, to)?,
            Choice::DefenceOrder => self.defence_order(m),
            Choice::Spread { targets } => self.fire_spread(players, m, targets)?,
            Choice::Throw { item, x, y } => self.throw(players, m, item, x, y)?,
            Choice::Pistols { first, second } => self.fire_pistols(players, m, [first, second])?,
            Choice::AimedShot { target } => {
                let plan = self
                    .aimed_plan(m, target)
                    .ok_or_else(|| BattleError::Rules("the shot is no longer legal".into()))?;
                let me = &mut self.models[m];
                me.move_slot = true;
                me.free_slot = true;
                self.fire_plan(players, m, target, None, &plan)?;
            }
            Choice::CarryTogether {
                helper,
                to,
                spent,
                leave,
            } => self.carry_together(m, helper, to, spent, leave)?,
            Choice::PickUpData => {
                self.take_slot(m, false);
                self.pick_data(m);
            }
            Choice::PickUpObject => {
                if self.object.take().is_some() {
                    self.models[m].object = true;
                }
                self.take_slot(m, false);
                self.event(Event::PickedUpObject { model: m });
            }
            Choice::Cast { trick, target } if super::tricks::cast_with_action(trick) => {
                self.cast(players, m, trick, target)?
            }
            Choice::Shoot { target } if self.models[m].ranged() == Some(Item::Flamer) => {
                self.fire_flamer(players, m, target)?
            }
            Choice::Shoot { target } => self.shoot(players, m, target, None)?,
            Choice::Cast { trick, target } => self.shoot(players, m, target, Some(trick))?,
            Choice::Leap { to } => self.leap(m, to),
            Choice::JumpDown {
                to, spent, climbed, ..
            } => self.jump_down_move(players, m, (to, spent, climbed), navs)?,
            Choice::Attack { target } => self.attack(players, m, target)?,
            _ => {}
        }
        Ok(())
    }

    /// What an action of model `m` takes away before it is carried out.
    fn before_action(&mut self, m: usize, choice: &Choice) {
        // B70: the marker goes with any action but a Shot (before an
        // Attack's roll, so that it gives the attacker nothing).
        if !matches!(
            choice,
            Choice::Shoot { .. }
                | Choice::Spread { .. }
                | Choice::Pistols { .. }
                | Choice::AimedShot { .. }
                | Choice::DefensivePosition
        ) {
            self.models[m].defensive = false;
        }
        // B9: the armed reroll is kept for a Shot, a trick cast, an Attack
        // or a withdrawal that follows.
        if !matches!(
            choice,
            Choice::Shoot { .. }
                | Choice::Cast { .. }
                | Choice::Attack { .. }
                | Choice::Withdraw { .. }
        ) {
            self.models[m].reroll_armed = false;
        }
        // B113: any other action ends Ukrycie (a Move with Skradanie is
        // judged where it ends, B114).
        if *choice != Choice::Hide
            && !self.sneaks(m, choice)
            && std::mem::take(&mut self.models[m].hidden)
        {
            self.event(Event::Revealed { model: m });
        }
        // B73: any action takes the Shot-from-hiding marker away.
        if std::mem::take(&mut self.models[m].overwatch) {
            self.event(Event::Overwatch {
                model: m,
                on: false,
            });
        }
    }

    /// Model `m` withdraws from the exchange with `from`.
    fn withdraw(
        &mut self,
        players: &mut Players,
        m: usize,
        from: usize,
    ) -> Result<(), BattleError> {
        let (mut query, _) = self.melee_query(m, from);
        let matrix = self.fight_matrix(m, from);
        let held = self.defence_reroll(players, (m, from, true), &mut query)?;
        let (report, winner) = self.play_withdrawal(players, &query)?;
        self.spend_fight_matrix(matrix, &report.events);
        let rerolls = [
            self.after_defence_reroll(from, held, &report),
            self.after_reroll(m, &report),
        ];
        self.take_slot(m, false);
        let won = winner == 1;
        let me = &mut self.models[m];
        if won {
            me.withdrew = true;
        } else {
            me.move_slot = true;
            me.free_slot = true;
        }
        self.event(Event::Withdrew {
            model: m,
            from,
            won,
            report,
        });
        for e in rerolls.into_iter().flatten() {
            self.event(e);
        }
        Ok(())
    }

    /// Model `m` walks a Move to `to` for `spent` inches (`leave`: off the
    /// table at its end; `climbed`: the way climbs; `both`: the walk is
    /// both Moves of the round, B31), with the reactions along it.
    fn walk_move(
        &mut self,
        players: &mut Players,
        m: usize,
        (to, spent): (Place, f64),
        (leave, climbed, both): (bool, bool, bool),
        navs: &[Nav],
    ) -> Result<(), BattleError> {
        let before = self.engaged_with(m);
        // Zbieracz and lava look along the whole way (B96, B128).
        let trail = self.trail(m, (to, spent), navs);
        // B67, B72: reactions along the way.
        let (to, leave, by) = match self.walk(players, m, (to, spent), navs, true)? {
            walk::Walked::Done => (to, leave, None),
            walk::Walked::Stopped { at, by } => (at, false, Some(by)),
            walk::Walked::Removed => {
                self.take_slot(m, true);
                return Ok(());
            }
        };
        self.models[m].body.at = to;
        self.models[m].climbed |= climbed;
        self.take_slot(m, true);
        if both {
            // B31: the walk was both Moves of the round.
            self.take_slot(m, true);
        }
        self.event(Event::Moved {
            model: m,
            to,
            spent,
            both,
        });
        // The interceptor engaged the mover, not the other way.
        let before: Vec<usize> = before.into_iter().chain(by).collect();
        self.mark_charged(m, &before);
        let walked = super::skills::walked_part(&trail, to);
        self.scavenge_along(m, &walked);
        self.after_move(m);
        self.lava_along(players, m, &walked)?;
        if !self.models[m].on_table() {
            return Ok(());
        }
        if leave {
            self.deliver_data(m);
            let pride = self.scenario == super::Scenario::Pride;
            let me = &mut self.models[m];
            me.status = Status::Left;
            me.scored += std::mem::take(&mut me.carried);
            me.delivered |= std::mem::take(&mut me.object);
            me.escaped |= pride && !me.volunteer;
            let markers = me.scored;
            self.event(Event::Left { model: m, markers });
        }
        Ok(())
    }

    /// Model `m` shoots at `target`, with a trick cast as the Shot
    /// (`trick`). Not the flamer's Shot, nor a trick cast with an action:
    /// [`Battle::resolve`] sends those elsewhere.
    fn shoot(
        &mut self,
        players: &mut Players,
        m: usize,
        target: usize,
        trick: Option<Skill>,
    ) -> Result<(), BattleError> {
        let plan = self
            .shot_plan_with(m, target, trick)
            .ok_or_else(|| BattleError::Rules("the shot is no longer legal".into()))?;
        self.take_slot(m, false);
        if let Some(k) = trick {
            self.models[m].spend(k);
            // Rozproszenie by a model other than the target (the odds
            // engine rolls the target's own, B110).
            let own = self.models[target].skills.contains(&Skill::Dispel);
            if !own && self.dispelled(players, m, target, k)? {
                return Ok(());
            }
        }
        self.fire_plan(players, m, target, trick, &plan)
    }

    /// Model `m` attacks `target`: the plays and rerolls before the
    /// exchange, the exchange, and what follows it (Adrenalina, the
    /// removals, "Z drogi!").
    fn attack(
        &mut self,
        players: &mut Players,
        m: usize,
        target: usize,
    ) -> Result<(), BattleError> {
        let (mut query, support) = self.melee_query(m, target);
        let matrix = self.fight_matrix(m, target);
        self.plays_for_fight(players, &mut query, m, target)?;
        let held = self.defence_reroll(players, (m, target, false), &mut query)?;
        let a_tests = self.test_reroll(players, (m, true), &mut query)?;
        let d_tests = self.test_reroll(players, (target, false), &mut query)?;
        let (report, chance) = self.play_attack(players, m, target, &query, matrix)?;
        self.spend_plays(&report, m, target);
        let mut rerolls = vec![
            self.after_defence_reroll(target, held, &report),
            self.after_test_reroll(m, a_tests, "attacker", &report),
            self.after_test_reroll(target, d_tests, "defender", &report),
        ];
        let pushed = plays::push_after(&report, m, target);
        rerolls.push(self.after_reroll(m, &report));
        self.take_slot(m, false);
        let chance = match chance {
            Odds::Melee(o) => [odds::frac(&o.defender_out), odds::frac(&o.attacker_out)],
            Odds::Shoot(_) => [String::new(), String::new()],
        };
        let (d_out, a_out) = (report.defender_out, report.attacker_out);
        self.event(Event::Fight {
            attacker: m,
            defender: target,
            support,
            chance,
            report,
        });
        for e in rerolls.into_iter().flatten() {
            self.event(e);
        }
        // B126 after the exchange: a failed test may yet count as passed —
        // and then "Z drogi!" may follow as after any passed test (B86).
        let d_saved = d_out && self.adrenaline_in_melee(players, target)?;
        let a_saved = a_out && self.adrenaline_in_melee(players, m)?;
        let (d_out, a_out) = (d_out && !d_saved, a_out && !a_saved);
        let pushed = match (d_saved, a_saved) {
            (true, _) => Some((m, target)),
            (_, true) => Some((target, m)),
            _ => pushed,
        };
        if d_out {
            self.remove(target, Some(m));
        }
        if a_out {
            self.remove(m, Some(target));
        }
        if let Some((winner, loser)) = pushed {
            self.out_of_my_way(players, winner, loser)?;
        }
        Ok(())
    }
}
