//! Activations and the legal options of a model; shots and exchanges are
//! built as `odds::Query`s and played by `mortalis_rules::play` with the
//! battle's dice. Carrying a chosen action out is `resolve.rs`.

use mortalis_rules::equipment::Item;
use mortalis_rules::odds::{self, ActionKind, Odds, Query, Situation};
use mortalis_rules::play;
use mortalis_rules::skills::Skill;

use super::{About, Battle, BattleError, Choice, Event, Logged, Players, Question, Status};
use crate::path::Nav;
use crate::sight::Sight;
use crate::table::{Body, Place};

/// A shot as the rules core sees it, and what the table says about it.
pub struct ShotPlan {
    /// The query.
    pub query: Query,
    /// What the shooter sees.
    pub sight: Sight,
    /// Edge-to-edge distance.
    pub range: f64,
}

/// Range mods add at most this much to a weapon's range (High-energy
/// batteries, +3").
const RANGE_MODS: f64 = 3.0;

/// Whether `range` lies beyond anything weapon `w` could reach: a cheap
/// test before the sight check (the odds engine still checks the range
/// exactly).
pub(super) fn beyond_reach(w: mortalis_rules::equipment::Item, range: f64) -> bool {
    w.ranged()
        .is_some_and(|st| range > f64::from(st.range) + RANGE_MODS)
}

/// What a shot's dice are for (Polish, English), for dice typed in.
pub(super) const SHOT_LABEL: (&str, &str) = (
    "Strzał: rzuty na trafienie, potem testy Odporności",
    "Shot: the rolls to hit, then the Resilience tests",
);

/// What a fight's dice are for.
pub(super) const FIGHT_LABEL: (&str, &str) = (
    "Walka: rzuty walki obu stron, potem test przegranego",
    "Fight: both sides' Fight rolls, then the loser's test",
);

impl Battle {
    /// One activation of a model of `side` (B18, B23).
    pub(super) fn activation(
        &mut self,
        players: &mut Players,
        side: usize,
        navs: &[Nav],
    ) -> Result<(), BattleError> {
        let options = (0..self.models.len())
            .filter(|&i| {
                self.models[i].side == side
                    && self.models[i].on_table()
                    && !self.models[i].activated
            })
            .map(|model| Choice::Activate { model })
            .collect();
        let Choice::Activate { model: m } = self.ask(
            players,
            Question {
                side,
                about: About::Activate,
                options,
            },
        )?
        else {
            return Ok(());
        };
        self.models[m].activated = true;
        self.active = Some(m);
        self.charged.clear();
        self.on_activate(players, m)?;
        while self.models[m].on_table() && self.end.is_none() {
            if !self.take_action(players, m, navs)? {
                break;
            }
            // B90: Zastój leaves one action.
            let me = &self.models[m];
            if me.stalled && (me.move_slot || me.free_slot) {
                break;
            }
        }
        self.models[m].stalled = false;
        self.models[m].reroll_armed = false;
        Ok(())
    }

    /// Asks for and carries out one action of model `m`; false when its
    /// side ends the activation (or nothing is left to do).
    pub(super) fn take_action(
        &mut self,
        players: &mut Players,
        m: usize,
        navs: &[Nav],
    ) -> Result<bool, BattleError> {
        let options = self.options(m, navs)?;
        if options == [Choice::End] {
            return Ok(false);
        }
        let choice = self.ask(
            players,
            Question {
                side: self.models[m].side,
                about: About::Action,
                options,
            },
        )?;
        if choice == Choice::End {
            return Ok(false);
        }
        // B23: the opponent's declaration window (B92, B93).
        match self.declare(players, m, choice, navs)? {
            Some(Choice::End) => return Ok(false),
            Some(choice) => self.resolve(players, m, choice, navs)?,
            None => {}
        }
        self.note_action(m);
        self.lava_check(players, None)?;
        self.reveal_hidden();
        self.check_end();
        self.watch(players)?;
        Ok(true)
    }

    /// Every legal action of model `m` now, `End` last.
    pub fn options(&self, m: usize, navs: &[Nav]) -> Result<Vec<Choice>, BattleError> {
        let me = &self.models[m];
        let engaged = self.engaged_with(m);
        let mut out = vec![];
        // B26: an engaged model Moves only after a won Withdrawal.
        if (engaged.is_empty() || me.withdrew) && (!me.move_slot || !me.free_slot) {
            out.extend(self.move_options(m, navs)?);
            out.extend(self.flights(m));
            out.extend(self.leap_options(m));
        }
        // B132: a stunned model only Moves; B131: so does one in smoke.
        // B128: so does one on a lava pool.
        if !me.free_slot && !me.climbed && !me.stunned && !self.in_smoke(m) && !self.on_lava(m) {
            if engaged.is_empty() {
                for t in 0..self.models.len() {
                    if self.shot_plan(m, t).is_some() {
                        out.push(Choice::Shoot { target: t });
                    }
                    out.extend(self.pistol_pairs(m, t));
                    out.extend(self.aimed_options(m, t));
                    out.extend(self.spreads(m, t));
                    for &trick in &me.tricks {
                        if self.shot_plan_with(m, t, Some(trick.0)).is_some() {
                            out.push(Choice::Cast {
                                trick: trick.0,
                                target: t,
                            });
                        }
                    }
                }
                if !me.pet && !me.volunteer {
                    let within = |at: Place| {
                        let point = Body {
                            at,
                            base: 0.0,
                            height: 0.0,
                        };
                        self.table.distance(&me.body, &point) <= 1.0
                    };
                    for (k, mk) in self.markers.iter().enumerate() {
                        if within(*mk) {
                            out.push(Choice::PickUp { marker: k });
                        }
                    }
                    if self.object.is_some_and(within) {
                        out.push(Choice::PickUpObject);
                    }
                }
                out.extend(self.trick_options(m));
                out.extend(self.throw_options(m));
                if !me.defensive {
                    out.push(Choice::DefensivePosition);
                }
                out.extend(self.order_option(m));
                if !me.hidden && me.skills.contains(&Skill::Hiding) && self.may_hide(m) {
                    out.push(Choice::Hide);
                }
                if self.may_overwatch(m) {
                    out.push(Choice::Overwatch);
                }
            } else {
                // B46: engaged with one enemy only, which is engaged with
                // another model too.
                // Ucieczka (B112) may withdraw from its one enemy anyway.
                if let [from] = engaged[..]
                    && (self.engaged_with(from).len() >= 2
                        || self.models[m].skills.contains(&Skill::Escape))
                {
                    out.push(Choice::Withdraw { from });
                }
                out.extend(engaged.into_iter().map(|target| Choice::Attack { target }));
            }
        }
        self.taunted(m, &mut out);
        out.push(Choice::End);
        // B9: committing the captain's reroll, offered before End.
        self.captain_options(m, &mut out);
        self.challenge_options(m, &mut out);
        self.carry_options(m, navs, &mut out);
        Ok(out)
    }

    /// The shot of `s` at `t`, when the rules allow it now: a ranged weapon,
    /// not engaged, a heavy weapon only before any Move (B52, B60), the
    /// target an enemy on the table, not engaged with the shooter's side
    /// (B65: with two sides an engaged enemy always is; a fight of enemies
    /// only may be shot into at one chosen fighter), visible (B53) and in
    /// range.
    pub fn shot_plan(&self, s: usize, t: usize) -> Option<ShotPlan> {
        self.shot_plan_with(s, t, None)
    }

    /// The shot of `s` at `t` ([`Battle::shot_plan`]), or with `trick` the
    /// casting of a shot-like trick (Spięcie, B116: a target in sight, the
    /// odds engine's range, C12, O+1), which needs a charge left (B14).
    pub fn shot_plan_with(&self, s: usize, t: usize, trick: Option<Skill>) -> Option<ShotPlan> {
        self.shot_plan_by(s, t, trick, None)
    }

    /// [`Battle::shot_plan_with`], with `weapon` fired instead of the
    /// longest-ranged one (each of two pistols, B59).
    pub fn shot_plan_by(
        &self,
        s: usize,
        t: usize,
        trick: Option<Skill>,
        weapon: Option<Item>,
    ) -> Option<ShotPlan> {
        let (a, d) = (&self.models[s], &self.models[t]);
        // B165: the object's carrier fires no ranged weapon, casts no
        // trick; B113: a hidden model is out of every enemy's sight.
        if !a.on_table()
            || !d.on_table()
            || a.side == d.side
            || a.pet
            || a.object
            || a.shares_load
            || d.hidden
        {
            return None;
        }
        let knife = trick == Some(Skill::HeadsDown);
        let weapon = match trick {
            // B85: a heroic play, no charge; the thrower may have acted.
            Some(Skill::HeadsDown) => None,
            Some(k) => {
                if a.charges_left(k) == 0 {
                    return None;
                }
                None
            }
            // B121: under Rozbłysk, no Shot action this round.
            None if a.dazzled => return None,
            None => {
                let w = weapon.or_else(|| a.ranged())?;
                if w.is_heavy() && a.moves > 0 && !a.skills.contains(&Skill::HipShot) {
                    return None;
                }
                Some(w)
            }
        };
        // B66, B85: the only throw at an enemy engaged with a friend is the
        // knife, and only at such an enemy; nobody throws or shoots engaged.
        // B65 (a): a fight of enemies only (the opponent's model against an
        // independent one) may be shot into at one chosen fighter; the
        // others stand in the sight check like any model.
        let fights_a_friend = || {
            self.engaged_with(t)
                .iter()
                .any(|&f| self.models[f].side == a.side)
        };
        if !self.engaged_with(s).is_empty() || knife != fights_a_friend() {
            return None;
        }
        let range = self.table.distance(&a.body, &d.body).max(0.01);
        if weapon.is_some_and(|w| beyond_reach(w, range)) {
            return None;
        }
        let sight = self.sight(&a.body, &d.body, &self.sight_others(&[s, t]));
        if !sight.visible {
            return None;
        }
        let rise =
            self.table.level_height(a.body.at.level) - self.table.level_height(d.body.at.level);
        let mut attacker = a.side(weapon, false);
        attacker.trick = trick;
        let mut defender = d.side(None, false);
        defender.protected = self.protected(s, t);
        let query = Query {
            kind: ActionKind::Shoot,
            attacker,
            defender,
            situation: Situation {
                range: Some(range),
                obstacle: sight.obstacle,
                cover: sight.cover,
                elevated: rise >= 2.0,
                ..Situation::default()
            },
        };
        self.odds(&query).ok()?;
        Some(ShotPlan {
            query,
            sight,
            range,
        })
    }

    /// The exchange of `a` attacking `d` (B40, B41c support counted at the
    /// moment of the roll).
    pub fn melee_query(&self, a: usize, d: usize) -> (Query, [u32; 2]) {
        let supporters = |fighter: usize, opponent: usize| -> u32 {
            let side = self.models[fighter].side;
            let opp = &self.models[opponent];
            self.models
                .iter()
                .enumerate()
                .filter(|(i, m)| *i != fighter && m.on_table() && m.side == side)
                .filter(|(_, m)| self.table.distance(&m.body, &opp.body) < 1.0)
                .count() as u32
        };
        let support = [supporters(a, d), supporters(d, a)];
        let (fa, fd) = (&self.models[a], &self.models[d]);
        let mut attacker = fa.side(fa.melee(), true);
        attacker.support = support[0].min(6);
        attacker.assisted = self.assisted(a, d);
        let mut defender = fd.side(fd.melee(), true);
        defender.support = support[1].min(6);
        defender.assisted = self.assisted(d, a);
        let matrix = self.fight_matrix(a, d);
        attacker.ally_matrix = matrix.attacker.is_some();
        defender.ally_matrix = matrix.defender.is_some();
        // Sfochowany pacyfista (B173): W 1 when attacked.
        if self.is_pacifist(d) {
            defender.fight = 1;
        }
        let query = Query {
            kind: ActionKind::Melee,
            attacker,
            defender,
            situation: Situation {
                charged: self.charged.contains(&d),
                ..Situation::default()
            },
        };
        (query, support)
    }

    pub(super) fn take_slot(&mut self, m: usize, is_move: bool) {
        let me = &mut self.models[m];
        if is_move && !me.move_slot {
            me.move_slot = true;
        } else {
            me.free_slot = true;
        }
        if is_move {
            me.moves += 1;
        }
    }

    /// Removes model `i` (B36: its markers stay where it stood); `by` gets
    /// the credit.
    pub(super) fn remove(&mut self, i: usize, by: Option<usize>) {
        let at = self.models[i].body.at;
        let n = std::mem::take(&mut self.models[i].carried);
        self.markers.extend((0..n).map(|_| at));
        if std::mem::take(&mut self.models[i].object) {
            self.object = Some(at);
        }
        self.drop_data(i);
        self.models[i].status = Status::Removed;
        if let Some(b) = by {
            self.models[b].took_out += 1;
        }
        self.event(Event::Removed { model: i, by });
    }

    pub(super) fn play_query(
        &mut self,
        players: &mut Players,
        q: &Query,
    ) -> Result<(play::Report, Odds), BattleError> {
        let rules = |e: odds::ActionError| BattleError::Rules(e.to_string());
        if matches!(q.kind, ActionKind::Shoot) {
            players.dice.label(SHOT_LABEL.0, SHOT_LABEL.1);
        } else {
            players.dice.label(FIGHT_LABEL.0, FIGHT_LABEL.1);
        }
        let mut dice = Logged {
            inner: players.dice,
            rolled: &mut self.dice,
        };
        if matches!(q.kind, ActionKind::Shoot) {
            // One solve gives both the odds shown and the policy played.
            let plan = odds::shoot_plan(q).map_err(rules)?;
            let (shown, policy) = odds::shoot_odds_plan(&plan);
            let report = play::play_shoot_plan(&plan, &policy, &mut dice)?;
            return Ok((report, Odds::Shoot(shown)));
        }
        let chance = self.recall.odds.odds(q).map_err(rules)?;
        Ok((play::play(q, &mut dice)?, chance))
    }

    /// Marks the enemies model `m` is engaged with now but was not
    /// `before` its Move as charged (Brudne zagrywki).
    pub(super) fn mark_charged(&mut self, m: usize, before: &[usize]) {
        let now: Vec<usize> = self
            .engaged_with(m)
            .into_iter()
            .filter(|e| !before.contains(e))
            .collect();
        self.charged.extend(now);
    }

    /// Plays a shot (or a shot-like trick) of `m` at `target` and logs it;
    /// a target taken out is removed with the credit to `m`.
    pub(super) fn fire_plan(
        &mut self,
        players: &mut Players,
        m: usize,
        target: usize,
        trick: Option<Skill>,
        plan: &ShotPlan,
    ) -> Result<(), BattleError> {
        let mut query = plan.query.clone();
        let hand = self.react_to_shot(players, m, target, &mut query)?;
        self.plays_for_shot(players, &mut query, target)?;
        let tests = self.test_reroll(players, (target, false), &mut query)?;
        let (report, chance, jump) = self.play_shot(players, m, target, &query)?;
        let rerolls = [
            self.after_reroll(m, &report),
            self.after_test_reroll(target, tests, "defender", &report),
        ];
        self.spend_reactions(hand, &report);
        self.spend_plays(&report, m, target);
        let out = report.defender_out;
        let chance = shot_chance(&chance);
        self.event(Event::Shot {
            shooter: m,
            trick,
            target,
            range: plan.range,
            obstacle: plan.sight.obstacle,
            cover: plan.sight.cover,
            chance,
            report,
        });
        for e in rerolls.into_iter().flatten() {
            self.event(e);
        }
        if out {
            // Q35: no credit for the shooter's own side (a flamer's friends).
            let by = (self.models[target].side != self.models[m].side).then_some(m);
            self.remove(target, by);
        }
        if let Some((to, height)) = jump {
            self.now_or_never(players, target, to, height)?;
        }
        Ok(())
    }

    /// Whether enemy `e` sees model `m` other than through cover that hides
    /// at least half of it (B113): then `m` may not hide, or stops hiding.
    fn sees_past_cover(&self, e: usize, m: usize) -> Option<bool> {
        let (a, d) = (&self.models[e], &self.models[m]);
        if !a.on_table() || a.side == d.side {
            return None;
        }
        let sight = self.sight(&a.body, &d.body, &self.sight_others(&[e, m]));
        sight.visible.then(|| !(sight.cover && sight.half_hidden()))
    }

    /// B113 (Q45: not while engaged): some enemy sees the model, and every
    /// enemy that does sees it only through cover hiding at least half of it.
    pub(super) fn may_hide(&self, m: usize) -> bool {
        let seen: Vec<bool> = (0..self.models.len())
            .filter_map(|e| self.sees_past_cover(e, m))
            .collect();
        !seen.is_empty() && !seen.contains(&true)
    }

    /// After anything moves or leaves: a hidden model that an enemy now sees
    /// other than through its cover loses its marker (B113).
    pub(super) fn reveal_hidden(&mut self) {
        for m in 0..self.models.len() {
            if self.models[m].hidden
                && (0..self.models.len()).any(|e| self.sees_past_cover(e, m) == Some(true))
            {
                self.models[m].hidden = false;
                self.event(Event::Revealed { model: m });
            }
        }
    }

    /// A Withdrawal's roll (B46): the exchange as an Attack, with no harm.
    pub(super) fn play_withdrawal(
        &mut self,
        players: &mut Players,
        q: &Query,
    ) -> Result<(play::Report, i32), BattleError> {
        let plan = odds::melee_plan(q).map_err(|e| BattleError::Rules(e.to_string()))?;
        players.dice.label(
            "Odejście: rzuty walki obu stron",
            "Withdrawal: both sides' Fight rolls",
        );
        let mut dice = Logged {
            inner: players.dice,
            rolled: &mut self.dice,
        };
        Ok(play::play_fight(&odds::MeleeGame::new(&plan), &mut dice)?)
    }

    /// A Shot from hiding of `m` at `target` (B72): a Shot with every
    /// usual rule, played with `overwatch` set (B74: Łowca's +1 and the
    /// target's "Woohoo!" come from the odds engine).
    pub(super) fn fire_from_hiding(
        &mut self,
        players: &mut Players,
        m: usize,
        target: usize,
    ) -> Result<(), BattleError> {
        let mut plan = self
            .shot_plan(m, target)
            .ok_or_else(|| BattleError::Rules("the shot is no longer legal".into()))?;
        plan.query.situation.overwatch = true;
        self.event(Event::FromHiding { shooter: m, target });
        self.fire_plan(players, m, target, None, &plan)
    }
}

/// The exact chance a shooting action takes its target out, as a fraction.
pub(super) fn shot_chance(chance: &Odds) -> String {
    match chance {
        Odds::Shoot(o) => odds::frac(&o.out_of_action),
        Odds::Melee(_) => String::new(),
    }
}
