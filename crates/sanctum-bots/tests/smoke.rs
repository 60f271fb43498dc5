use sanctum_bots::{bot_by_name, play_game};
use sanctum_rules::Layout;
use sanctum_rules::cards::sample_deck;
use sanctum_rules::game::{DeckChoice, Setup};
use sanctum_rules::mana::House;

#[test]
fn smoke() {
    for (r, b) in [("random", "random"), ("rush", "rush"), ("rush", "random")] {
        for seed in 0..5 {
            let setup = Setup {
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
            let mut red = bot_by_name(r, seed).unwrap();
            let mut blue = bot_by_name(b, seed + 1).unwrap();
            let mut n = 0;
            let end = play_game(&setup, red.as_mut(), blue.as_mut(), |_, _, _| n += 1).unwrap();
            println!("{r} vs {b} seed {seed}: {:?} after {n} turns", end.outcome);
        }
    }
}
