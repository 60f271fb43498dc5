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

mod check;
mod problems;

pub use check::check;
pub use problems::{Problem, WeaponIssue};

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
    /// The Speed skill its Wszczep umiejętności gives (B134), needing that
    /// item; any Speed skill, even one the model could not learn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub implant: Option<Skill>,
    /// Experience beyond the captain's or veteran's starting points.
    #[serde(default, deserialize_with = "crate::bounds::xp")]
    pub xp: u32,
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
    /// The Speed skill a Wszczep umiejętności gives (B134), checked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub implant: Option<Skill>,
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
