//! The cards designed from a name (S50–S59) whose effects are their own: land that
//! changes in a sweep (Savannah, Seed on the Wind), parts (Parted Sea) or jumps (Jumping
//! Land); groups removed from the game (Shifting Sands, Cessao Spiral); squares that
//! breed monsters (Husks) or nurture them (Jungle); a light that leads groups astray
//! (Will o' the Wisp); wounds that close by themselves (Regeneration); a burnt page
//! (Pages to Dust), a pool that shows what comes (Scrying Pool) and a piper who only
//! plays (Elven Piper). Each hooks in
//! through a named event: on execution, before movement, at start of turn, when a
//! monster is summoned, when a spell leaves play, at the draw.

use crate::cards::{CardId, Effect};
use crate::game::events::Event;
use crate::game::state::{ActiveSpell, GameState, Host, SpellRef};
use crate::groups::{Capabilities, Control, StandardRules};
use crate::player::{Player, Side};
use crate::square::Square;
use crate::terrain::Terrain;

/// The effects of this module that act at once, as a card executes on what it was
/// aimed at.
pub fn apply(
    state: &mut GameState,
    side: Side,
    card: CardId,
    aim: crate::game::orders::Aim,
    effect: Effect,
    events: &mut Vec<Event>,
) {
    use crate::game::orders::Aim;
    match (effect, aim) {
        (Effect::Burn { count }, _) => burn(state, side.opponent(), count, events),
        (Effect::Sweep { terrain }, Aim::Square { at }) => {
            let squares: Vec<Square> = std::iter::once(at)
                .chain(at.orthogonal())
                .filter(|&s| state.field.board().is_playable(s))
                .filter(|&s| state.field.structure(s).is_none())
                .collect();
            change_all(state, &squares, terrain, events);
        }
        (Effect::Spread { from, onto }, _) => {
            let field = &state.field;
            let squares: Vec<Square> = field
                .board()
                .squares()
                .iter()
                .copied()
                .filter(|&s| onto.contains(&field.terrain(s)) && field.structure(s).is_none())
                .filter(|&s| {
                    s.orthogonal()
                        .any(|n| field.board().is_playable(n) && field.terrain(n) == from)
                })
                .collect();
            change_all(state, &squares, from, events);
        }
        (Effect::Remove, Aim::Group { group }) => remove_from_game(state, group, events),
        (Effect::JumpingLand, Aim::Group { group }) => {
            jumping_land(state, side, card, group, events)
        }
        _ => {}
    }
}

/// Every square given takes the terrain (each a terrain change; squares already of it
/// are left alone).
fn change_all(
    state: &mut GameState,
    squares: &[Square],
    terrain: Terrain,
    events: &mut Vec<Event>,
) {
    for &s in squares {
        if state.field.terrain(s) != terrain {
            crate::game::spells::set_terrain(state, s, terrain, events);
        }
    }
}

/// Pages to Dust: `count` random cards of `side`'s hand go to its Whirlpool.
fn burn(state: &mut GameState, side: Side, count: u8, events: &mut Vec<Event>) {
    for _ in 0..count {
        let n = state.players[side.index()].hand.len();
        if n == 0 {
            return;
        }
        let k = state.rng.below(n as u32) as usize;
        let p = &mut state.players[side.index()];
        let card = p.hand.remove(k);
        if card.def().revolver {
            p.take_revolver(card);
        }
        p.whirlpool.push(card);
        events.push(Event::Discarded {
            side,
            card: Some(card),
        });
    }
}

/// A group leaves the game: no death effects; its spells leave play with it.
pub fn remove_from_game(state: &mut GameState, group: u32, events: &mut Vec<Event>) {
    if state.unit(group).is_none() {
        return;
    }
    state.units.retain(|u| u.id != group);
    state.bury();
    events.push(Event::Vanished { group });
}

/// Jumping Land: the first mountain orthogonally next to the group (in board order)
/// leaps onto it.
fn jumping_land(
    state: &mut GameState,
    side: Side,
    card: CardId,
    group: u32,
    events: &mut Vec<Event>,
) {
    let Some(at) = state.unit(group).map(|u| u.at) else {
        return;
    };
    let mountain = at.orthogonal().find(|&s| {
        state.field.board().is_playable(s)
            && state.field.terrain(s) == Terrain::Mountain
            && state.field.structure(s).is_none()
    });
    let Some(from) = mountain else {
        events.push(Event::SpellSquandered {
            side,
            card,
            reason: "no mountain beside the group".into(),
        });
        return;
    };
    crate::game::spells::set_terrain(state, from, Terrain::BarrenLand, events);
    crate::game::spells::set_terrain(state, at, Terrain::Mountain, events);
    // Standing on a mountain needs a way across mountains (Mountainwalk, Flight), not
    // leave to enter the square (a Terrain-Bind does not bind a group to where it is).
    let stands = state
        .unit(group)
        .is_some_and(|u| StandardRules.mountainwalk(&u.group) || StandardRules.flight(&u.group));
    if !stands {
        remove_from_game(state, group, events);
    }
}

/// The card spells with an effect of `want`'s kind, with their hosts and owners.
fn spells_with(
    state: &GameState,
    want: impl Fn(&Effect) -> bool,
) -> Vec<(u32, Host, Player, Effect)> {
    state
        .active
        .iter()
        .filter_map(|a| match a.spell {
            SpellRef::Card(c) => c
                .def()
                .effects()
                .iter()
                .find(|e| want(e))
                .map(|e| (a.id, a.host, a.owner, *e)),
            _ => None,
        })
        .collect()
}

/// "At start of turn", after the rifts: Regeneration heals its minion, a Cessao Spiral
/// swallows a group of another player standing on it, Husks breed.
pub fn start_of_turn(state: &mut GameState, events: &mut Vec<Event>) {
    // One pass over the active list finds all three kinds (in casting order within
    // each kind); the rest of the turn acts on what it found.
    let found = spells_with(state, |e| {
        matches!(
            e,
            Effect::HealEachTurn { .. } | Effect::Swallow | Effect::Brood { .. }
        )
    });
    if found.is_empty() {
        return;
    }
    for &(_, host, _, effect) in &found {
        if let (Host::Minion { minion }, Effect::HealEachTurn { amount }) = (host, effect) {
            heal_minion(state, minion, amount, events);
        }
    }
    for &(id, host, owner, effect) in &found {
        let (Host::Square { at }, Effect::Swallow) = (host, effect) else {
            continue;
        };
        let Some(victim) = state
            .unit_at(at)
            .filter(|u| u.group.owner != owner)
            .map(|u| u.id)
        else {
            continue;
        };
        remove_from_game(state, victim, events);
        crate::game::requirements::remove(state, id, "the spiral closed".into(), events);
    }
    for &(id, host, owner, effect) in &found {
        if let (Host::Square { at }, Effect::Brood { monster }) = (host, effect)
            && state.active.iter().any(|a| a.id == id)
        {
            brood(state, id, at, owner, &monster, events);
        }
    }
}

/// Heals damage on one minion (never above its hit points).
fn heal_minion(state: &mut GameState, minion: u32, amount: u8, events: &mut Vec<Event>) {
    let Some(group) = crate::game::effects::group_of(state, minion) else {
        return;
    };
    let healed = state
        .unit_mut(group)
        .and_then(|u| u.group.minions_mut().iter_mut().find(|m| m.id == minion))
        .map_or(0, |m| {
            let h = amount.min(m.damage);
            m.damage -= h;
            h
        });
    if healed > 0 {
        events.push(Event::Healed {
            group,
            amount: healed,
        });
    }
}

/// Husks at a start of turn: a group of another player on the square ends the spell;
/// otherwise a husk crawls out, joining the owner's husks there (up to a group's
/// limit) or forming a group on the empty square.
fn brood(
    state: &mut GameState,
    id: u32,
    at: Square,
    owner: Player,
    monster: &crate::cards::MonsterDef,
    events: &mut Vec<Event>,
) {
    let here = state.unit_at(at).map(|u| {
        let kin = u.group.owner == owner
            && u.group.minions().iter().all(|m| {
                matches!(&m.kind, crate::groups::MinionKind::Monster { kind } if kind == monster.kind)
            });
        (u.id, u.group.owner != owner, kin, u.group.size())
    });
    let side = owner.side().unwrap_or(Side::Red);
    match here {
        Some((_, true, _, _)) => {
            crate::game::requirements::remove(state, id, "an enemy group entered".into(), events);
        }
        Some((group, false, true, size)) if size < crate::groups::MAX_GROUP => {
            let m = state.enlist(crate::game::scenario::monster_minion(monster));
            if let Some(u) = state.unit_mut(group)
                && u.group.add(m).is_ok()
            {
                crate::game::effects::refresh_group(state, group);
                events.push(Event::Summoned { side, group, at });
            }
        }
        Some(_) => {}
        None if state.field.structure(at).is_none() => {
            let minions = vec![crate::game::scenario::monster_minion(monster)];
            let group = state.create_group(owner, Control::Computer, at, minions);
            events.push(Event::Summoned { side, group, at });
        }
        None => {}
    }
}

/// "When a monster is summoned" on a square: each Jungle there gives every monster of
/// the new group its item.
pub fn nurture(state: &mut GameState, at: Square, group: u32, events: &mut Vec<Event>) {
    let items: Vec<crate::game::state::Trophy> =
        spells_with(state, |e| matches!(e, Effect::Nurture { .. }))
            .into_iter()
            .filter(|(_, host, _, _)| *host == Host::Square { at })
            .filter_map(|(_, _, _, e)| match e {
                Effect::Nurture { item } => Some(item),
                _ => None,
            })
            .collect();
    if items.is_empty() {
        return;
    }
    let minions: Vec<u32> = state
        .unit(group)
        .map(|u| u.group.minions().iter().map(|m| m.id).collect())
        .unwrap_or_default();
    for item in items {
        for &m in &minions {
            crate::game::gifts::give(state, m, item, events);
        }
    }
}

/// "When a spell leaves play": a parted sea closes again.
pub fn on_leave(state: &mut GameState, spell: &ActiveSpell, events: &mut Vec<Event>) {
    if let (SpellRef::Card(card), Host::Square { at }) = (spell.spell, spell.host) {
        for e in card.def().effects() {
            if let Effect::Recede { after, .. } = *e {
                crate::game::spells::set_terrain(state, at, after, events);
            }
        }
    }
}

/// Whether `side` has a Scrying Pool (a card with Foresight) in play.
pub fn foresight(state: &GameState, side: Side) -> bool {
    state.active.iter().any(|a| {
        a.owner == Player::from(side)
            && matches!(a.spell, SpellRef::Card(c) if c.def().effects().contains(&Effect::Foresight))
    })
}

/// Before movement, Will o' the Wisp: one orthogonal step from the group toward the
/// nearest square of one of `terrains` (the first such step in board order on a tie),
/// into it when the group stands next to it (water then turns it back: it stays on the
/// shore); `None` when there is none.
pub fn beckon_step(state: &GameState, group: u32, terrains: &[Terrain]) -> Option<Square> {
    let u = state.unit(group)?;
    let board = state.field.board();
    let goal = board
        .squares()
        .iter()
        .copied()
        .filter(|&s| s != u.at && terrains.contains(&state.field.terrain(s)))
        .min_by_key(|s| s.manhattan(u.at))?;
    u.at.orthogonal()
        .filter(|s| board.is_playable(*s))
        .min_by_key(|s| s.manhattan(goal))
        .filter(|s| s.manhattan(goal) < u.at.manhattan(goal))
}

/// "At start of combat": an Elven Piper on either group plays (nothing else happens).
pub fn pipes(state: &GameState, groups: [u32; 2], events: &mut Vec<Event>) {
    for group in groups {
        let piped = state.active.iter().any(|a| {
            a.host == (Host::Group { group })
                && matches!(a.spell, SpellRef::Card(c) if c.def().effects().contains(&Effect::Pipes))
        });
        if piped {
            events.push(Event::Piped { group });
        }
    }
}
