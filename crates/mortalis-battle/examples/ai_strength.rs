//! Measures the AI against the random legal policy: `cargo run --release
//! --example ai_strength -- SCENARIO N [SIZE]` plays N battles per side on
//! generated tables of the scenario (the test warbands) and prints the AI's
//! wins, draws and losses. Environment: `WARBAND_A`/`WARBAND_B` (other
//! warband files), `FROM=N` (seeds from N on, not 0), `OPPONENT=ai`,
//! `ROUNDS=N` (another house round limit), `TALLY=1`, `EACH=1` (each
//! battle's end, how many models of each side stand on the table, how
//! many of the AI's are on a roof, the Defender, and where the markers
//! are: on the ground, held by the AI, held by the other side),
//! `LOG=SEED-SIDE` (what that battle did; `LOG=all`: every battle, each
//! after a line `battle SEED-SIDE`), with `SVG=DIR` the logged
//! battle's table at the start of each round; `WIDTH=N` log lines cut at N
//! characters (200).
use mortalis_battle::battle::ai::Ai;
use mortalis_battle::battle::{
    Battle, Decider, Players, RandomPolicy, Scenario, Shared, house_rounds,
};
use mortalis_battle::generate;
use mortalis_battle::svg::{battle_marks, render_with};
use mortalis_rules::dice::RngDice;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// Draws the table into `dir` at the first question of each round.
struct Drawn<'a> {
    inner: &'a mut dyn Decider,
    dir: Option<String>,
    round: u32,
}

impl Decider for Drawn<'_> {
    fn choose(
        &mut self,
        b: &Battle,
        q: &mortalis_battle::battle::Question,
    ) -> Result<usize, String> {
        if let Some(dir) = &self.dir
            && b.round != self.round
        {
            self.round = b.round;
            let (marks, lying) = battle_marks(b);
            let path = format!("{dir}/round-{:02}.svg", b.round);
            std::fs::write(path, render_with(&b.table, &marks, &lying)).unwrap();
        }
        self.inner.choose(b, q)
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let scenario: Scenario = args
        .get(1)
        .and_then(|s| serde_json::from_value(serde_json::json!(s)).ok())
        .unwrap_or(Scenario::Massacre);
    let n: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20);
    let size: f64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(28.0);
    let (mut w, mut d, mut l) = (0, 0, 0);
    let start = std::time::Instant::now();
    // FROM=N: the first seed (0).
    let from: u64 = std::env::var("FROM")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let side = |t: &str, s| {
        mortalis_battle::battle::side_from_warband(&toml::from_str(t).unwrap(), s).unwrap()
    };
    let file = |var: &str, default: &str| {
        std::env::var(var)
            .map(|p| std::fs::read_to_string(p).unwrap())
            .unwrap_or_else(|_| default.to_string())
    };
    let (na, sa, mut models) = side(
        &file("WARBAND_A", include_str!("../tests/data/alfa.toml")),
        0,
    );
    let (nb, sb, b) = side(
        &file("WARBAND_B", include_str!("../tests/data/beta.toml")),
        1,
    );
    models.extend(b);
    let table_for = |seed: u64| {
        if size == 0.0 {
            let open =
                mortalis_battle::file::parse(include_str!("../tests/data/open.toml")).unwrap();
            match scenario {
                Scenario::Pride => generate::pride_field(seed),
                Scenario::Surrounded => generate::clear_centre(open, generate::CENTRE_CLEAR, true),
                Scenario::Interception => {
                    generate::clear_centre(open, generate::CENTRE_CLEAR, false)
                }
                _ => open,
            }
        } else {
            generate::scenario_table(scenario, seed, size)
        }
    };
    // Each seed's table is shared by its two battles (`Shared`, as
    // `simulate` shares a pair's): the same battles, sooner. (Sharing the
    // small table across all seeds was slower against random play: the
    // answers kept grow past the processor's caches and are seldom asked
    // again.)
    for seed in from..from + n {
        let table = table_for(seed);
        let shared = Shared::new(&table, &models);
        let shared = &shared;
        for ai_side in [0, 1] {
            let table = shared.table().clone();
            // ROUNDS=N: another house round limit (0: none).
            let rounds = std::env::var("ROUNDS")
                .ok()
                .and_then(|r| r.parse().ok())
                .unwrap_or(house_rounds(table.size));
            let mut battle = Battle::new(
                table,
                [na.clone(), nb.clone()],
                [sa, sb],
                models.clone(),
                rounds,
            )
            .with_scenario(scenario);
            let mut dice = RngDice::new(ChaCha8Rng::seed_from_u64(seed));
            // OPPONENT=ai: the AI on both sides (the tally is side `ai_side`'s).
            let (mut ai, mut rnd) = (Ai, RandomPolicy::new(seed));
            let mut other = Ai;
            let rnd: &mut dyn Decider = if std::env::var("OPPONENT").is_ok_and(|v| v == "ai") {
                &mut other
            } else {
                &mut rnd
            };
            let logged =
                std::env::var("LOG").is_ok_and(|v| v == "all" || v == format!("{seed}-{ai_side}"));
            let mut ai = Drawn {
                inner: &mut ai,
                dir: std::env::var("SVG").ok().filter(|_| logged),
                round: 0,
            };
            let deciders: [&mut dyn Decider; 2] = if ai_side == 0 {
                [&mut ai, rnd]
            } else {
                [rnd, &mut ai]
            };
            battle
                .play_sharing(
                    &mut Players {
                        deciders,
                        dice: &mut dice,
                    },
                    shared,
                )
                .unwrap();
            if logged {
                println!("battle {seed}-{ai_side}");
                for e in &battle.log {
                    println!(
                        "{}",
                        serde_json::to_string(e)
                            .unwrap()
                            .chars()
                            .take(
                                std::env::var("WIDTH")
                                    .ok()
                                    .and_then(|w| w.parse().ok())
                                    .unwrap_or(200)
                            )
                            .collect::<String>()
                    );
                }
            }
            if std::env::var("TALLY").is_ok() {
                use mortalis_battle::battle::{Entry, Event};
                let mut last = "";
                let mut tally = std::collections::BTreeMap::new();
                let who = |m: usize| {
                    if battle.models[m].side == ai_side {
                        "ai"
                    } else {
                        "rnd"
                    }
                };
                for e in &battle.log {
                    let key = match e {
                        Entry::Event(Event::Shot { shooter, .. }) => {
                            last = "shot";
                            format!("{} shoots", who(*shooter))
                        }
                        Entry::Event(Event::Fight { attacker, .. }) => {
                            last = "fight";
                            format!("{} attacks", who(*attacker))
                        }
                        Entry::Event(Event::Removed { model, .. }) => {
                            format!("{} lost by {last}", who(*model))
                        }
                        Entry::Event(Event::Left { model, .. }) => format!("{} left", who(*model)),
                        _ => continue,
                    };
                    *tally.entry(key).or_insert(0) += 1;
                }
                println!(
                    "seed {seed} ai {ai_side} def {:?} round {}: {:?} {:?} {:?}",
                    battle.defender,
                    battle.round,
                    battle.end.unwrap().1,
                    battle.end.unwrap().0,
                    tally
                );
            }
            if std::env::var("EACH").is_ok() {
                let left = |s: usize| {
                    battle
                        .models
                        .iter()
                        .filter(|m| m.side == s && m.on_table())
                        .count()
                };
                // The AI's models on a roof at the end.
                let up = battle
                    .models
                    .iter()
                    .filter(|m| m.side == ai_side && m.on_table())
                    .filter(|m| m.body.at.level != mortalis_battle::table::Level::Ground)
                    .count();
                let held = |s: usize| -> u32 {
                    battle
                        .models
                        .iter()
                        .filter(|m| m.side == s && m.on_table())
                        .map(|m| m.carried)
                        .sum()
                };
                println!(
                    "   markers: ground {}, AI holds {}, other holds {}",
                    battle.markers.len(),
                    held(ai_side),
                    held(1 - ai_side)
                );
                println!(
                    "seed {seed} ai {ai_side}: {:?} round {}, on the table {}:{}, AI on roofs {up}, defender {:?}",
                    battle.end.unwrap(),
                    battle.round,
                    left(0),
                    left(1),
                    battle.defender
                );
            }
            match battle.end.unwrap().2 {
                Some(s) if s == ai_side => w += 1,
                None => d += 1,
                _ => l += 1,
            }
        }
    }
    let t = start.elapsed().as_secs_f64();
    println!(
        "{scenario:?}: AI {w} wins, {d} draws, {l} losses of {} ({:.1}%), {:.1} battles/s",
        2 * n,
        100.0 * w as f64 / (2 * n) as f64,
        (2 * n) as f64 / t
    );
}
