//! A minion leaving its group (research §11, S61): it keeps its own spells, loses every
//! spell of the group it leaves (those live on the old group), and forms a new group of
//! its own, which at once steps "somewhere else" (the rules site's words): the nearest
//! free square where no hostile group stands beside it. Ch'tai Exchange makes a recruit of each
//! player leave and change sides — a minion exchange, so its spells recheck and those
//! that need a friendly host fall (seed 002).

use crate::game::events::Event;
use crate::game::state::{GameState, Host};
use crate::groups::{Capabilities, Control, StandardRules};
use crate::player::{Player, Side};
use crate::square::Square;
use crate::terrain::Hazard;

/// Where a minion leaving its group to form a group of `owner`'s would go: the free
/// square nearest to its group (ties: the first in board order) that a group of it
/// alone may enter, that does it no harm and that has no group hostile to it
/// orthogonally beside it (so no combat is forced on it). A free square has no group
/// and no structure; the last member may stay where it stands, its old group being
/// gone. `None`: it cannot leave.
pub fn way_out(state: &GameState, minion: u32, owner: Player) -> Option<Square> {
    let from = crate::game::effects::group_of(state, minion)?;
    let u = state.unit(from)?;
    let alone = u.group.size() == 1;
    let m = u.group.minions().iter().find(|m| m.id == minion)?.clone();
    let probe = crate::groups::Group::new(
        "probe",
        owner,
        Control::Player,
        0,
        vec![m],
        crate::groups::Effects::default(),
    )
    .ok()?;
    let rules = StandardRules;
    let board = state.field.board();
    let calm = |s: Square| {
        s.orthogonal().all(|n| {
            state
                .unit_at(n)
                .is_none_or(|o| (alone && o.id == from) || probe.is_friendly_to(&o.group))
        })
    };
    let free = |s: Square| {
        state.field.structure(s).is_none()
            && if s == u.at {
                alone
            } else {
                state.unit_at(s).is_none()
                    && rules.can_enter(&state.field, &probe, s)
                    && rules.hazard_on_enter(&state.field, &probe, s) == Hazard::None
            }
    };
    board
        .squares()
        .iter()
        .copied()
        .filter(|&s| free(s) && calm(s))
        .min_by_key(|s| s.manhattan(u.at))
}

/// `minion` leaves its group and forms a group of `owner`'s (its own player's, or
/// another: the minion changes hands) on its [`way_out`]; the new group's id, or
/// `None` when it cannot leave. The minion keeps its own spells; the spells of the
/// group it left stay there, and when it was the last member the old group is gone
/// with them. Minion exchange: the minion rechecks its spells, and the group it left
/// rechecks its own.
pub fn leave_group(
    state: &mut GameState,
    minion: u32,
    owner: Player,
    events: &mut Vec<Event>,
) -> Option<u32> {
    let to = way_out(state, minion, owner)?;
    let from = crate::game::effects::group_of(state, minion)?;
    let u = state.unit_mut(from)?;
    let (was, alone) = (u.group.owner, u.group.size() == 1);
    let m = u.group.take(minion)?;
    if alone {
        // The old group is empty: it and every spell on it leave play.
        let on_old: Vec<u32> = state
            .active
            .iter()
            .filter(|a| a.host == (Host::Group { group: from }))
            .map(|a| a.id)
            .collect();
        state.units.retain(|u| u.id != from);
        for id in on_old {
            crate::game::requirements::remove(state, id, "its group is gone".into(), events);
        }
    } else {
        crate::game::effects::refresh_group(state, from);
    }
    let control = if owner.side().is_some() {
        Control::Player
    } else {
        Control::Computer
    };
    let group = state.form_group(owner, control, to, vec![m]);
    crate::game::effects::refresh_group(state, group);
    // Without its old group's spells it may have fewer hit points than its wounds.
    crate::game::spells::bury_the_dead(state, events);
    events.push(Event::LeftGroup {
        minion,
        from,
        group,
        at: to,
    });
    if owner != was {
        events.push(Event::OwnerChanged { group, owner });
    }
    crate::game::requirements::recheck(state, Host::Minion { minion }, events);
    crate::game::requirements::recheck(state, Host::Group { group: from }, events);
    Some(group)
}

/// The recruit `side` gives in a Ch'tai Exchange for a recruit standing at `near`: the
/// lowest-level recruit (ties: the newest) of `side`'s recruit group nearest to `near`
/// (ties: the oldest group).
pub fn own_leaver(state: &GameState, side: Side, near: Square) -> Option<u32> {
    let me = Player::from(side);
    state
        .units
        .iter()
        .filter(|u| u.group.owner == me && u.group.is_recruit_group())
        .min_by_key(|u| (u.at.manhattan(near), u.id))
        .and_then(|u| {
            u.group
                .minions()
                .iter()
                .min_by_key(|m| (m.level, std::cmp::Reverse(m.id)))
                .map(|m| m.id)
        })
}

/// Ch'tai Exchange: the target recruit (the other player's) and a recruit of the
/// caster's trade sides. Each leaves its group and forms a group of its new owner's
/// on the nearest free square with no hostile group beside it. Nothing happens unless both can leave; the target goes
/// first.
pub fn exchange(state: &mut GameState, side: Side, minion: u32, events: &mut Vec<Event>) {
    let Some(near) = crate::game::effects::group_of(state, minion)
        .and_then(|g| state.unit(g))
        .map(|u| u.at)
    else {
        return;
    };
    let Some(own) = own_leaver(state, side, near) else {
        return;
    };
    let mine = Player::from(side);
    let theirs = Player::from(side.opponent());
    if way_out(state, minion, mine).is_none() || way_out(state, own, theirs).is_none() {
        return;
    }
    if leave_group(state, minion, mine, events).is_some() {
        leave_group(state, own, theirs, events);
    }
}
