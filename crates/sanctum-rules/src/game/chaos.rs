//! Chaos Features (Unmaking): a Chaos Feature on a minion has the engine cast a random
//! individual spell of the pool on it as a helper, and a recruit carrying three or more
//! becomes a Misfit (research §5, §11). Bedlam hands one to every minion on its square
//! at each start of turn; Wrack hands two at once and keeps players' Chaos Features off.

use crate::cards::{CardId, Effect, SpellType};
use crate::game::events::Event;
use crate::game::state::{GameState, Host, SpellRef};
use crate::groups::{MinionKind, Nation};
use crate::player::Player;

/// The card id of the Chaos Feature, which helpers cast.
pub const CHAOS_FEATURE: &str = "chaos_feature";

/// Chaos Features that turn a recruit into a Misfit.
pub const FEATURES_TO_MISFIT: usize = 3;

/// The engine casts a Chaos Feature on a minion as a helper (ignoring blocking and
/// concealment), which then twists it.
pub fn give_feature(state: &mut GameState, minion: u32, events: &mut Vec<Event>) {
    let Some(card) = CardId::from_name(CHAOS_FEATURE) else {
        return;
    };
    if crate::game::effects::group_of(state, minion).is_none() {
        return;
    }
    let spell = state.add_active(
        SpellRef::Card(card),
        Player::Neutral,
        Host::Minion { minion },
        None,
        true,
    );
    events.push(Event::Enchanted { spell, card });
    twist(state, minion, events);
}

/// What a Chaos Feature does on arrival: a random individual alteration or conjuration
/// of the pool that fits the minion is cast on it as a helper (owned by the neutral
/// player, cumulative like every helper); then a recruit with enough features becomes
/// a Misfit.
pub fn twist(state: &mut GameState, minion: u32, events: &mut Vec<Event>) {
    let Some(group) = crate::game::effects::group_of(state, minion) else {
        return;
    };
    let class = state
        .unit(group)
        .and_then(|u| u.group.minions().iter().find(|m| m.id == minion))
        .map(|m| m.class());
    let Some(class) = class else { return };
    let pool: Vec<CardId> = CardId::all().filter(|c| twistable(*c, class)).collect();
    if let Some(&card) = state.rng.choose(&pool) {
        let def = card.def();
        let until = match def.spell_type {
            SpellType::Conjuration { turns } => Some(state.turn + u32::from(turns)),
            _ => None,
        };
        let spell = state.add_active(
            SpellRef::Card(card),
            Player::Neutral,
            Host::Minion { minion },
            until,
            def.visible,
        );
        events.push(Event::ChaosTwist {
            minion,
            spell,
            card,
        });
        crate::game::effects::refresh_group(state, group);
    }
    misfit(state, minion, events);
    crate::game::requirements::recheck(state, Host::Minion { minion }, events);
    crate::game::spells::bury_the_dead(state, events);
}

/// A spell a Chaos Feature may hand out: an individual alteration or conjuration whose
/// target fits the minion and whose every effect only changes numbers or combat.
fn twistable(card: CardId, class: Option<crate::groups::RecruitClass>) -> bool {
    let def = card.def();
    def.target.is_individual()
        && matches!(
            def.spell_type,
            SpellType::Alteration | SpellType::Conjuration { .. }
        )
        && crate::game::targeting::fits(def.target, class)
        && def.effects().iter().all(|e| match e {
            Effect::Modify { .. } => true,
            // The items "hits give" hands out are not Chaos spells (the pool of S30
            // stays as it was).
            Effect::Combat { ability } => {
                !matches!(ability, crate::cards::CombatAbility::HitsGive { .. })
            }
            _ => false,
        })
}

/// A recruit with [`FEATURES_TO_MISFIT`] Chaos Features or more becomes a Misfit.
fn misfit(state: &mut GameState, minion: u32, events: &mut Vec<Event>) {
    let Some(card) = CardId::from_name(CHAOS_FEATURE) else {
        return;
    };
    let features = state
        .active
        .iter()
        .filter(|a| a.spell == SpellRef::Card(card) && a.host == (Host::Minion { minion }))
        .count();
    if features < FEATURES_TO_MISFIT {
        return;
    }
    let Some(group) = crate::game::effects::group_of(state, minion) else {
        return;
    };
    let changed = state
        .unit_mut(group)
        .and_then(|u| u.group.minions_mut().iter_mut().find(|m| m.id == minion))
        .is_some_and(|m| {
            matches!(m.kind, MinionKind::Recruit { nation, .. } if nation != Some(Nation::Misfits))
                && {
                    m.change_nation(Nation::Misfits);
                    true
                }
        });
    if changed {
        events.push(Event::NationChanged {
            minion,
            nation: Nation::Misfits,
        });
        crate::game::effects::refresh_group(state, group);
    }
}

/// At each start of turn, every minion of a group standing on a Bedlam square gains a
/// Chaos Feature (in the order of the Bedlams' casting, then of the minions).
pub fn bedlam(state: &mut GameState, events: &mut Vec<Event>) {
    let squares: Vec<crate::Square> = state
        .active
        .iter()
        .filter_map(|a| match (a.spell, a.host) {
            (SpellRef::Card(c), Host::Square { at })
                if c.def().effects().contains(&Effect::ChaosEachTurn) =>
            {
                Some(at)
            }
            _ => None,
        })
        .collect();
    for at in squares {
        let minions: Vec<u32> = state
            .unit_at(at)
            .map(|u| u.group.minions().iter().map(|m| m.id).collect())
            .unwrap_or_default();
        for m in minions {
            give_feature(state, m, events);
        }
    }
}
