//! Property tests over whole random games: every game ends, the board's invariants hold
//! after every turn, logs replay to the same hashes, and views never leak.

use proptest::prelude::*;
use sanctum_bots::{bot_by_name, play_game};
use sanctum_rules::cards::{CardId, pool_deck};
use sanctum_rules::game::{DeckChoice, GameLog, GameState, Setup, view};
use sanctum_rules::groups::MAX_GROUP;
use sanctum_rules::mana::House;
use sanctum_rules::stats::HAND_SIZE;
use sanctum_rules::{Layout, Side};

fn setup(seed: u64, realm: &str, layout: Layout, houses: [House; 2]) -> Setup {
    Setup {
        realm: realm.into(),
        layout,
        seed,
        decks: [
            DeckChoice {
                house: houses[0],
                cards: pool_deck(30, seed),
            },
            DeckChoice {
                house: houses[1],
                cards: pool_deck(40, seed ^ 1),
            },
        ],
    }
}

/// A deck written out card by card, so that the golden game does not change when the
/// card pool grows.
fn fixed_deck() -> Vec<CardId> {
    let names = [
        "boggart",
        "boggart",
        "boggart",
        "fireball",
        "fireball",
        "carapace",
        "carapace",
        "burst_of_strife",
        "burst_of_strife",
        "stalking_blyk",
        "stalking_blyk",
        "huntsman",
        "hellion",
        "barkskin",
        "barkskin",
        "belvarios_trap",
        "burst_of_order",
        "burst_of_world",
        "burst_of_will",
        "boggart",
        "fireball",
        "carapace",
        "stalking_blyk",
        "huntsman",
        "hellion",
        "barkskin",
        "belvarios_trap",
        "boggart",
        "fireball",
        "carapace",
    ];
    names
        .iter()
        .map(|n| CardId::from_name(n).expect("a card of the pool"))
        .collect()
}

/// The invariants that hold after every turn.
fn check_invariants(state: &GameState) -> Result<(), String> {
    let mut seen = std::collections::HashSet::new();
    for u in &state.units {
        if !seen.insert(u.at) {
            return Err(format!("two groups on {}", u.at));
        }
        let n = u.group.size();
        if n == 0 || n > MAX_GROUP {
            return Err(format!("group {} holds {n} minions", u.id));
        }
        let recruits = u.group.minions().iter().filter(|m| m.is_recruit()).count();
        if recruits != 0 && recruits != n {
            return Err(format!("group {} mixes recruits and monsters", u.id));
        }
        if u.group.minions().iter().any(|m| !m.is_alive()) {
            return Err(format!("group {} holds a dead minion", u.id));
        }
        if !state.field.board().is_playable(u.at) {
            return Err(format!("group {} stands off the board", u.id));
        }
    }
    // Every active spell's host exists, and no persistent requirement is broken.
    for a in &state.active {
        use sanctum_rules::game::state::{Host, SpellRef};
        let exists = match a.host {
            Host::Group { group } => state.unit(group).is_some(),
            Host::Minion { minion } => state
                .units
                .iter()
                .any(|u| u.group.minions().iter().any(|m| m.id == minion)),
            Host::Square { at } => state.field.board().is_playable(at),
            Host::Globe => true,
        };
        if !exists {
            return Err(format!("active spell {} has no host", a.id));
        }
        if let SpellRef::Card(card) = a.spell
            && let Err(why) =
                sanctum_rules::game::requirements::check(state, a.owner, card, a.host, true)
        {
            return Err(format!("active {card} breaks its requirement: {why}"));
        }
    }
    for side in Side::BOTH {
        let p = state.player(side);
        // Five cards, or six right after a discard's extra draw (G5).
        if p.hand.len() > HAND_SIZE + 1 {
            return Err(format!("{} holds {} cards", side.name(), p.hand.len()));
        }
    }
    Ok(())
}

fn play(seed: u64, red: &str, blue: &str, realm: &str, layout: Layout) -> (GameState, GameLog) {
    play_setup(
        seed,
        red,
        blue,
        setup(seed, realm, layout, [House::War, House::Body]),
    )
}

fn play_setup(seed: u64, red: &str, blue: &str, s: Setup) -> (GameState, GameLog) {
    let mut log = GameLog::new(s.clone(), &GameState::start(&s).expect("valid setup").0);
    let mut r = bot_by_name(red, seed).expect("bot");
    let mut b = bot_by_name(blue, seed ^ 0x5eed).expect("bot");
    let end = play_game(&s, r.as_mut(), b.as_mut(), |orders, _, state| {
        if let Err(e) = check_invariants(state) {
            panic!("seed {seed}, turn {}: {e}", state.turn);
        }
        log.record(orders.clone(), state);
    })
    .expect("bots give legal orders");
    (end, log)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_games_end_and_keep_the_invariants(seed in any::<u64>(), bots in 0usize..3, realm in 0usize..6, symmetric: bool) {
        let (red, blue) = [("random", "random"), ("rush", "random"), ("rush", "rush")][bots];
        let realm = ["veldt", "volgaria", "badlands", "great_frost", "arboria", "random"][realm];
        let layout = if symmetric { Layout::Symmetric } else { Layout::Classic };
        let (end, log) = play(seed, red, blue, realm, layout);
        let outcome = end.outcome.expect("the game ended");
        prop_assert!(outcome.turn <= sanctum_rules::stats::TURN_LIMIT);
        // The log replays to the same hashes, turn by turn.
        let replayed = log.replay(None, |_, _, _| {}).expect("the log replays");
        prop_assert_eq!(sanctum_rules::game::state_hash(&replayed), sanctum_rules::game::state_hash(&end));
    }

    #[test]
    fn views_never_show_the_opponents_secrets(seed in any::<u64>(), turns in 1usize..30) {
        let s = setup(seed, "veldt", Layout::Classic, [House::Unmaking, House::War]);
        let (mut state, _) = GameState::start(&s).expect("valid setup");
        let mut r = bot_by_name("random", seed).expect("bot");
        let mut b = bot_by_name("random", seed + 1).expect("bot");
        for _ in 0..turns {
            if state.outcome.is_some() {
                break;
            }
            let orders = [r.orders(&view(&state, Side::Red)), b.orders(&view(&state, Side::Blue))];
            let events = state.play_turn(&orders).expect("legal orders");
            for viewer in Side::BOTH {
                for e in &events {
                    if let sanctum_rules::game::Event::Drew { side, card } | sanctum_rules::game::Event::Discarded { side, card } = e.seen_by(viewer) {
                        prop_assert!(side == viewer || card.is_none(), "a hidden card in an event");
                    }
                }
            }
        }
        for viewer in Side::BOTH {
            let other = viewer.opponent().index();
            let before = serde_json::to_string(&view(&state, viewer)).expect("views serialise");
            // Change everything the opponent keeps hidden; the view must not change.
            let mut changed = state.clone();
            let p = &mut changed.players[other];
            let n = p.hand.len();
            let swap = |c: &CardId| if c.key() == "boggart" { CardId::from_name("fireball") } else { CardId::from_name("boggart") };
            p.hand = p.hand.iter().filter_map(swap).collect();
            prop_assert_eq!(p.hand.len(), n);
            p.deck.reverse();
            p.deck = p.deck.iter().filter_map(swap).collect();
            p.whirlpool = p.whirlpool.iter().filter_map(swap).collect();
            p.town_mana = vec![];
            p.revolving = p.revolving.iter().map(|&(c, m)| (c, m % 10 + 1)).collect();
            changed.rng = sanctum_rules::GameRng::from_seed(seed ^ 1);
            let after = serde_json::to_string(&view(&changed, viewer)).expect("views serialise");
            prop_assert_eq!(before, after, "the view of {} depends on a hidden value", viewer.name());
        }
    }
}

#[test]
fn a_game_is_the_same_on_every_machine() {
    // Golden: a fixed game's length, winner and final hash. A change here means every
    // recorded game changes (a field added to the state at its default does not count:
    // `state_hash` leaves such fields out).
    let mut s = setup(1, "veldt", Layout::Classic, [House::War, House::Body]);
    s.decks[0].cards = fixed_deck();
    s.decks[1].cards = fixed_deck();
    let (end, log) = play_setup(1, "rush", "random", s);
    let got = format!(
        "turns {} winner {:?} reason {:?} hash {:016x}\n",
        log.turns.len(),
        end.outcome.and_then(|o| o.winner),
        end.outcome.map(|o| o.reason),
        sanctum_rules::game::state_hash(&end)
    );
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden/rush_vs_random_seed1.txt");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("golden dir");
        std::fs::write(&path, &got).expect("golden written");
    }
    let want =
        std::fs::read_to_string(&path).expect("golden file exists (UPDATE_GOLDEN=1 writes it)");
    assert_eq!(got, want);
}

#[test]
fn a_tampered_log_is_refused_at_the_turn_it_differs() {
    let (_, mut log) = play(3, "rush", "random", "veldt", Layout::Classic);
    assert!(log.turns.len() > 3);
    log.turns[2].hash = "0000000000000000".into();
    let err = log.replay(None, |_, _, _| {}).expect_err("a wrong hash");
    assert!(err.to_string().starts_with("turn 3:"), "{err}");
}
