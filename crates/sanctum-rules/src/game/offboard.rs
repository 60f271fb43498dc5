//! Off-board monsters (research §6: Arboriads, Brown Striders, Firewyrm): cast on the
//! globe, they wait off the board; before combat they appear on a square of their
//! terrain next to a group of another player, fight the combats of the turn like any
//! group, and after all combat they vanish (leaving the board without dying, their
//! spells with them). A hidden `OffBoard` helper marks them.

use crate::cards::{Effect, MonsterDef};
use crate::game::events::Event;
use crate::game::state::{GameState, Host, SpellRef, Trophy};
use crate::groups::Control;
use crate::player::{Player, Side};
use crate::terrain::Terrain;

/// One off-board monster waiting to appear: who cast it, and what.
struct Waiting {
    side: Side,
    monster: MonsterDef,
    from: &'static [Terrain],
    recruits_only: bool,
    scorch: bool,
}

/// "Before combat": every off-board monster cast this turn appears, in casting order.
pub fn appear(state: &mut GameState, events: &mut Vec<Event>) {
    let turn = state.turn;
    let waiting: Vec<Waiting> = state
        .active
        .iter()
        .filter(|a| a.host == Host::Globe && a.until == Some(turn))
        .filter_map(|a| {
            let SpellRef::Card(card) = a.spell else {
                return None;
            };
            let side = a.owner.side()?;
            card.def().effects().iter().find_map(|e| match *e {
                Effect::Ambush {
                    monster,
                    from,
                    recruits_only,
                    scorch,
                } => Some(Waiting {
                    side,
                    monster,
                    from,
                    recruits_only,
                    scorch,
                }),
                _ => None,
            })
        })
        .collect();
    for w in waiting {
        place(state, &w, events);
    }
}

/// The squares a monster may appear on: of its terrain, unoccupied, without a
/// structure, orthogonally next to a group of another player (a recruit group when it
/// hunts recruits only).
fn lairs(state: &GameState, w: &Waiting) -> Vec<crate::Square> {
    let me = Player::from(w.side);
    let prey = |s: crate::Square| {
        state.unit_at(s).is_some_and(|u| {
            u.group.owner != me && (!w.recruits_only || u.group.is_recruit_group())
        })
    };
    crate::game::upheaval::open_squares(state)
        .filter(|&s| w.from.contains(&state.field.terrain(s)) && s.orthogonal().any(prey))
        .collect()
}

fn place(state: &mut GameState, w: &Waiting, events: &mut Vec<Event>) {
    let lairs = lairs(state, w);
    let Some(&at) = state.rng.choose(&lairs) else {
        return;
    };
    if w.scorch {
        crate::game::spells::set_terrain(state, at, Terrain::Lava, events);
    }
    let minions = (0..w.monster.count.max(1))
        .map(|_| crate::game::scenario::monster_minion(&w.monster))
        .collect();
    let group = state.create_group(w.side.into(), Control::Computer, at, minions);
    state.add_active(
        SpellRef::Trophy(Trophy::OffBoard),
        Player::Neutral,
        Host::Group { group },
        None,
        false,
    );
    if w.monster.withdraw > 0
        && let Some(u) = state.unit_mut(group)
    {
        u.group.effects.withdraw_round = Some(w.monster.withdraw);
    }
    events.push(Event::Summoned {
        side: w.side,
        group,
        at,
    });
}

/// "After all combat": the off-board monsters still standing vanish.
pub fn vanish(state: &mut GameState, events: &mut Vec<Event>) {
    let gone: Vec<u32> = state
        .active
        .iter()
        .filter(|a| a.spell == SpellRef::Trophy(Trophy::OffBoard))
        .filter_map(|a| match a.host {
            Host::Group { group } => Some(group),
            _ => None,
        })
        .collect();
    if gone.is_empty() {
        return;
    }
    state.units.retain(|u| !gone.contains(&u.id));
    state.bury();
    for group in gone {
        events.push(Event::Vanished { group });
    }
}
