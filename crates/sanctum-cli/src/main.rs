//! `sanctum`: the command-line front of the Sanctum rules engine.

mod arena;
mod arena_html;
mod catalogue;
mod deck_cmds;
mod draw;
mod game_cmds;
mod input;
mod resolve;
mod server_cmds;

use std::fmt::Write as _;
use std::io::{IsTerminal, Write as _};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use sanctum_rules::board::Board;
use sanctum_rules::mana::House;
use sanctum_rules::{GameRng, Generator, Layout, MapStats, RealmChoice, Side, Terrain};
use serde_json::{Value, json};

/// Rules engine and tools for Sanctum: Strategy, Sorcery, Subterfuge.
#[derive(Parser, Debug)]
#[command(name = "sanctum", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Run the game server (HTTP and WebSocket API, the pages at /): see docs/api.md.
    Serve(server_cmds::ServeArgs),
    /// Load a running server: N concurrent bot-client games over HTTP and WebSocket.
    Loadtest(server_cmds::LoadtestArgs),
    /// Administer a server's database: banish a player to the Volgaria room, or pardon.
    Admin {
        #[command(subcommand)]
        command: server_cmds::AdminCommand,
    },
    /// Show the board geometry of a layout: Sancta, entrances, centerline, town squares.
    Board {
        /// Board layout: classic or symmetric.
        #[arg(long, default_value = "classic", value_parser = parse_layout)]
        layout: Layout,
        /// Print JSON instead of a drawing.
        #[arg(long)]
        json: bool,
    },
    /// Generate a map for a realm from a seed and print it.
    Map {
        /// Realm: veldt, volgaria, badlands, great_frost, arboria or random.
        #[arg(long, default_value = "veldt", value_parser = parse_realm)]
        realm: RealmChoice,
        /// Board layout: classic or symmetric.
        #[arg(long, default_value = "classic", value_parser = parse_layout)]
        layout: Layout,
        /// Seed of the map, a whole number from 0 to 18446744073709551615.
        #[arg(long, default_value = "1", value_parser = parse_seed, allow_hyphen_values = true)]
        seed: u64,
        /// Print JSON instead of a drawing.
        #[arg(long)]
        json: bool,
    },
    /// Generate many maps and report the mean terrain and town counts.
    MapStats {
        /// Realm: veldt, volgaria, badlands, great_frost, arboria or random.
        #[arg(long, default_value = "veldt", value_parser = parse_realm)]
        realm: RealmChoice,
        /// Board layout: classic or symmetric.
        #[arg(long, default_value = "classic", value_parser = parse_layout)]
        layout: Layout,
        /// Number of maps to generate (at least 1).
        #[arg(long, default_value = "20000", value_parser = parse_samples)]
        samples: u64,
        /// Seed of the first map; map i uses seed + i.
        #[arg(long, default_value = "1", value_parser = parse_seed, allow_hyphen_values = true)]
        seed: u64,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Resolve one movement phase described by a TOML scenario file.
    Resolve {
        /// The scenario file.
        file: std::path::PathBuf,
        /// Print the result as JSON instead of a step-by-step account.
        #[arg(long)]
        json: bool,
        /// With --json, add the step-by-step account as a "trace" list.
        #[arg(long)]
        trace: bool,
    },
    /// Play one whole turn described by a TOML turn scenario file.
    Turn {
        /// The turn scenario file.
        file: std::path::PathBuf,
        /// Print the resulting state and the events as JSON instead of an account.
        #[arg(long)]
        json: bool,
    },
    /// Replay a game log turn by turn, checking each turn's state hash.
    Replay {
        /// The log file (JSON, as `sanctum play --log` writes it).
        log: std::path::PathBuf,
        /// Stop after this many turns and print that state.
        #[arg(long, value_parser = parse_turns)]
        turn: Option<usize>,
        /// Print the final state as JSON.
        #[arg(long)]
        json: bool,
    },
    /// List the card pool: id, name, house, type, target, cost, text.
    Cards {
        /// Only the cards of this house.
        #[arg(long, value_parser = parse_house)]
        house: Option<House>,
        /// Print a JSON list instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Show one card in full.
    Card {
        /// The card's id (as `sanctum cards` lists it).
        id: String,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Deck files.
    Deck {
        #[command(subcommand)]
        command: deck_cmds::DeckCommand,
    },
    /// Play many games between two bots in parallel and report the results.
    Arena(arena::ArenaArgs),
    /// Play a whole game between two built-in bots.
    Play {
        /// Red's bot: random, rush, heuristic or search.
        #[arg(long, default_value = "rush")]
        red: String,
        /// Blue's bot: random, rush, heuristic or search.
        #[arg(long, default_value = "random")]
        blue: String,
        /// Seed of the game: map, coin flip, shuffles, combat.
        #[arg(long, default_value = "1", value_parser = parse_seed, allow_hyphen_values = true)]
        seed: u64,
        /// Realm: veldt, volgaria, badlands, great_frost, arboria or random.
        #[arg(long, default_value = "veldt", value_parser = parse_realm_name)]
        realm: String,
        /// Board layout: classic or symmetric.
        #[arg(long, default_value = "classic", value_parser = parse_layout)]
        layout: Layout,
        /// Red's deck: a starter deck's name or a deck file.
        #[arg(long, default_value = "war_mind")]
        red_deck: String,
        /// Blue's deck: a starter deck's name or a deck file.
        #[arg(long, default_value = "unmaking_life")]
        blue_deck: String,
        /// Another house for the Sanctum of red's deck.
        #[arg(long, value_parser = parse_house)]
        first_house: Option<House>,
        /// Another house for the Sanctum of blue's deck.
        #[arg(long, value_parser = parse_house)]
        second_house: Option<House>,
        /// Save the game log (JSON) to this file.
        #[arg(long)]
        log: Option<std::path::PathBuf>,
        /// Print a JSON summary (winner, turns, reason) instead of an account.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        budget: arena::SearchBudget,
        /// Threads a search bot thinks on (0: every core).
        #[arg(long, default_value = "0", value_parser = parse_search_threads)]
        search_threads: usize,
    },
}

fn parse_search_threads(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if n <= 1024 => Ok(n),
        _ => Err(format!(
            "malformed thread count '{s}' (valid: a whole number from 0 to 1024; 0 is every core)"
        )),
    }
}

fn parse_turns(s: &str) -> Result<usize, String> {
    s.parse::<usize>()
        .map_err(|_| format!("malformed turn count '{s}' (valid: a whole number, 0 or more)"))
}

fn parse_realm_name(s: &str) -> Result<String, String> {
    parse_realm(s).map(|_| s.to_string())
}

fn parse_house(s: &str) -> Result<House, String> {
    House::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = House::ALL.iter().map(|h| h.name()).collect();
        format!("unknown house '{s}' (valid: {})", names.join(", "))
    })
}

fn parse_layout(s: &str) -> Result<Layout, String> {
    Layout::from_name(s).ok_or_else(|| format!("unknown layout '{s}' (valid: classic, symmetric)"))
}

fn parse_realm(s: &str) -> Result<RealmChoice, String> {
    RealmChoice::from_name(s).ok_or_else(|| {
        format!(
            "unknown realm '{s}' (valid: {})",
            RealmChoice::NAMES.join(", ")
        )
    })
}

fn parse_seed(s: &str) -> Result<u64, String> {
    s.parse::<u64>().map_err(|_| {
        format!(
            "malformed seed '{s}' (valid: a whole number from 0 to {})",
            u64::MAX
        )
    })
}

fn parse_samples(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!(
            "malformed sample count '{s}' (valid: a whole number, at least 1)"
        )),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            match e.kind() {
                ErrorKind::DisplayHelp
                | ErrorKind::DisplayVersion
                | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => e.exit(),
                _ => {
                    // One line: clap's first line names the argument and our parser's reason.
                    let text = e.to_string();
                    let first = text.lines().next().unwrap_or("error: bad arguments");
                    eprintln!("{first}");
                    return ExitCode::from(2);
                }
            }
        }
    };
    // An invalid deck is a report on stdout with exit code 1.
    let (text, code) = match run(cli).map_err(|e| e.downcast::<deck_cmds::Invalid>()) {
        Ok(text) => (text, ExitCode::SUCCESS),
        Err(Ok(invalid)) => (invalid.0, ExitCode::from(1)),
        Err(Err(e)) => return failure(&e),
    };
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => code,
        // A reader that stops early (`sanctum cards --json | head`) is no failure.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => code,
        Err(e) => failure(&anyhow::Error::new(OutputFailed(e))),
    }
}

/// Prints the error in one line; the exit code says what kind it is.
fn failure(e: &anyhow::Error) -> ExitCode {
    let _ = writeln!(std::io::stderr(), "error: {e:#}");
    ExitCode::from(if e.is::<resolve::BadInput>() {
        2
    } else if e.is::<OutputFailed>() {
        3
    } else {
        1
    })
}

/// Standard output could not be written (full disk, a closed terminal): exit code 3.
/// A pipe whose reader stopped early is not an error (`main`).
#[derive(Debug)]
struct OutputFailed(std::io::Error);

impl std::fmt::Display for OutputFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot write to standard output: {}", self.0)
    }
}

impl std::error::Error for OutputFailed {}

/// Runs a command; returns the whole text to print.
fn run(cli: Cli) -> anyhow::Result<String> {
    let colour = std::io::stdout().is_terminal();
    let mut out = String::new();
    match cli.command {
        Command::Resolve { file, json, trace } => {
            write!(out, "{}", resolve::run(&file, json, trace)?)?;
        }
        Command::Turn { file, json } => {
            write!(out, "{}", game_cmds::turn(&file, json)?)?;
        }
        Command::Replay { log, turn, json } => {
            write!(out, "{}", game_cmds::replay(&log, turn, json)?)?;
        }
        Command::Cards { house, json } => write!(out, "{}", catalogue::cards(house, json)?)?,
        Command::Card { id, json } => write!(out, "{}", catalogue::card(&id, json)?)?,
        Command::Deck { command } => write!(out, "{}", deck_cmds::run(&command)?)?,
        Command::Arena(args) => write!(out, "{}", arena::run(&args)?)?,
        Command::Serve(args) => write!(out, "{}", server_cmds::serve(&args)?)?,
        Command::Loadtest(args) => write!(out, "{}", server_cmds::loadtest(&args)?)?,
        Command::Admin { command } => write!(out, "{}", server_cmds::admin(&command)?)?,
        Command::Play {
            red,
            blue,
            seed,
            realm,
            layout,
            red_deck,
            blue_deck,
            first_house,
            second_house,
            log,
            json,
            budget,
            search_threads,
        } => {
            let text = game_cmds::play(&game_cmds::PlayOptions {
                red: &red,
                blue: &blue,
                seed,
                realm: &realm,
                layout,
                decks: [&red_deck, &blue_deck],
                houses: [first_house, second_house],
                log: log.as_deref(),
                json,
                search: sanctum_bots::SearchConfig {
                    threads: search_threads,
                    ..budget.config()
                },
            })?;
            write!(out, "{text}")?;
        }
        Command::Board { layout, json } => board_cmd(&mut out, layout, json, colour)?,
        Command::Map {
            realm,
            layout,
            seed,
            json,
        } => map_cmd(&mut out, realm, layout, seed, json, colour)?,
        Command::MapStats {
            realm,
            layout,
            samples,
            seed,
            json,
        } => map_stats_cmd(&mut out, realm, layout, samples, seed, json)?,
    }
    Ok(out)
}

/// `sanctum board`: the layout's geometry as JSON or as a drawing.
fn board_cmd(out: &mut String, layout: Layout, json: bool, colour: bool) -> anyhow::Result<()> {
    let board = Board::get(layout);
    if json {
        writeln!(out, "{}", serde_json::to_string_pretty(&board_json(board))?)?;
    } else {
        write!(out, "{}", draw::board(board, colour))?;
    }
    Ok(())
}

/// `sanctum map`: one generated map as JSON or as a drawing.
fn map_cmd(
    out: &mut String,
    realm: RealmChoice,
    layout: Layout,
    seed: u64,
    json: bool,
    colour: bool,
) -> anyhow::Result<()> {
    let map = Generator::new(layout).generate(realm, &mut GameRng::from_seed(seed));
    if json {
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&map_json(&map, realm, seed))?
        )?;
    } else {
        write!(out, "{}", draw::map(&map, seed, colour))?;
    }
    Ok(())
}

/// `sanctum map-stats`: mean terrain and town counts over many maps, as JSON or a table.
fn map_stats_cmd(
    out: &mut String,
    realm: RealmChoice,
    layout: Layout,
    samples: u64,
    seed: u64,
    json: bool,
) -> anyhow::Result<()> {
    let stats = map_stats(realm, layout, samples, seed);
    let mean = stats.mean_terrain();
    if json {
        let mut terrain = serde_json::Map::new();
        for t in Terrain::ALL {
            terrain.insert(t.name().into(), json!(round3(mean[t.index()])));
        }
        let v = json!({
            "realm": realm.name(),
            "layout": layout.name(),
            "samples": samples,
            "mean_terrain": terrain,
            "mean_towns": round3(stats.mean_towns()),
        });
        writeln!(out, "{}", serde_json::to_string_pretty(&v)?)?;
    } else {
        writeln!(
            out,
            "{} maps, realm {}, layout {}, first seed {seed}",
            samples,
            realm.name(),
            layout.name()
        )?;
        writeln!(out, "mean counts over the 84 non-reserved squares:")?;
        for t in Terrain::ALL {
            if mean[t.index()] > 0.0 {
                writeln!(out, "  {:<12} {:>7.3}", t.name(), mean[t.index()])?;
            }
        }
        writeln!(out, "  {:<12} {:>7.3}", "towns", stats.mean_towns())?;
    }
    Ok(())
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

fn map_stats(realm: RealmChoice, layout: Layout, samples: u64, seed: u64) -> MapStats {
    let generator = Generator::new(layout);
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(samples),
        if samples >= 2000 {
            indicatif::ProgressDrawTarget::stderr()
        } else {
            indicatif::ProgressDrawTarget::hidden()
        },
    );
    let mut stats = MapStats::default();
    for i in 0..samples {
        let map = generator.generate(realm, &mut GameRng::from_seed(seed.wrapping_add(i)));
        stats.add(&map);
        if i % 1024 == 0 {
            bar.set_position(i);
        }
    }
    bar.finish_and_clear();
    stats
}

fn board_json(board: &Board) -> Value {
    let per_side = |f: &dyn Fn(Side) -> Value| json!({"red": f(Side::Red), "blue": f(Side::Blue)});
    json!({
        "layout": board.layout().name(),
        "width": 12,
        "height": 12,
        "squares": board.squares(),
        "sancta": per_side(&|s| json!(board.sanctum(s))),
        "entrances": per_side(&|s| json!(board.entrances(s))),
        "centerline": board.centerline(),
        "center": board.center(),
        "eligible_towns": board.eligible_towns(Side::Blue),
        "eligible_towns_by_half": per_side(&|s| json!(board.eligible_towns(s))),
    })
}

fn map_json(map: &sanctum_rules::GameMap, choice: RealmChoice, seed: u64) -> Value {
    let squares: Vec<Value> = map
        .board()
        .squares()
        .iter()
        .map(|&s| {
            let structure = map.structure(s);
            json!({
                "at": s,
                "terrain": map.terrain(s).name(),
                "structure": structure.map(|st| st.kind.name()),
                "owner": structure.map(|st| st.owner.name()),
            })
        })
        .collect();
    let mut v = json!({
        "realm": map.realm.name(),
        "layout": map.layout.name(),
        "seed": seed,
        "squares": squares,
    });
    if choice == RealmChoice::Random {
        v["realm_choice"] = json!("random");
    }
    v
}
