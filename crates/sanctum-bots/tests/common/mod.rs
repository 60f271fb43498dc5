//! Positions for the bots' property tests.

use sanctum_bots::arena::seeded_game;
use sanctum_bots::bot_by_name;
use sanctum_rules::Side;
use sanctum_rules::game::{GameState, Setup, view};

/// Every position of a game played `turns` turns by two bots (random and random or
/// rush), so that the bots meet boards they would never build themselves: with the
/// arena's starter decks on odd seeds, decks drawn at random from the whole pool on even
/// ones. The positions are those where orders are given: the start, and each turn's
/// result until the game ends (the last position before the end closes the list).
pub fn positions(seed: u64, turns: u32, other: &str) -> Vec<GameState> {
    let setup = if seed.is_multiple_of(2) {
        Setup::whole_pool(seed)
    } else {
        seeded_game("random", other, seed).expect("a game").0
    };
    let (mut state, _) = GameState::start(&setup).expect("valid setup");
    let mut red = bot_by_name("random", seed).expect("bot");
    let mut blue = bot_by_name(other, seed + 7).expect("bot");
    let mut out = vec![state.clone()];
    for _ in 0..turns {
        let orders = [
            red.orders(&view(&state, Side::Red)),
            blue.orders(&view(&state, Side::Blue)),
        ];
        state.play_turn(&orders).expect("bots give legal orders");
        if state.outcome.is_some() {
            break;
        }
        out.push(state.clone());
    }
    out
}

/// The last of [`positions`]: `turns` turns in, or the last before the game ended.
#[allow(dead_code)] // not every test file that includes this module uses it
pub fn position(seed: u64, turns: u32, other: &str) -> GameState {
    let mut all = positions(seed, turns, other);
    all.pop().expect("the start at least")
}

/// 128 cases by default; `PROPTEST_CASES=5000` digs deeper.
pub fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(128)
}
