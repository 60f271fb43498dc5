//! Campaign events, battle reports and purchases, the loot tables' dice,
//! prices, and the checks `apply.rs` and `purchase.rs` share. Events carry
//! the dice and the choices; applying one never rolls.

use serde::{Deserialize, Serialize};

use super::tables::{
    self, Challenge, Goods, Implant, Injury, LevelKind, LootKind, Scenario, SpecialKind, Wound,
};
use super::{CampaignError, CampaignModel, CampaignState, forbid};
use crate::equipment::{Item, SpecialItem};
use crate::profile::Characteristic;
use crate::skills::{Category, Skill};
use crate::warband::{self, Archetype, ModelEntry};

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
        // Saturating: a report's numbers are not trusted to be small.
        let markers = self
            .models
            .iter()
            .map(|m| m.markers)
            .fold(0, u32::saturating_add)
            .saturating_add(if self.models.iter().any(|m| m.object) {
                OBJECT_LOOT_ROLLS
            } else {
                0
            });
        let challenges: u32 = self.challenges.iter().map(|c| c.id.reward().1).sum();
        let (_, scenario) =
            tables::scenario_income(self.scenario, self.result == BattleResult::Win);
        [challenges, scenario, self.extra_loot]
            .into_iter()
            .fold(markers, u32::saturating_add)
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
    /// Choose the Speed skill a model's Wszczep umiejętności holds (B134):
    /// any Speed skill it does not know, even one it could not learn; once
    /// per holder (chosen again only after the implant changes hands).
    ChooseImplant {
        /// The model carrying the implant.
        model: String,
        /// The Speed skill.
        skill: Skill,
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

pub(super) fn sum(d: [u8; 2]) -> u8 {
    d[0] + d[1]
}

pub(super) fn check_dice(d: &[u8]) -> Result<(), CampaignError> {
    match d.iter().find(|v| !(1..=6).contains(*v)) {
        Some(&v) => Err(CampaignError::Dice(crate::dice::DiceError::OutOfRange(
            i64::from(v),
        ))),
        None => Ok(()),
    }
}

pub(super) fn inconsistent<T>(
    recorded: impl ToString,
    expected: impl ToString,
) -> Result<T, CampaignError> {
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

pub(super) fn advance_problem(m: &CampaignModel, c: Characteristic) -> Option<String> {
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

pub(super) fn skill_problem(m: &CampaignModel, s: Skill) -> Option<String> {
    if m.entry.skills.contains(&s) {
        return Some(format!("{} already knows `{s}`", m.name()));
    }
    let mut t = m.clone();
    t.entry.skills.push(s);
    t.problems().first().map(|p| p.message(crate::Lang::En))
}

pub(super) fn forgettable(m: &CampaignModel) -> Vec<Skill> {
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

pub(super) fn retire_or_remove(
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
pub(super) fn remove_dead(s: &mut CampaignState, name: &str) -> Result<(), CampaignError> {
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

pub(super) fn model_checked(m: &CampaignModel) -> Result<(), CampaignError> {
    match m.problems().first() {
        Some(p) => forbid(format!("{}: {}", m.name(), p.message(crate::Lang::En))),
        None => Ok(()),
    }
}

pub(super) fn give(m: &mut CampaignModel, g: Goods) -> Result<(), CampaignError> {
    match g {
        Goods::Item(i) => m.entry.items.push(i),
        Goods::Mod(md) => m.entry.mods.push(md),
        _ => return forbid(format!("`{g}` is used from the stash, not carried")),
    }
    model_checked(m)
}

pub(super) fn field_check(s: &CampaignState) -> Result<(), CampaignError> {
    let n = s.fielded().count();
    if n > s.field_limit() {
        return forbid(format!(
            "{n} models in the field, at most {} (keep the others in the stash)",
            s.field_limit()
        ));
    }
    Ok(())
}
