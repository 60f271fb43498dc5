//! What the heuristic bot measures: a group's fighting power, safe paths and threats.

use sanctum_rules::game::{GameState, Unit};
use sanctum_rules::groups::{Capabilities, Control, Group, StandardRules};
use sanctum_rules::map::{Structure, StructureKind};
use sanctum_rules::square::{CELLS, GRID};
use sanctum_rules::terrain::{Hazard, Terrain};
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

/// What decides where a group may safely step: the terrain it is bound to, its walks
/// and flight, and whether it may enter structures. Two groups that move alike have
/// the same safe squares (the test below checks [`safe`] against it on every square of
/// many positions), so one plan computes them and the paths to a goal once for both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mobility {
    only: Option<Terrain>,
    mountain: bool,
    water: bool,
    flight: bool,
    structures: bool,
}

impl Mobility {
    pub fn of(g: &Group) -> Mobility {
        let rules = StandardRules;
        Mobility {
            only: g.effects.only_enter,
            mountain: rules.mountainwalk(g),
            water: rules.waterwalk(g),
            flight: rules.flight(g),
            structures: g.is_recruit_group()
                && g.control == Control::Player
                && !g.effects.no_enter_structures,
        }
    }
}

/// What of a field decides where groups may safely step: each square's terrain and
/// whether a structure stands on it (the layout never changes in a game).
type Ground = [(Terrain, bool); CELLS];

fn ground(state: &GameState) -> Box<Ground> {
    let mut g = Box::new([(Terrain::Plains, false); CELLS]);
    for s in Square::all() {
        g[s.index()] = (state.field.terrain(s), state.field.structure(s).is_some());
    }
    g
}

/// The squares a group may safely enter and its distances to goals, computed once per
/// kind of mover (and goal) and kept while the ground stays the same: one plan's
/// groups, and in the search every plan of a rollout, share them.
#[derive(Default)]
pub struct Paths {
    ground: Option<Box<Ground>>,
    safe: Vec<(Mobility, [bool; CELLS])>,
    dist: Vec<(Mobility, Square, Box<[u32; CELLS]>)>,
    /// The squares a group can reach in one move from each square, once asked.
    reach: Vec<Option<Vec<Square>>>,
}

impl Paths {
    /// Forgets what was computed on another ground than `state`'s.
    pub fn sync(&mut self, state: &GameState) {
        let now = ground(state);
        if self.ground.as_ref() != Some(&now) {
            self.ground = Some(now);
            self.safe.clear();
            self.dist.clear();
            self.reach.clear();
        }
    }

    /// The squares one move from `from` can reach ([`crate::destinations`]).
    pub fn destinations(&mut self, state: &GameState, from: Square) -> &[Square] {
        if self.reach.is_empty() {
            self.reach.resize(CELLS, None);
        }
        self.reach[from.index()].get_or_insert_with(|| crate::destinations(state, from))
    }

    /// Whether each square is [`safe`] for `g`.
    pub fn safe(&mut self, state: &GameState, g: &Group) -> &[bool; CELLS] {
        let m = Mobility::of(g);
        let k = match self.safe.iter().position(|(k, _)| *k == m) {
            Some(k) => k,
            None => {
                let mut mask = [false; CELLS];
                for &s in state.field.board().squares() {
                    mask[s.index()] = safe(state, g, s);
                }
                self.safe.push((m, mask));
                self.safe.len() - 1
            }
        };
        &self.safe[k].1
    }

    /// Steps from every square to `goal` over squares `g` may safely enter (the goal
    /// itself always counts as enterable); [`FAR`] where there is no such path.
    pub fn distances(&mut self, state: &GameState, g: &Group, goal: Square) -> &[u32; CELLS] {
        let m = Mobility::of(g);
        let k = match self
            .dist
            .iter()
            .position(|(k, at, _)| *k == m && *at == goal)
        {
            Some(k) => k,
            None => {
                let mask = *self.safe(state, g);
                let dist = breadth_first(state, &mask, goal);
                self.dist.push((m, goal, dist));
                self.dist.len() - 1
            }
        };
        &self.dist[k].2
    }
}

/// Distances to `goal` by breadth-first search: every playable square next to one that
/// is safe (or the goal) gets a distance, only safe ones lead further.
fn breadth_first(state: &GameState, safe: &[bool; CELLS], goal: Square) -> Box<[u32; CELLS]> {
    let board = state.field.board();
    let mut dist = Box::new([FAR; CELLS]);
    let mut queue = [goal; CELLS];
    let (mut head, mut tail) = (0, 1);
    dist[goal.index()] = 0;
    while head < tail {
        let s = queue[head];
        head += 1;
        if s != goal && !safe[s.index()] {
            continue;
        }
        let next = dist[s.index()] + 1;
        let (c, r) = (s.c, s.r);
        let around = [
            (r > 0).then(|| Square { c, r: r - 1 }),
            (c > 0).then(|| Square { c: c - 1, r }),
            (c + 1 < GRID).then(|| Square { c: c + 1, r }),
            (r + 1 < GRID).then(|| Square { c, r: r + 1 }),
        ];
        for n in around.into_iter().flatten() {
            if dist[n.index()] == FAR && board.is_playable(n) {
                dist[n.index()] = next;
                queue[tail] = n;
                tail += 1;
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
pub fn orderable_units(state: &GameState, side: Side) -> impl Iterator<Item = &Unit> {
    state.units.iter().filter(move |u| {
        u.group.owner == Player::from(side)
            && u.group.control == Control::Player
            && u.group.is_recruit_group()
    })
}

/// [`orderable_units`], cloned.
pub fn orderable(state: &GameState, side: Side) -> Vec<Unit> {
    orderable_units(state, side).cloned().collect()
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

/// How much enemy groups threaten what a side holds, with its Sanctum and towns found
/// once.
pub struct Threat {
    home: Square,
    towns: Vec<Square>,
}

impl Threat {
    pub fn new(state: &GameState, side: Side) -> Threat {
        Threat {
            home: state.field.sanctum(side),
            towns: own_towns(state, side),
        }
    }

    /// How much an enemy group threatens what the side holds: high when near its
    /// Sanctum (raiders only) or next to its towns; 0 when far.
    pub fn of(&self, u: &Unit) -> f64 {
        let d = u.at.manhattan(self.home);
        let mut t = 0.0;
        if raider(u) && d <= 5 {
            t += 6.0 - f64::from(d);
        }
        if self.towns.iter().any(|&s| s.manhattan(u.at) <= 1) {
            t += 2.0;
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bot, RandomBot};
    use sanctum_rules::game::{Setup, view};

    /// The distances as the plain definition gives them: a breadth-first search asking
    /// [`safe`] of every square it leaves.
    fn plain_distances(state: &GameState, g: &Group, goal: Square) -> Vec<u32> {
        let mut dist = vec![FAR; CELLS];
        let mut queue = std::collections::VecDeque::from([goal]);
        dist[goal.index()] = 0;
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

    /// The group with one of the abilities that change where it may go, by `k`.
    fn varied(g: &Group, k: usize, here: Terrain) -> Group {
        let mut g = g.clone();
        let e = &mut g.effects;
        match k {
            0 => {}
            1 => e.flight = true,
            2 => e.mountainwalk = true,
            3 => e.waterwalk = true,
            4 => e.no_enter_structures = true,
            5 => e.only_enter = Some(here),
            6 => g.control = Control::Computer,
            _ => {
                e.mountainwalk = true;
                e.waterwalk = true;
            }
        }
        g
    }

    /// Over the positions of random games with the sample decks (new terrain, captured
    /// structures) and every group there with each ability that changes where it may
    /// go, the shared safe squares and distances are exactly each group's own: what
    /// [`Mobility`] leaves out never changes where a group may go.
    #[test]
    fn shared_paths_are_each_group_s_own() {
        let mut checked = 0;
        let mut kinds: Vec<Mobility> = Vec::new();
        for seed in 0..4 {
            let (mut state, _) = GameState::start(&Setup::sample(seed)).expect("a game");
            let mut bots = [RandomBot::new(seed), RandomBot::new(seed + 100)];
            let mut paths = Paths::default();
            for turn in 0..60 {
                if state.outcome.is_some() {
                    break;
                }
                paths.sync(&state);
                let goals = [
                    state.field.sanctum(Side::Red),
                    state.field.sanctum(Side::Blue),
                ];
                for u in state.units.iter().filter(|_| turn % 6 == 0) {
                    for k in 0..8 {
                        let g = varied(&u.group, k, state.field.terrain(u.at));
                        if !kinds.contains(&Mobility::of(&g)) {
                            kinds.push(Mobility::of(&g));
                        }
                        let mask = *paths.safe(&state, &g);
                        for s in Square::all() {
                            let want = state.field.board().is_playable(s) && safe(&state, &g, s);
                            assert_eq!(mask[s.index()], want, "{} ({k}) at {s}", g.name);
                        }
                        for goal in goals {
                            let d = paths.distances(&state, &g, goal).to_vec();
                            assert_eq!(d, plain_distances(&state, &g, goal));
                        }
                        checked += 1;
                    }
                }
                let orders =
                    [Side::Red, Side::Blue].map(|s| bots[s.index()].orders(&view(&state, s)));
                state.play_turn(&orders).expect("legal orders");
            }
        }
        assert!(checked > 500, "{checked} groups checked");
        assert!(kinds.len() >= 8, "groups that move differently: {kinds:?}");
    }
}
