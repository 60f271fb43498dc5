//! Where the heuristic bot's groups go: one goal per group, then one safe step toward it.
//!
//! Goals are handed out greedily, most urgent first: defenders for the Sanctum (as
//! much power as the raiders near it, from the groups that can get home in time), an
//! assault on the enemy Sanctum (a group clearly stronger than what guards it), the
//! nearest town or colony not yet held (one group a town), and the rest rally to the
//! Sanctum or join the assault when the side is clearly ahead.

use sanctum_rules::game::{GameState, Unit};
use sanctum_rules::groups::Group;
use sanctum_rules::{Side, Square};

use super::eval::{self, FAR, power};

/// The goal of each orderable group, by group id.
pub fn goals(state: &GameState, side: Side) -> Vec<(u32, Square)> {
    let home = state.field.sanctum(side);
    let target = state.field.sanctum(side.opponent());
    let mut free = eval::orderable(state, side);
    let mut out: Vec<(u32, Square)> = Vec::new();
    let mut assign = |free: &mut Vec<Unit>, id: u32, goal: Square| {
        free.retain(|u| u.id != id);
        out.push((id, goal));
    };
    // 1. Defence: raiders near home, and how soon they could arrive.
    let raiders: Vec<&Unit> = eval::enemies(state, side)
        .filter(|u| eval::raider(u) && u.at.manhattan(home) <= 6)
        .collect();
    let danger: f64 = raiders.iter().map(|u| power(&u.group)).sum();
    let soonest = raiders.iter().map(|u| u.at.manhattan(home)).min();
    if let Some(soonest) = soonest {
        let mut by_distance = free.clone();
        by_distance.sort_by_key(|u| (u.at.manhattan(home), u.id));
        let mut held = 0.0;
        for u in by_distance {
            let d = u.at.manhattan(home);
            let in_time = d <= soonest + 1;
            // A group that is already winning the race to the enemy Sanctum goes on.
            let racing = u.at.manhattan(target) + 1 < soonest;
            if held >= danger * 1.1 || !in_time || racing {
                continue;
            }
            held += power(&u.group);
            assign(&mut free, u.id, home);
        }
    }
    // 2. The assault: the enemy Sanctum when a group is clearly stronger than its guard.
    let guard: f64 = eval::enemies(state, side)
        .filter(|u| u.at.manhattan(target) <= 2)
        .map(|u| power(&u.group))
        .sum();
    let mine_total: f64 = free.iter().map(|u| power(&u.group)).sum();
    let theirs_total: f64 = eval::enemies(state, side).map(|u| power(&u.group)).sum();
    let ahead = mine_total > theirs_total * 1.5 || state.turn > 70;
    let mut strongest = free.clone();
    strongest.sort_by(|a, b| {
        power(&b.group)
            .total_cmp(&power(&a.group))
            .then(a.id.cmp(&b.id))
    });
    for u in &strongest {
        let p = power(&u.group);
        let close = u.at.manhattan(target) <= 3;
        if p > guard * 1.5 + 1.0 || (close && p > guard * 1.1) || (ahead && p > guard) {
            assign(&mut free, u.id, target);
        }
    }
    // 3. Towns: the nearest one not held, one group each.
    let mut towns = eval::towns_to_take(state, side);
    let mut order = free.clone();
    order.sort_by_key(|u| u.id);
    for u in order {
        let best = towns
            .iter()
            .copied()
            .filter(|&t| !stronger_enemy_near(state, side, &u.group, t))
            .min_by_key(|t| (t.manhattan(u.at), t.index()));
        if let Some(t) = best {
            towns.retain(|&x| x != t);
            assign(&mut free, u.id, t);
        }
    }
    // 4. The rest rally home (where new recruits join them) or join the assault.
    for u in free.clone() {
        let goal = if ahead && power(&u.group) > guard {
            target
        } else {
            home
        };
        assign(&mut free, u.id, goal);
    }
    out
}

/// Whether an enemy group stronger than `g` stands within two squares of `s`.
fn stronger_enemy_near(state: &GameState, side: Side, g: &Group, s: Square) -> bool {
    let mine = power(g);
    eval::enemies(state, side).any(|e| e.at.manhattan(s) <= 2 && power(&e.group) > mine * 1.2)
}

/// One step for each group toward its goal: the reachable square (or staying put) with
/// the shortest safe path, never onto harmful terrain or an enemy's square, and not next
/// to a clearly stronger enemy unless that is the goal.
pub fn steps(state: &GameState, side: Side, goals: &[(u32, Square)]) -> Vec<(Square, Square)> {
    let mut out = Vec::new();
    // Each enemy's power, computed once for all groups and squares.
    let enemies: Vec<(Square, f64)> = eval::enemies(state, side)
        .map(|e| (e.at, power(&e.group)))
        .collect();
    for &(id, goal) in goals {
        let Some(u) = state.unit(id) else { continue };
        if u.at == goal {
            continue;
        }
        let dist = eval::distances(state, &u.group, goal);
        let mine = power(&u.group);
        let stronger: Vec<Square> = enemies
            .iter()
            .filter(|&&(at, p)| p > mine * 1.3 && at != goal)
            .map(|&(at, _)| at)
            .collect();
        let cost = |s: Square| -> u64 {
            let d = dist[s.index()];
            if d == FAR {
                return u64::MAX;
            }
            let risky = s != goal && stronger.iter().any(|e| e.manhattan(s) <= 2);
            u64::from(d) * 4 + if risky { 10 } else { 0 }
        };
        let stay = cost(u.at);
        let best = crate::destinations(state, u.at)
            .into_iter()
            .filter(|&s| s == goal || eval::safe(state, &u.group, s))
            .filter(|&s| {
                state
                    .unit_at(s)
                    .is_none_or(|o| o.group.owner == u.group.owner)
            })
            .map(|s| (cost(s), s.index(), s))
            .min();
        if let Some((c, _, to)) = best
            && c < stay
        {
            out.push((u.at, to));
        }
    }
    out
}
