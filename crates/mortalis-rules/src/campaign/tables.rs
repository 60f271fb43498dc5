//! The campaign tables as data (rulebook: "Grabież", "Straty po bitwie",
//! "Rozwój bohaterów"). Every lookup is a pure function of die values.

use crate::equipment::{Modification, SpecialItem};
use crate::names::catalogue;

catalogue! {
    /// Medicines: found only, never bought or sold, used from the stash.
    pub enum Medicine: "medicine" {
        CombatMedkit = "combat_medkit", "Bojowy zestaw medyczny", "Combat medkit";
        SurgicalAutomaton = "surgical_automaton", "Automat chirurgiczny", "Surgical automaton";
        MedicalNanobots = "medical_nanobots", "Nanoboty medyczne", "Medical nanobots";
        GhostCatcher = "ghost_catcher", "Duchołap", "Ghost-catcher";
    }
}

catalogue! {
    /// Neural implants: found only, give experience to one model.
    pub enum Implant: "neural implant" {
        Memory = "memory_implant", "Implant Pamięciowy", "Memory implant";
        Cognitive = "cognitive_implant", "Implant Poznawczy", "Cognitive implant";
    }
}

impl Implant {
    /// Experience it gives.
    pub fn xp(self) -> u32 {
        match self {
            Implant::Memory => 1,
            Implant::Cognitive => 2,
        }
    }
}

catalogue! {
    /// Lasting wounds of a serious injury.
    pub enum Wound: "wound" {
        DamagedLeg = "damaged_leg", "Uszkodzona noga", "Damaged leg", ["leg"];
        DamagedArm = "damaged_arm", "Uszkodzone ramię", "Damaged arm", ["arm"];
        BlindEye = "blind_eye", "Niesprawne oko", "Blind eye", ["eye"];
        DeepScars = "deep_scars", "Głębokie blizny", "Deep scars", ["scars"];
    }
}

/// A model retires when it receives this many lasting wounds.
pub const WOUNDS_TO_RETIRE: usize = 3;

impl Wound {
    /// The characteristic it lowers by one.
    pub fn characteristic(self) -> crate::profile::Characteristic {
        use crate::profile::Characteristic as C;
        match self {
            Wound::DamagedLeg => C::Speed,
            Wound::DamagedArm => C::Fight,
            Wound::BlindEye => C::Accuracy,
            Wound::DeepScars => C::Resilience,
        }
    }

    /// The gadget that cancels its penalty (the wound stays).
    pub fn remedy(self) -> SpecialItem {
        match self {
            Wound::DamagedLeg => SpecialItem::LegExoskeleton,
            Wound::DamagedArm => SpecialItem::ArmProsthesis,
            Wound::BlindEye => SpecialItem::EyeImplant,
            Wound::DeepScars => SpecialItem::ArtificialOrgans,
        }
    }
}

catalogue! {
    /// Results of the injury table.
    pub enum Injury: "injury" {
        Death = "death", "Śmierć", "Death";
        BadlyWounded = "badly_wounded", "Ciężko ranny", "Badly wounded";
        SeriousInjury = "serious_injury", "Poważne obrażenia", "Serious injury";
        Amnesia = "amnesia", "Amnezja", "Amnesia";
        LightWounds = "light_wounds", "Lekkie obrażenia", "Light wounds";
        LessonLearnt = "lesson_learnt", "Nauczka na przyszłość", "Lesson learnt";
    }
}

impl Injury {
    /// Price of medical care, for the results that offer it.
    pub fn care_cost(self) -> Option<u32> {
        match self {
            Injury::BadlyWounded => Some(15),
            Injury::SeriousInjury => Some(10),
            Injury::Amnesia => Some(5),
            _ => None,
        }
    }

    /// Results that leave the model "needing medical care" (for the skills
    /// that require their owner not to): see ruling R37.
    pub fn needs_care(self) -> bool {
        matches!(
            self,
            Injury::Death | Injury::BadlyWounded | Injury::SeriousInjury | Injury::Amnesia
        )
    }
}

/// Injury table, 2d6.
pub fn injury(sum: u8) -> Injury {
    match sum {
        ..=3 => Injury::Death,
        4 => Injury::BadlyWounded,
        5 => Injury::SeriousInjury,
        6 => Injury::Amnesia,
        7..=10 => Injury::LightWounds,
        _ => Injury::LessonLearnt,
    }
}

/// What the main loot roll (2d6) gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LootKind {
    /// Technologies sold at once for this many tk.
    Technology(u32),
    /// Roll on the ranged-weapon modification table.
    RangedMod,
    /// Roll on the armour and melee modification table.
    ArmourMod,
    /// Roll on the special items table.
    Special,
}

/// Loot table, 2d6.
pub fn loot(sum: u8) -> LootKind {
    match sum {
        ..=3 => LootKind::Technology(5),
        4..=5 => LootKind::Technology(10),
        6 => LootKind::Technology(15),
        7..=8 => LootKind::RangedMod,
        9..=10 => LootKind::ArmourMod,
        _ => LootKind::Special,
    }
}

/// Ranged modification table: first d6 (1-2 modifications, 3-6 ammunition),
/// then a second d6.
pub fn ranged_mod(first: u8, second: u8) -> Goods {
    if first <= 2 {
        Goods::Mod(match second {
            ..=3 => Modification::HighEnergyBatteries,
            4..=5 => Modification::FireStabiliser,
            _ => Modification::PrecisionSight,
        })
    } else {
        Goods::Item(match second {
            ..=4 => SpecialItem::ArmourPiercingRounds,
            5 => SpecialItem::HighPressureTanks,
            _ => SpecialItem::HomingMissiles,
        })
    }
}

/// Armour and melee table: the first d6 picks the family; a 6 (sarcophagus)
/// needs no second roll.
pub fn armour_needs_second(first: u8) -> bool {
    first <= 5
}

/// Armour and melee modification table.
pub fn armour_mod(first: u8, second: u8) -> Modification {
    use Modification::*;
    match first {
        1 => match second {
            ..=3 => UltralightAlloy,
            4..=5 => ImpactPattern,
            _ => Nanoblade,
        },
        2..=3 => {
            if second <= 4 {
                ArmouredFibres
            } else {
                ForceField
            }
        }
        4..=5 => {
            if second <= 4 {
                Polychitin
            } else {
                Servomotors
            }
        }
        _ => PowerBoost,
    }
}

/// Family of a special item (d6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpecialKind {
    /// d6 on the grenades table.
    Grenade,
    /// d6 on the gadgets table.
    Gadget,
    /// 2d6 on the medicines table.
    Medicine,
    /// d6 on the neural implants table.
    Implant,
}

/// Special items table, d6.
pub fn special_kind(d: u8) -> SpecialKind {
    match d {
        ..=2 => SpecialKind::Grenade,
        3..=4 => SpecialKind::Gadget,
        5 => SpecialKind::Medicine,
        _ => SpecialKind::Implant,
    }
}

/// Grenades, d6.
pub fn grenade(d: u8) -> SpecialItem {
    match d {
        ..=2 => SpecialItem::SmokeGrenade,
        3..=4 => SpecialItem::StunGrenade,
        _ => SpecialItem::FragGrenade,
    }
}

/// Gadgets, d6; `None` on a 6, where the player picks one of the four
/// prostheses ([`PROSTHESES`]).
pub fn gadget(d: u8) -> Option<SpecialItem> {
    Some(match d {
        ..=1 => SpecialItem::SuppressionFilter,
        2 => SpecialItem::Camouflage,
        3 => SpecialItem::MaskingProtocol,
        4 => SpecialItem::SkillImplant,
        5 => SpecialItem::Biodetector,
        _ => return None,
    })
}

/// The player's choice on a gadget roll of 6.
pub const PROSTHESES: [SpecialItem; 4] = [
    SpecialItem::EyeImplant,
    SpecialItem::ArmProsthesis,
    SpecialItem::LegExoskeleton,
    SpecialItem::ArtificialOrgans,
];

/// Medicines, 2d6.
pub fn medicine(sum: u8) -> Medicine {
    match sum {
        ..=5 => Medicine::CombatMedkit,
        6..=7 => Medicine::SurgicalAutomaton,
        8..=9 => Medicine::MedicalNanobots,
        _ => Medicine::GhostCatcher,
    }
}

/// Neural implants, d6.
pub fn implant(d: u8) -> Implant {
    if d <= 4 {
        Implant::Memory
    } else {
        Implant::Cognitive
    }
}

/// What a level roll (2d6) allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LevelKind {
    /// One characteristic advance or one skill.
    CharacteristicOrSkill,
    /// One skill.
    SkillOnly,
}

/// Level table, 2d6.
pub fn level(sum: u8) -> LevelKind {
    if sum <= 7 {
        LevelKind::CharacteristicOrSkill
    } else {
        LevelKind::SkillOnly
    }
}

/// The tables a purchase is counted against (one item from each per battle).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShopTable {
    /// Ranged modifications and ammunition.
    Ranged,
    /// Armour and melee modifications.
    ArmourMelee,
    /// Grenades.
    Grenades,
    /// Gadgets.
    Gadgets,
}

/// Anything that can sit in the stash: a special item, a modification, a
/// medicine or a neural implant. Written as its id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Goods {
    /// Grenade, gadget or ammunition.
    Item(SpecialItem),
    /// Weapon or armour modification.
    Mod(Modification),
    /// Medicine.
    Medicine(Medicine),
    /// Neural implant.
    Implant(Implant),
}

impl Goods {
    /// Id.
    pub fn id(self) -> &'static str {
        match self {
            Goods::Item(i) => i.id(),
            Goods::Mod(m) => m.id(),
            Goods::Medicine(m) => m.id(),
            Goods::Implant(i) => i.id(),
        }
    }

    /// Name.
    pub fn name(self, lang: crate::Lang) -> &'static str {
        match self {
            Goods::Item(i) => i.name(lang),
            Goods::Mod(m) => m.name(lang),
            Goods::Medicine(m) => m.name(lang),
            Goods::Implant(i) => i.name(lang),
        }
    }

    /// Look up by any id or name.
    pub fn lookup(s: &str) -> Option<Goods> {
        SpecialItem::lookup(s)
            .map(Goods::Item)
            .or_else(|| Modification::lookup(s).map(Goods::Mod))
            .or_else(|| Medicine::lookup(s).map(Goods::Medicine))
            .or_else(|| Implant::lookup(s).map(Goods::Implant))
    }

    /// Table value (sale price); `None` for goods that cannot be traded.
    pub fn value(self) -> Option<u32> {
        match self {
            Goods::Item(i) => Some(i.value()),
            Goods::Mod(m) => Some(m.value()),
            Goods::Medicine(_) | Goods::Implant(_) => None,
        }
    }

    /// The purchase table it belongs to; `None` when it cannot be bought.
    pub fn shop_table(self) -> Option<ShopTable> {
        use SpecialItem::*;
        match self {
            Goods::Mod(m) => Some(match m.target() {
                crate::equipment::ModTarget::Ranged => ShopTable::Ranged,
                _ => ShopTable::ArmourMelee,
            }),
            Goods::Item(ArmourPiercingRounds | HighPressureTanks | HomingMissiles) => {
                Some(ShopTable::Ranged)
            }
            Goods::Item(SmokeGrenade | StunGrenade | FragGrenade) => Some(ShopTable::Grenades),
            Goods::Item(_) => Some(ShopTable::Gadgets),
            Goods::Medicine(_) | Goods::Implant(_) => None,
        }
    }
}

impl std::fmt::Display for Goods {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

impl serde::Serialize for Goods {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> serde::Deserialize<'de> for Goods {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <String as serde::Deserialize>::deserialize(d)?;
        Goods::lookup(&s).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "unknown item `{s}` (expected a special item, modification, medicine or implant id)"
            ))
        })
    }
}

catalogue! {
    /// Scenarios ("Scenariusze").
    pub enum Scenario: "scenario" {
        Massacre = "massacre", "Jatka", "Massacre";
        Barricades = "barricades", "Barykady", "Barricades";
        Surrounded = "surrounded", "Otoczeni", "Surrounded";
        Interception = "interception", "Przechwycenie", "Interception";
        Pride = "pride", "Duma", "Pride";
    }
}

/// Scenario income in tk and loot rolls that do not come from markers,
/// by result (`won`).
pub fn scenario_income(s: Scenario, won: bool) -> (u32, u32) {
    match (s, won) {
        (Scenario::Pride, true) => (30, 3),
        (Scenario::Pride, false) => (20, 2),
        _ => (20, 0),
    }
}

catalogue! {
    /// Challenges ("Wyzwania").
    pub enum Challenge: "challenge" {
        Extermination = "extermination", "Eksterminacja", "Extermination";
        Lesson = "lesson", "Nauczka", "Lesson";
        Courier = "courier", "Kurier", "Courier";
        Predator = "predator", "Predator", "Predator";
        GetTheOldMan = "get_the_old_man", "Dorwać dziada!", "Get the old man!";
        ExcludeEggheads = "exclude_eggheads", "Wykluczenie jajogłowych", "Exclude the eggheads";
        EggheadDuel = "egghead_duel", "Pojedynek jajogłowych", "Egghead duel";
        HiddenData = "hidden_data", "Ukryte dane", "Hidden data";
        Hunt = "hunt", "Polowanie", "Hunt";
        BountyHunters = "bounty_hunters", "Łowcy nagród", "Bounty hunters";
        Stoicism = "stoicism", "Stoicyzm", "Stoicism";
        Pacifist = "pacifist", "Sfochowany pacyfista", "Sulking pacifist";
        Foresight = "foresight", "Przezorność", "Foresight";
        NoFireworks = "no_fireworks", "Bez fajerwerków", "No fireworks";
    }
}

/// Experience a challenge gives to the model named in the report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChallengeXp {
    /// None.
    None,
    /// 1 XP to the named model.
    One,
    /// 1 XP to the named specialist.
    OneSpecialist,
    /// 1 XP per enemy taken out beyond the first by the named model.
    PerTakeOutAfterFirst,
}

impl Challenge {
    /// Experience reward and extra technology (loot rolls).
    pub fn reward(self) -> (ChallengeXp, u32) {
        use Challenge::*;
        match self {
            Extermination | Lesson | GetTheOldMan | Stoicism | Pacifist | Foresight => {
                (ChallengeXp::One, 0)
            }
            Courier | Hunt => (ChallengeXp::One, 1),
            EggheadDuel => (ChallengeXp::OneSpecialist, 1),
            Predator => (ChallengeXp::PerTakeOutAfterFirst, 0),
            ExcludeEggheads => (ChallengeXp::None, 0),
            HiddenData | BountyHunters => (ChallengeXp::None, 1),
            NoFireworks => (ChallengeXp::OneSpecialist, 0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goods_ids_are_unique_across_catalogues() {
        let mut ids: Vec<&str> = SpecialItem::ALL.iter().map(|i| i.id()).collect();
        ids.extend(Modification::ALL.iter().map(|m| m.id()));
        ids.extend(Medicine::ALL.iter().map(|m| m.id()));
        ids.extend(Implant::ALL.iter().map(|m| m.id()));
        let n = ids.len();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), n);
        for id in ids {
            assert_eq!(Goods::lookup(id).unwrap().id(), id);
        }
    }
}
