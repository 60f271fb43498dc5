//! What the heuristic bot measures: a group's fighting power, safe paths and threats.

use sanctum_rules::game::{GameState, Unit};
use sanctum_rules::groups::{Capabilities, Control, Group, StandardRules};
use sanctum_rules::map::{Structure, StructureKind};
use sanctum_rules::terrain::Hazard;
use sanctum_rules::{Player, Side, Square};

/// Unreachable, in [`distances`].
pub const FAR: u32 = u32::MAX;

/// A rough fighting power: effective hit points times expected damage a round
/// (Lanchester's square law, so two equal groups together count four times one).
pub fn power(g: &Group) -> f64 {
    let mut hp = 0.0;
    let mut dmg = 0.0;
    for m in g.minions().iter().filter(|m| m.is_alive()) {
        hp += f64::from(m.health()) * (1.0 + f64::from(m.armor) * 0.4);
        let blow = f64::from(m.hand.max(m.missile));
        let hit = (8.0 + f64::from(m.level)) / 12.0;
        dmg += f64::from(m.attacks) * (blow - 0.6).max(0.3) * hit;
    }
    hp * dmg
}

/// Whether a group may step onto a square without harm (enterable, no damaging or fatal
/// terrain for it).
pub fn safe(state: &GameState, g: &Group, s: Square) -> bool {
    let rules = StandardRules;
    rules.can_enter(&state.field, g, s) && rules.hazard_on_enter(&state.field, g, s) == Hazard::None
}

/// Steps from every square to `goal` over squares the group may safely enter (the
/// goal itself always counts as enterable); [`FAR`] where there is no such path.
pub fn distances(state: &GameState, g: &Group, goal: Square) -> Vec<u32> {
    let mut dist = vec![FAR; 144];
    let mut queue = std::collections::VecDeque::new();
    dist[goal.index()] = 0;
    queue.push_back(goal);
    while let Some(s) = queue.pop_front() {
        if s != goal && !safe(state, g, s) {
            continue;
        }
        for n in s.orthogonal() {
            if dist[n.index()] == FAR && state.field.board().is_playable(n) {
                dist[n.index()] = dist[s.index()] + 1;
                queue.push_back(n);
            }
        }
    }
    dist
}

/// Groups that are not the side's.
pub fn enemies(state: &GameState, side: Side) -> impl Iterator<Item = &Unit> {
    state
        .units
        .iter()
        .filter(move |u| u.group.owner != Player::from(side))
}

/// The side's groups it may order: player-controlled recruit groups.
pub fn orderable(state: &GameState, side: Side) -> Vec<Unit> {
    state
        .units
        .iter()
        .filter(|u| {
            u.group.owner == Player::from(side)
                && u.group.control == Control::Player
                && u.group.is_recruit_group()
        })
        .cloned()
        .collect()
}

/// Whether a group could take a Sanctum: a player-controlled recruit group.
pub fn raider(u: &Unit) -> bool {
    u.group.control == Control::Player && u.group.is_recruit_group()
}

/// Squares whose structure satisfies `keep`.
fn structures(state: &GameState, keep: impl Fn(Structure) -> bool) -> Vec<Square> {
    let board = state.field.board();
    let squares = board.squares().iter().copied();
    squares
        .filter(|&s| state.field.structure(s).is_some_and(&keep))
        .collect()
}

fn town_or_colony(st: Structure) -> bool {
    matches!(st.kind, StructureKind::Town | StructureKind::Colony)
}

/// Towns and colonies that are not the side's.
pub fn towns_to_take(state: &GameState, side: Side) -> Vec<Square> {
    structures(state, |st| {
        town_or_colony(st) && st.owner != Player::from(side)
    })
}

/// The side's own towns and colonies.
pub fn own_towns(state: &GameState, side: Side) -> Vec<Square> {
    structures(state, |st| {
        town_or_colony(st) && st.owner == Player::from(side)
    })
}

/// How much an enemy group threatens what the side holds: high when near its Sanctum
/// (raiders only) or next to its towns; 0 when far.
pub fn threat(state: &GameState, side: Side, u: &Unit) -> f64 {
    let home = state.field.sanctum(side);
    let d = u.at.manhattan(home);
    let mut t = 0.0;
    if raider(u) && d <= 5 {
        t += 6.0 - f64::from(d);
    }
    if own_towns(state, side)
        .iter()
        .any(|&s| s.manhattan(u.at) <= 1)
    {
        t += 2.0;
    }
    t
}
