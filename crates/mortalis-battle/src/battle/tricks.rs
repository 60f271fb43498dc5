//! Technomancer tricks that are not shots (issue #15, slice 2; B115,
//! B117–B129) and the Rozproszenie skill against them (B110, R58, Q31).
//! A trick costs the free action, is never cast by an engaged model, spends
//! one charge whether or not it is dispelled (B14, B115).

use mortalis_rules::dice::DiceSource;
use mortalis_rules::equipment::Armour;
use mortalis_rules::odds::{DISPEL_ON, MATRIX_RANGE};
use mortalis_rules::skills::Skill;

use super::ai::{threat, worth};
use super::items::Relocation;
use super::pushes::Push;
use super::{About, Battle, BattleError, Choice, Event, Logged, Players, Question};

/// Tricks cast with an action that are not shots, with their range in
/// inches (edge to edge) and whether the victim must be in sight.
const CAST: &[(Skill, f64, bool)] = &[
    (Skill::Displacement, 8.0, true),     // B117
    (Skill::Deconcentration, 14.0, true), // B119
    (Skill::Flash, 16.0, true),           // B121
    (Skill::Infection, 14.0, false),      // B125
    (Skill::Breach, f64::INFINITY, true), // B129, Q49: sight only
    (Skill::PowerWave, 0.0, false),       // B123: round the caster
    (Skill::Haste, 6.0, false),           // B122, Q42: a friend
    // Terrain (`overlay.rs`), offered at an enemy; ranges checked there.
    (Skill::EnergyBarrier, f64::INFINITY, true), // B127
    (Skill::Lava, f64::INFINITY, false),         // B128, Q49
];

/// How far Przemieszczenie pushes (B117).
pub const DISPLACE: f64 = 3.0;
/// Fala Mocy reaches models within this distance and pushes them out to it
/// (B123, Q43).
pub const WAVE: f64 = 4.0;
/// Rozproszenie's reach (B110).
pub const DISPEL_REACH: f64 = 8.0;

/// Whether `trick` is one of these (not a shot, cast with an action).
pub fn cast_with_action(trick: Skill) -> bool {
    CAST.iter().any(|c| c.0 == trick)
}

impl Battle {
    /// Whether `a` sees `b` (B53; a hidden model is seen by no enemy, B113).
    pub(super) fn sees(&self, a: usize, b: usize) -> bool {
        let (x, y) = (&self.models[a], &self.models[b]);
        if y.hidden && y.side != x.side {
            return false;
        }
        let others = self.sight_others(&[a, b]);
        self.table
            .sees_with(&self.recall.sight, &x.body, &y.body, &others)
    }

    /// [`Battle::sees`] while model `past` is in the middle of its Move:
    /// first without `past` among the bodies that block (the same question
    /// at every step of the Move, answered from the memo after the first),
    /// since a body more only hides more; only when `a` would see `b`
    /// with `past` gone is `past` asked about.
    pub(super) fn sees_past(&self, a: usize, b: usize, past: Option<usize>) -> bool {
        let (x, y) = (&self.models[a], &self.models[b]);
        if y.hidden && y.side != x.side {
            return false;
        }
        if let Some(p) = past {
            let others = self.sight_others(&[a, b, p]);
            if !(self.table).sees_with(&self.recall.sight, &x.body, &y.body, &others) {
                return false;
            }
        }
        self.sees(a, b)
    }

    /// The non-shot tricks model `m` may cast now (it is not engaged and
    /// its free slot is unused; the caller checks): each trick it has a
    /// charge of, at each legal victim.
    pub(super) fn trick_options(&self, m: usize) -> Vec<Choice> {
        let me = &self.models[m];
        let mut out = vec![];
        for &(trick, charges) in &me.tricks {
            let Some(&(_, range, sight)) = CAST.iter().find(|c| c.0 == trick) else {
                continue;
            };
            if charges == 0 {
                continue;
            }
            if trick == Skill::PowerWave {
                if !self.waved(m).is_empty() {
                    out.push(Choice::Cast { trick, target: m });
                }
                continue;
            }
            for t in 0..self.models.len() {
                let v = &self.models[t];
                // Przyspieszenie helps a friend (Q42), every other an enemy.
                let friend = trick == Skill::Haste;
                let ok = t != m
                    && v.on_table()
                    && (v.side == me.side) == friend
                    && self.table.distance(&me.body, &v.body) <= range
                    && (!sight || self.sees(m, t))
                    && match trick {
                        Skill::Breach => v.armour == Armour::Sarcophagus,
                        Skill::Displacement => self.push_to(m, t, DISPLACE).is_some(),
                        Skill::Infection => !v.infected,
                        Skill::Haste => !v.hasted,
                        Skill::Deconcentration | Skill::Flash => !(v.move_slot && v.free_slot),
                        Skill::EnergyBarrier => self.barrier_for(m, t).is_some(),
                        Skill::Lava => self.lava_for(m, t).is_some(),
                        _ => true,
                    };
                if ok {
                    out.push(Choice::Cast { trick, target: t });
                }
            }
        }
        out
    }

    /// Models within 4" of caster `m` that Fala Mocy pushes (B123, Q43),
    /// friends too, each with where it ends: straight away from the caster
    /// until 4" from it (edge to edge).
    fn waved(&self, m: usize) -> Vec<(usize, Push)> {
        let me = &self.models[m];
        (0..self.models.len())
            .filter(|&t| t != m && self.models[t].on_table())
            .filter_map(|t| {
                let gap = self.table.distance(&me.body, &self.models[t].body);
                if gap >= WAVE {
                    return None;
                }
                self.push_to(m, t, WAVE - gap).map(|p| (t, p))
            })
            .collect()
    }

    /// Rozproszenie (B110, R58; Q31: only against the other side's
    /// tricks): when a model of the other side with the skill is within 8"
    /// of the caster or the victim and sees it (the Dispel model being the
    /// victim included), one roll of 2d6 — 8 or more cancels the trick.
    pub(super) fn dispelled(
        &mut self,
        players: &mut Players,
        caster: usize,
        victim: usize,
        trick: Skill,
    ) -> Result<bool, BattleError> {
        let side = self.models[caster].side;
        let near = |b: &Battle, d: usize, x: usize| {
            d == x
                || (b.table.distance(&b.models[d].body, &b.models[x].body) <= DISPEL_REACH
                    && b.sees(d, x))
        };
        let any = (0..self.models.len()).any(|d| {
            let f = &self.models[d];
            f.on_table()
                && f.side != side
                && f.skills.contains(&Skill::Dispel)
                && (near(self, d, caster) || near(self, d, victim))
        });
        if !any {
            return Ok(false);
        }
        players.dice.label(
            "Rozproszenie: 2k6, 8+ znosi sztuczkę",
            "Dispel: 2d6, 8+ cancels the trick",
        );
        let mut dice = Logged {
            inner: players.dice,
            rolled: &mut self.dice,
        };
        let roll = [dice.d6()?, dice.d6()?];
        let cancelled = i32::from(roll[0]) + i32::from(roll[1]) >= DISPEL_ON;
        self.event(Event::Dispel {
            trick,
            dice: roll,
            cancelled,
        });
        Ok(cancelled)
    }

    /// Casts a non-shot trick of `m` at `target` (B115).
    pub(super) fn cast(
        &mut self,
        players: &mut Players,
        m: usize,
        trick: Skill,
        target: usize,
    ) -> Result<(), BattleError> {
        self.take_slot(m, false);
        self.models[m].spend(trick);
        self.event(Event::Trick {
            caster: m,
            trick,
            target,
        });
        if self.dispelled(players, m, target, trick)? {
            return Ok(());
        }
        match trick {
            Skill::Displacement => {
                if let Some(p) = self.push_to(m, target, DISPLACE) {
                    self.relocate(target, p.to, Relocation::Push);
                    self.suffer(players, target, p.hazard, m)?;
                }
            }
            Skill::PowerWave => {
                for (t, p) in self.waved(m) {
                    if self.models[t].on_table() {
                        self.relocate(t, p.to, Relocation::Push);
                        self.suffer(players, t, p.hazard, m)?;
                    }
                }
            }
            Skill::Flash => self.models[target].dazzled = true,
            Skill::Breach => {
                let v = &mut self.models[target];
                v.move_slot = true;
                v.free_slot = true;
            }
            Skill::Infection => {
                let v = &mut self.models[target];
                v.infected = true;
                let p = &mut v.profile;
                p.speed = (p.speed - 1).max(0);
                p.fight -= 1;
                p.accuracy = (p.accuracy - 1).max(0);
                p.resilience = (p.resilience - 1).max(0);
            }
            Skill::Deconcentration => self.lose_action(players, target)?,
            Skill::Haste => self.models[target].hasted = true,
            Skill::EnergyBarrier => self.raise_barrier(m, target),
            Skill::Lava => self.pour_lava(players, m, target)?,
            _ => {}
        }
        Ok(())
    }

    /// Dekoncentracja (B119): the victim loses one of its unused actions,
    /// its owner choosing which when both are unused.
    fn lose_action(&mut self, players: &mut Players, t: usize) -> Result<(), BattleError> {
        let v = &self.models[t];
        let mut options = vec![];
        if !v.move_slot {
            options.push(Choice::LoseAction {
                model: t,
                move_slot: true,
            });
        }
        if !v.free_slot {
            options.push(Choice::LoseAction {
                model: t,
                move_slot: false,
            });
        }
        let pick = match options.len() {
            0 => return Ok(()),
            1 => options[0],
            _ => self.ask(
                players,
                Question {
                    side: v.side,
                    about: About::Reaction,
                    options,
                },
            )?,
        };
        if let Choice::LoseAction { move_slot, .. } = pick {
            let v = &mut self.models[t];
            if move_slot {
                v.move_slot = true;
            } else {
                v.free_slot = true;
            }
        }
        Ok(())
    }
}

/// The AI's judgement of tricks and reactions (docs/mortalis/ai.md).
impl Battle {
    /// What the strongest volley `t` could still fire this round at one of
    /// the other side's models is worth (the chance it takes it out times
    /// that model's worth); 0 once it has used its free action.
    fn volley_threat(&self, t: usize) -> f64 {
        let v = &self.models[t];
        if v.free_slot || !self.engaged_with(t).is_empty() {
            return 0.0;
        }
        (0..self.models.len())
            .filter(|&e| self.models[e].on_table() && self.models[e].side != v.side)
            .map(|e| threat(self, t, v.body.at, false, e, self.models[e].body.at) * worth(self, e))
            .fold(0.0, f64::max)
    }

    /// The value of casting `trick` at `target` for the AI: denying a
    /// volley (Rozbłysk, Włam, Dekoncentracja), weakening a model for the
    /// rest of the battle (Zakażenie), pushing enemies that carry markers or
    /// are engaged with a friend away (Przemieszczenie, Fala Mocy), less
    /// the charge spent.
    pub(super) fn trick_value(&self, m: usize, trick: Skill, target: usize) -> f64 {
        let side = self.models[m].side;
        let push_gain = |t: usize, p: Option<Push>| {
            let v = &self.models[t];
            let busy = v.carried > 0 || v.object || !self.engaged_with(t).is_empty();
            let sign = if v.side == side { -1.0 } else { 1.0 };
            let hazard = p.map_or(0.0, |p| self.hazard_value(t, p.hazard));
            sign * (hazard + if busy { 0.4 * worth(self, t) } else { 0.02 })
        };
        let v = match trick {
            Skill::Flash => self.volley_threat(target),
            Skill::Breach => self.volley_threat(target) + 0.1,
            Skill::Deconcentration => 0.5 * self.volley_threat(target),
            Skill::Infection => 0.25 * worth(self, target),
            Skill::Haste => 0.3 + self.volley_threat_from(target),
            Skill::Displacement => push_gain(target, self.push_to(m, target, DISPLACE)),
            Skill::PowerWave => self
                .waved(m)
                .iter()
                .map(|&(t, p)| push_gain(t, Some(p)))
                .sum(),
            Skill::EnergyBarrier => self.barrier_value(m, target),
            Skill::Lava => self.lava_value(m, target),
            _ => 0.0,
        };
        v - 0.15
    }

    /// The AI's answer to a reaction question: Tarcza ochronna against a
    /// dangerous shot (else it passes); Dekoncentracja takes the Move from a
    /// model that can shoot or is engaged, else the free action.
    pub(super) fn reaction(&self, q: &Question) -> usize {
        q.options
            .iter()
            .position(|c| match *c {
                // Kradzież, Ucieczka (`instead.rs`).
                Choice::Play { .. } | Choice::Step { .. } | Choice::Shoot { .. } => {
                    self.instead_worth(c) == Some(true)
                }
                Choice::Cast {
                    trick: Skill::ProtectiveShield,
                    target,
                } => self.shield_worth(target),
                // Asked only when the model would otherwise be taken out.
                Choice::Cast {
                    trick: Skill::Adrenaline,
                    ..
                } => true,
                // The captain's reroll held in defence or for its
                // tests (`captain.rs`).
                Choice::CommitReroll => self.commit_worth(),
                Choice::Pass => true,
                // The deviation worse for the thrower (the active model).
                Choice::Deviate { item, x, y } => {
                    let m = self.active.unwrap_or(0);
                    q.options.iter().all(|o| match *o {
                        Choice::Deviate { x: ox, y: oy, .. } => {
                            self.blast_value(m, item, x, y) <= self.blast_value(m, item, ox, oy)
                        }
                        _ => true,
                    })
                }
                Choice::LoseAction { model, move_slot } => {
                    let keeps_free = self.models[model].ranged().is_some()
                        || !self.engaged_with(model).is_empty();
                    move_slot == keeps_free
                }
                _ => false,
            })
            .unwrap_or(0)
    }
}

/// Who holds the tricks that react during one shot, so that a charge is
/// spent when the rules core's play used it.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct AtHand {
    /// The caster whose Adrenalina covers the target (B126).
    adrenaline: Option<usize>,
    /// Who casts Błąd matrycy for the shooter's side (B120): the shooter or
    /// a friend within 12" of the target.
    shooter_matrix: Option<usize>,
    /// Who casts it for the target's side: the target or a friend within
    /// 12" of the shooter.
    target_matrix: Option<usize>,
}

/// The models whose Błąd matrycy a melee exchange may use (B42, B120: a
/// third model, not engaged, within 12" of the enemy fighter), so that a
/// charge is spent when the rules core's play used it.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct FightMatrix {
    /// For the attacker's side.
    pub(super) attacker: Option<usize>,
    /// For the defender's side.
    pub(super) defender: Option<usize>,
}

impl Battle {
    /// Whether model `c` may cast a trick with no action now: it knows it,
    /// has a charge left and is not engaged (B115).
    fn can_react(&self, c: usize, trick: Skill) -> bool {
        let f = &self.models[c];
        f.on_table() && f.charges_left(trick) > 0 && self.engaged_with(c).is_empty()
    }

    /// The tricks cast with no action around a shot of `s` at `t`, before
    /// it is rolled: Tarcza ochronna is a question to the target's side
    /// (B118; cast when the shot is declared, it protects against the whole
    /// volley, R14); Adrenalina of the target or a friend within 8" of it
    /// (B126) and each side's own Błąd matrycy (B120) are at hand, used
    /// when the rules core's play uses them (R55, as the odds count them).
    pub(super) fn react_to_shot(
        &mut self,
        players: &mut Players,
        s: usize,
        t: usize,
        query: &mut mortalis_rules::odds::Query,
    ) -> Result<AtHand, BattleError> {
        let mut hand = AtHand::default();
        if self.can_react(t, Skill::ProtectiveShield)
            && self.offer_cast(players, t, Skill::ProtectiveShield, t)?
        {
            // The shooter's own Rozproszenie within 8" is the rules core's
            // roll; anyone else's is rolled here.
            let core = query.attacker.skills.contains(&Skill::Dispel)
                && query.situation.range.is_some_and(|r| r <= DISPEL_REACH);
            if core || !self.dispelled(players, t, t, Skill::ProtectiveShield)? {
                query.defender.skills.push(Skill::ProtectiveShield);
            }
        }
        hand.adrenaline = self.adrenaline_for(t);
        if hand.adrenaline.is_some() {
            query.defender.skills.push(Skill::Adrenaline);
        }
        hand.shooter_matrix = self.matrix_caster(s, t);
        match hand.shooter_matrix {
            Some(c) if c == s => query.attacker.skills.push(Skill::MatrixError),
            Some(_) => query.attacker.ally_matrix = true,
            None => {}
        }
        hand.target_matrix = self.matrix_caster(t, s);
        match hand.target_matrix {
            Some(c) if c == t => query.defender.skills.push(Skill::MatrixError),
            Some(_) => query.defender.ally_matrix = true,
            None => {}
        }
        Ok(hand)
    }

    /// The model of `m`'s side whose Błąd matrycy may force a roll of the
    /// enemy `e` (B120): `m` itself or else the first friend in roster
    /// order that may cast it now (not engaged, a charge left, B115) and
    /// stands within 12" of `e` (never an independent model's side).
    pub(super) fn matrix_caster(&self, m: usize, e: usize) -> Option<usize> {
        let side = self.models[m].side;
        if side > 1 {
            return None;
        }
        let enemy = &self.models[e].body;
        std::iter::once(m)
            .chain((0..self.models.len()).filter(|&c| c != m))
            .find(|&c| {
                self.models[c].side == side
                    && self.can_react(c, Skill::MatrixError)
                    && self.table.distance(&self.models[c].body, enemy) <= MATRIX_RANGE
            })
    }

    /// The third models' Błąd matrycy in an exchange of `a` attacking `d`
    /// (B42): for each side the caster of [`Battle::matrix_caster`] (the
    /// fighters themselves are engaged, so never they) — none against a
    /// fighter with Rozproszenie, as the rules core's exchange rolls no
    /// Dispel against it (docs/mortalis/battle.md).
    pub(super) fn fight_matrix(&self, a: usize, d: usize) -> FightMatrix {
        let dispels = |f: usize| self.models[f].skills.contains(&Skill::Dispel);
        FightMatrix {
            attacker: self.matrix_caster(a, d).filter(|_| !dispels(d)),
            defender: self.matrix_caster(d, a).filter(|_| !dispels(a)),
        }
    }

    /// Spends the charges of the third models' Błąd matrycy an exchange
    /// used: a forced Fight roll, or a forced test.
    pub(super) fn spend_fight_matrix(
        &mut self,
        casters: FightMatrix,
        events: &[mortalis_rules::play::Event],
    ) {
        use mortalis_rules::play::Event as Step;
        let forced =
            |f: &Option<mortalis_rules::play::Forced>| f.as_ref().is_some_and(|f| f.by == MATRIX);
        let spend = |c: Option<usize>, models: &mut Vec<super::Fighter>| {
            if let Some(c) = c {
                models[c].spend(Skill::MatrixError);
            }
        };
        for e in events {
            match e {
                Step::Fight {
                    attacker_forced,
                    defender_forced,
                    ..
                } => {
                    if forced(defender_forced) {
                        spend(casters.attacker, &mut self.models);
                    }
                    if forced(attacker_forced) {
                        spend(casters.defender, &mut self.models);
                    }
                }
                Step::Save { who, forced: f, .. } if forced(f) => {
                    let by = if *who == "defender" {
                        casters.attacker
                    } else {
                        casters.defender
                    };
                    spend(by, &mut self.models);
                }
                _ => {}
            }
        }
    }

    /// The friend of model `f` whose Adrenalina could cover it (B126), after
    /// a shot or an exchange: `f` itself or one of its side (never an independent model) within
    /// 8" that knows the trick, has a charge and is not engaged (B115), the
    /// first in roster order.
    pub(super) fn adrenaline_for(&self, f: usize) -> Option<usize> {
        let side = self.models[f].side;
        if side > 1 {
            return None;
        }
        (0..self.models.len()).find(|&c| {
            self.models[c].side == side
                && self.can_react(c, Skill::Adrenaline)
                && (c == f
                    || self
                        .table
                        .distance(&self.models[c].body, &self.models[f].body)
                        <= DISPEL_REACH)
        })
    }

    /// Adrenalina after an exchange (B126; B50: on a failure that still
    /// stands, so after "Nic mi nie jest!", which the rules core's play has
    /// already used): fighter `f` failed its test; when a friend could
    /// cover it ([`Battle::adrenaline_for`]) its side is asked, and cast,
    /// the test counts as passed unless the other side's Rozproszenie
    /// cancels the trick (B110). True when `f` stays on the table.
    pub(super) fn adrenaline_in_melee(
        &mut self,
        players: &mut Players,
        f: usize,
    ) -> Result<bool, BattleError> {
        let Some(c) = self.adrenaline_for(f) else {
            return Ok(false);
        };
        if !self.offer_cast(players, c, Skill::Adrenaline, f)? {
            return Ok(false);
        }
        Ok(!self.dispelled(players, c, f, Skill::Adrenaline)?)
    }

    /// Asks `caster`'s side whether it casts `trick` (no action) on
    /// `target` now; cast, the charge is spent and the trick logged.
    fn offer_cast(
        &mut self,
        players: &mut Players,
        caster: usize,
        trick: Skill,
        target: usize,
    ) -> Result<bool, BattleError> {
        let cast = Choice::Cast { trick, target };
        let pick = self.ask(
            players,
            Question {
                side: self.models[caster].side,
                about: About::Reaction,
                options: vec![cast, Choice::Pass],
            },
        )?;
        if pick == cast {
            self.models[caster].spend(trick);
            self.event(Event::Trick {
                caster,
                trick,
                target,
            });
        }
        Ok(pick == cast)
    }

    /// Spends the charges of the reacting tricks the play used.
    pub(super) fn spend_reactions(&mut self, hand: AtHand, report: &mortalis_rules::play::Report) {
        use mortalis_rules::play::Event as Step;
        for (k, e) in report.events.iter().enumerate() {
            match e {
                // A Błąd matrycy cancelled by Rozproszenie is spent all the
                // same (B110): the target's on an attack roll (a shot
                // follows), the shooter's on a test (a test follows).
                Step::Dispel {
                    trick: Skill::MatrixError,
                    dispelled: true,
                    ..
                } => {
                    let caster = match report.events.get(k + 1) {
                        Some(Step::Shot { .. }) => hand.target_matrix,
                        Some(Step::Save { .. }) => hand.shooter_matrix,
                        _ => None,
                    };
                    if let Some(c) = caster {
                        self.models[c].spend(Skill::MatrixError);
                    }
                }
                Step::Save { plays, forced, .. } => {
                    if let Some(c) = hand.adrenaline
                        && plays.contains(&Skill::Adrenaline)
                    {
                        self.models[c].spend(Skill::Adrenaline);
                    }
                    if let Some(c) = hand.shooter_matrix
                        && forced.as_ref().is_some_and(|f| f.by == MATRIX)
                    {
                        self.models[c].spend(Skill::MatrixError);
                    }
                }
                Step::Shot {
                    forced: Some(f), ..
                } if f.by == MATRIX => {
                    if let Some(c) = hand.target_matrix {
                        self.models[c].spend(Skill::MatrixError);
                    }
                }
                _ => {}
            }
        }
    }

    /// The AI's answer to Tarcza ochronna: cast it when the active model's
    /// shot would take the model out with a chance of one in six or more.
    fn shield_worth(&self, t: usize) -> bool {
        let Some(s) = self.active else { return false };
        let p = self.shot_plan(s, t).and_then(|p| self.odds(&p.query).ok());
        matches!(p, Some(mortalis_rules::odds::Odds::Shoot(o))
            if num_traits::ToPrimitive::to_f64(&o.out_of_action).unwrap_or(0.0) >= 1.0 / 6.0)
    }
}

const MATRIX: Skill = Skill::MatrixError;

impl Battle {
    /// Przyspieszenie (B122; ruling Q42): once every model of `side` has
    /// been activated this round, each of its models owed a bonus action
    /// takes it at once — one action of any kind.
    pub(super) fn hasted_actions(
        &mut self,
        players: &mut Players,
        side: usize,
        navs: &[crate::path::Nav],
    ) -> Result<(), BattleError> {
        let left = self
            .models
            .iter()
            .any(|f| f.side == side && f.on_table() && !f.activated);
        if left {
            return Ok(());
        }
        for m in 0..self.models.len() {
            let f = &self.models[m];
            if f.side != side || !f.hasted || !f.on_table() || self.end.is_some() {
                continue;
            }
            // One action of any kind: both slots open for it, closed after.
            let me = &mut self.models[m];
            me.hasted = false;
            me.move_slot = false;
            me.free_slot = false;
            // One action: never both Moves walked as one (B31).
            me.stalled = true;
            self.active = Some(m);
            self.event(Event::Bonus { model: m });
            self.take_action(players, m, navs)?;
            let me = &mut self.models[m];
            me.move_slot = true;
            me.free_slot = true;
            me.stalled = false;
        }
        Ok(())
    }

    /// What a friend's bonus action could be worth: the best volley it could
    /// fire at an enemy.
    fn volley_threat_from(&self, t: usize) -> f64 {
        let v = &self.models[t];
        (0..self.models.len())
            .filter(|&e| self.models[e].on_table() && self.models[e].side != v.side)
            .map(|e| {
                threat(self, t, v.body.at, v.moves > 0, e, self.models[e].body.at) * worth(self, e)
            })
            .fold(0.0, f64::max)
    }
}
