//! The start of a turn: its nine steps, in the original's order.

use crate::game::events::Event;
use crate::game::state::{EndReason, GameOutcome, GameState, SpellRef};
use crate::groups::{Capabilities, Control, MinionKind, StandardRules};
use crate::mana::Mana;
use crate::map::StructureKind;
use crate::player::{Player, Side};
use crate::stats;
use crate::terrain::Hazard;

/// Runs the nine start-of-turn steps for `state.turn`.
pub fn start_of_turn(state: &mut GameState, events: &mut Vec<Event>) {
    events.push(Event::TurnStarted { turn: state.turn });
    award_levels(state, events);
    expire_spells(state, events);
    crate::game::chaos::bedlam(state, events);
    crate::game::upheaval::afflict(state, events);
    crate::game::upheaval::regenerate(state, events);
    crate::game::mechanisms::heal_in_terrain(state, events);
    crate::game::boardhop::returns(state, events);
    crate::game::sundry::rifts(state, events);
    crate::game::lands::start_of_turn(state, events);
    crate::game::gifts::bear_spirits(state, events);
    terrain_after_start(state, events);
    crate::game::sundry::legacy(state, events);
    draw_cards(state, events);
    let captured = capture_structures(state, events);
    produce_novices(state, &captured, events);
    initiative(state, events);
    generate_mana(state, events);
    sanctum_captured(state, events);
}

/// Step 1: recruits whose experience qualifies them rise to the level it gives.
/// Experience gives levels 2 to 4 only: level 1 is where recruits start, not a level
/// earned, so a recruit brought down to level 0 does not climb back without the
/// experience for level 2.
fn award_levels(state: &mut GameState, events: &mut Vec<Event>) {
    let mut raised = Vec::new();
    for u in &mut state.units {
        for m in u.group.minions_mut() {
            if !matches!(m.kind, MinionKind::Recruit { .. }) {
                continue;
            }
            let earned = stats::level_for_xp(m.xp);
            if earned > m.base.level && earned > stats::START_LEVEL {
                m.base.level = earned;
                raised.push((u.id, m.id));
            }
        }
    }
    for (group, minion) in raised {
        crate::game::effects::refresh_group(state, group);
        let level = state
            .unit(group)
            .and_then(|u| u.group.minions().iter().find(|m| m.id == minion))
            .map_or(0, |m| m.level);
        events.push(Event::LevelUp {
            group,
            minion,
            level,
        });
    }
}

/// Step 2, "at start of turn" effects: conjurations whose last turn has passed end
/// (their hosts recheck), and healing squares heal.
fn expire_spells(state: &mut GameState, events: &mut Vec<Event>) {
    let turn = state.turn;
    let expired: Vec<(u32, crate::cards::CardId)> = state
        .active
        .iter()
        .filter_map(|a| match (a.until, a.spell) {
            (Some(last), SpellRef::Card(card)) if last < turn => Some((a.id, card)),
            _ => None,
        })
        .collect();
    for (id, card) in expired {
        let Some(pos) = state.active.iter().position(|a| a.id == id) else {
            continue;
        };
        let spell = state.active.remove(pos);
        crate::game::spells::on_leave_play(state, &spell, events);
        events.push(Event::SpellExpired { spell: id, card });
        crate::game::requirements::recheck(state, spell.host, events);
    }
    crate::game::gifts::expire(state, events);
    heal_on_squares(state, events);
}

/// Healing squares (Faerie Circle): a group of the spell's owner standing there heals.
fn heal_on_squares(state: &mut GameState, events: &mut Vec<Event>) {
    let heals: Vec<(crate::Square, Player, u8)> = state
        .active
        .iter()
        .filter_map(|a| match (a.spell, a.host) {
            (SpellRef::Card(card), crate::game::state::Host::Square { at }) => {
                card.def().effects().iter().find_map(|e| match e {
                    crate::cards::Effect::HealOnSquare { amount } => Some((at, a.owner, *amount)),
                    _ => None,
                })
            }
            _ => None,
        })
        .collect();
    for (at, owner, amount) in heals {
        let group = state
            .units
            .iter()
            .find(|u| u.at == at && u.group.owner == owner)
            .map(|u| u.id);
        if let Some(group) = group {
            crate::game::spells::heal_each(state, group, amount, events);
        }
    }
}

/// Step 3, "after start of turn": damaging and fatal terrain hurts the groups on it.
fn terrain_after_start(state: &mut GameState, events: &mut Vec<Event>) {
    let rules = StandardRules;
    let mut hurt = false;
    for u in &mut state.units {
        let hazard = rules.hazard_on_enter(&state.field, &u.group, u.at);
        let (damage, killed) = match hazard {
            Hazard::None => continue,
            Hazard::Damage(n) => (n, u.group.damage_each(n)),
            Hazard::Kill => (u8::MAX, u.group.kill_all()),
        };
        hurt |= killed > 0;
        events.push(Event::TerrainDamage {
            group: u.id,
            at: u.at,
            damage,
            killed,
        });
    }
    if hurt {
        for g in state.bury() {
            events.push(Event::GroupDied { group: g });
        }
    }
}

/// Step 4: each player draws up to a full hand, one more after a discard.
fn draw_cards(state: &mut GameState, events: &mut Vec<Event>) {
    for side in Side::BOTH {
        // A Scrying Pool draws one card more, as a discard does (never both).
        let foresight = crate::game::lands::foresight(state, side);
        let p = &mut state.players[side.index()];
        // Revolvers waiting in the hand turn: M rises by one, from 10 back to 1.
        for (_, m) in &mut p.revolving {
            *m = *m % crate::cards::REVOLVER_MAX + 1;
        }
        let want = stats::HAND_SIZE + usize::from(p.discarded || foresight);
        p.discarded = false;
        while p.hand.len() < want {
            if !draw_one(p, side, events) {
                events.push(Event::DeckEmpty { side });
                break;
            }
        }
    }
}

/// Draws the top card of a player's deck into the hand (a Revolver starting at M = 1);
/// false when the deck is empty.
pub(crate) fn draw_one(
    p: &mut crate::game::state::PlayerState,
    side: Side,
    events: &mut Vec<Event>,
) -> bool {
    let Some(card) = p.deck.pop() else {
        return false;
    };
    p.hand.push(card);
    if card.def().revolver {
        p.revolving.push((card, 1));
    }
    events.push(Event::Drew {
        side,
        card: Some(card),
    });
    true
}

/// Step 5: a player's recruit group standing on another's town or colony captures it.
/// Returns the squares captured.
fn capture_structures(state: &mut GameState, events: &mut Vec<Event>) -> Vec<crate::Square> {
    let mut captured = Vec::new();
    let squares: Vec<_> = state.towns.iter().map(|t| t.at).collect();
    for at in squares {
        let Some(st) = state.field.structure(at) else {
            continue;
        };
        let Some(u) = state.unit_at(at) else { continue };
        let Some(by) = u.group.owner.side() else {
            continue;
        };
        if st.owner == u.group.owner
            || !u.group.is_recruit_group()
            || u.group.control != Control::Player
        {
            continue;
        }
        let p = &state.players[by.index()];
        let mana = p
            .town_mana
            .iter()
            .find(|(s, _)| *s == at)
            .map_or(p.house.primary(), |(_, m)| *m);
        state.players[by.index()].delta += 1;
        if let Some(lost) = st.owner.side() {
            state.players[lost.index()].delta -= 1;
        }
        state.field.set_structure(
            at,
            Some(crate::map::Structure {
                kind: st.kind,
                owner: by.into(),
            }),
        );
        state.field.set_novices(at, 0);
        if let Some(t) = state.towns.iter_mut().find(|t| t.at == at) {
            t.mana = Some(mana);
            t.captured = state.turn;
            t.guests = None;
        }
        events.push(Event::Captured {
            at,
            kind: st.kind,
            by,
            from: st.owner,
            mana: Some(mana),
        });
        crate::game::mechanisms::on_capture(state, by, events);
        crate::game::boardhop::camp_captured(state, at, events);
        captured.push(at);
    }
    for side in Side::BOTH {
        state.players[side.index()].town_mana.clear();
    }
    captured
}

/// Step 6: structures not captured this turn produce novices on their schedule.
fn produce_novices(state: &mut GameState, captured: &[crate::Square], events: &mut Vec<Event>) {
    let turn = state.turn;
    let squares = state.field.board().squares();
    for &at in squares {
        let Some(st) = state.field.structure(at) else {
            continue;
        };
        let Some(owner) = st.owner.side() else {
            continue;
        };
        if captured.contains(&at) {
            continue;
        }
        let due = match st.kind {
            StructureKind::Sanctum => (turn - 1).is_multiple_of(stats::SANCTUM_EVERY),
            StructureKind::Town | StructureKind::Colony => state.town(at).is_some_and(|t| {
                turn > t.captured && (turn - t.captured).is_multiple_of(stats::TOWN_EVERY)
            }),
            StructureKind::Entrance => false,
        };
        // The active list is searched for a Ghost Town only when a novice is due.
        if due && state.field.novices(at) < stats::MAX_NOVICES && !barren(state, at) {
            state.field.set_novices(at, state.field.novices(at) + 1);
            events.push(Event::NoviceProduced { at, owner });
        }
    }
}

/// Whether a spell on the structure's square stops it producing novices (Ghost Town).
fn barren(state: &GameState, at: crate::Square) -> bool {
    state.active.iter().any(|a| {
        a.host == (crate::game::state::Host::Square { at })
            && matches!(a.spell, SpellRef::Card(c)
                if c.def().effects().contains(&crate::cards::Effect::NoNovices))
    })
}

/// Step 7: the higher structure delta takes initiative; a tie keeps it.
fn initiative(state: &mut GameState, events: &mut Vec<Event>) {
    let deltas = [state.players[0].delta, state.players[1].delta];
    let before = state.initiative;
    if deltas[0] > deltas[1] {
        state.initiative = Side::Red;
    } else if deltas[1] > deltas[0] {
        state.initiative = Side::Blue;
    }
    for p in &mut state.players {
        p.delta = 0;
    }
    events.push(Event::Initiative {
        side: state.initiative,
        changed: state.initiative != before,
        deltas,
    });
}

/// Step 8: each player's mana for this turn: the Sanctum's, one per owned town or
/// colony of its chosen type, and any one-turn bonus. Unspent mana does not carry over.
fn generate_mana(state: &mut GameState, events: &mut Vec<Event>) {
    // Both players' mana in one pass over the towns and one over the active list.
    let mut gained = [state.players[0].sanctum_mana, state.players[1].sanctum_mana];
    let owner_at = |at: crate::Square| state.field.structure(at).and_then(|s| s.owner.side());
    for t in &state.towns {
        if let (Some(side), Some(m)) = (owner_at(t.at), t.mana) {
            gained[side.index()].add(m, stats::TOWN_MANA);
        }
    }
    for a in &state.active {
        let crate::game::state::SpellRef::Card(card) = a.spell else {
            continue;
        };
        for &effect in card.def().effects() {
            match (effect, a.host) {
                (
                    crate::cards::Effect::ManaEachTurn { mana: t, amount },
                    crate::game::state::Host::Globe | crate::game::state::Host::Minion { .. },
                ) => {
                    if let Some(side) = a.owner.side() {
                        gained[side.index()].add(t, amount as u16);
                    }
                }
                (
                    crate::cards::Effect::StructureMana { mana: t, amount },
                    crate::game::state::Host::Square { at },
                ) => {
                    if let Some(side) = owner_at(at) {
                        gained[side.index()].add(t, amount as u16);
                    }
                }
                _ => {}
            }
        }
    }
    for side in Side::BOTH {
        let mut mana = gained[side.index()];
        crate::game::mechanisms::adjust_mana(state, side, &mut mana);
        let p = &mut state.players[side.index()];
        mana.add_all(&p.next_turn_mana);
        p.next_turn_mana = Mana::default();
        p.mana = mana;
        events.push(Event::ManaGenerated { side, mana });
    }
}

/// Step 9: a Sanctum held by an enemy player's recruit group has fallen. When both
/// fall at the same moment neither player took the other's first: a draw.
pub(crate) fn sanctum_captured(state: &mut GameState, events: &mut Vec<Event>) {
    let fallen = Side::BOTH.map(|side| {
        let at = state.field.sanctum(side);
        state.unit_at(at).is_some_and(|u| {
            u.group.owner == Player::from(side.opponent())
                && u.group.is_recruit_group()
                && u.group.control == Control::Player
        })
    });
    let winner = match fallen {
        [false, false] => return,
        [true, true] => None,
        [true, false] => Some(Side::Blue),
        [false, true] => Some(Side::Red),
    };
    end_game(state, winner, EndReason::SanctumCaptured, events);
}

/// Ends the game.
pub fn end_game(
    state: &mut GameState,
    winner: Option<Side>,
    reason: EndReason,
    events: &mut Vec<Event>,
) {
    if state.outcome.is_none() {
        state.outcome = Some(GameOutcome {
            winner,
            reason,
            turn: state.turn,
        });
        events.push(Event::GameEnded { winner, reason });
    }
}

/// The turn-limit result (ruling G9): more towns and colonies, then more minions, then
/// more hit points left; otherwise a draw.
pub fn turn_limit_winner(state: &GameState) -> Option<Side> {
    let score = |side: Side| {
        let mine = state
            .units
            .iter()
            .filter(|u| u.group.owner == Player::from(side));
        let minions: usize = mine.clone().map(|u| u.group.size()).sum();
        let health: u32 = mine
            .flat_map(|u| u.group.minions().iter())
            .map(|m| m.health() as u32)
            .sum();
        (state.structures_of(side), minions, health)
    };
    let (r, b) = (score(Side::Red), score(Side::Blue));
    match r.cmp(&b) {
        std::cmp::Ordering::Greater => Some(Side::Red),
        std::cmp::Ordering::Less => Some(Side::Blue),
        std::cmp::Ordering::Equal => None,
    }
}
