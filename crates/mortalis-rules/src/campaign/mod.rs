//! The campaign between battles (rulebook: "Kampania" to "Zakupy"): a
//! starting warband plus an append-only log of events. The state is always
//! derived by replaying the log, which re-derives every event from the
//! recorded inputs ([`verify`]); undo drops the last whole step. Pure: dice
//! and decisions come from traits (see [`postbattle`]).

mod apply;
mod describe;
pub mod events;
pub mod postbattle;
mod purchase;
pub mod tables;
pub mod verify;

pub use describe::describe;
pub use events::{BattleReport, DiceOrigin, Event, Purchase};

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::Lang;
use crate::profile::{Characteristic, Profile};
use crate::warband::{self, ModelEntry, ModelSheet, WarbandFile};
use tables::{Goods, Injury, LevelKind, ShopTable, Wound};

/// Format name written in every campaign file.
pub const FORMAT: &str = "mortalis-campaign";
/// The newest campaign file version this build reads and writes.
pub const VERSION: u32 = 1;
/// Experience cap.
pub const MAX_XP: u32 = 50;
/// Price of one experience point of a hired recruit.
pub const XP_PRICE: u32 = 15;

/// The campaign file: format, version, starting warband, events.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// File version.
    pub version: u32,
    /// The warband as created.
    pub warband: WarbandFile,
    /// Starting credits: the budget left after the warband was bought.
    pub credits: u32,
    /// The log.
    pub events: Vec<Event>,
}

/// Why a campaign cannot start, an event cannot apply, or a log cannot replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CampaignError {
    /// The starting warband breaks the builder's rules.
    #[error("the starting warband is not valid: {0}")]
    InvalidWarband(String),
    /// A model name that is not in the warband.
    #[error("no model named `{0}` in the warband")]
    NoSuchModel(String),
    /// An event that the rules forbid in the current state.
    #[error("{0}")]
    Forbidden(String),
    /// Not enough credits.
    #[error("{what} costs {cost} tk, the warband has {credits} tk")]
    CannotPay {
        /// What was bought.
        what: String,
        /// Price.
        cost: u32,
        /// Credits held.
        credits: u32,
    },
    /// Recorded dice and recorded result disagree (hand-edited log).
    #[error(
        "recorded result `{recorded}` does not follow from the dice (table gives `{expected}`)"
    )]
    Inconsistent {
        /// In the log.
        recorded: String,
        /// From the table.
        expected: String,
    },
    /// A replay failed at this event.
    #[error("event {index} ({kind}): {source}")]
    Replay {
        /// Index in the log (from 0).
        index: usize,
        /// The event's name in the file (`loot`, `xp`, ...).
        kind: String,
        /// What went wrong.
        source: Box<CampaignError>,
    },
    /// A recorded field differs from what the rules derive from the
    /// recorded inputs (a hand-edited log).
    #[error("`{field}` is {recorded} in the log, the rules give {expected}")]
    Mismatch {
        /// The field, as named in the file.
        field: String,
        /// In the log (JSON).
        recorded: String,
        /// What the rules give (JSON, or what they need).
        expected: String,
    },
    /// The log has an event where the rules expect another one.
    #[error("the log has a `{found}` event here, the rules expect {expected}")]
    Unexpected {
        /// The event's name in the log.
        found: String,
        /// What the rules expect.
        expected: String,
    },
    /// Dice ran out or were out of range.
    #[error("dice: {0}")]
    Dice(#[from] crate::dice::DiceError),
    /// A decision missing, unknown or not allowed.
    #[error("decision `{key}`: {message}")]
    Decision {
        /// The decision key.
        key: String,
        /// What is wrong.
        message: String,
    },
}

fn forbid<T>(msg: impl Into<String>) -> Result<T, CampaignError> {
    Err(CampaignError::Forbidden(msg.into()))
}

/// A pending injury of this break.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PendingInjury {
    /// Current result.
    pub result: Injury,
    /// Medical care already used (no second care).
    pub cared: bool,
}

/// One model of the campaign warband.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CampaignModel {
    /// Equipment, skills, advances as in a warband file (`xp` there is the
    /// experience beyond the captain's or veteran's start).
    pub entry: ModelEntry,
    /// Total experience.
    pub xp: u32,
    /// Levels already rolled and spent.
    pub levels: usize,
    /// Lasting wounds.
    pub wounds: Vec<Wound>,
    /// Kept in the stash (not fielded).
    pub in_stash: bool,
    /// Chose a wound instead of care: misses the next battle.
    pub misses_next: bool,
    /// Injury of this break not yet resolved.
    pub injury: Option<PendingInjury>,
    /// Rolled an injury needing medical care this break (ruling R37).
    pub needs_care: bool,
    /// Characteristics advanced in this break.
    pub advanced: Vec<Characteristic>,
    /// A level rolled and not yet spent.
    pub level_roll: Option<LevelKind>,
}

fn base_xp(e: &ModelEntry) -> u32 {
    if e.captain {
        warband::CAPTAIN_XP
    } else if e.veteran {
        warband::VETERAN_XP
    } else {
        0
    }
}

impl CampaignModel {
    fn new(mut entry: ModelEntry) -> Self {
        let tricks = crate::skills::Skill::TechnomancerTricks;
        if entry.archetype == warband::Archetype::Technomancer && !entry.skills.contains(&tricks) {
            entry.skills.insert(0, tricks);
        }
        let xp = entry.xp + base_xp(&entry);
        // Levels spent in the file (skills and advances beyond the free ones);
        // the rest are rolled at the next advancement step (ruling R60).
        let innate = usize::from(entry.archetype == warband::Archetype::Technomancer);
        let free_trick = usize::from(
            entry.skills.contains(&tricks)
                && entry
                    .skills
                    .iter()
                    .any(|s| s.category() == crate::skills::Category::Trick),
        );
        let spent = (entry.skills.len() + entry.advances.len()).saturating_sub(innate + free_trick);
        CampaignModel {
            xp,
            levels: spent.min(crate::profile::level_for_xp(xp)),
            // Advances made when the model joined belong to this break.
            advanced: entry.advances.clone(),
            entry,
            wounds: Vec::new(),
            in_stash: false,
            misses_next: false,
            injury: None,
            needs_care: false,
            level_roll: None,
        }
    }

    /// Name.
    pub fn name(&self) -> &str {
        &self.entry.name
    }

    /// The builder's rule problems for this model alone, ignoring those
    /// that concern a whole creation break (counts of advances per break,
    /// levels spent, budget, captain count).
    pub fn problems(&self) -> Vec<warband::Problem> {
        use warband::Problem as P;
        let (_, errs) = self.checked();
        errs.into_iter()
            .filter(|p| {
                !matches!(
                    p,
                    P::AdvanceTwice { .. }
                        | P::TooManyAdvances { .. }
                        | P::OverBudget { .. }
                        | P::CaptainCount { .. }
                )
            })
            .collect()
    }

    fn checked(&self) -> (ModelSheet, Vec<warband::Problem>) {
        let mut e = self.entry.clone();
        e.xp = self.xp.saturating_sub(base_xp(&e));
        let r = warband::check(&WarbandFile {
            name: String::new(),
            budget: u32::MAX,
            models: vec![e],
        });
        let errs = r.errors.into_iter().map(|e| e.problem).collect();
        (r.models.into_iter().next().expect("one model"), errs)
    }

    /// Roster sheet, with lasting wounds applied (unless a gadget cancels them).
    pub fn sheet(&self) -> ModelSheet {
        let (mut s, _) = self.checked();
        for w in &self.wounds {
            if !self.entry.items.contains(&w.remedy()) {
                let c = w.characteristic();
                s.profile.add(c, -1);
                match c {
                    Characteristic::Fight => s.armed_fight -= 1,
                    Characteristic::Resilience => s.armoured_resilience -= 1,
                    _ => {}
                }
            }
        }
        s
    }

    /// Profile with wounds.
    pub fn profile(&self) -> Profile {
        self.sheet().profile
    }

    /// May use an out-of-game skill: fielded and needing no care.
    pub fn can_use_skill(&self, skill: crate::skills::Skill) -> bool {
        !self.in_stash && !self.needs_care && self.entry.skills.contains(&skill)
    }
}

/// The warband as derived from the log.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CampaignState {
    /// Warband name.
    pub name: String,
    /// Credits in tk.
    pub credits: u32,
    /// Models, fielded and stashed, in order of joining.
    pub models: Vec<CampaignModel>,
    /// Items in the stash (sorted).
    pub stash: Vec<Goods>,
    /// Battles reported.
    pub battles: u32,
    /// The captain died: no new captain can ever be named.
    pub captain_lost: bool,
    /// Purchase tables already used in this break.
    pub tables_used: Vec<ShopTable>,
}

impl CampaignState {
    /// Start a campaign from a valid warband.
    pub fn start(w: &WarbandFile) -> Result<(Self, u32), CampaignError> {
        let r = warband::check(w);
        if !r.valid() {
            let msgs: Vec<String> = r
                .errors
                .iter()
                .map(|e| match &e.model {
                    Some(m) => format!("{m}: {}", e.problem.message(Lang::En)),
                    None => e.problem.message(Lang::En),
                })
                .collect();
            return Err(CampaignError::InvalidWarband(msgs.join("; ")));
        }
        let credits = w.budget - r.cost;
        Ok((Self::initial(w, credits), credits))
    }

    fn initial(w: &WarbandFile, credits: u32) -> Self {
        CampaignState {
            name: w.name.clone(),
            credits,
            models: w.models.iter().cloned().map(CampaignModel::new).collect(),
            stash: Vec::new(),
            battles: 0,
            captain_lost: false,
            tables_used: Vec::new(),
        }
    }

    /// The state before the file's first event (its credits checked).
    pub(crate) fn begin(file: &CampaignFile) -> Result<Self, CampaignError> {
        let (_, credits) = Self::start(&file.warband)?;
        if credits != file.credits {
            return Err(CampaignError::Inconsistent {
                recorded: format!("credits {}", file.credits),
                expected: format!("credits {credits}"),
            });
        }
        Ok(Self::initial(&file.warband, credits))
    }

    /// Replay a whole file, re-deriving every event from the rules and the
    /// recorded inputs ([`verify`]); an error names the failing event's index
    /// and kind. A last step cut short replays to where it stops (see
    /// [`verify::replay`] for what comes next).
    pub fn replay(file: &CampaignFile) -> Result<Self, CampaignError> {
        verify::replay(file).map(|(s, _)| s)
    }

    /// A model by name.
    pub fn model(&self, name: &str) -> Result<&CampaignModel, CampaignError> {
        self.models
            .iter()
            .find(|m| m.name() == name)
            .ok_or_else(|| CampaignError::NoSuchModel(name.to_string()))
    }

    pub(crate) fn model_mut(&mut self, name: &str) -> Result<&mut CampaignModel, CampaignError> {
        self.models
            .iter_mut()
            .find(|m| m.name() == name)
            .ok_or_else(|| CampaignError::NoSuchModel(name.to_string()))
    }

    /// Models in the field.
    pub fn fielded(&self) -> impl Iterator<Item = &CampaignModel> {
        self.models.iter().filter(|m| !m.in_stash)
    }

    /// How many models may be fielded (seven, plus up to two pets with a
    /// beast master).
    pub fn field_limit(&self) -> usize {
        let bm = self
            .fielded()
            .any(|m| m.entry.skills.contains(&crate::skills::Skill::BeastMaster));
        let pets = self
            .fielded()
            .filter(|m| m.entry.archetype == warband::Archetype::Pet)
            .count();
        warband::MAX_MODELS + if bm { pets.min(2) } else { 0 }
    }

    /// Strength: fielded models that can play the next battle.
    pub fn strength(&self) -> u32 {
        let sheets: Vec<ModelSheet> = self
            .fielded()
            .filter(|m| !m.misses_next)
            .map(CampaignModel::sheet)
            .collect();
        warband::strength(&sheets)
    }

    pub(crate) fn pay(&mut self, what: &str, cost: u32) -> Result<(), CampaignError> {
        if cost > self.credits {
            return Err(CampaignError::CannotPay {
                what: what.to_string(),
                cost,
                credits: self.credits,
            });
        }
        self.credits -= cost;
        Ok(())
    }

    pub(crate) fn take_from_stash(&mut self, g: Goods) -> Result<(), CampaignError> {
        match self.stash.iter().position(|&s| s == g) {
            Some(i) => {
                self.stash.remove(i);
                Ok(())
            }
            None => forbid(format!("`{g}` is not in the stash")),
        }
    }

    pub(crate) fn put_in_stash(&mut self, g: Goods) {
        self.stash.push(g);
        self.stash.sort();
    }

    /// A flat description used to show what an event changed.
    pub fn facts(&self, lang: Lang) -> BTreeMap<String, String> {
        let mut f = BTreeMap::new();
        let t = |pl: &str, en: &str| lang.pick(pl, en).to_string();
        f.insert(t("kredyty", "credits"), format!("{} tk", self.credits));
        f.insert(t("bitwy", "battles"), self.battles.to_string());
        let stash: Vec<&str> = self.stash.iter().map(|g| g.id()).collect();
        f.insert(t("schowek", "stash"), format!("[{}]", stash.join(", ")));
        if self.captain_lost {
            f.insert(t("kapitan", "captain"), t("poległ", "lost"));
        }
        for m in &self.models {
            let n = m.name();
            let mut status = vec![if m.in_stash {
                t("w schowku", "in stash")
            } else {
                t("w drużynie", "fielded")
            }];
            if m.misses_next {
                status.push(t("pauzuje w następnej bitwie", "misses next battle"));
            }
            if let Some(p) = &m.injury {
                status.push(format!("{} {}", t("rana:", "injury:"), p.result.id()));
            }
            if let Some(k) = m.level_roll {
                status.push(format!(
                    "{} {}",
                    t("poziom do wydania:", "level to spend:"),
                    match k {
                        LevelKind::CharacteristicOrSkill =>
                            t("cecha lub umiejętność", "characteristic or skill"),
                        LevelKind::SkillOnly => t("tylko umiejętność", "skill only"),
                    }
                ));
            }
            f.insert(format!("{n}: status"), status.join(", "));
            f.insert(
                format!("{n}: XP"),
                format!("{} ({} {})", m.xp, t("poziomy", "levels"), m.levels),
            );
            f.insert(format!("{n}: S|W|C|O"), m.profile().to_string());
            let join = |v: Vec<&str>| format!("[{}]", v.join(", "));
            f.insert(
                format!("{n}: {}", t("umiejętności", "skills")),
                join(m.entry.skills.iter().map(|s| s.id()).collect()),
            );
            f.insert(
                format!("{n}: {}", t("przedmioty", "items")),
                join(
                    m.entry
                        .items
                        .iter()
                        .map(|s| s.id())
                        .chain(m.entry.mods.iter().map(|s| s.id()))
                        .chain(m.entry.gear.iter().map(|s| s.id()))
                        .collect(),
                ),
            );
            if !m.wounds.is_empty() {
                f.insert(
                    format!("{n}: {}", t("rany", "wounds")),
                    join(m.wounds.iter().map(|s| s.id()).collect()),
                );
            }
        }
        f
    }
}

/// One line of "what changed": key, before, after (`None`: absent).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Change {
    /// What.
    pub key: String,
    /// Before.
    pub before: Option<String>,
    /// After.
    pub after: Option<String>,
}

/// The differences between two states.
pub fn changes(before: &CampaignState, after: &CampaignState, lang: Lang) -> Vec<Change> {
    let (a, b) = (before.facts(lang), after.facts(lang));
    let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .filter(|k| a.get(*k) != b.get(*k))
        .map(|k| Change {
            key: k.clone(),
            before: a.get(k).cloned(),
            after: b.get(k).cloned(),
        })
        .collect()
}

impl CampaignFile {
    /// A new campaign file for a valid warband.
    pub fn new(warband: WarbandFile) -> Result<Self, CampaignError> {
        let (_, credits) = CampaignState::start(&warband)?;
        Ok(CampaignFile {
            format: FORMAT.to_string(),
            version: VERSION,
            warband,
            credits,
            events: Vec::new(),
        })
    }

    /// Drop the last event; `None` when the log is empty. This may leave a
    /// step cut short: `undo_step` is what players use.
    pub fn undo_event(&mut self) -> Option<Event> {
        self.events.pop()
    }

    /// Index of the first event of the last step (a battle with its
    /// post-battle sequence, or a trade).
    pub fn last_step(&self) -> Option<usize> {
        self.events.iter().rposition(Event::opens_step)
    }

    /// Drop the last whole step and return its events (empty when the log
    /// is empty).
    pub fn undo_step(&mut self) -> Vec<Event> {
        let from = self.last_step().unwrap_or(0);
        self.events.split_off(from)
    }
}
