//! Every bot, the search bot included: its orders are always accepted, its games are
//! fixed by the seed and the budget in iterations, and it reads nothing but the view.

mod common;

use common::{cases, position, positions};
use proptest::prelude::*;
use sanctum_bots::arena::{Matchup, run_matchup, sides};
use sanctum_bots::search::candidates;
use sanctum_bots::{BOT_NAMES, Bot, Budget, SearchBot, SearchConfig, bot_with, play_game};
use sanctum_rules::Side;
use sanctum_rules::cards::CardId;
use sanctum_rules::game::{GameState, Setup, validate, view};
use sanctum_rules::rng::GameRng;

/// A search small enough for debug builds: a handful of iterations, short rollouts.
fn small_search(iterations: u32) -> SearchConfig {
    SearchConfig {
        budget: Budget::Iterations(iterations),
        worlds: 2,
        depth: 1,
        ..SearchConfig::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    /// Each case walks one game of random play: the cheap bots give orders for both
    /// sides at every position of it (about 30 a case, some 4 000 in all by default),
    /// the search bot at its last.
    #[test]
    fn every_bot_s_orders_are_always_accepted(
        seed in 0u64..1_000_000,
        turns in 0u32..60,
        rush: bool,
        bot_seed: u64,
    ) {
        let walk = positions(seed, turns, if rush { "rush" } else { "random" });
        let last = walk.len() - 1;
        for (k, state) in walk.iter().enumerate() {
            prop_assert!(state.outcome.is_none());
            let names = BOT_NAMES.into_iter().filter(|&n| n != "search" || k == last);
            for name in names {
                let mut orders = Vec::new();
                for side in Side::BOTH {
                    let mut bot = bot_with(name, bot_seed, &small_search(4)).expect("bot");
                    let o = bot.orders(&view(state, side));
                    prop_assert_eq!(validate(state, side, &o), Ok(()), "{} as {:?} on turn {}: {:?}", name, side, state.turn, o);
                    orders.push(o);
                }
                let both = [orders[0].clone(), orders[1].clone()];
                prop_assert!(state.clone().play_turn(&both).is_ok(), "{}", name);
            }
            // A budget in milliseconds stops the search anywhere: still legal orders.
            if k == last {
                for side in Side::BOTH {
                    let config = SearchConfig { budget: Budget::Millis(2), ..small_search(4) };
                    let o = SearchBot::with_config(bot_seed, config).orders(&view(state, side));
                    prop_assert_eq!(validate(state, side, &o), Ok(()), "search in 2 ms as {:?}", side);
                }
            }
        }
    }
}

/// The same seed and iteration budget give the same game, turn by turn, and the
/// threads the search thinks on change nothing.
#[test]
fn the_same_seed_and_budget_give_the_same_search_game() {
    let setup = Setup::sample(21);
    let game = |threads: usize| {
        let config = SearchConfig {
            threads,
            ..small_search(6)
        };
        let mut log = Vec::new();
        let end = play_game(
            &setup,
            &mut SearchBot::with_config(5, config),
            &mut *bot_with("heuristic", 6, &config).expect("bot"),
            |orders, _, _| log.push(orders.clone()),
        )
        .expect("legal orders");
        (log, end.outcome)
    };
    let one = game(1);
    assert!(one.1.is_some() && !one.0.is_empty());
    assert_eq!(one, game(1));
    assert_eq!(one, game(2));
    let m = Matchup::default_decks("search", "rush", 8);
    assert_eq!(
        run_matchup(&m, &small_search(6)),
        run_matchup(&m, &small_search(6))
    );
}

/// Two games that differ only in what the search bot may not see — the opponent's hand,
/// both decks' order, the dice to come — show it the same view, so it gives the same
/// orders: it gets the view and nothing else.
#[test]
fn the_search_bot_never_reads_hidden_cards() {
    for (seed, turns) in [(3, 0), (8, 6), (13, 15)] {
        let a = position(seed, turns, "rush");
        let mut b: GameState = a.clone();
        for side in Side::BOTH {
            let p = &mut b.players[side.index()];
            p.deck.reverse();
            let n = p.hand.len();
            let other = CardId::all().find(|c| !c.def().revolver).expect("a card");
            if side == Side::Blue {
                p.hand = vec![other; n];
                p.revolving.clear();
            }
        }
        b.rng = GameRng::from_seed(seed ^ 0xdead_beef);
        assert_ne!(a, b);
        let (va, vb) = (view(&a, Side::Red), view(&b, Side::Red));
        assert_eq!(va, vb, "the hidden cards are not in the view");
        let orders = |v| SearchBot::with_config(9, small_search(6)).orders(v);
        assert_eq!(orders(&va), orders(&vb));
    }
}

/// With no time to think (a budget of 0 ms, the deadline passed at once) the search
/// plays the heuristic's plan, its first candidate, on every position.
#[test]
fn a_search_out_of_time_plays_the_heuristic_s_plan() {
    for (seed, turns) in [(3, 0), (8, 6), (13, 15), (4, 30)] {
        let state = position(seed, turns, "rush");
        for side in Side::BOTH {
            let v = view(&state, side);
            let config = SearchConfig {
                budget: Budget::Millis(0),
                ..SearchConfig::default()
            };
            let orders = SearchBot::with_config(seed, config).orders(&v);
            let base = GameState::from_view(&v);
            let plan = candidates(&base, side, &mut GameRng::from_seed(seed), 1);
            assert_eq!(
                orders, plan[0],
                "seed {seed}, turn {}, {side:?}",
                state.turn
            );
        }
    }
}

/// Whole games of the search bot against every bot, on both sides: no refused order,
/// no panic.
#[test]
fn search_plays_whole_games_against_every_bot() {
    for (i, other) in ["random", "rush", "heuristic"].into_iter().enumerate() {
        let [red, blue] = sides(["search", other], i as u64);
        let m = Matchup::default_decks(red, blue, 50 + i as u64);
        let record = run_matchup(&m, &small_search(3));
        assert!(record.is_ok(), "{red} vs {blue}: {record:?}");
    }
}
