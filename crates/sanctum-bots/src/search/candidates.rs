//! Candidate joint orders of one side: the heuristic's plan and variations of it, one
//! factor at a time (all groups, one group, training, one card), without repeats.

use std::time::Duration;

use sanctum_rules::game::{GameState, Order};
use sanctum_rules::rng::GameRng;
use sanctum_rules::{Side, Square};

use super::clock::Clock;
use crate::heuristic::eval::{Paths, orderable, power, towns_to_take};
use crate::heuristic::{AllGroups, Training, Variant, plan_with};

/// How many of the strongest groups get goals of their own in the variations.
const GROUPS_VARIED: usize = 2;
/// How many cast cards get a "keep it" variation.
const CARDS_VARIED: usize = 3;

/// The variations tried, most promising first: the plan, every group at the enemy
/// Sanctum, every group home, no casts, every novice a recruit, then each of the
/// strongest groups toward the enemy Sanctum, home or the nearest town it does not
/// hold, then the plan keeping one card it casts.
pub fn variants(state: &GameState, side: Side, base: &[Order]) -> Vec<Variant> {
    let mut out = vec![
        Variant::default(),
        Variant {
            all: Some(AllGroups::Assault),
            ..Variant::default()
        },
        Variant {
            all: Some(AllGroups::Home),
            ..Variant::default()
        },
        Variant {
            cast_none: true,
            ..Variant::default()
        },
        Variant {
            training: Training::Recruits,
            ..Variant::default()
        },
    ];
    let mut groups = orderable(state, side);
    groups.sort_by(|a, b| {
        power(&b.group)
            .total_cmp(&power(&a.group))
            .then(a.id.cmp(&b.id))
    });
    let towns = towns_to_take(state, side);
    for u in groups.iter().take(GROUPS_VARIED) {
        let town: Option<Square> = towns
            .iter()
            .copied()
            .min_by_key(|t| (t.manhattan(u.at), t.index()));
        let goals = [
            Some(state.field.sanctum(side.opponent())),
            Some(state.field.sanctum(side)),
            town,
        ];
        for goal in goals.into_iter().flatten() {
            out.push(Variant {
                goal: Some((u.id, goal)),
                ..Variant::default()
            });
        }
    }
    let cast = base.iter().filter_map(|o| match o {
        Order::Cast { card, .. } => Some(*card),
        _ => None,
    });
    for card in cast.take(CARDS_VARIED) {
        out.push(Variant {
            keep: Some(card),
            ..Variant::default()
        });
    }
    out
}

/// Up to `k` distinct candidate order lists for `side` on `state` (the first is always
/// the heuristic's plan). Every variation plans with the same discard tie-break, drawn
/// once from `rng`. Under a deadline each variation is planned only while another plan
/// still ends in time (`clock` times them); the first always is.
pub fn generate(
    state: &GameState,
    side: Side,
    rng: &mut GameRng,
    k: usize,
    clock: &mut Clock,
) -> Vec<Vec<Order>> {
    let seed = rng.next_u64();
    let mut paths = Paths::default();
    let mut make =
        |v: &Variant| plan_with(state, side, &mut GameRng::from_seed(seed), v, &mut paths);
    let base = clock.step(|| make(&Variant::default()));
    let mut out = vec![base.clone()];
    for v in variants(state, side, &base).iter().skip(1) {
        if out.len() >= k.max(1) || !clock.allows(Duration::ZERO) {
            break;
        }
        let orders = clock.step(|| make(v));
        if !out.contains(&orders) {
            out.push(orders);
        }
    }
    out
}
