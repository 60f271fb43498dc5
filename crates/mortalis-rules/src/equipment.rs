//! Equipment catalogue and the numbers each item brings to a roll
//! (rulebook: "Rodzaje broni", "Rzuty Odporności i Pancerze",
//! "Rodzaje broni dystansowej", "Kupowanie ekwipunku").

use crate::names::catalogue;

catalogue! {
    /// Every piece of equipment the rules core knows.
    pub enum Item: "equipment id" {
        HandWeapon = "hand_weapon", "Broń ręczna", "Hand weapon";
        TwoHandedWeapon = "two_handed_weapon", "Broń dwuręczna", "Two-handed weapon";
        ExtraWeapon = "extra_weapon", "Dodatkowa broń", "Extra weapon";
        LightArmour = "light_armour", "Lekki pancerz", "Light armour", ["light_armor"];
        PoweredArmour = "powered_armour", "Pancerz wspomagany", "Powered armour", ["powered_armor"];
        Sarcophagus = "sarcophagus", "Sarkofag bojowy", "Battle sarcophagus", ["sarkofag"];
        Shield = "shield", "Tarcza", "Shield";
        PrimitiveMissile = "primitive_missile", "Prymitywna broń miotająca", "Primitive missile weapon";
        AssaultPistol = "assault_pistol", "Pistolet szturmowy", "Assault pistol";
        EnergyPistol = "energy_pistol", "Pistolet energetyczny", "Energy pistol";
        AssaultRifle = "assault_rifle", "Karabin szturmowy", "Assault rifle";
        EnergyRifle = "energy_rifle", "Karabin energetyczny", "Energy rifle";
        SniperRifle = "sniper_rifle", "Karabin snajperski", "Sniper rifle";
        HeavyRifle = "heavy_rifle", "Ciężki karabin", "Heavy rifle";
        EnergyCannon = "energy_cannon", "Działo energetyczne", "Energy cannon";
        RocketLauncher = "rocket_launcher", "Wyrzutnia rakiet", "Rocket launcher";
        Flamer = "flamer", "Miotacz", "Flamer", ["miotacz_ognia"];
        ClimbingGear = "climbing_gear", "Sprzęt wspinaczkowy", "Climbing gear";
        Jetpack = "jetpack", "Plecak odrzutowy", "Jetpack";
    }
}

catalogue! {
    /// Special items a model may carry (grenades, gadgets, ammunition),
    /// from the loot tables ("Dodatki specjalne", "Amunicja").
    pub enum SpecialItem: "special item" {
        SmokeGrenade = "smoke_grenade", "Granat dymny", "Smoke grenade";
        StunGrenade = "stun_grenade", "Granat ogłuszający", "Stun grenade";
        FragGrenade = "frag_grenade", "Granat rozrywający", "Frag grenade";
        SuppressionFilter = "suppression_filter", "Filtr tłumiący", "Suppression filter";
        Camouflage = "camouflage", "Kamuflaż", "Camouflage";
        MaskingProtocol = "masking_protocol", "Protokół maskujący", "Masking protocol";
        SkillImplant = "skill_implant", "Wszczep umiejętności", "Skill implant";
        Biodetector = "biodetector", "Biowykrywacz", "Biodetector";
        EyeImplant = "eye_implant", "Implant oka", "Eye implant";
        ArmProsthesis = "arm_prosthesis", "Cyberproteza ręki", "Arm prosthesis";
        LegExoskeleton = "leg_exoskeleton", "Egzoszkielet nogi", "Leg exoskeleton";
        ArtificialOrgans = "artificial_organs", "Sztuczne organy", "Artificial organs";
        ArmourPiercingRounds = "armour_piercing_rounds", "Pociski przebijające", "Armour-piercing rounds";
        HighPressureTanks = "high_pressure_tanks", "Zbiorniki wysokociśnieniowe", "High-pressure tanks";
        HomingMissiles = "homing_missiles", "Pociski samonaprowadzające", "Homing missiles";
    }
}

impl SpecialItem {
    /// Value in the loot tables (sale price); buying costs three times as much.
    pub fn value(self) -> u32 {
        use SpecialItem::*;
        match self {
            SmokeGrenade | StunGrenade | FragGrenade | SuppressionFilter => 5,
            ArmourPiercingRounds | HighPressureTanks | HomingMissiles => 5,
            Camouflage | EyeImplant | ArmProsthesis | LegExoskeleton | ArtificialOrgans => 10,
            Biodetector => 15,
            MaskingProtocol | SkillImplant => 20,
        }
    }

    /// Purchase price ("Kupowanie ekwipunku": three times the table value).
    pub fn price(self) -> u32 {
        3 * self.value()
    }

    /// Weapons the item needs, for ammunition.
    pub fn needs_weapon(self) -> &'static [Item] {
        match self {
            SpecialItem::ArmourPiercingRounds => &[
                Item::AssaultPistol,
                Item::AssaultRifle,
                Item::SniperRifle,
                Item::HeavyRifle,
            ],
            SpecialItem::HighPressureTanks => &[Item::Flamer],
            SpecialItem::HomingMissiles => &[Item::RocketLauncher],
            _ => &[],
        }
    }
}

catalogue! {
    /// Permanent modifications of weapons and armour ("Modyfikacje broni
    /// strzeleckiej", "Modyfikacje Pancerzy i broni ręcznej").
    pub enum Modification: "modification" {
        HighEnergyBatteries = "high_energy_batteries", "Baterie wysokoenergetyczne", "High-energy batteries";
        FireStabiliser = "fire_stabiliser", "Stabilizator wystrzału", "Fire stabiliser", ["fire_stabilizer"];
        PrecisionSight = "precision_sight", "Celownik precyzyjny", "Precision sight";
        UltralightAlloy = "ultralight_alloy", "Ultralekki stop", "Ultralight alloy";
        ImpactPattern = "impact_pattern", "Wzór impaktowy", "Impact pattern";
        Nanoblade = "nanoblade", "Nanoostrze", "Nanoblade";
        ArmouredFibres = "armoured_fibres", "Pancerne włókna", "Armoured fibres";
        ForceField = "force_field", "Pole siłowe", "Force field";
        Polychitin = "polychitin", "Polichityna", "Polychitin";
        Servomotors = "servomotors", "Serwomotory", "Servomotors", ["serowomotory"];
        PowerBoost = "power_boost", "Zwiększenie mocy", "Power boost";
    }
}

/// What a modification is fitted to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModTarget {
    /// A ranged weapon.
    Ranged,
    /// A hand or two-handed weapon.
    Melee,
    /// Worn armour.
    Armour,
}

impl Modification {
    /// Value in the loot tables; buying costs three times as much.
    pub fn value(self) -> u32 {
        use Modification::*;
        match self {
            UltralightAlloy => 5,
            HighEnergyBatteries | ImpactPattern => 10,
            FireStabiliser | Nanoblade | ArmouredFibres | Polychitin | Servomotors | PowerBoost => {
                15
            }
            PrecisionSight | ForceField => 20,
        }
    }

    /// Purchase price.
    pub fn price(self) -> u32 {
        3 * self.value()
    }

    /// Family of equipment it is fitted to.
    pub fn target(self) -> ModTarget {
        use Modification::*;
        match self {
            HighEnergyBatteries | FireStabiliser | PrecisionSight => ModTarget::Ranged,
            UltralightAlloy | ImpactPattern | Nanoblade => ModTarget::Melee,
            _ => ModTarget::Armour,
        }
    }

    /// Whether it fits this weapon or armour item.
    pub fn fits(self, item: Item) -> bool {
        use Modification::*;
        match self {
            HighEnergyBatteries => {
                matches!(
                    item,
                    Item::EnergyPistol | Item::EnergyRifle | Item::EnergyCannon
                )
            }
            FireStabiliser | PrecisionSight => item.kind() == ItemKind::LightRanged,
            UltralightAlloy | ImpactPattern | Nanoblade => {
                matches!(item, Item::HandWeapon | Item::TwoHandedWeapon)
            }
            ArmouredFibres | ForceField => item == Item::LightArmour,
            Polychitin | Servomotors => item == Item::PoweredArmour,
            PowerBoost => item == Item::Sarcophagus,
        }
    }

    /// Fight bonus of a melee modification.
    pub fn fight_bonus(self) -> i32 {
        i32::from(matches!(
            self,
            Modification::UltralightAlloy | Modification::Nanoblade
        ))
    }

    /// Modifier to the Resilience of a model hit by the modified melee weapon.
    pub fn melee_target_res(self) -> i32 {
        -i32::from(matches!(
            self,
            Modification::ImpactPattern | Modification::Nanoblade
        ))
    }

    /// Resilience bonus of an armour modification (`shot`: against shooting).
    pub fn armour_bonus(self, shot: bool) -> i32 {
        match self {
            Modification::ArmouredFibres => 1,
            Modification::ForceField if shot => 2,
            Modification::Polychitin if shot => 1,
            _ => 0,
        }
    }
}

/// The broad family of an item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ItemKind {
    /// Close-combat weapon.
    Melee,
    /// Armour or shield.
    Armour,
    /// Light ranged weapon.
    LightRanged,
    /// Heavy ranged weapon.
    HeavyRanged,
    /// Climbing gear or jetpack.
    Gear,
}

/// Profile of a ranged weapon.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RangedStats {
    /// Maximum range in inches.
    pub range: u32,
    /// Shots in one action (volley); later shots take -1, -2 to Accuracy.
    pub shots: u32,
    /// Modifier to the target's Resilience.
    pub target_res: i32,
    /// Ignores the -1 for shooting beyond 12".
    pub no_long_range_penalty: bool,
    /// Hits automatically (the flamer).
    pub auto_hit: bool,
}

impl Item {
    /// Family of the item.
    pub fn kind(self) -> ItemKind {
        use Item::*;
        match self {
            HandWeapon | TwoHandedWeapon | ExtraWeapon => ItemKind::Melee,
            LightArmour | PoweredArmour | Sarcophagus | Shield => ItemKind::Armour,
            PrimitiveMissile | AssaultPistol | EnergyPistol | AssaultRifle | EnergyRifle
            | SniperRifle => ItemKind::LightRanged,
            HeavyRifle | EnergyCannon | RocketLauncher | Flamer => ItemKind::HeavyRanged,
            ClimbingGear | Jetpack => ItemKind::Gear,
        }
    }

    /// True for ranged weapons, light or heavy.
    pub fn is_ranged(self) -> bool {
        matches!(self.kind(), ItemKind::LightRanged | ItemKind::HeavyRanged)
    }

    /// True for heavy ranged weapons.
    pub fn is_heavy(self) -> bool {
        self.kind() == ItemKind::HeavyRanged
    }

    /// One-handed firearms that count as an extra weapon in close combat.
    pub fn is_pistol(self) -> bool {
        matches!(self, Item::AssaultPistol | Item::EnergyPistol)
    }

    /// Shooting profile, for ranged weapons.
    pub fn ranged(self) -> Option<RangedStats> {
        use Item::*;
        let s = |range, shots, target_res| RangedStats {
            range,
            shots,
            target_res,
            no_long_range_penalty: false,
            auto_hit: false,
        };
        Some(match self {
            PrimitiveMissile => s(12, 1, 1),
            AssaultPistol => s(12, 2, 0),
            EnergyPistol => s(10, 1, -1),
            AssaultRifle => s(24, 3, 0),
            EnergyRifle => s(21, 2, -1),
            SniperRifle => RangedStats {
                no_long_range_penalty: true,
                ..s(40, 1, -1)
            },
            HeavyRifle => s(21, 3, -1),
            EnergyCannon => s(21, 2, -2),
            RocketLauncher => s(24, 1, -3),
            Flamer => RangedStats {
                auto_hit: true,
                ..s(8, 1, 1)
            },
            _ => return None,
        })
    }

    /// Modifier to the Resilience of a model hit in close combat with this
    /// weapon. Pistols and other ranged weapons give nothing (they only
    /// count as an extra weapon, see `is_pistol`).
    pub fn melee_target_res(self) -> i32 {
        match self {
            Item::HandWeapon => -1,
            Item::TwoHandedWeapon => -2,
            _ => 0,
        }
    }

    /// Resilience bonus of worn armour or a shield.
    pub fn armour_bonus(self) -> i32 {
        match self {
            Item::LightArmour | Item::Shield => 1,
            Item::PoweredArmour => 2,
            Item::Sarcophagus => 3,
            _ => 0,
        }
    }
}

/// Worn armour (a shield is separate). `None` means unarmoured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub enum Armour {
    /// No armour (pets).
    #[default]
    None,
    /// Light armour, +1.
    Light,
    /// Powered armour, +2.
    Powered,
    /// Battle sarcophagus, +3, Speed -1, large target.
    Sarcophagus,
}

impl Armour {
    /// The matching equipment item.
    pub fn item(self) -> Option<Item> {
        match self {
            Armour::None => None,
            Armour::Light => Some(Item::LightArmour),
            Armour::Powered => Some(Item::PoweredArmour),
            Armour::Sarcophagus => Some(Item::Sarcophagus),
        }
    }

    /// Resilience bonus.
    pub fn bonus(self) -> i32 {
        self.item().map_or(0, Item::armour_bonus)
    }

    /// Id as used in files.
    pub fn id(self) -> &'static str {
        self.item().map_or("none", Item::id)
    }

    /// Parse `none` or an armour id / alias.
    pub fn parse(s: &str) -> Option<Armour> {
        if crate::names::normalize(s) == "none" || crate::names::normalize(s) == "brak" {
            return Some(Armour::None);
        }
        match Item::lookup(s)? {
            Item::LightArmour => Some(Armour::Light),
            Item::PoweredArmour => Some(Armour::Powered),
            Item::Sarcophagus => Some(Armour::Sarcophagus),
            _ => None,
        }
    }
}

impl serde::Serialize for Armour {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> serde::Deserialize<'de> for Armour {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <String as serde::Deserialize>::deserialize(d)?;
        Armour::parse(&s).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "unknown armour `{s}` (expected one of: none, light_armour, powered_armour, sarcophagus)"
            ))
        })
    }
}

/// A weapon slot that may be empty (`none`: unarmed, or a pet's attack).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct WeaponSlot(pub Option<Item>);

impl serde::Serialize for WeaponSlot {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0.map_or("none", Item::id))
    }
}

impl<'de> serde::Deserialize<'de> for WeaponSlot {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <String as serde::Deserialize>::deserialize(d)?;
        let key = crate::names::normalize(&s);
        if key == "none" || key == "brak" {
            return Ok(WeaponSlot(None));
        }
        let item: Item = s.parse().map_err(serde::de::Error::custom)?;
        if matches!(item.kind(), ItemKind::Armour | ItemKind::Gear) {
            return Err(serde::de::Error::custom(format!(
                "`{s}` is not a weapon (expected `none`, a melee or a ranged weapon id)"
            )));
        }
        Ok(WeaponSlot(Some(item)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::names::Lang;

    #[test]
    fn polish_aliases_resolve() {
        assert_eq!(Item::lookup("Ciężki karabin"), Some(Item::HeavyRifle));
        assert_eq!(Item::lookup("ciezki karabin"), Some(Item::HeavyRifle));
        assert_eq!(Item::lookup("Sarkofag"), Some(Item::Sarcophagus));
        assert_eq!(Item::lookup("nonsense"), None);
        assert_eq!(Item::Flamer.name(Lang::Pl), "Miotacz");
        assert_eq!(Armour::parse("Pancerz wspomagany"), Some(Armour::Powered));
    }
}
