//! The reducer: one whole turn from both players' orders.

use crate::game::combat;
use crate::game::events::Event;
use crate::game::orders::{self, Applied, Order, OrderError, Rejected};
use crate::game::spells;
use crate::game::start::{self, end_game, start_of_turn, turn_limit_winner};
use crate::game::state::{EndReason, GameState, Setup, SetupError, Unit};
use crate::groups::Group;
use crate::movement::{GroupOutcome, Outcome, Phase, PhaseGroup};
use crate::player::{Player, Side};
use crate::square::Square;
use crate::stats;

/// Both players' orders for one turn: red's, then blue's.
pub type TurnOrders = [Vec<Order>; 2];

impl GameState {
    /// Starts a game: the setup, then the first start of turn.
    pub fn start(setup: &Setup) -> Result<(GameState, Vec<Event>), SetupError> {
        let mut state = GameState::new(setup)?;
        let mut events = Vec::new();
        start_of_turn(&mut state, &mut events);
        Ok((state, events))
    }

    /// Plays the rest of this turn from both players' orders (spell execution,
    /// movement, combat) and the next start of turn. Both lists are checked first;
    /// if either holds a bad order nothing changes.
    pub fn play_turn(&mut self, orders: &TurnOrders) -> Result<Vec<Event>, Rejected> {
        if self.outcome.is_some() {
            return Err(Rejected {
                side: Side::Red,
                index: 0,
                error: OrderError::GameOver,
            });
        }
        for side in Side::BOTH {
            crate::game::validate::validate(self, side, &orders[side.index()])?;
        }
        let mut events = Vec::new();
        self.resolve_orders(orders, &mut events);
        if self.outcome.is_none() {
            self.turn += 1;
            start_of_turn(self, &mut events);
        }
        Ok(events)
    }

    /// The phases after the orders phase: orders take effect (initiative player first),
    /// spells execute, groups move, combats are fought; then the turn limit. The orders
    /// must have been validated.
    pub fn resolve_orders(&mut self, orders: &TurnOrders, events: &mut Vec<Event>) {
        let first = self.initiative;
        let mut applied: [Applied; 2] = Default::default();
        let since = events.len();
        for side in [first, first.opponent()] {
            applied[side.index()] =
                orders::apply(self, side, &orders[side.index()], false, events).unwrap_or_default();
        }
        // Towns under Ancestral Home where recruits were trained move (S62).
        crate::game::homeland::after_creation(self, events, since);
        let conceded = [applied[0].conceded, applied[1].conceded];
        if conceded[0] || conceded[1] {
            let winner = match conceded {
                [true, false] => Some(Side::Blue),
                [false, true] => Some(Side::Red),
                _ => None,
            };
            for side in Side::BOTH {
                if conceded[side.index()] {
                    events.push(Event::Conceded { side });
                }
            }
            end_game(self, winner, EndReason::Conceded, events);
            return;
        }
        let since = events.len();
        spells::execute_all(self, [&applied[0].casts, &applied[1].casts], events);
        crate::game::homeland::after_creation(self, events, since);
        crate::game::sundry::legacy(self, events);
        movement(self, [&applied[0].moves, &applied[1].moves], events);
        crate::game::sundry::legacy(self, events);
        crate::game::upheaval::before_combat(self, events);
        combat::all_combats(self, events);
        crate::game::offboard::vanish(self, events);
        crate::game::sundry::legacy(self, events);
        if self.turn >= stats::TURN_LIMIT && self.outcome.is_none() {
            start::sanctum_captured(self, events);
            let winner = turn_limit_winner(self);
            end_game(self, winner, EndReason::TurnLimit, events);
        }
    }
}

/// The pure form of [`GameState::play_turn`]: the next state and what happened.
pub fn resolve_turn(
    state: &GameState,
    orders: &TurnOrders,
) -> Result<(GameState, Vec<Event>), Rejected> {
    let mut next = state.clone();
    let events = next.play_turn(orders)?;
    Ok((next, events))
}

/// The movement phase: the groups in each player's movement-orders sequence (ordered
/// groups in the order given, then the rest, oldest first), through the pipeline.
fn movement(state: &mut GameState, moves: [&[(u32, Square)]; 2], events: &mut Vec<Event>) {
    // Minion exchange: the minions of a group that joins another recheck their spells.
    let members: Vec<(u32, u32)> = state
        .units
        .iter()
        .flat_map(|u| u.group.minions().iter().map(move |m| (u.id, m.id)))
        .collect();
    let (ids, groups) = phase_groups(state, moves);
    let phase = Phase {
        field: state.field.clone(),
        initiative: state.initiative,
        seed: state.rng.next_u64(),
        groups,
    };
    let (res, phase) = phase.resolve_owned(false);
    let losses = res.groups.iter().any(|g| g.killed > 0 || g.at.is_none());
    let mut next = moved_units(&res.groups, res.final_groups, &phase, &ids, events);
    next.sort_by_key(|u| u.id);
    state.units = next;
    state.spell_orders.clear();
    if crate::game::effects::area_modifiers(state) {
        // Groups that moved onto or off a fortified square, or joined, show it now.
        crate::game::effects::refresh_all(state);
        crate::game::spells::bury_the_dead(state, events);
    }
    if losses {
        state.bury();
    }
    let exchanged: Vec<u32> = res
        .groups
        .iter()
        .enumerate()
        .filter(|(_, g)| g.outcome == Outcome::Joined)
        .flat_map(|(k, _)| {
            let joined = ids[k];
            members
                .iter()
                .filter(move |(g, _)| *g == joined)
                .map(|(_, m)| *m)
        })
        .collect();
    recheck_exchanged(state, exchanged, events);
}

/// Takes every unit out of the state as a movement-phase group, each player's ordered
/// groups first and in order; returns their ids alongside, in the same order.
fn phase_groups(
    state: &mut GameState,
    moves: [&[(u32, Square)]; 2],
) -> (Vec<u32>, Vec<PhaseGroup>) {
    let before = before_movement(state);
    let horn = horn_goal(state);
    let mut units: Vec<Option<Unit>> = std::mem::take(&mut state.units)
        .into_iter()
        .map(Some)
        .collect();
    let mut ids: Vec<u32> = Vec::with_capacity(units.len());
    let mut groups = Vec::with_capacity(units.len());
    for player in Player::ALL {
        let ordered: &[(u32, Square)] = player.side().map_or(&[], |s| moves[s.index()]);
        let rest: Vec<u32> = units
            .iter()
            .flatten()
            .filter(|u| u.group.owner == player && !ordered.iter().any(|(g, _)| *g == u.id))
            .map(|u| u.id)
            .collect();
        let sequence = ordered
            .iter()
            .map(|&(g, to)| (g, Some(to)))
            .chain(rest.into_iter().map(|g| (g, None)));
        for (id, order) in sequence {
            let Some(slot) = units
                .iter_mut()
                .find(|u| u.as_ref().is_some_and(|u| u.id == id))
            else {
                continue;
            };
            let Some(u) = slot.take() else { continue };
            ids.push(id);
            let spell = state
                .spell_orders
                .iter()
                .find(|(g, _)| *g == id)
                .map(|(_, f)| *f);
            let before_movement = before[..].iter().find(|(g, _)| *g == id).map(|(_, f)| *f);
            // Belvario's Horn calls every computer-controlled monster group to it.
            let goal = horn.filter(|_| {
                !u.group.is_recruit_group() && u.group.control == crate::groups::Control::Computer
            });
            groups.push(PhaseGroup {
                group: u.group,
                at: u.at,
                order,
                spell,
                before_movement,
                goal,
            });
        }
    }
    (ids, groups)
}

/// Reports each group's move and death and returns the units still on the board.
fn moved_units(
    outcomes: &[GroupOutcome],
    final_groups: Vec<Option<Group>>,
    phase: &Phase,
    ids: &[u32],
    events: &mut Vec<Event>,
) -> Vec<Unit> {
    let mut next: Vec<Unit> = Vec::with_capacity(ids.len());
    for (k, (outcome, final_group)) in outcomes.iter().zip(final_groups).enumerate() {
        let id = ids[k];
        let from = phase.groups[k].at;
        if outcome.outcome != Outcome::Stood || phase.groups[k].order.is_some() {
            events.push(Event::Moved {
                group: id,
                from,
                to: outcome.at,
                outcome: outcome.outcome,
                into: outcome.into.map(|i| ids[i]),
                killed: outcome.killed,
                setback: outcome.setback.map(|s| s.map_winner(|w| ids[w])),
            });
        }
        match (final_group, outcome.at) {
            (Some(group), Some(at)) => next.push(Unit { id, at, group }),
            _ if outcome.outcome != Outcome::Joined => events.push(Event::GroupDied { group: id }),
            _ => {}
        }
    }
    next
}

/// Lets the minions that joined another group take on their new group's spells, and
/// rechecks each one's own spells.
fn recheck_exchanged(state: &mut GameState, exchanged: Vec<u32>, events: &mut Vec<Event>) {
    // A minion that joined shows its new group's spells (a group's modifiers reach
    // every member), and one whose hit points they take below its damage dies.
    // The groups they stand in now (a group joined may itself have joined another).
    let hosts: Vec<u32> = if exchanged.is_empty() {
        Vec::new()
    } else {
        let mut joined = exchanged.clone();
        joined.sort_unstable();
        state
            .units
            .iter()
            .filter(|u| {
                u.group
                    .minions()
                    .iter()
                    .any(|m| joined.binary_search(&m.id).is_ok())
            })
            .map(|u| u.id)
            .collect()
    };
    for &group in &hosts {
        crate::game::effects::refresh_group(state, group);
    }
    if !hosts.is_empty() {
        crate::game::spells::bury_the_dead(state, events);
    }
    for minion in exchanged {
        crate::game::requirements::recheck(
            state,
            crate::game::state::Host::Minion { minion },
            events,
        );
    }
}

/// The orders before-movement effects write this turn (seed 003, phase 4): a group's
/// Fingle, Zurzavar or Sentinel, a Siren Song's pull toward the caster's nearest group,
/// a Mirage drawing in the other players' groups next to it. Later spells in the active
/// list write last.
fn before_movement(state: &GameState) -> Vec<(u32, crate::movement::Forced)> {
    use crate::cards::Effect;
    use crate::game::state::{Host, SpellRef};
    use crate::movement::Forced;
    let mut out: Vec<(u32, Forced)> = Vec::new();
    let mut write = |g: u32, f: Forced| {
        out.retain(|(x, _)| *x != g);
        out.push((g, f));
    };
    for a in &state.active {
        let SpellRef::Card(card) = a.spell else {
            continue;
        };
        for &effect in card.def().effects() {
            match (effect, a.host) {
                (Effect::BeforeMovement { order }, Host::Group { group }) => {
                    write(group, crate::game::spells::forced(order));
                }
                (Effect::Lure, Host::Group { group }) => {
                    if let Some(step) = lure_step(state, group, a.owner) {
                        write(group, Forced::To(step));
                    }
                }
                (Effect::Beckon { terrains }, Host::Group { group }) => {
                    if let Some(step) = crate::game::lands::beckon_step(state, group, terrains) {
                        write(group, Forced::To(step));
                    }
                }
                (Effect::Attract, Host::Square { at }) => {
                    for s in at.orthogonal() {
                        if let Some(u) = state.unit_at(s)
                            && u.group.owner != a.owner
                        {
                            write(u.id, Forced::To(at));
                        }
                    }
                }
                _ => {}
            }
        }
    }
    out
}

/// Where a Belvario's Horn in play calls the monsters: its host's square (the oldest
/// horn's, though only one may be in play).
fn horn_goal(state: &GameState) -> Option<Square> {
    use crate::game::state::{Host, SpellRef};
    state.active.iter().find_map(|a| match (a.spell, a.host) {
        (SpellRef::Card(card), Host::Minion { minion })
            if card.def().effects().contains(&crate::cards::Effect::Horn) =>
        {
            let g = crate::game::effects::group_of(state, minion)?;
            state.unit(g).map(|u| u.at)
        }
        _ => None,
    })
}

/// One orthogonal step from a group toward the nearest group of `owner` (the first such
/// step in board order on a tie); `None` when the owner has no other group.
fn lure_step(state: &GameState, group: u32, owner: Player) -> Option<Square> {
    let u = state.unit(group)?;
    let goal = state
        .units
        .iter()
        .filter(|o| o.group.owner == owner && o.id != group)
        .min_by_key(|o| (o.at.manhattan(u.at), o.id))?
        .at;
    u.at.orthogonal()
        .filter(|s| state.field.board().is_playable(*s))
        .min_by_key(|s| s.manhattan(goal))
        .filter(|s| s.manhattan(goal) < u.at.manhattan(goal))
}
