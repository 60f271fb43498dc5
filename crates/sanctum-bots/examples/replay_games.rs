//! Replays recorded random games through the engine alone: the workload of the
//! `game/engine` benchmark, as a plain program for profilers
//! (`valgrind --tool=callgrind --toggle-collect=replay_games::replay_all …`).

use sanctum_bots::{RandomBot, play_game};
use sanctum_rules::Layout;
use sanctum_rules::cards::sample_deck;
use sanctum_rules::game::{DeckChoice, GameState, Setup, TurnOrders};
use sanctum_rules::mana::House;

fn recorded(seed: u64) -> (GameState, Vec<TurnOrders>) {
    let s = Setup {
        realm: "veldt".into(),
        layout: Layout::Classic,
        seed,
        decks: [
            DeckChoice {
                house: House::War,
                cards: sample_deck(30),
            },
            DeckChoice {
                house: House::Unmaking,
                cards: sample_deck(30),
            },
        ],
    };
    let start = GameState::start(&s).expect("valid setup").0;
    let mut orders = Vec::new();
    play_game(
        &s,
        &mut RandomBot::new(seed),
        &mut RandomBot::new(seed + 1),
        |o, _, _| orders.push(o.clone()),
    )
    .expect("legal orders");
    (start, orders)
}

#[inline(never)]
fn replay_all(games: Vec<(GameState, Vec<TurnOrders>)>) -> usize {
    let mut turns = 0;
    for (mut state, orders) in games {
        for o in &orders {
            if state.play_turn(o).is_ok() {
                turns += 1;
            }
        }
    }
    turns
}

fn main() {
    let games: Vec<_> = (0..8).map(recorded).collect();
    let turns = replay_all(games);
    println!("{turns} turns");
}
