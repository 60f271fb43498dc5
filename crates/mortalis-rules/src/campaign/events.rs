//! Campaign events and how each one changes the state. Events carry the dice
//! and the choices; applying one never rolls. A recorded result that does
//! not follow from its dice, or an event the rules forbid, is an error.

use serde::{Deserialize, Serialize};

use super::tables::{
    self, Challenge, Goods, Implant, Injury, LevelKind, LootKind, Medicine, Scenario, SpecialKind,
    Wound,
};
use super::{CampaignError, CampaignModel, CampaignState, MAX_XP, XP_PRICE, forbid};
use crate::equipment::{Item, SpecialItem};
use crate::profile::{Characteristic, level_for_xp};
use crate::skills::{Category, Skill};
use crate::warband::{self, Archetype, ModelEntry, WarbandFile};

/// Battle result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BattleResult {
    /// Won.
    #[serde(alias = "zwyciestwo", alias = "zwycięstwo")]
    Win,
    /// Lost.
    #[serde(alias = "porazka", alias = "porażka")]
    Loss,
    /// Drawn.
    #[serde(alias = "remis")]
    Draw,
}

/// One model in a battle report.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelReport {
    /// Model name.
    pub name: String,
    /// Enemy models it took out.
    #[serde(default, deserialize_with = "crate::bounds::took_out")]
    pub took_out: u32,
    /// Technology markers it carried off the table.
    #[serde(default, deserialize_with = "crate::bounds::markers")]
    pub markers: u32,
    /// Failed a Resilience test and left the table: rolls for injuries.
    #[serde(default)]
    pub out_of_action: bool,
    /// Left the table safely in "Pride" (1 XP, like a marker).
    #[serde(default)]
    pub escaped: bool,
    /// Further experience agreed by the players (not from challenges, markers
    /// or the interception object, which are counted from their own keys).
    #[serde(default, deserialize_with = "crate::bounds::xp")]
    pub xp: u32,
    /// Interception: carried the special object off the table (alone: 2 XP;
    /// two carriers together: 1 XP each). The object gives loot rolls as
    /// [`OBJECT_LOOT_ROLLS`] markers (ruling R50).
    #[serde(default, skip_serializing_if = "is_false")]
    pub object: bool,
    /// Grenades thrown in the battle: single use, struck off the model.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub used: Vec<SpecialItem>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Climbing gear always costs 5 tk.
pub const CLIMBING_GEAR_PRICE: u32 = 5;

/// Loot rolls for the interception object (it counts as four markers).
pub const OBJECT_LOOT_ROLLS: u32 = 4;

/// A challenge met.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChallengeReport {
    /// Which.
    pub id: Challenge,
    /// The model that gets the experience, where the challenge gives any.
    #[serde(default)]
    pub model: Option<String>,
}

/// A battle report (TOML on the command line, stored in the log).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleReport {
    /// Scenario played.
    pub scenario: Scenario,
    /// Result for this warband.
    pub result: BattleResult,
    /// Further loot rolls agreed by the players.
    #[serde(default, deserialize_with = "crate::bounds::extra_loot")]
    pub extra_loot: u32,
    /// Models that did something worth recording.
    #[serde(default, rename = "model")]
    pub models: Vec<ModelReport>,
    /// Challenges met.
    #[serde(default, rename = "challenge")]
    pub challenges: Vec<ChallengeReport>,
    /// Volunteers this warband fielded (one per full 15 points of the
    /// opponent's strength advantage; they need `opponent_strength`).
    #[serde(
        default,
        skip_serializing_if = "is_zero",
        deserialize_with = "crate::bounds::volunteers"
    )]
    pub volunteers: u32,
    /// The opponent's strength before the battle, as the players computed it.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::bounds::opponent_strength_opt"
    )]
    pub opponent_strength: Option<u32>,
}

impl BattleReport {
    /// Loot rolls: markers carried, challenge technologies, scenario rolls
    /// and agreed extras.
    pub fn loot_rolls(&self) -> u32 {
        let markers: u32 = self.models.iter().map(|m| m.markers).sum::<u32>()
            + if self.models.iter().any(|m| m.object) {
                OBJECT_LOOT_ROLLS
            } else {
                0
            };
        let challenges: u32 = self.challenges.iter().map(|c| c.id.reward().1).sum();
        let (_, scenario) =
            tables::scenario_income(self.scenario, self.result == BattleResult::Win);
        markers + challenges + scenario + self.extra_loot
    }

    /// Experience for carrying the interception object: 2 alone, 1 each
    /// when two carried it together.
    pub fn object_xp(&self) -> u32 {
        match self.models.iter().filter(|m| m.object).count() {
            1 => 2,
            _ => 1,
        }
    }

    /// Income in tk.
    pub fn income(&self) -> u32 {
        tables::scenario_income(self.scenario, self.result == BattleResult::Win).0
    }
}

/// Where the dice of a battle's post-battle sequence came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum DiceOrigin {
    /// Rolled by the program with ChaCha8 from this seed.
    Seeded {
        /// The seed.
        seed: u64,
    },
    /// Typed in by the players.
    Typed,
}

/// What a loot roll found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LootFind {
    /// Technologies worth this many tk (always sold).
    Technology(u32),
    /// An item for the stash (or sale).
    Goods(Goods),
}

/// How medical care is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CareBy {
    /// Paid in credits (medic discount applied).
    Credits,
    /// A combat medkit from the stash: free care, reroll.
    CombatMedkit,
    /// A surgical automaton: as if 7-10.
    SurgicalAutomaton,
    /// Medical nanobots: as if 11-12.
    MedicalNanobots,
}

/// A purchase-phase action (also the `[[purchase]]` entries of a decisions file).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
pub enum Purchase {
    /// Buy an item at three times its value, into the stash or for a model.
    Buy {
        /// Item or modification id.
        item: Goods,
        /// Carrier; the stash when absent.
        #[serde(default)]
        model: Option<String>,
    },
    /// Buy climbing gear (always 5 tk, no table) for a model. A jetpack is
    /// bought only with the model, when it is hired.
    BuyGear {
        /// `climbing_gear`.
        item: Item,
        /// Carrier.
        model: String,
    },
    /// Hire a model (bought experience at 15 tk a point).
    Hire {
        /// The model, as in a warband file.
        model: ModelEntry,
        /// Put it in the stash instead of the field.
        #[serde(default)]
        stash: bool,
    },
    /// Fire a model, keeping its special equipment in the stash.
    Fire {
        /// Model.
        model: String,
    },
    /// Sell an item from the stash at its value.
    Sell {
        /// Item.
        item: Goods,
    },
    /// Move a model to the stash.
    ToStash {
        /// Model.
        model: String,
    },
    /// Field a stashed model.
    ToField {
        /// Model.
        model: String,
    },
    /// Give a stashed item to a model.
    Equip {
        /// Item.
        item: Goods,
        /// Model.
        model: String,
    },
    /// Put a model's item in the stash.
    Unequip {
        /// Item.
        item: Goods,
        /// Model.
        model: String,
    },
    /// Use a neural implant from the stash on a model.
    UseImplant {
        /// Implant.
        item: Implant,
        /// Model.
        model: String,
    },
}

/// One entry of the log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// A battle was reported: opens the post-battle sequence.
    Battle {
        /// 1 for the first battle.
        number: u32,
        /// The report.
        report: BattleReport,
        /// Where the dice come from.
        dice: DiceOrigin,
    },
    /// Credits earned.
    Income {
        /// tk.
        amount: u32,
        /// Why.
        reason: String,
    },
    /// A loot roll: every die in order (after rerolls and adjustments).
    Loot {
        /// Dice.
        dice: Vec<u8>,
        /// The result.
        find: LootFind,
        /// Prosthesis picked on a gadget 6.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pick: Option<Goods>,
        /// Sold at once instead of stashed (technologies always are).
        #[serde(default)]
        sell: bool,
        /// How the dice were changed by skills.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        note: Option<String>,
    },
    /// An injury roll.
    InjuryRoll {
        /// Model.
        model: String,
        /// Dice.
        dice: [u8; 2],
        /// Result.
        result: Injury,
    },
    /// Medical care and its reroll, if any.
    Care {
        /// Model.
        model: String,
        /// Paid how.
        by: CareBy,
        /// The reroll.
        #[serde(default)]
        dice: Option<[u8; 2]>,
        /// New result.
        result: Injury,
    },
    /// A ghost-catcher saves a dying model.
    GhostCatcher {
        /// Model.
        model: String,
    },
    /// The injury's consequence.
    InjuryResolved {
        /// Model.
        model: String,
        /// The lasting wound chosen (serious injury without care).
        #[serde(default)]
        wound: Option<Wound>,
        /// The skill forgotten (amnesia without care).
        #[serde(default)]
        forget: Option<Skill>,
    },
    /// Experience.
    Xp {
        /// Model.
        model: String,
        /// Points (capped at 50 in total).
        amount: u32,
        /// Why.
        reason: String,
    },
    /// A level roll.
    LevelRoll {
        /// Model.
        model: String,
        /// Dice.
        dice: [u8; 2],
        /// Result.
        result: LevelKind,
    },
    /// A level spent (neither set: nothing could be learned, ruling R41).
    Advance {
        /// Model.
        model: String,
        /// Characteristic raised.
        #[serde(default)]
        characteristic: Option<Characteristic>,
        /// Skill learned.
        #[serde(default)]
        skill: Option<Skill>,
        /// First trick, learned with Technomancer tricks.
        #[serde(default)]
        free_trick: Option<Skill>,
    },
    /// A purchase-phase action.
    Purchase {
        /// The action.
        action: Purchase,
    },
    /// Trading between battles begins (its level rolls use these dice).
    Trade {
        /// Where the dice come from.
        dice: DiceOrigin,
    },
}

fn sum(d: [u8; 2]) -> u8 {
    d[0] + d[1]
}

fn check_dice(d: &[u8]) -> Result<(), CampaignError> {
    match d.iter().find(|v| !(1..=6).contains(*v)) {
        Some(&v) => Err(CampaignError::Dice(crate::dice::DiceError::OutOfRange(
            i64::from(v),
        ))),
        None => Ok(()),
    }
}

fn inconsistent<T>(recorded: impl ToString, expected: impl ToString) -> Result<T, CampaignError> {
    Err(CampaignError::Inconsistent {
        recorded: recorded.to_string(),
        expected: expected.to_string(),
    })
}

/// How many dice a loot roll needs given those rolled so far (`None`: done).
pub fn loot_dice_needed(dice: &[u8]) -> usize {
    if dice.len() < 2 {
        return 2;
    }
    match tables::loot(dice[0] + dice[1]) {
        LootKind::Technology(_) => 2,
        LootKind::RangedMod => 4,
        LootKind::ArmourMod => match dice.get(2) {
            None => 3,
            Some(&f) if tables::armour_needs_second(f) => 4,
            Some(_) => 3,
        },
        LootKind::Special => match dice.get(2).map(|&d| tables::special_kind(d)) {
            None => 3,
            Some(SpecialKind::Medicine) => 5,
            Some(_) => 4,
        },
    }
}

/// The loot found with these dice (the full sequence) and a prosthesis pick.
pub fn loot_find(dice: &[u8], pick: Option<Goods>) -> Result<LootFind, String> {
    if dice.len() != loot_dice_needed(dice) {
        return Err(format!(
            "{} dice recorded, the tables need {}",
            dice.len(),
            loot_dice_needed(dice)
        ));
    }
    let no_pick = |f: LootFind| {
        if pick.is_some() {
            Err("a pick is only made on a gadget roll of 6".to_string())
        } else {
            Ok(f)
        }
    };
    match tables::loot(dice[0] + dice[1]) {
        LootKind::Technology(v) => no_pick(LootFind::Technology(v)),
        LootKind::RangedMod => no_pick(LootFind::Goods(tables::ranged_mod(dice[2], dice[3]))),
        LootKind::ArmourMod => no_pick(LootFind::Goods(Goods::Mod(tables::armour_mod(
            dice[2],
            dice.get(3).copied().unwrap_or(1),
        )))),
        LootKind::Special => match tables::special_kind(dice[2]) {
            SpecialKind::Grenade => no_pick(LootFind::Goods(Goods::Item(tables::grenade(dice[3])))),
            SpecialKind::Gadget => match tables::gadget(dice[3]) {
                Some(g) => no_pick(LootFind::Goods(Goods::Item(g))),
                None => match pick {
                    Some(Goods::Item(p)) if tables::PROSTHESES.contains(&p) => {
                        Ok(LootFind::Goods(Goods::Item(p)))
                    }
                    _ => Err("a gadget roll of 6 needs a pick of eye_implant, arm_prosthesis, leg_exoskeleton or artificial_organs".into()),
                },
            },
            SpecialKind::Medicine => no_pick(LootFind::Goods(Goods::Medicine(tables::medicine(
                dice[3] + dice[4],
            )))),
            SpecialKind::Implant => no_pick(LootFind::Goods(Goods::Implant(tables::implant(dice[3])))),
        },
    }
}

/// Sale price with haggling (+20%, rounded down) when a haggler can use it.
pub fn sale_price(state: &CampaignState, value: u32) -> u32 {
    if state.fielded().any(|m| m.can_use_skill(Skill::Haggling)) {
        value * 6 / 5
    } else {
        value
    }
}

/// Price of medical care with the medic's 20% discount (rounded down).
pub fn care_price(state: &CampaignState, base: u32) -> u32 {
    if state.fielded().any(|m| m.can_use_skill(Skill::Medic)) {
        base * 4 / 5
    } else {
        base
    }
}

/// Price of an item bought now (three times its value, the fence's 20% off).
pub fn buy_price(state: &CampaignState, g: Goods) -> Option<u32> {
    let v = 3 * g.value()?;
    g.shop_table()?;
    Some(if state.fielded().any(|m| m.can_use_skill(Skill::Fence)) {
        v * 4 / 5
    } else {
        v
    })
}

/// Skills a model could learn now (not already known; category allowed).
pub fn learnable_skills(m: &CampaignModel) -> Vec<Skill> {
    Skill::ALL
        .iter()
        .copied()
        .filter(|&s| s.category() != Category::HeroicPlay && !m.entry.skills.contains(&s))
        .filter(|&s| {
            let mut t = m.clone();
            t.entry.skills.push(s);
            t.problems().is_empty()
        })
        .collect()
}

/// Characteristics a model could raise now.
pub fn raisable(m: &CampaignModel) -> Vec<Characteristic> {
    [
        Characteristic::Speed,
        Characteristic::Fight,
        Characteristic::Accuracy,
        Characteristic::Resilience,
    ]
    .into_iter()
    .filter(|&c| advance_problem(m, c).is_none())
    .collect()
}

fn advance_problem(m: &CampaignModel, c: Characteristic) -> Option<String> {
    if m.advanced.contains(&c) {
        return Some(format!(
            "{} was already raised since the last battle",
            c.id()
        ));
    }
    let mut t = m.clone();
    t.entry.advances.push(c);
    t.problems().first().map(|p| p.message(crate::Lang::En))
}

fn skill_problem(m: &CampaignModel, s: Skill) -> Option<String> {
    if m.entry.skills.contains(&s) {
        return Some(format!("{} already knows `{s}`", m.name()));
    }
    let mut t = m.clone();
    t.entry.skills.push(s);
    t.problems().first().map(|p| p.message(crate::Lang::En))
}

fn forgettable(m: &CampaignModel) -> Vec<Skill> {
    m.entry
        .skills
        .iter()
        .copied()
        .filter(|&s| {
            !(s == Skill::TechnomancerTricks && m.entry.archetype == Archetype::Technomancer)
        })
        .collect()
}

/// Skills amnesia may remove (the technomancer's innate skill is not learned).
pub fn forgettable_skills(m: &CampaignModel) -> Vec<Skill> {
    forgettable(m)
}

fn retire_or_remove(
    s: &mut CampaignState,
    name: &str,
    keep_equipment: bool,
) -> Result<(), CampaignError> {
    let i = s
        .models
        .iter()
        .position(|m| m.name() == name)
        .ok_or_else(|| CampaignError::NoSuchModel(name.into()))?;
    let m = s.models.remove(i);
    if m.entry.captain {
        s.captain_lost = true;
    }
    if keep_equipment {
        for &it in &m.entry.items {
            s.put_in_stash(Goods::Item(it));
        }
        for &md in &m.entry.mods {
            s.put_in_stash(Goods::Mod(md));
        }
    }
    Ok(())
}

/// A model dies. When it was the warband's last beast master, the pets it
/// allowed beyond the seven-model limit die with it: as many fielded pets as
/// the field held models over seven, at most two, the most recently joined
/// first (ruling R51).
fn remove_dead(s: &mut CampaignState, name: &str) -> Result<(), CampaignError> {
    let was_master = s.model(name)?.entry.skills.contains(&Skill::BeastMaster);
    let over = s.fielded().count().saturating_sub(warband::MAX_MODELS);
    retire_or_remove(s, name, false)?;
    let masters_left = s
        .models
        .iter()
        .any(|m| m.entry.skills.contains(&Skill::BeastMaster));
    if was_master && !masters_left {
        for _ in 0..over.min(2) {
            match s
                .models
                .iter()
                .rposition(|m| !m.in_stash && m.entry.archetype == Archetype::Pet)
            {
                Some(i) => {
                    s.models.remove(i);
                }
                None => break,
            }
        }
    }
    Ok(())
}

/// Ammunition: lasts one battle.
pub fn is_ammunition(i: SpecialItem) -> bool {
    matches!(
        i,
        SpecialItem::ArmourPiercingRounds
            | SpecialItem::HighPressureTanks
            | SpecialItem::HomingMissiles
    )
}

fn model_checked(m: &CampaignModel) -> Result<(), CampaignError> {
    match m.problems().first() {
        Some(p) => forbid(format!("{}: {}", m.name(), p.message(crate::Lang::En))),
        None => Ok(()),
    }
}

fn give(m: &mut CampaignModel, g: Goods) -> Result<(), CampaignError> {
    match g {
        Goods::Item(i) => m.entry.items.push(i),
        Goods::Mod(md) => m.entry.mods.push(md),
        _ => return forbid(format!("`{g}` is used from the stash, not carried")),
    }
    model_checked(m)
}

fn field_check(s: &CampaignState) -> Result<(), CampaignError> {
    let n = s.fielded().count();
    if n > s.field_limit() {
        return forbid(format!(
            "{n} models in the field, at most {} (keep the others in the stash)",
            s.field_limit()
        ));
    }
    Ok(())
}

impl CampaignState {
    /// Adds credits; a hand-edited log can never overflow them.
    fn earn(&mut self, amount: u32) -> Result<(), CampaignError> {
        self.credits = self
            .credits
            .checked_add(amount)
            .ok_or_else(|| CampaignError::Forbidden("credits overflow".into()))?;
        Ok(())
    }

    /// Apply one event. On error the state may be partly changed: callers
    /// apply to a copy (replay stops at the first error anyway).
    pub fn apply(&mut self, e: &Event) -> Result<(), CampaignError> {
        match e {
            Event::Battle {
                number,
                report,
                dice: _,
            } => self.apply_battle(*number, report),
            Event::Income { amount, .. } => self.earn(*amount),
            Event::Loot {
                dice,
                find,
                pick,
                sell,
                note: _,
            } => {
                check_dice(dice)?;
                let f = loot_find(dice, *pick).map_err(CampaignError::Forbidden)?;
                if f != *find {
                    return inconsistent(format!("{find:?}"), format!("{f:?}"));
                }
                match f {
                    LootFind::Technology(v) => {
                        if !sell {
                            return forbid("technologies are always sold");
                        }
                        self.earn(sale_price(self, v))?;
                    }
                    LootFind::Goods(g) if *sell => match g.value() {
                        Some(v) => self.earn(sale_price(self, v))?,
                        None => return forbid(format!("`{g}` cannot be sold")),
                    },
                    LootFind::Goods(g) => self.put_in_stash(g),
                }
                Ok(())
            }
            Event::InjuryRoll {
                model,
                dice,
                result,
            } => {
                check_dice(dice)?;
                let r = tables::injury(sum(*dice));
                if r != *result {
                    return inconsistent(result, r);
                }
                let m = self.model_mut(model)?;
                if m.injury.is_some() {
                    return forbid(format!("{model} already rolled for injuries"));
                }
                m.injury = Some(super::PendingInjury {
                    result: r,
                    cared: false,
                });
                m.needs_care = r.needs_care();
                Ok(())
            }
            Event::Care {
                model,
                by,
                dice,
                result,
            } => self.apply_care(model, *by, *dice, *result),
            Event::GhostCatcher { model } => {
                let p = self.model(model)?.injury.clone();
                match p {
                    Some(p) if matches!(p.result, Injury::Death | Injury::BadlyWounded) => {}
                    _ => {
                        return forbid(format!("{model} is not dying: no use for a ghost-catcher"));
                    }
                }
                self.take_from_stash(Goods::Medicine(Medicine::GhostCatcher))?;
                self.model_mut(model)?.injury = Some(super::PendingInjury {
                    result: Injury::LightWounds,
                    cared: true,
                });
                Ok(())
            }
            Event::InjuryResolved {
                model,
                wound,
                forget,
            } => self.apply_resolved(model, *wound, *forget),
            Event::Xp { model, amount, .. } => {
                let m = self.model_mut(model)?;
                if m.entry.archetype == Archetype::Pet {
                    return forbid(format!("{model} is a pet and gains no experience"));
                }
                m.xp = m.xp.saturating_add(*amount).min(MAX_XP);
                Ok(())
            }
            Event::LevelRoll {
                model,
                dice,
                result,
            } => {
                check_dice(dice)?;
                let r = tables::level(sum(*dice));
                if r != *result {
                    return inconsistent(format!("{result:?}"), format!("{r:?}"));
                }
                let m = self.model_mut(model)?;
                if m.level_roll.is_some() {
                    return forbid(format!("{model} has a level roll to spend first"));
                }
                if m.levels >= level_for_xp(m.xp) {
                    return forbid(format!("{model} has no new level ({} XP)", m.xp));
                }
                m.level_roll = Some(r);
                Ok(())
            }
            Event::Advance {
                model,
                characteristic,
                skill,
                free_trick,
            } => self.apply_advance(model, *characteristic, *skill, *free_trick),
            Event::Purchase { action } => self.apply_purchase(action),
            Event::Trade { .. } => {
                if let Some(m) = self
                    .models
                    .iter()
                    .find(|m| m.injury.is_some() || m.level_roll.is_some())
                {
                    return forbid(format!(
                        "{} has an unfinished injury or level: finish the post-battle sequence first",
                        m.name()
                    ));
                }
                Ok(())
            }
        }
    }

    fn apply_battle(&mut self, number: u32, r: &BattleReport) -> Result<(), CampaignError> {
        if number != self.battles + 1 {
            return forbid(format!(
                "battle number {number}, expected {}",
                self.battles + 1
            ));
        }
        for m in &self.models {
            if m.injury.is_some() || m.level_roll.is_some() {
                return forbid(format!(
                    "{} has an unfinished injury or level from the last battle",
                    m.name()
                ));
            }
        }
        field_check(self)?;
        if r.volunteers > 0 {
            let Some(opp) = r.opponent_strength else {
                return forbid(
                    "volunteers need `opponent_strength`: they come only against a stronger warband",
                );
            };
            let own = self.strength();
            let allowed = warband::volunteers(own, opp);
            if r.volunteers > allowed {
                return forbid(format!(
                    "{} volunteers, at most {allowed} (strength {own} against {opp}: one per full {} points of advantage)",
                    r.volunteers,
                    warband::VOLUNTEER_STEP
                ));
            }
        }
        let carriers = r.models.iter().filter(|m| m.object).count();
        if carriers > 0 && r.scenario != Scenario::Interception {
            return forbid("`object` only exists in interception");
        }
        if carriers > 2 {
            return forbid(format!(
                "{carriers} models carried the object, at most two carry it together"
            ));
        }
        let mut seen: Vec<&str> = Vec::new();
        for mr in &r.models {
            let m = self.model(&mr.name)?;
            if m.entry.archetype == Archetype::Pet && (mr.markers > 0 || mr.object) {
                return forbid(format!(
                    "{} is a pet: pets cannot pick up markers or the object",
                    mr.name
                ));
            }
            if seen.contains(&mr.name.as_str()) {
                return forbid(format!("{} is listed twice in the report", mr.name));
            }
            seen.push(&mr.name);
            if m.in_stash {
                return forbid(format!("{} is in the stash and did not fight", mr.name));
            }
            if m.misses_next {
                return forbid(format!(
                    "{} is recovering from a wound and misses this battle",
                    mr.name
                ));
            }
            if mr.escaped && r.scenario != Scenario::Pride {
                return forbid(format!("{}: `escaped` only counts in pride", mr.name));
            }
            if mr.markers > 0 && r.scenario == Scenario::Pride {
                return forbid(format!(
                    "{}: pride has no technology markers on the table",
                    mr.name
                ));
            }
            if mr.out_of_action && (mr.markers > 0 || mr.object || mr.escaped) {
                return forbid(format!(
                    "{}: a model taken out drops what it carries and never left the table safely (no markers, object or escape)",
                    mr.name
                ));
            }
            for g in &mr.used {
                if !matches!(
                    g,
                    SpecialItem::SmokeGrenade | SpecialItem::StunGrenade | SpecialItem::FragGrenade
                ) {
                    return forbid(format!(
                        "{}: only grenades are used up (`{g}` is not one)",
                        mr.name
                    ));
                }
                let carried = m.entry.items.iter().filter(|&&i| i == *g).count();
                let thrown = mr.used.iter().filter(|&&i| i == *g).count();
                if thrown > carried {
                    return forbid(format!(
                        "{} threw {thrown} `{g}` but carries {carried}",
                        mr.name
                    ));
                }
            }
        }
        if r.challenges.len() > 2 {
            return forbid(format!(
                "{} challenges, at most two per battle",
                r.challenges.len()
            ));
        }
        if let [a, b] = r.challenges.as_slice()
            && a.id == b.id
        {
            return forbid(format!("challenge {} is listed twice", a.id));
        }
        for c in &r.challenges {
            match (&c.model, c.id.reward().0) {
                (None, tables::ChallengeXp::None) => {}
                (Some(_), tables::ChallengeXp::None) => {
                    return forbid(format!(
                        "challenge {} gives no experience: name no model",
                        c.id
                    ));
                }
                (None, _) => {
                    return forbid(format!(
                        "challenge {} needs the model that gets the experience",
                        c.id
                    ));
                }
                (Some(n), kind) => {
                    let m = self.model(n)?;
                    if m.in_stash || m.misses_next {
                        return forbid(format!("{n} did not fight this battle"));
                    }
                    if m.entry.archetype == Archetype::Pet {
                        return forbid(format!(
                            "challenge {}: {n} is a pet and gains no experience",
                            c.id
                        ));
                    }
                    let taken_out = r.models.iter().any(|x| &x.name == n && x.out_of_action);
                    if taken_out
                        && matches!(
                            c.id,
                            Challenge::Predator
                                | Challenge::Pacifist
                                | Challenge::Courier
                                | Challenge::Hunt
                        )
                    {
                        return forbid(format!(
                            "challenge {}: {n} was taken out, and this challenge needs it on its feet to the end",
                            c.id
                        ));
                    }
                    if kind == tables::ChallengeXp::OneSpecialist
                        && !m.entry.archetype.is_specialist()
                    {
                        return forbid(format!("challenge {}: {n} is not a specialist", c.id));
                    }
                }
            }
        }
        if r.challenges.iter().any(|c| c.id == Challenge::NoFireworks)
            && !self.fielded().any(|m| {
                !m.misses_next
                    && m.entry
                        .skills
                        .iter()
                        .any(|s| s.category() == Category::Trick)
            })
        {
            return forbid(
                "challenge no_fireworks needs a fielded model that knows technomancer tricks",
            );
        }
        for mr in &r.models {
            let m = self.model_mut(&mr.name)?;
            for g in &mr.used {
                if let Some(i) = m.entry.items.iter().position(|x| x == g) {
                    m.entry.items.remove(i);
                }
            }
        }
        for m in &mut self.models {
            // Ammunition lasts one battle: what the fighters carried is spent.
            if !m.in_stash && !m.misses_next {
                m.entry.items.retain(|i| !is_ammunition(*i));
            }
            m.misses_next = false;
            m.needs_care = false;
            m.advanced.clear();
        }
        self.tables_used.clear();
        self.battles = number;
        Ok(())
    }

    fn apply_care(
        &mut self,
        model: &str,
        by: CareBy,
        dice: Option<[u8; 2]>,
        result: Injury,
    ) -> Result<(), CampaignError> {
        let p = self.model(model)?.injury.clone().ok_or_else(|| {
            CampaignError::Forbidden(format!("{model} has no injury to care for"))
        })?;
        if p.cared {
            return forbid(format!(
                "{model} already had medical care (no care for the care's result)"
            ));
        }
        let base = p.result.care_cost().ok_or_else(|| {
            CampaignError::Forbidden(format!("no medical care for `{}`", p.result))
        })?;
        let expected = match by {
            CareBy::Credits | CareBy::CombatMedkit => {
                if by == CareBy::Credits {
                    let cost = care_price(self, base);
                    self.pay(&format!("medical care for {model}"), cost)?;
                } else {
                    self.take_from_stash(Goods::Medicine(Medicine::CombatMedkit))?;
                }
                if p.result == Injury::Amnesia {
                    if dice.is_some() {
                        return forbid("care for amnesia needs no roll");
                    }
                    Injury::LightWounds
                } else {
                    let d = dice.ok_or_else(|| {
                        CampaignError::Forbidden("medical care needs its reroll".into())
                    })?;
                    check_dice(&d)?;
                    tables::injury(sum(d))
                }
            }
            CareBy::SurgicalAutomaton | CareBy::MedicalNanobots => {
                if dice.is_some() {
                    return forbid("a medicine heals without a roll");
                }
                let (med, r) = if by == CareBy::SurgicalAutomaton {
                    (Medicine::SurgicalAutomaton, Injury::LightWounds)
                } else {
                    (Medicine::MedicalNanobots, Injury::LessonLearnt)
                };
                self.take_from_stash(Goods::Medicine(med))?;
                r
            }
        };
        if expected != result {
            return inconsistent(result, expected);
        }
        self.model_mut(model)?.injury = Some(super::PendingInjury {
            result,
            cared: true,
        });
        Ok(())
    }

    fn apply_resolved(
        &mut self,
        model: &str,
        wound: Option<Wound>,
        forget: Option<Skill>,
    ) -> Result<(), CampaignError> {
        let m = self.model(model)?;
        let p = m
            .injury
            .clone()
            .ok_or_else(|| CampaignError::Forbidden(format!("{model} has no injury to resolve")))?;
        if wound.is_some() && p.result != Injury::SeriousInjury {
            return forbid(format!(
                "{model}: a wound is chosen only for a serious injury"
            ));
        }
        if forget.is_some() && p.result != Injury::Amnesia {
            return forbid(format!("{model}: a skill is forgotten only with amnesia"));
        }
        match p.result {
            Injury::Death | Injury::BadlyWounded => return remove_dead(self, model),
            Injury::SeriousInjury => {
                let w = wound.ok_or_else(|| {
                    CampaignError::Forbidden(format!("{model}: choose the lasting wound"))
                })?;
                if m.wounds.contains(&w) {
                    return forbid(format!("{model} already has `{w}`"));
                }
                let retire = m.wounds.len() + 1 >= tables::WOUNDS_TO_RETIRE;
                let mm = self.model_mut(model)?;
                mm.wounds.push(w);
                mm.misses_next = true;
                mm.injury = None;
                if retire {
                    return retire_or_remove(self, model, true);
                }
                return Ok(());
            }
            Injury::Amnesia => {
                let can = forgettable(m);
                match forget {
                    None if can.is_empty() => {}
                    None => return forbid(format!("{model}: choose the skill to forget")),
                    Some(s) if can.contains(&s) => {
                        let mm = self.model_mut(model)?;
                        mm.entry.skills.retain(|&k| k != s);
                        // Tricks are lost with the skill that allows them.
                        if s == Skill::TechnomancerTricks {
                            mm.entry.skills.retain(|k| k.category() != Category::Trick);
                        }
                        if s == Skill::Hiding {
                            mm.entry.skills.retain(|&k| k != Skill::Sneaking);
                        }
                    }
                    Some(s) => return forbid(format!("{model} cannot forget `{s}`")),
                }
            }
            Injury::LightWounds => {}
            Injury::LessonLearnt => {
                let mm = self.model_mut(model)?;
                if mm.entry.archetype != Archetype::Pet {
                    mm.xp = (mm.xp + 1).min(MAX_XP);
                }
            }
        }
        self.model_mut(model)?.injury = None;
        Ok(())
    }

    fn apply_advance(
        &mut self,
        model: &str,
        c: Option<Characteristic>,
        skill: Option<Skill>,
        free_trick: Option<Skill>,
    ) -> Result<(), CampaignError> {
        let m = self.model(model)?.clone();
        let kind = m.level_roll.ok_or_else(|| {
            CampaignError::Forbidden(format!("{model} has no level roll to spend"))
        })?;
        let mut t = m.clone();
        match (c, skill) {
            (Some(_), Some(_)) => {
                return forbid("one level: a characteristic or a skill, not both");
            }
            (Some(c), None) => {
                if kind == LevelKind::SkillOnly {
                    return forbid(format!("{model}'s level roll allows a skill only"));
                }
                if let Some(p) = advance_problem(&m, c) {
                    return forbid(format!("{model}: {p}"));
                }
                t.entry.advances.push(c);
                t.advanced.push(c);
            }
            (None, Some(s)) => {
                if let Some(p) = skill_problem(&m, s) {
                    return forbid(format!("{model}: {p}"));
                }
                t.entry.skills.push(s);
            }
            (None, None) => {
                let chars = if kind == LevelKind::SkillOnly {
                    Vec::new()
                } else {
                    raisable(&m)
                };
                if !chars.is_empty() || !learnable_skills(&m).is_empty() {
                    return forbid(format!(
                        "{model}: a level may be left unspent only when nothing can be learned"
                    ));
                }
            }
        }
        if let Some(tr) = free_trick {
            if skill != Some(Skill::TechnomancerTricks) || tr.category() != Category::Trick {
                return forbid("a free trick comes only with Technomancer tricks");
            }
            if let Some(p) = skill_problem(&t, tr) {
                return forbid(format!("{model}: {p}"));
            }
            t.entry.skills.push(tr);
        }
        t.levels += 1;
        t.level_roll = None;
        *self.model_mut(model)? = t;
        Ok(())
    }

    fn apply_purchase(&mut self, p: &Purchase) -> Result<(), CampaignError> {
        match p {
            Purchase::Buy { item, model } => {
                let table = item.shop_table().ok_or_else(|| {
                    CampaignError::Forbidden(format!("`{item}` cannot be bought"))
                })?;
                if self.tables_used.contains(&table) {
                    return forbid(format!(
                        "one item from each table per battle: the {table:?} table was used already"
                    ));
                }
                let price = buy_price(self, *item).expect("tradeable");
                self.pay(item.id(), price)?;
                self.tables_used.push(table);
                match model {
                    Some(n) => give(self.model_mut(n)?, *item),
                    None => {
                        self.put_in_stash(*item);
                        Ok(())
                    }
                }
            }
            Purchase::Hire { model, stash } => {
                if self.models.iter().any(|m| m.name() == model.name) {
                    return forbid(format!("a model named {} already exists", model.name));
                }
                if model.captain {
                    return forbid("a captain cannot be hired");
                }
                if model.veteran {
                    return forbid("veterans exist only at creation; buy experience instead");
                }
                if model.archetype.is_specialist()
                    && self
                        .models
                        .iter()
                        .any(|m| m.entry.archetype == model.archetype)
                {
                    return forbid(format!("the warband already has a {}", model.archetype));
                }
                let r = warband::check(&WarbandFile {
                    name: String::new(),
                    budget: u32::MAX,
                    models: vec![model.clone()],
                });
                if let Some(e) = r
                    .errors
                    .iter()
                    .find(|e| !matches!(e.problem, warband::Problem::CaptainCount { .. }))
                {
                    return forbid(format!(
                        "{}: {}",
                        model.name,
                        e.problem.message(crate::Lang::En)
                    ));
                }
                // Special equipment bought with the recruit is a purchase like
                // any other: one item per table per battle, the fence's 20% off.
                let goods: Vec<Goods> = model
                    .items
                    .iter()
                    .map(|&i| Goods::Item(i))
                    .chain(model.mods.iter().map(|&m| Goods::Mod(m)))
                    .collect();
                let mut equipment = 0;
                for g in &goods {
                    let Some(table) = g.shop_table() else {
                        return forbid(format!("`{g}` cannot be bought"));
                    };
                    if self.tables_used.contains(&table) {
                        return forbid(format!(
                            "one item from each table per battle: the {table:?} table was used already (`{g}`)"
                        ));
                    }
                    self.tables_used.push(table);
                    equipment += 3 * g.value().unwrap_or(0);
                }
                let discounted = goods
                    .iter()
                    .map(|&g| buy_price(self, g).unwrap_or(0))
                    .sum::<u32>();
                let price = r.cost - equipment.min(r.cost) + discounted + XP_PRICE * model.xp;
                self.pay(&format!("hiring {}", model.name), price)?;
                let mut cm = CampaignModel::new(model.clone());
                cm.in_stash = *stash;
                self.models.push(cm);
                field_check(self)
            }
            Purchase::BuyGear { item, model } => {
                match item {
                    Item::ClimbingGear => {}
                    Item::Jetpack => {
                        return forbid("a jetpack is bought only with the model, when it is hired");
                    }
                    _ => return forbid(format!("`{item}` is not gear: buy it as an item")),
                }
                self.pay(item.id(), CLIMBING_GEAR_PRICE)?;
                let m = self.model_mut(model)?;
                m.entry.gear.push(*item);
                model_checked(m)
            }
            Purchase::Fire { model } => {
                // Any model may be fired; a fired captain is lost for good.
                retire_or_remove(self, model, true)?;
                field_check(self)
            }
            Purchase::Sell { item } => {
                let v = item
                    .value()
                    .ok_or_else(|| CampaignError::Forbidden(format!("`{item}` cannot be sold")))?;
                self.take_from_stash(*item)?;
                self.earn(sale_price(self, v))
            }
            Purchase::ToStash { model } => {
                let m = self.model_mut(model)?;
                if m.in_stash {
                    return forbid(format!("{model} is already in the stash"));
                }
                m.in_stash = true;
                field_check(self)
            }
            Purchase::ToField { model } => {
                let m = self.model_mut(model)?;
                if !m.in_stash {
                    return forbid(format!("{model} is already in the field"));
                }
                m.in_stash = false;
                field_check(self)
            }
            Purchase::Equip { item, model } => {
                self.take_from_stash(*item)?;
                give(self.model_mut(model)?, *item)
            }
            Purchase::Unequip { item, model } => {
                let m = self.model_mut(model)?;
                let found = match item {
                    Goods::Item(i) => m.entry.items.iter().position(|x| x == i).map(|k| {
                        m.entry.items.remove(k);
                    }),
                    Goods::Mod(md) => m.entry.mods.iter().position(|x| x == md).map(|k| {
                        m.entry.mods.remove(k);
                    }),
                    _ => None,
                };
                if found.is_none() {
                    return forbid(format!("{model} does not carry `{item}`"));
                }
                self.put_in_stash(*item);
                Ok(())
            }
            Purchase::UseImplant { item, model } => {
                if self.model(model)?.entry.archetype == Archetype::Pet {
                    return forbid(format!("{model} is a pet and gains no experience"));
                }
                self.take_from_stash(Goods::Implant(*item))?;
                let m = self.model_mut(model)?;
                m.xp = (m.xp + item.xp()).min(MAX_XP);
                Ok(())
            }
        }
    }
}
