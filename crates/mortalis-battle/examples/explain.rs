//! Prints the AI's value of every option it weighs for one model in one
//! round, AI against random play on a generated table (for tuning the
//! AI): `cargo run --release --example explain -- SCENARIO SEED SIZE
//! AI_SIDE ROUND MODEL A.toml B.toml` (SIZE 0: the small test table).
//! Environment: `OPPONENT=ai` (the AI on both sides), `ROUNDS=N` (another
//! house round limit), `FIELD=1` (the walking field round the model).
//! The model's walking distance to the nearest marker is printed with
//! its place and with each option that moves it.
use mortalis_battle::battle::ai::Ai;
use mortalis_battle::battle::{
    Battle, Decider, Players, Question, RandomPolicy, Scenario, house_rounds,
};
use mortalis_battle::generate;
use mortalis_rules::dice::RngDice;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

struct Explain {
    round: u32,
    model: String,
}

impl Decider for Explain {
    fn choose(&mut self, b: &Battle, q: &Question) -> Result<usize, String> {
        let pick = Ai.choose(b, q)?;
        if b.round == self.round
            && let Some(values) = Ai.action_values(b, q)
            && let Some(m) = b.active
            && b.models[m].name == self.model
        {
            let here = b.models[m].body.at;
            let d = b
                .markers
                .iter()
                .map(|mk| b.walk_to(*mk, here))
                .fold(f64::INFINITY, f64::min);
            println!("-- {} at {here:?} (marker {d:.1}\" away)", b.models[m].name);
            for f in b.models.iter().filter(|f| f.on_table()) {
                let load = if f.carried > 0 {
                    format!(" carrying {}", f.carried)
                } else {
                    String::new()
                };
                println!("   {} (side {}) at {:?}{load}", f.name, f.side, f.body.at);
            }
            if std::env::var("FIELD").is_ok() {
                println!("markers {:?}", b.markers);
                for j in (0..=30).rev() {
                    let y = f64::from(j) * 0.5 + 2.0;
                    let row: String = (0..=36)
                        .map(|i| {
                            let p =
                                mortalis_battle::table::Place::ground(f64::from(i) * 0.5 + 4.0, y);
                            let d = b
                                .markers
                                .iter()
                                .map(|mk| b.walk_to(*mk, p))
                                .fold(f64::INFINITY, f64::min);
                            let occ = b.models.iter().any(|f| {
                                f.on_table() && (f.body.at.x - p.x).hypot(f.body.at.y - p.y) < 0.5
                            });
                            if occ {
                                " @@".to_string()
                            } else if d.is_finite() {
                                format!("{:3.0}", d)
                            } else {
                                "  #".to_string()
                            }
                        })
                        .collect();
                    println!("{y:5.1} {row}");
                }
            }
            for (i, (o, v)) in q.options.iter().zip(values).enumerate() {
                let mark = if i == pick { "*" } else { " " };
                // The walking distance from where the option ends to the
                // nearest marker, for options that move the model.
                use mortalis_battle::battle::Choice;
                let to = match o {
                    Choice::Move { to, .. }
                    | Choice::JumpDown { to, .. }
                    | Choice::Leap { to }
                    | Choice::Fly { to } => Some(*to),
                    _ => None,
                };
                let walk = to
                    .map(|t| {
                        let d = b
                            .markers
                            .iter()
                            .map(|mk| b.walk_to(*mk, t))
                            .fold(f64::INFINITY, f64::min);
                        format!(" (marker {d:.1}\" away)")
                    })
                    .unwrap_or_default();
                println!("{mark} {v:8.3} {}{walk}", serde_json::to_string(o).unwrap());
            }
        }
        Ok(pick)
    }
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let scenario: Scenario = serde_json::from_value(serde_json::json!(a[1])).unwrap();
    let seed: u64 = a[2].parse().unwrap();
    let size: f64 = a[3].parse().unwrap();
    let ai_side: usize = a[4].parse().unwrap();
    let mut explain = Explain {
        round: a[5].parse().unwrap(),
        model: a[6].clone(),
    };
    let side = |p: &str, s| {
        let text = std::fs::read_to_string(p).unwrap();
        mortalis_battle::battle::side_from_warband(&toml::from_str(&text).unwrap(), s).unwrap()
    };
    let (na, sa, mut models) = side(&a[7], 0);
    let (nb, sb, more) = side(&a[8], 1);
    models.extend(more);
    let table = if size == 0.0 {
        let open = mortalis_battle::file::parse(include_str!("../tests/data/open.toml")).unwrap();
        match scenario {
            Scenario::Pride => generate::pride_field(seed),
            Scenario::Surrounded => generate::clear_centre(open, generate::CENTRE_CLEAR, true),
            Scenario::Interception => generate::clear_centre(open, generate::CENTRE_CLEAR, false),
            _ => open,
        }
    } else {
        generate::scenario_table(scenario, seed, size)
    };
    let rounds = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(house_rounds(table.size));
    let mut battle = Battle::new(table, [na, nb], [sa, sb], models, rounds).with_scenario(scenario);
    let mut dice = RngDice::new(ChaCha8Rng::seed_from_u64(seed));
    let mut rnd = RandomPolicy::new(seed);
    let mut other = Explain {
        round: explain.round,
        model: explain.model.clone(),
    };
    let rnd: &mut dyn Decider = if std::env::var("OPPONENT").is_ok_and(|v| v == "ai") {
        &mut other
    } else {
        &mut rnd
    };
    let deciders: [&mut dyn Decider; 2] = if ai_side == 0 {
        [&mut explain, rnd]
    } else {
        [rnd, &mut explain]
    };
    battle
        .play(&mut Players {
            deciders,
            dice: &mut dice,
        })
        .unwrap();
    println!("end {:?}", battle.end);
}
