//! Effects of single cards that fit no wider family (S35): a new hand (Leap of Faith),
//! monsters sacrificed for a greater one (Volgaris), monsters replaced by Misfits
//! (Devolution), monsters set loose (Betrayal) and a rift that spills strangers onto
//! the board (Cessao Rift).

use crate::cards::{Effect, MonsterDef};
use crate::game::events::Event;
use crate::game::state::{GameState, Host, SpellRef};
use crate::groups::{Control, Minion, Nation, RecruitClass};
use crate::player::{Player, Side};

/// The effects of this module, as a card executes on what it was aimed at.
pub fn apply(
    state: &mut GameState,
    side: Side,
    aim: crate::game::orders::Aim,
    effect: Effect,
    events: &mut Vec<Event>,
) {
    use crate::game::orders::Aim;
    match (effect, aim) {
        (Effect::Mulligan, _) => mulligan(state, side, events),
        (Effect::Sacrifice { monster }, Aim::Group { group }) => {
            sacrifice(state, side, group, monster, events)
        }
        (Effect::Devolve, Aim::Group { group }) => devolve(state, side, group, events),
        (Effect::Release, Aim::Group { group }) => release(state, group, events),
        (Effect::King { stats }, Aim::Structure { at }) => crown(state, side, at, stats, events),
        (
            Effect::Enlist {
                count,
                class,
                nation,
            },
            Aim::Group { group },
        ) => enlist(state, side, group, count, class, nation, events),
        _ => {}
    }
}

/// Leap of Faith: the cards left in the caster's hand go back into the deck, which is
/// shuffled, and as many are drawn.
pub fn mulligan(state: &mut GameState, side: Side, events: &mut Vec<Event>) {
    let rng = &mut state.rng;
    let p = &mut state.players[side.index()];
    let n = p.hand.len();
    p.deck.append(&mut p.hand);
    p.revolving.clear();
    rng.shuffle(&mut p.deck);
    for _ in 0..n {
        if !crate::game::start::draw_one(p, side, events) {
            break;
        }
    }
}

/// A group leaves the board without dying: no death effects, its spells leave play
/// with it ("replaced by", research §8).
fn remove_group(state: &mut GameState, group: u32) {
    state.units.retain(|u| u.id != group);
    state.bury();
}

/// Volgaris: the caster's monster group is sacrificed and `monster` rises on its square.
pub fn sacrifice(
    state: &mut GameState,
    side: Side,
    group: u32,
    monster: MonsterDef,
    events: &mut Vec<Event>,
) {
    let Some(at) = state.unit(group).map(|u| u.at) else {
        return;
    };
    for m in state
        .unit(group)
        .map(|u| u.group.minions().to_vec())
        .unwrap_or_default()
    {
        events.push(Event::MinionDied {
            group,
            minion: m.id,
        });
    }
    remove_group(state, group);
    events.push(Event::GroupDied { group });
    let minions = (0..monster.count.max(1))
        .map(|_| crate::game::scenario::monster_minion(&monster))
        .collect();
    let new = state.create_group(side.into(), Control::Computer, at, minions);
    events.push(Event::Summoned {
        side,
        group: new,
        at,
    });
}

/// Devolution: every monster of the group is replaced by a neutral Misfit recruit of a
/// random class at level 0; the new group is the neutral player's, run by the computer.
pub fn devolve(state: &mut GameState, side: Side, group: u32, events: &mut Vec<Event>) {
    let Some((at, n)) = state.unit(group).map(|u| (u.at, u.group.minions().len())) else {
        return;
    };
    remove_group(state, group);
    events.push(Event::GroupDied { group });
    let minions = (0..n)
        .map(|_| Minion::recruit(random_class(state), Some(Nation::Misfits), 0, false))
        .collect();
    let new = state.create_group(Player::Neutral, Control::Computer, at, minions);
    crate::game::effects::refresh_group(state, new);
    events.push(Event::Summoned {
        side,
        group: new,
        at,
    });
}

fn random_class(state: &mut GameState) -> RecruitClass {
    *state
        .rng
        .choose(&[RecruitClass::Swordsman, RecruitClass::Archer])
        .unwrap_or(&RecruitClass::Swordsman)
}

/// Betrayal: the group turns on its owner and belongs to nobody (the neutral player,
/// hostile to all); its movement order this turn is cancelled.
pub fn release(state: &mut GameState, group: u32, events: &mut Vec<Event>) {
    crate::game::spells::change_owner(state, group, Player::Neutral, true, events);
}

/// The chance in five that a Cessao Rift opens at a start of turn.
const RIFT_ODDS: u32 = 5;

/// "At start of turn", each Cessao Rift on an unoccupied square without a structure
/// opens one time in five: a neutral group of one to four recruits of one random nation
/// steps out, each of a random class, some wounded (0 to 3 damage) and about half of
/// them carrying a random enchantment (a Chaos Feature's spell, cast as a helper).
pub fn rifts(state: &mut GameState, events: &mut Vec<Event>) {
    let squares: Vec<(crate::Square, Side)> = state
        .active
        .iter()
        .filter_map(|a| match (a.spell, a.host, a.owner.side()) {
            (SpellRef::Card(c), Host::Square { at }, Some(side))
                if c.def().effects().contains(&Effect::Rift) =>
            {
                Some((at, side))
            }
            _ => None,
        })
        .collect();
    for (at, side) in squares {
        if state.unit_at(at).is_some() || state.field.structure(at).is_some() {
            continue;
        }
        if state.rng.below(RIFT_ODDS) != 0 {
            continue;
        }
        let nation = *state.rng.choose(&Nation::ALL).unwrap_or(&Nation::Misfits);
        let n = 1 + state.rng.below(4) as usize;
        let mut minions = Vec::with_capacity(n);
        for _ in 0..n {
            let mut m = Minion::recruit(
                random_class(state),
                Some(nation),
                crate::stats::START_LEVEL,
                false,
            );
            m.damage = (state.rng.below(4) as u8).min(m.hit_points.saturating_sub(1));
            minions.push(m);
        }
        let group = state.create_group(Player::Neutral, Control::Computer, at, minions);
        events.push(Event::Summoned { side, group, at });
        let ids: Vec<u32> = state
            .unit(group)
            .map(|u| u.group.minions().iter().map(|m| m.id).collect())
            .unwrap_or_default();
        for minion in ids {
            if state.rng.below(2) == 0 {
                crate::game::chaos::twist(state, minion, events);
            }
        }
    }
}

/// Ancient King: a Dwarven swordsman of these numbers appears in the structure (joining
/// the group there or forming one), carrying the hidden Kingship; his group carries the
/// hidden Court that [`legacy`] watches.
pub fn crown(
    state: &mut GameState,
    side: Side,
    at: crate::Square,
    stats: crate::groups::Stats,
    events: &mut Vec<Event>,
) {
    let king = Minion::with_stats(
        crate::groups::MinionKind::Recruit {
            class: RecruitClass::Swordsman,
            nation: Some(Nation::Dwarves),
            hero: false,
        },
        stats,
    );
    let Some(group) = crate::game::founding::recruit_in(state, side, at, king) else {
        return;
    };
    events.push(Event::Recruited { side, group, at });
    let newest = state
        .unit(group)
        .and_then(|u| u.group.minions().iter().map(|m| m.id).max());
    crate::game::founding::newest_created(state, group, at, events);
    if let Some(minion) = newest {
        crate::game::gifts::give(state, minion, crate::game::state::Trophy::Kingship, events);
    }
    legacy(state, events);
}

/// Ancient King's Legacy, checked after spell execution, movement, combat and the start
/// of turn: a Court follows each living King into the group he is in, and a Court whose
/// group no longer holds its King (he died) leaves play, giving every member Legacy.
pub fn legacy(state: &mut GameState, events: &mut Vec<Event>) {
    use crate::game::state::Trophy;
    // One pass over the active list; most games have no King, and then nothing is
    // allocated.
    let mut king_minions: Vec<u32> = Vec::new();
    let mut courts: Vec<(u32, u32)> = Vec::new();
    for a in &state.active {
        match (a.spell, a.host) {
            (SpellRef::Trophy(Trophy::Kingship), Host::Minion { minion }) => {
                king_minions.push(minion);
            }
            (SpellRef::Trophy(Trophy::Court), Host::Group { group }) => courts.push((a.id, group)),
            _ => {}
        }
    }
    if king_minions.is_empty() && courts.is_empty() {
        return;
    }
    let kings: Vec<u32> = king_minions
        .into_iter()
        .filter_map(|minion| crate::game::effects::group_of(state, minion))
        .collect();
    for &group in &kings {
        if !courts.iter().any(|&(_, g)| g == group) {
            state.add_active(
                SpellRef::Trophy(Trophy::Court),
                Player::Neutral,
                Host::Group { group },
                None,
                false,
            );
        }
    }
    for (id, group) in courts {
        if kings.contains(&group) {
            continue;
        }
        state.active.retain(|a| a.id != id);
        let members: Vec<u32> = state
            .unit(group)
            .map(|u| u.group.minions().iter().map(|m| m.id).collect())
            .unwrap_or_default();
        for minion in members {
            crate::game::gifts::give(state, minion, Trophy::Legacy, events);
        }
    }
}

/// Dark Minion, Nomadic Tribe: recruits join the caster's group as trained ones do; a
/// group that may not be joined takes none, and a full one no more.
fn enlist(
    state: &mut GameState,
    side: Side,
    group: u32,
    count: u8,
    class: RecruitClass,
    nation: Nation,
    events: &mut Vec<Event>,
) {
    let Some((at, closed)) = state.unit(group).map(|u| (u.at, u.group.effects.no_join)) else {
        return;
    };
    if closed {
        return;
    }
    for _ in 0..count {
        let m = Minion::recruit(class, Some(nation), crate::stats::START_LEVEL, false);
        if crate::game::founding::recruit_in(state, side, at, m).is_none() {
            break;
        }
        events.push(Event::Recruited { side, group, at });
    }
    // Minion exchange: the members recheck their spells.
    crate::game::requirements::recheck(state, Host::Group { group }, events);
}
