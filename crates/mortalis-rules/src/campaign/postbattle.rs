//! The post-battle sequence in the rulebook's order: loot, injuries,
//! advancement, purchases. Dice come from a [`DiceSource`], choices from a
//! [`Decider`]; the result is the list of events to append to the log.

mod loot;

use super::events::{
    self, BattleReport, CareBy, DiceOrigin, Event, Purchase, buy_price, care_price,
    learnable_skills, raisable,
};
use super::tables::{self, Goods, Injury, LevelKind, Medicine};
use super::{CampaignError, CampaignModel, CampaignState, PendingInjury, changes};
use crate::Lang;
use crate::dice::DiceSource;
use crate::profile::{Characteristic, level_for_xp};
use crate::skills::{Category, Skill};
use crate::warband::Archetype;

/// One option of a question: its answer id and what it does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// What to answer.
    pub id: String,
    /// Consequence, Polish.
    pub pl: String,
    /// Consequence, English.
    pub en: String,
}

impl Choice {
    fn new(id: impl Into<String>, pl: impl Into<String>, en: impl Into<String>) -> Self {
        Choice {
            id: id.into(),
            pl: pl.into(),
            en: en.into(),
        }
    }

    /// Text in a language.
    pub fn text(&self, lang: Lang) -> &str {
        lang.pick(&self.pl, &self.en)
    }
}

/// A decision to make.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    /// Stable key, e.g. `injury.Kos.care` (used by decisions files).
    pub key: String,
    /// Question, Polish.
    pub pl: String,
    /// Question, English.
    pub en: String,
    /// Allowed answers.
    pub choices: Vec<Choice>,
}

impl Question {
    /// Text in a language.
    pub fn text(&self, lang: Lang) -> &str {
        lang.pick(&self.pl, &self.en)
    }
}

/// Who makes the choices: a terminal, a decisions file, a test.
pub trait Decider {
    /// Pick one of `q.choices` (by id).
    fn choose(&mut self, q: &Question) -> Result<String, CampaignError>;
    /// The next purchase-phase action, `None` when done.
    fn next_purchase(&mut self, state: &CampaignState) -> Result<Option<Purchase>, CampaignError>;
    /// A purchase was refused; return true to go on (interactive use).
    fn refused(&mut self, _e: &CampaignError) -> bool {
        false
    }
    /// Something happened (a roll, an event with its changes).
    fn tell(&mut self, _pl: &str, _en: &str) {}
    /// The sequence produced this event, before applying it; an error stops
    /// the sequence (a replay compares it with the recorded event).
    fn produced(&mut self, _e: &Event) -> Result<(), CampaignError> {
        Ok(())
    }
    /// True when `tell` is not wanted (saves describing every change).
    fn quiet(&self) -> bool {
        false
    }
}

struct Run<'a> {
    state: CampaignState,
    events: Vec<Event>,
    dice: &'a mut dyn DiceSource,
    decider: &'a mut dyn Decider,
}

/// The injury `name` rolled and is waiting on (care asks only for a model
/// hurt this battle, so one always is; an error rather than a panic if not).
fn rolled(injury: Option<PendingInjury>, name: &str) -> Result<PendingInjury, CampaignError> {
    injury.ok_or_else(|| CampaignError::Forbidden(format!("`{name}` has no injury roll waiting")))
}

fn fmt_dice(d: &[u8]) -> String {
    d.iter().map(u8::to_string).collect::<Vec<_>>().join("+")
}

impl Run<'_> {
    fn push(&mut self, e: Event) -> Result<(), CampaignError> {
        self.decider.produced(&e)?;
        if self.decider.quiet() {
            self.state.apply(&e)?;
            self.events.push(e);
            return Ok(());
        }
        let before = self.state.clone();
        self.state.apply(&e)?;
        let show = |lang| {
            let mut s = super::describe(&e, lang);
            for c in changes(&before, &self.state, lang) {
                s.push_str(&format!(
                    "\n    {}: {} → {}",
                    c.key,
                    c.before.as_deref().unwrap_or("—"),
                    c.after.as_deref().unwrap_or("—")
                ));
            }
            s
        };
        let (pl, en) = (show(Lang::Pl), show(Lang::En));
        self.decider.tell(&pl, &en);
        self.events.push(e);
        Ok(())
    }

    fn ask(&mut self, q: Question) -> Result<String, CampaignError> {
        if q.choices.len() == 1 {
            return Ok(q.choices[0].id.clone());
        }
        let a = self.decider.choose(&q)?;
        if q.choices.iter().any(|c| c.id == a) {
            Ok(a)
        } else {
            let ids: Vec<&str> = q.choices.iter().map(|c| c.id.as_str()).collect();
            Err(CampaignError::Decision {
                key: q.key,
                message: format!("`{a}` is not allowed here (allowed: {})", ids.join(", ")),
            })
        }
    }

    fn label(&mut self, pl: &str, en: &str) {
        self.dice.label(pl, en);
    }

    fn d6(&mut self) -> Result<u8, CampaignError> {
        Ok(self.dice.d6()?)
    }

    /// 2d6, after telling a typed-dice prompt what the roll is for.
    fn roll2(&mut self, pl: &str, en: &str) -> Result<[u8; 2], CampaignError> {
        self.label(pl, en);
        Ok([self.d6()?, self.d6()?])
    }

    /// Injury rolls for every model taken out, then for each in turn the
    /// care offered and the injury's outcome.
    fn injuries(&mut self, report: &BattleReport) -> Result<(), CampaignError> {
        let hurt: Vec<String> = report
            .models
            .iter()
            .filter(|m| m.out_of_action)
            .map(|m| m.name.clone())
            .collect();
        for name in &hurt {
            let dice = self.roll2(
                &format!("Straty po bitwie: {name}, 2k6"),
                &format!("Injury roll for {name}: 2d6"),
            )?;
            let result = tables::injury(dice[0] + dice[1]);
            self.push(Event::InjuryRoll {
                model: name.clone(),
                dice,
                result,
            })?;
        }
        // Care is decided after all rolls are seen.
        for name in &hurt {
            while self.care_step(name)? {}
            self.resolve_injury(name)?;
        }
        Ok(())
    }

    /// Offer care for `name`'s pending injury once; false when the result
    /// is accepted, true after a care or ghost-catcher event (ask again).
    fn care_step(&mut self, name: &str) -> Result<bool, CampaignError> {
        let p = rolled(self.state.model(name)?.injury.clone(), name)?;
        let choices = self.care_choices(&p);
        let a = self.ask(Question {
            key: format!(
                "injury.{name}.{}",
                if p.cared { "after_care" } else { "care" }
            ),
            pl: format!("{name}: {}", p.result.name(Lang::Pl)),
            en: format!("{name}: {}", p.result.name(Lang::En)),
            choices,
        })?;
        let by = match a.as_str() {
            "none" => return Ok(false),
            "ghost_catcher" => {
                self.push(Event::GhostCatcher {
                    model: name.to_string(),
                })?;
                return Ok(true);
            }
            "pay" => CareBy::Credits,
            "combat_medkit" => CareBy::CombatMedkit,
            "surgical_automaton" => CareBy::SurgicalAutomaton,
            _ => CareBy::MedicalNanobots,
        };
        let (dice, result) = match by {
            CareBy::SurgicalAutomaton => (None, Injury::LightWounds),
            CareBy::MedicalNanobots => (None, Injury::LessonLearnt),
            _ if p.result == Injury::Amnesia => (None, Injury::LightWounds),
            _ => {
                let d = self.roll2(
                    &format!("Opieka medyczna: {name} rzuca ponownie 2k6"),
                    &format!("Medical care: {name} rolls 2d6 again"),
                )?;
                (Some(d), tables::injury(d[0] + d[1]))
            }
        };
        self.push(Event::Care {
            model: name.to_string(),
            by,
            dice,
            result,
        })?;
        Ok(true)
    }

    /// The answers to a pending injury: accept it, paid care (when
    /// affordable), medicines from the stash, a ghost-catcher for the dying.
    fn care_choices(&self, p: &PendingInjury) -> Vec<Choice> {
        let stash_has = |m: Medicine| self.state.stash.contains(&Goods::Medicine(m));
        let mut choices = vec![Choice::new(
            "none",
            consequence(p.result, Lang::Pl),
            consequence(p.result, Lang::En),
        )];
        if let Some(base) = p.result.care_cost().filter(|_| !p.cared) {
            let cost = care_price(&self.state, base);
            let roll = p.result != Injury::Amnesia;
            let (pl, en) = if roll {
                (
                    format!("zapłać {cost} tk i rzuć ponownie"),
                    format!("pay {cost} tk and roll again"),
                )
            } else {
                (
                    format!("zapłać {cost} tk: lekkie obrażenia"),
                    format!("pay {cost} tk: light wounds"),
                )
            };
            if cost <= self.state.credits {
                choices.push(Choice::new("pay", pl, en));
            }
            if stash_has(Medicine::CombatMedkit) {
                choices.push(Choice::new(
                    "combat_medkit",
                    "bojowy zestaw medyczny: darmowa opieka",
                    "combat medkit: free care",
                ));
            }
            if stash_has(Medicine::SurgicalAutomaton) {
                choices.push(Choice::new(
                    "surgical_automaton",
                    "automat chirurgiczny: lekkie obrażenia",
                    "surgical automaton: light wounds",
                ));
            }
            if stash_has(Medicine::MedicalNanobots) {
                choices.push(Choice::new(
                    "medical_nanobots",
                    "nanoboty: lekkie obrażenia i +1 PD",
                    "nanobots: light wounds and +1 XP",
                ));
            }
        }
        if matches!(p.result, Injury::Death | Injury::BadlyWounded)
            && stash_has(Medicine::GhostCatcher)
        {
            choices.push(Choice::new(
                "ghost_catcher",
                "duchołap: model przeżywa",
                "ghost-catcher: the model lives",
            ));
        }
        choices
    }

    /// Record the outcome of `name`'s injury, asking for the lasting wound
    /// or the forgotten skill where the result needs one.
    fn resolve_injury(&mut self, name: &str) -> Result<(), CampaignError> {
        let m = self.state.model(name)?.clone();
        let p = rolled(m.injury.clone(), name)?;
        let (mut wound, mut forget) = (None, None);
        if p.result == Injury::SeriousInjury {
            wound = self.choose_wound(name, &m)?;
        }
        if p.result == Injury::Amnesia {
            forget = self.choose_forgotten(name, &m)?;
        }
        self.push(Event::InjuryResolved {
            model: name.to_string(),
            wound,
            forget,
        })
    }

    /// Ask which lasting wound a seriously injured model takes.
    fn choose_wound(
        &mut self,
        name: &str,
        m: &CampaignModel,
    ) -> Result<Option<tables::Wound>, CampaignError> {
        let choices = tables::Wound::ALL
            .iter()
            .filter(|w| !m.wounds.contains(w))
            .map(|w| {
                let retire = m.wounds.len() + 1 >= tables::WOUNDS_TO_RETIRE;
                Choice::new(
                    w.id(),
                    format!(
                        "{} ({} -1){}",
                        w.name(Lang::Pl),
                        w.characteristic().id(),
                        if retire {
                            ", przejście na emeryturę"
                        } else {
                            ""
                        }
                    ),
                    format!(
                        "{} ({} -1){}",
                        w.name(Lang::En),
                        w.characteristic().id(),
                        if retire { ", retires" } else { "" }
                    ),
                )
            })
            .collect();
        let a = self.ask(Question {
            key: format!("injury.{name}.wound"),
            pl: format!("{name}: która rana?"),
            en: format!("{name}: which wound?"),
            choices,
        })?;
        Ok(tables::Wound::lookup(&a))
    }

    /// Ask which skill a model with amnesia forgets (none when it has none
    /// to forget).
    fn choose_forgotten(
        &mut self,
        name: &str,
        m: &CampaignModel,
    ) -> Result<Option<Skill>, CampaignError> {
        let can = events::forgettable_skills(m);
        if can.is_empty() {
            return Ok(None);
        }
        let choices = can
            .iter()
            .map(|s| {
                Choice::new(
                    s.id(),
                    format!("zapomnij: {}", s.name(Lang::Pl)),
                    format!("forget: {}", s.name(Lang::En)),
                )
            })
            .collect();
        let a = self.ask(Question {
            key: format!("injury.{name}.forget"),
            pl: format!("{name}: którą umiejętność zapomina?"),
            en: format!("{name}: which skill is forgotten?"),
            choices,
        })?;
        Ok(Skill::lookup(&a))
    }

    fn experience(&mut self, report: &BattleReport) -> Result<(), CampaignError> {
        let alive = |s: &CampaignState, n: &str| {
            s.model(n)
                .is_ok_and(|m| m.entry.archetype != Archetype::Pet)
        };
        for mr in &report.models {
            let object = if mr.object { report.object_xp() } else { 0 };
            let amount = [mr.markers, u32::from(mr.escaped), mr.xp, object]
                .into_iter()
                .fold(mr.took_out, u32::saturating_add);
            if amount > 0 && alive(&self.state, &mr.name) {
                let mut why = Vec::new();
                if mr.took_out > 0 {
                    why.push(format!("{} taken out", mr.took_out));
                }
                if mr.markers > 0 {
                    why.push(format!("{} markers", mr.markers));
                }
                if mr.escaped {
                    why.push("escaped".into());
                }
                if object > 0 {
                    why.push("object carried off".into());
                }
                if mr.xp > 0 {
                    why.push(format!("{} agreed", mr.xp));
                }
                self.push(Event::Xp {
                    model: mr.name.clone(),
                    amount,
                    reason: why.join(", "),
                })?;
            }
        }
        for c in &report.challenges {
            let Some(n) = &c.model else { continue };
            let amount = match c.id.reward().0 {
                tables::ChallengeXp::None => 0,
                tables::ChallengeXp::One | tables::ChallengeXp::OneSpecialist => 1,
                tables::ChallengeXp::PerTakeOutAfterFirst => report
                    .models
                    .iter()
                    .find(|m| &m.name == n)
                    .map_or(0, |m| m.took_out.saturating_sub(1)),
            };
            if amount > 0 && alive(&self.state, n) {
                self.push(Event::Xp {
                    model: n.clone(),
                    amount,
                    reason: format!("challenge {}", c.id),
                })?;
            }
        }
        Ok(())
    }

    fn levels(&mut self) -> Result<(), CampaignError> {
        let names: Vec<String> = self
            .state
            .fielded()
            .filter(|m| m.entry.archetype != Archetype::Pet)
            .map(|m| m.name().to_string())
            .collect();
        for name in names {
            loop {
                let m = self.state.model(&name)?;
                if m.levels >= level_for_xp(m.xp) {
                    break;
                }
                let level = m.levels + 1;
                let dice = self.roll2(
                    &format!("Awans: {name}, poziom {level}, 2k6"),
                    &format!("Advancement: {name}, level {level}, 2d6"),
                )?;
                let result = tables::level(dice[0] + dice[1]);
                self.push(Event::LevelRoll {
                    model: name.clone(),
                    dice,
                    result,
                })?;
                let m = self.state.model(&name)?.clone();
                let mut choices = Vec::new();
                if result == LevelKind::CharacteristicOrSkill {
                    for c in raisable(&m) {
                        choices.push(Choice::new(
                            c.id(),
                            format!("cecha {} +1", c.id()),
                            format!("{} +1", c.id()),
                        ));
                    }
                }
                let skills = learnable_skills(&m);
                for s in &skills {
                    choices.push(Choice::new(
                        s.id(),
                        format!("umiejętność: {}", s.name(Lang::Pl)),
                        format!("skill: {}", s.name(Lang::En)),
                    ));
                }
                if choices.is_empty() {
                    choices.push(Choice::new(
                        "nothing",
                        "nic do nauczenia",
                        "nothing can be learned",
                    ));
                }
                let a = self.ask(Question {
                    key: format!("level.{name}.{level}"),
                    pl: format!("{name}: poziom {level}"),
                    en: format!("{name}: level {level}"),
                    choices,
                })?;
                let characteristic = [
                    Characteristic::Speed,
                    Characteristic::Fight,
                    Characteristic::Accuracy,
                    Characteristic::Resilience,
                ]
                .into_iter()
                .find(|c| c.id() == a);
                let skill = Skill::lookup(&a).filter(|_| characteristic.is_none());
                let mut free_trick = None;
                if skill == Some(Skill::TechnomancerTricks) {
                    let mut t = m.clone();
                    t.entry.skills.push(Skill::TechnomancerTricks);
                    let tricks: Vec<Choice> = learnable_skills(&t)
                        .into_iter()
                        .filter(|s| s.category() == Category::Trick)
                        .map(|s| Choice::new(s.id(), s.name(Lang::Pl), s.name(Lang::En)))
                        .collect();
                    if !tricks.is_empty() {
                        let a = self.ask(Question {
                            key: format!("level.{name}.{level}.trick"),
                            pl: format!("{name}: pierwsza sztuczka (darmowa)"),
                            en: format!("{name}: first trick (free)"),
                            choices: tricks,
                        })?;
                        free_trick = Skill::lookup(&a);
                    }
                }
                self.push(Event::Advance {
                    model: name.clone(),
                    characteristic,
                    skill,
                    free_trick,
                })?;
            }
        }
        Ok(())
    }

    fn purchases(&mut self) -> Result<(), CampaignError> {
        let mut n = 0;
        while let Some(p) = self.decider.next_purchase(&self.state)? {
            n += 1;
            let e = Event::Purchase { action: p };
            let mut test = self.state.clone();
            match test.apply(&e) {
                Ok(()) => self.push(e)?,
                Err(err) => {
                    if !self.decider.refused(&err) {
                        return Err(CampaignError::Decision {
                            key: format!("purchase {n}"),
                            message: err.to_string(),
                        });
                    }
                }
            }
        }
        Ok(())
    }
}

fn consequence(r: Injury, lang: Lang) -> String {
    let (pl, en) = match r {
        Injury::Death => ("model ginie", "the model dies"),
        Injury::BadlyWounded => ("bez opieki model umiera", "without care the model dies"),
        Injury::SeriousInjury => (
            "bez opieki trwała rana i pauza w następnej bitwie",
            "without care a lasting wound and no next battle",
        ),
        Injury::Amnesia => (
            "bez opieki zapomina umiejętność",
            "without care a skill is forgotten",
        ),
        Injury::LightWounds => ("bez skutków", "no effect"),
        Injury::LessonLearnt => ("+1 PD", "+1 XP"),
    };
    format!("{}: {}", lang.pick("przyjmij", "accept"), lang.pick(pl, en))
}

/// Run the whole post-battle sequence for a report; returns the events to
/// append (nothing is appended on error).
pub fn run(
    state: &CampaignState,
    report: &BattleReport,
    origin: DiceOrigin,
    dice: &mut dyn DiceSource,
    decider: &mut dyn Decider,
) -> Result<Vec<Event>, CampaignError> {
    let mut r = Run {
        state: state.clone(),
        events: Vec::new(),
        dice,
        decider,
    };
    r.push(Event::Battle {
        number: state.battles + 1,
        report: report.clone(),
        dice: origin,
    })?;
    r.push(Event::Income {
        amount: report.income(),
        reason: format!("scenario {}", report.scenario),
    })?;
    for n in 1..=report.loot_rolls() {
        r.loot_roll(n)?;
    }
    r.injuries(report)?;
    r.experience(report)?;
    r.levels()?;
    r.purchases()?;
    Ok(r.events)
}

/// Trading between battles, outside a post-battle sequence: levels not yet
/// rolled (a recruit's bought experience, a captain's unspent starting
/// levels, an implant used after the last advancement) are rolled first, then
/// the purchase phase (the one-item-per-table limit still counts the
/// purchases made since the last battle). Returns the events to append; an
/// empty list when nothing happened.
pub fn trade(
    state: &CampaignState,
    origin: DiceOrigin,
    dice: &mut dyn DiceSource,
    decider: &mut dyn Decider,
) -> Result<Vec<Event>, CampaignError> {
    let mut r = Run {
        state: state.clone(),
        events: Vec::new(),
        dice,
        decider,
    };
    r.push(Event::Trade { dice: origin })?;
    r.levels()?;
    r.purchases()?;
    if r.events.len() == 1 {
        return Ok(Vec::new());
    }
    Ok(r.events)
}

/// Levels waiting for a roll (fielded models only; stashed ones roll when
/// fielded again).
pub fn pending_levels(state: &CampaignState) -> usize {
    state
        .fielded()
        .filter(|m| m.entry.archetype != Archetype::Pet)
        .map(|m| level_for_xp(m.xp).saturating_sub(m.levels))
        .sum()
}

/// Price list for the purchase phase (id, price now), for prompts.
pub fn shop(state: &CampaignState) -> Vec<(Goods, u32)> {
    let mut v = Vec::new();
    for &i in crate::equipment::SpecialItem::ALL {
        let g = Goods::Item(i);
        if let Some(p) = buy_price(state, g) {
            v.push((g, p));
        }
    }
    for &m in crate::equipment::Modification::ALL {
        let g = Goods::Mod(m);
        if let Some(p) = buy_price(state, g) {
            v.push((g, p));
        }
    }
    v
}
