//! The reducer's order check (`validate`, which copies nothing) and the step-by-step
//! `OrderBuilder` (which applies each order to a draft) must agree on every list of
//! orders, good or bad: the same first refused order with the same reason.

use proptest::prelude::*;
use sanctum_bots::bot_by_name;
use sanctum_rules::cards::CardId;
use sanctum_rules::game::{GameState, Order, OrderBuilder, Setup, Target, TrainAs, validate, view};
use sanctum_rules::mana::ManaType;
use sanctum_rules::{Side, Square};

fn position(seed: u64, turns: usize) -> GameState {
    // Decks drawn from the whole pool, so that every card turns up in some position.
    let setup = Setup::whole_pool(seed);
    let (mut state, _) = GameState::start(&setup).expect("valid setup");
    let mut r = bot_by_name("random", seed).expect("bot");
    let mut b = bot_by_name("rush", seed + 1).expect("bot");
    for _ in 0..turns {
        if state.outcome.is_some() {
            break;
        }
        let orders = [
            r.orders(&view(&state, Side::Red)),
            b.orders(&view(&state, Side::Blue)),
        ];
        state.play_turn(&orders).expect("bots give legal orders");
    }
    state
}

/// Squares near the action: every square a group or structure stands on and its
/// neighbours, so that random orders are often legal.
fn hot_squares(state: &GameState) -> Vec<Square> {
    let mut out: Vec<Square> = Vec::new();
    let mut add = |s: Square| {
        if !out.contains(&s) {
            out.push(s);
        }
    };
    for u in &state.units {
        add(u.at);
        u.at.orthogonal().for_each(&mut add);
    }
    for &s in state.field.board().squares() {
        if state.field.structure(s).is_some() {
            add(s);
        }
    }
    out
}

fn random_order(state: &GameState, side: Side, pick: &[u32]) -> Order {
    let squares = hot_squares(state);
    let sq = |i: u32| squares[i as usize % squares.len()];
    let hand = &state.player(side).hand;
    let card = |i: u32| {
        if hand.is_empty() || i.is_multiple_of(5) {
            CardId::all().nth(i as usize % 12).expect("a card")
        } else {
            hand[i as usize % hand.len()]
        }
    };
    match pick[0] % 7 {
        0 | 1 => {
            let target = match pick[1] % 5 {
                0 => Target::Globe,
                1 => Target::Square { at: sq(pick[2]) },
                2 => Target::Structure { at: sq(pick[2]) },
                3 => Target::Group { at: sq(pick[2]) },
                _ => Target::Minion {
                    at: sq(pick[2]),
                    index: (pick[3] % 9) as u8,
                },
            };
            Order::Cast {
                card: card(pick[4]),
                target,
            }
        }
        2 => Order::Discard {
            card: card(pick[4]),
        },
        3 => Order::Train {
            at: sq(pick[2]),
            into: TrainAs::ALL[pick[3] as usize % 8],
        },
        4 | 5 => Order::Move {
            from: sq(pick[2]),
            to: sq(pick[3]),
        },
        _ => Order::TownMana {
            at: sq(pick[2]),
            mana: ManaType::ALL[pick[3] as usize % 6],
        },
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn validate_agrees_with_the_order_builder(
        seed in 0u64..1000,
        turns in 0usize..12,
        blue: bool,
        picks in proptest::collection::vec(proptest::collection::vec(any::<u32>(), 5), 1..12),
    ) {
        let state = position(seed, turns);
        let side = if blue { Side::Blue } else { Side::Red };
        let orders: Vec<Order> = picks.iter().map(|p| random_order(&state, side, p)).collect();
        let mut builder = OrderBuilder::new(&state, side);
        let mut built = Ok(());
        for (index, o) in orders.iter().enumerate() {
            if let Err(e) = builder.push(*o) {
                built = Err((index, e));
                break;
            }
        }
        let checked = validate(&state, side, &orders).map_err(|r| (r.index, r.error));
        prop_assert_eq!(checked, built, "orders {:?}", orders);
    }
}

/// The random lists above must often be legal for a while, or the agreement would only
/// be tested on immediate refusals.
#[test]
fn the_random_orders_are_often_legal() {
    let mut accepted = 0;
    let mut total = 0;
    for seed in 0..40u64 {
        let state = position(seed, (seed % 10) as usize);
        for k in 0..10u32 {
            let p = [
                seed as u32 * 7 + k,
                k * 13 + 1,
                k * 31 + seed as u32,
                k * 3,
                k + 11,
            ];
            let o = random_order(&state, Side::Red, &p);
            total += 1;
            if validate(&state, Side::Red, &[o]).is_ok() {
                accepted += 1;
            }
        }
    }
    assert!(
        accepted * 10 >= total,
        "only {accepted} of {total} single orders were legal"
    );
}

/// Found by the property above on CI: once the game is over, the builder refused a
/// Move for its path before noticing that no order is taken any more.
#[test]
fn a_finished_game_refuses_every_order_first() {
    // Played to its end (the pool's size decides the decks, so not a fixed turn).
    let state = position(495, sanctum_rules::stats::TURN_LIMIT as usize + 1);
    assert!(state.outcome.is_some(), "the game ends by the turn limit");
    let order = random_order(&state, Side::Red, &[513_359_648, 0, 0, 0, 0]);
    let mut builder = OrderBuilder::new(&state, Side::Red);
    assert_eq!(
        builder.push(order),
        Err(sanctum_rules::game::OrderError::GameOver)
    );
    let checked = validate(&state, Side::Red, &[order]).map_err(|r| r.error);
    assert_eq!(checked, Err(sanctum_rules::game::OrderError::GameOver));
}
