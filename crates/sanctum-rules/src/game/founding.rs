//! What spells found or create on the board: Heroes and other recruits appearing in a
//! structure, colonies founded and ended (the Colony rule), Entropia, and terrain
//! changes (a square's terrain helper replaced).

use crate::game::events::Event;
use crate::game::orders::PendingCast;
use crate::game::requirements;
use crate::game::state::{GameState, Host, SpellRef};
use crate::groups::Control;
use crate::player::Side;

/// A Hero recruit appears in a structure: it joins the group standing there if it
/// can, forms a group if the square is empty, and is lost otherwise (an event says so).
pub(crate) fn create_hero(
    state: &mut GameState,
    cast: &PendingCast,
    at: crate::Square,
    hero: crate::groups::Minion,
    events: &mut Vec<Event>,
) {
    let side = cast.side;
    let group = recruit_in(state, side, at, hero);
    match group {
        Some(group) => {
            events.push(Event::HeroCreated { side, group, at });
            newest_created(state, group, at, events);
        }
        None => {
            // A squandered spell never counts as cast: the Hero may be tried again.
            let once = &mut state.players[side.index()].cast_once;
            if let Some(pos) = once.iter().rposition(|&c| c == cast.card) {
                once.remove(pos);
            }
            events.push(Event::SpellSquandered {
                side,
                card: cast.card,
                reason: format!("no room for the hero at {at}"),
            })
        }
    }
}

/// What the structure gives the newest minion of a group created in it.
pub(crate) fn newest_created(
    state: &mut GameState,
    group: u32,
    at: crate::Square,
    events: &mut Vec<Event>,
) {
    let newest = state
        .unit(group)
        .and_then(|u| u.group.minions().iter().map(|m| m.id).max());
    if let Some(minion) = newest {
        crate::game::items::on_created(state, at, minion, events);
    }
}

/// A recruit appears in a structure of `side`'s: it joins the group standing there if
/// it can, or forms a group on an empty square; `None` when there is no room.
pub(crate) fn recruit_in(
    state: &mut GameState,
    side: Side,
    at: crate::Square,
    recruit: crate::groups::Minion,
) -> Option<u32> {
    let group = match state.unit_at(at).map(|u| (u.id, u.group.clone())) {
        None => Some(state.create_group(side.into(), Control::Player, at, vec![recruit])),
        Some((id, g))
            if g.owner == crate::Player::from(side)
                && g.is_recruit_group()
                && g.size() < crate::groups::MAX_GROUP =>
        {
            let m = state.enlist(recruit);
            state
                .unit_mut(id)
                .and_then(|u| u.group.add(m).ok())
                .map(|_| id)
        }
        Some(_) => None,
    };
    if let Some(group) = group {
        crate::game::effects::refresh_group(state, group);
    }
    group
}

/// A new neutral colony: the square's spells leave play, it becomes plains, the colony
/// stands with its Colony helper, and the square rechecks (structure flux).
pub(crate) fn found_colony(state: &mut GameState, at: crate::Square, events: &mut Vec<Event>) {
    let ids: Vec<u32> = state
        .active
        .iter()
        .filter(|a| a.host == (Host::Square { at }) && a.spell != SpellRef::Terrain)
        .map(|a| a.id)
        .collect();
    for id in ids {
        requirements::remove(
            state,
            id,
            "a colony was founded on its square".into(),
            events,
        );
    }
    if state.field.terrain(at) != crate::terrain::Terrain::Plains {
        set_terrain(state, at, crate::terrain::Terrain::Plains, events);
    }
    raise_colony(state, at, crate::Player::Neutral, None, 0, events);
    requirements::recheck(state, Host::Square { at }, events);
}

/// A colony of `owner` rises on `at` (its Colony helper cast, the town list told, the
/// `structure_founded` event); the caller rechecks the square. Found City, Encampment.
pub(crate) fn raise_colony(
    state: &mut GameState,
    at: crate::Square,
    owner: crate::Player,
    mana: Option<crate::mana::ManaType>,
    captured: u32,
    events: &mut Vec<Event>,
) {
    use crate::map::{Structure, StructureKind};
    state.field.set_structure(
        at,
        Some(Structure {
            kind: StructureKind::Colony,
            owner,
        }),
    );
    state.towns.push(crate::game::state::TownInfo {
        at,
        mana,
        captured,
        guests: None,
    });
    state.add_active(
        SpellRef::Colony,
        crate::Player::Neutral,
        Host::Square { at },
        None,
        false,
    );
    events.push(Event::StructureFounded {
        at,
        kind: StructureKind::Colony,
    });
}

/// Entropia: a colony is destroyed (its Colony helper leaves play, which ends it); a
/// town loses every spell on its square.
pub(crate) fn entropy(state: &mut GameState, at: crate::Square, events: &mut Vec<Event>) {
    use crate::map::StructureKind;
    let kind = state.field.structure(at).map(|s| s.kind);
    let ids: Vec<u32> = state
        .active
        .iter()
        .filter(|a| {
            a.host == (Host::Square { at })
                && match kind {
                    Some(StructureKind::Colony) => a.spell == SpellRef::Colony,
                    _ => matches!(a.spell, SpellRef::Card(_)),
                }
        })
        .map(|a| a.id)
        .collect();
    for id in ids {
        requirements::remove(state, id, "entropy".into(), events);
    }
}

/// The Colony rule: when a colony's helper leaves play the colony ends — its owner
/// loses it (a structure delta of −1), waiting novices are lost, and the square
/// rechecks (structure flux).
pub fn end_colony(state: &mut GameState, at: crate::Square, events: &mut Vec<Event>) {
    let Some(st) = state.field.structure(at) else {
        return;
    };
    if let Some(side) = st.owner.side() {
        state.players[side.index()].delta -= 1;
    }
    state.field.set_structure(at, None);
    state.field.set_novices(at, 0);
    state.towns.retain(|t| t.at != at);
    events.push(Event::StructureDestroyed { at, kind: st.kind });
    requirements::recheck(state, Host::Square { at }, events);
}

/// Changes a square's terrain: the old terrain helper leaves play and the new one is
/// cast (the engine's privilege), and the square rechecks its spells, as does a group
/// standing there.
pub fn set_terrain(
    state: &mut GameState,
    at: crate::Square,
    terrain: crate::terrain::Terrain,
    events: &mut Vec<Event>,
) {
    state.field.set_terrain(at, terrain);
    state
        .active
        .retain(|a| !(a.spell == SpellRef::Terrain && a.host == (Host::Square { at })));
    state.add_active(
        SpellRef::Terrain,
        crate::Player::Neutral,
        Host::Square { at },
        None,
        false,
    );
    events.push(Event::TerrainChanged { at, terrain });
    requirements::recheck(state, Host::Square { at }, events);
    if let Some(g) = state.unit_at(at).map(|u| u.id) {
        requirements::recheck(state, Host::Group { group: g }, events);
    }
}
