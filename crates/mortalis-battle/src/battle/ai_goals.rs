//! What a Move brings the AI's model nearer to (docs/mortalis/ai.md): the
//! marker or object it gathers, an enemy carrying markers, the edge it may
//! leave by, each by the walking way round terrain. Split from `ai.rs`.

use super::Battle;
use super::Scenario;
use super::ai::{exit_gap, exit_worth, idle};
use crate::table::{Level, Place};

/// Walking distance from a place to the nearest marker (or the object)
/// on the ground.
fn marker_gap(b: &Battle, at: Place) -> f64 {
    b.markers
        .iter()
        .chain(&b.object)
        .map(|m| b.walk_to(*m, at))
        .fold(f64::INFINITY, f64::min)
}

/// Straight distance from a place to the nearest marker (or the object)
/// on the ground.
fn straight_gap(b: &Battle, at: Place) -> f64 {
    b.markers
        .iter()
        .chain(&b.object)
        .map(|m| (m.x - at.x).hypot(m.y - at.y))
        .fold(f64::INFINITY, f64::min)
}

/// The marker (or the object) model `m` goes for: each of its side's
/// free gatherers (on the table, carrying nothing, not engaged) is given
/// the nearest goal by walking distance, nearest pairs first, one model a
/// goal; `None` when `m` is given none (more gatherers than goals).
fn assigned_goal(b: &Battle, m: usize) -> Option<Place> {
    let goals: Vec<Place> = b.markers.iter().chain(&b.object).copied().collect();
    let side = b.models[m].side;
    let crew: Vec<usize> = (0..b.models.len())
        .filter(|&i| {
            let f = &b.models[i];
            i == m
                || (f.on_table()
                    && f.side == side
                    && !f.pet
                    && !f.volunteer
                    && f.carried == 0
                    && !f.object
                    && b.engaged_with(i).is_empty())
        })
        .collect();
    let mut pairs: Vec<(f64, usize, usize)> = crew
        .iter()
        .flat_map(|&i| {
            goals
                .iter()
                .enumerate()
                .map(move |(k, g)| (b.walk_to(*g, b.models[i].body.at), i, k))
        })
        .collect();
    pairs.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)).then(x.2.cmp(&y.2)));
    let (mut used_model, mut used_goal) = (vec![], vec![]);
    for (_, i, k) in pairs {
        if used_model.contains(&i) || used_goal.contains(&k) {
            continue;
        }
        if i == m {
            return Some(goals[k]);
        }
        used_model.push(i);
        used_goal.push(k);
    }
    None
}

/// A gatherer's Move towards its goal (markers or the object on the
/// ground): 0.08 an inch of walking way gained, and 0.6 if it ends where
/// it can pick one up with an action still to come.
pub(super) fn goal_value(b: &Battle, m: usize, to: Place, acts: bool) -> f64 {
    let me = &b.models[m];
    let mut v = 0.0;
    // A model that has stood still since the round before this one began
    // is jammed: its walking way (which counts no model) runs through
    // friends queued in a gap one base wide. It then judges the way round
    // every model's base instead, and takes another way or makes room.
    let jammed = idle(b, m);
    let target = if jammed { None } else { assigned_goal(b, m) };
    let (before, after) = if jammed {
        (b.jam_gap(m, me.body.at), b.jam_gap(m, to))
    } else if let Some(g) = target {
        (b.walk_to(g, me.body.at), b.walk_to(g, to))
    } else {
        (marker_gap(b, me.body.at), marker_gap(b, to))
    };
    // Goals the walking grid reaches from neither place (a marker in a gap
    // narrower than the grid's cells let through, which an exact Move may
    // still pass): the straight way to the goal instead. Without it such a
    // marker was only ever found by a model wandering past it. Not for a
    // jammed model whose way round the bases alone is shut: it finds
    // another way or makes room, as before.
    let blind = before.is_infinite()
        && after.is_infinite()
        && (!jammed
            || (marker_gap(b, me.body.at).is_infinite() && marker_gap(b, to).is_infinite()));
    let straight = |p: Place| match target {
        Some(g) => (g.x - p.x).hypot(g.y - p.y),
        None => straight_gap(b, p),
    };
    let (before, after) = if blind {
        (straight(me.body.at), straight(to))
    } else {
        (before, after)
    };
    // (Boxed in among bases before and after: no way either.)
    if before.is_finite() || after.is_finite() {
        v += 0.08 * (before - after);
    }
    let after = if target.is_some() && !blind {
        marker_gap(b, to)
    } else {
        after
    };
    // By the straight way, only from the ground: a model on a roof above a
    // marker is not beside it.
    let beside = !blind || to.level == Level::Ground;
    if beside && after <= 1.0 + me.body.radius() && !me.free_slot && acts {
        v += 0.6;
    }
    v
}

/// With nothing left on the ground, markers an enemy carries are won by
/// taking it out (they drop where it falls, B35), so a model carrying
/// nothing, or with no way off (a [`cornered`] last model, a Barykady
/// Defender's carrier), closes in on the nearest enemy carrier, by
/// walking distance, 0.1 an inch for each marker it carries (4 for the
/// object).
pub(super) fn carrier_pull(b: &Battle, m: usize, to: Place) -> f64 {
    let me = &b.models[m];
    let pull = |p: Place| {
        b.models
            .iter()
            .filter(|e| e.on_table() && e.side != me.side && e.side <= 1)
            .filter(|e| e.carried > 0 || e.object)
            .map(|e| {
                let load = f64::from(e.carried) + if e.object { 4.0 } else { 0.0 };
                (b.walk_to(e.body.at, p), load)
            })
            .min_by(|x, y| x.0.total_cmp(&y.0))
    };
    match (pull(me.body.at), pull(to)) {
        (Some((before, load)), Some((after, _))) if before.is_finite() && after.is_finite() => {
            0.1 * load * (before - after)
        }
        _ => 0.0,
    }
}

/// A Move's ground gained towards the edges model `m` may leave by
/// (`exits`, not empty), at the worth of what it would take off.
pub(super) fn exit_value(b: &Battle, m: usize, to: Place, exits: &[usize]) -> f64 {
    let mut gained = exit_gap(b, exits, b.models[m].body.at) - exit_gap(b, exits, to);
    // A Move that ends in contact with an enemy gains no ground towards the
    // edge: engaged, the model may only fight or withdraw, not walk on
    // (Duma, AI against random play: 83.4% → 86.1% won of 1,000;
    // docs/mortalis/ai.md).
    if b.touches_enemy(m, to) {
        gained = gained.min(0.0);
    }
    // Duma is won by leaving, not by killing (B170).
    let pace = if b.scenario == Scenario::Pride {
        1.5
    } else {
        0.2
    };
    pace * exit_worth(b, m) * gained
}
