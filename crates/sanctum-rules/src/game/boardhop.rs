//! Boardhops (research §11, S49): minions that leave the board without dying and
//! reappear later as a new group — Soul Jar's group, saved as a member is dying in
//! combat, Dryad's Favors' recruit, reborn three turns later, and Encampment's group,
//! camped off the board for three turns behind a colony (S60).

use crate::cards::Effect;
use crate::game::events::Event;
use crate::game::state::{Away, GameState, Host, SpellRef};
use crate::groups::{Control, Minion};

/// Whether an active spell with this effect is on the group.
fn has_jar(state: &GameState, group: u32) -> bool {
    state.active.iter().any(|a| {
        a.host == (Host::Group { group })
            && matches!(a.spell, SpellRef::Card(c) if c.def().effects().contains(&Effect::Jar))
    })
}

/// Every spell on a group and on its members leaves play: card spells with their
/// events, the engine's helpers silently (a new group gets its own).
fn strip(state: &mut GameState, group: u32, minions: &[u32], events: &mut Vec<Event>) {
    let on = |h: Host| {
        h == (Host::Group { group })
            || matches!(h, Host::Minion { minion } if minions.contains(&minion))
    };
    let cards: Vec<u32> = state
        .active
        .iter()
        .filter(|a| on(a.host) && matches!(a.spell, SpellRef::Card(_)))
        .map(|a| a.id)
        .collect();
    for id in cards {
        crate::game::requirements::remove(state, id, "its host left the board".into(), events);
    }
    state.active.retain(|a| !on(a.host));
}

/// Soul Jar, after a combat's damage is written: a group under it with a member at 0
/// hit points leaves the board, every member fully healed and every spell gone (the
/// jar too), to reappear at the next start of turn.
pub fn jar(state: &mut GameState, group: u32, events: &mut Vec<Event>) {
    let dying = state
        .unit(group)
        .is_some_and(|u| u.group.minions().iter().any(|m| !m.is_alive()));
    if !dying || !has_jar(state, group) {
        return;
    }
    let Some(pos) = state.units.iter().position(|u| u.id == group) else {
        return;
    };
    let unit = state.units.remove(pos);
    let ids: Vec<u32> = unit.group.minions().iter().map(|m| m.id).collect();
    strip(state, group, &ids, events);
    let minions: Vec<Minion> = unit
        .group
        .minions()
        .iter()
        .map(|m| {
            let mut m = m.clone();
            m.damage = 0;
            m
        })
        .collect();
    leave(state, group, unit.group.owner, unit.at, minions, 1, events);
}

/// Encampment (S60): a group of two or more leaves the board, hurt as it is and without
/// its spells, for `turns` turns. On a square without a structure its owner raises a
/// camp colony (a structure delta of +1); the square, where the card then stays, is
/// returned so the card can be hosted there. `None` when nothing camps or no colony
/// rises.
pub fn encamp(
    state: &mut GameState,
    group: u32,
    turns: u8,
    events: &mut Vec<Event>,
) -> Option<crate::Square> {
    let pos = state.units.iter().position(|u| u.id == group)?;
    if state.units[pos].group.size() < 2 {
        return None;
    }
    let unit = state.units.remove(pos);
    let ids: Vec<u32> = unit.group.minions().iter().map(|m| m.id).collect();
    strip(state, group, &ids, events);
    let (owner, at) = (unit.group.owner, unit.at);
    let minions = unit.group.minions().to_vec();
    leave(state, group, owner, at, minions, turns, events);
    if let Some(a) = state.away.last_mut() {
        a.camp = true;
    }
    if state.field.structure(at).is_some() {
        return None;
    }
    let side = owner.side()?;
    state.players[side.index()].delta += 1;
    let mana = state.players[side.index()].house.primary();
    let turn = state.turn;
    crate::game::founding::raise_colony(state, at, owner, Some(mana), turn, events);
    Some(at)
}

/// The Encampment spells on a square (its camp).
fn camp_spells(state: &GameState, at: crate::Square) -> Vec<u32> {
    state
        .active
        .iter()
        .filter(|a| {
            a.host == (Host::Square { at })
                && matches!(a.spell, SpellRef::Card(c)
                    if c.def().effects().iter().any(|e| matches!(e, Effect::Encamp { .. })))
        })
        .map(|a| a.id)
        .collect()
}

/// A capture (step 5) of a camp colony ends its Encampment (S60): the colony stays
/// the captor's, an ordinary one.
pub fn camp_captured(state: &mut GameState, at: crate::Square, events: &mut Vec<Event>) {
    for id in camp_spells(state, at) {
        crate::game::requirements::remove(state, id, "its camp was captured".into(), events);
    }
}

/// An encamped group returns: its Encampment leaves play and its camp colony, still
/// its owner's, is razed (its Colony helper ends).
fn break_camp(
    state: &mut GameState,
    owner: crate::Player,
    at: crate::Square,
    events: &mut Vec<Event>,
) {
    let ids = camp_spells(state, at);
    if ids.is_empty() {
        return;
    }
    for id in ids {
        crate::game::requirements::remove(state, id, "its group returned".into(), events);
    }
    if state.field.structure(at).is_some_and(|s| s.owner == owner) {
        let colony: Vec<u32> = state
            .active
            .iter()
            .filter(|a| a.host == (Host::Square { at }) && a.spell == SpellRef::Colony)
            .map(|a| a.id)
            .collect();
        for id in colony {
            crate::game::requirements::remove(state, id, "the camp was broken".into(), events);
        }
    }
}

/// Dryad's Favors: the recruit is removed from the game (no death effects); a fresh one
/// of its class and nation is due on its square `turns` turns later.
pub fn rebirth(state: &mut GameState, minion: u32, turns: u8, events: &mut Vec<Event>) {
    let Some(group) = crate::game::effects::group_of(state, minion) else {
        return;
    };
    let Some(u) = state.unit_mut(group) else {
        return;
    };
    let (owner, at) = (u.group.owner, u.at);
    let Some(m) = u.group.take(minion) else {
        return;
    };
    strip(state, u32::MAX, &[minion], events);
    let fresh = match m.kind {
        crate::groups::MinionKind::Recruit { class, nation, .. } => {
            Minion::recruit(class, nation, crate::stats::START_LEVEL, false)
        }
        crate::groups::MinionKind::Monster { .. } => return,
    };
    leave(state, group, owner, at, vec![fresh], turns, events);
    for g in state.bury() {
        events.push(Event::GroupDied { group: g });
    }
}

fn leave(
    state: &mut GameState,
    group: u32,
    owner: crate::Player,
    at: crate::Square,
    minions: Vec<Minion>,
    turns: u8,
    events: &mut Vec<Event>,
) {
    let back = state.turn + turns as u32;
    events.push(Event::Hopped {
        group,
        minions: minions.len() as u8,
        at,
        back,
    });
    state.away.push(Away {
        owner,
        at,
        back,
        minions,
        camp: false,
    });
}

/// Start of turn (step 2): boardhops that are due reappear as new groups, in the order
/// they left, each when no group stands on its square (else a later turn).
pub fn returns(state: &mut GameState, events: &mut Vec<Event>) {
    let mut k = 0;
    while k < state.away.len() {
        let a = &state.away[k];
        if a.back > state.turn || state.unit_at(a.at).is_some() {
            k += 1;
            continue;
        }
        let a = state.away.remove(k);
        if a.camp {
            break_camp(state, a.owner, a.at, events);
        }
        let control = if a.owner.side().is_some() {
            Control::Player
        } else {
            Control::Computer
        };
        let group = state.create_group(a.owner, control, a.at, a.minions);
        crate::game::effects::refresh_group(state, group);
        if a.camp {
            // A camp's group left its spells behind: none dies of losing their hit points.
            if let Some(u) = state.unit_mut(group) {
                for m in u.group.minions_mut() {
                    m.damage = m.damage.min(m.hit_points.saturating_sub(1));
                }
            }
        }
        if let Some(side) = a.owner.side() {
            events.push(Event::Recruited {
                side,
                group,
                at: a.at,
            });
        }
    }
}
