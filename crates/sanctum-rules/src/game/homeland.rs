//! Moving structures (S62): a town under Ancestral Home moves whenever recruits are
//! created in it — to a free square next to it, toward its owner's Sanctum. The town
//! takes its owner, mana, novices and structure spells along; the square it leaves
//! becomes plains, and the square it reaches loses its spells and becomes plains, as a
//! new colony's does. Both squares recheck their spells (structure flux).

use crate::cards::{CardDef, Effect, TargetType};
use crate::game::events::Event;
use crate::game::state::{GameState, Host, SpellRef};
use crate::map::StructureKind;
use crate::square::Square;
use crate::terrain::Terrain;

/// Whether a town under Ancestral Home stands on `at`.
pub fn homeward(state: &GameState, at: Square) -> bool {
    state
        .field
        .structure(at)
        .is_some_and(|s| s.kind == StructureKind::Town) && state.active.iter().any(|a| {
        a.host == (Host::Square { at })
            && matches!(a.spell, SpellRef::Card(c) if c.def().effects().contains(&Effect::Homeward))
    })
}

/// Where a town on `from` moves: the orthogonal neighbour on the board with no group
/// and no structure nearest to its owner's Sanctum (ties: north, west, east, south).
/// `None` when every neighbour is taken or off the board: the town stays.
pub fn destination(state: &GameState, from: Square) -> Option<Square> {
    let side = state.field.structure(from)?.owner.side()?;
    let home = state.field.sanctum(side);
    from.orthogonal()
        .filter(|&s| {
            state.field.board().is_playable(s)
                && state.unit_at(s).is_none()
                && state.field.structure(s).is_none()
        })
        .min_by_key(|s| s.manhattan(home))
}

/// Whether an active spell moves with its structure: a card cast on a structure, or
/// the Colony helper. Spells cast on the square itself stay.
fn moves_along(spell: SpellRef) -> bool {
    match spell {
        SpellRef::Card(c) => {
            let def: &CardDef = c.def();
            def.target == TargetType::Structure
        }
        SpellRef::Colony => true,
        _ => false,
    }
}

/// Moves the structure on `from` to `to` (the caller picked a free square).
pub fn relocate(state: &mut GameState, from: Square, to: Square, events: &mut Vec<Event>) {
    let Some(st) = state.field.structure(from) else {
        return;
    };
    // The square it reaches is cleared as for a new colony.
    let there: Vec<u32> = state
        .active
        .iter()
        .filter(|a| a.host == (Host::Square { at: to }) && a.spell != SpellRef::Terrain)
        .map(|a| a.id)
        .collect();
    for id in there {
        crate::game::requirements::remove(state, id, "a town moved onto its square".into(), events);
    }
    let novices = state.field.novices(from);
    state.field.set_structure(from, None);
    state.field.set_novices(from, 0);
    state.field.set_structure(to, Some(st));
    state.field.set_novices(to, novices);
    for t in state.towns.iter_mut().filter(|t| t.at == from) {
        t.at = to;
    }
    for p in &mut state.players {
        for w in p.town_mana.iter_mut().filter(|w| w.0 == from) {
            w.0 = to;
        }
    }
    // Its spells transfer: each goes to the end of its new host's list.
    let (mut moving, staying): (Vec<_>, Vec<_>) = std::mem::take(&mut state.active)
        .into_iter()
        .partition(|a| a.host == (Host::Square { at: from }) && moves_along(a.spell));
    state.active = staying;
    for a in &mut moving {
        a.host = Host::Square { at: to };
    }
    state.active.extend(moving);
    events.push(Event::StructureMoved { from, to });
    for at in [from, to] {
        if state.field.terrain(at) != Terrain::Plains {
            crate::game::founding::set_terrain(state, at, Terrain::Plains, events);
        }
        crate::game::requirements::recheck(state, Host::Square { at }, events);
        if let Some(g) = state.unit_at(at).map(|u| u.id) {
            crate::game::requirements::recheck(state, Host::Group { group: g }, events);
        }
    }
    if crate::game::effects::area_modifiers(state) {
        crate::game::effects::refresh_all(state);
        crate::game::spells::bury_the_dead(state, events);
    }
}

/// After a phase in which recruits may be created (the orders phase's training, spell
/// execution): each town under Ancestral Home where `events` (that phase's) show a
/// recruit created moves once, in the order the events name them.
pub fn after_creation(state: &mut GameState, events: &mut Vec<Event>, since: usize) {
    let mut created: Vec<Square> = Vec::new();
    for e in &events[since..] {
        let at = match e {
            Event::Trained {
                at, group: Some(_), ..
            }
            | Event::Recruited { at, .. }
            | Event::HeroCreated { at, .. } => *at,
            _ => continue,
        };
        if !created.contains(&at) {
            created.push(at);
        }
    }
    for at in created {
        if !homeward(state, at) {
            continue;
        }
        if let Some(to) = destination(state, at) {
            relocate(state, at, to, events);
        }
    }
}
