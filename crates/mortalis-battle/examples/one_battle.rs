//! Plays one battle on the test table and prints its log (for debugging
//! and profiling): `cargo run --example one_battle -- SEED [random]`.
use mortalis_battle::battle::ai::Ai;
use mortalis_battle::battle::{Battle, Decider, Entry, Fighter, Players, RandomPolicy};
use mortalis_rules::dice::RngDice;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn fighters(text: &str, side: usize) -> (String, u32, Vec<Fighter>) {
    mortalis_battle::battle::side_from_warband(&toml::from_str(text).unwrap(), side).unwrap()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let table = mortalis_battle::file::parse(include_str!("../tests/data/open.toml")).unwrap();
    let (na, sa, mut a) = fighters(include_str!("../tests/data/alfa.toml"), 0);
    let (nb, sb, b) = fighters(include_str!("../tests/data/beta.toml"), 1);
    a.extend(b);
    let mut battle = Battle::new(table, [na, nb], [sa, sb], a, 0).with_house_rounds();
    let mut dice = RngDice::new(ChaCha8Rng::seed_from_u64(seed));
    let (mut ai, mut other): (Ai, Box<dyn Decider>) =
        if args.get(2).map(String::as_str) == Some("random") {
            (Ai, Box::new(RandomPolicy::new(seed)))
        } else {
            (Ai, Box::new(Ai))
        };
    let start = std::time::Instant::now();
    let swap = args.get(3).is_some();
    let deciders: [&mut dyn Decider; 2] = if swap {
        [other.as_mut(), &mut ai]
    } else {
        [&mut ai, other.as_mut()]
    };
    battle
        .play(&mut Players {
            deciders,
            dice: &mut dice,
        })
        .unwrap();
    let took = start.elapsed();
    for e in &battle.log {
        match e {
            Entry::Event(ev) => println!(
                "{}",
                serde_json::to_string(ev)
                    .unwrap()
                    .chars()
                    .take(160)
                    .collect::<String>()
            ),
            Entry::Decision { side, choice, .. } => {
                println!("  side {side}: {}", serde_json::to_string(choice).unwrap())
            }
        }
    }
    println!(
        "end {:?} after {} rounds in {took:?}",
        battle.end, battle.round
    );
}
