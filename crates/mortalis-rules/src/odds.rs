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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
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
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
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
    /// Other weapons the model has with it besides `weapon` (a heavy ranged
    /// or two-handed weapon makes the opponent's Nimble count, R59).
    pub carries: Vec<Item>,
}

/// A model's actions so far this round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
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
            support: 0,
            skills: Vec::new(),
            defensive: false,
            assisted: false,
            trick: None,
            items: Vec::new(),
            mods: Vec::new(),
            acted: Acted::Nothing,
            protected: false,
            carries: Vec::new(),
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
    /// Trick used as an attack must be one that attacks.
    #[error("rule bad_trick: `{0}` is not a trick that attacks (short_circuit, drone_strike)")]
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

// ---------------------------------------------------------------- saves

/// A Resilience test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SaveSpec {
    /// Modified Resilience: survive on 2d6 at or under it (11-12 always fail).
    pub target: i32,
    /// Roll three dice and keep the two lowest ("Woohoo!").
    pub extra_die: bool,
    /// Reroll one die of a failed test ("Nic mi nie jest!").
    pub reroll: bool,
    /// The test is passed automatically (protective trick).
    pub auto_pass: bool,
}

fn save_passes(kept: [u8; 2], target: i32) -> bool {
    let s = i32::from(kept[0]) + i32::from(kept[1]);
    s <= target && s <= 10
}

/// Probability that a Resilience test fails.
pub fn save_fail(spec: SaveSpec) -> Prob {
    if spec.auto_pass {
        return Prob::zero();
    }
    let n = if spec.extra_die { 3 } else { 2 };
    let mut pass = 0i128;
    let total = 6i128.pow(n as u32) * 6;
    for_each_tuple(n, |dice| {
        if save_passes(keep_two(dice, Keep::Low), spec.target) {
            pass += 6;
        } else if spec.reroll {
            let mut best = 0;
            for j in 0..n {
                let mut d = [dice[0], dice[1], *dice.get(2).unwrap_or(&0)];
                let mut c = 0;
                for v in 1..=6 {
                    d[j] = v;
                    if save_passes(keep_two(&d[..n], Keep::Low), spec.target) {
                        c += 1;
                    }
                }
                best = best.max(c);
            }
            pass += best;
        }
    });
    Prob::one() - p(pass, total)
}

/// Probability that a Resilience test rolled afresh (forced by the opponent's
/// Matrix error) fails: the whole roll again, extra die included, with no
/// reroll of the tester's own afterwards (rulings R45, R47).
pub fn fresh_save_fail(spec: SaveSpec) -> Prob {
    save_fail(SaveSpec {
        reroll: false,
        ..spec
    })
}

/// Probability that a test fails when the opponent keeps a Matrix error for
/// it: a test that passes (after "I'm fine!") is rerolled once more.
pub fn forced_save_fail(spec: SaveSpec) -> Prob {
    if spec.auto_pass {
        return Prob::zero();
    }
    Prob::one() - (Prob::one() - save_fail(spec)) * (Prob::one() - fresh_save_fail(spec))
}

fn for_each_tuple(n: usize, mut f: impl FnMut(&[u8])) {
    let mut d = [1u8; 3];
    loop {
        f(&d[..n]);
        let mut i = 0;
        loop {
            if i == n {
                return;
            }
            if d[i] < 6 {
                d[i] += 1;
                break;
            }
            d[i] = 1;
            i += 1;
        }
    }
}

/// Sorted multisets of `n` dice with their number of orderings.
fn multisets(n: usize) -> Vec<([u8; 3], i128)> {
    let mut out = Vec::new();
    for a in 1..=6u8 {
        for b in a..=6u8 {
            if n == 2 {
                let w = if a == b { 1 } else { 2 };
                out.push(([a, b, 0], w));
                continue;
            }
            for c in b..=6u8 {
                let w = if a == b && b == c {
                    1
                } else if a == b || b == c {
                    3
                } else {
                    6
                };
                out.push(([a, b, c], w));
            }
        }
    }
    out
}

// ---------------------------------------------------------------- shooting

/// How one shot's attack roll is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShotRoll {
    /// Modified Accuracy: hit when the kept 2d6 is lower.
    pub accuracy: i32,
    /// Roll three dice, keep the two lowest.
    pub extra_die: bool,
    /// Natural double ones remove the target (Master shot).
    pub master_shot: bool,
}

/// Counts over all `6^n` rolls of one shot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShotCounts {
    /// Number of equally likely rolls.
    pub total: i128,
    /// Natural double ones with Master shot.
    pub master: i128,
    /// Other hits.
    pub hit: i128,
    /// Rolls whose kept total hits, natural or not (what a roll forced to be
    /// rerolled can still do: it is never natural).
    pub plain_hit: i128,
    /// Misses, by how many of the six results of the best single-die reroll would hit.
    pub miss_by_reroll_hits: [i128; 7],
}

/// Classify every roll of one shot.
pub fn shot_counts(roll: ShotRoll) -> ShotCounts {
    let n = if roll.extra_die { 3 } else { 2 };
    let hits = |d: &[u8]| {
        let k = keep_two(d, Keep::Low);
        i32::from(k[0]) + i32::from(k[1]) < roll.accuracy
    };
    let mut c = ShotCounts {
        total: 6i128.pow(n as u32),
        master: 0,
        hit: 0,
        plain_hit: 0,
        miss_by_reroll_hits: [0; 7],
    };
    for_each_tuple(n, |dice| {
        if hits(dice) {
            c.plain_hit += 1;
        }
        if roll.master_shot && keep_two(dice, Keep::Low) == [1, 1] {
            c.master += 1;
        } else if hits(dice) {
            c.hit += 1;
        } else {
            let mut best = 0;
            for j in 0..n {
                let mut d = [dice[0], dice[1], *dice.get(2).unwrap_or(&0)];
                let mut k = 0;
                for v in 1..=6 {
                    d[j] = v;
                    if hits(&d[..n]) {
                        k += 1;
                    }
                }
                best = best.max(k);
            }
            c.miss_by_reroll_hits[best] += 1;
        }
    });
    c
}

/// `shot_counts` from a table built once: a roll's counts depend only on
/// the Accuracy clamped to 2..=13 (kept totals are 2..=12), the extra die and
/// Master shot.
fn shot_counts_cached(roll: ShotRoll) -> ShotCounts {
    static TABLE: OnceLock<Vec<ShotCounts>> = OnceLock::new();
    let key = |acc: i32, extra: bool, master: bool| {
        ((acc - 2) as usize * 2 + usize::from(extra)) * 2 + usize::from(master)
    };
    let table = TABLE.get_or_init(|| {
        let mut t = Vec::with_capacity(48);
        for accuracy in 2..=13 {
            for extra_die in [false, true] {
                for master_shot in [false, true] {
                    debug_assert_eq!(t.len(), key(accuracy, extra_die, master_shot));
                    t.push(shot_counts(ShotRoll {
                        accuracy,
                        extra_die,
                        master_shot,
                    }));
                }
            }
        }
        t
    });
    table[key(roll.accuracy.clamp(2, 13), roll.extra_die, roll.master_shot)]
}

/// Reroll available during a volley.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RerollMode {
    /// None.
    None,
    /// One reroll for the whole action, kept for the shot where it helps most.
    Once,
    /// One reroll on every shot (Point blank).
    EveryShot,
}

/// The target's once-per-battle help on its Resilience tests during a volley
/// (rulings R34, R55): each may be used on one test of the volley.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Heroics {
    /// "I'm fine!": reroll one die of a failed test.
    pub im_fine: bool,
    /// "What are you gonna do?!": Resilience 7 for one test, declared before it.
    pub what_you_gonna_do: bool,
    /// "Woohoo!": one extra die on the test of one overwatch shot.
    pub woohoo: bool,
    /// Adrenaline (a trick of the target or a friend within 8"): one failed
    /// test counts as passed.
    pub adrenaline: bool,
}

/// Which tricks of a shooting action face the opponent's Dispel roll
/// (2d6, 8 or more cancels the trick; ruling R58).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Dispels {
    /// The attack itself (Short circuit, Drone strike), by the target.
    pub attack: bool,
    /// The target's Protective shield, by the shooter.
    pub shield: bool,
    /// The target's Adrenaline, by the shooter.
    pub adrenaline: bool,
    /// The shooter's Matrix error, by the target.
    pub attacker_matrix: bool,
    /// The target's Matrix error, by the shooter.
    pub defender_matrix: bool,
}

/// Chance that a trick survives a Dispel roll: 2d6 below 8.
pub fn survives_dispel(dispel: bool) -> Prob {
    if dispel { p(21, 36) } else { Prob::one() }
}

/// A Dispel roll of 2d6 cancels the trick on 8 or more.
pub const DISPEL_ON: i32 = 8;

/// Everything that decides a shooting action's odds.
#[derive(Debug, Clone, PartialEq)]
pub struct ShootPlan {
    /// Attack roll of each shot (empty for automatic hits).
    pub shots: Vec<ShotRoll>,
    /// Number of automatic hits (flamer, drone strike).
    pub auto_hits: u32,
    /// Rerolls.
    pub reroll: RerollMode,
    /// The target's Resilience test against one hit, before heroic plays
    /// (only `target` and `auto_pass` are used in shooting).
    pub save: SaveSpec,
    /// The target's once-per-battle help on its tests.
    pub heroics: Heroics,
    /// Any removal is prevented (Protective shield).
    pub immune: bool,
    /// Id of what is fired.
    pub source: String,
    /// The shooter has Matrix error and the target is within 12": it may
    /// force one passed Resilience test of the volley to be rerolled.
    pub attacker_matrix: bool,
    /// The target has Matrix error and the shooter is within 12": it may
    /// force one attack roll of the volley to be rerolled.
    pub defender_matrix: bool,
    /// Tricks that face a Dispel roll.
    pub dispels: Dispels,
}

/// Exact odds of a shooting action.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ShootOdds {
    /// Number of shots.
    pub shots: u32,
    /// Chance that each shot hits.
    #[serde(serialize_with = "ser_fracs")]
    pub hit: Vec<Prob>,
    /// Chance that the first hit's test fails (the target's heroic plays
    /// and Adrenaline still at hand, no forced reroll).
    #[serde(serialize_with = "ser_frac")]
    pub fail_save: Prob,
    /// Chance that the target is out of action after the volley.
    #[serde(serialize_with = "ser_frac")]
    pub out_of_action: Prob,
    /// Expected number of hits.
    #[serde(serialize_with = "ser_f64")]
    pub expected_hits: Prob,
    /// Chance of exactly 0, 1, ... hits.
    #[serde(serialize_with = "ser_fracs")]
    pub hits_distribution: Vec<Prob>,
    /// Chance of a Master shot removal during the volley.
    #[serde(serialize_with = "ser_frac")]
    pub master_shot: Prob,
    /// Modified Accuracy of each shot (absent for automatic hits).
    pub accuracy: Vec<i32>,
    /// Modified Resilience of the target against one hit.
    pub save_target: i32,
}

fn ser_f64<S: Serializer>(p: &Prob, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(to_f64(p))
}

/// Approximate value of a probability, for display.
pub fn to_f64(p: &Prob) -> f64 {
    *p.numer() as f64 / *p.denom() as f64
}

/// Range of Matrix error in inches.
pub const MATRIX_RANGE: f64 = 12.0;

/// Range of Dispel and of Adrenaline in inches.
pub const DISPEL_RANGE: f64 = 8.0;

/// Build the shooting plan of a query (applies every modifier).
pub fn shoot_plan(q: &Query) -> Result<ShootPlan, ActionError> {
    let a = &q.attacker;
    let t = &q.defender;
    let s = &q.situation;
    a.check_fit("attacker")?;
    t.check_fit("defender")?;
    let range = s.range.ok_or(ActionError::MissingRange)?;
    if !(range.is_finite() && range > 0.0) {
        return Err(ActionError::BadRange(range));
    }
    // What is fired; `is_shot`: resolved with an Accuracy roll and the
    // shooting modifiers (not Drone strike, an automatic hit, R13, R57).
    let (source, max_range, shots, target_res, long_ok, auto_hit, base_acc, is_shot) = match a.trick
    {
        Some(Skill::ShortCircuit) => ("short_circuit".to_string(), 8, 1, 1, false, false, 12, true),
        Some(Skill::DroneStrike) => ("drone_strike".to_string(), 14, 1, 0, true, true, 0, false),
        Some(other) => return Err(ActionError::BadTrick(other)),
        None => {
            let w = a
                .weapon
                .0
                .ok_or_else(|| ActionError::NotRanged("none".into()))?;
            let st = w
                .ranged()
                .ok_or_else(|| ActionError::NotRanged(w.id().into()))?;
            if w.is_heavy() && a.moved && !a.has(Skill::HipShot) {
                return Err(ActionError::HeavyAfterMove(w));
            }
            let mut target_res = st.target_res;
            if a.item(SpecialItem::ArmourPiercingRounds) {
                target_res -= 1;
            }
            if a.item(SpecialItem::HighPressureTanks) {
                target_res -= 1;
            }
            let batteries = if a.modded(Modification::HighEnergyBatteries) {
                3
            } else {
                0
            };
            (
                w.id().to_string(),
                st.range + batteries,
                st.shots,
                target_res,
                st.no_long_range_penalty,
                st.auto_hit,
                a.accuracy,
                true,
            )
        }
    };
    if range > f64::from(max_range) {
        return Err(ActionError::OutOfRange {
            weapon: source,
            range,
            max: max_range,
        });
    }
    let heavy = a.trick.is_none() && a.carries_heavy();
    let weapon_mods = a.trick.is_none();
    let homing = weapon_mods && a.item(SpecialItem::HomingMissiles);
    // Accuracy modifiers shared by every shot.
    let mut acc = base_acc;
    if a.moved {
        let steady =
            a.has(Skill::SteadyHand) || (weapon_mods && a.modded(Modification::FireStabiliser));
        acc -= match (heavy, steady) {
            (false, true) => 0,
            (false, false) => 1,
            (true, true) => 1,
            (true, false) => 2,
        };
    }
    if range > 12.0 && !long_ok && !a.has(Skill::EagleEye) {
        acc -= 1;
    }
    if weapon_mods && a.modded(Modification::PrecisionSight) && range < 12.0 {
        acc += 1;
    }
    if s.obstacle && !homing {
        acc -= 1;
    }
    if s.cover {
        acc -= if t.has(Skill::Caution) && range > 12.0 {
            3
        } else {
            2
        };
        if homing {
            acc += 1;
        }
    }
    if !a.item(SpecialItem::Biodetector) {
        if t.item(SpecialItem::Camouflage) {
            acc -= 1;
        }
        if t.item(SpecialItem::MaskingProtocol) {
            acc -= match t.acted {
                Acted::Nothing => 3,
                Acted::Moved => 2,
                Acted::Other => 1,
            };
        }
    }
    if t.armour == Armour::Sarcophagus {
        acc += 1; // large target
    }
    if t.has(Skill::Lucky) {
        acc -= 1;
    }
    if s.overwatch && a.has(Skill::Hunter) {
        acc += 1;
    }
    let aimed = a.has(Skill::AimedShot) && !a.moved;
    let roll = |i: u32| ShotRoll {
        accuracy: acc - i as i32,
        extra_die: a.extra_die || aimed,
        master_shot: a.has(Skill::MasterShot),
    };
    let shots_v: Vec<ShotRoll> = if auto_hit {
        Vec::new()
    } else {
        (0..shots).map(roll).collect()
    };
    // The target's Resilience against one hit.
    let mut res = t.resilience + t.armour.bonus() + t.armour_mod_res(true) + target_res;
    if t.shield && is_shot && !a.has(Skill::ShieldBreaker) {
        res += 1;
    }
    if t.protected && is_shot {
        res += 1;
    }
    if t.defensive {
        res += 1;
    }
    if s.elevated && a.has(Skill::Sentinel) {
        res -= 1;
    }
    let save = SaveSpec {
        target: res,
        extra_die: false,
        reroll: false,
        auto_pass: false,
    };
    let heroics = Heroics {
        im_fine: t.has(Skill::ImFine),
        what_you_gonna_do: t.has(Skill::WhatYouGonnaDo),
        woohoo: t.has(Skill::Woohoo) && s.overwatch,
        adrenaline: t.has(Skill::Adrenaline),
    };
    let reroll = if a.has(Skill::PointBlank) && range < 6.0 {
        RerollMode::EveryShot
    } else if a.reroll {
        RerollMode::Once
    } else {
        RerollMode::None
    };
    let immune = t.has(Skill::ProtectiveShield) && is_shot;
    let attacker_matrix = a.has(Skill::MatrixError) && range <= MATRIX_RANGE;
    let defender_matrix = t.has(Skill::MatrixError) && range <= MATRIX_RANGE;
    let (ad, td) = (a.has(Skill::Dispel), t.has(Skill::Dispel));
    let near = range <= DISPEL_RANGE;
    Ok(ShootPlan {
        shots: shots_v,
        auto_hits: if auto_hit { shots } else { 0 },
        reroll,
        save,
        heroics,
        immune,
        source,
        attacker_matrix,
        defender_matrix,
        dispels: Dispels {
            attack: td && a.trick.is_some(),
            shield: ad && near && immune,
            adrenaline: ad && near && heroics.adrenaline,
            attacker_matrix: td && attacker_matrix,
            defender_matrix: ad && defender_matrix,
        },
    })
}

/// Bits of a state of a volley between two steps: what is still unused.
pub mod state {
    /// The once-per-action reroll.
    pub const TOKEN: usize = 1;
    /// The shooter's Matrix error.
    pub const MA: usize = 2;
    /// The target's Matrix error.
    pub const MD: usize = 4;
    /// "I'm fine!".
    pub const FINE: usize = 8;
    /// "What are you gonna do?!".
    pub const WYG: usize = 16;
    /// "Woohoo!".
    pub const WOO: usize = 32;
    /// Adrenaline.
    pub const ADR: usize = 64;
    /// Number of states.
    pub const N: usize = 128;
}

/// Index of a state of a volley: the once-per-action reroll (`token`), the
/// shooter's (`ma`) and the target's (`md`) Matrix error still unused, and
/// every heroic play of `h` still unused.
pub fn shoot_state(token: bool, ma: bool, md: bool, h: Heroics) -> usize {
    use state::*;
    let b = |x: bool, bit: usize| if x { bit } else { 0 };
    b(token, TOKEN)
        | b(ma, MA)
        | b(md, MD)
        | b(h.im_fine, FINE)
        | b(h.what_you_gonna_do, WYG)
        | b(h.woohoo, WOO)
        | b(h.adrenaline, ADR)
}

/// Counts over all rolls of one Resilience test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct TestCounts {
    total: i128,
    pass: i128,
    /// Failed rolls by how many of the six results of the best single-die
    /// reroll ("I'm fine!") pass.
    fail_by_reroll: [i128; 7],
}

fn test_counts(target: i32, extra_die: bool) -> TestCounts {
    let n = if extra_die { 3 } else { 2 };
    let mut c = TestCounts {
        total: 6i128.pow(n as u32),
        pass: 0,
        fail_by_reroll: [0; 7],
    };
    for_each_tuple(n, |dice| {
        if save_passes(keep_two(dice, Keep::Low), target) {
            c.pass += 1;
            return;
        }
        let mut best = 0;
        for j in 0..n {
            let mut d = [dice[0], dice[1], *dice.get(2).unwrap_or(&0)];
            let mut k = 0;
            for v in 1..=6 {
                d[j] = v;
                if save_passes(keep_two(&d[..n], Keep::Low), target) {
                    k += 1;
                }
            }
            best = best.max(k);
        }
        c.fail_by_reroll[best] += 1;
    });
    c
}

/// `test_counts` from a table built once: a test's counts depend only on
/// the target clamped to 1..=10 (11-12 always fail) and the extra die.
fn test_counts_cached(target: i32, extra_die: bool) -> TestCounts {
    static TABLE: OnceLock<Vec<TestCounts>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (1..=10)
            .flat_map(|t| [test_counts(t, false), test_counts(t, true)])
            .collect()
    });
    table[(target.clamp(1, 10) - 1) as usize * 2 + usize::from(extra_die)]
}

/// The target's declaration before a test: which test it rolls
/// (`wyg`: Resilience 7; `woohoo`: one extra die).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Declared {
    /// "What are you gonna do?!" declared.
    pub wyg: bool,
    /// "Woohoo!" declared.
    pub woohoo: bool,
}

impl Declared {
    fn index(self) -> usize {
        usize::from(self.wyg) * 2 + usize::from(self.woohoo)
    }
}

/// Numbers the volley solver counts with: an integer numerator over one
/// common denominator for the whole query (every chance in the game has a
/// denominator built from 6, 36, 216 and the Dispel roll's 12), in `i128`
/// when it fits, else in 256 bits (`U256`), exact fractions as a last
/// resort. All are exact, so the decisions and the results are the same.
trait Num: Copy + PartialOrd + std::ops::Add<Output = Self> + std::ops::Sub<Output = Self> {
    fn nil() -> Self;
    /// `self / d`, exact (for integers, the scheme makes it divide).
    fn div_int(self, d: i128) -> Self;
    fn mul_int(self, m: i128) -> Self;
    /// The probability, `one` being the value of certainty.
    fn ratio(self, one: Self) -> Prob;
    /// `self * num / den`.
    fn scale(self, num: i128, den: i128) -> Self {
        if num == den {
            self
        } else {
            self.div_int(den).mul_int(num)
        }
    }
}

impl Num for i128 {
    fn nil() -> Self {
        0
    }
    fn div_int(self, d: i128) -> Self {
        exact_div(self, d)
    }
    fn mul_int(self, m: i128) -> Self {
        self * m
    }
    fn ratio(self, one: Self) -> Prob {
        Ratio::new(self, one)
    }
}

impl Num for Prob {
    fn nil() -> Self {
        <Prob as Zero>::zero()
    }
    fn div_int(self, d: i128) -> Self {
        self / d
    }
    fn mul_int(self, m: i128) -> Self {
        self * m
    }
    fn ratio(self, _one: Self) -> Prob {
        self
    }
}

/// Inverse of an odd `m` modulo 2^128 (Newton's iteration, each step
/// doubles the correct low bits: 3, 6, ..., 192).
const fn odd_inverse(m: i128) -> i128 {
    let mut inv = m;
    let mut k = 0;
    while k < 6 {
        inv = inv.wrapping_mul(2i128.wrapping_sub(m.wrapping_mul(inv)));
        k += 1;
    }
    inv
}

/// `x / d` for a positive `d` that divides `x`: a shift for the power of
/// two in `d` and a multiplication by the inverse of its odd part (every
/// denominator here is `2^a * 3^b`), much cheaper than a 128-bit division.
fn exact_div(x: i128, d: i128) -> i128 {
    const INV3: i128 = odd_inverse(3);
    const INV9: i128 = odd_inverse(9);
    const INV27: i128 = odd_inverse(27);
    debug_assert!(d > 0 && x % d == 0, "{x} / {d}");
    let k = d.trailing_zeros();
    let shifted = x >> k;
    match d >> k {
        1 => shifted,
        3 => shifted.wrapping_mul(INV3),
        9 => shifted.wrapping_mul(INV9),
        27 => shifted.wrapping_mul(INV27),
        m => shifted.wrapping_mul(odd_inverse(m)),
    }
}

/// An unsigned 256-bit integer for the volleys whose common denominator
/// does not fit in `i128` (three shots with three dice and every play,
/// charge and Dispel: about 2^141); only what the solver needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct U256 {
    hi: u128,
    lo: u128,
}

impl U256 {
    const ZERO: U256 = U256 { hi: 0, lo: 0 };

    fn from_u128(x: u128) -> U256 {
        U256 { hi: 0, lo: x }
    }

    fn limbs(self) -> [u64; 4] {
        [
            self.lo as u64,
            (self.lo >> 64) as u64,
            self.hi as u64,
            (self.hi >> 64) as u64,
        ]
    }

    fn from_limbs(l: [u64; 4]) -> U256 {
        U256 {
            lo: u128::from(l[0]) | (u128::from(l[1]) << 64),
            hi: u128::from(l[2]) | (u128::from(l[3]) << 64),
        }
    }

    /// `self * m`, or `None` when it does not fit.
    fn checked_mul_small(self, m: u128) -> Option<U256> {
        let a = self.limbs();
        let b = [m as u64, (m >> 64) as u64];
        let mut r = [0u64; 6];
        for (j, &bj) in b.iter().enumerate() {
            let mut carry = 0u128;
            for (i, &ai) in a.iter().enumerate() {
                let t = u128::from(ai) * u128::from(bj) + u128::from(r[i + j]) + carry;
                r[i + j] = t as u64;
                carry = t >> 64;
            }
            r[j + 4] = carry as u64;
        }
        (r[4] == 0 && r[5] == 0).then(|| U256::from_limbs([r[0], r[1], r[2], r[3]]))
    }

    /// `(self / d, self % d)` for `0 < d < 2^64`.
    fn divrem_small(self, d: u64) -> (U256, u64) {
        let a = self.limbs();
        let d = u128::from(d);
        let mut q = [0u64; 4];
        let mut r = 0u128;
        for i in (0..4).rev() {
            let cur = (r << 64) | u128::from(a[i]);
            q[i] = (cur / d) as u64;
            r = cur % d;
        }
        (U256::from_limbs(q), r as u64)
    }

    fn to_i128(self) -> i128 {
        assert!(
            self.hi == 0 && self.lo <= i128::MAX as u128,
            "an exact chance does not fit in i128"
        );
        self.lo as i128
    }
}

impl std::ops::Add for U256 {
    type Output = U256;
    fn add(self, o: U256) -> U256 {
        let (lo, carry) = self.lo.overflowing_add(o.lo);
        U256 {
            lo,
            hi: self.hi + o.hi + u128::from(carry),
        }
    }
}

impl std::ops::Sub for U256 {
    type Output = U256;
    fn sub(self, o: U256) -> U256 {
        let (lo, borrow) = self.lo.overflowing_sub(o.lo);
        U256 {
            lo,
            hi: self.hi - o.hi - u128::from(borrow),
        }
    }
}

impl Num for U256 {
    fn nil() -> Self {
        U256::ZERO
    }
    fn div_int(self, d: i128) -> Self {
        let (q, r) = self.divrem_small(d as u64);
        debug_assert!(r == 0 && d > 0 && d <= i128::from(u64::MAX));
        q
    }
    fn mul_int(self, m: i128) -> Self {
        self.checked_mul_small(m as u128)
            .expect("no number exceeds the common denominator")
    }
    fn ratio(self, one: Self) -> Prob {
        // The common denominator is 2^a * 3^b (see `layout`).
        let (mut x, mut d) = (self, one);
        for f in [2, 3] {
            while x.divrem_small(f).1 == 0 && d.divrem_small(f).1 == 0 {
                x = x.divrem_small(f).0;
                d = d.divrem_small(f).0;
            }
        }
        Ratio::new(x.to_i128(), d.to_i128())
    }
}

/// A Dispel roll against a trick: the trick survives with 7/12 (21/36).
const DISPEL_KEEP: (i128, i128) = (7, 12);

/// The non-empty submasks of `all` and `all`'s empty submask, i.e. every
/// state a volley starting in `all` can reach (bits are only ever cleared).
fn submasks(all: usize) -> impl Iterator<Item = usize> {
    let mut next = Some(all);
    std::iter::from_fn(move || {
        let s = next?;
        next = if s == 0 { None } else { Some((s - 1) & all) };
        Some(s)
    })
}

/// The solver of a volley over numbers `N` (see `Num`).
#[derive(Debug, Clone, PartialEq)]
struct Solver<N> {
    reroll: RerollMode,
    auto_pass: bool,
    save_target: i32,
    dispels: Dispels,
    steps: Vec<Option<ShotCounts>>,
    /// Test counts by `Declared::index`.
    tests: [TestCounts; 4],
    /// The state at the start of the volley.
    start: usize,
    /// Certainty.
    one: N,
    /// Denominator of the attack-roll part of each step (own roll, the
    /// reroll, the target's forced reroll): the forward pass's weights.
    shot_den: Vec<i128>,
    /// Denominator of the test part of a hit (test, "I'm fine!", the
    /// shooter's forced reroll, Adrenaline's Dispel roll).
    test_den: i128,
    /// Number of reachable states (the submasks of `start`).
    ns: usize,
    /// Compact index of each reachable state: its bits gathered from the
    /// positions of `start`'s bits.
    ixs: [u8; state::N],
    /// `v[i * ns + ix(s)]`: chance the target is out from step `i` on, in state `s`.
    v: Vec<N>,
    /// `hitv[i * ns + ix(s)]`: value of a hit of step `i` before the declarations.
    hitv: Vec<N>,
    /// `decl[i * ns + ix(s)]`: the declaration before the test of a hit
    /// of step `i` in state `s`, and the state after it.
    decl: Vec<(Declared, usize)>,
}

/// Multiply an integer weight (over a product of the chances' denominators)
/// by a chance `num / den`.
fn w_scale(w: i128, num: i128, den: i128) -> i128 {
    exact_div(w, den) * num
}

/// Add a weighted outcome (weight, state, class) to a list, merging it
/// with an outcome of the same state and class (fewer branches to follow).
fn merge(v: &mut Vec<(i128, usize, usize)>, e: (i128, usize, usize)) {
    if e.0 == 0 {
        return;
    }
    match v.iter_mut().find(|x| x.1 == e.1 && x.2 == e.2) {
        Some(x) => x.0 += e.0,
        None => v.push(e),
    }
}

/// `merge` for outcomes without a class.
fn merge2(v: &mut Vec<(i128, usize)>, e: (i128, usize)) {
    if e.0 == 0 {
        return;
    }
    match v.iter_mut().find(|x| x.1 == e.1) {
        Some(x) => x.0 += e.0,
        None => v.push(e),
    }
}

impl<N: Num> Solver<N> {
    /// Compact index of a reachable state.
    fn ix(&self, s: usize) -> usize {
        debug_assert_eq!(s & !self.start, 0, "unreachable state");
        usize::from(self.ixs[s])
    }

    fn nx(&self, i: usize, s: usize) -> N {
        self.v[(i + 1) * self.ns + self.ix(s)]
    }

    /// `k * a + (1 - k) * b` where `k` is the chance a trick survives Dispel.
    fn dispel_mix(&self, a: N, b: N, dispel: bool) -> N {
        if dispel {
            a.scale(DISPEL_KEEP.0, DISPEL_KEEP.1)
                + b.scale(DISPEL_KEEP.1 - DISPEL_KEEP.0, DISPEL_KEEP.1)
        } else {
            a
        }
    }

    /// Value of a test that stands failed once "I'm fine!" is out of the
    /// question: Adrenaline, when at hand, is always cast (R55).
    fn stand_failed(&self, i: usize, s: usize) -> N {
        if s & state::ADR == 0 {
            return self.one;
        }
        self.dispel_mix(
            self.nx(i, s & !state::ADR),
            self.one,
            self.dispels.adrenaline,
        )
    }

    /// Chance that a test rolled afresh fails: (failing rolls, total).
    fn fresh_fail(&self, d: Declared) -> (i128, i128) {
        let c = self.tests[d.index()];
        (c.total - c.pass, c.total)
    }

    /// A passed test of shot `i` in state `s`: whether the shooter forces it
    /// to be rolled again (Matrix error, strictly better only), and the value.
    fn passed(&self, i: usize, s: usize, d: Declared) -> (bool, N) {
        let keep = self.nx(i, s);
        if s & state::MA == 0 || self.auto_pass {
            return (false, keep);
        }
        let s2 = s & !state::MA;
        let (qn, qd) = self.fresh_fail(d);
        let nx2 = self.nx(i, s2);
        let inner = self.stand_failed(i, s2).scale(qn, qd) + nx2.scale(qd - qn, qd);
        let force = self.dispel_mix(inner, nx2, self.dispels.attacker_matrix);
        if force > keep {
            (true, force)
        } else {
            (false, keep)
        }
    }

    /// A failed test whose best single-die reroll passes on `h` of six:
    /// whether "I'm fine!" is used (strictly better only), and the value.
    fn failed(&self, i: usize, s: usize, d: Declared, h: usize) -> (bool, N) {
        Self::failed_with(self.failed_parts(i, s, d), h)
    }

    /// What `failed` needs whatever `h`: the value of the test standing
    /// failed, and when "I'm fine!" is at hand, the values of its reroll
    /// passing and failing.
    fn failed_parts(&self, i: usize, s: usize, d: Declared) -> (N, Option<(N, N)>) {
        let stand = self.stand_failed(i, s);
        if s & state::FINE == 0 {
            return (stand, None);
        }
        let s2 = s & !state::FINE;
        (
            stand,
            Some((self.passed(i, s2, d).1, self.stand_failed(i, s2))),
        )
    }

    fn failed_with((stand, fine): (N, Option<(N, N)>), h: usize) -> (bool, N) {
        let Some((pass, fail)) = fine else {
            return (false, stand);
        };
        let h = h as i128;
        let fine = pass.scale(h, 6) + fail.scale(6 - h, 6);
        if fine < stand {
            (true, fine)
        } else {
            (false, stand)
        }
    }

    fn test_value(&self, i: usize, s: usize, d: Declared) -> N {
        if self.auto_pass {
            return self.nx(i, s);
        }
        let c = self.tests[d.index()];
        let mut x = self.passed(i, s, d).1.scale(c.pass, c.total);
        let parts = self.failed_parts(i, s, d);
        for (h, &m) in c.fail_by_reroll.iter().enumerate() {
            if m > 0 {
                x = x + Self::failed_with(parts, h).1.scale(m, c.total);
            }
        }
        x
    }

    /// See `ShootPolicy::declare`.
    fn declare(&self, i: usize, s: usize) -> (Declared, usize, N) {
        let mut best: Option<(Declared, usize, N)> = None;
        for (wyg, woohoo) in [(false, false), (false, true), (true, false), (true, true)] {
            if (wyg && s & state::WYG == 0) || (woohoo && s & state::WOO == 0) {
                continue;
            }
            let d = Declared { wyg, woohoo };
            let mut s2 = s;
            if wyg {
                s2 &= !state::WYG;
            }
            if woohoo {
                s2 &= !state::WOO;
            }
            let val = self.test_value(i, s2, d);
            if best.as_ref().is_none_or(|b| val < b.2) {
                best = Some((d, s2, val));
            }
        }
        best.expect("declaring nothing is always possible")
    }

    fn hit_value(&self, i: usize, s: usize) -> N {
        self.hitv[i * self.ns + self.ix(s)]
    }

    /// Value of an attack-roll class in state `s` before the target's forced
    /// reroll: 0 miss, 1 hit, 2 Master shot.
    fn class_value(&self, i: usize, s: usize, class: usize) -> N {
        match class {
            0 => self.nx(i, s),
            1 => self.hit_value(i, s),
            _ => self.one,
        }
    }

    /// Whether the target forces a hit (`class` 1) or a Master shot (2) of
    /// step `i` to be rolled again (strictly better only), and the value.
    fn after_own(&self, i: usize, s: usize, class: usize) -> (bool, N) {
        let keep = self.class_value(i, s, class);
        let Some(c) = &self.steps[i] else {
            return (false, keep);
        };
        if class == 0 || s & state::MD == 0 {
            return (false, keep);
        }
        let s0 = s & !state::MD;
        let inner = self.hit_value(i, s0).scale(c.plain_hit, c.total)
            + self.nx(i, s0).scale(c.total - c.plain_hit, c.total);
        let forced = self.dispel_mix(
            inner,
            self.class_value(i, s0, class),
            self.dispels.defender_matrix,
        );
        if forced < keep {
            (true, forced)
        } else {
            (false, keep)
        }
    }

    /// Whether the once-per-action reroll is spent (see `ShootPolicy::spend`)
    /// and the value of the miss.
    fn spend(&self, i: usize, s: usize, h: usize) -> (bool, N) {
        Self::spend_with(self.spend_parts(i, s), h)
    }

    /// What `spend` needs whatever `h`: the value of the miss, and when the
    /// reroll is at hand, the values of a hit and a miss after spending it.
    fn spend_parts(&self, i: usize, s: usize) -> (N, Option<(N, N)>) {
        let miss = self.nx(i, s);
        if s & state::TOKEN == 0 {
            return (miss, None);
        }
        let s2 = s & !state::TOKEN;
        (miss, Some((self.after_own(i, s2, 1).1, self.nx(i, s2))))
    }

    fn spend_with((miss, after): (N, Option<(N, N)>), h: usize) -> (bool, N) {
        let Some((hit2, miss2)) = after else {
            return (false, miss);
        };
        if h == 0 {
            return (false, miss);
        }
        let h = h as i128;
        let spend = hit2.scale(h, 6) + miss2.scale(6 - h, 6);
        if spend >= miss {
            (true, spend)
        } else {
            (false, miss)
        }
    }

    /// Value of step `i` in state `s`.
    fn step_value(&self, i: usize, s: usize) -> N {
        let Some(c) = &self.steps[i] else {
            return self.hit_value(i, s);
        };
        let every = self.reroll == RerollMode::EveryShot;
        let miss = self.nx(i, s);
        let hit_s = self.after_own(i, s, 1).1;
        let mut val =
            self.after_own(i, s, 2).1.scale(c.master, c.total) + hit_s.scale(c.hit, c.total);
        let parts = self.spend_parts(i, s);
        for (h, &m) in c.miss_by_reroll_hits.iter().enumerate() {
            if m == 0 {
                continue;
            }
            let mv = if every && h > 0 {
                let h = h as i128;
                hit_s.scale(h, 6) + miss.scale(6 - h, 6)
            } else {
                Self::spend_with(parts, h).1
            };
            val = val + mv.scale(m, c.total);
        }
        val
    }

    /// Next states after a test that stands failed, with their weights.
    fn stand_failed_branches(&self, s: usize, w: i128, out: &mut Vec<(i128, usize)>) {
        merge2(out, (w, s & !state::ADR));
    }

    fn passed_branches(
        &self,
        i: usize,
        s: usize,
        d: Declared,
        w: i128,
        out: &mut Vec<(i128, usize)>,
    ) {
        if self.passed(i, s, d).0 {
            let s2 = s & !state::MA;
            let (qn, qd) = self.fresh_fail(d);
            let mut wf = w;
            if self.dispels.attacker_matrix {
                wf = w_scale(wf, DISPEL_KEEP.0, DISPEL_KEEP.1);
            }
            let wf = w_scale(wf, qn, qd);
            self.stand_failed_branches(s2, wf, out);
            merge2(out, (w - wf, s2));
        } else {
            merge2(out, (w, s));
        }
    }

    /// Next states after the test of a hit of step `i` in state `s`,
    /// whatever its result (R15: later shots are counted as if fired), with
    /// integer weights over `test_den`.
    fn test_branches(&self, i: usize, s: usize) -> Vec<(i128, usize)> {
        let mut out = Vec::new();
        if self.auto_pass {
            out.push((self.test_den, s));
            return out;
        }
        let (d, s2) = self.decl[i * self.ns + self.ix(s)];
        let c = self.tests[d.index()];
        let w0 = self.test_den;
        self.passed_branches(i, s2, d, w_scale(w0, c.pass, c.total), &mut out);
        for (h, &m) in c.fail_by_reroll.iter().enumerate() {
            if m == 0 {
                continue;
            }
            let w = w_scale(w0, m, c.total);
            if self.failed(i, s2, d, h).0 {
                let s3 = s2 & !state::FINE;
                let wh = w_scale(w, h as i128, 6);
                self.passed_branches(i, s3, d, wh, &mut out);
                self.stand_failed_branches(s3, w - wh, &mut out);
            } else {
                self.stand_failed_branches(s2, w, &mut out);
            }
        }
        out
    }

    /// The backward pass (the shooter maximises the chance that the target
    /// is out of action, the target minimises it; R44).
    fn solve(&mut self) {
        let n = self.steps.len();
        for i in (0..n).rev() {
            for s in submasks(self.start) {
                let (d, s2, x) = self.declare(i, s);
                let j = i * self.ns + self.ix(s);
                self.hitv[j] = x;
                self.decl[j] = (d, s2);
            }
            for s in submasks(self.start) {
                let x = self.step_value(i, s);
                let j = i * self.ns + self.ix(s);
                self.v[j] = x;
            }
        }
    }

    /// The forward pass: hit chances, the distribution of hits (as if every
    /// shot were fired, R15) and the chance of a Master shot, all before
    /// the Dispel of the attack and the shield.
    fn forward(&self) -> (Vec<N>, Vec<N>, N) {
        let n = self.steps.len();
        let start = self.start;
        let every = self.reroll == RerollMode::EveryShot;
        let idx = |s: usize, k: usize, m: bool| (self.ix(s) * (n + 1) + k) * 2 + usize::from(m);
        let mut mass = vec![N::nil(); self.ns * (n + 1) * 2];
        mass[idx(start, 0, false)] = self.one;
        let mut hit = Vec::with_capacity(n);
        let td = self.test_den;
        let mut branches: Vec<Option<Vec<(i128, usize)>>> = vec![None; self.ns];
        let mut own: Vec<(i128, usize, usize)> = Vec::with_capacity(16);
        let mut fin: Vec<(i128, usize, usize)> = Vec::with_capacity(32);
        let mut live: Vec<(usize, bool, N)> = Vec::with_capacity(2 * (n + 1));
        for (i, step) in self.steps.iter().enumerate() {
            branches.iter_mut().for_each(|b| *b = None);
            let sd = self.shot_den[i];
            // Weights of a step are over `sd * td`.
            let m_i = sd * td;
            let mut next = vec![N::nil(); mass.len()];
            let mut hit_i = N::nil();
            for s in submasks(start) {
                live.clear();
                for k in 0..=i {
                    for m in [false, true] {
                        let x = mass[idx(s, k, m)];
                        if x != N::nil() {
                            live.push((k, m, x.div_int(m_i)));
                        }
                    }
                }
                if live.is_empty() {
                    continue;
                }
                // After the shooter's own reroll: (weight, state, class).
                own.clear();
                let Some(c) = step else {
                    merge(&mut own, (sd, s, 1));
                    fin.clear();
                    fin.extend(own.iter().copied());
                    self.forward_fin(i, &fin, &live, &mut branches, &mut next, &mut hit_i, idx);
                    continue;
                };
                let w0 = sd;
                merge(&mut own, (w_scale(w0, c.master, c.total), s, 2));
                merge(&mut own, (w_scale(w0, c.hit, c.total), s, 1));
                for (h, &m) in c.miss_by_reroll_hits.iter().enumerate() {
                    if m == 0 {
                        continue;
                    }
                    let wm = w_scale(w0, m, c.total);
                    if (every && h > 0) || self.spend(i, s, h).0 {
                        let s2 = if every { s } else { s & !state::TOKEN };
                        let wh = w_scale(wm, h as i128, 6);
                        merge(&mut own, (wh, s2, 1));
                        merge(&mut own, (wm - wh, s2, 0));
                    } else {
                        merge(&mut own, (wm, s, 0));
                    }
                }
                // The target's forced reroll: (weight, state, class).
                fin.clear();
                for &(w, s2, class) in &own {
                    if w == 0 {
                        continue;
                    }
                    if class > 0 && self.after_own(i, s2, class).0 {
                        let s0 = s2 & !state::MD;
                        let wk = self.keep_weight(w, self.dispels.defender_matrix);
                        let wh = w_scale(wk, c.plain_hit, c.total);
                        merge(&mut fin, (wh, s0, 1));
                        merge(&mut fin, (wk - wh, s0, 0));
                        merge(&mut fin, (w - wk, s0, class));
                    } else {
                        merge(&mut fin, (w, s2, class));
                    }
                }
                self.forward_fin(i, &fin, &live, &mut branches, &mut next, &mut hit_i, idx);
            }
            hit.push(hit_i);
            mass = next;
        }
        let mut dist = vec![N::nil(); n + 1];
        let mut master = N::nil();
        for s in submasks(start) {
            for (k, dk) in dist.iter_mut().enumerate() {
                *dk = *dk + mass[idx(s, k, false)] + mass[idx(s, k, true)];
                master = master + mass[idx(s, k, true)];
            }
        }
        (hit, dist, master)
    }

    fn keep_weight(&self, w: i128, dispel: bool) -> i128 {
        if dispel {
            w_scale(w, DISPEL_KEEP.0, DISPEL_KEEP.1)
        } else {
            w
        }
    }

    /// Spread the live mass of one state over the outcomes `fin` (weights
    /// over the step's attack-roll denominator), through the test of a hit.
    #[allow(clippy::too_many_arguments)]
    fn forward_fin(
        &self,
        i: usize,
        fin: &[(i128, usize, usize)],
        live: &[(usize, bool, N)],
        branches: &mut [Option<Vec<(i128, usize)>>],
        next: &mut [N],
        hit_i: &mut N,
        idx: impl Fn(usize, usize, bool) -> usize,
    ) {
        let td = self.test_den;
        for &(pf, s2, cl) in fin {
            if pf == 0 {
                continue;
            }
            if cl == 0 {
                for &(k, m, xq) in live {
                    let j = idx(s2, k, m);
                    next[j] = next[j] + xq.mul_int(pf * td);
                }
                continue;
            }
            let after: &[(i128, usize)] = if cl == 1 {
                branches[self.ix(s2)].get_or_insert_with(|| self.test_branches(i, s2))
            } else {
                &[(td, s2)][..]
            };
            let master_now = cl == 2;
            for &(k, m, xq) in live {
                *hit_i = *hit_i + xq.mul_int(pf * td);
                for &(pb, s3) in after {
                    let j = idx(s3, k + 1, m || master_now);
                    next[j] = next[j] + xq.mul_int(pf * pb);
                }
            }
        }
    }
}

/// Compact indices of the submasks of `start` (see `Solver::ixs`).
fn compact_indices(start: usize) -> [u8; state::N] {
    let mut ixs = [0u8; state::N];
    for s in submasks(start) {
        let (mut r, mut bit, mut m) = (0u8, 0, start);
        while m != 0 {
            let low = m & m.wrapping_neg();
            if s & low != 0 {
                r |= 1 << bit;
            }
            bit += 1;
            m &= m - 1;
        }
        ixs[s] = r;
    }
    ixs
}

/// Build the solver of a plan over numbers `N`, certainty being `one`.
fn solver<N: Num>(plan: &ShootPlan, one: N) -> Solver<N> {
    let (steps, tests, start, shot_den, test_den) = layout(plan);
    let n = steps.len();
    let ns = 1usize << start.count_ones();
    let mut sv = Solver {
        reroll: plan.reroll,
        auto_pass: plan.save.auto_pass,
        save_target: plan.save.target,
        dispels: plan.dispels,
        steps,
        tests,
        start,
        one,
        shot_den,
        test_den,
        ns,
        ixs: compact_indices(start),
        v: vec![N::nil(); (n + 1) * ns],
        hitv: vec![N::nil(); n * ns],
        decl: vec![(Declared::default(), 0); n * ns],
    };
    sv.solve();
    sv
}

type Layout = (
    Vec<Option<ShotCounts>>,
    [TestCounts; 4],
    usize,
    Vec<i128>,
    i128,
);

/// What a plan's solver counts over: the steps, the declarable tests, the
/// start state and the denominators of each step's chances (a product of
/// every denominator a chain of chances within one step can meet).
fn layout(plan: &ShootPlan) -> Layout {
    let steps: Vec<Option<ShotCounts>> = if plan.shots.is_empty() {
        vec![None; plan.auto_hits as usize]
    } else {
        plan.shots
            .iter()
            .map(|r| Some(shot_counts_cached(*r)))
            .collect()
    };
    let t = plan.save.target;
    let (wyg, woo) = (plan.heroics.what_you_gonna_do, plan.heroics.woohoo);
    // Only the tests the target can declare are counted.
    let base = test_counts_cached(t, false);
    let pick = |ok: bool, target: i32, extra: bool| {
        if ok {
            test_counts_cached(target, extra)
        } else {
            base
        }
    };
    let tests = [
        base,
        pick(woo, t, true),
        pick(wyg, 7, false),
        pick(wyg && woo, 7, true),
    ];
    let start = shoot_state(
        plan.reroll == RerollMode::Once,
        plan.attacker_matrix,
        plan.defender_matrix,
        plan.heroics,
    );
    let dk = |d: bool| if d { DISPEL_KEEP.1 } else { 1 };
    let test_den = if plan.save.auto_pass {
        1
    } else {
        let roll = tests.iter().map(|c| c.total).max().unwrap_or(1);
        let mut d = roll;
        if plan.heroics.im_fine {
            d *= 6;
        }
        if plan.attacker_matrix {
            d *= dk(plan.dispels.attacker_matrix) * roll;
        }
        if plan.heroics.adrenaline {
            d *= dk(plan.dispels.adrenaline);
        }
        d
    };
    let shot_den = steps
        .iter()
        .map(|st| match st {
            None => 1,
            Some(c) => {
                let mut d = c.total;
                if plan.reroll != RerollMode::None {
                    d *= 6;
                }
                if plan.defender_matrix {
                    d *= dk(plan.dispels.defender_matrix) * c.total;
                }
                d
            }
        })
        .collect();
    (steps, tests, start, shot_den, test_den)
}

/// The common denominator of a whole plan (every step's denominator being
/// below 2^64), when it fits in 256 bits: always, for up to three shots.
fn common_den(plan: &ShootPlan) -> Option<U256> {
    let (steps, _, _, shot_den, test_den) = layout(plan);
    let mut d = U256::from_u128(1);
    for sd in shot_den.iter().take(steps.len()) {
        let m = sd.checked_mul(test_den)?;
        if m > i128::from(u64::MAX) {
            return None;
        }
        // Every number the solver holds is a chance times `d` (sums of
        // weighted chances, weights summing to one), so none exceeds `d`.
        d = d.checked_mul_small(m as u128)?;
    }
    Some(d)
}

#[derive(Debug, Clone, PartialEq)]
enum Policy {
    /// Integer numerators over one common denominator.
    Int(Solver<i128>),
    /// The same in 256 bits, when the denominator does not fit in `i128`.
    Wide(Solver<U256>),
    /// Exact fractions (the common denominator would not fit).
    Exact(Solver<Prob>),
}

/// The optimal policy of a volley (rulings R6, R44-R49, R55-R58): the value
/// of every state before every step, from which each decision is read.
#[derive(Debug, Clone, PartialEq)]
pub struct ShootPolicy {
    inner: Policy,
}

macro_rules! with_solver {
    ($pol:expr, $sv:ident => $e:expr) => {
        match &$pol.inner {
            Policy::Int($sv) => $e,
            Policy::Wide($sv) => $e,
            Policy::Exact($sv) => $e,
        }
    };
}

impl ShootPolicy {
    /// The policy of a plan; `exact` forces exact fractions (tests).
    fn new(plan: &ShootPlan, exact: bool) -> ShootPolicy {
        let inner = match common_den(plan).filter(|_| !exact) {
            Some(d) if d.hi == 0 && d.lo <= i128::MAX as u128 => {
                Policy::Int(solver(plan, d.lo as i128))
            }
            Some(d) => Policy::Wide(solver(plan, d)),
            None => Policy::Exact(solver(plan, Prob::one())),
        };
        ShootPolicy { inner }
    }

    /// Whether the shooter forces a passed test of shot `i` (state `s` after
    /// the target's own plays on that test, `d` its declaration).
    pub fn force_save(&self, i: usize, s: usize, d: Declared) -> bool {
        with_solver!(self, sv => sv.passed(i, s, d).0)
    }

    /// Whether the target uses "I'm fine!" on a failed test whose best
    /// single-die reroll passes on `h` of six (strictly better only).
    pub fn use_im_fine(&self, i: usize, s: usize, d: Declared, h: usize) -> bool {
        with_solver!(self, sv => sv.failed(i, s, d, h).0)
    }

    /// The target's declaration before the test of a hit of step `i` in
    /// state `s` (the least chance to be out; on equal values nothing, then
    /// Woohoo, then What are you gonna do), the state after it and the value.
    pub fn declare(&self, i: usize, s: usize) -> (Declared, usize, Prob) {
        with_solver!(self, sv => {
            if s & !sv.start == 0 && i < sv.steps.len() {
                let (d, s2) = sv.decl[i * sv.ns + sv.ix(s)];
                (d, s2, sv.hit_value(i, s).ratio(sv.one))
            } else {
                let (d, s2, x) = sv.declare(i, s);
                (d, s2, x.ratio(sv.one))
            }
        })
    }

    /// Modified Resilience of a test after the declaration.
    pub fn test_target(&self, d: Declared) -> i32 {
        let target = with_solver!(self, sv => sv.save_target);
        if d.wyg { 7 } else { target }
    }

    /// Whether the target forces the attack roll of shot `i` to be rolled
    /// again once the shooter's own reroll is done (state `s` after it):
    /// `master` says whether the roll is a Master shot.
    pub fn force_roll(&self, i: usize, s: usize, master: bool) -> bool {
        with_solver!(self, sv => sv.after_own(i, s, 1 + usize::from(master)).0)
    }

    /// Whether a miss of shot `i` whose best single-die reroll hits on `h` of
    /// six spends the once-per-action reroll (state `s` holds it; spent on
    /// equal values, R44).
    pub fn spend(&self, i: usize, s: usize, h: usize) -> bool {
        with_solver!(self, sv => sv.spend(i, s, h).0)
    }

    /// The state at the start of the volley.
    pub fn start(&self) -> usize {
        with_solver!(self, sv => sv.start)
    }

    /// Chance that the target is out of action over the whole volley
    /// (before the Dispel of the attack and the shield).
    fn value(&self) -> Prob {
        with_solver!(self, sv => sv.v[sv.ix(sv.start)].ratio(sv.one))
    }

    /// Hit chances, distribution of hits and chance of a Master shot.
    fn forward(&self) -> (Vec<Prob>, Vec<Prob>, Prob) {
        with_solver!(self, sv => {
            let (hit, dist, master) = sv.forward();
            (
                hit.into_iter().map(|x| x.ratio(sv.one)).collect(),
                dist.into_iter().map(|x| x.ratio(sv.one)).collect(),
                master.ratio(sv.one),
            )
        })
    }
}

/// Exact odds of a shooting plan, with the policy used.
///
/// Objective (ruling R44): the shooter maximises the chance that the target
/// is out of action, the target minimises it. A backward pass over the
/// steps of the volley gives that chance and every decision; a forward pass
/// then follows the decisions to get the hit chances and the distribution of
/// hits (as if every shot were fired, R15). A Protective shield or a Dispel
/// of the attacking trick scales the results (R14, R58). Only the states the
/// query can reach are visited (a play, reroll or charge it does not have is
/// never in a state), and all chances are counted as integers over one
/// common denominator when it fits (`Num`).
pub fn shoot_odds_plan(plan: &ShootPlan) -> (ShootOdds, ShootPolicy) {
    shoot_odds_with(plan, false)
}

fn shoot_odds_with(plan: &ShootPlan, exact: bool) -> (ShootOdds, ShootPolicy) {
    let one = Prob::one();
    let pol = ShootPolicy::new(plan, exact);
    // The attack happens at all (a dispelled trick does nothing), and the
    // shield does not stop it.
    let k_attack = survives_dispel(plan.dispels.attack);
    let k_through = if plan.immune {
        one - survives_dispel(plan.dispels.shield)
    } else {
        one
    };
    let out = k_attack * k_through * pol.value();
    let (hit0, dist0, master0) = pol.forward();
    let n = hit0.len();
    let attack = |x: Prob| if plan.dispels.attack { k_attack * x } else { x };
    let hit: Vec<Prob> = hit0.into_iter().map(attack).collect();
    let mut dist: Vec<Prob> = dist0.into_iter().map(attack).collect();
    dist[0] += one - k_attack;
    let expected = hit.iter().fold(Prob::zero(), |acc, h| acc + *h);
    // One hit's test with the target's own plays at hand.
    let single = ShootPolicy::new(
        &ShootPlan {
            shots: Vec::new(),
            auto_hits: 1,
            attacker_matrix: false,
            defender_matrix: false,
            immune: false,
            source: String::new(),
            ..plan.clone()
        },
        exact,
    );
    let fail_save = single.value();
    (
        ShootOdds {
            shots: n as u32,
            hit,
            fail_save,
            out_of_action: out,
            expected_hits: expected,
            hits_distribution: dist,
            master_shot: k_attack * k_through * master0,
            accuracy: plan.shots.iter().map(|s| s.accuracy).collect(),
            save_target: plan.save.target,
        },
        pol,
    )
}

/// Exact odds of a shooting query.
pub fn shoot_odds(q: &Query) -> Result<ShootOdds, ActionError> {
    Ok(shoot_odds_plan(&shoot_plan(q)?).0)
}
// ---------------------------------------------------------------- melee

/// How one fighter rolls in a melee exchange.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FightRoll {
    /// Everything added to the kept 2d6.
    pub modifier: i32,
    /// Roll three dice and keep the two highest.
    pub extra_die: bool,
    /// May reroll one die.
    pub reroll: bool,
    /// A natural 12 wins outright (Critical hit).
    pub critical: bool,
}

/// Everything that decides a melee exchange.
#[derive(Debug, Clone, PartialEq)]
pub struct MeleePlan {
    /// The attacker's roll.
    pub attacker: FightRoll,
    /// The defender's roll.
    pub defender: FightRoll,
    /// The defender's test when hit.
    pub defender_save: SaveSpec,
    /// The attacker's test when hit.
    pub attacker_save: SaveSpec,
    /// The defender's win deals no harm (Parry).
    pub defender_harmless: bool,
    /// The attacker has Matrix error (one forced reroll of a defender's roll).
    pub attacker_matrix: bool,
    /// The defender has Matrix error (one forced reroll of an attacker's roll).
    pub defender_matrix: bool,
    /// The defender has Dirty tricks and was just charged: it may make the
    /// attacker reroll one die of the Fight roll.
    pub defender_dirty: bool,
}

/// Exact odds of a melee exchange.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MeleeOdds {
    /// The attacker wins the roll.
    #[serde(serialize_with = "ser_frac")]
    pub attacker_hits: Prob,
    /// The defender wins the roll.
    #[serde(serialize_with = "ser_frac")]
    pub defender_hits: Prob,
    /// Equal totals: nobody is hit.
    #[serde(serialize_with = "ser_frac")]
    pub tie: Prob,
    /// The defender is taken out of action.
    #[serde(serialize_with = "ser_frac")]
    pub defender_out: Prob,
    /// The attacker is taken out of action.
    #[serde(serialize_with = "ser_frac")]
    pub attacker_out: Prob,
    /// Modifiers added to each side's roll.
    pub attacker_modifier: i32,
    /// Modifiers added to the defender's roll.
    pub defender_modifier: i32,
    /// Modified Resilience of the defender when hit.
    pub defender_save_target: i32,
    /// Modified Resilience of the attacker when hit.
    pub attacker_save_target: i32,
    /// Listed skills that have no effect in this exchange, as `side.skill`
    /// (tricks of an engaged fighter, a defender's Show me what's inside).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ignored: Vec<String>,
}

fn fighter(me: &Side, opp: &Side, attacking: bool) -> FightRoll {
    let mut m = me.fight + me.melee_mod_fight();
    let two_weapons = me.extra_weapon || me.weapon.0.is_some_and(Item::is_pistol);
    if two_weapons && !opp.has(Skill::Disarm) {
        m += 1;
    }
    let mut support = me.support as i32;
    if me.assisted && me.support > 0 {
        support += 1;
    }
    if opp.has(Skill::CrowdFighter) {
        support = (support - 1).max(0);
    }
    m += support;
    if attacking && me.has(Skill::BattleFrenzy) {
        m += 1;
    }
    if opp.has(Skill::Nimble) && me.has_slow_weapon() {
        m -= 1;
    }
    if !attacking && me.defensive {
        m += 1;
    }
    if !attacking && me.has(Skill::Parry) && me.shield {
        m += 1;
    }
    // Show me what's inside: only for the model making the Attack (R59).
    if attacking && me.has(Skill::ShowMeKitty) && opp.armour == Armour::Sarcophagus {
        m += 2;
    }
    FightRoll {
        modifier: m,
        extra_die: me.extra_die
            || (attacking && me.has(Skill::KillingBlow))
            || (!attacking && me.has(Skill::Parry)),
        reroll: me.reroll || (me.has(Skill::Duellist) && me.support == 0 && opp.support == 0),
        critical: me.has(Skill::CriticalHit),
    }
}

fn melee_save(me: &Side, opp: &Side, attacking: bool) -> SaveSpec {
    let mut r = me.resilience;
    r += match me.armour {
        Armour::Sarcophagus if opp.has(Skill::SoftSpot) => 2,
        a => a.bonus(),
    };
    if me.shield && !opp.has(Skill::Feint) {
        r += 1;
    }
    r += me.armour_mod_res(false);
    r += opp.weapon.0.map_or(0, Item::melee_target_res) + opp.melee_mod_res();
    if me.defensive {
        r += 1;
    }
    if attacking && me.has(Skill::KillingBlow) {
        r -= 1;
    }
    if !attacking && opp.has(Skill::ShowMeKitty) && me.armour == Armour::Sarcophagus {
        r -= 2;
    }
    SaveSpec {
        target: r,
        extra_die: false,
        reroll: me.has(Skill::ImFine),
        auto_pass: false,
    }
}

/// Build the melee plan of a query.
pub fn melee_plan(q: &Query) -> Result<MeleePlan, ActionError> {
    for (name, s) in [("attacker", &q.attacker), ("defender", &q.defender)] {
        if s.weapon_is(Item::TwoHandedWeapon) && (s.shield || s.extra_weapon) {
            return Err(ActionError::TwoHanded(name));
        }
        s.check_fit(name)?;
    }
    let (a, d) = (&q.attacker, &q.defender);
    Ok(MeleePlan {
        attacker: fighter(a, d, true),
        defender: fighter(d, a, false),
        defender_save: melee_save(d, a, false),
        attacker_save: melee_save(a, d, true),
        defender_harmless: d.has(Skill::Parry),
        // Tricks cannot be cast by models engaged in melee (R20, R45): a
        // fighter's own Matrix error does nothing here. The game keeps the
        // fields for a Matrix error cast by a third model.
        attacker_matrix: false,
        defender_matrix: false,
        defender_dirty: d.has(Skill::DirtyTricks) && q.situation.charged,
    })
}

// ---------------------------------------------------------------- melee game

/// The sorted multisets of one roll shape (two or three dice) and the
/// tables the melee game walks: rerolling one die of a multiset leaves the
/// other dice (a "rest"), and a rest plus a new die is a multiset again.
struct Shape {
    /// Sorted dice (a zero in the third place for two dice).
    ms: Vec<[u8; 3]>,
    /// Number of orderings of each multiset.
    w: Vec<i64>,
    /// Sum of the two highest dice.
    high: Vec<u8>,
    /// The two highest dice are both sixes.
    six_six: Vec<bool>,
    /// Distinct dice to reroll from each multiset, lowest first:
    /// (die value, rest index).
    opts: Vec<Vec<(u8, usize)>>,
    /// For each rest, the multiset after adding a new die 1..=6.
    add: Vec<[usize; 6]>,
    /// 6^n: the number of ordered rolls.
    all: i64,
    /// Multiset index by `(d0 * 7 + d1) * 7 + d2` of the sorted dice.
    index: Vec<usize>,
}

fn ms_key(m: [u8; 3]) -> usize {
    (usize::from(m[0]) * 7 + usize::from(m[1])) * 7 + usize::from(m[2])
}

impl Shape {
    fn build(n: usize) -> Shape {
        let list = multisets(n);
        let mut index = vec![usize::MAX; 343];
        for (i, (m, _)) in list.iter().enumerate() {
            index[ms_key(*m)] = i;
        }
        let sorted = |dice: &[u8]| {
            let mut m = [0u8; 3];
            m[..dice.len()].copy_from_slice(dice);
            m[..dice.len()].sort_unstable();
            m
        };
        let rests: Vec<[u8; 3]> = multisets(2)
            .into_iter()
            .map(|(m, _)| m)
            .filter(|_| n == 3)
            .chain((1..=6u8).map(|a| [a, 0, 0]).filter(|_| n == 2))
            .collect();
        let rest_of = |r: [u8; 3]| rests.iter().position(|x| *x == r).expect("rest");
        let add = rests
            .iter()
            .map(|r| {
                let mut out = [0usize; 6];
                for v in 1..=6u8 {
                    let mut d = r[..n - 1].to_vec();
                    d.push(v);
                    out[usize::from(v) - 1] = index[ms_key(sorted(&d))];
                }
                out
            })
            .collect();
        let opts = list
            .iter()
            .map(|(m, _)| {
                let mut o = Vec::new();
                for j in 0..n {
                    if j > 0 && m[j] == m[j - 1] {
                        continue;
                    }
                    let rest: Vec<u8> = (0..n).filter(|&k| k != j).map(|k| m[k]).collect();
                    o.push((m[j], rest_of(sorted(&rest))));
                }
                o
            })
            .collect();
        Shape {
            high: list
                .iter()
                .map(|(m, _)| {
                    let k = keep_two(&m[..n], Keep::High);
                    k[0] + k[1]
                })
                .collect(),
            six_six: list
                .iter()
                .map(|(m, _)| keep_two(&m[..n], Keep::High) == [6, 6])
                .collect(),
            w: list.iter().map(|(_, w)| *w as i64).collect(),
            ms: list.into_iter().map(|(m, _)| m).collect(),
            opts,
            add,
            all: 6i64.pow(n as u32),
            index,
        }
    }

    /// Index of the multiset of some dice (in any order).
    fn find(&self, dice: &[u8]) -> usize {
        let mut m = [0u8; 3];
        m[..dice.len()].copy_from_slice(dice);
        m[..dice.len()].sort_unstable();
        self.index[ms_key(m)]
    }
}

fn shape(extra_die: bool) -> &'static Shape {
    static TWO: OnceLock<Shape> = OnceLock::new();
    static THREE: OnceLock<Shape> = OnceLock::new();
    if extra_die {
        THREE.get_or_init(|| Shape::build(3))
    } else {
        TWO.get_or_init(|| Shape::build(2))
    }
}

/// Final result of a fight roll as an index: kept total minus 2 (0..=10),
/// or 11 for a natural 12 with Critical hit (never after a reroll, R3).
fn fin_of(sh: &Shape, roll: &FightRoll, mi: usize, rerolled: bool) -> usize {
    if roll.critical && !rerolled && sh.six_six[mi] {
        11
    } else {
        usize::from(sh.high[mi]) - 2
    }
}

/// End classes of an exchange, by what the loser's test is worth: the
/// winner may still hold a Matrix error for it.
const A_WINS: usize = 0;
const A_WINS_MATRIX: usize = 1;
const TIE: usize = 2;
const D_WINS: usize = 3;
const D_WINS_MATRIX: usize = 4;

/// Counts of the end classes (scaled to a stage's denominator) and their
/// value for the attacker, `v = sum(t[c] * weight[c])`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Val {
    v: i64,
    t: [i64; 5],
}

impl Val {
    fn add(&mut self, o: &Val, k: i64) {
        self.v += o.v * k;
        for (x, y) in self.t.iter_mut().zip(o.t) {
            *x += y * k;
        }
    }

    fn times(&self, k: i64) -> Val {
        let mut r = Val::default();
        r.add(self, k);
        r
    }
}

/// What the defender's player does to the attacker's Fight roll once both
/// own rerolls are done (rulings R46, R47).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DefenderForce {
    /// Nothing.
    None,
    /// Dirty tricks: the attacker rerolls one die of this value.
    Dirty(u8),
    /// Matrix error: the attacker rolls the whole Fight roll again.
    Matrix,
}

/// A melee exchange as a two-player game with chance, solved exactly
/// (rulings R7, R44-R48). Each side maximises its own objective, the
/// chance that the opponent is taken out of action minus the chance that
/// it is taken out itself; the game is zero-sum, so the attacker maximises
/// and the defender minimises one value.
///
/// Order of decisions after both fighters roll: the attacker's own reroll,
/// the defender's own reroll, the attacker's Matrix error on the defender's
/// roll, the defender's Dirty tricks or Matrix error on the attacker's roll,
/// then the loser's Resilience test ("I'm fine!" first, then the winner's
/// Matrix error if it is still unused).
///
/// The stages are tables over sorted multisets of dice (or over final
/// results when the dice no longer matter), with integer counts over a
/// common denominator per stage, so decisions compare exact values. The
/// same tables answer the decisions of `play` with real dice.
pub struct MeleeGame {
    plan: MeleePlan,
    sa: &'static Shape,
    sd: &'static Shape,
    /// Attacker keys per multiset (2 when Dirty tricks and Critical hit
    /// both need the dice and whether one was rerolled).
    ka: usize,
    n_dkey: usize,
    weight: [i64; 5],
    judge: [[i8; 12]; 12],
    fresh_d: [i64; 12],
    sc5: i64,
    /// [attacker key][defender final][attacker's charge left].
    s5: Vec<Val>,
    /// [attacker key][defender final].
    s4: Vec<Val>,
    /// [attacker key][defender multiset] when the defender rerolls.
    s3: Vec<Val>,
    /// [attacker rest][defender final][attacker's charge left].
    dirty_tab: Vec<Val>,
    /// [defender final][attacker's charge left].
    matrix_tab: Vec<Val>,
    tally: [i64; 5],
    den: i64,
    outs: [Prob; 4],
}

impl MeleeGame {
    /// Solve the exchange of a plan.
    pub fn new(plan: &MeleePlan) -> MeleeGame {
        let (a, d) = (plan.attacker, plan.defender);
        let (sa, sd) = (shape(a.extra_die), shape(d.extra_die));
        let fd0 = save_fail(plan.defender_save);
        let fd1 = forced_save_fail(plan.defender_save);
        let (fa0, fa1) = if plan.defender_harmless {
            (Prob::zero(), Prob::zero())
        } else {
            (
                save_fail(plan.attacker_save),
                forced_save_fail(plan.attacker_save),
            )
        };
        let vals = [fd0, fd1, Prob::zero(), -fa0, -fa1];
        let l = vals.iter().fold(1i128, |acc, x| acc.lcm(x.denom()));
        let weight = vals.map(|x| (x * l).to_integer() as i64);
        let total = |f: usize, m: i32| if f == 11 { 12 + m } else { f as i32 + 2 + m };
        let mut judge = [[0i8; 12]; 12];
        for (fa, row) in judge.iter_mut().enumerate() {
            for (fd, u) in row.iter_mut().enumerate() {
                *u = match (fa == 11, fd == 11) {
                    (true, false) => 1,
                    (false, true) => -1,
                    _ => (total(fa, a.modifier) - total(fd, d.modifier)).signum() as i8,
                };
            }
        }
        let mut fresh_a = [0i64; 12];
        for mi in 0..sa.ms.len() {
            fresh_a[fin_of(sa, &a, mi, true)] += sa.w[mi];
        }
        let mut fresh_d = [0i64; 12];
        for mi in 0..sd.ms.len() {
            fresh_d[fin_of(sd, &d, mi, true)] += sd.w[mi];
        }
        let dirty = plan.defender_dirty;
        let ka = if dirty && a.critical { 2 } else { 1 };
        let n_akey = if dirty { sa.ms.len() * ka } else { 12 };
        let n_dkey = if d.reroll { sd.ms.len() } else { 12 };
        let nma = if plan.attacker_matrix { 2 } else { 1 };
        let sc5 = if plan.defender_matrix {
            sa.all
        } else if dirty {
            6
        } else {
            1
        };
        let sc4 = sc5 * if plan.attacker_matrix { sd.all } else { 1 };
        let sc3 = sc4 * if d.reroll { 6 } else { 1 };
        let sc2 = sc3 * if a.reroll { 6 } else { 1 };
        let mut g = MeleeGame {
            plan: plan.clone(),
            sa,
            sd,
            ka,
            n_dkey,
            weight,
            judge,
            fresh_d,
            sc5,
            s5: Vec::new(),
            s4: Vec::new(),
            s3: Vec::new(),
            dirty_tab: Vec::new(),
            matrix_tab: Vec::new(),
            tally: [0; 5],
            den: sc2 * sa.all * sd.all,
            outs: [fd0, fd1, fa0, fa1],
        };
        // The defender's forced rerolls: their values do not depend on the
        // attacker's dice beyond the rest (Dirty tricks) or at all (Matrix error).
        let md = plan.defender_matrix;
        if dirty {
            g.dirty_tab = vec![Val::default(); sa.add.len() * 12 * 2];
            for (r, add) in sa.add.iter().enumerate() {
                for fd in 0..12 {
                    for ma in 0..nma {
                        let mut e = Val::default();
                        for &mi in add {
                            e.add(&g.end(fin_of(sa, &a, mi, true), fd, ma == 1, md), sc5 / 6);
                        }
                        g.dirty_tab[(r * 12 + fd) * 2 + ma] = e;
                    }
                }
            }
        }
        if md {
            g.matrix_tab = vec![Val::default(); 12 * 2];
            for fd in 0..12 {
                for ma in 0..nma {
                    let mut e = Val::default();
                    for (fa, &c) in fresh_a.iter().enumerate() {
                        if c > 0 {
                            e.add(&g.end(fa, fd, ma == 1, false), c * (sc5 / sa.all));
                        }
                    }
                    g.matrix_tab[fd * 2 + ma] = e;
                }
            }
        }
        let mut s5 = vec![Val::default(); n_akey * 12 * 2];
        for ak in 0..n_akey {
            for fd in 0..12 {
                for ma in 0..nma {
                    s5[(ak * 12 + fd) * 2 + ma] = g.defender_force(ak, fd, ma == 1).1;
                }
            }
        }
        g.s5 = s5;
        let mut s4 = vec![Val::default(); n_akey * 12];
        for ak in 0..n_akey {
            let force = g.attacker_force_value(ak);
            for fd in 0..12 {
                s4[ak * 12 + fd] = g.attacker_force(ak, fd, &force).1;
            }
        }
        g.s4 = s4;
        if d.reroll {
            let nr = sd.add.len();
            let mut rd = vec![Val::default(); n_akey * nr];
            for ak in 0..n_akey {
                for (r, add) in sd.add.iter().enumerate() {
                    let e = &mut rd[ak * nr + r];
                    for &mi in add {
                        e.add(&g.s4[ak * 12 + fin_of(sd, &d, mi, true)], 1);
                    }
                }
            }
            let mut s3 = vec![Val::default(); n_akey * n_dkey];
            for ak in 0..n_akey {
                for di in 0..sd.ms.len() {
                    s3[ak * n_dkey + di] = g.defender_reroll_at(ak, di, |r| rd[ak * nr + r]).1;
                }
            }
            g.s3 = s3;
        }
        // The attacker's own reroll and the initial rolls.
        let mut wd = vec![0i64; n_dkey];
        for di in 0..sd.ms.len() {
            wd[g.dkey(di)] += sd.w[di];
        }
        let mut tally = [0i64; 5];
        if a.reroll {
            let nr = sa.add.len();
            let mut ra = vec![Val::default(); nr * n_dkey];
            for (r, add) in sa.add.iter().enumerate() {
                let row = &mut ra[r * n_dkey..(r + 1) * n_dkey];
                for &mi in add {
                    let ak = g.akey(mi, true);
                    for (dk, e) in row.iter_mut().enumerate() {
                        e.add(g.s3_at(ak, dk), 1);
                    }
                }
            }
            for ai in 0..sa.ms.len() {
                for (dk, &w) in wd.iter().enumerate() {
                    if w == 0 {
                        continue;
                    }
                    let best = g.attacker_reroll_at(ai, dk, |r| ra[r * n_dkey + dk]).1;
                    for (x, y) in tally.iter_mut().zip(best.t) {
                        *x += y * sa.w[ai] * w;
                    }
                }
            }
        } else {
            let mut wa = vec![0i64; n_akey];
            for ai in 0..sa.ms.len() {
                wa[g.akey(ai, false)] += sa.w[ai];
            }
            for (ak, &x) in wa.iter().enumerate() {
                for (dk, &y) in wd.iter().enumerate() {
                    if x > 0 && y > 0 {
                        for (t, z) in tally.iter_mut().zip(g.s3_at(ak, dk).t) {
                            *t += z * x * y;
                        }
                    }
                }
            }
        }
        g.tally = tally;
        g
    }

    /// End of the exchange for final results `fa`, `fd` and the charges left.
    fn end(&self, fa: usize, fd: usize, ma: bool, md: bool) -> Val {
        let c = match self.judge[fa][fd] {
            1 if ma => A_WINS_MATRIX,
            1 => A_WINS,
            0 => TIE,
            _ if md => D_WINS_MATRIX,
            _ => D_WINS,
        };
        let mut t = [0i64; 5];
        t[c] = 1;
        Val {
            v: self.weight[c],
            t,
        }
    }

    fn akey(&self, mi: usize, rerolled: bool) -> usize {
        if self.plan.defender_dirty {
            mi * self.ka + usize::from(rerolled && self.ka == 2)
        } else {
            fin_of(self.sa, &self.plan.attacker, mi, rerolled)
        }
    }

    fn akey_fin(&self, ak: usize) -> usize {
        if self.plan.defender_dirty {
            fin_of(
                self.sa,
                &self.plan.attacker,
                ak / self.ka,
                ak % self.ka == 1,
            )
        } else {
            ak
        }
    }

    fn dkey(&self, di: usize) -> usize {
        if self.plan.defender.reroll {
            di
        } else {
            fin_of(self.sd, &self.plan.defender, di, false)
        }
    }

    fn s3_at(&self, ak: usize, dk: usize) -> &Val {
        if self.plan.defender.reroll {
            &self.s3[ak * self.n_dkey + dk]
        } else {
            &self.s4[ak * 12 + dk]
        }
    }

    /// Stage 5: the defender's forced reroll of the attacker's roll
    /// (minimum; on equal values nothing, then Dirty tricks on the lowest
    /// die, then Matrix error).
    fn defender_force(&self, ak: usize, fd: usize, ma: bool) -> (DefenderForce, Val) {
        let md = self.plan.defender_matrix;
        let fa = self.akey_fin(ak);
        let mut best = (
            DefenderForce::None,
            self.end(fa, fd, ma, md).times(self.sc5),
        );
        if self.plan.defender_dirty {
            for &(die, r) in &self.sa.opts[ak / self.ka] {
                let e = self.dirty_tab[(r * 12 + fd) * 2 + usize::from(ma)];
                if e.v < best.1.v {
                    best = (DefenderForce::Dirty(die), e);
                }
            }
        }
        if md {
            let e = self.matrix_tab[fd * 2 + usize::from(ma)];
            if e.v < best.1.v {
                best = (DefenderForce::Matrix, e);
            }
        }
        best
    }

    fn s5_at(&self, ak: usize, fd: usize, ma: bool) -> &Val {
        &self.s5[(ak * 12 + fd) * 2 + usize::from(ma)]
    }

    /// Value of the attacker forcing the defender's whole roll again.
    fn attacker_force_value(&self, ak: usize) -> Val {
        let mut e = Val::default();
        if self.plan.attacker_matrix {
            for (fd, &c) in self.fresh_d.iter().enumerate() {
                if c > 0 {
                    e.add(self.s5_at(ak, fd, false), c);
                }
            }
        }
        e
    }

    /// Stage 4: the attacker's Matrix error on the defender's roll
    /// (maximum; on equal values the charge is kept).
    fn attacker_force(&self, ak: usize, fd: usize, force: &Val) -> (bool, Val) {
        if !self.plan.attacker_matrix {
            return (false, *self.s5_at(ak, fd, false));
        }
        let keep = self.s5_at(ak, fd, true).times(self.sd.all);
        if force.v > keep.v {
            (true, *force)
        } else {
            (false, keep)
        }
    }

    /// Stage 3: the defender's own reroll (minimum; the die is kept on
    /// equal values, else the lowest die is rerolled).
    fn defender_reroll_at(
        &self,
        ak: usize,
        di: usize,
        option: impl Fn(usize) -> Val,
    ) -> (Option<u8>, Val) {
        let fd = fin_of(self.sd, &self.plan.defender, di, false);
        let mut best = (None, self.s4[ak * 12 + fd].times(6));
        for &(die, r) in &self.sd.opts[di] {
            let e = option(r);
            if e.v < best.1.v {
                best = (Some(die), e);
            }
        }
        best
    }

    /// Stage 2: the attacker's own reroll (maximum; the die is kept on
    /// equal values, else the lowest die is rerolled).
    fn attacker_reroll_at(
        &self,
        ai: usize,
        dk: usize,
        option: impl Fn(usize) -> Val,
    ) -> (Option<u8>, Val) {
        let keep = self.s3_at(self.akey(ai, false), dk);
        let mut best_v = keep.v * 6;
        let mut best = None;
        for &(die, r) in &self.sa.opts[ai] {
            let e = option(r);
            if e.v > best_v {
                best_v = e.v;
                best = Some((die, e));
            }
        }
        match best {
            Some((die, e)) => (Some(die), e),
            None => (None, keep.times(6)),
        }
    }

    /// The attacker's own reroll, both first rolls seen: the value of the
    /// die to reroll, if any.
    pub fn attacker_reroll(&self, a: &[u8], d: &[u8]) -> Option<u8> {
        if !self.plan.attacker.reroll {
            return None;
        }
        let dk = self.dkey(self.sd.find(d));
        let ai = self.sa.find(a);
        self.attacker_reroll_at(ai, dk, |r| {
            let mut e = Val::default();
            for &mi in &self.sa.add[r] {
                e.add(self.s3_at(self.akey(mi, true), dk), 1);
            }
            e
        })
        .0
    }

    /// The defender's own reroll, once the attacker's is done.
    pub fn defender_reroll(&self, a: &[u8], a_rerolled: bool, d: &[u8]) -> Option<u8> {
        if !self.plan.defender.reroll {
            return None;
        }
        let ak = self.akey(self.sa.find(a), a_rerolled);
        let di = self.sd.find(d);
        self.defender_reroll_at(ak, di, |r| {
            let mut e = Val::default();
            for &mi in &self.sd.add[r] {
                e.add(
                    &self.s4[ak * 12 + fin_of(self.sd, &self.plan.defender, mi, true)],
                    1,
                );
            }
            e
        })
        .0
    }

    /// Whether the attacker spends Matrix error on the defender's roll.
    pub fn attacker_forces(&self, a: &[u8], a_rerolled: bool, d: &[u8], d_rerolled: bool) -> bool {
        if !self.plan.attacker_matrix {
            return false;
        }
        let ak = self.akey(self.sa.find(a), a_rerolled);
        let fd = fin_of(self.sd, &self.plan.defender, self.sd.find(d), d_rerolled);
        self.attacker_force(ak, fd, &self.attacker_force_value(ak))
            .0
    }

    /// What the defender does to the attacker's roll; `attacker_matrix_left`
    /// says whether the attacker still holds its Matrix error.
    pub fn defender_forces(
        &self,
        a: &[u8],
        a_rerolled: bool,
        d: &[u8],
        d_rerolled: bool,
        attacker_matrix_left: bool,
    ) -> DefenderForce {
        let ak = self.akey(self.sa.find(a), a_rerolled);
        let fd = fin_of(self.sd, &self.plan.defender, self.sd.find(d), d_rerolled);
        self.defender_force(ak, fd, attacker_matrix_left && self.plan.attacker_matrix)
            .0
    }

    /// The plan the game was solved for.
    pub fn plan(&self) -> &MeleePlan {
        &self.plan
    }

    /// Exact odds of the exchange under the optimal policy.
    pub fn odds(&self) -> MeleeOdds {
        let den = i128::from(self.den);
        let t = self.tally.map(i128::from);
        let [fd0, fd1, fa0, fa1] = self.outs;
        MeleeOdds {
            attacker_hits: p(t[A_WINS] + t[A_WINS_MATRIX], den),
            defender_hits: p(t[D_WINS] + t[D_WINS_MATRIX], den),
            tie: p(t[TIE], den),
            defender_out: p(t[A_WINS], den) * fd0 + p(t[A_WINS_MATRIX], den) * fd1,
            attacker_out: p(t[D_WINS], den) * fa0 + p(t[D_WINS_MATRIX], den) * fa1,
            attacker_modifier: self.plan.attacker.modifier,
            defender_modifier: self.plan.defender.modifier,
            defender_save_target: self.plan.defender_save.target,
            attacker_save_target: self.plan.attacker_save.target,
            ignored: Vec::new(),
        }
    }
}

/// Exact odds of a melee plan.
pub fn melee_odds_plan(plan: &MeleePlan) -> MeleeOdds {
    MeleeGame::new(plan).odds()
}

/// Exact odds of a melee query.
pub fn melee_odds(q: &Query) -> Result<MeleeOdds, ActionError> {
    let mut o = melee_odds_plan(&melee_plan(q)?);
    o.ignored = melee_ignored(q);
    Ok(o)
}

/// Listed skills a melee query does not use (rulings R20, R55, R59):
/// tricks of the engaged fighters (Matrix error, Adrenaline, Protective
/// shield) and a defender's Show me what's inside.
pub fn melee_ignored(q: &Query) -> Vec<String> {
    let mut out = Vec::new();
    for (name, s, attacking) in [
        ("attacker", &q.attacker, true),
        ("defender", &q.defender, false),
    ] {
        for &k in &s.skills {
            let idle = matches!(
                k,
                Skill::MatrixError | Skill::Adrenaline | Skill::ProtectiveShield
            ) || (k == Skill::ShowMeKitty && !attacking);
            if idle {
                out.push(format!("{name}.{}", k.id()));
            }
        }
    }
    out
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_division() {
        for d in [
            1i128,
            2,
            3,
            6,
            7,
            12,
            27,
            36,
            216,
            216 * 216 * 12,
            5 * 6i128.pow(20),
        ] {
            for q in [0i128, 1, 5, 7, 1 << 40, 6i128.pow(20) + 1, -3, -(1 << 50)] {
                assert_eq!(exact_div(q * d, d), q, "{q} * {d}");
            }
        }
    }

    #[test]
    fn wide_integers() {
        let big = U256::from_u128(u128::MAX)
            .checked_mul_small(6u128.pow(20))
            .unwrap();
        let (q, r) = big.divrem_small(6u64.pow(10));
        assert_eq!(r, 0);
        assert_eq!(
            q.divrem_small(6u64.pow(10)),
            (U256::from_u128(u128::MAX), 0)
        );
        assert_eq!((big + big) - big, big);
        assert!(big > U256::from_u128(u128::MAX));
        assert_eq!(big.checked_mul_small(u128::MAX), None);
        let one = U256::from_u128(6).checked_mul_small(6u128.pow(30)).unwrap();
        let x = U256::from_u128(7 * 6u128.pow(29));
        assert_eq!(x.ratio(one), Prob::new(7, 36));
        assert_eq!(U256::ZERO.ratio(one), Prob::zero());
    }

    #[test]
    fn cached_counts_match_the_dice() {
        for accuracy in -3..=20 {
            for extra_die in [false, true] {
                for master_shot in [false, true] {
                    let r = ShotRoll {
                        accuracy,
                        extra_die,
                        master_shot,
                    };
                    assert_eq!(shot_counts_cached(r), shot_counts(r));
                }
                assert_eq!(
                    test_counts_cached(accuracy - 5, extra_die),
                    test_counts(accuracy - 5, extra_die)
                );
            }
        }
    }

    /// Every shooting query of the data-driven cases, and heavy volleys
    /// with every play, charge and Dispel: the integer solver over a common
    /// denominator and the exact-fraction one give the same odds and the
    /// same decisions in every reachable state.
    #[test]
    fn integer_and_fraction_solvers_agree() {
        #[derive(Deserialize)]
        struct Case {
            query: Query,
        }
        #[derive(Deserialize)]
        struct Cases {
            case: Vec<Case>,
        }
        let mut queries: Vec<Query> = Vec::new();
        for text in [
            include_str!("../tests/data/odds_cases.toml"),
            include_str!("../tests/data/modifiers.toml"),
        ] {
            let cases: Cases = toml::from_str(text).expect("cases");
            queries.extend(cases.case.into_iter().map(|c| c.query));
        }
        for text in [
            "kind='shoot'\n[attacker]\nweapon='heavy_rifle'\nreroll=true\nextra_die=true\nskills=['master_shot','matrix_error']\n[defender]\narmour='powered_armour'\nskills=['im_fine','matrix_error']\n[situation]\nrange=11",
            "kind='shoot'\n[attacker]\nweapon='assault_rifle'\nreroll=true\nskills=['master_shot','matrix_error','dispel']\n[defender]\narmour='light_armour'\nskills=['im_fine','what_you_gonna_do','woohoo','adrenaline','matrix_error','dispel']\n[situation]\nrange=7\noverwatch=true",
            "kind='shoot'\n[attacker]\nweapon='assault_rifle'\nextra_die=true\nreroll=true\nskills=['master_shot','matrix_error']\n[defender]\narmour='light_armour'\nskills=['im_fine','what_you_gonna_do','woohoo','adrenaline','matrix_error','dispel']\n[situation]\nrange=9\noverwatch=true",
            // too many denominators for i128: counted in 256 bits
            "kind='shoot'\n[attacker]\nweapon='assault_rifle'\nextra_die=true\nreroll=true\nskills=['master_shot','matrix_error','dispel']\n[defender]\narmour='light_armour'\nskills=['im_fine','what_you_gonna_do','woohoo','adrenaline','matrix_error','dispel']\n[situation]\nrange=7\noverwatch=true",
        ] {
            queries.push(toml::from_str(text).expect("query"));
        }
        let (mut int, mut wide) = (0, 0);
        for q in queries
            .iter()
            .filter(|q| matches!(q.kind, ActionKind::Shoot))
        {
            let Ok(plan) = shoot_plan(q) else { continue };
            let (a, pa) = shoot_odds_with(&plan, false);
            let (b, pb) = shoot_odds_with(&plan, true);
            assert_eq!(a, b, "{q:?}");
            match pa.inner {
                Policy::Int(_) => int += 1,
                Policy::Wide(_) => wide += 1,
                Policy::Exact(_) => unreachable!("three shots fit in 256 bits"),
            }
            for i in 0..a.shots as usize {
                for s in submasks(pa.start()) {
                    assert_eq!(pa.declare(i, s), pb.declare(i, s));
                    assert_eq!(pa.force_roll(i, s, false), pb.force_roll(i, s, false));
                    assert_eq!(pa.force_roll(i, s, true), pb.force_roll(i, s, true));
                    for h in 0..=6 {
                        assert_eq!(pa.spend(i, s, h), pb.spend(i, s, h));
                        for d in [(false, false), (false, true), (true, false), (true, true)] {
                            let d = Declared {
                                wyg: d.0,
                                woohoo: d.1,
                            };
                            assert_eq!(pa.use_im_fine(i, s, d, h), pb.use_im_fine(i, s, d, h));
                            assert_eq!(pa.force_save(i, s, d), pb.force_save(i, s, d));
                        }
                    }
                }
            }
        }
        // Both integer widths are exercised.
        assert!(int > 10 && wide > 0, "{int} {wide}");
    }
}
