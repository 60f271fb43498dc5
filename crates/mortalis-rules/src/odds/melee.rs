//! A melee exchange: from the query to a plan (each fighter's roll and save).

use super::*;

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

pub(super) fn fighter(me: &Side, opp: &Side, attacking: bool) -> FightRoll {
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

pub(super) fn melee_save(me: &Side, opp: &Side, attacking: bool) -> SaveSpec {
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
        captain_reroll: me.save_reroll,
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
        // fighter's own Matrix error does nothing here; a third model's
        // does (`ally_matrix`).
        attacker_matrix: a.ally_matrix,
        defender_matrix: d.ally_matrix,
        defender_dirty: d.has(Skill::DirtyTricks) && q.situation.charged,
    })
}
