//! Exact odds of one action (a volley of shots or one melee exchange).
//! Everything is computed by enumerating dice, never by sampling.
//! Rulebook: "Zasady Walki", "Wsparcie", "Rodzaje broni",
//! "Rzuty Odporności i Pancerze", "Zasady Strzelania", "Modyfikatory
//! strzelania", "Rodzaje broni dystansowej", "Przerzuty i dorzuty",
//! "Umiejętności". Choices where the text is unclear: docs/mortalis/rulings.md.

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
    pub accuracy: i32,
    /// W.
    pub fight: i32,
    /// O before armour and shield.
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
        miss_by_reroll_hits: [0; 7],
    };
    for_each_tuple(n, |dice| {
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

/// Everything that decides a shooting action's odds.
#[derive(Debug, Clone, PartialEq)]
pub struct ShootPlan {
    /// Attack roll of each shot (empty for automatic hits).
    pub shots: Vec<ShotRoll>,
    /// Number of automatic hits (flamer, drone strike).
    pub auto_hits: u32,
    /// Rerolls.
    pub reroll: RerollMode,
    /// The target's Resilience test against one hit.
    pub save: SaveSpec,
    /// Any removal is prevented (protective trick).
    pub immune: bool,
    /// Id of what is fired.
    pub source: String,
}

/// Exact odds of a shooting action.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ShootOdds {
    /// Number of shots.
    pub shots: u32,
    /// Chance that each shot hits.
    #[serde(serialize_with = "ser_fracs")]
    pub hit: Vec<Prob>,
    /// Chance that one hit fails the Resilience test.
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
    // What is fired.
    let (source, max_range, shots, target_res, long_ok, auto_hit, base_acc, shield_counts) = match a
        .trick
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
    if t.shield && shield_counts && !a.has(Skill::ShieldBreaker) {
        res += 1;
    }
    if t.defensive {
        res += 1;
    }
    if s.elevated && a.has(Skill::Sentinel) {
        res -= 1;
    }
    if t.has(Skill::WhatYouGonnaDo) {
        res = 7;
    }
    let save = SaveSpec {
        target: res,
        extra_die: t.has(Skill::Woohoo) && s.overwatch,
        reroll: t.has(Skill::ImFine),
        auto_pass: false,
    };
    let reroll = if a.has(Skill::PointBlank) && range < 6.0 {
        RerollMode::EveryShot
    } else if a.reroll {
        RerollMode::Once
    } else {
        RerollMode::None
    };
    Ok(ShootPlan {
        shots: shots_v,
        auto_hits: if auto_hit { shots } else { 0 },
        reroll,
        save,
        immune: t.has(Skill::ProtectiveShield),
        source,
    })
}

/// Decisions of the optimal reroll policy: `use_now[shot][h]` says whether
/// a miss whose best reroll hits on `h` of six results spends the reroll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RerollPolicy {
    /// Per shot, per `h`.
    pub use_now: Vec<[bool; 7]>,
}

/// Exact odds of a shooting plan, with the reroll policy used.
pub fn shoot_odds_plan(plan: &ShootPlan) -> (ShootOdds, RerollPolicy) {
    let f = save_fail(plan.save);
    if plan.shots.is_empty() {
        let n = plan.auto_hits as usize;
        let out = if plan.immune {
            Prob::zero()
        } else {
            Prob::one() - pow(&(Prob::one() - f), n)
        };
        let mut dist = vec![Prob::zero(); n + 1];
        dist[n] = Prob::one();
        return (
            ShootOdds {
                shots: plan.auto_hits,
                hit: vec![Prob::one(); n],
                fail_save: f,
                out_of_action: out,
                expected_hits: Prob::from_integer(n as i128),
                hits_distribution: dist,
                master_shot: Prob::zero(),
                accuracy: Vec::new(),
                save_target: plan.save.target,
            },
            RerollPolicy {
                use_now: Vec::new(),
            },
        );
    }
    let counts: Vec<ShotCounts> = plan.shots.iter().map(|r| shot_counts(*r)).collect();
    let n = counts.len();
    let sixth = |h: usize| p(h as i128, 6);
    // Backward pass: v[i][r] = chance the target is out from shot i on,
    // with r = 1 when the once-per-action reroll is still unused.
    let mut v = vec![[Prob::zero(), Prob::zero()]; n + 1];
    let mut use_now = vec![[false; 7]; n];
    for i in (0..n).rev() {
        let c = &counts[i];
        let tot = c.total;
        for r in 0..2 {
            let hit_val = |rr: usize| f + (Prob::one() - f) * v[i + 1][rr];
            let mut val = p(c.master, tot) + p(c.hit, tot) * hit_val(r);
            for (h, &m) in c.miss_by_reroll_hits.iter().enumerate() {
                if m == 0 {
                    continue;
                }
                let miss_val = match (plan.reroll, r) {
                    (RerollMode::EveryShot, _) => {
                        sixth(h) * hit_val(r) + (Prob::one() - sixth(h)) * v[i + 1][r]
                    }
                    (RerollMode::Once, 1) => {
                        let keep = v[i + 1][1];
                        let spend = sixth(h) * hit_val(0) + (Prob::one() - sixth(h)) * v[i + 1][0];
                        if h > 0 && spend >= keep {
                            use_now[i][h] = true;
                            spend
                        } else {
                            keep
                        }
                    }
                    _ => v[i + 1][r],
                };
                val += p(m, tot) * miss_val;
            }
            v[i][r] = val;
        }
    }
    let start_r = usize::from(plan.reroll == RerollMode::Once);
    let out = if plan.immune {
        Prob::zero()
    } else {
        v[0][start_r]
    };
    // Forward pass: distribution over (reroll left, hits so far).
    let mut state = vec![vec![Prob::zero(); n + 1]; 2];
    state[start_r][0] = Prob::one();
    let mut hit = Vec::with_capacity(n);
    let mut master = Vec::with_capacity(n);
    for (i, c) in counts.iter().enumerate() {
        let tot = c.total;
        let mut next = vec![vec![Prob::zero(); n + 1]; 2];
        let mut hit_i = Prob::zero();
        let mut master_i = Prob::zero();
        for r in 0..2 {
            for k in 0..=i {
                let mass = state[r][k];
                if mass.is_zero() {
                    continue;
                }
                let direct = p(c.master + c.hit, tot);
                master_i += mass * p(c.master, tot);
                hit_i += mass * direct;
                next[r][k + 1] += mass * direct;
                for (h, &count) in c.miss_by_reroll_hits.iter().enumerate() {
                    let m = p(count, tot);
                    if m.is_zero() {
                        continue;
                    }
                    let rerolls = match plan.reroll {
                        RerollMode::EveryShot => Some(r),
                        RerollMode::Once if r == 1 && use_now[i][h] => Some(0),
                        _ => None,
                    };
                    match rerolls {
                        Some(r2) => {
                            let ph = m * sixth(h);
                            hit_i += mass * ph;
                            next[r2][k + 1] += mass * ph;
                            next[r2][k] += mass * (m - ph);
                        }
                        None => next[r][k] += mass * m,
                    }
                }
            }
        }
        hit.push(hit_i);
        master.push(master_i);
        state = next;
    }
    let dist: Vec<Prob> = (0..=n).map(|k| state[0][k] + state[1][k]).collect();
    let expected = hit.iter().fold(Prob::zero(), |acc, h| acc + *h);
    let no_master = master
        .iter()
        .fold(Prob::one(), |acc, m| acc * (Prob::one() - *m));
    (
        ShootOdds {
            shots: n as u32,
            hit,
            fail_save: f,
            out_of_action: out,
            expected_hits: expected,
            hits_distribution: dist,
            master_shot: if plan.immune {
                Prob::zero()
            } else {
                Prob::one() - no_master
            },
            accuracy: plan.shots.iter().map(|s| s.accuracy).collect(),
            save_target: plan.save.target,
        },
        RerollPolicy { use_now },
    )
}

fn pow(x: &Prob, n: usize) -> Prob {
    (0..n).fold(Prob::one(), |acc, _| acc * *x)
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
    if opp.has(Skill::Nimble) && (me.weapon_is(Item::TwoHandedWeapon) || me.carries_heavy()) {
        m -= 1;
    }
    if !attacking && me.defensive {
        m += 1;
    }
    if !attacking && me.has(Skill::Parry) && me.shield {
        m += 1;
    }
    if me.has(Skill::ShowMeKitty) && opp.armour == Armour::Sarcophagus {
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
    if opp.has(Skill::ShowMeKitty) && me.armour == Armour::Sarcophagus {
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
    })
}

#[derive(Clone, Copy)]
struct Fin {
    total: i32,
    nat: bool,
}

fn fin(dice: &[u8], roll: &FightRoll, rerolled: bool) -> Fin {
    let k = keep_two(dice, Keep::High);
    Fin {
        total: i32::from(k[0]) + i32::from(k[1]) + roll.modifier,
        nat: roll.critical && !rerolled && k == [6, 6],
    }
}

/// +1 attacker wins, 0 tie, -1 defender wins.
fn judge(a: Fin, d: Fin) -> i32 {
    match (a.nat, d.nat) {
        (true, false) => 1,
        (false, true) => -1,
        _ => (a.total - d.total).signum(),
    }
}

/// [attacker wins, tie, defender wins] counts.
type Tally = [i64; 3];

fn tally_of(u: i32, w: i64) -> Tally {
    match u {
        1 => [w, 0, 0],
        0 => [0, w, 0],
        _ => [0, 0, w],
    }
}

fn add(t: &mut Tally, o: Tally, w: i64) {
    for i in 0..3 {
        t[i] += o[i] * w;
    }
}

/// Win / tie / loss counts of a melee exchange with optimal rerolls (the
/// attacker decides first, then the defender, each seeing both rolls and
/// maximising wins minus losses). Returns the counts and their denominator.
pub fn melee_tally(a: &FightRoll, d: &FightRoll) -> (Tally, i64) {
    let na = if a.extra_die { 3 } else { 2 };
    let nd = if d.extra_die { 3 } else { 2 };
    let ams = multisets(na);
    let dms = multisets(nd);
    let mut total = [0i64; 3];
    // Defender's best answer to a final attacker result: value and tally in sixths.
    let respond = |af: Fin, dd: &[u8]| -> (i64, Tally) {
        let keep = judge(af, fin(dd, d, false));
        let mut best = (6 * i64::from(keep), tally_of(keep, 6));
        if d.reroll {
            for j in 0..nd {
                // Equal dice reroll alike (the multiset is sorted).
                if j > 0 && dd[j] == dd[j - 1] {
                    continue;
                }
                let mut x = [dd[0], dd[1], *dd.get(2).unwrap_or(&0)];
                let mut val = 0i64;
                let mut t = [0i64; 3];
                for v in 1..=6 {
                    x[j] = v;
                    let u = judge(af, fin(&x[..nd], d, true));
                    val += i64::from(u);
                    add(&mut t, tally_of(u, 1), 1);
                }
                if val < best.0 {
                    best = (val, t);
                }
            }
        }
        best
    };
    // The defender's answer depends only on the attacker's final result and
    // the defender's dice: memoise it (totals span 11 values, natural or not).
    let mut memo: Vec<Option<(i64, Tally)>> = vec![None; 22 * dms.len()];
    let mut answer = |af: Fin, di: usize, dd: &[u8]| {
        let slot =
            ((af.total - a.modifier - 2) as usize * 2 + usize::from(af.nat)) * dms.len() + di;
        *memo[slot].get_or_insert_with(|| respond(af, dd))
    };
    for (ad, aw) in &ams {
        let ad = &ad[..na];
        for (di, (dd, dw)) in dms.iter().enumerate() {
            let dd = &dd[..nd];
            let (kv, kt) = answer(fin(ad, a, false), di, dd);
            let mut best = (kv * 6, kt.map(|x| x * 6));
            if a.reroll {
                for j in 0..na {
                    if j > 0 && ad[j] == ad[j - 1] {
                        continue;
                    }
                    let mut x = [ad[0], ad[1], *ad.get(2).unwrap_or(&0)];
                    let mut val = 0i64;
                    let mut t = [0i64; 3];
                    for v in 1..=6 {
                        x[j] = v;
                        let (rv, rt) = answer(fin(&x[..na], a, true), di, dd);
                        val += rv;
                        add(&mut t, rt, 1);
                    }
                    if val > best.0 {
                        best = (val, t);
                    }
                }
            }
            add(&mut total, best.1, (aw * dw) as i64);
        }
    }
    let denom = 6i64.pow((na + nd) as u32) * 36;
    (total, denom)
}

/// Exact odds of a melee plan.
pub fn melee_odds_plan(plan: &MeleePlan) -> MeleeOdds {
    let (t, den) = melee_tally(&plan.attacker, &plan.defender);
    let den = i128::from(den);
    let aw = p(i128::from(t[0]), den);
    let tie = p(i128::from(t[1]), den);
    let dw = p(i128::from(t[2]), den);
    let fd = save_fail(plan.defender_save);
    let fa = save_fail(plan.attacker_save);
    MeleeOdds {
        defender_out: aw * fd,
        attacker_out: if plan.defender_harmless {
            Prob::zero()
        } else {
            dw * fa
        },
        attacker_hits: aw,
        defender_hits: dw,
        tie,
        attacker_modifier: plan.attacker.modifier,
        defender_modifier: plan.defender.modifier,
        defender_save_target: plan.defender_save.target,
        attacker_save_target: plan.attacker_save.target,
    }
}

/// Exact odds of a melee query.
pub fn melee_odds(q: &Query) -> Result<MeleeOdds, ActionError> {
    Ok(melee_odds_plan(&melee_plan(q)?))
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
