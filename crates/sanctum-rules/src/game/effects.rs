//! What active spells do to their hosts while they last: modifiers of a minion's
//! numbers and movement abilities of a group.
//!
//! A minion keeps its own numbers in `base`; the numbers it fights and moves with are
//! `base` plus the modifiers of every active spell on it and on its group. They are
//! recomputed here whenever a spell arrives on or leaves a host, so a dispelled or
//! expired spell takes its effect away exactly, and no pipeline special-cases a spell.

use crate::cards::{Effect, Modifier};
use crate::game::state::{ActiveSpell, GameState, Host, SpellRef};
use crate::groups::{Effects, Stats};

/// The modifier an active spell applies to the minions it covers.
pub fn modifier(spell: &ActiveSpell) -> Modifier {
    match spell.spell {
        SpellRef::Card(card) => {
            let mut total = Modifier::NONE;
            for e in card.def().effects() {
                if let Effect::Modify { by } = e {
                    total = sum(total, *by);
                }
            }
            total
        }
        SpellRef::CockatricesGaze | SpellRef::GorgonsGaze => GAZE,
        SpellRef::Trophy(t) => t.modifier(),
        _ => Modifier::NONE,
    }
}

/// A Cockatrice's Gaze: one less hand and missile damage, one more armor.
pub const GAZE: Modifier = Modifier {
    level: 0,
    hit_points: 0,
    hand: -1,
    missile: -1,
    armor: 1,
    attacks: 0,
};

fn sum(a: Modifier, b: Modifier) -> Modifier {
    Modifier {
        level: a.level.saturating_add(b.level),
        hit_points: a.hit_points.saturating_add(b.hit_points),
        hand: a.hand.saturating_add(b.hand),
        missile: a.missile.saturating_add(b.missile),
        armor: a.armor.saturating_add(b.armor),
        attacks: a.attacks.saturating_add(b.attacks),
    }
}

fn add(v: u8, d: i32, max: i32) -> u8 {
    (v as i32 + d).clamp(0, max) as u8
}

/// Own numbers plus modifiers, each kept within its range.
pub fn apply(base: Stats, m: [i32; 6]) -> Stats {
    Stats {
        level: add(base.level, m[0], crate::stats::MAX_LEVEL as i32),
        hit_points: add(base.hit_points, m[1], u8::MAX as i32),
        hand: add(base.hand, m[2], u8::MAX as i32),
        missile: add(base.missile, m[3], u8::MAX as i32),
        armor: add(base.armor, m[4], u8::MAX as i32),
        attacks: add(base.attacks, m[5], u8::MAX as i32),
    }
}

/// Recomputes every minion of a group and the group's abilities from the active
/// spells on them. A minion whose hit points fall to its damage dies: the caller
/// removes the dead.
pub fn refresh_group(state: &mut GameState, group: u32) {
    let Some(u) = state.units.iter().position(|u| u.id == group) else {
        return;
    };
    let at = state.units[u].at;
    let members: Vec<(u32, bool)> = state.units[u]
        .group
        .minions()
        .iter()
        .map(|m| (m.id, m.is_recruit()))
        .collect();
    let mut group_mod = [0i32; 6];
    // Spells on the globe and on the group's square that change every recruit there.
    let mut recruit_mod = [0i32; 6];
    let mut own = vec![[0i32; 6]; members.len()];
    // Members under Obeisance: every other member is brought to level 0.
    let mut bowed_to = Vec::new();
    // Songs (Bard): (singer, class, modifier) for the other members of that class.
    let mut songs = Vec::new();
    let mut effects = Effects {
        withdraw_round: state.units[u].group.effects.withdraw_round,
        ..Effects::default()
    };
    // One pass over the active list, each spell sorted by its host.
    for a in &state.active {
        match a.host {
            Host::Group { group: g } if g == group => {
                add_mod(&mut group_mod, modifier(a));
                if let Some(ability) = granted(a) {
                    effects.add(ability);
                }
                if a.terrain.is_some() {
                    effects.only_enter = a.terrain;
                }
            }
            Host::Minion { minion } => {
                if let Some(k) = members.iter().position(|(id, _)| *id == minion) {
                    add_mod(&mut own[k], modifier(a));
                    if obeisance(a) {
                        bowed_to.push(k);
                    }
                    songs.extend(crate::game::mechanisms::song(a).map(|(c, m)| (k, c, m)));
                    // A restriction on one minion holds its whole group back.
                    if let Some(ability) = granted(a).filter(|b| b.is_restriction()) {
                        effects.add(ability);
                    }
                }
            }
            Host::Globe => add_mod(&mut recruit_mod, recruits_modifier(a)),
            Host::Square { at: s } if s == at => {
                add_mod(&mut recruit_mod, recruits_modifier(a));
            }
            _ => {}
        }
    }
    let unit = &mut state.units[u];
    unit.group.effects = effects;
    for (k, m) in unit.group.minions_mut().iter_mut().enumerate() {
        let mut d = group_mod;
        for (x, o) in d.iter_mut().zip(own[k]) {
            *x += o;
        }
        if members[k].1 {
            for (x, r) in d.iter_mut().zip(recruit_mod) {
                *x += r;
            }
        }
        for &(singer, class, by) in &songs {
            if singer != k && class.is_none_or(|c| m.class() == Some(c)) {
                add_mod(&mut d, by);
            }
        }
        if !bowed_to.is_empty() && !bowed_to.contains(&k) {
            d[0] = -(crate::stats::MAX_LEVEL as i32);
        }
        let shown = apply(m.base, d);
        m.show(shown);
    }
}

/// The modifier an active spell gives every recruit it covers (globe or square).
fn recruits_modifier(spell: &ActiveSpell) -> Modifier {
    let SpellRef::Card(card) = spell.spell else {
        return Modifier::NONE;
    };
    let mut total = Modifier::NONE;
    for e in card.def().effects() {
        if let Effect::ModifyRecruits { by } = e {
            total = sum(total, *by);
        }
    }
    total
}

/// Whether any active spell changes recruits from the globe or a square, so that
/// groups must be recomputed when they move or appear.
pub fn area_modifiers(state: &GameState) -> bool {
    state.active.iter().any(|a| {
        matches!(a.host, Host::Globe | Host::Square { .. })
            && recruits_modifier(a) != Modifier::NONE
    })
}

/// Recomputes every group (after a globe or square modifier arrives or leaves, or after
/// groups moved while such modifiers are in play).
pub fn refresh_all(state: &mut GameState) {
    let ids: Vec<u32> = state.units.iter().map(|u| u.id).collect();
    for id in ids {
        refresh_group(state, id);
    }
}

/// The group a minion belongs to.
pub fn group_of(state: &GameState, minion: u32) -> Option<u32> {
    state
        .units
        .iter()
        .find(|u| u.group.minions().iter().any(|m| m.id == minion))
        .map(|u| u.id)
}

/// Recomputes the host of an active spell (a minion's whole group, or a group).
pub fn refresh_host(state: &mut GameState, host: Host) {
    match host {
        Host::Group { group } => refresh_group(state, group),
        Host::Minion { minion } => {
            if let Some(g) = group_of(state, minion) {
                refresh_group(state, g);
            }
        }
        Host::Globe => refresh_all(state),
        Host::Square { at } => {
            if let Some(g) = state.unit_at(at).map(|u| u.id) {
                refresh_group(state, g);
            }
        }
    }
}

fn granted(a: &ActiveSpell) -> Option<crate::groups::Ability> {
    match a.spell {
        SpellRef::Ability(ability) => Some(ability),
        SpellRef::Card(card) => card.def().effects().iter().find_map(|e| match e {
            Effect::Grant { ability } => Some(*ability),
            // Bellwether's fold: no joining, whichever member carries it.
            Effect::Fold => Some(crate::groups::Ability::NoJoin),
            _ => None,
        }),
        _ => None,
    }
}

fn add_mod(acc: &mut [i32; 6], m: Modifier) {
    for (a, d) in acc
        .iter_mut()
        .zip([m.level, m.hit_points, m.hand, m.missile, m.armor, m.attacks])
    {
        *a += d as i32;
    }
}

fn obeisance(a: &ActiveSpell) -> bool {
    matches!(a.spell, SpellRef::Card(c) if c.def().effects().contains(&Effect::Obeisance))
}
