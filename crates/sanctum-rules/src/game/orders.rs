//! Player orders: what a player may order in the orders phase, and the checks that
//! refuse an order with a typed reason.

use serde::{Deserialize, Serialize};

use crate::cards::CardId;
use crate::game::events::Event;
use crate::game::state::GameState;
use crate::groups::{Control, Minion, RecruitClass};
use crate::mana::ManaType;
use crate::map::StructureKind;
use crate::movement::reachable_by;
use crate::player::{Player, Side};
use crate::square::Square;
use crate::stats;

pub use crate::game::targeting::{
    aimable_targets, check_aim, check_target, concealed_from, legal_targets,
};

/// What a spell is targeted on, as the player points at it on the board: groups by
/// the square they stand on, minions by their square and place in the group (so that
/// a group trained this turn can be named before it has an id).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Target {
    Globe,
    Square { at: Square },
    Structure { at: Square },
    Group { at: Square },
    Minion { at: Square, index: u8 },
}

/// A target fixed to the entity it named when the order took effect: spells never
/// switch targets during execution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Aim {
    Globe,
    Square { at: Square },
    Structure { at: Square },
    Group { group: u32 },
    Minion { minion: u32 },
}

/// The entity a target names now.
pub fn aim(state: &GameState, target: Target) -> Result<Aim, String> {
    Ok(match target {
        Target::Globe => Aim::Globe,
        Target::Square { at } => Aim::Square { at },
        Target::Structure { at } => Aim::Structure { at },
        Target::Group { at } => Aim::Group {
            group: state.unit_at(at).ok_or(format!("no group at {at}"))?.id,
        },
        Target::Minion { at, index } => Aim::Minion {
            minion: state
                .unit_at(at)
                .and_then(|u| u.group.minions().get(index as usize))
                .ok_or(format!("no minion {index} in a group at {at}"))?
                .id,
        },
    })
}

/// What a novice is trained into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrainAs {
    Swordsman,
    Archer,
    Order,
    Strife,
    Clarity,
    Mystery,
    Will,
    World,
}

impl TrainAs {
    pub const ALL: [TrainAs; 8] = [
        TrainAs::Swordsman,
        TrainAs::Archer,
        TrainAs::Order,
        TrainAs::Strife,
        TrainAs::Clarity,
        TrainAs::Mystery,
        TrainAs::Will,
        TrainAs::World,
    ];

    /// The mana type, when the novice becomes mana.
    pub const fn mana(self) -> Option<ManaType> {
        match self {
            TrainAs::Swordsman | TrainAs::Archer => None,
            TrainAs::Order => Some(ManaType::Order),
            TrainAs::Strife => Some(ManaType::Strife),
            TrainAs::Clarity => Some(ManaType::Clarity),
            TrainAs::Mystery => Some(ManaType::Mystery),
            TrainAs::Will => Some(ManaType::Will),
            TrainAs::World => Some(ManaType::World),
        }
    }

    pub const fn class(self) -> Option<RecruitClass> {
        match self {
            TrainAs::Swordsman => Some(RecruitClass::Swordsman),
            TrainAs::Archer => Some(RecruitClass::Archer),
            _ => None,
        }
    }
}

/// One order of one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Order {
    /// Target a card from the hand; its mana is paid now.
    Cast { card: CardId, target: Target },
    /// Put a card from the hand into the Whirlpool (once a turn, free).
    Discard { card: CardId },
    /// Train a novice waiting in one of the player's structures.
    Train { at: Square, into: TrainAs },
    /// Move the player-controlled group standing on `from`.
    Move { from: Square, to: Square },
    /// The mana type a town or colony gives if this player captures it next.
    TownMana { at: Square, mana: ManaType },
    /// Give up the game.
    Concede,
}

/// Why an order was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OrderError {
    #[error("the game is over")]
    GameOver,
    #[error("card '{0}' is not in the hand")]
    NotInHand(CardId),
    #[error("not enough mana for '{0}'")]
    NotEnoughMana(CardId),
    #[error("'{card}' cannot be cast there: {reason}")]
    BadTarget { card: CardId, reason: String },
    #[error("only one card may be discarded a turn")]
    SecondDiscard,
    #[error("no structure of yours at {0}")]
    NotYourStructure(Square),
    #[error("no novice is waiting at {0}")]
    NoNovice(Square),
    #[error("novices become mana only in a Sanctum")]
    ManaOutsideSanctum,
    #[error("a {house} Sanctum trains only {primary} and {secondary} mana")]
    ManaNotOfHouse {
        house: &'static str,
        primary: &'static str,
        secondary: &'static str,
    },
    #[error("the recruit cannot join the group at {0}")]
    CannotJoin(Square),
    #[error("no group at {0}")]
    NoGroupAt(Square),
    #[error("the group at {0} is not yours")]
    NotYourGroup(Square),
    #[error("the group at {0} is run by the computer")]
    NotPlayerControlled(Square),
    #[error("the group at {0} already has a movement order")]
    SecondMove(Square),
    #[error(
        "a group cannot be ordered from {from} to {to} (one square orthogonally; two in a line from ice, or for a group that moves two)"
    )]
    NotReachable { from: Square, to: Square },
    #[error("{0} is not a town or colony you could capture")]
    NotATown(Square),
}

/// An order refused, with its position in the player's list (0-based).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{side} order {index}: {error}", side = side.name(), index = index + 1)]
pub struct Rejected {
    pub side: Side,
    pub index: usize,
    pub error: OrderError,
}

/// A cast whose mana is paid, waiting for spell execution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PendingCast {
    pub side: Side,
    pub card: CardId,
    pub target: Target,
    /// What the target named when the order took effect; `None` if it named nothing
    /// (the spell will squander).
    pub aim: Option<Aim>,
    /// A Revolver's M when it was cast (1 for other cards).
    pub m: u8,
}

/// What applying one player's orders leaves for later phases.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Applied {
    pub casts: Vec<PendingCast>,
    /// Movement orders in the order given: the player's movement-orders sequence.
    pub moves: Vec<(u32, Square)>,
    pub conceded: bool,
}

/// Applies a player's orders in sequence: pays for casts, discards, trains (the recruit
/// appears at once) and collects movement orders. With `strict`, spell targets are
/// checked as when targeting; without, only what the player alone controls is (the
/// orders were validated before the other player's training changed the board).
pub fn apply(
    state: &mut GameState,
    side: Side,
    orders: &[Order],
    strict: bool,
    events: &mut Vec<Event>,
) -> Result<Applied, Rejected> {
    let mut out = Applied::default();
    let mut discarded = false;
    for (index, order) in orders.iter().enumerate() {
        let reject = |error| Rejected { side, index, error };
        if state.outcome.is_some() {
            return Err(reject(OrderError::GameOver));
        }
        match *order {
            Order::Cast { card, target } => {
                if strict {
                    check_target(state, side, card, target)
                        .map_err(|reason| reject(OrderError::BadTarget { card, reason }))?;
                }
                let aim = aim(state, target).ok();
                let price = state.price(side, card);
                let p = &mut state.players[side.index()];
                let pos = p
                    .hand
                    .iter()
                    .position(|&c| c == card)
                    .ok_or(reject(OrderError::NotInHand(card)))?;
                if !p.mana.pay(&price) {
                    return Err(reject(OrderError::NotEnoughMana(card)));
                }
                p.hand.remove(pos);
                let m = if card.def().revolver {
                    p.take_revolver(card)
                } else {
                    1
                };
                out.casts.push(PendingCast {
                    side,
                    card,
                    target,
                    aim,
                    m,
                });
            }
            Order::Discard { card } => {
                if discarded {
                    return Err(reject(OrderError::SecondDiscard));
                }
                let p = &mut state.players[side.index()];
                let pos = p
                    .hand
                    .iter()
                    .position(|&c| c == card)
                    .ok_or(reject(OrderError::NotInHand(card)))?;
                p.hand.remove(pos);
                if card.def().revolver {
                    p.take_revolver(card);
                }
                p.whirlpool.push(card);
                p.discarded = true;
                discarded = true;
                events.push(Event::Discarded {
                    side,
                    card: Some(card),
                });
            }
            Order::Train { at, into } => {
                let group = train(state, side, at, into).map_err(reject)?;
                events.push(Event::Trained {
                    side,
                    at,
                    into,
                    group,
                });
                // The new recruit is the group's newest minion: what the spells on
                // the structure give it (Master Smith, Auberol's Grace).
                let newest = group
                    .and_then(|g| state.unit(g))
                    .and_then(|u| u.group.minions().iter().map(|m| m.id).max());
                if let Some(minion) = newest {
                    crate::game::items::on_created(state, at, minion, events);
                }
            }
            Order::Move { from, to } => {
                let group = check_move(state, side, from, to, &out.moves).map_err(reject)?;
                out.moves.push((group, to));
            }
            Order::TownMana { at, mana } => {
                check_town(state, side, at).map_err(reject)?;
                let wishes = &mut state.players[side.index()].town_mana;
                wishes.retain(|(s, _)| *s != at);
                wishes.push((at, mana));
            }
            Order::Concede => out.conceded = true,
        }
    }
    Ok(out)
}

/// Whether a side may wish a mana type for the town or colony at `at`.
pub(crate) fn check_town(state: &GameState, side: Side, at: Square) -> Result<(), OrderError> {
    let capturable = state.field.structure(at).is_some_and(|s| {
        matches!(s.kind, StructureKind::Town | StructureKind::Colony)
            && s.owner != Player::from(side)
    });
    if capturable {
        Ok(())
    } else {
        Err(OrderError::NotATown(at))
    }
}

/// Checks a movement order; returns the id of the group it moves.
pub(crate) fn check_move(
    state: &GameState,
    side: Side,
    from: Square,
    to: Square,
    earlier: &[(u32, Square)],
) -> Result<u32, OrderError> {
    let unit = state.unit_at(from).ok_or(OrderError::NoGroupAt(from))?;
    let group = unit.id;
    if unit.group.owner != Player::from(side) {
        return Err(OrderError::NotYourGroup(from));
    }
    if unit.group.control != Control::Player {
        return Err(OrderError::NotPlayerControlled(from));
    }
    if earlier.iter().any(|(g, _)| *g == group) {
        return Err(OrderError::SecondMove(from));
    }
    if !reachable_by(&state.field, &unit.group, unit.at, to) {
        return Err(OrderError::NotReachable { from, to });
    }
    Ok(group)
}

/// The checks of a training order, given the novices already used and the recruits
/// already added at the square by earlier orders of the same list (both 0 when those
/// orders have been applied to `state`).
pub(crate) fn check_train(
    state: &GameState,
    side: Side,
    at: Square,
    into: TrainAs,
    used: u8,
    added: usize,
) -> Result<(), OrderError> {
    let st = state
        .field
        .structure(at)
        .filter(|s| s.owner == Player::from(side))
        .ok_or(OrderError::NotYourStructure(at))?;
    if state.field.novices(at) <= used {
        return Err(OrderError::NoNovice(at));
    }
    let house = state.players[side.index()].house;
    if let Some(mana) = into.mana() {
        if st.kind != StructureKind::Sanctum {
            return Err(OrderError::ManaOutsideSanctum);
        }
        if !house.has(mana) {
            return Err(OrderError::ManaNotOfHouse {
                house: house.name(),
                primary: house.primary().name(),
                secondary: house.secondary().name(),
            });
        }
        return Ok(());
    }
    let room = match state.unit_at(at) {
        Some(u) => {
            let joinable = u.group.owner == Player::from(side)
                && u.group.is_recruit_group()
                && u.group.control == Control::Player
                && !u.group.effects.no_join;
            if joinable {
                crate::groups::MAX_GROUP.saturating_sub(u.group.size())
            } else {
                0
            }
        }
        None => crate::groups::MAX_GROUP,
    };
    if added >= room {
        return Err(OrderError::CannotJoin(at));
    }
    Ok(())
}

/// Trains one novice; returns the group the recruit joined or formed.
fn train(
    state: &mut GameState,
    side: Side,
    at: Square,
    into: TrainAs,
) -> Result<Option<u32>, OrderError> {
    check_train(state, side, at, into, 0, 0)?;
    state.field.set_novices(at, state.field.novices(at) - 1);
    let nation = crate::game::mechanisms::next_novice(state, side, at);
    if let Some(mana) = into.mana() {
        state.players[side.index()].sanctum_mana.add(mana, 1);
        return Ok(None);
    }
    let class = into.class().unwrap_or(RecruitClass::Swordsman);
    let recruit = Minion::recruit(class, Some(nation), stats::START_LEVEL, false);
    let group = match state.unit_at(at).map(|u| u.id) {
        Some(id) => {
            let m = state.enlist(recruit);
            if let Some(u) = state.unit_mut(id) {
                u.group.add(m).map_err(|_| OrderError::CannotJoin(at))?;
            }
            id
        }
        None => state.create_group(side.into(), Control::Player, at, vec![recruit]),
    };
    if crate::game::effects::area_modifiers(state) {
        crate::game::effects::refresh_group(state, group);
    }
    Ok(Some(group))
}

/// Builds one player's orders one at a time, refusing each bad order as it comes (as
/// the original's drag-and-drop did), against a private copy of the state.
#[derive(Clone, Debug)]
pub struct OrderBuilder {
    origin: GameState,
    draft: GameState,
    side: Side,
    orders: Vec<Order>,
    moves: Vec<(u32, Square)>,
    discarded: bool,
}

impl OrderBuilder {
    pub fn new(state: &GameState, side: Side) -> OrderBuilder {
        OrderBuilder {
            origin: state.clone(),
            draft: state.clone(),
            side,
            orders: Vec::new(),
            moves: Vec::new(),
            discarded: false,
        }
    }

    /// The state as the player's orders so far have left it (mana paid, recruits trained).
    pub fn draft(&self) -> &GameState {
        &self.draft
    }

    pub fn side(&self) -> Side {
        self.side
    }

    /// Adds an order if it is valid after the ones before it.
    pub fn push(&mut self, order: Order) -> Result<(), OrderError> {
        if self.draft.outcome.is_some() {
            return Err(OrderError::GameOver);
        }
        match order {
            Order::Discard { .. } if self.discarded => return Err(OrderError::SecondDiscard),
            Order::Move { from, to } => {
                let group = check_move(&self.draft, self.side, from, to, &self.moves)?;
                self.moves.push((group, to));
                self.orders.push(order);
                return Ok(());
            }
            _ => {}
        }
        let mut sink = Vec::new();
        apply(&mut self.draft, self.side, &[order], true, &mut sink).map_err(|r| r.error)?;
        if let Order::Discard { .. } = order {
            self.discarded = true;
        }
        self.orders.push(order);
        Ok(())
    }

    pub fn orders(&self) -> &[Order] {
        &self.orders
    }

    /// Withdraws the order at `index` before confirming: a cast's mana is refunded and
    /// its card goes back to the hand, a discard's card returns, a trained novice waits
    /// again. Later orders that relied on it (a move of the group that novice formed, a
    /// spell on it) are withdrawn too and returned.
    pub fn withdraw(&mut self, index: usize) -> Vec<Order> {
        if index >= self.orders.len() {
            return Vec::new();
        }
        let mut rest = std::mem::take(&mut self.orders);
        rest.remove(index);
        let mut fresh = OrderBuilder::new(&self.origin, self.side);
        let dropped = rest
            .into_iter()
            .filter(|o| fresh.push(*o).is_err())
            .collect();
        *self = fresh;
        dropped
    }

    pub fn finish(self) -> Vec<Order> {
        self.orders
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mana::House;

    #[test]
    fn withdrawing_a_cast_refunds_its_mana_and_returns_the_card() {
        let mut state = GameState::empty(crate::Layout::Classic, [House::War, House::War], 1);
        let fireball = CardId::from_name("fireball").expect("a card");
        state.players[0].hand = vec![fireball];
        state.players[0].mana = House::War.cost(5, 1);
        let at = crate::sq(5, 5);
        let minions = vec![Minion::recruit(RecruitClass::Swordsman, None, 1, false)];
        state.create_group(Player::Blue, Control::Player, at, minions);
        let mut b = OrderBuilder::new(&state, Side::Red);
        b.push(Order::Cast {
            card: fireball,
            target: Target::Group { at },
        })
        .expect("affordable and legal");
        assert_eq!(b.draft().player(Side::Red).mana.total(), 0);
        assert!(b.draft().player(Side::Red).hand.is_empty());
        assert!(b.withdraw(0).is_empty());
        assert_eq!(b.draft().player(Side::Red).mana, House::War.cost(5, 1));
        assert_eq!(b.draft().player(Side::Red).hand, vec![fireball]);
        assert!(b.orders().is_empty());
    }

    #[test]
    fn withdrawing_a_training_withdraws_the_move_of_the_group_it_formed() {
        let mut state = GameState::empty(crate::Layout::Classic, [House::War, House::War], 1);
        let sanctum = state.field.sanctum(Side::Red);
        state.field.set_novices(sanctum, 1);
        let mut b = OrderBuilder::new(&state, Side::Red);
        b.push(Order::Train {
            at: sanctum,
            into: TrainAs::Swordsman,
        })
        .expect("a novice waits");
        let to = sanctum
            .orthogonal()
            .find(|&s| state.field.board().is_playable(s))
            .expect("a neighbour");
        let step = Order::Move { from: sanctum, to };
        b.push(step).expect("the new group moves at once");
        assert_eq!(b.withdraw(0), vec![step]);
        assert!(b.orders().is_empty());
        assert_eq!(b.draft().field.novices(sanctum), 1);
    }
}
