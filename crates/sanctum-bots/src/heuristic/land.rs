//! When the heuristic bot casts a terrain card (S55, S57): Parted Sea opens water in
//! front of a group of its own that cannot cross it, Savannah clears a cluster of
//! blocking or harmful squares in its groups' way, Seed on the Wind spreads forest when
//! more of its own groups than the other player's would stand covered, and Jungle
//! prepares a summoning square when a summoning is in the hand.

use sanctum_rules::cards::{CardId, Effect};
use sanctum_rules::game::{GameState, Target};
use sanctum_rules::groups::{Capabilities, StandardRules};
use sanctum_rules::terrain::{Hazard, Terrain};
use sanctum_rules::{Player, Side, Square};

use super::eval::power;

/// Groups of `owner` with their squares.
fn groups_of(state: &GameState, owner: Player) -> impl Iterator<Item = &sanctum_rules::game::Unit> {
    state.units.iter().filter(move |u| u.group.owner == owner)
}

/// Parted Sea: a water square orthogonally next to a group of its own that cannot
/// enter it, nearer the enemy Sanctum than the group (the most powerful such group).
pub fn parted_sea(state: &GameState, side: Side) -> impl Fn(&Target) -> Option<f64> + '_ {
    let me = Player::from(side);
    let their = state.field.sanctum(side.opponent());
    move |t| {
        let Target::Square { at } = *t else {
            return None;
        };
        groups_of(state, me)
            .filter(|u| {
                u.at.is_orthogonal_to(at)
                    && at.manhattan(their) < u.at.manhattan(their)
                    && !StandardRules.can_enter(&state.field, &u.group, at)
            })
            .map(|u| power(&u.group))
            .reduce(f64::max)
    }
}

/// Whether a square stands in the way of a group: it may not enter it, or it is hurt
/// there.
fn in_the_way(state: &GameState, u: &sanctum_rules::game::Unit, s: Square) -> bool {
    !StandardRules.can_enter(&state.field, &u.group, s)
        || StandardRules.hazard_on_enter(&state.field, &u.group, s) != Hazard::None
}

/// Savannah: the square whose plains would clear most squares standing in the way of
/// its own groups within two steps, toward the enemy Sanctum; at least two.
pub fn savannah(state: &GameState, side: Side) -> impl Fn(&Target) -> Option<f64> + '_ {
    let me = Player::from(side);
    let their = state.field.sanctum(side.opponent());
    move |t| {
        let Target::Square { at } = *t else {
            return None;
        };
        let near: Vec<&sanctum_rules::game::Unit> = groups_of(state, me)
            .filter(|u| u.at.manhattan(at) <= 2 && at.manhattan(their) < u.at.manhattan(their))
            .collect();
        let cleared = std::iter::once(at)
            .chain(at.orthogonal())
            .filter(|&s| {
                state.field.board().is_playable(s)
                    && state.field.structure(s).is_none()
                    && state.field.terrain(s) != Terrain::Plains
                    && near.iter().any(|u| in_the_way(state, u, s))
            })
            .count();
        (cleared >= 2).then(|| cleared as f64 * 10.0 - f64::from(at.manhattan(their)) * 0.1)
    }
}

/// Whether a group stands where Seed on the Wind would grow forest.
fn seeded(state: &GameState, at: Square, from: Terrain, onto: &[Terrain]) -> bool {
    state.field.structure(at).is_none()
        && onto.contains(&state.field.terrain(at))
        && at
            .orthogonal()
            .any(|n| state.field.board().is_playable(n) && state.field.terrain(n) == from)
}

/// Seed on the Wind: when at least two groups of its own would stand in new forest
/// (covered against individual spells) and more of its own than of the others'.
pub fn seed_helps(state: &GameState, side: Side, from: Terrain, onto: &[Terrain]) -> bool {
    let me = Player::from(side);
    let (mut mine, mut theirs) = (0, 0);
    for u in &state.units {
        if seeded(state, u.at, from, onto) {
            if u.group.owner == me {
                mine += 1;
            } else {
                theirs += 1;
            }
        }
    }
    mine >= 2 && mine > theirs
}

/// Whether a card gives monsters summoned on its square a gift (Jungle).
pub fn nurtures(card: CardId) -> bool {
    card.def()
        .effects()
        .iter()
        .any(|e| matches!(e, Effect::Nurture { .. }))
}

/// Whether the hand holds a summoning besides `card`.
pub fn summons_in_hand(state: &GameState, side: Side, card: CardId) -> bool {
    state.player(side).hand.iter().any(|&c| {
        c != card
            && c.def()
                .effects()
                .iter()
                .any(|e| matches!(e, Effect::Summon { .. }))
    })
}
