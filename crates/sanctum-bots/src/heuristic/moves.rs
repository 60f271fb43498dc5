//! Where the heuristic bot's groups go: one goal per group, then one safe step toward it.
//!
//! Goals are handed out greedily, most urgent first: defenders for the Sanctum (as
//! much power as the raiders near it, from the groups that can get home in time), an
//! assault on the enemy Sanctum (a group clearly stronger than what guards it), the
//! nearest town or colony not yet held (one group a town), and the rest rally to the
//! Sanctum or join the assault when the side is clearly ahead.

use sanctum_rules::game::GameState;
use sanctum_rules::square::CELLS;
use sanctum_rules::{Player, Side, Square};

use super::eval::{self, FAR, Paths, power};

/// An enemy group as the goals and steps weigh it: where it stands, its power, and
/// whether it could take a Sanctum.
#[derive(Clone, Copy)]
struct Enemy {
    at: Square,
    power: f64,
    raider: bool,
}

fn enemies(state: &GameState, side: Side) -> Vec<Enemy> {
    eval::enemies(state, side)
        .map(|u| Enemy {
            at: u.at,
            power: power(&u.group),
            raider: eval::raider(u),
        })
        .collect()
}

/// The goal of each orderable group, by group id.
pub fn goals(state: &GameState, side: Side) -> Vec<(u32, Square)> {
    let home = state.field.sanctum(side);
    let target = state.field.sanctum(side.opponent());
    let enemies = enemies(state, side);
    // The side's orderable groups: id, square and power, computed once.
    let mut free: Vec<(u32, Square, f64)> = eval::orderable_units(state, side)
        .map(|u| (u.id, u.at, power(&u.group)))
        .collect();
    let mut out: Vec<(u32, Square)> = Vec::new();
    let mut assign = |free: &mut Vec<(u32, Square, f64)>, id: u32, goal: Square| {
        free.retain(|&(u, _, _)| u != id);
        out.push((id, goal));
    };
    // 1. Defence: raiders near home, and how soon they could arrive.
    let raiders: Vec<&Enemy> = enemies
        .iter()
        .filter(|e| e.raider && e.at.manhattan(home) <= 6)
        .collect();
    let danger: f64 = raiders.iter().map(|e| e.power).sum();
    let soonest = raiders.iter().map(|e| e.at.manhattan(home)).min();
    if let Some(soonest) = soonest {
        let mut by_distance = free.clone();
        by_distance.sort_by_key(|&(id, at, _)| (at.manhattan(home), id));
        let mut held = 0.0;
        for (id, at, p) in by_distance {
            let d = at.manhattan(home);
            let in_time = d <= soonest + 1;
            // A group that is already winning the race to the enemy Sanctum goes on.
            let racing = at.manhattan(target) + 1 < soonest;
            if held >= danger * 1.1 || !in_time || racing {
                continue;
            }
            held += p;
            assign(&mut free, id, home);
        }
    }
    // 2. The assault: the enemy Sanctum when a group is clearly stronger than its guard.
    let guard: f64 = enemies
        .iter()
        .filter(|e| e.at.manhattan(target) <= 2)
        .map(|e| e.power)
        .sum();
    let mine_total: f64 = free.iter().map(|&(_, _, p)| p).sum();
    let theirs_total: f64 = enemies.iter().map(|e| e.power).sum();
    let ahead = mine_total > theirs_total * 1.5 || state.turn > 70;
    let mut strongest = free.clone();
    strongest.sort_by(|(a, _, pa), (b, _, pb)| pb.total_cmp(pa).then(a.cmp(b)));
    for &(id, at, p) in &strongest {
        let close = at.manhattan(target) <= 3;
        if p > guard * 1.5 + 1.0 || (close && p > guard * 1.1) || (ahead && p > guard) {
            assign(&mut free, id, target);
        }
    }
    // 3. Towns: the nearest one not held, one group each.
    let mut towns = eval::towns_to_take(state, side);
    let mut order = free.clone();
    order.sort_by_key(|&(id, _, _)| id);
    for (id, at, p) in order {
        let best = towns
            .iter()
            .copied()
            .filter(|&t| !stronger_enemy_near(&enemies, p, t))
            .min_by_key(|t| (t.manhattan(at), t.index()));
        if let Some(t) = best {
            towns.retain(|&x| x != t);
            assign(&mut free, id, t);
        }
    }
    // 4. The rest rally home (where new recruits join them) or join the assault.
    for (id, _, p) in free.clone() {
        let goal = if ahead && p > guard { target } else { home };
        assign(&mut free, id, goal);
    }
    out
}

/// Whether an enemy group stronger than a group of power `mine` stands within two
/// squares of `s`.
fn stronger_enemy_near(enemies: &[Enemy], mine: f64, s: Square) -> bool {
    enemies
        .iter()
        .any(|e| e.at.manhattan(s) <= 2 && e.power > mine * 1.2)
}

/// One step for each group toward its goal: the reachable square (or staying put) with
/// the shortest safe path, never onto harmful terrain or an enemy's square, and not next
/// to a clearly stronger enemy unless that is the goal.
/// Groups that move alike share their safe squares and paths, in `paths`.
pub fn steps(
    state: &GameState,
    side: Side,
    goals: &[(u32, Square)],
    paths: &mut Paths,
) -> Vec<(Square, Square)> {
    let mut out = Vec::new();
    let enemies = enemies(state, side);
    paths.sync(state);
    // The owner of the (first) group on each square.
    let mut owner: [Option<Player>; CELLS] = [None; CELLS];
    for u in state.units.iter().rev() {
        owner[u.at.index()] = Some(u.group.owner);
    }
    for &(id, goal) in goals {
        let Some(u) = state.unit(id) else { continue };
        if u.at == goal {
            continue;
        }
        let safe = *paths.safe(state, &u.group);
        let dist = *paths.distances(state, &u.group, goal);
        let mine = power(&u.group);
        let stronger: Vec<Square> = enemies
            .iter()
            .filter(|e| e.power > mine * 1.3 && e.at != goal)
            .map(|e| e.at)
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
        let best = paths
            .destinations(state, u.at)
            .iter()
            .copied()
            .filter(|&s| s == goal || safe[s.index()])
            .filter(|&s| owner[s.index()].is_none_or(|o| o == u.group.owner))
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
