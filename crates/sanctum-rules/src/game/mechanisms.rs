//! Hooks for cards that needed one more mechanism each (S42): novices of another
//! nation (Allies), mana with a condition (Willing Supplicants, Druid), mana that comes
//! with a capture (Dracha's Trade), a price paid every turn (The Pact Is Sealed), a
//! fog over the rest of a group (Chaos Fog) and a ward against houses (Druid).
//!
//! Each hook is called from the step of the turn it belongs to (training, capture,
//! mana generation, targeting); none of those steps knows the cards.

use crate::cards::{CardId, Effect};
use crate::game::events::Event;
use crate::game::orders::{Aim, PendingCast};
use crate::game::state::{ActiveSpell, GameState, Host, SpellRef, Unit};
use crate::groups::Nation;
use crate::mana::{House, Mana};
use crate::player::{Player, Side};

/// The effects of this module, as a card executes on what it was aimed at.
pub fn apply(
    state: &mut GameState,
    cast: &PendingCast,
    aim: Aim,
    effect: Effect,
    marker: u32,
    events: &mut Vec<Event>,
) {
    let (side, card) = (cast.side, cast.card);
    let host = match (effect, aim) {
        (Effect::Novices { count, nation }, Aim::Structure { at }) => {
            welcome(state, side, at, count, nation, events);
            None
        }
        (Effect::HeldMana { .. }, Aim::Structure { at }) => Some(Host::Square { at }),
        (Effect::CaptureMana { .. }, Aim::Globe) | (Effect::Toll { .. }, _) => Some(Host::Globe),
        (
            Effect::Fog | Effect::Shun { .. } | Effect::TerrainMana { .. },
            Aim::Minion { minion },
        ) => Some(Host::Minion { minion }),
        (Effect::HealIn { .. }, Aim::Group { group }) => Some(Host::Group { group }),
        (Effect::Guard { .. }, Aim::Minion { minion }) => Some(Host::Minion { minion }),
        (Effect::Jar, Aim::Group { group }) => Some(Host::Group { group }),
        (Effect::Rebirth { turns }, Aim::Minion { minion }) => {
            crate::game::boardhop::rebirth(state, minion, turns, events);
            None
        }
        (Effect::Encamp { turns }, Aim::Group { group }) => {
            crate::game::boardhop::encamp(state, group, turns, events).map(|at| Host::Square { at })
        }
        (Effect::Exchange, Aim::Minion { minion }) => {
            crate::game::leaving::exchange(state, side, minion, events);
            None
        }
        (Effect::Homeward, Aim::Structure { at }) => state
            .field
            .structure(at)
            .filter(|s| s.kind == crate::map::StructureKind::Town)
            .map(|_| Host::Square { at }),
        (
            Effect::Companion {
                class,
                nation,
                stats,
            },
            Aim::Group { group },
        ) => companion(state, side, group, class, nation, stats, events)
            .map(|minion| Host::Minion { minion }),
        _ => None,
    };
    if let Some(host) = host {
        crate::game::spells::activate(state, side, card, marker, host, events);
        crate::game::effects::refresh_host(state, host);
    }
}

/// A companion joins `group` (Bellwether's cow, a Bard); its id, or `None` when the
/// group may not be joined or is full.
fn companion(
    state: &mut GameState,
    side: Side,
    group: u32,
    class: crate::groups::RecruitClass,
    nation: Option<Nation>,
    stats: crate::groups::Stats,
    events: &mut Vec<Event>,
) -> Option<u32> {
    let u = state.unit(group)?;
    if u.group.effects.no_join || u.group.size() >= crate::groups::MAX_GROUP {
        return None;
    }
    let at = u.at;
    let kind = crate::groups::MinionKind::Recruit {
        class,
        nation,
        hero: false,
    };
    let m = crate::groups::Minion::with_stats(kind, stats);
    crate::game::founding::recruit_in(state, side, at, m)?;
    events.push(Event::Recruited { side, group, at });
    let id = state
        .unit(group)
        .and_then(|u| u.group.minions().iter().map(|m| m.id).max());
    // Minion exchange: the members recheck their spells.
    crate::game::requirements::recheck(state, Host::Group { group }, events);
    id
}

/// Allies: novices of `nation` join the structure's waiting novices, up to the limit.
fn welcome(
    state: &mut GameState,
    side: Side,
    at: crate::Square,
    count: u8,
    nation: Nation,
    events: &mut Vec<Event>,
) {
    let have = state.field.novices(at);
    let room = crate::stats::MAX_NOVICES.saturating_sub(have);
    let added = count.min(room);
    let Some(t) = state.towns.iter_mut().find(|t| t.at == at) else {
        return;
    };
    let waiting = match t.guests {
        Some((n, k)) if n == nation => k,
        _ => 0,
    };
    t.guests = Some((nation, waiting + added));
    state.field.set_novices(at, have + added);
    for _ in 0..added {
        events.push(Event::NoviceProduced { at, owner: side });
    }
}

/// The nation of the next novice trained in a structure: a guest's (Allies) while any
/// wait, else the player's house's.
pub fn next_novice(state: &mut GameState, side: Side, at: crate::Square) -> Nation {
    let own = state.players[side.index()].house.nation();
    let Some(t) = state.towns.iter_mut().find(|t| t.at == at) else {
        return own;
    };
    match t.guests {
        Some((nation, k)) if k > 0 => {
            t.guests = (k > 1).then_some((nation, k - 1));
            nation
        }
        _ => own,
    }
}

/// The card spells in play with their effects.
fn card_effects(state: &GameState) -> impl Iterator<Item = (&ActiveSpell, Effect)> + '_ {
    state.active.iter().flat_map(|a| {
        let effects: &[Effect] = match a.spell {
            SpellRef::Card(card) => card.def().effects(),
            _ => &[],
        };
        effects.iter().map(move |e| (a, *e))
    })
}

/// The group and square of a minion.
fn minion_at(state: &GameState, minion: u32) -> Option<&Unit> {
    crate::game::effects::group_of(state, minion).and_then(|g| state.unit(g))
}

/// Mana generation (step 8): conditional mana and tolls for `side`.
pub fn adjust_mana(state: &GameState, side: Side, mana: &mut Mana) {
    let me = Player::from(side);
    let mut toll = Mana::default();
    for (a, effect) in card_effects(state) {
        match (effect, a.host) {
            (
                Effect::HeldMana {
                    mana: t,
                    amount,
                    recruits,
                },
                Host::Square { at },
            ) if state.field.structure(at).is_some_and(|s| s.owner == me) => {
                let held = state
                    .unit_at(at)
                    .filter(|u| u.group.owner == me && u.group.is_recruit_group())
                    .map_or(0, |u| u.group.size());
                if held >= recruits as usize {
                    mana.add(t, amount as u16);
                }
            }
            (
                Effect::TerrainMana {
                    mana: t,
                    amount,
                    terrain,
                },
                Host::Minion { minion },
            ) if a.owner == me
                && minion_at(state, minion)
                    .is_some_and(|u| state.field.terrain(u.at) == terrain) =>
            {
                mana.add(t, amount as u16);
            }
            (Effect::Toll { mana: t, amount }, Host::Globe) if a.owner == me => {
                toll.add(t, amount as u16);
            }
            _ => {}
        }
    }
    for t in crate::mana::ManaType::ALL {
        mana.0[t.index()] = mana.get(t).saturating_sub(toll.get(t));
    }
}

/// A capture (step 5) by `by`: its Dracha's Trades pay out and leave play.
pub fn on_capture(state: &mut GameState, by: Side, events: &mut Vec<Event>) {
    let me = Player::from(by);
    let trades: Vec<(u32, crate::mana::ManaType, u8)> = card_effects(state)
        .filter_map(|(a, e)| match e {
            Effect::CaptureMana { mana, amount } if a.owner == me && a.host == Host::Globe => {
                Some((a.id, mana, amount))
            }
            _ => None,
        })
        .collect();
    for (id, mana, amount) in trades {
        state.players[by.index()]
            .next_turn_mana
            .add(mana, amount as u16);
        crate::game::requirements::remove(state, id, "its trade is made".into(), events);
    }
}

/// Whether a minion of `unit` is hidden in a Chaos Fog cast on another member.
pub fn fogged(state: &GameState, unit: &Unit, minion: u32) -> bool {
    card_effects(state).any(|(a, e)| {
        e == Effect::Fog
            && matches!(a.host, Host::Minion { minion: m }
                if m != minion && unit.group.minions().iter().any(|x| x.id == m))
    })
}

/// The house whose individual spells a minion is warded from (Druid), if `card` is one.
pub fn shunned(state: &GameState, card: CardId, minion: u32) -> Option<House> {
    let house = card.def().house;
    card_effects(state)
        .any(|(a, e)| {
            a.host == (Host::Minion { minion })
                && matches!(e, Effect::Shun { houses } if houses.contains(&house))
        })
        .then_some(house)
}

/// Whether a minion is an unaltered recruit: no card spell or item of a player's on it
/// or on its group (the engine's nation, terrain and ability helpers do not count).
pub fn unaltered(state: &GameState, group: u32, m: &crate::groups::Minion) -> bool {
    m.is_recruit()
        && !state.active.iter().any(|a| {
            matches!(a.spell, SpellRef::Card(_) | SpellRef::Trophy(_))
                && (a.host == (Host::Minion { minion: m.id }) || a.host == (Host::Group { group }))
        })
}

/// Whether a minion takes no damage from unaltered recruits (Sylph, Faerie Knight).
pub fn shrugs_unaltered(m: &crate::groups::Minion) -> bool {
    match &m.kind {
        crate::groups::MinionKind::Monster { kind } => {
            crate::game::scenario::monster_def(kind).is_some_and(|d| d.shrugs_unaltered)
        }
        crate::groups::MinionKind::Recruit { .. } => false,
    }
}

/// Start of turn (step 2, with the other healing): groups under Crucible heal in lava
/// or volcano.
pub fn heal_in_terrain(state: &mut GameState, events: &mut Vec<Event>) {
    let heals: Vec<(u32, u8)> = card_effects(state)
        .filter_map(|(a, e)| match (e, a.host) {
            (Effect::HealIn { terrains, amount }, Host::Group { group }) => state
                .unit(group)
                .filter(|u| terrains.contains(&state.field.terrain(u.at)))
                .map(|_| (group, amount)),
            _ => None,
        })
        .collect();
    for (group, amount) in heals {
        crate::game::spells::heal_each(state, group, amount, events);
    }
}

/// The class and modifier a Bard's song gives the other members of its group.
pub fn song(
    a: &ActiveSpell,
) -> Option<(Option<crate::groups::RecruitClass>, crate::cards::Modifier)> {
    let SpellRef::Card(card) = a.spell else {
        return None;
    };
    card.def().effects().iter().find_map(|e| match e {
        Effect::Inspire { class, by } => Some((*class, *by)),
        _ => None,
    })
}

/// A card that brings a companion goes into play on it, so "one per group" is checked
/// on the members: a group with a member carrying the card refuses another. One guard
/// to a group, too (Whipping Boy and Brother Wolf exclude each other).
pub fn one_per_group(state: &GameState, card: CardId, aim: Aim) -> Result<(), String> {
    let has = |c: CardId, f: fn(&Effect) -> bool| c.def().effects().iter().any(f);
    let companion = has(card, |e| matches!(e, Effect::Companion { .. }));
    let guard = has(card, |e| matches!(e, Effect::Guard { .. }));
    let group = match aim {
        Aim::Group { group } => Some(group),
        Aim::Minion { minion } => crate::game::effects::group_of(state, minion),
        _ => None,
    };
    let Some(u) = group
        .and_then(|g| state.unit(g))
        .filter(|_| companion || guard)
    else {
        return Ok(());
    };
    let clash = state.active.iter().any(|a| {
        let SpellRef::Card(c) = a.spell else {
            return false;
        };
        let on_member = matches!(a.host, Host::Minion { minion } if u.group.minions().iter().any(|m| m.id == minion));
        on_member
            && ((companion && c == card)
                || (guard && has(c, |e| matches!(e, Effect::Guard { .. }))))
    });
    if clash {
        Err(format!("group {} already has '{card}' or a guard", u.id))
    } else {
        Ok(())
    }
}

/// A minion's guard duty, if it has one: `Some(bare)` (Brother Wolf's Wolf, a Whipping
/// Boy).
pub fn guard(state: &GameState, minion: u32) -> Option<bool> {
    card_effects(state).find_map(|(a, e)| match e {
        Effect::Guard { bare } if a.host == (Host::Minion { minion }) => Some(bare),
        _ => None,
    })
}
