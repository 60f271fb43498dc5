//! Spells that sit on a square, and when the heuristic bot casts them: a healing
//! circle (Stone Circle) where a wounded group of its own will stand after its move
//! (it heals there when the next turn starts), a curse on recruits
//! (Ill Winds) where the most enemy recruits stand on a structure of their own, or on
//! the globe when the other player has more recruits, and Abatement on a square that
//! holds visible spells of the other player's.

use sanctum_rules::cards::{CardId, Effect, TargetType};
use sanctum_rules::game::orders::{OrderBuilder, check_target};
use sanctum_rules::game::state::{Host, SpellRef};
use sanctum_rules::game::{GameState, Order, Target, Unit};
use sanctum_rules::{Player, Side, Square};

/// The square of a square target (or of a structure target, which sits on one).
fn square_of(t: &Target) -> Option<Square> {
    match *t {
        Target::Square { at } | Target::Structure { at } => Some(at),
        _ => None,
    }
}

/// The group of `owner` standing on a structure of `owner` at `at`.
fn garrison(state: &GameState, at: Square, owner: Player) -> Option<&Unit> {
    let held = state.field.structure(at).is_some_and(|s| s.owner == owner);
    state.unit_at(at).filter(|u| held && u.group.owner == owner)
}

/// Whether a spell of `owner` on the square at `at` already heals there.
fn heals_already(state: &GameState, at: Square, owner: Player) -> bool {
    state.active.iter().any(|a| {
        a.owner == owner
            && a.host == (Host::Square { at })
            && matches!(a.spell, SpellRef::Card(c) if heals(c))
    })
}

/// A card whose first effect is a healing circle cast on an open square.
fn heals(card: CardId) -> bool {
    card.def().target == TargetType::Square
        && matches!(
            card.def().effects().first(),
            Some(Effect::HealOnSquare { .. })
        )
}

/// Healing circles (Stone Circle): after the moves are planned, each circle in hand
/// goes under the most wounded group of its own (3 damage or more) where that group
/// will stand after its move (it heals there when the next turn starts), on an open
/// square where no circle of its own heals yet.
pub fn cast_circles(b: &mut OrderBuilder, side: Side, moves: &[(Square, Square)]) {
    let me = Player::from(side);
    let circles: Vec<CardId> = (b.draft().player(side).hand.iter().copied())
        .filter(|c| heals(*c))
        .collect();
    for card in circles {
        let draft = b.draft();
        if !draft.player(side).mana.covers(&draft.price(side, card)) {
            continue;
        }
        let mut wounded: Vec<(u32, Square)> = (draft.units.iter())
            .filter(|u| u.group.owner == me)
            .map(|u| {
                let hurt: u32 = u.group.minions().iter().map(|m| u32::from(m.damage)).sum();
                let to = moves.iter().find(|m| m.0 == u.at).map_or(u.at, |m| m.1);
                (hurt, to)
            })
            .filter(|&(hurt, to)| hurt >= 3 && !heals_already(draft, to, me))
            .collect();
        wounded.sort_by_key(|&(hurt, to)| (std::cmp::Reverse(hurt), to.index()));
        let target = wounded
            .into_iter()
            .map(|(_, at)| Target::Square { at })
            .find(|t| check_target(draft, side, card, *t).is_ok());
        if let Some(target) = target {
            let _ = b.push(Order::Cast { card, target });
        }
    }
}

/// Recruits of `owner` among `units`.
fn recruits_in<'a>(units: impl Iterator<Item = &'a Unit>, owner: Player) -> usize {
    units
        .filter(|u| u.group.owner == owner)
        .flat_map(|u| u.group.minions())
        .filter(|m| m.is_recruit())
        .count()
}

/// A curse on recruits: on the globe when the other player has at
/// least two more recruits than the bot, else on the enemy garrison with the most
/// recruits (two or more), whichever covers more enemy recruits net.
pub fn recruit_curse(state: &GameState, side: Side) -> impl Fn(&Target) -> Option<f64> + '_ {
    let me = Player::from(side);
    let them = Player::from(side.opponent());
    move |t| match *t {
        Target::Globe => {
            let net = recruits_in(state.units.iter(), them) as f64
                - recruits_in(state.units.iter(), me) as f64;
            (net >= 2.0).then_some(net)
        }
        _ => {
            let at = square_of(t)?;
            let u = garrison(state, at, them)?;
            let n = recruits_in(std::iter::once(u), them);
            (n >= 2).then_some(n as f64)
        }
    }
}

/// Abatement: the square with the most visible spells of the other player's (net of
/// the bot's own there, which it would lose too).
pub fn abatement(state: &GameState, side: Side) -> impl Fn(&Target) -> Option<f64> + '_ {
    let me = Player::from(side);
    move |t| {
        let Target::Square { at } = *t else {
            return None;
        };
        let mut net = 0i32;
        for a in &state.active {
            if a.host == (Host::Square { at }) && a.visible && matches!(a.spell, SpellRef::Card(_))
            {
                net += if a.owner == me { -1 } else { 1 };
            }
        }
        (net > 0).then_some(f64::from(net))
    }
}
