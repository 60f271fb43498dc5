//! Exact odds of one action (a volley of shots or one melee exchange).
//! Everything is computed by enumerating dice, never by sampling.
//! Rulebook: "Zasady Walki", "Wsparcie", "Rodzaje broni",
//! "Rzuty Odporności i Pancerze", "Zasady Strzelania", "Modyfikatory
//! strzelania", "Rodzaje broni dystansowej", "Przerzuty i dorzuty",
//! "Umiejętności". Choices where the text is unclear: docs/mortalis/rulings.md.

use std::sync::OnceLock;

use num_integer::Integer;
use num_rational::Ratio;
use num_traits::{One, Zero};
use serde::{Deserialize, Serialize, Serializer};

use crate::dice::{Keep, keep_two};
use crate::equipment::{Armour, Item, ModTarget, Modification, SpecialItem, WeaponSlot};
use crate::names::Lang;
use crate::skills::Skill;

mod forward;
mod melee;
mod melee_game;
mod numbers;
mod policy;
mod saves;
mod shooting;
mod solver;
#[cfg(test)]
mod tests;
mod values;

pub use melee::*;
pub use melee_game::*;
use numbers::*;
pub use policy::*;
pub use saves::*;
pub use shooting::*;
use solver::*;

/// An exact probability.
pub type Prob = Ratio<i128>;

/// Format a probability as `a/b` in lowest terms (`0/1`, `1/1` included).
pub fn frac(p: &Prob) -> String {
    format!("{}/{}", p.numer(), p.denom())
}

fn ser_frac<S: Serializer>(p: &Prob, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&frac(p))
}

fn ser_fracs<S: Serializer>(v: &[Prob], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(v.iter().map(frac))
}

fn p(n: i128, d: i128) -> Prob {
    Ratio::new(n, d)
}

/// The kind of action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionKind {
    /// Shooting.
    #[serde(alias = "strzal", alias = "strzał")]
    Shoot,
    /// Close combat.
    #[serde(alias = "walka")]
    Melee,
}

/// One side of an action, as written in a query file.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct Side {
    /// C.
    #[serde(deserialize_with = "crate::bounds::accuracy")]
    pub accuracy: i32,
    /// W.
    #[serde(deserialize_with = "crate::bounds::fight")]
    pub fight: i32,
    /// O before armour and shield.
    #[serde(deserialize_with = "crate::bounds::resilience")]
    pub resilience: i32,
    /// Worn armour.
    pub armour: Armour,
    /// Carries a shield.
    pub shield: bool,
    /// Weapon used (ranged to shoot, melee or `none` in melee).
    pub weapon: WeaponSlot,
    /// A second weapon in melee (+1 Fight).
    pub extra_weapon: bool,
    /// Already used a Move action this round.
    pub moved: bool,
    /// Extra die on the attack roll.
    pub extra_die: bool,
    /// One reroll on the attack roll (e.g. the captain's).
    pub reroll: bool,
    /// The captain's reroll held for this side's Resilience tests (B9,
    /// ruling R67): one die of one failed test rerolled, once, never on a
    /// test "I'm fine!" already rerolled.
    pub save_reroll: bool,
    /// Friendly models in contact with the opponent (melee).
    #[serde(deserialize_with = "crate::bounds::support")]
    pub support: u32,
    /// Skills, tricks and heroic plays in use.
    pub skills: Vec<Skill>,
    /// In Defensive position (+1 Fight when attacked, +1 Resilience).
    pub defensive: bool,
    /// One of the supporters has the Assist skill.
    pub assisted: bool,
    /// A trick used as the attack instead of the weapon
    /// (`short_circuit` or `drone_strike`).
    pub trick: Option<Skill>,
    /// Special items that change rolls (ammunition, camouflage, ...).
    pub items: Vec<SpecialItem>,
    /// Weapon and armour modifications.
    pub mods: Vec<Modification>,
    /// What the model has done this round (for the masking protocol).
    pub acted: Acted,
    /// Within 1" of a friendly shield-bearer with Protector, not closer to
    /// the shooter than it: +1 Resilience against shots (ruling R57).
    pub protected: bool,
    /// A friend of this model (not engaged, a charge left) stands within
    /// 12" of the opponent and holds Błąd matrycy (B120, R20): this side may
    /// force one of the opponent's rolls of the action to be rerolled, as
    /// with its own, in melee too (where the fighters cannot cast it).
    pub ally_matrix: bool,
    /// Other weapons the model has with it besides `weapon` (a heavy ranged
    /// or two-handed weapon makes the opponent's Nimble count, R59).
    pub carries: Vec<Item>,
    /// Part of a volley spread over several targets (the heavy rifle, B62):
    /// the number of the first shot fired at this target (from 0, so that
    /// the second and third shots keep their −1 and −2) and how many. Not
    /// in query files. (The battle's memo of odds keys a query by its JSON
    /// and this field, `mortalis-battle`'s `recall.rs`: a field JSON leaves
    /// out must be added to that key too.)
    #[serde(skip)]
    pub volley: Option<[u32; 2]>,
}

/// A model's actions so far this round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Acted {
    /// No action yet.
    #[default]
    Nothing,
    /// Has moved.
    Moved,
    /// Has taken another action.
    Other,
}

impl Default for Side {
    fn default() -> Self {
        Side {
            accuracy: 7,
            fight: 0,
            resilience: 5,
            armour: Armour::None,
            shield: false,
            weapon: WeaponSlot(None),
            extra_weapon: false,
            moved: false,
            extra_die: false,
            reroll: false,
            save_reroll: false,
            support: 0,
            skills: Vec::new(),
            defensive: false,
            assisted: false,
            trick: None,
            items: Vec::new(),
            mods: Vec::new(),
            acted: Acted::Nothing,
            protected: false,
            ally_matrix: false,
            carries: Vec::new(),
            volley: None,
        }
    }
}

impl Side {
    fn has(&self, s: Skill) -> bool {
        self.skills.contains(&s)
    }

    fn weapon_is(&self, item: Item) -> bool {
        self.weapon.0 == Some(item)
    }

    fn carries_heavy(&self) -> bool {
        self.weapon.0.is_some_and(Item::is_heavy)
    }

    /// Has a two-handed or heavy ranged weapon, used or only carried
    /// (what the opponent's Nimble looks at, R59).
    fn has_slow_weapon(&self) -> bool {
        self.weapon
            .0
            .into_iter()
            .chain(self.carries.iter().copied())
            .any(|w| w == Item::TwoHandedWeapon || w.is_heavy())
    }

    fn item(&self, i: SpecialItem) -> bool {
        self.items.contains(&i)
    }

    fn modded(&self, m: Modification) -> bool {
        self.mods.contains(&m)
    }

    /// Fight bonus of melee-weapon modifications.
    fn melee_mod_fight(&self) -> i32 {
        self.mods.iter().map(|m| m.fight_bonus()).sum()
    }

    /// Resilience modifier the side's melee-weapon modifications inflict.
    fn melee_mod_res(&self) -> i32 {
        self.mods.iter().map(|m| m.melee_target_res()).sum()
    }

    /// Resilience bonus of armour modifications.
    fn armour_mod_res(&self, shot: bool) -> i32 {
        self.mods.iter().map(|m| m.armour_bonus(shot)).sum()
    }

    /// Check that every modification and item suits the side's equipment.
    fn check_fit(&self, name: &'static str) -> Result<(), ActionError> {
        // One modification per item (R56): the side has one weapon in use
        // and one armour.
        for armour in [false, true] {
            let on: Vec<&Modification> = self
                .mods
                .iter()
                .filter(|m| (m.target() == ModTarget::Armour) == armour)
                .collect();
            if on.len() > 1 {
                return Err(ActionError::ModStacking(
                    name,
                    on.iter().map(|m| m.id()).collect::<Vec<_>>().join(", "),
                ));
            }
        }
        for m in &self.mods {
            let ok = match m.target() {
                ModTarget::Ranged | ModTarget::Melee => self.weapon.0.is_some_and(|w| m.fits(w)),
                ModTarget::Armour => self.armour.item().is_some_and(|a| m.fits(a)),
            };
            if !ok {
                return Err(ActionError::NotFit(name, m.id().to_string()));
            }
        }
        for i in &self.items {
            let needs = i.needs_weapon();
            let ok = (needs.is_empty() || self.weapon.0.is_some_and(|w| needs.contains(&w)))
                && !(*i == SpecialItem::MaskingProtocol && self.armour == Armour::Sarcophagus);
            if !ok {
                return Err(ActionError::NotFit(name, i.id().to_string()));
            }
        }
        Ok(())
    }
}

/// Circumstances of the action.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    /// Distance to the target in inches (shooting).
    pub range: Option<f64>,
    /// An obstacle more than 1" from the target partly hides it.
    pub obstacle: bool,
    /// Cover within 1" of the target partly hides it.
    pub cover: bool,
    /// The shot is an overwatch shot ("Strzał z ukrycia").
    pub overwatch: bool,
    /// The shooter stands at least 2" higher than the target.
    pub elevated: bool,
    /// Melee: the attacker engaged the defender with a Move action this
    /// activation and attacks right after (enables the defender's Dirty tricks).
    pub charged: bool,
}

/// A whole query file.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Query {
    /// Shoot or melee.
    pub kind: ActionKind,
    /// The model whose action it is.
    #[serde(default)]
    pub attacker: Side,
    /// Its target.
    #[serde(default)]
    pub defender: Side,
    /// Circumstances.
    #[serde(default)]
    pub situation: Situation,
}

/// An action the rules forbid, or a query that does not describe one.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ActionError {
    /// Heavy weapons never fire after a Move (without Hip shot).
    #[error("rule heavy_after_move: `{0}` is a heavy weapon and cannot fire after moving")]
    HeavyAfterMove(Item),
    /// Target beyond the weapon's range.
    #[error("rule out_of_range: target at {range}\" is beyond the {max}\" range of `{weapon}`")]
    OutOfRange {
        /// Weapon or trick id.
        weapon: String,
        /// Requested range.
        range: f64,
        /// Maximum range.
        max: u32,
    },
    /// Shooting needs a ranged weapon.
    #[error("rule not_ranged: attacker.weapon `{0}` is not a ranged weapon")]
    NotRanged(String),
    /// Shooting needs `situation.range`.
    #[error("rule missing_range: situation.range is required to shoot")]
    MissingRange,
    /// Range must be a positive number.
    #[error("rule bad_range: situation.range {0} must be a positive number of inches")]
    BadRange(f64),
    /// A two-handed weapon leaves no hand for a shield or a second weapon.
    #[error(
        "rule two_handed: {0}.weapon is two-handed, so {0} cannot also use a shield or an extra weapon"
    )]
    TwoHanded(&'static str),
    /// Trick used as an attack must be one that attacks (or the knife of
    /// "Głowa w dół!").
    #[error(
        "rule bad_trick: `{0}` is not a trick that attacks (short_circuit, drone_strike) nor the knife of heads_down"
    )]
    BadTrick(Skill),
    /// Nothing to resolve.
    #[error("rule no_shots: this action makes no attack roll")]
    NoShots,
    /// A modification or item that does not suit the side's equipment.
    #[error("rule not_fit: {0}: `{1}` does not suit its weapon or armour")]
    NotFit(&'static str, String),
    /// Two modifications on one weapon or one armour.
    #[error(
        "rule one_mod_per_item: {0}: `{1}` are fitted to the same item; each weapon or armour takes one modification"
    )]
    ModStacking(&'static str, String),
}

impl ActionError {
    /// Rule id.
    pub fn rule(&self) -> &'static str {
        match self {
            ActionError::HeavyAfterMove(_) => "heavy_after_move",
            ActionError::OutOfRange { .. } => "out_of_range",
            ActionError::NotRanged(_) => "not_ranged",
            ActionError::MissingRange => "missing_range",
            ActionError::BadRange(_) => "bad_range",
            ActionError::TwoHanded(_) => "two_handed",
            ActionError::BadTrick(_) => "bad_trick",
            ActionError::NoShots => "no_shots",
            ActionError::NotFit(..) => "not_fit",
            ActionError::ModStacking(..) => "one_mod_per_item",
        }
    }

    /// Message in the chosen language.
    pub fn message(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Pl => match self {
                ActionError::HeavyAfterMove(w) => {
                    format!("zasada heavy_after_move: `{w}` to broń ciężka, nie strzela po Ruchu")
                }
                ActionError::OutOfRange { weapon, range, max } => format!(
                    "zasada out_of_range: cel w odległości {range}\" jest poza zasięgiem {max}\" (`{weapon}`)"
                ),
                ActionError::NotRanged(w) => {
                    format!("zasada not_ranged: attacker.weapon `{w}` nie jest bronią strzelecką")
                }
                ActionError::MissingRange => {
                    "zasada missing_range: do strzału potrzebne jest situation.range".into()
                }
                ActionError::BadRange(r) => {
                    format!("zasada bad_range: situation.range {r} musi być dodatnią liczbą cali")
                }
                ActionError::TwoHanded(s) => format!(
                    "zasada two_handed: {s}.weapon jest dwuręczna, więc {s} nie może mieć tarczy ani dodatkowej broni"
                ),
                ActionError::BadTrick(t) => format!(
                    "zasada bad_trick: `{t}` nie jest sztuczką ataku (short_circuit, drone_strike)"
                ),
                ActionError::NoShots => "zasada no_shots: ta akcja nie ma rzutu ataku".into(),
                ActionError::NotFit(side, what) => {
                    format!("zasada not_fit: {side}: `{what}` nie pasuje do broni ani pancerza")
                }
                ActionError::ModStacking(side, what) => format!(
                    "zasada one_mod_per_item: {side}: `{what}` na tym samym przedmiocie; broń lub pancerz przyjmuje jedną modyfikację"
                ),
            },
        }
    }
}

/// Odds of either kind.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Odds {
    /// Shooting.
    Shoot(ShootOdds),
    /// Melee.
    Melee(MeleeOdds),
}

/// Exact odds of any query.
pub fn odds(q: &Query) -> Result<Odds, ActionError> {
    match q.kind {
        ActionKind::Shoot => shoot_odds(q).map(Odds::Shoot),
        ActionKind::Melee => melee_odds(q).map(Odds::Melee),
    }
}
