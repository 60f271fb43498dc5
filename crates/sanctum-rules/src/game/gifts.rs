//! Helper items the engine casts on minions for a card (seed 002's visible helpers):
//! temporary effects (Karillian Venom, Nihil's Curse, Shadow's Chill), persistent
//! effects (Faerie Blessing, Thermite Damage) and generated items (Changelings,
//! Farm-boy). A card gives one with `Effect::Give` (on its target), `Effect::Endow` (on
//! recruits created in its structure, see `items.rs`) or a "hits give" combat ability;
//! once in play an item is an active spell like any other: its numbers come from
//! `effects.rs`, its damage each turn from `upheaval::afflict`, and a temporary one
//! leaves play at the start of the turn after its last.

use crate::game::events::Event;
use crate::game::orders::Aim;
use crate::game::state::{GameState, Host, SpellRef, Trophy};
use crate::player::Player;

/// The engine casts `item` on a minion as a helper (no requirement, no concealment, no
/// blocking). An item that is not cumulative does not arrive twice.
pub fn give(state: &mut GameState, minion: u32, item: Trophy, events: &mut Vec<Event>) {
    let Some(group) = crate::game::effects::group_of(state, minion) else {
        return;
    };
    let host = Host::Minion { minion };
    let has = state
        .active
        .iter()
        .any(|a| a.spell == SpellRef::Trophy(item) && a.host == host);
    if has && !item.cumulative() {
        return;
    }
    let until = item.lasts().map(|n| state.turn + n);
    state.add_active(
        SpellRef::Trophy(item),
        Player::Neutral,
        host,
        until,
        item.visible(),
    );
    events.push(Event::ItemGenerated { minion, item });
    crate::game::effects::refresh_group(state, group);
    // Spell flux on the minion.
    crate::game::requirements::recheck(state, host, events);
    crate::game::spells::bury_the_dead(state, events);
}

/// `Effect::Give`: the item on the target minion, or on every minion of the target
/// group.
pub fn give_to(state: &mut GameState, aim: Aim, item: Trophy, events: &mut Vec<Event>) {
    let minions: Vec<u32> = match aim {
        Aim::Minion { minion } => vec![minion],
        Aim::Group { group } => state
            .unit(group)
            .map(|u| u.group.minions().iter().map(|m| m.id).collect())
            .unwrap_or_default(),
        _ => Vec::new(),
    };
    for minion in minions {
        give(state, minion, item, events);
    }
}

/// "At start of turn": temporary items whose last turn has passed leave play (their
/// hosts recheck).
pub fn expire(state: &mut GameState, events: &mut Vec<Event>) {
    let turn = state.turn;
    let worn: Vec<u32> = state
        .active
        .iter()
        .filter(|a| matches!(a.spell, SpellRef::Trophy(_)) && a.until.is_some_and(|t| t < turn))
        .map(|a| a.id)
        .collect();
    for id in worn {
        let Some(pos) = state.active.iter().position(|a| a.id == id) else {
            continue;
        };
        let spell = state.active.remove(pos);
        crate::game::spells::on_leave_play(state, &spell, events);
        events.push(Event::SpellDispelled {
            spell: id,
            card: None,
            reason: "it wore off".into(),
        });
        crate::game::requirements::recheck(state, spell.host, events);
    }
}

/// Items that "hits give" handed out in a combat arrive on the victims still alive
/// when it ends.
pub fn after_combat(state: &mut GameState, given: &[(u32, Trophy)], events: &mut Vec<Event>) {
    for &(minion, item) in given {
        give(state, minion, item, events);
    }
}

/// Whether a minion wears a Greymantle (Clandestin): concealed from the other player's
/// individual spells, as in forest.
pub fn cloaked(state: &GameState, minion: u32) -> bool {
    state.active.iter().any(|a| {
        a.spell == SpellRef::Trophy(Trophy::Greymantle) && a.host == (Host::Minion { minion })
    })
}

/// The chance in four that a Bear Spirit changes shape at a start of turn.
const BEAR_ODDS: u32 = 4;

/// "At start of turn", each minion under Bear Spirit changes shape one time in four:
/// into its bear form (a hidden helper: +1 hand damage, +1 attack, 1 armor less) or
/// back; hit points, levels and spells stay.
pub fn bear_spirits(state: &mut GameState, events: &mut Vec<Event>) {
    let spirits: Vec<u32> = state
        .active
        .iter()
        .filter_map(|a| match (a.spell, a.host) {
            (SpellRef::Card(c), Host::Minion { minion })
                if c.def()
                    .effects()
                    .contains(&crate::cards::Effect::Shapeshift) =>
            {
                Some(minion)
            }
            _ => None,
        })
        .collect();
    for minion in spirits {
        if state.rng.below(BEAR_ODDS) != 0 {
            continue;
        }
        let bear = state.active.iter().position(|a| {
            a.spell == SpellRef::Trophy(Trophy::BearForm) && a.host == (Host::Minion { minion })
        });
        match bear {
            Some(pos) => {
                let spell = state.active.remove(pos);
                crate::game::spells::on_leave_play(state, &spell, events);
                events.push(Event::SpellDispelled {
                    spell: spell.id,
                    card: None,
                    reason: "back to its own shape".into(),
                });
            }
            None => give(state, minion, Trophy::BearForm, events),
        }
    }
}
