//! The effects of cards sorted into families, with one function per family that
//! carries its effects out. `family` names every effect, so a new one cannot be left
//! out of the dispatch in `spells::apply` without the compiler noticing.

use crate::cards::Effect;
use crate::game::events::Event;
use crate::game::founding::{create_hero, entropy, found_colony, newest_created, recruit_in};
use crate::game::orders::{Aim, PendingCast};
use crate::game::requirements;
use crate::game::state::{GameState, Host, SpellRef};
use crate::groups::Control;
use crate::player::Side;

use super::{
    activate, around, bury_the_dead, change_owner, damage_each, damage_minion, dispel_group,
    forced, heal_each, leap, overwrite, set_terrain,
};

/// Which function of `spells::apply` an effect goes to.
pub(super) enum Family {
    /// Several effects from one card, run in order.
    All(&'static [Effect]),
    /// Into play on the aimed host, nothing more.
    Enchant,
    /// Into play, then the host's numbers are worked out again.
    Modify,
    /// Into play, plus one more thing at once.
    EnchantAndAct,
    /// Damage or healing at once.
    Harm,
    /// Enchantments dispelled.
    Dispel,
    /// Terrain and structures change.
    Board,
    /// Minions come into being.
    Create,
    /// A group's movement or owner changes.
    Command,
    /// Mana, initiative, Chaos Features and gifts.
    Misc,
    /// Handled by `game::sundry`.
    Sundry,
    /// Handled by `game::mechanisms`.
    Mechanism,
    /// Handled by `game::lands`.
    Lands,
}

/// The family an effect belongs to.
pub(super) fn family(effect: Effect) -> Family {
    match effect {
        Effect::All { effects } => Family::All(effects),
        Effect::ManaEachTurn { .. } | Effect::Price { .. } | Effect::Ambush { .. } => {
            Family::Enchant
        }
        Effect::Truce | Effect::NoGlobeSpells | Effect::Blind => Family::Enchant,
        Effect::Attract | Effect::ChaosEachTurn | Effect::Rift => Family::Enchant,
        Effect::ShiftingTerrain { .. } | Effect::HealOnSquare { .. } => Family::Enchant,
        Effect::Foresight | Effect::Swallow | Effect::Brood { .. } => Family::Enchant,
        Effect::Nurture { .. } | Effect::StructureMana { .. } => Family::Enchant,
        Effect::Forge | Effect::Grace | Effect::Endow { .. } => Family::Enchant,
        Effect::Dome | Effect::NoNovices | Effect::Mantle | Effect::Ward => Family::Enchant,
        Effect::Combat { .. } | Effect::BeforeMovement { .. } | Effect::Lure => Family::Enchant,
        Effect::Beckon { .. } | Effect::Pipes | Effect::Block { .. } => Family::Enchant,
        Effect::DamageEachTurn { .. } | Effect::HealEachTurn { .. } => Family::Enchant,
        Effect::Helm | Effect::Horn => Family::Enchant,
        Effect::ModifyRecruits { .. } | Effect::Modify { .. } | Effect::Grant { .. } => {
            Family::Modify
        }
        Effect::Shapeshift | Effect::Obeisance => Family::Modify,
        Effect::TerrainBind | Effect::Possess | Effect::Chaos => Family::EnchantAndAct,
        Effect::Recede { .. } => Family::EnchantAndAct,
        Effect::DamageEach { .. } | Effect::HealEach { .. } | Effect::Kill => Family::Harm,
        Effect::RevolverDamage { .. } | Effect::DamageByArmor => Family::Harm,
        Effect::KillRecruits => Family::Harm,
        Effect::Dispel { .. } => Family::Dispel,
        Effect::SetTerrain { .. } | Effect::FoundColony | Effect::Entropy => Family::Board,
        Effect::MakeTown | Effect::Quake | Effect::Flood => Family::Board,
        Effect::Summon { .. } | Effect::Hero { .. } | Effect::Recruits { .. } => Family::Create,
        Effect::Overwrite { .. } | Effect::Leap | Effect::Seize => Family::Command,
        Effect::Teleport | Effect::Around { .. } => Family::Command,
        Effect::ManaNextTurn { .. } | Effect::SwapInitiative => Family::Misc,
        Effect::ChaosFeatures { .. } | Effect::Give { .. } => Family::Misc,
        Effect::Mulligan | Effect::Sacrifice { .. } | Effect::Devolve => Family::Sundry,
        Effect::Release | Effect::King { .. } | Effect::Enlist { .. } => Family::Sundry,
        Effect::Novices { .. } | Effect::HeldMana { .. } | Effect::CaptureMana { .. } => {
            Family::Mechanism
        }
        Effect::Toll { .. } | Effect::Fog | Effect::Shun { .. } => Family::Mechanism,
        Effect::TerrainMana { .. } | Effect::HealIn { .. } => Family::Mechanism,
        Effect::Companion { .. } | Effect::Fold | Effect::Guard { .. } => Family::Mechanism,
        Effect::Jar | Effect::Rebirth { .. } | Effect::Encamp { .. } => Family::Mechanism,
        Effect::Exchange | Effect::Homeward | Effect::Inspire { .. } => Family::Mechanism,
        Effect::Burn { .. } | Effect::Sweep { .. } | Effect::Spread { .. } => Family::Lands,
        Effect::Remove | Effect::JumpingLand => Family::Lands,
    }
}

/// The host an `Enchant` effect goes into play on, given its aim; `None` for an aim
/// it does not take.
fn enchantment_host(effect: Effect, aim: Aim) -> Option<Host> {
    match (effect, aim) {
        (
            Effect::ManaEachTurn { .. }
            | Effect::Price { .. }
            | Effect::Ambush { .. }
            | Effect::Truce
            | Effect::NoGlobeSpells
            | Effect::Blind,
            Aim::Globe,
        ) => Some(Host::Globe),
        (
            Effect::Attract
            | Effect::ChaosEachTurn
            | Effect::Rift
            | Effect::ShiftingTerrain { .. }
            | Effect::HealOnSquare { .. }
            | Effect::Foresight
            | Effect::Swallow
            | Effect::Brood { .. }
            | Effect::Nurture { .. },
            Aim::Square { at },
        ) => Some(Host::Square { at }),
        // A structure's spells sit on its square.
        (
            Effect::StructureMana { .. }
            | Effect::Forge
            | Effect::Grace
            | Effect::Endow { .. }
            | Effect::Dome
            | Effect::NoNovices
            | Effect::HealOnSquare { .. },
            Aim::Structure { at },
        ) => Some(Host::Square { at }),
        (
            Effect::Combat { .. }
            | Effect::BeforeMovement { .. }
            | Effect::Lure
            | Effect::Mantle
            | Effect::Ward
            | Effect::Beckon { .. }
            | Effect::Pipes,
            Aim::Group { group },
        ) => Some(Host::Group { group }),
        // On a minion: Visionary's mana each turn too, the caster's while it lasts.
        (
            Effect::Combat { .. }
            | Effect::ManaEachTurn { .. }
            | Effect::Block { .. }
            | Effect::DamageEachTurn { .. }
            | Effect::Helm
            | Effect::Horn
            | Effect::HealEachTurn { .. },
            Aim::Minion { minion },
        ) => Some(Host::Minion { minion }),
        _ => None,
    }
}

/// Puts an `Enchant` effect's card into play on the aimed host, if the aim fits.
pub(super) fn enchant(
    state: &mut GameState,
    cast: &PendingCast,
    aim: Aim,
    effect: Effect,
    marker: u32,
    events: &mut Vec<Event>,
) {
    if let Some(host) = enchantment_host(effect, aim) {
        activate(state, cast.side, cast.card, marker, host, events);
    }
}

/// Puts a change of numbers into play, refreshes its host and buries whom it killed.
pub(super) fn modify(
    state: &mut GameState,
    cast: &PendingCast,
    aim: Aim,
    effect: Effect,
    marker: u32,
    events: &mut Vec<Event>,
) {
    let host = match (effect, aim) {
        (Effect::ModifyRecruits { .. }, Aim::Globe) => Host::Globe,
        (Effect::ModifyRecruits { .. }, Aim::Structure { at } | Aim::Square { at }) => {
            Host::Square { at }
        }
        // A restriction granted to a minion binds its group (Belvario's Horn).
        (
            Effect::Modify { .. } | Effect::Grant { .. } | Effect::Shapeshift | Effect::Obeisance,
            Aim::Minion { minion },
        ) => Host::Minion { minion },
        (Effect::Modify { .. } | Effect::Grant { .. }, Aim::Group { group }) => {
            Host::Group { group }
        }
        _ => return,
    };
    let _ = activate(state, cast.side, cast.card, marker, host, events);
    crate::game::effects::refresh_host(state, host);
    // Shapeshift and Obeisance only refresh; the others bury whom the change killed.
    if !matches!(effect, Effect::Shapeshift | Effect::Obeisance) {
        bury_the_dead(state, events);
    }
}

/// Puts a card into play and does the one more thing its effect asks for at once.
pub(super) fn enchant_and_act(
    state: &mut GameState,
    cast: &PendingCast,
    aim: Aim,
    effect: Effect,
    marker: u32,
    events: &mut Vec<Event>,
) {
    let (side, card) = (cast.side, cast.card);
    match (effect, aim) {
        (Effect::TerrainBind, Aim::Group { group }) => {
            let terrain = state.unit(group).map(|u| state.field.terrain(u.at));
            let id = activate(state, side, card, marker, Host::Group { group }, events);
            if let Some(a) = state.active.iter_mut().find(|a| a.id == id) {
                a.terrain = terrain;
            }
            crate::game::effects::refresh_group(state, group);
        }
        (Effect::Possess, Aim::Group { group }) => {
            activate(state, side, card, marker, Host::Group { group }, events);
            change_owner(state, group, side.into(), true, events);
        }
        (Effect::Chaos, Aim::Minion { minion }) => {
            activate(state, side, card, marker, Host::Minion { minion }, events);
            crate::game::chaos::twist(state, minion, events);
        }
        (Effect::Recede { during, .. }, Aim::Square { at }) => {
            set_terrain(state, at, during, events);
            activate(state, side, card, marker, Host::Square { at }, events);
        }
        _ => {}
    }
}

/// Spell damage or healing at once, on the aimed minion or group or every recruit.
pub(super) fn harm(
    state: &mut GameState,
    cast: &PendingCast,
    aim: Aim,
    effect: Effect,
    events: &mut Vec<Event>,
) {
    match (effect, aim) {
        (Effect::DamageEach { amount }, Aim::Group { group }) => {
            damage_each(state, group, amount, events);
        }
        (Effect::HealEach { amount }, Aim::Group { group }) => {
            heal_each(state, group, amount, events);
        }
        (Effect::Kill, Aim::Minion { minion }) => {
            damage_minion(state, minion, u8::MAX, events);
        }
        (Effect::RevolverDamage { per }, Aim::Minion { minion }) => {
            damage_minion(state, minion, per.saturating_mul(cast.m), events);
        }
        (Effect::DamageByArmor, Aim::Minion { minion }) => {
            let armor = crate::game::effects::group_of(state, minion)
                .and_then(|g| state.unit(g))
                .and_then(|u| u.group.minions().iter().find(|m| m.id == minion))
                .map_or(0, |m| m.armor);
            damage_minion(state, minion, armor, events);
        }
        (Effect::KillRecruits, _) => crate::game::upheaval::kill_recruits(state, events),
        _ => {}
    }
}

/// Dispels the enchantments on the globe, a square, or a group and its minions.
pub(super) fn dispel(state: &mut GameState, aim: Aim, effect: Effect, events: &mut Vec<Event>) {
    use crate::cards::DispelScope;
    let Effect::Dispel { scope } = effect else {
        return;
    };
    match (scope, aim) {
        (DispelScope::Globe, Aim::Globe) => {
            requirements::dispel_visible(state, &[Host::Globe], events);
        }
        (DispelScope::Square, Aim::Square { at }) => {
            requirements::dispel_visible(state, &[Host::Square { at }], events);
        }
        (DispelScope::GroupAndMembers, Aim::Group { group }) => {
            dispel_group(state, group, events);
        }
        _ => {}
    }
}

/// Changes the board itself: a square's terrain, a structure, a quake or a flood.
pub(super) fn change_board(
    state: &mut GameState,
    cast: &PendingCast,
    aim: Aim,
    effect: Effect,
    events: &mut Vec<Event>,
) {
    match (effect, aim) {
        (Effect::SetTerrain { terrain }, Aim::Square { at }) => {
            set_terrain(state, at, terrain, events);
        }
        (Effect::FoundColony, Aim::Square { at }) => found_colony(state, at, events),
        (Effect::Entropy, Aim::Structure { at }) => entropy(state, at, events),
        (Effect::MakeTown, Aim::Structure { at }) => {
            crate::game::items::make_town(state, at, events);
        }
        (Effect::Quake, Aim::Square { at }) => crate::game::upheaval::quake(state, at, events),
        (Effect::Flood, _) => crate::game::upheaval::flood(state, cast.side, cast.card, events),
        _ => {}
    }
}

/// Brings minions into being: a summoned monster group, a hero, or recruits.
pub(super) fn create(
    state: &mut GameState,
    cast: &PendingCast,
    aim: Aim,
    effect: Effect,
    events: &mut Vec<Event>,
) {
    match (effect, aim) {
        (Effect::Summon { monster }, Aim::Square { at }) => {
            summon(state, cast.side, at, monster, events);
        }
        (
            Effect::Hero {
                class,
                nation,
                stats,
            },
            Aim::Structure { at },
        ) => {
            let hero = crate::groups::Minion::with_stats(
                crate::groups::MinionKind::Recruit {
                    class,
                    nation: Some(nation),
                    hero: true,
                },
                stats,
            );
            create_hero(state, cast, at, hero, events);
        }
        (Effect::Recruits { count, class }, Aim::Structure { at }) => {
            recruits(state, cast, at, count, class, events);
        }
        _ => {}
    }
}

/// Creates a monster group on `at` for the caster (or the neutral player when wild).
fn summon(
    state: &mut GameState,
    side: Side,
    at: crate::Square,
    monster: crate::cards::MonsterDef,
    events: &mut Vec<Event>,
) {
    let minions = (0..monster.count.max(1))
        .map(|_| crate::game::scenario::monster_minion(&monster))
        .collect();
    let owner = if monster.wild {
        crate::Player::Neutral
    } else {
        side.into()
    };
    let group = state.create_group(owner, Control::Computer, at, minions);
    crate::game::lands::nurture(state, at, group, events);
    if let Some(walk) = monster.walk {
        state.add_active(
            SpellRef::Ability(walk),
            crate::Player::Neutral,
            Host::Group { group },
            None,
            false,
        );
        crate::game::effects::refresh_group(state, group);
    }
    events.push(Event::Summoned { side, group, at });
}

/// Recruits `count` of `class`, each of a random nation, into the structure at `at`.
fn recruits(
    state: &mut GameState,
    cast: &PendingCast,
    at: crate::Square,
    count: u8,
    class: crate::groups::RecruitClass,
    events: &mut Vec<Event>,
) {
    let (side, card) = (cast.side, cast.card);
    for _ in 0..count {
        let nation = *state
            .rng
            .choose(&crate::groups::Nation::ALL)
            .unwrap_or(&crate::groups::Nation::Humans);
        let m =
            crate::groups::Minion::recruit(class, Some(nation), crate::stats::START_LEVEL, false);
        match recruit_in(state, side, at, m) {
            Some(group) => {
                events.push(Event::Recruited { side, group, at });
                newest_created(state, group, at, events);
            }
            None => events.push(Event::SpellSquandered {
                side,
                card,
                reason: format!("no room for a recruit at {at}"),
            }),
        }
    }
}

/// Changes the aimed group's movement, place or owner, or acts on its neighbours.
pub(super) fn command_group(
    state: &mut GameState,
    cast: &PendingCast,
    aim: Aim,
    effect: Effect,
    events: &mut Vec<Event>,
) {
    let Aim::Group { group } = aim else {
        return;
    };
    let (side, card) = (cast.side, cast.card);
    match effect {
        Effect::Overwrite { order } => overwrite(state, group, forced(order)),
        Effect::Leap => leap(state, side, card, group, events),
        Effect::Seize => change_owner(state, group, side.into(), true, events),
        Effect::Teleport => {
            crate::game::upheaval::teleport(state, group, events);
            overwrite(state, group, crate::movement::Forced::Cancel);
        }
        Effect::Around { each } => around(state, side, group, *each, events),
        _ => {}
    }
}

/// Mana next turn, a swap of initiative, Wrack's Chaos Features, or a gift.
pub(super) fn misc(
    state: &mut GameState,
    side: Side,
    aim: Aim,
    effect: Effect,
    events: &mut Vec<Event>,
) {
    match (effect, aim) {
        (Effect::ManaNextTurn { mana, amount }, _) => {
            state.players[side.index()]
                .next_turn_mana
                .add(mana, amount as u16);
        }
        (Effect::SwapInitiative, _) => {
            state.initiative = state.initiative.opponent();
            events.push(Event::InitiativeSwapped {
                side: state.initiative,
            });
        }
        (Effect::ChaosFeatures { count }, Aim::Minion { minion }) => {
            for _ in 0..count {
                crate::game::chaos::give_feature(state, minion, events);
            }
        }
        (Effect::Give { item }, _) => crate::game::gifts::give_to(state, aim, item, events),
        _ => {}
    }
}
