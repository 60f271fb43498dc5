//! A volley: from the query to a plan, the shot and test counts, the states of the once-per-volley plays.

use super::*;

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
pub(super) fn shot_counts_cached(roll: ShotRoll) -> ShotCounts {
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
    /// The captain's reroll held for its tests (B9, R67): one die of one
    /// failed test rerolled, never on a test already rerolled.
    pub captain: bool,
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

pub(super) fn ser_f64<S: Serializer>(p: &Prob, s: S) -> Result<S::Ok, S::Error> {
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

/// What a shooting action fires: its name, reach, shots, the modifier to
/// the target's Resilience, whether long range costs nothing, whether it
/// hits without a roll, the Accuracy it starts from, and whether it is a
/// shot (resolved with an Accuracy roll and the shooting modifiers; not
/// Drone strike, an automatic hit, R13, R57).
struct Fired {
    source: String,
    max_range: u32,
    shots: u32,
    target_res: i32,
    long_ok: bool,
    auto_hit: bool,
    base_acc: i32,
    is_shot: bool,
}

/// What the attacker of `a` fires: its trick, or its ranged weapon with
/// the items and modifications that change it.
fn fired(a: &Side) -> Result<Fired, ActionError> {
    let trick = |source: &str, max_range, target_res, long_ok, auto_hit, base_acc, is_shot| Fired {
        source: source.to_string(),
        max_range,
        shots: 1,
        target_res,
        long_ok,
        auto_hit,
        base_acc,
        is_shot,
    };
    Ok(match a.trick {
        Some(Skill::ShortCircuit) => trick("short_circuit", 8, 1, false, false, 12, true),
        Some(Skill::DroneStrike) => trick("drone_strike", 14, 0, true, true, 0, false),
        // "Głowa w dół!" (B85): a thrown knife, 6", the thrower's own
        // Accuracy with every shooting modifier, the target's Resilience +1.
        Some(Skill::HeadsDown) => trick("heads_down", 6, 1, false, false, a.accuracy, true),
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
            Fired {
                source: w.id().to_string(),
                max_range: st.range + batteries,
                shots: st.shots,
                target_res,
                long_ok: st.no_long_range_penalty,
                auto_hit: st.auto_hit,
                base_acc: a.accuracy,
                is_shot: true,
            }
        }
    })
}

/// The Accuracy every shot of the volley starts from: `base` with the
/// modifiers for moving, range, sights, obstacle and cover, the target's
/// items and skills, a large target and overwatch.
fn shot_accuracy(q: &Query, base: i32, range: f64, long_ok: bool) -> i32 {
    let (a, t, s) = (&q.attacker, &q.defender, &q.situation);
    let heavy = a.trick.is_none() && a.carries_heavy();
    let weapon_mods = a.trick.is_none();
    let homing = weapon_mods && a.item(SpecialItem::HomingMissiles);
    let mut acc = base;
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
    acc
}

/// The target's Resilience against one hit of what `fired` fires.
fn hit_resilience(q: &Query, fired: &Fired) -> i32 {
    let (a, t, s) = (&q.attacker, &q.defender, &q.situation);
    let mut res = t.resilience + t.armour.bonus() + t.armour_mod_res(true) + fired.target_res;
    if t.shield && fired.is_shot && !a.has(Skill::ShieldBreaker) {
        res += 1;
    }
    if t.protected && fired.is_shot {
        res += 1;
    }
    if t.defensive {
        res += 1;
    }
    if s.elevated && a.has(Skill::Sentinel) {
        res -= 1;
    }
    res
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
    let fired = fired(a)?;
    if range > f64::from(fired.max_range) {
        return Err(ActionError::OutOfRange {
            weapon: fired.source,
            range,
            max: fired.max_range,
        });
    }
    let acc = shot_accuracy(q, fired.base_acc, range, fired.long_ok);
    let aimed = a.has(Skill::AimedShot) && !a.moved;
    let roll = |i: u32| ShotRoll {
        accuracy: acc - i as i32,
        extra_die: a.extra_die || aimed,
        master_shot: a.has(Skill::MasterShot),
    };
    let shots = fired.shots;
    let shots_v: Vec<ShotRoll> = if fired.auto_hit {
        Vec::new()
    } else if let Some([first, count]) = a.volley {
        // Part of a spread volley (B62): these shots keep their numbers.
        let first = first.min(shots);
        (first..(first + count).min(shots)).map(roll).collect()
    } else {
        (0..shots).map(roll).collect()
    };
    let save = SaveSpec {
        target: hit_resilience(q, &fired),
        extra_die: false,
        reroll: false,
        captain_reroll: false,
        auto_pass: false,
    };
    let heroics = Heroics {
        im_fine: t.has(Skill::ImFine),
        what_you_gonna_do: t.has(Skill::WhatYouGonnaDo),
        woohoo: t.has(Skill::Woohoo) && s.overwatch,
        adrenaline: t.has(Skill::Adrenaline),
        captain: t.save_reroll,
    };
    let reroll = if a.has(Skill::PointBlank) && range < 6.0 {
        RerollMode::EveryShot
    } else if a.reroll {
        RerollMode::Once
    } else {
        RerollMode::None
    };
    let is_shot = fired.is_shot;
    let immune = t.has(Skill::ProtectiveShield) && is_shot;
    let attacker_matrix = (a.has(Skill::MatrixError) && range <= MATRIX_RANGE) || a.ally_matrix;
    let defender_matrix = (t.has(Skill::MatrixError) && range <= MATRIX_RANGE) || t.ally_matrix;
    let (ad, td) = (a.has(Skill::Dispel), t.has(Skill::Dispel));
    let near = range <= DISPEL_RANGE;
    Ok(ShootPlan {
        shots: shots_v,
        auto_hits: if fired.auto_hit { shots } else { 0 },
        reroll,
        save,
        heroics,
        immune,
        source: fired.source,
        attacker_matrix,
        defender_matrix,
        dispels: Dispels {
            // A heroic play's knife is no trick: Dispel has nothing to cancel.
            attack: td && a.trick.is_some_and(|k| k != Skill::HeadsDown),
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
    /// The captain's reroll of a test (R67).
    pub const CAP: usize = 128;
    /// Number of states.
    pub const N: usize = 256;
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
        | b(h.captain, CAP)
}

/// Counts over all rolls of one Resilience test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct TestCounts {
    pub(super) total: i128,
    pub(super) pass: i128,
    /// Failed rolls by how many of the six results of the best single-die
    /// reroll ("I'm fine!" or the captain's) pass.
    pub(super) fail_by_reroll: [i128; 7],
}

pub(super) fn test_counts(target: i32, extra_die: bool) -> TestCounts {
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
pub(super) fn test_counts_cached(target: i32, extra_die: bool) -> TestCounts {
    static TABLE: OnceLock<Vec<TestCounts>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (1..=10)
            .flat_map(|t| [test_counts(t, false), test_counts(t, true)])
            .collect()
    });
    table[(target.clamp(1, 10) - 1) as usize * 2 + usize::from(extra_die)]
}

/// The reroll a failed test takes (ruling R67: at most one per test).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TestReroll {
    /// None: the test stands failed.
    None,
    /// "I'm fine!".
    ImFine,
    /// The captain's reroll (B9).
    Captain,
}

impl TestReroll {
    /// The bit of a volley's state the reroll uses up.
    pub fn bit(self) -> usize {
        match self {
            TestReroll::None => 0,
            TestReroll::ImFine => state::FINE,
            TestReroll::Captain => state::CAP,
        }
    }
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
    pub(super) fn index(self) -> usize {
        usize::from(self.wyg) * 2 + usize::from(self.woohoo)
    }
}
