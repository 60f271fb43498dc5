//! Spell execution: every targeted spell, in the standard sequence, checks its
//! requirements again and then executes or squanders.

use crate::cards::{Effect, SpellType};
use crate::game::events::Event;
use crate::game::orders::{Aim, PendingCast, check_aim};
use crate::game::state::{ActiveSpell, GameState, Host, SpellRef};
use crate::groups::Control;
use crate::player::Side;

/// Executes the casts of both players: the initiative player's in the order targeted,
/// then the other player's (the neutral player casts nothing yet).
pub fn execute_all(state: &mut GameState, casts: [&[PendingCast]; 2], events: &mut Vec<Event>) {
    let first = state.initiative;
    for side in [first, first.opponent()] {
        for cast in casts[side.index()] {
            execute(state, cast, events);
        }
    }
}

fn execute(state: &mut GameState, cast: &PendingCast, events: &mut Vec<Event>) {
    let PendingCast {
        side,
        card,
        target,
        aim,
    } = *cast;
    if state.outcome.is_some() {
        return;
    }
    let checked = aim
        .ok_or_else(|| "its target was gone".to_string())
        .and_then(|aim| check_aim(state, side, card, aim).map(|_| aim));
    let aim = match checked {
        Ok(aim) => aim,
        Err(reason) => {
            events.push(Event::SpellSquandered { side, card, reason });
            return;
        }
    };
    events.push(Event::SpellCast { side, card, target });
    let def = card.def();
    match def.effect {
        Effect::ManaNextTurn { mana, amount } => {
            state.players[side.index()]
                .next_turn_mana
                .add(mana, amount as u16);
        }
        Effect::Summon { monster } => {
            if let Aim::Square { at } = aim {
                let minions = (0..monster.count.max(1))
                    .map(|_| crate::game::scenario::monster_minion(&monster))
                    .collect();
                let group = state.create_group(side.into(), Control::Computer, at, minions);
                events.push(Event::Summoned { side, group, at });
            }
        }
        Effect::DamageEach { amount } => {
            if let Aim::Group { group } = aim {
                damage_each(state, group, amount, events);
            }
        }
        Effect::Combat { .. } => {
            if let Aim::Minion { minion } = aim {
                activate(state, side, card, Host::Minion { minion }, events);
            }
        }
        Effect::Modify { .. } | Effect::Grant { .. } => {
            let host = match aim {
                Aim::Minion { minion } => Some(Host::Minion { minion }),
                Aim::Group { group } => Some(Host::Group { group }),
                _ => None,
            };
            if let Some(host) = host {
                activate(state, side, card, host, events);
                crate::game::effects::refresh_host(state, host);
                bury_the_dead(state, events);
            }
        }
    }
}

/// Puts an alteration or conjuration into play on its host.
fn activate(
    state: &mut GameState,
    side: Side,
    card: crate::cards::CardId,
    host: Host,
    events: &mut Vec<Event>,
) {
    let def = card.def();
    let until = match def.spell_type {
        SpellType::Conjuration { turns } => Some(state.turn + turns as u32),
        _ => None,
    };
    let id = state.add_active(SpellRef::Card(card), side.into(), host, until, def.visible);
    events.push(Event::Enchanted { spell: id, card });
}

/// Recomputes what an active spell's host is without it, once it has left play.
pub fn on_leave_play(state: &mut GameState, spell: &ActiveSpell) {
    crate::game::effects::refresh_host(state, spell.host);
}

/// Removes minions whose hit points a change of numbers took to their damage.
pub fn bury_the_dead(state: &mut GameState, events: &mut Vec<Event>) {
    let mut any = false;
    for u in &mut state.units {
        for m in u.group.remove_dead() {
            any = true;
            events.push(Event::MinionDied {
                group: u.id,
                minion: m.id,
            });
        }
    }
    if any {
        for g in state.bury() {
            events.push(Event::GroupDied { group: g });
        }
    }
}

/// Spell damage to every minion of a group: it ignores armor and has no attacker to
/// blame, so those it kills "die".
fn damage_each(state: &mut GameState, group: u32, amount: u8, events: &mut Vec<Event>) {
    let Some(u) = state.unit_mut(group) else {
        return;
    };
    for m in u.group.minions_mut() {
        let taken = amount.min(m.health());
        m.damage += taken;
        events.push(Event::SpellDamage {
            group,
            minion: m.id,
            damage: taken,
            died: !m.is_alive(),
        });
    }
    for m in u.group.remove_dead() {
        events.push(Event::MinionDied {
            group,
            minion: m.id,
        });
    }
    for g in state.bury() {
        events.push(Event::GroupDied { group: g });
    }
}
