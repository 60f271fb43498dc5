//! Spell execution: every targeted spell, in the standard sequence, checks its
//! requirements again and then executes or squanders.

use crate::cards::{Effect, SpellType};
use crate::game::events::Event;
use crate::game::orders::{Aim, PendingCast, check_aim};
use crate::game::requirements;
use crate::game::state::{ActiveSpell, GameState, Host, SpellRef};
use crate::player::Side;

mod families;

pub use crate::game::founding::{end_colony, set_terrain};

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
        m: _,
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
    if def.once_per_game {
        state.players[side.index()].cast_once.push(card);
    }
    let marker = state.next_id;
    for effect in def.effects() {
        apply(state, cast, aim, *effect, marker, events);
    }
    // Spell flux: the target rechecks the spells on it.
    requirements::recheck(state, requirements::host_of(aim), events);
}

/// One effect of a card executing on what it was aimed at. A card whose effects make
/// it active goes into play once, however many of its effects need it (`marker`: the
/// first id given out by this execution). Each family of effects has its own function.
fn apply(
    state: &mut GameState,
    cast: &PendingCast,
    aim: Aim,
    effect: Effect,
    marker: u32,
    events: &mut Vec<Event>,
) {
    use families::Family;
    let (side, card) = (cast.side, cast.card);
    match families::family(effect) {
        // Parts of a composite were flattened by `CardDef::effects`; nested ones run here.
        Family::All(effects) => {
            for e in effects {
                apply(state, cast, aim, *e, marker, events);
            }
        }
        Family::Enchant => families::enchant(state, cast, aim, effect, marker, events),
        Family::Modify => families::modify(state, cast, aim, effect, marker, events),
        Family::EnchantAndAct => {
            families::enchant_and_act(state, cast, aim, effect, marker, events);
        }
        Family::Harm => families::harm(state, cast, aim, effect, events),
        Family::Dispel => families::dispel(state, aim, effect, events),
        Family::Board => families::change_board(state, cast, aim, effect, events),
        Family::Create => families::create(state, cast, aim, effect, events),
        Family::Command => families::command_group(state, cast, aim, effect, events),
        Family::Misc => families::misc(state, side, aim, effect, events),
        Family::Sundry => crate::game::sundry::apply(state, side, aim, effect, events),
        Family::Mechanism => {
            crate::game::mechanisms::apply(state, cast, aim, effect, marker, events);
        }
        Family::Lands => crate::game::lands::apply(state, side, card, aim, effect, events),
    }
}

/// An effect on every group of another player orthogonally next to `group`.
fn around(state: &mut GameState, side: Side, group: u32, each: Effect, events: &mut Vec<Event>) {
    let Some(at) = state.unit(group).map(|u| u.at) else {
        return;
    };
    let me = crate::Player::from(side);
    let targets: Vec<u32> = state
        .units
        .iter()
        .filter(|u| u.at.is_orthogonal_to(at) && u.group.owner != me)
        .map(|u| u.id)
        .collect();
    for g in targets {
        match each {
            Effect::DamageEach { amount } => damage_each(state, g, amount, events),
            Effect::Overwrite { order } => overwrite(state, g, forced(order)),
            _ => {}
        }
    }
}

/// A group changes hands: `to` owns it and orders it (a seized group is the player's
/// to move; a summoned monster stays computer-controlled), its movement order this
/// turn is cancelled when `cancel` (it changed hands during spell execution), and the
/// group and its minions recheck their spells — "friendly" persistent requirements
/// fail now (seed 002: dispels on change of ownership).
pub fn change_owner(
    state: &mut GameState,
    group: u32,
    to: crate::Player,
    cancel: bool,
    events: &mut Vec<Event>,
) {
    let Some(u) = state.unit_mut(group) else {
        return;
    };
    if u.group.owner == to {
        return;
    }
    u.group.owner = to;
    let minions: Vec<u32> = u.group.minions().iter().map(|m| m.id).collect();
    events.push(Event::OwnerChanged { group, owner: to });
    if cancel {
        overwrite(state, group, crate::movement::Forced::Cancel);
    }
    requirements::recheck(state, Host::Group { group }, events);
    for minion in minions {
        requirements::recheck(state, Host::Minion { minion }, events);
    }
}

/// Dispels every enchantment on a group and on each of its minions.
fn dispel_group(state: &mut GameState, group: u32, events: &mut Vec<Event>) {
    let mut hosts = vec![Host::Group { group }];
    if let Some(u) = state.unit(group) {
        hosts.extend(
            u.group
                .minions()
                .iter()
                .map(|m| Host::Minion { minion: m.id }),
        );
    }
    requirements::dispel_visible(state, &hosts, events);
}

/// The engine casts a real spell as a helper for a monster at the start of combat, on
/// the opposing group: no requirement is checked (helpers ignore blocking and
/// concealment), and the spell's group effects — damage, dispels — take place.
pub fn cast_as_helper(
    state: &mut GameState,
    card: crate::cards::CardId,
    by: u32,
    on: u32,
    events: &mut Vec<Event>,
) {
    events.push(Event::HelperCast { card, by, on });
    for effect in card.def().effects() {
        match *effect {
            Effect::DamageEach { amount } => damage_each(state, on, amount, events),
            Effect::Dispel { .. } => dispel_group(state, on, events),
            _ => {}
        }
    }
}

/// The movement order a spell writes.
pub fn forced(order: crate::cards::Overwrite) -> crate::movement::Forced {
    match order {
        crate::cards::Overwrite::Cancel => crate::movement::Forced::Cancel,
        crate::cards::Overwrite::Random => crate::movement::Forced::Random,
    }
}

/// Writes over a group's movement order for this turn's movement (the last write wins).
pub(crate) fn overwrite(state: &mut GameState, group: u32, f: crate::movement::Forced) {
    state.spell_orders.retain(|(g, _)| *g != group);
    state.spell_orders.push((group, f));
}

/// Where Lienna's Steed would carry a group: an unoccupied structure of another owner
/// next to it (diagonally too) that the group may enter — an enemy Sanctum first, then
/// entrances, towns and colonies, in board order.
pub fn leap_target(state: &GameState, group: u32) -> Option<crate::Square> {
    use crate::groups::Capabilities;
    use crate::map::StructureKind;
    let u = state.unit(group)?;
    let rank = |k: StructureKind| match k {
        StructureKind::Sanctum => 0,
        StructureKind::Entrance => 1,
        StructureKind::Town => 2,
        StructureKind::Colony => 3,
    };
    u.at.neighbours()
        .filter(|&s| state.field.board().is_playable(s) && state.unit_at(s).is_none())
        .filter_map(|s| {
            let st = state.field.structure(s)?;
            (st.owner != u.group.owner).then_some((rank(st.kind), s))
        })
        .filter(|&(_, s)| crate::groups::StandardRules.can_enter(&state.field, &u.group, s))
        .min()
        .map(|(_, s)| s)
}

fn leap(
    state: &mut GameState,
    side: Side,
    card: crate::cards::CardId,
    group: u32,
    events: &mut Vec<Event>,
) {
    let Some(to) = leap_target(state, group) else {
        events.push(Event::SpellSquandered {
            side,
            card,
            reason: "no empty structure of another player beside the group".into(),
        });
        return;
    };
    if let Some(u) = state.unit_mut(group) {
        let from = u.at;
        u.at = to;
        events.push(Event::Leaped { group, from, to });
    }
    overwrite(state, group, crate::movement::Forced::Cancel);
}

/// Puts an alteration or conjuration into play on its host; returns its id.
pub(crate) fn activate(
    state: &mut GameState,
    side: Side,
    card: crate::cards::CardId,
    marker: u32,
    host: Host,
    events: &mut Vec<Event>,
) -> u32 {
    let already = state
        .active
        .iter()
        .rev()
        .find(|a| a.id >= marker && a.spell == SpellRef::Card(card) && a.host == host);
    if let Some(a) = already {
        return a.id;
    }
    let def = card.def();
    let until = match def.spell_type {
        SpellType::Conjuration { turns } => Some(state.turn + turns as u32),
        _ => None,
    };
    let id = state.add_active(SpellRef::Card(card), side.into(), host, until, def.visible);
    events.push(Event::Enchanted { spell: id, card });
    id
}

/// Recomputes what an active spell's host is without it, once it has left play; a
/// Colony helper leaving play ends its colony.
pub fn on_leave_play(state: &mut GameState, spell: &ActiveSpell, events: &mut Vec<Event>) {
    if let (SpellRef::Colony, Host::Square { at }) = (spell.spell, spell.host) {
        end_colony(state, at, events);
    }
    crate::game::upheaval::drain(state, spell, events);
    crate::game::lands::on_leave(state, spell, events);
    // Possession ends: the group goes back to the other player.
    if let (SpellRef::Card(card), Host::Group { group }) = (spell.spell, spell.host)
        && card.def().effects().contains(&Effect::Possess)
        && let Some(side) = spell.owner.side()
        && state
            .unit(group)
            .is_some_and(|u| u.group.owner == spell.owner)
    {
        change_owner(state, group, side.opponent().into(), false, events);
    }
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

/// Spell damage to one minion (magical: no armor, no attacker); `u8::MAX` kills.
pub(crate) fn damage_minion(
    state: &mut GameState,
    minion: u32,
    amount: u8,
    events: &mut Vec<Event>,
) {
    let Some(group) = crate::game::effects::group_of(state, minion) else {
        return;
    };
    if let Some(m) = state
        .unit_mut(group)
        .and_then(|u| u.group.minions_mut().iter_mut().find(|m| m.id == minion))
    {
        let taken = amount.min(m.health());
        m.damage += taken;
        events.push(Event::SpellDamage {
            group,
            minion,
            damage: taken,
            died: !m.is_alive(),
        });
    }
    bury_the_dead(state, events);
}

/// Healing on every wounded minion of a group (never above its hit points).
pub(crate) fn heal_each(state: &mut GameState, group: u32, amount: u8, events: &mut Vec<Event>) {
    let Some(u) = state.unit_mut(group) else {
        return;
    };
    let mut healed = 0u8;
    for m in u.group.minions_mut() {
        let h = amount.min(m.damage);
        m.damage -= h;
        healed = healed.saturating_add(h);
    }
    if healed > 0 {
        events.push(Event::Healed {
            group,
            amount: healed,
        });
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
