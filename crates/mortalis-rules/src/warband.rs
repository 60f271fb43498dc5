//! Warband builder: archetypes, costs, equipment choices, limits, strength
//! and volunteers (rulebook: "Drużyna", "Kapitan i Weterani", "Archetypy",
//! "Specjaliści", "Małe cwaniaki", "Zwierzaki bojowe", "Ekwipunek",
//! "Siła drużyny", "Kupowanie ekwipunku", "Poziomy bohaterów").

use serde::{Deserialize, Serialize};

use crate::equipment::{Armour, Item};
pub use crate::equipment::{Modification, SpecialItem};
use crate::names::{Lang, catalogue};
use crate::profile::{Characteristic, Profile, level_for_xp};
use crate::skills::{Category, Skill};

catalogue! {
    /// Model archetypes.
    pub enum Archetype: "archetype" {
        Savage = "savage", "Dzikus", "Savage";
        Swordsman = "swordsman", "Szermierz", "Swordsman";
        Officer = "officer", "Funkcjonariusz", "Officer";
        Gunslinger = "gunslinger", "Rewolwerowiec", "Gunslinger";
        Trooper = "trooper", "Szturmowiec", "Trooper";
        Paratrooper = "paratrooper", "Desantowiec", "Paratrooper";
        Support = "support", "Wsparcie", "Support";
        Destroyer = "destroyer", "Niszczyciel", "Destroyer";
        Medic = "medic", "Sanitariusz", "Medic";
        Technomancer = "technomancer", "Technomanta", "Technomancer";
        Chaplain = "chaplain", "Kapelan Wojskowy", "Chaplain", ["kapelan"];
        Pet = "pet", "Zwierzak bojowy", "Battle pet", ["zwierzak"];
    }
}

/// Default budget in thousands of credits.
pub const DEFAULT_BUDGET: u32 = 150;
/// Models a warband may field.
pub const MAX_MODELS: usize = 7;
/// Veterans at creation.
pub const MAX_VETERANS: usize = 2;
/// Special items per model.
pub const MAX_SPECIAL_ITEMS: usize = 2;
/// Starting experience of the captain and of a veteran.
pub const CAPTAIN_XP: u32 = 4;
/// Starting experience of a veteran.
pub const VETERAN_XP: u32 = 2;
/// Cost of a battle pet.
pub const PET_COST: u32 = 5;
/// Full points of strength advantage per volunteer.
pub const VOLUNTEER_STEP: u32 = 15;

impl Archetype {
    /// Specialists: at most one of each, built on a soldier base.
    pub fn is_specialist(self) -> bool {
        matches!(
            self,
            Archetype::Medic | Archetype::Technomancer | Archetype::Chaplain
        )
    }

    /// Soldier archetypes (not specialists, not pets).
    pub fn is_soldier(self) -> bool {
        !self.is_specialist() && self != Archetype::Pet
    }

    /// Price of the archetype itself; for specialists, the surcharge added
    /// to the base soldier's price.
    pub fn cost(self) -> u32 {
        use Archetype::*;
        match self {
            Savage | Swordsman => 10,
            Officer => 15,
            Gunslinger | Trooper => 20,
            Paratrooper => 25,
            Support => 30,
            Destroyer => 55,
            Medic => 0,
            Technomancer => 5,
            Chaplain => 10,
            Pet => PET_COST,
        }
    }

    /// Options offered by a soldier archetype's table, with prices.
    pub fn options(self) -> &'static [(Item, u32)] {
        use Archetype::*;
        use Item::*;
        match self {
            Swordsman => &[
                (ExtraWeapon, 5),
                (Shield, 5),
                (TwoHandedWeapon, 5),
                (PoweredArmour, 10),
                (Sarcophagus, 25),
            ],
            Officer => &[
                (ExtraWeapon, 5),
                (Shield, 5),
                (PoweredArmour, 10),
                (Sarcophagus, 25),
            ],
            Gunslinger => &[(PoweredArmour, 10), (Sarcophagus, 25)],
            Trooper => &[(PoweredArmour, 10), (SniperRifle, 5)],
            Paratrooper | Support => &[(PoweredArmour, 10)],
            Destroyer => &[(ExtraWeapon, 5), (Shield, 5)],
            _ => &[],
        }
    }

    /// Weapons every model of the archetype carries without a choice.
    pub fn fixed_weapons(self) -> &'static [Item] {
        match self {
            Archetype::Savage => &[Item::HandWeapon, Item::PrimitiveMissile],
            Archetype::Swordsman => &[Item::HandWeapon],
            _ => &[],
        }
    }

    /// Weapons to choose from (one pick unless noted in the rulings).
    pub fn weapon_choices(self) -> &'static [Item] {
        use Item::*;
        match self {
            Archetype::Officer | Archetype::Gunslinger => &[AssaultPistol, EnergyPistol],
            Archetype::Trooper => &[AssaultRifle, EnergyRifle],
            Archetype::Paratrooper => &[AssaultRifle, EnergyRifle, HandWeapon, TwoHandedWeapon],
            Archetype::Support | Archetype::Destroyer => {
                &[HeavyRifle, EnergyCannon, RocketLauncher, Flamer]
            }
            _ => &[],
        }
    }
}

/// Price of climbing gear and of a jetpack (never discounted).
pub fn gear_cost(item: Item) -> Option<u32> {
    match item {
        Item::ClimbingGear => Some(5),
        Item::Jetpack => Some(10),
        _ => None,
    }
}

fn default_budget() -> u32 {
    DEFAULT_BUDGET
}

/// A warband file.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct WarbandFile {
    /// Warband name.
    pub name: String,
    /// Budget in tk.
    #[serde(default = "default_budget", deserialize_with = "crate::bounds::budget")]
    pub budget: u32,
    /// Models.
    #[serde(default, rename = "model")]
    pub models: Vec<ModelEntry>,
}

/// One model of a warband file.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ModelEntry {
    /// Model name.
    pub name: String,
    /// Archetype.
    pub archetype: Archetype,
    /// Soldier base of a specialist.
    #[serde(default)]
    pub base: Option<Archetype>,
    /// The captain.
    #[serde(default)]
    pub captain: bool,
    /// A veteran.
    #[serde(default)]
    pub veteran: bool,
    /// A small model ("Mały cwaniak").
    #[serde(default)]
    pub small: bool,
    /// Weapons chosen where the archetype offers a choice.
    #[serde(default)]
    pub weapons: Vec<Item>,
    /// Bought options.
    #[serde(default)]
    pub options: Vec<Item>,
    /// Climbing gear, jetpack.
    #[serde(default)]
    pub gear: Vec<Item>,
    /// Special items (grenades, gadgets, ammunition), bought at three times
    /// their table value.
    #[serde(default)]
    pub items: Vec<SpecialItem>,
    /// Weapon and armour modifications, bought at three times their table value.
    #[serde(default)]
    pub mods: Vec<Modification>,
    /// Skills and tricks learned with the starting levels.
    #[serde(default)]
    pub skills: Vec<Skill>,
    /// Characteristic advances taken with the starting levels.
    #[serde(default)]
    pub advances: Vec<Characteristic>,
    /// Experience beyond the captain's or veteran's starting points.
    #[serde(default, deserialize_with = "crate::bounds::xp")]
    pub xp: u32,
}

/// What a rule check found, with the numbers involved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// More models than allowed.
    TooManyModels { count: usize, max: usize },
    /// Not exactly one captain.
    CaptainCount { count: usize },
    /// More than two veterans.
    TooManyVeterans { count: usize },
    /// The captain also marked as veteran.
    CaptainAndVeteran,
    /// A second specialist of one archetype.
    DuplicateSpecialist { archetype: Archetype },
    /// Over budget.
    OverBudget { cost: u32, budget: u32 },
    /// Two models share a name.
    DuplicateName,
    /// Specialist without a base.
    BaseRequired,
    /// Base that is not swordsman, officer or trooper.
    BadBase { base: Archetype },
    /// A base given to a non-specialist.
    BaseNotAllowed,
    /// Weapon choice missing or wrong.
    WeaponChoice { detail: WeaponIssue },
    /// Option not in the archetype's table.
    OptionNotOffered { item: Item },
    /// Option taken twice.
    DuplicateOption { item: Item },
    /// Two options that share a hand or a body.
    OptionConflict { a: Item, b: Item },
    /// Specialist may not take this.
    SpecialistForbidden { item: Item },
    /// Small models may not take sarcophagi or heavy weapons.
    SmallForbidden { what: String },
    /// Not climbing gear or a jetpack.
    NotGear { item: Item },
    /// Climbing gear in a sarcophagus.
    GearForbidden { item: Item },
    /// A special item the model cannot use.
    ItemForbidden { item: SpecialItem },
    /// A modification with no free weapon or armour it fits (one per item).
    ModNotFit { item: Modification },
    /// More than two special items.
    SpecialItems { count: usize },
    /// Pets carry nothing and learn nothing.
    PetNoEquipment,
    /// Pets gain no experience.
    PetNoExperience,
    /// Pets cannot be small models.
    PetNotSmall,
    /// More advances and skills than levels.
    TooManyAdvances { used: usize, levels: usize },
    /// A skill the model may not learn.
    SkillNotAllowed { skill: Skill },
    /// A skill listed twice.
    DuplicateSkill { skill: Skill },
    /// More advances of a characteristic than allowed.
    AdvanceLimit {
        what: Characteristic,
        count: usize,
        max: i32,
    },
    /// One characteristic advanced twice in one break between games.
    AdvanceTwice { what: Characteristic },
    /// A third advance needs Swordmaster / Marksman.
    AdvanceNeedsSkill { what: Characteristic, skill: Skill },
    /// Small models never advance Speed or Resilience.
    SmallNoAdvance { what: Characteristic },
}

/// Details of a weapon-choice problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WeaponIssue {
    /// The archetype needs a choice among these.
    Missing(Vec<Item>),
    /// Not offered to the archetype.
    NotOffered(Item),
    /// Too many picks.
    TooMany { count: usize, max: usize },
}

impl Problem {
    /// Stable rule id.
    pub fn rule(&self) -> &'static str {
        use Problem::*;
        match self {
            TooManyModels { .. } => "too_many_models",
            CaptainCount { .. } => "captain_count",
            TooManyVeterans { .. } => "too_many_veterans",
            CaptainAndVeteran => "captain_and_veteran",
            DuplicateSpecialist { .. } => "duplicate_specialist",
            OverBudget { .. } => "over_budget",
            DuplicateName => "duplicate_name",
            BaseRequired => "base_required",
            BadBase { .. } => "bad_base",
            BaseNotAllowed => "base_not_allowed",
            WeaponChoice { .. } => "weapon_choice",
            OptionNotOffered { .. } => "option_not_offered",
            DuplicateOption { .. } => "duplicate_option",
            OptionConflict { .. } => "option_conflict",
            SpecialistForbidden { .. } => "specialist_forbidden",
            SmallForbidden { .. } => "small_forbidden",
            NotGear { .. } => "not_gear",
            GearForbidden { .. } => "gear_forbidden",
            ItemForbidden { .. } => "item_forbidden",
            ModNotFit { .. } => "mod_not_fit",
            SpecialItems { .. } => "special_items_limit",
            PetNoEquipment => "pet_no_equipment",
            PetNoExperience => "pet_no_experience",
            PetNotSmall => "pet_not_small",
            TooManyAdvances { .. } => "too_many_advances",
            SkillNotAllowed { .. } => "skill_not_allowed",
            DuplicateSkill { .. } => "duplicate_skill",
            AdvanceLimit { .. } => "advance_limit",
            AdvanceTwice { .. } => "advance_twice",
            AdvanceNeedsSkill { .. } => "advance_needs_skill",
            SmallNoAdvance { .. } => "small_no_advance",
        }
    }

    /// Human message with the numbers.
    pub fn message(&self, lang: Lang) -> String {
        use Problem::*;
        let l = |pl: String, en: String| if lang == Lang::Pl { pl } else { en };
        match self {
            TooManyModels { count, max } => l(
                format!("{count} modeli, najwyżej {max}"),
                format!("{count} models, at most {max}"),
            ),
            CaptainCount { count } => l(
                format!("{count} kapitanów, wymagany dokładnie 1"),
                format!("{count} captains, exactly 1 required"),
            ),
            TooManyVeterans { count } => l(
                format!("{count} weteranów, najwyżej {MAX_VETERANS}"),
                format!("{count} veterans, at most {MAX_VETERANS}"),
            ),
            CaptainAndVeteran => l(
                "kapitan nie może być jednocześnie weteranem".into(),
                "the captain cannot also be a veteran".into(),
            ),
            DuplicateSpecialist { archetype } => l(
                format!(
                    "drugi model archetypu {}, najwyżej 1 specjalista danego rodzaju",
                    archetype.name(lang)
                ),
                format!(
                    "a second {}, at most 1 specialist of each kind",
                    archetype.name(lang)
                ),
            ),
            OverBudget { cost, budget } => l(
                format!("koszt {cost} tk, budżet {budget} tk"),
                format!("cost {cost} tk, budget {budget} tk"),
            ),
            DuplicateName => l(
                "nazwa modelu powtarza się".into(),
                "model name used twice".into(),
            ),
            BaseRequired => l(
                "specjalista wymaga base = swordsman | officer | trooper".into(),
                "a specialist needs base = swordsman | officer | trooper".into(),
            ),
            BadBase { base } => l(
                format!("base `{base}` niedozwolone (swordsman, officer, trooper)"),
                format!("base `{base}` not allowed (swordsman, officer, trooper)"),
            ),
            BaseNotAllowed => l(
                "base dotyczy tylko specjalistów".into(),
                "base applies to specialists only".into(),
            ),
            WeaponChoice { detail } => match detail {
                WeaponIssue::Missing(v) => {
                    let ids: Vec<_> = v.iter().map(|i| i.id()).collect();
                    l(
                        format!("brak wyboru broni: jedna z {}", ids.join(", ")),
                        format!("weapon choice missing: one of {}", ids.join(", ")),
                    )
                }
                WeaponIssue::NotOffered(i) => l(
                    format!("broń `{i}` nie jest dostępna dla tego archetypu"),
                    format!("weapon `{i}` is not offered to this archetype"),
                ),
                WeaponIssue::TooMany { count, max } => l(
                    format!("{count} wybranych broni, najwyżej {max}"),
                    format!("{count} weapons chosen, at most {max}"),
                ),
            },
            OptionNotOffered { item } => l(
                format!("opcja `{item}` nie występuje w tabeli tego archetypu"),
                format!("option `{item}` is not in this archetype's table"),
            ),
            DuplicateOption { item } => l(
                format!("opcja `{item}` kupiona dwa razy"),
                format!("option `{item}` bought twice"),
            ),
            OptionConflict { a, b } => l(
                format!("`{a}` i `{b}` wykluczają się"),
                format!("`{a}` and `{b}` exclude each other"),
            ),
            SpecialistForbidden { item } => l(
                format!("ten specjalista nie może wybrać `{item}`"),
                format!("this specialist may not take `{item}`"),
            ),
            SmallForbidden { what } => l(
                format!("mały cwaniak nie może mieć `{what}`"),
                format!("a small model may not have `{what}`"),
            ),
            NotGear { item } => l(
                format!("`{item}` nie jest sprzętem (climbing_gear, jetpack)"),
                format!("`{item}` is not gear (climbing_gear, jetpack)"),
            ),
            GearForbidden { item } => l(
                format!("`{item}` niedostępny w sarkofagu bojowym"),
                format!("`{item}` is not allowed in a battle sarcophagus"),
            ),
            ItemForbidden { item } => l(
                format!("`{item}` nie pasuje do uzbrojenia lub pancerza modelu"),
                format!("`{item}` does not suit the model's weapons or armour"),
            ),
            ModNotFit { item } => l(
                format!(
                    "modyfikacja `{item}` nie ma wolnego przedmiotu, do którego pasuje (jedna na broń lub pancerz)"
                ),
                format!(
                    "modification `{item}` has no free item it fits (one per weapon or armour)"
                ),
            ),
            SpecialItems { count } => l(
                format!("{count} przedmiotów specjalnych, najwyżej {MAX_SPECIAL_ITEMS}"),
                format!("{count} special items, at most {MAX_SPECIAL_ITEMS}"),
            ),
            PetNoEquipment => l(
                "zwierzak nie ma ekwipunku ani umiejętności".into(),
                "a pet has no equipment and no skills".into(),
            ),
            PetNoExperience => l(
                "zwierzak nie może być kapitanem ani weteranem (nie zdobywa doświadczenia)".into(),
                "a pet cannot be captain or veteran (it gains no experience)".into(),
            ),
            PetNotSmall => l(
                "zwierzak nie może być małym cwaniakiem".into(),
                "a pet cannot be a small model".into(),
            ),
            TooManyAdvances { used, levels } => l(
                format!("{used} rozwinięć i umiejętności, poziomów {levels}"),
                format!("{used} advances and skills, {levels} levels"),
            ),
            SkillNotAllowed { skill } => l(
                format!("umiejętność `{skill}` niedostępna dla tego modelu"),
                format!("skill `{skill}` is not available to this model"),
            ),
            DuplicateSkill { skill } => l(
                format!("umiejętność `{skill}` podana dwa razy"),
                format!("skill `{skill}` listed twice"),
            ),
            AdvanceLimit { what, count, max } => l(
                format!("{count} rozwinięć cechy {}, najwyżej {max}", what.id()),
                format!("{count} advances of {}, at most {max}", what.id()),
            ),
            AdvanceTwice { what } => l(
                format!(
                    "cecha {} rozwinięta dwa razy w jednej przerwie między grami",
                    what.id()
                ),
                format!("{} advanced twice in one break between games", what.id()),
            ),
            AdvanceNeedsSkill { what, skill } => l(
                format!(
                    "trzecie rozwinięcie {} wymaga umiejętności `{skill}`",
                    what.id()
                ),
                format!("a third {} advance needs the `{skill}` skill", what.id()),
            ),
            SmallNoAdvance { what } => l(
                format!("mały cwaniak nie rozwija cechy {}", what.id()),
                format!("a small model never advances {}", what.id()),
            ),
        }
    }
}

/// A problem, with the model it concerns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RosterError {
    /// Model name, or `None` for the whole warband.
    pub model: Option<String>,
    /// The problem.
    pub problem: Problem,
}

/// Special rules shown on a roster sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SpecialRule {
    /// One reroll per game.
    Captain,
    /// Starts with experience.
    Veteran,
    /// Speed +1, Resilience -1, 20% cheaper.
    Small,
    /// +1 to hit it.
    LargeTarget,
    /// A heavy weapon in one hand.
    HeavyOneHanded,
    /// Alternates two-handed ranged and melee weapons.
    Paratrooper,
    /// Knows technomancer tricks.
    Tricks,
    /// May use heroic plays.
    HeroicPlays,
    /// Pet limits.
    Pet,
    /// At most one of each specialist.
    Specialist,
}

impl SpecialRule {
    /// Short description.
    pub fn text(self, lang: Lang) -> &'static str {
        use SpecialRule::*;
        let (pl, en) = match self {
            Captain => (
                "Kapitan: raz na potyczkę przerzut",
                "Captain: one reroll per game",
            ),
            Veteran => (
                "Weteran: zaczyna z doświadczeniem",
                "Veteran: starts with experience",
            ),
            Small => (
                "Mały cwaniak: S+1, O-1, 20% taniej",
                "Small: S+1, O-1, 20% cheaper",
            ),
            LargeTarget => (
                "Duży cel: +1 do Celności strzelających",
                "Large target: shooters get +1 Accuracy",
            ),
            HeavyOneHanded => (
                "Broń ciężka w jednej ręce (sarkofag)",
                "Heavy weapon in one hand (sarcophagus)",
            ),
            Paratrooper => (
                "Używa naprzemiennie broni strzeleckiej oburęcznej i broni ręcznej",
                "Alternates two-handed ranged and melee weapons",
            ),
            Tricks => ("Sztuczki technomantów", "Technomancer tricks"),
            HeroicPlays => ("Może używać Bohaterskich zagrywek", "May use heroic plays"),
            Pet => (
                "Zwierzak: nie wspina się, nie podnosi znaczników, ciosy bez modyfikatora Odporności",
                "Pet: no climbing, no markers, attacks do not modify Resilience",
            ),
            Specialist => (
                "Specjalista: najwyżej jeden tego rodzaju",
                "Specialist: at most one of each",
            ),
        };
        lang.pick(pl, en)
    }
}

/// One line of a roster sheet.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ModelSheet {
    /// Name.
    pub name: String,
    /// Archetype.
    pub archetype: Archetype,
    /// Specialist base.
    pub base: Option<Archetype>,
    /// Final profile.
    pub profile: Profile,
    /// Resilience with armour and shield.
    pub armoured_resilience: i32,
    /// Fight with an extra weapon's +1.
    pub armed_fight: i32,
    /// Carried equipment (a weapon may appear twice).
    pub equipment: Vec<Item>,
    /// Worn armour.
    pub armour: Armour,
    /// Cost in tk.
    pub cost: u32,
    /// Experience points.
    pub xp: u32,
    /// Levels reached.
    pub level: usize,
    /// Skills and tricks.
    pub skills: Vec<Skill>,
    /// Special rules.
    pub special: Vec<SpecialRule>,
    /// Special items carried (grenades, gadgets, ammunition).
    pub items: Vec<SpecialItem>,
    /// Modifications of weapons and armour.
    pub mods: Vec<Modification>,
    /// Special items counted for strength (items and a jetpack).
    pub special_items: usize,
}

/// A checked warband.
#[derive(Debug, Clone, PartialEq)]
pub struct Roster {
    /// Name.
    pub name: String,
    /// Budget.
    pub budget: u32,
    /// Sheets, in file order.
    pub models: Vec<ModelSheet>,
    /// Total cost.
    pub cost: u32,
    /// Warband strength.
    pub strength: u32,
    /// Everything wrong.
    pub errors: Vec<RosterError>,
}

impl Roster {
    /// No errors.
    pub fn valid(&self) -> bool {
        self.errors.is_empty()
    }
}

fn discounted(cost: u32, small: bool) -> u32 {
    if small { cost * 4 / 5 } else { cost }
}

/// Check one model and build its sheet.
fn check_model(m: &ModelEntry, errs: &mut Vec<Problem>) -> ModelSheet {
    let arch = m.archetype;
    let mut sheet = ModelSheet {
        name: m.name.clone(),
        archetype: arch,
        base: m.base,
        profile: Profile::START,
        armoured_resilience: 0,
        armed_fight: 0,
        equipment: Vec::new(),
        armour: Armour::Light,
        cost: 0,
        xp: 0,
        level: 0,
        skills: Vec::new(),
        special: Vec::new(),
        items: Vec::new(),
        mods: Vec::new(),
        special_items: 0,
    };
    if m.captain {
        sheet.special.push(SpecialRule::Captain);
    }
    if arch == Archetype::Pet {
        if !(m.weapons.is_empty()
            && m.options.is_empty()
            && m.gear.is_empty()
            && m.items.is_empty()
            && m.mods.is_empty()
            && m.skills.is_empty()
            && m.advances.is_empty())
        {
            errs.push(Problem::PetNoEquipment);
        }
        if m.captain || m.veteran || m.xp > 0 {
            errs.push(Problem::PetNoExperience);
        }
        if m.small {
            errs.push(Problem::PetNotSmall);
        }
        sheet.profile = Profile::PET;
        sheet.armour = Armour::None;
        sheet.cost = PET_COST;
        sheet.armoured_resilience = Profile::PET.resilience;
        sheet.armed_fight = Profile::PET.fight;
        sheet.special.push(SpecialRule::Pet);
        return sheet;
    }
    if m.veteran {
        sheet.special.push(SpecialRule::Veteran);
    }
    // Which soldier table applies.
    let kit = if arch.is_specialist() {
        sheet.special.push(SpecialRule::Specialist);
        match m.base {
            None => {
                errs.push(Problem::BaseRequired);
                Archetype::Swordsman
            }
            Some(b @ (Archetype::Swordsman | Archetype::Officer | Archetype::Trooper)) => b,
            Some(b) => {
                errs.push(Problem::BadBase { base: b });
                Archetype::Swordsman
            }
        }
    } else {
        if m.base.is_some() {
            errs.push(Problem::BaseNotAllowed);
        }
        arch
    };
    let mut cost = kit.cost() + if arch.is_specialist() { arch.cost() } else { 0 };

    // Options.
    let mut seen = Vec::new();
    for &o in &m.options {
        if seen.contains(&o) {
            errs.push(Problem::DuplicateOption { item: o });
            continue;
        }
        seen.push(o);
        match kit.options().iter().find(|(i, _)| *i == o) {
            Some((_, price)) => cost += price,
            None => errs.push(Problem::OptionNotOffered { item: o }),
        }
        let forbidden = match arch {
            Archetype::Medic | Archetype::Technomancer => {
                matches!(o, Item::Sarcophagus | Item::SniperRifle)
            }
            Archetype::Chaplain => o == Item::SniperRifle,
            _ => false,
        };
        if forbidden {
            errs.push(Problem::SpecialistForbidden { item: o });
        }
        if m.small && o == Item::Sarcophagus {
            errs.push(Problem::SmallForbidden {
                what: o.id().into(),
            });
        }
    }
    let has = |i: Item| seen.contains(&i);
    for (a, b) in [
        (Item::PoweredArmour, Item::Sarcophagus),
        (Item::ExtraWeapon, Item::Shield),
        (Item::ExtraWeapon, Item::TwoHandedWeapon),
        (Item::Shield, Item::TwoHandedWeapon),
    ] {
        if has(a) && has(b) {
            errs.push(Problem::OptionConflict { a, b });
        }
    }

    // Weapons.
    let mut equipment: Vec<Item> = kit.fixed_weapons().to_vec();
    let choices = kit.weapon_choices();
    let mut picks: Vec<Item> = Vec::new();
    for &w in &m.weapons {
        if kit.fixed_weapons().contains(&w) {
            continue;
        }
        if choices.contains(&w) {
            picks.push(w);
        } else {
            errs.push(Problem::WeaponChoice {
                detail: WeaponIssue::NotOffered(w),
            });
        }
    }
    let missing = |v: &[Item]| Problem::WeaponChoice {
        detail: WeaponIssue::Missing(v.to_vec()),
    };
    let too_many = |count, max| Problem::WeaponChoice {
        detail: WeaponIssue::TooMany { count, max },
    };
    match kit {
        Archetype::Officer | Archetype::Support | Archetype::Destroyer => match picks.len() {
            0 => errs.push(missing(choices)),
            1 => equipment.push(picks[0]),
            n => errs.push(too_many(n, 1)),
        },
        Archetype::Trooper => {
            if has(Item::SniperRifle) {
                if picks.len() > 1 {
                    errs.push(too_many(picks.len(), 1));
                }
                equipment.push(Item::SniperRifle);
            } else {
                match picks.len() {
                    0 => errs.push(missing(choices)),
                    1 => equipment.push(picks[0]),
                    n => errs.push(too_many(n, 1)),
                }
            }
        }
        Archetype::Gunslinger => match picks.len() {
            0 => errs.push(missing(choices)),
            1 => equipment.extend([picks[0], picks[0]]),
            2 => equipment.extend(picks.iter().copied()),
            n => errs.push(too_many(n, 2)),
        },
        Archetype::Paratrooper => {
            let rifles: Vec<Item> = picks.iter().copied().filter(|i| i.is_ranged()).collect();
            let melee: Vec<Item> = picks.iter().copied().filter(|i| !i.is_ranged()).collect();
            match rifles.len() {
                0 => errs.push(missing(&[Item::AssaultRifle, Item::EnergyRifle])),
                1 => equipment.push(rifles[0]),
                n => errs.push(too_many(n, 1)),
            }
            match melee.as_slice() {
                [] | [Item::HandWeapon] => equipment.extend([Item::HandWeapon, Item::ExtraWeapon]),
                [Item::TwoHandedWeapon] => equipment.push(Item::TwoHandedWeapon),
                _ => errs.push(too_many(melee.len(), 1)),
            }
        }
        _ => {}
    }
    // Options that change the weapons carried.
    if has(Item::TwoHandedWeapon) {
        equipment.retain(|&i| i != Item::HandWeapon);
        equipment.push(Item::TwoHandedWeapon);
    }
    if has(Item::ExtraWeapon) {
        // Officers and destroyers have no hand weapon: theirs is bought here.
        if equipment.contains(&Item::HandWeapon) {
            equipment.push(Item::ExtraWeapon);
        } else {
            equipment.push(Item::HandWeapon);
        }
    }
    if has(Item::Shield) {
        equipment.push(Item::Shield);
    }
    let armour = if has(Item::Sarcophagus) || kit == Archetype::Destroyer {
        Armour::Sarcophagus
    } else if has(Item::PoweredArmour) {
        Armour::Powered
    } else {
        Armour::Light
    };
    let heavy = equipment.iter().any(|i| i.is_heavy());
    if m.small && (heavy || kit == Archetype::Support || kit == Archetype::Destroyer) {
        errs.push(Problem::SmallForbidden {
            what: kit.id().to_string(),
        });
    }

    // Gear (special items).
    let mut gear_seen = Vec::new();
    for &g in &m.gear {
        match gear_cost(g) {
            None => errs.push(Problem::NotGear { item: g }),
            Some(_) if gear_seen.contains(&g) => errs.push(Problem::DuplicateOption { item: g }),
            Some(c) => {
                gear_seen.push(g);
                if g == Item::ClimbingGear && armour == Armour::Sarcophagus {
                    errs.push(Problem::GearForbidden { item: g });
                }
                sheet.cost += c;
            }
        }
    }
    for &it in &m.items {
        let needs = it.needs_weapon();
        let unusable = (!needs.is_empty() && !needs.iter().any(|w| equipment.contains(w)))
            || (it == SpecialItem::MaskingProtocol && armour == Armour::Sarcophagus);
        if unusable {
            errs.push(Problem::ItemForbidden { item: it });
        }
        sheet.cost += it.price();
    }
    // Modifications: each replaces one item by its special counterpart, so
    // every modification needs its own fitting weapon or armour (at most one
    // per item; the second weapon takes none, ruling R30b).
    let mut slots: Vec<Item> = equipment
        .iter()
        .copied()
        .filter(|&i| i != Item::ExtraWeapon)
        .collect();
    slots.extend(armour.item());
    for (k, ok) in assign_mods(&m.mods, &slots).into_iter().enumerate() {
        if !ok {
            errs.push(Problem::ModNotFit { item: m.mods[k] });
        }
    }
    for &md in &m.mods {
        sheet.cost += md.price();
    }
    sheet.mods = m.mods.clone();
    let carried = gear_seen.len() + m.items.len();
    if carried > MAX_SPECIAL_ITEMS {
        errs.push(Problem::SpecialItems { count: carried });
    }
    sheet.items = m.items.clone();
    sheet.special_items = gear_seen.iter().filter(|&&g| g == Item::Jetpack).count() + m.items.len();
    equipment.extend(gear_seen.iter().copied());
    sheet.cost += discounted(cost, m.small);

    // Experience, skills, advances.
    let xp = m.xp
        + if m.captain {
            CAPTAIN_XP
        } else if m.veteran {
            VETERAN_XP
        } else {
            0
        };
    let levels = level_for_xp(xp);
    let mut skills: Vec<Skill> = Vec::new();
    let mut free = 0;
    if arch == Archetype::Technomancer {
        skills.push(Skill::TechnomancerTricks);
    }
    for &s in &m.skills {
        if skills.contains(&s) {
            if !(s == Skill::TechnomancerTricks && arch == Archetype::Technomancer) {
                errs.push(Problem::DuplicateSkill { skill: s });
            }
            continue;
        }
        skills.push(s);
    }
    let knows_tricks = skills.contains(&Skill::TechnomancerTricks);
    if knows_tricks && skills.iter().any(|s| s.category() == Category::Trick) {
        free += 1; // the first trick comes with the skill
    }
    if arch == Archetype::Technomancer {
        free += 1; // the skill itself is innate
    }
    let has_ranged = equipment.iter().any(|i| i.is_ranged());
    let shield = equipment.contains(&Item::Shield);
    for &s in &skills {
        let ok = match s.category() {
            Category::Speed => armour != Armour::Sarcophagus && !heavy,
            Category::Combat => match s {
                Skill::Assist => armour != Armour::Sarcophagus,
                Skill::Protector => shield,
                _ => true,
            },
            Category::Shooting => has_ranged,
            Category::Knowledge => arch.is_specialist(),
            Category::Rogue => {
                armour == Armour::Light
                    && !shield
                    && !arch.is_specialist()
                    && (s != Skill::Sneaking || skills.contains(&Skill::Hiding))
            }
            Category::Trick => arch.is_specialist() && knows_tricks,
            Category::HeroicPlay => false,
        };
        if !ok {
            errs.push(Problem::SkillNotAllowed { skill: s });
        }
    }
    let mut profile = if m.small {
        Profile::START.small()
    } else {
        Profile::START
    };
    for c in [
        Characteristic::Speed,
        Characteristic::Fight,
        Characteristic::Accuracy,
        Characteristic::Resilience,
    ] {
        let count = m.advances.iter().filter(|&&a| a == c).count();
        if count == 0 {
            continue;
        }
        if m.small && matches!(c, Characteristic::Speed | Characteristic::Resilience) {
            errs.push(Problem::SmallNoAdvance { what: c });
        }
        if count as i32 > c.max_advances() {
            errs.push(Problem::AdvanceLimit {
                what: c,
                count,
                max: c.max_advances(),
            });
        } else if count > 1 {
            // All starting advances are taken in the same break between games.
            errs.push(Problem::AdvanceTwice { what: c });
        }
        if count >= 3 {
            let need = if c == Characteristic::Fight {
                Skill::Swordmaster
            } else {
                Skill::Marksman
            };
            if !skills.contains(&need) {
                errs.push(Problem::AdvanceNeedsSkill {
                    what: c,
                    skill: need,
                });
            }
        }
        profile.add(c, count as i32);
    }
    let used = (skills.len() + m.advances.len()).saturating_sub(free);
    if used > levels {
        errs.push(Problem::TooManyAdvances { used, levels });
    }
    if armour == Armour::Sarcophagus {
        if !m.mods.contains(&Modification::PowerBoost) {
            profile.speed -= 1;
        }
        sheet.special.push(SpecialRule::LargeTarget);
        if heavy {
            sheet.special.push(SpecialRule::HeavyOneHanded);
        }
    }
    if m.small {
        sheet.special.push(SpecialRule::Small);
    }
    if kit == Archetype::Paratrooper {
        sheet.special.push(SpecialRule::Paratrooper);
    }
    if knows_tricks {
        sheet.special.push(SpecialRule::Tricks);
    }
    let heroic = !heavy
        && ((arch.is_soldier() && armour == Armour::Light)
            || (m.captain && armour != Armour::Sarcophagus));
    if heroic {
        sheet.special.push(SpecialRule::HeroicPlays);
    }
    let extra = equipment.contains(&Item::ExtraWeapon) || equipment.iter().any(|i| i.is_pistol());
    sheet.armed_fight = profile.fight + i32::from(extra);
    let fibres: i32 = m.mods.iter().map(|md| md.armour_bonus(false)).sum();
    sheet.armoured_resilience = profile.resilience + armour.bonus() + i32::from(shield) + fibres;
    sheet.armed_fight += m.mods.iter().map(|md| md.fight_bonus()).sum::<i32>();
    sheet.profile = profile;
    sheet.armour = armour;
    sheet.equipment = equipment;
    sheet.xp = xp;
    sheet.level = levels;
    sheet.skills = skills;
    sheet
}

/// Check a whole warband: every model, then the warband-wide limits.
pub fn check(file: &WarbandFile) -> Roster {
    let mut errors = Vec::new();
    let mut models = Vec::new();
    for m in &file.models {
        let mut errs = Vec::new();
        models.push(check_model(m, &mut errs));
        errors.extend(errs.into_iter().map(|problem| RosterError {
            model: Some(m.name.clone()),
            problem,
        }));
    }
    let whole = |problem| RosterError {
        model: None,
        problem,
    };
    let pets = file
        .models
        .iter()
        .filter(|m| m.archetype == Archetype::Pet)
        .count();
    let beast_master = models
        .iter()
        .any(|s| s.skills.contains(&Skill::BeastMaster));
    let max = MAX_MODELS + if beast_master { pets.min(2) } else { 0 };
    if file.models.len() > max {
        errors.push(whole(Problem::TooManyModels {
            count: file.models.len(),
            max,
        }));
    }
    let captains = file.models.iter().filter(|m| m.captain).count();
    if captains != 1 {
        errors.push(whole(Problem::CaptainCount { count: captains }));
    }
    let veterans = file.models.iter().filter(|m| m.veteran).count();
    if veterans > MAX_VETERANS {
        errors.push(whole(Problem::TooManyVeterans { count: veterans }));
    }
    for m in &file.models {
        if m.captain && m.veteran {
            errors.push(RosterError {
                model: Some(m.name.clone()),
                problem: Problem::CaptainAndVeteran,
            });
        }
    }
    for (i, m) in file.models.iter().enumerate() {
        let earlier = &file.models[..i];
        if m.archetype.is_specialist() && earlier.iter().any(|e| e.archetype == m.archetype) {
            errors.push(RosterError {
                model: Some(m.name.clone()),
                problem: Problem::DuplicateSpecialist {
                    archetype: m.archetype,
                },
            });
        }
        if earlier.iter().any(|e| e.name == m.name) {
            errors.push(RosterError {
                model: Some(m.name.clone()),
                problem: Problem::DuplicateName,
            });
        }
    }
    let cost: u32 = models.iter().map(|s| s.cost).sum();
    if cost > file.budget {
        errors.push(whole(Problem::OverBudget {
            cost,
            budget: file.budget,
        }));
    }
    Roster {
        name: file.name.clone(),
        budget: file.budget,
        strength: strength(&models),
        models,
        cost,
        errors,
    }
}

/// Warband strength: 3 per model (pets included), plus all experience,
/// plus 2 per special item.
pub fn strength(models: &[ModelSheet]) -> u32 {
    models
        .iter()
        .map(|m| 3 + m.xp + 2 * m.special_items as u32)
        .sum()
}

/// Volunteers the weaker side gets: one per full 15 points of difference.
pub fn volunteers(weaker: u32, stronger: u32) -> u32 {
    stronger.saturating_sub(weaker) / VOLUNTEER_STEP
}

/// Result of comparing two warbands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Matchup {
    /// Strength of the first warband.
    pub strength_a: u32,
    /// Strength of the second warband.
    pub strength_b: u32,
    /// Volunteers for the first warband.
    pub volunteers_a: u32,
    /// Volunteers for the second warband.
    pub volunteers_b: u32,
}

/// Compare two strengths.
pub fn matchup(a: u32, b: u32) -> Matchup {
    Matchup {
        strength_a: a,
        strength_b: b,
        volunteers_a: volunteers(a, b),
        volunteers_b: volunteers(b, a),
    }
}
/// Fit modifications to distinct items (a bipartite matching by augmenting
/// paths): `true` for each modification that got an item of its own. A
/// modification left over is reported, the earlier ones keep their items.
fn assign_mods(mods: &[Modification], slots: &[Item]) -> Vec<bool> {
    fn augment(
        k: usize,
        mods: &[Modification],
        slots: &[Item],
        owner: &mut [Option<usize>],
        seen: &mut [bool],
    ) -> bool {
        for (j, &item) in slots.iter().enumerate() {
            if seen[j] || !mods[k].fits(item) {
                continue;
            }
            seen[j] = true;
            if owner[j].is_none_or(|o| augment(o, mods, slots, owner, seen)) {
                owner[j] = Some(k);
                return true;
            }
        }
        false
    }
    let mut owner = vec![None; slots.len()];
    (0..mods.len())
        .map(|k| {
            let mut seen = vec![false; slots.len()];
            augment(k, mods, slots, &mut owner, &mut seen)
        })
        .collect()
}
