//! Spells that shake the board: the end of every recruit (Apocalypse), a group carried
//! off (Bolt of Somersaults), an earthquake's neighbours (Earthquake), and damage that
//! returns at each start of turn (Ergotism).

use crate::cards::Effect;
use crate::game::events::Event;
use crate::game::state::{GameState, Host, SpellRef};
use crate::groups::Capabilities;

/// Every recruit on the board dies ("dies": no attacker).
pub fn kill_recruits(state: &mut GameState, events: &mut Vec<Event>) {
    for u in &mut state.units {
        for m in u.group.minions_mut().iter_mut().filter(|m| m.is_recruit()) {
            let taken = m.health();
            m.damage += taken;
            events.push(Event::SpellDamage {
                group: u.id,
                minion: m.id,
                damage: taken,
                died: true,
            });
        }
    }
    crate::game::spells::bury_the_dead(state, events);
}

/// Carries a group to a random unoccupied square without a structure that it can
/// enter and that does it no harm (the game's generator draws it); it stays when
/// there is none.
pub fn teleport(state: &mut GameState, group: u32, events: &mut Vec<Event>) {
    let Some(u) = state.unit(group) else { return };
    let rules = crate::groups::StandardRules;
    let options: Vec<crate::Square> = open_squares(state)
        .filter(|&s| {
            rules.can_enter(&state.field, &u.group, s)
                && rules.hazard_on_enter(&state.field, &u.group, s) == crate::terrain::Hazard::None
        })
        .collect();
    let Some(&to) = state.rng.choose(&options) else {
        return;
    };
    if let Some(u) = state.unit_mut(group) {
        let from = u.at;
        u.at = to;
        events.push(Event::Teleported { group, from, to });
    }
    if crate::game::effects::area_modifiers(state) {
        crate::game::effects::refresh_group(state, group);
    }
}

/// The squares of the board with no group and no structure.
pub(crate) fn open_squares(state: &GameState) -> impl Iterator<Item = crate::Square> + '_ {
    state
        .field
        .board()
        .squares()
        .iter()
        .copied()
        .filter(|&s| state.unit_at(s).is_none() && state.field.structure(s).is_none())
}

/// The neighbours of an earthquake: each colony orthogonally next to `at` is destroyed
/// (its Colony helper leaves play), and every minion of a group standing there takes
/// 0 to 4 magical damage, drawn one by one.
pub fn quake(state: &mut GameState, at: crate::Square, events: &mut Vec<Event>) {
    for s in at.orthogonal() {
        if !state.field.board().is_playable(s) {
            continue;
        }
        let colony: Vec<u32> = state
            .active
            .iter()
            .filter(|a| a.spell == SpellRef::Colony && a.host == (Host::Square { at: s }))
            .map(|a| a.id)
            .collect();
        for id in colony {
            crate::game::requirements::remove(state, id, "an earthquake".into(), events);
        }
        let minions: Vec<u32> = state
            .unit_at(s)
            .map(|u| u.group.minions().iter().map(|m| m.id).collect())
            .unwrap_or_default();
        for m in minions {
            let amount = state.rng.below(5) as u8;
            crate::game::spells::damage_minion(state, m, amount, events);
        }
    }
}

/// "Before combat": each square under Changing Lands takes a terrain drawn from its
/// list (a terrain change: the old helper leaves, the square and a group on it recheck).
pub fn before_combat(state: &mut GameState, events: &mut Vec<Event>) {
    crate::game::offboard::appear(state, events);
    let shifting: Vec<(crate::Square, &'static [crate::terrain::Terrain])> = state
        .active
        .iter()
        .filter_map(|a| match (a.spell, a.host) {
            (SpellRef::Card(c), Host::Square { at }) => {
                c.def().effects().iter().find_map(|e| match e {
                    Effect::ShiftingTerrain { terrains } => Some((at, *terrains)),
                    _ => None,
                })
            }
            _ => None,
        })
        .collect();
    for (at, terrains) in shifting {
        if let Some(&t) = state.rng.choose(terrains) {
            crate::game::spells::set_terrain(state, at, t, events);
        }
    }
}

/// "At start of turn" healing of monsters that regenerate (Entrail Eater).
pub fn regenerate(state: &mut GameState, events: &mut Vec<Event>) {
    let mut healed = Vec::new();
    for u in &mut state.units {
        let mut amount = 0u8;
        for m in u.group.minions_mut() {
            let crate::groups::MinionKind::Monster { kind } = &m.kind else {
                continue;
            };
            let regen = crate::game::scenario::monster_def(kind).map_or(0, |d| d.regenerates);
            let h = regen.min(m.damage);
            m.damage -= h;
            amount = amount.saturating_add(h);
        }
        if amount > 0 {
            healed.push((u.id, amount));
        }
    }
    for (group, amount) in healed {
        events.push(Event::Healed { group, amount });
    }
}

/// "At start of turn" damage: every minion carrying a spell that hurts it each turn
/// takes that much magical damage.
pub fn afflict(state: &mut GameState, events: &mut Vec<Event>) {
    let hurts: Vec<(u32, u8)> = state
        .active
        .iter()
        .filter_map(|a| match (a.spell, a.host) {
            (SpellRef::Card(c), Host::Minion { minion }) => {
                c.def().effects().iter().find_map(|e| match e {
                    Effect::DamageEachTurn { amount } => Some((minion, *amount)),
                    _ => None,
                })
            }
            (SpellRef::Trophy(t), Host::Minion { minion }) if t.damage_each_turn() > 0 => {
                Some((minion, t.damage_each_turn()))
            }
            _ => None,
        })
        .collect();
    for (minion, amount) in hurts {
        crate::game::spells::damage_minion(state, minion, amount, events);
    }
}

/// Deluge: every square without a structure orthogonally next to water (as it lies when
/// the spell executes) becomes water; the spell stays on each flooded square as a
/// conjuration and, when it leaves play there, the square becomes plains.
pub fn flood(
    state: &mut GameState,
    side: crate::Side,
    card: crate::cards::CardId,
    events: &mut Vec<Event>,
) {
    use crate::terrain::Terrain;
    let field = &state.field;
    let squares: Vec<crate::Square> = field
        .board()
        .squares()
        .iter()
        .copied()
        .filter(|&s| {
            field.terrain(s) != Terrain::Water
                && field.structure(s).is_none()
                && s.orthogonal()
                    .any(|n| field.board().is_playable(n) && field.terrain(n) == Terrain::Water)
        })
        .collect();
    let until = match card.def().spell_type {
        crate::cards::SpellType::Conjuration { turns } => Some(state.turn + u32::from(turns)),
        _ => None,
    };
    for at in squares {
        crate::game::spells::set_terrain(state, at, Terrain::Water, events);
        let spell = state.add_active(
            SpellRef::Card(card),
            side.into(),
            Host::Square { at },
            until,
            true,
        );
        events.push(Event::Enchanted { spell, card });
    }
}

/// A Deluge leaving a square (its time is up, or a dispel): the water drains to plains.
pub fn drain(
    state: &mut GameState,
    spell: &crate::game::state::ActiveSpell,
    events: &mut Vec<Event>,
) {
    if let (SpellRef::Card(card), Host::Square { at }) = (spell.spell, spell.host)
        && card.def().effects().contains(&Effect::Flood)
    {
        crate::game::spells::set_terrain(state, at, crate::terrain::Terrain::Plains, events);
    }
}
