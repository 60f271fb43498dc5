//! Replay that re-derives every outcome. The log is cut into steps (a battle
//! with its post-battle sequence, or a trade between battles) and each step
//! is run again through [`postbattle`], fed with the dice and the decisions
//! the log records: every event the rules produce must equal the recorded
//! one, field by field. A hand-edited amount, a result that does not follow
//! from its dice, or a deleted event is refused, naming the event and the
//! field. Only the free-text `reason` of income and experience is not
//! compared (it describes; nothing depends on it).

use std::cell::RefCell;

use super::events::Event;
use super::postbattle::{self, Decider, Question};
use super::{CampaignError, CampaignFile, CampaignState, Purchase};
use crate::Lang;
use crate::dice::{DiceError, DiceSource};

mod loot;

/// What the campaign can do next, as its log stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Next {
    /// Every step is whole: the next battle or a trade.
    BattleOrTrade,
    /// The last step stops part-way (a log from an older version's undo, or
    /// cut by hand): it must be undone before the campaign goes on.
    Unfinished {
        /// Index of the step's first event.
        index: usize,
        /// The battle's number; `None` for a trade.
        battle: Option<u32>,
        /// What the rules would ask or record next: Polish, English.
        next: (String, String),
    },
}

impl Event {
    /// The event's name as written in the file (`"event": "loot"`).
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Battle { .. } => "battle",
            Event::Income { .. } => "income",
            Event::Loot { .. } => "loot",
            Event::InjuryRoll { .. } => "injury_roll",
            Event::Care { .. } => "care",
            Event::GhostCatcher { .. } => "ghost_catcher",
            Event::InjuryResolved { .. } => "injury_resolved",
            Event::Xp { .. } => "xp",
            Event::LevelRoll { .. } => "level_roll",
            Event::Advance { .. } => "advance",
            Event::Purchase { .. } => "purchase",
            Event::Trade { .. } => "trade",
        }
    }

    /// Opens a step: a battle or a trade.
    pub fn opens_step(&self) -> bool {
        matches!(self, Event::Battle { .. } | Event::Trade { .. })
    }
}

/// Replay a whole file, re-deriving every event; also says what comes next.
pub fn replay(file: &CampaignFile) -> Result<(CampaignState, Next), CampaignError> {
    let mut state = CampaignState::begin(file)?;
    let mut i = 0;
    while let Some(first) = file.events.get(i) {
        let log = &file.events[i..];
        let tape = RefCell::new(Tape::new(log));
        let run = run_step(&state, first, &tape);
        let tape = tape.into_inner();
        if let Err(e) = run {
            if let Some(next) = tape.ran_out {
                apply_all(&mut state, log, i)?;
                let battle = match first {
                    Event::Battle { number, .. } => Some(*number),
                    _ => None,
                };
                return Ok((
                    state,
                    Next::Unfinished {
                        index: i,
                        battle,
                        next,
                    },
                ));
            }
            return Err(at(i + tape.at, log.get(tape.at), tape.error.unwrap_or(e)));
        }
        // The produced events equal the recorded ones: apply those.
        apply_all(&mut state, &log[..tape.at], i)?;
        i += tape.at.max(1);
    }
    Ok((state, Next::BattleOrTrade))
}

fn apply_all(
    state: &mut CampaignState,
    events: &[Event],
    from: usize,
) -> Result<(), CampaignError> {
    for (k, e) in events.iter().enumerate() {
        state.apply(e).map_err(|err| at(from + k, Some(e), err))?;
    }
    Ok(())
}

fn at(index: usize, e: Option<&Event>, source: CampaignError) -> CampaignError {
    CampaignError::Replay {
        index,
        kind: e.map_or("end of the log", Event::kind).to_string(),
        source: Box::new(source),
    }
}

fn run_step(
    state: &CampaignState,
    first: &Event,
    tape: &RefCell<Tape<'_>>,
) -> Result<(), CampaignError> {
    let mut dice = TapeDice(tape);
    let mut decider = TapeDecider(tape);
    match first {
        Event::Battle {
            report,
            dice: origin,
            ..
        } => postbattle::run(state, report, *origin, &mut dice, &mut decider).map(drop),
        Event::Trade { dice: origin } => {
            postbattle::trade(state, *origin, &mut dice, &mut decider).map(drop)
        }
        other => Err(CampaignError::Unexpected {
            found: other.kind().to_string(),
            expected: "a `battle` or a `trade` (every other event belongs to one)".into(),
        }),
    }
}

/// The recorded events of one step (and whatever follows it in the log),
/// read as the run asks for dice, answers and purchases.
struct Tape<'a> {
    log: &'a [Event],
    /// Index in `log` of the event the run produces next.
    at: usize,
    /// Dice of `log[at]` already handed out.
    die: usize,
    /// The raw dice and answers behind `log[at]` when it is a loot roll.
    loot: Option<loot::Script>,
    /// What the last roll is for (Polish, English).
    label: (String, String),
    /// The run asked for something past the end of the log.
    ran_out: Option<(String, String)>,
    /// A disagreement found while handing out dice.
    error: Option<CampaignError>,
}

impl<'a> Tape<'a> {
    fn new(log: &'a [Event]) -> Self {
        Tape {
            log,
            at: 0,
            die: 0,
            loot: None,
            label: (String::new(), String::new()),
            ran_out: None,
            error: None,
        }
    }

    fn out_of_log(&mut self, pl: &str, en: &str) -> CampaignError {
        self.ran_out = Some((pl.to_string(), en.to_string()));
        CampaignError::Forbidden(format!("the log ends before: {en}"))
    }

    fn die(&mut self) -> Result<u8, DiceError> {
        let Some(e) = self.log.get(self.at) else {
            let (pl, en) = self.label.clone();
            self.out_of_log(&pl, &en);
            return Err(DiceError::Exhausted(self.die + 1));
        };
        let recorded: Option<Vec<u8>> = match e {
            Event::InjuryRoll { dice, .. } | Event::LevelRoll { dice, .. } => Some(dice.to_vec()),
            Event::Care { dice, .. } => Some(dice.map(|d| d.to_vec()).unwrap_or_default()),
            Event::Loot { dice, note, .. } => {
                if let Some(&v) = dice.iter().find(|v| !(1..=6).contains(*v)) {
                    return Err(DiceError::OutOfRange(i64::from(v)));
                }
                let script = self
                    .loot
                    .get_or_insert_with(|| loot::Script::new(dice, note.as_deref()));
                Some(script.raw.clone())
            }
            _ => None,
        };
        let die = recorded.as_ref().and_then(|d| d.get(self.die).copied());
        match (die, recorded) {
            (Some(v), _) if (1..=6).contains(&v) => {
                self.die += 1;
                Ok(v)
            }
            (Some(v), _) => Err(DiceError::OutOfRange(i64::from(v))),
            (None, Some(_)) => {
                let dice = serde_json::to_value(e)
                    .ok()
                    .and_then(|v| v.get("dice").map(ToString::to_string))
                    .unwrap_or_default();
                self.error = Some(CampaignError::Mismatch {
                    field: "dice".into(),
                    recorded: dice,
                    expected: format!("one more die ({})", self.label.1),
                });
                Err(DiceError::Exhausted(self.die + 1))
            }
            (None, None) => {
                self.error = Some(CampaignError::Unexpected {
                    found: e.kind().to_string(),
                    expected: format!("a roll: {}", self.label.1),
                });
                Err(DiceError::Exhausted(self.die + 1))
            }
        }
    }

    /// The recorded answer to a question: taken from the event the answer
    /// shapes (the loot roll, the care, the wound, the level spent).
    fn answer(&mut self, q: &Question) -> Result<String, CampaignError> {
        let Some(e) = self.log.get(self.at) else {
            // Keeping a found implant is recorded by no event.
            if q.key.ends_with(".implant") {
                return Ok("keep".into());
            }
            return Err(self.out_of_log(&q.pl, &q.en));
        };
        let allowed = |a: &str| q.choices.iter().any(|c| c.id == a);
        let first = || q.choices.first().map(|c| c.id.clone()).unwrap_or_default();
        match recorded_answer(q, e, self.loot.as_ref()) {
            Some((_, a)) if allowed(&a) => Ok(a),
            Some((field, a)) => Err(CampaignError::Mismatch {
                field: field.into(),
                // As written in the file.
                recorded: serde_json::to_value(e)
                    .ok()
                    .and_then(|v| v.get(field).map(ToString::to_string))
                    .unwrap_or(a),
                expected: format!(
                    "an answer allowed here ({})",
                    q.choices
                        .iter()
                        .map(|c| c.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            }),
            // An implant kept, or no care: the next event is another one.
            None if q.key.ends_with(".implant") => Ok("keep".into()),
            None if q.key.ends_with(".care") || q.key.ends_with(".after_care") => Ok("none".into()),
            // The recorded event is of another kind or model: any answer
            // lets the run produce its event, and the comparison names what
            // differs.
            None => Ok(first()),
        }
    }

    fn next_purchase(&self) -> Option<Purchase> {
        match self.log.get(self.at) {
            Some(Event::Purchase { action }) => Some(action.clone()),
            _ => None,
        }
    }

    /// The run produced `e`: it must be the recorded event.
    fn produced(&mut self, e: &Event) -> Result<(), CampaignError> {
        let Some(recorded) = self.log.get(self.at) else {
            let (pl, en) = (super::describe(e, Lang::Pl), super::describe(e, Lang::En));
            return Err(self.out_of_log(&pl, &en));
        };
        compare(recorded, e)?;
        self.at += 1;
        self.die = 0;
        self.loot = None;
        Ok(())
    }
}

/// The answer the recorded event `e` gives to `q`, with the field it comes
/// from; `None` when `e` is not the event the question shapes.
fn recorded_answer(
    q: &Question,
    e: &Event,
    loot: Option<&loot::Script>,
) -> Option<(&'static str, String)> {
    let key = q.key.as_str();
    let last = key.rsplit('.').next().unwrap_or("");
    let model_of = |prefix: &str, suffix: &str| {
        key.strip_prefix(prefix)
            .and_then(|k| k.strip_suffix(suffix))
            .map(str::to_string)
    };
    if key.starts_with("loot.") {
        return match (e, last) {
            (
                Event::Purchase {
                    action: Purchase::UseImplant { model, .. },
                },
                "implant",
            ) => Some(("model", model.clone())),
            (Event::Loot { pick, .. }, "pick") => {
                Some(("pick", pick.map_or("none".into(), |g| g.id().to_string())))
            }
            (Event::Loot { sell, .. }, "keep") => {
                Some(("sell", if *sell { "sell" } else { "keep" }.to_string()))
            }
            (Event::Loot { .. }, _) => loot.and_then(|s| s.answer(last)).map(|a| ("note", a)),
            _ => None,
        };
    }
    if let Some(rest) = key.strip_prefix("injury.") {
        let (name, what) = rest.rsplit_once('.')?;
        return match (e, what) {
            (Event::Care { model, by, .. }, "care" | "after_care") if model == name => {
                Some(("by", care_id(*by).to_string()))
            }
            (Event::GhostCatcher { model }, "care" | "after_care") if model == name => {
                Some(("event", "ghost_catcher".to_string()))
            }
            (Event::InjuryResolved { model, wound, .. }, "wound") if model == name => {
                Some(("wound", wound.map_or("none".into(), |w| w.id().to_string())))
            }
            (Event::InjuryResolved { model, forget, .. }, "forget") if model == name => Some((
                "forget",
                forget.map_or("none".into(), |s| s.id().to_string()),
            )),
            _ => None,
        };
    }
    let trick = model_of("level.", ".trick");
    match e {
        Event::Advance {
            model, free_trick, ..
        } if trick
            .as_deref()
            .is_some_and(|k| k.starts_with(&format!("{model}."))) =>
        {
            Some((
                "free_trick",
                free_trick.map_or("none".into(), |s| s.id().to_string()),
            ))
        }
        Event::Advance {
            model,
            characteristic,
            skill,
            ..
        } if trick.is_none() && key.starts_with(&format!("level.{model}.")) => {
            Some(match (characteristic, skill) {
                (Some(c), _) => ("characteristic", c.id().to_string()),
                (None, Some(s)) => ("skill", s.id().to_string()),
                (None, None) => ("skill", "nothing".to_string()),
            })
        }
        _ => None,
    }
}

fn care_id(by: super::events::CareBy) -> &'static str {
    use super::events::CareBy;
    match by {
        CareBy::Credits => "pay",
        CareBy::CombatMedkit => "combat_medkit",
        CareBy::SurgicalAutomaton => "surgical_automaton",
        CareBy::MedicalNanobots => "medical_nanobots",
    }
}

/// The first field in which the recorded event differs from the derived
/// one (`model` first, then in name order), as they are written in the file.
fn compare(recorded: &Event, derived: &Event) -> Result<(), CampaignError> {
    if recorded.kind() != derived.kind() {
        return Err(CampaignError::Unexpected {
            found: recorded.kind().to_string(),
            expected: format!("`{}`", derived.kind()),
        });
    }
    let (Ok(a), Ok(b)) = (
        serde_json::to_value(recorded),
        serde_json::to_value(derived),
    ) else {
        return Ok(());
    };
    let (Some(a), Some(b)) = (a.as_object(), b.as_object()) else {
        return Ok(());
    };
    let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
    keys.sort_by_key(|k| (k.as_str() != "model", k.as_str()));
    keys.dedup();
    let shown = |v: Option<&serde_json::Value>| v.map_or("absent".to_string(), ToString::to_string);
    match keys
        .into_iter()
        .filter(|k| k.as_str() != "reason")
        .find(|k| a.get(*k) != b.get(*k))
    {
        Some(k) => Err(CampaignError::Mismatch {
            field: k.clone(),
            recorded: shown(a.get(k)),
            expected: shown(b.get(k)),
        }),
        None => Ok(()),
    }
}

struct TapeDice<'t, 'a>(&'t RefCell<Tape<'a>>);

impl DiceSource for TapeDice<'_, '_> {
    fn d6(&mut self) -> Result<u8, DiceError> {
        self.0.borrow_mut().die()
    }

    fn label(&mut self, pl: &str, en: &str) {
        self.0.borrow_mut().label = (pl.to_string(), en.to_string());
    }
}

struct TapeDecider<'t, 'a>(&'t RefCell<Tape<'a>>);

impl Decider for TapeDecider<'_, '_> {
    fn choose(&mut self, q: &Question) -> Result<String, CampaignError> {
        self.0.borrow_mut().answer(q)
    }

    fn next_purchase(&mut self, _: &CampaignState) -> Result<Option<Purchase>, CampaignError> {
        Ok(self.0.borrow().next_purchase())
    }

    fn refused(&mut self, e: &CampaignError) -> bool {
        self.0.borrow_mut().error = Some(e.clone());
        false
    }

    fn produced(&mut self, e: &Event) -> Result<(), CampaignError> {
        self.0.borrow_mut().produced(e)
    }

    fn quiet(&self) -> bool {
        true
    }
}
