//! Requirements, rechecks and dispels (seed 002): a card's conditions on its target are
//! checked when it is targeted and just before it executes; the persistent ones are
//! checked again on every recheck of the active spell, and a spell that fails one
//! dispels itself — which is spell flux on its host, so others may follow (a cascade).
//!
//! Rechecks run on spell flux (a spell executes on the host, or one leaves it), on
//! minion exchange (a minion moves into another group), and on structure flux (a square
//! gains or loses a structure).

use crate::cards::{CardId, Need};
use crate::game::events::Event;
use crate::game::state::{ActiveSpell, GameState, Host, SpellRef};
use crate::groups::MinionKind;
use crate::player::Player;

/// Whether one requirement holds for `host`, cast by `owner`; the reason when not.
pub fn holds(state: &GameState, owner: Player, host: Host, need: Need) -> Result<(), String> {
    let unit = match host {
        Host::Group { group } => state.unit(group),
        Host::Minion { minion } => {
            crate::game::effects::group_of(state, minion).and_then(|g| state.unit(g))
        }
        Host::Square { .. } | Host::Globe => None,
    };
    let at = match host {
        Host::Square { at } => Some(at),
        _ => unit.map(|u| u.at),
    };
    let members = || -> Vec<&crate::groups::Minion> {
        match (host, unit) {
            (Host::Minion { minion }, Some(u)) => u
                .group
                .minions()
                .iter()
                .filter(|m| m.id == minion)
                .collect(),
            (_, Some(u)) => u.group.minions().iter().collect(),
            _ => Vec::new(),
        }
    };
    let owner_of = || match (unit, at) {
        (Some(u), _) => Some(u.group.owner),
        (None, Some(at)) => state.field.structure(at).map(|s| s.owner),
        _ => None,
    };
    let ok = match need {
        Need::Friendly => match (unit, at) {
            (Some(u), _) => u.group.owner == owner,
            (None, Some(at)) => state.field.structure(at).is_some_and(|s| s.owner == owner),
            _ => false,
        },
        Need::Nation { nation } => {
            let minions = members();
            !minions.is_empty()
                && minions.iter().all(|m| {
                    matches!(m.kind, MinionKind::Recruit { nation: Some(n), .. } if n == nation)
                })
        }
        Need::Terrain { terrain } => at.is_some_and(|s| state.field.terrain(s) == terrain),
        Need::NotInStructure => at.is_some_and(|s| state.field.structure(s).is_none()),
        Need::AtMost { minions } => unit.is_some_and(|u| u.group.size() <= minions as usize),
        Need::BesideEnemyStructure => {
            unit.is_some_and(|u| crate::game::spells::leap_target(state, u.id).is_some())
        }
        Need::TerrainOneOf { terrains } => {
            at.is_some_and(|s| terrains.contains(&state.field.terrain(s)))
        }
        Need::Near { terrain, steps } => at.is_some_and(|c| {
            state
                .field
                .board()
                .squares()
                .iter()
                .any(|&s| s.manhattan(c) <= steps as u32 && state.field.terrain(s) == terrain)
        }),
        Need::Attacks { kind } => {
            let minions = members();
            !minions.is_empty()
                && minions.iter().all(|m| {
                    let own = m.base;
                    own.attacks > 0
                        && match kind {
                            crate::cards::AttackKind::Any => own.hand > 0 || own.missile > 0,
                            crate::cards::AttackKind::Hand => own.hand > 0,
                            crate::cards::AttackKind::Missile => own.missile > 0,
                        }
                })
        }
        Need::Class { class } => {
            let minions = members();
            !minions.is_empty() && minions.iter().all(|m| m.class() == Some(class))
        }
        Need::Colony => at
            .and_then(|s| state.field.structure(s))
            .is_some_and(|s| s.kind == crate::map::StructureKind::Colony),
        Need::Town => at
            .and_then(|s| state.field.structure(s))
            .is_some_and(|s| s.kind == crate::map::StructureKind::Town),
        Need::Enemy => owner_of().is_some_and(|o| o != owner && o != Player::Neutral),
    };
    if ok { Ok(()) } else { Err(describe(need)) }
}

fn describe(need: Need) -> String {
    match need {
        Need::Friendly => "it must be cast on something of the caster's".into(),
        Need::Nation { nation } => format!("it must be cast on {}", nation.name()),
        Need::Terrain { terrain } => format!("it must be on {}", terrain.name()),
        Need::NotInStructure => "it must be outside every structure".into(),
        Need::AtMost { minions } => format!("it must be cast on a group of at most {minions}"),
        Need::BesideEnemyStructure => {
            "it must be cast on a group beside an empty structure of another player".into()
        }
        Need::Near { terrain, steps } => {
            format!("it must be at most {steps} step(s) from {}", terrain.name())
        }
        Need::Attacks { kind } => format!(
            "it must be cast on a minion with {} attacks",
            match kind {
                crate::cards::AttackKind::Any => "hand or missile",
                crate::cards::AttackKind::Hand => "hand",
                crate::cards::AttackKind::Missile => "missile",
            }
        ),
        Need::Class { class } => format!("it must be cast on a {}", class.name()),
        Need::Town => "it must be cast on a town (not a colony)".into(),
        Need::Colony => "it must be cast on a colony".into(),
        Need::Enemy => "it must be cast on something of the other player's".into(),
        Need::TerrainOneOf { terrains } => {
            let names: Vec<&str> = terrains.iter().map(|t| t.name()).collect();
            format!("it must be on {}", names.join(" or "))
        }
    }
}

/// Checks a card's requirements on a host: all of them (targeting and execution) or
/// the persistent ones only (a recheck).
pub fn check(
    state: &GameState,
    owner: Player,
    card: CardId,
    host: Host,
    persistent_only: bool,
) -> Result<(), String> {
    for r in card.def().requires {
        if (!persistent_only && !r.afterwards) || (persistent_only && r.persistent) {
            holds(state, owner, host, r.need)?;
        }
    }
    Ok(())
}

/// Rechecks every active spell on `host` (its persistent requirements) and dispels
/// those that fail, again and again until none does.
pub fn recheck(state: &mut GameState, host: Host, events: &mut Vec<Event>) {
    // Each pass dispels at most one spell; a host holds finitely many.
    for _ in 0..=state.active.len() {
        let failing = state.active.iter().find_map(|a| {
            let SpellRef::Card(card) = a.spell else {
                return None;
            };
            if a.host != host {
                return None;
            }
            check(state, a.owner, card, host, true)
                .err()
                .map(|reason| (a.id, reason))
        });
        let Some((id, reason)) = failing else {
            return;
        };
        remove(state, id, reason, events);
    }
}

/// Takes an active spell out of play (expiry, dispel or a failed recheck), undoes its
/// effect on the host, and rechecks the host (spell flux).
pub fn remove(state: &mut GameState, id: u32, reason: String, events: &mut Vec<Event>) {
    let Some(pos) = state.active.iter().position(|a| a.id == id) else {
        return;
    };
    let spell: ActiveSpell = state.active.remove(pos);
    crate::game::spells::on_leave_play(state, &spell, events);
    events.push(Event::SpellDispelled {
        spell: spell.id,
        card: match spell.spell {
            SpellRef::Card(c) => Some(c),
            _ => None,
        },
        reason,
    });
    crate::game::spells::bury_the_dead(state, events);
    recheck(state, spell.host, events);
}

/// Dispels every enchantment (visible spell) on the hosts given; non-visible spells
/// ignore dispels.
pub fn dispel_visible(state: &mut GameState, hosts: &[Host], events: &mut Vec<Event>) {
    let ids: Vec<u32> = state
        .active
        .iter()
        .filter(|a| a.visible && hosts.contains(&a.host))
        .map(|a| a.id)
        .collect();
    for id in ids {
        remove(state, id, "dispelled".into(), events);
    }
}

/// The host an order's target names, for requirements and exclusivity.
pub fn host_of(aim: crate::game::orders::Aim) -> Host {
    use crate::game::orders::Aim;
    match aim {
        Aim::Globe => Host::Globe,
        Aim::Square { at } | Aim::Structure { at } => Host::Square { at },
        Aim::Group { group } => Host::Group { group },
        Aim::Minion { minion } => Host::Minion { minion },
    }
}
