//! A model in battle: its sheet as the rules core checked it, where it
//! stands, and what it did this round. Builds the `odds::Side` of a shot or
//! an exchange, so that every roll goes through `odds` and `play` (nothing
//! is resolved twice in two ways).

use mortalis_rules::equipment::{Armour, Item, ModTarget, Modification, SpecialItem, WeaponSlot};
use mortalis_rules::odds::{Acted, Side};
use mortalis_rules::profile::Profile;
use mortalis_rules::skills::Skill;
use mortalis_rules::warband::{self, ModelSheet, SpecialRule, WarbandFile};
use serde::Serialize;

use crate::path::Mover;
use crate::table::{Body, Place, SARCOPHAGUS_BASE, SARCOPHAGUS_HEIGHT};

/// Skills whose whole battle effect lies in the rolls the odds engine
/// resolves (passed to it as they are), or in movement the simulator
/// applies, or that act only between battles.
const SUPPORTED: &[Skill] = &[
    // Movement, applied here.
    Skill::Runner,
    Skill::Sprint,
    Skill::Climber,
    Skill::Acrobat,
    // Rolls, applied by `odds`.
    Skill::Nimble,
    Skill::Feint,
    Skill::Disarm,
    Skill::SoftSpot,
    Skill::BattleFrenzy,
    Skill::Lucky,
    Skill::Parry,
    Skill::KillingBlow,
    Skill::CriticalHit,
    Skill::Duellist,
    Skill::DirtyTricks,
    Skill::CrowdFighter,
    Skill::Caution,
    Skill::MasterShot,
    Skill::HipShot,
    Skill::SteadyHand,
    Skill::ShieldBreaker,
    Skill::EagleEye,
    Skill::PointBlank,
    // Hiding (B113), applied here.
    Skill::Hiding,
    // Slice 2 (`skills.rs`, `items.rs`): rolls the odds engine resolves
    // with what the table tells it (Wartownik: elevated; Łowca: a shot
    // from hiding, offered by the reactions), the helpers it is told of
    // (Asysta, Ochrona), an Aimed shot as its own action, and movement
    // (Pewny krok: `Mover::sure_footed`; Sztuka spadania: falls, after a
    // failed jump-down or a push, `jumpdown.rs`, `plays.rs`).
    Skill::Sentinel,
    Skill::Hunter,
    Skill::Assist,
    Skill::Protector,
    Skill::AimedShot,
    Skill::SureFooted,
    Skill::ArtOfFalling,
    // Terrain added mid-battle (`overlay.rs`).
    Skill::EnergyBarrier,
    Skill::Lava,
    // What a won exchange's winner does instead of wounding (`instead.rs`).
    Skill::Theft,
    Skill::Escape,
    // Tricks (`tricks.rs`) and Rozproszenie against them.
    Skill::DroneStrike,
    Skill::Displacement,
    Skill::Deconcentration,
    Skill::Flash,
    Skill::Infection,
    Skill::Breach,
    Skill::PowerWave,
    Skill::Haste,
    Skill::Dispel,
    // Tricks cast with no action around a shot (`tricks.rs`).
    Skill::ProtectiveShield,
    Skill::Adrenaline,
    Skill::MatrixError,
    // After a Move, and an action of its own (`skills.rs`).
    Skill::Sneaking,
    Skill::Scavenger,
    Skill::DefenceOrder,
    // Deployment (`setup.rs`, `skills.rs`).
    Skill::Scout,
    // Knowing tricks (the tricks themselves are below or refused).
    Skill::TechnomancerTricks,
    // Tricks cast as a shot (B116).
    Skill::ShortCircuit,
    // Between battles only.
    Skill::BeastMaster,
    Skill::Medic,
    Skill::Haggling,
    Skill::Fence,
    Skill::TechHunter,
    Skill::Searching,
];

/// Special items the battle knows: what changes rolls goes to the odds
/// engine as it is (Kamuflaż, Protokół maskujący, Biowykrywacz, the three
/// ammunitions, B55, B64, B134); the prostheses act only through the
/// profile the campaign computes (B8).
const ITEMS: &[SpecialItem] = &[
    SpecialItem::Camouflage,
    SpecialItem::MaskingProtocol,
    SpecialItem::Biodetector,
    SpecialItem::ArmourPiercingRounds,
    SpecialItem::HighPressureTanks,
    SpecialItem::HomingMissiles,
    SpecialItem::EyeImplant,
    SpecialItem::ArmProsthesis,
    SpecialItem::LegExoskeleton,
    SpecialItem::ArtificialOrgans,
    // Grenades and the filter against stun grenades (`grenades.rs`).
    SpecialItem::FragGrenade,
    SpecialItem::StunGrenade,
    SpecialItem::SuppressionFilter,
    SpecialItem::SmokeGrenade,
];

/// Whether a model is still in the battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// On the table.
    OnTable,
    /// Removed as a casualty.
    Removed,
    /// Left the table across an edge.
    Left,
}

/// A model in battle.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Fighter {
    /// Name (volunteers: "Ochotnik N").
    pub name: String,
    /// 0 for the first warband, 1 for the second.
    pub side: usize,
    /// Battle profile (B8 as the builder computed it).
    pub profile: Profile,
    /// Armour worn.
    pub armour: Armour,
    /// Equipment.
    pub equipment: Vec<Item>,
    /// Skills passed to the odds engine and used for movement.
    pub skills: Vec<Skill>,
    /// Weapon and armour modifications (applied by the odds engine).
    pub mods: Vec<Modification>,
    /// A pet (B10).
    pub pet: bool,
    /// A volunteer (B11).
    pub volunteer: bool,
    /// Where it stands and its size.
    pub body: Body,
    /// On the table, removed or left.
    pub status: Status,
    /// Technology markers carried.
    pub carried: u32,
    /// Markers it carried off the table.
    pub scored: u32,
    /// Enemy models it took out.
    pub took_out: u32,
    /// Carries the object to intercept (Przechwycenie, B164–B165).
    pub object: bool,
    /// Carried the object off across its own edge (B166).
    pub delivered: bool,
    /// Left the field across the opponent's edge in Duma (B169–B170).
    pub escaped: bool,
    /// This round: activated.
    pub activated: bool,
    /// This round: the Move slot is used.
    pub move_slot: bool,
    /// This round: the free slot is used.
    pub free_slot: bool,
    /// This round: Move actions taken.
    pub moves: u32,
    /// This round: completed a climb (only Moves follow, B31).
    pub climbed: bool,
    /// This round: won a Withdrawal, so it may Move while engaged (B46).
    pub withdrew: bool,
    /// Holds a Defensive-position marker (B70; across rounds until it
    /// takes an action other than a Shot).
    pub defensive: bool,
    /// Tricks it knows and the charges left this battle (B14).
    pub tricks: Vec<(Skill, u32)>,
    /// Holds an Ukrycie marker: out of every enemy's sight (B113).
    pub hidden: bool,
    /// Has flown with its jetpack this battle (once a battle, B136).
    pub flown: bool,
    /// Special items it carries (grenades are struck off when thrown).
    pub items: Vec<SpecialItem>,
    /// The grenades it threw this battle, in order: the report's `used`,
    /// struck off its sheet in the campaign (B177).
    pub thrown: Vec<SpecialItem>,
    /// This round: under Rozbłysk, it takes no Shot action (B121).
    pub dazzled: bool,
    /// Under Zakażenie: −1 to every characteristic to the end (B125).
    pub infected: bool,
    /// This round: caught by a stun grenade, it may only Move (B132).
    pub stunned: bool,
    /// This round: picked up a marker with Zbieracz (B96).
    pub scavenged: bool,
    /// This round: owed a bonus action by Przyspieszenie (B122).
    pub hasted: bool,
    /// May use heroic plays (B76, Q13: the builder's eligibility).
    pub heroic: bool,
    /// Holds a Shot-from-hiding marker (B72, B73).
    pub overwatch: bool,
    /// This activation: Zastój leaves it one action (B90).
    pub stalled: bool,
    /// Intercepts whenever it can without a question (independent
    /// fighting models, B141; set by whoever places them).
    pub always_intercepts: bool,
    /// A specialist (medic, technomancer, chaplain: the egghead challenges).
    pub specialist: bool,
    /// The captain's reroll (B9) is still unused this battle.
    pub captain_reroll: bool,
    /// The captain's reroll is committed to its next attack roll.
    pub reroll_armed: bool,
    /// This round: shared the object's load (B166: W−2, no shots or tricks).
    pub shares_load: bool,
}

/// Something in a warband the simulator cannot play yet (B182).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("B182: {model}: {what} is not simulated yet")]
pub struct Unsupported {
    /// The model.
    pub model: String,
    /// What it has.
    pub what: Lacking,
}

/// What a model has that the simulator cannot play yet (the interface
/// says it in its language; `Display` is English).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lacking {
    /// A skill with no battle effect played.
    Skill(Skill),
    /// A special item with no battle effect played.
    Item(SpecialItem),
    /// Wszczep umiejętności with no skill chosen for it.
    ImplantWithoutSkill,
}

impl std::fmt::Display for Lacking {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Lacking::Skill(s) => write!(f, "skill `{}`", s.id()),
            Lacking::Item(i) => write!(f, "special item `{}`", i.id()),
            Lacking::ImplantWithoutSkill => write!(
                f,
                "special item `{}` with no skill chosen (a warband file's `implant`, a campaign's `implant_skill`)",
                SpecialItem::SkillImplant.id()
            ),
        }
    }
}

impl Fighter {
    /// A fighter from a checked sheet, or the first thing it has that the
    /// simulator cannot play yet.
    pub fn from_sheet(sheet: &ModelSheet, side: usize) -> Result<Self, Unsupported> {
        let refuse = |what: Lacking| Unsupported {
            model: sheet.name.clone(),
            what,
        };
        if let Some(s) = sheet.skills.iter().find(|s| !SUPPORTED.contains(s)) {
            return Err(refuse(Lacking::Skill(*s)));
        }
        // B134: Wszczep umiejętności plays as the Speed skill it gives.
        let implanted =
            |i: &SpecialItem| *i == SpecialItem::SkillImplant && sheet.implant.is_some();
        if let Some(i) = sheet
            .items
            .iter()
            .find(|i| !ITEMS.contains(i) && !implanted(i))
        {
            return Err(refuse(if *i == SpecialItem::SkillImplant {
                Lacking::ImplantWithoutSkill
            } else {
                Lacking::Item(*i)
            }));
        }
        let big = sheet.armour == Armour::Sarcophagus;
        let mut out = Fighter::blank(
            &sheet.name,
            side,
            sheet.profile,
            sheet.armour,
            sheet.equipment.clone(),
        );
        out.skills = sheet.skills.iter().copied().chain(sheet.implant).collect();
        out.tricks = sheet
            .skills
            .iter()
            .filter_map(|&k| k.charges().map(|n| (k, n)))
            .collect();
        out.mods = sheet.mods.clone();
        out.items = sheet.items.clone();
        out.pet = sheet.special.contains(&SpecialRule::Pet);
        out.heroic = sheet.special.contains(&SpecialRule::HeroicPlays);
        out.specialist = sheet.archetype.is_specialist();
        out.captain_reroll = sheet.special.contains(&SpecialRule::Captain);
        if big {
            out.body.base = SARCOPHAGUS_BASE;
            out.body.height = SARCOPHAGUS_HEIGHT;
        }
        Ok(out)
    }

    /// A volunteer (B11): S4 W0 C7 O5, assault rifle, light armour.
    pub fn volunteer(number: u32, side: usize) -> Self {
        let equipment = vec![Item::AssaultRifle, Item::LightArmour];
        let mut out = Fighter::blank(
            &format!("Ochotnik {number}"),
            side,
            Profile::VOLUNTEER,
            Armour::Light,
            equipment,
        );
        out.volunteer = true;
        out
    }

    /// A model with no skills on a 1" base, not yet placed.
    pub(super) fn blank(
        name: &str,
        side: usize,
        profile: Profile,
        armour: Armour,
        equipment: Vec<Item>,
    ) -> Self {
        Fighter {
            name: name.to_string(),
            side,
            profile,
            armour,
            equipment,
            skills: vec![],
            mods: vec![],
            pet: false,
            volunteer: false,
            body: Body::new(Place::ground(0.0, 0.0)),
            status: Status::OnTable,
            carried: 0,
            scored: 0,
            took_out: 0,
            object: false,
            delivered: false,
            escaped: false,
            activated: false,
            move_slot: false,
            free_slot: false,
            moves: 0,
            climbed: false,
            withdrew: false,
            defensive: false,
            tricks: vec![],
            hidden: false,
            flown: false,
            items: vec![],
            thrown: vec![],
            dazzled: false,
            infected: false,
            stunned: false,
            scavenged: false,
            hasted: false,
            heroic: false,
            overwatch: false,
            stalled: false,
            always_intercepts: false,
            specialist: false,
            captain_reroll: false,
            reroll_armed: false,
            shares_load: false,
        }
    }

    /// Charges of a trick left (0 when it does not know it).
    pub fn charges_left(&self, trick: Skill) -> u32 {
        self.tricks.iter().find(|t| t.0 == trick).map_or(0, |t| t.1)
    }

    /// Spends one charge of a trick.
    pub fn spend(&mut self, trick: Skill) {
        if let Some(t) = self.tricks.iter_mut().find(|t| t.0 == trick) {
            t.1 = t.1.saturating_sub(1);
        }
    }

    /// On the table.
    pub fn on_table(&self) -> bool {
        self.status == Status::OnTable
    }

    fn has(&self, s: Skill) -> bool {
        self.skills.contains(&s)
    }

    /// The ranged weapon it shoots with, if any (the longest-ranged one).
    pub fn ranged(&self) -> Option<Item> {
        self.equipment
            .iter()
            .copied()
            .filter(|w| w.ranged().is_some())
            .max_by_key(|w| w.ranged().map_or(0, |r| r.range))
    }

    /// Its two pistols, when it carries two (B59).
    pub fn pistols(&self) -> Option<[Item; 2]> {
        let mut p = self.equipment.iter().copied().filter(|w| w.is_pistol());
        Some([p.next()?, p.next()?])
    }

    /// The melee weapon it fights with: two-handed, else hand weapon, else
    /// none (unarmed, or a pet's attack; Q36: a rifleman is unarmed).
    pub fn melee(&self) -> Option<Item> {
        [Item::TwoHandedWeapon, Item::HandWeapon]
            .into_iter()
            .find(|w| self.equipment.contains(w))
    }

    /// How it moves (B29–B33).
    pub fn mover(&self) -> Mover {
        let gear = self.equipment.contains(&Item::ClimbingGear) || self.has(Skill::Climber);
        Mover {
            radius: self.body.radius(),
            climb_rate: if gear { 1.0 } else { 2.0 },
            climbs: !self.pet,
            jump_max: if self.has(Skill::Acrobat) { 4.0 } else { 3.0 },
            jump_down: false,
            dangerous: false,
            sure_footed: self.has(Skill::SureFooted),
        }
    }

    /// Allowance of its next Move action before difficult ground (B29:
    /// the object to intercept −2; Q48: never below 0).
    pub fn allowance(&self) -> f64 {
        let first = !self.move_slot && !self.free_slot;
        let mut s = self.profile.speed;
        if first && self.has(Skill::Sprint) {
            s += 1;
        }
        if self.moves >= 1 && !self.has(Skill::Runner) {
            s -= 1;
        }
        if self.object {
            s -= 2;
        }
        f64::from(s.max(0))
    }

    /// The allowances of both Moves of its round walked as one (B31,
    /// ruling "Climbs across both Moves"): the first Move's and the
    /// second's (B29), when both are still open to it and it climbs at
    /// all; not under Zastój or in a bonus action (one action, B90, B122).
    pub fn both_allowances(&self) -> Option<(f64, f64)> {
        let open = !self.move_slot && !self.free_slot && self.moves == 0 && !self.stalled;
        if !open || self.pet || !self.mover().climbs {
            return None;
        }
        let mut second = self.profile.speed;
        if !self.has(Skill::Runner) {
            second -= 1;
        }
        if self.object {
            second -= 2;
        }
        (second > 0).then(|| (self.allowance(), f64::from(second)))
    }

    /// The `odds::Side` of this model using `weapon`.
    pub fn side(&self, weapon: Option<Item>, melee: bool) -> Side {
        let extra = melee
            && (self.equipment.contains(&Item::ExtraWeapon)
                || self.equipment.iter().any(|w| w.is_pistol()))
            && weapon != Some(Item::TwoHandedWeapon);
        Side {
            accuracy: self.profile.accuracy,
            // B41i: carrying the object to intercept (or sharing its load,
            // B166), W−2.
            fight: self.profile.fight
                - if self.object || self.shares_load {
                    2
                } else {
                    0
                },
            resilience: self.profile.resilience,
            armour: self.armour,
            shield: self.equipment.contains(&Item::Shield) && weapon != Some(Item::TwoHandedWeapon),
            weapon: WeaponSlot(weapon),
            extra_weapon: extra,
            defensive: self.defensive,
            moved: self.moves > 0,
            // B9: the captain's reroll, committed to this roll.
            reroll: self.reroll_armed,
            // Wymierzony strzał is an action of its own (B108); tricks are
            // told to the odds engine when cast (`tricks.rs`).
            skills: self
                .skills
                .iter()
                .copied()
                .filter(|&k| k != Skill::AimedShot && k.charges().is_none())
                .collect(),
            mods: self
                .mods
                .iter()
                .copied()
                .filter(|m| match m.target() {
                    ModTarget::Armour => true,
                    _ => weapon.is_some_and(|w| m.fits(w)),
                })
                .collect(),
            acted: if self.moves > 0 {
                Acted::Moved
            } else if self.move_slot || self.free_slot {
                Acted::Other
            } else {
                Acted::Nothing
            },
            items: self.items.clone(),
            carries: self
                .equipment
                .iter()
                .copied()
                .filter(|w| Some(*w) != weapon && (w.is_ranged() || *w == Item::TwoHandedWeapon))
                .collect(),
            ..Side::default()
        }
    }
}

/// A warband that cannot take part in a battle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SideError {
    /// The builder finds rule problems in it.
    #[error(
        "the warband is not valid ({0} {problems}; see: mortalis warband validate)",
        problems = if *.0 == 1 { "problem" } else { "problems" }
    )]
    Invalid(usize),
    /// It has something the simulator cannot play yet (B182).
    #[error(transparent)]
    Unsupported(#[from] Unsupported),
}

/// A side from a warband file: its name, strength and fighters.
pub fn side_from_warband(
    file: &WarbandFile,
    side: usize,
) -> Result<(String, u32, Vec<Fighter>), SideError> {
    let roster = warband::check(file);
    if !roster.valid() {
        return Err(SideError::Invalid(roster.errors.len()));
    }
    let models = roster
        .models
        .iter()
        .map(|s| Fighter::from_sheet(s, side))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((roster.name, roster.strength, models))
}
