//! Checking a player's orders without changing the state: the check the reducer runs
//! on both players' lists before a turn. It keeps a small record of what the earlier
//! orders of the list did (mana paid, cards used, novices trained, recruits added)
//! instead of copying the game, and agrees with [`OrderBuilder`] order for order (a
//! property test holds them to it).
//!
//! [`OrderBuilder`]: crate::game::orders::OrderBuilder

use crate::cards::{CardId, TargetType};
use crate::game::orders::{
    Order, OrderError, Rejected, Target, check_move, check_target, check_town, check_train,
};
use crate::game::state::GameState;
use crate::game::targeting::fits;
use crate::groups::RecruitClass;
use crate::movement::reachable;
use crate::player::Side;
use crate::square::Square;

/// What the earlier orders of one list did.
struct Scratch {
    mana: crate::mana::Mana,
    hand: Vec<CardId>,
    /// The player's Revolver counters, as the earlier orders left them.
    player: crate::game::state::PlayerState,
    /// Novices trained at each square.
    used: Vec<(Square, u8)>,
    /// Recruits trained at each square, in order.
    added: Vec<(Square, RecruitClass)>,
    /// Squares whose group has a movement order.
    moved: Vec<Square>,
    discarded: bool,
}

impl Scratch {
    fn used(&self, at: Square) -> u8 {
        self.used
            .iter()
            .find(|(s, _)| *s == at)
            .map_or(0, |(_, n)| *n)
    }

    fn added(&self, at: Square) -> impl Iterator<Item = RecruitClass> + '_ {
        self.added
            .iter()
            .filter(move |(s, _)| *s == at)
            .map(|(_, c)| *c)
    }

    fn take_card(&mut self, card: CardId) -> Result<(), OrderError> {
        let pos = self
            .hand
            .iter()
            .position(|&c| c == card)
            .ok_or(OrderError::NotInHand(card))?;
        self.hand.remove(pos);
        Ok(())
    }
}

/// Checks a player's orders against the state, as the orders phase would, without
/// changing it. Refuses the first bad order.
pub fn validate(state: &GameState, side: Side, orders: &[Order]) -> Result<(), Rejected> {
    let p = state.player(side);
    let mut sc = Scratch {
        mana: p.mana,
        hand: p.hand.clone(),
        player: crate::game::state::PlayerState {
            revolving: p.revolving.clone(),
            ..crate::game::state::PlayerState::new(p.house)
        },
        used: Vec::new(),
        added: Vec::new(),
        moved: Vec::new(),
        discarded: false,
    };
    for (index, order) in orders.iter().enumerate() {
        check_one(state, side, *order, &mut sc).map_err(|error| Rejected { side, index, error })?;
    }
    Ok(())
}

fn check_one(
    state: &GameState,
    side: Side,
    order: Order,
    sc: &mut Scratch,
) -> Result<(), OrderError> {
    if state.outcome.is_some() {
        return Err(OrderError::GameOver);
    }
    match order {
        Order::Cast { card, target } => {
            check_new_target(state, side, card, target, sc)
                .map_err(|reason| OrderError::BadTarget { card, reason })?;
            sc.take_card(card)?;
            if !sc
                .mana
                .pay(&state.adjust_price(side, card, sc.player.cost_of(card)))
            {
                return Err(OrderError::NotEnoughMana(card));
            }
            if card.def().revolver {
                sc.player.take_revolver(card);
            }
        }
        Order::Discard { card } => {
            if sc.discarded {
                return Err(OrderError::SecondDiscard);
            }
            sc.take_card(card)?;
            if card.def().revolver {
                sc.player.take_revolver(card);
            }
            sc.discarded = true;
        }
        Order::Train { at, into } => {
            let added = sc.added(at).count();
            check_train(state, side, at, into, sc.used(at), added)?;
            match sc.used.iter_mut().find(|(s, _)| *s == at) {
                Some((_, n)) => *n += 1,
                None => sc.used.push((at, 1)),
            }
            if let Some(class) = into.class() {
                sc.added.push((at, class));
            }
        }
        Order::Move { from, to } => {
            if sc.moved.contains(&from) {
                return Err(OrderError::SecondMove(from));
            }
            if state.unit_at(from).is_none() && sc.added(from).next().is_some() {
                // A group trained by this list: the player's own, player-controlled.
                if !reachable(&state.field, from, to) {
                    return Err(OrderError::NotReachable { from, to });
                }
            } else {
                check_move(state, side, from, to, &[])?;
            }
            sc.moved.push(from);
        }
        Order::TownMana { at, .. } => check_town(state, side, at)?,
        Order::Concede => {}
    }
    Ok(())
}

/// The targeting check, also for groups and recruits trained earlier in the list.
fn check_new_target(
    state: &GameState,
    side: Side,
    card: CardId,
    target: Target,
    sc: &Scratch,
) -> Result<(), String> {
    let want = card.def().target;
    match target {
        Target::Group { at } if state.unit_at(at).is_none() && sc.added(at).next().is_some() => {
            match want {
                TargetType::Group | TargetType::RecruitGroup => Ok(()),
                TargetType::MonsterGroup => {
                    Err(format!("the group at {at} is not a monster group"))
                }
                _ => check_target(state, side, card, target),
            }
        }
        Target::Minion { at, index } => {
            let base = state.unit_at(at).map_or(0, |u| u.group.size());
            match (index as usize).checked_sub(base) {
                Some(k) if want.is_individual() => match sc.added(at).nth(k) {
                    Some(class) if fits(want, Some(class)) => Ok(()),
                    Some(_) => {
                        Err(format!("minion {index} at {at} is not a {want:?}").to_lowercase())
                    }
                    None => check_target(state, side, card, target),
                },
                _ => check_target(state, side, card, target),
            }
        }
        _ => check_target(state, side, card, target),
    }
}
