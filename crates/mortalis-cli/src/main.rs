//! `mortalis`: exact odds and warband tools for Sanctum Mortalis.
//! This is the edge of the project: files are read and checked here, the
//! rules themselves live in `mortalis-rules`.

mod account;
mod battle;
mod campaign;
mod clap_pl;
mod file_pl;
mod gear;
mod help_pl;
mod human;
mod input;
mod io_pl;
mod outputs;
mod parser_pl;
mod render;
mod replay;
mod share;
mod simulate;
mod table;
mod terminal;

use std::ffi::OsString;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use input::{parse_toml, read};
use mortalis_rules::Lang;
use mortalis_rules::dice::{DiceSource, RngDice, TypedDice};
use mortalis_rules::odds::{self, Query};
use mortalis_rules::warband::{self, WarbandFile};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// Command-line interface.
#[derive(Debug, Parser)]
#[command(
    name = "mortalis",
    version,
    about = "Sanctum Mortalis: exact dice odds and warband builder"
)]
struct Cli {
    /// Interface language (default: pl when LANG starts with "pl", else en).
    #[arg(long, global = true, value_enum)]
    lang: Option<LangArg>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum LangArg {
    Pl,
    En,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Exact probabilities of one action described in a TOML query.
    Odds {
        /// Query file.
        query: PathBuf,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Play one action described in a query with seeded or typed-in dice.
    Roll {
        /// Query file.
        query: PathBuf,
        /// Seed of the ChaCha8 dice generator.
        #[arg(long, conflicts_with = "dice", allow_negative_numbers = true, value_parser = crate::input::seed_value)]
        seed: Option<u64>,
        /// Dice rolled at the table, in order, e.g. "3,5,1,6".
        #[arg(long, value_delimiter = ',', conflicts_with = "ask")]
        dice: Option<Vec<i64>>,
        /// Ask for each die on the terminal (one value per line on stdin).
        #[arg(long, conflicts_with = "seed")]
        ask: bool,
    },
    /// Warband files.
    Warband {
        #[command(subcommand)]
        command: WarbandCommand,
    },
    /// List ids and names of equipment, archetypes and skills.
    Catalogue,
    /// Campaign files: the warband between battles.
    Campaign {
        #[command(subcommand)]
        command: campaign::CampaignCommand,
    },
    /// Play one whole battle: AI against AI, or a person (--human) or random
    /// play (--random) for one side.
    Battle(battle::BattleArgs),
    /// Play many battles AI against AI in parallel and compare two warbands.
    Simulate(simulate::SimulateArgs),
    /// Battle tables: generate, check and draw.
    Table {
        #[command(subcommand)]
        command: table::TableCommand,
    },
}

#[derive(Debug, Subcommand)]
enum WarbandCommand {
    /// Check a warband against the rules.
    Validate {
        /// Warband file.
        file: PathBuf,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Print a roster sheet and any rule problems (exit 1 if invalid).
    Show {
        /// Warband file.
        file: PathBuf,
        /// Also write a printable HTML page to this path.
        #[arg(long)]
        html: Option<PathBuf>,
    },
    /// Compare two warbands' strength and count volunteers.
    Matchup {
        /// First warband.
        a: PathBuf,
        /// Second warband.
        b: PathBuf,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
}

/// A failure with its exit code; the message goes to stderr.
#[derive(Debug)]
struct Failure {
    code: u8,
    error: anyhow::Error,
}

impl<E: Into<anyhow::Error>> From<E> for Failure {
    fn from(e: E) -> Self {
        Failure {
            code: 2,
            error: e.into(),
        }
    }
}

/// The language of the environment: Polish when LANG starts with "pl".
fn env_lang() -> Lang {
    match std::env::var("LANG") {
        Ok(v) if v.to_ascii_lowercase().starts_with("pl") => Lang::Pl,
        _ => Lang::En,
    }
}

/// The interface language before clap parses (its help and errors depend on
/// it): the last `--lang pl|en` or `--lang=pl|en` before a `--`, else LANG.
fn lang_before_parsing(args: &[OsString]) -> Lang {
    let mut lang = None;
    let mut it = args.iter().skip(1).map(|a| a.to_str());
    while let Some(arg) = it.next() {
        let value = match arg {
            Some("--") => break,
            Some("--lang") => it.next().flatten(),
            Some(a) => a.strip_prefix("--lang="),
            None => None,
        };
        match value {
            Some("pl") => lang = Some(Lang::Pl),
            Some("en") => lang = Some(Lang::En),
            _ => {}
        }
    }
    lang.unwrap_or_else(env_lang)
}

/// Parse the command line; clap's help and errors in the interface language.
fn parse(args: Vec<OsString>) -> Result<Cli, ExitCode> {
    if lang_before_parsing(&args) == Lang::En {
        return Ok(Cli::parse_from(args));
    }
    let bin = args
        .first()
        .and_then(|a| Path::new(a).file_name())
        .and_then(|n| n.to_str())
        .unwrap_or("mortalis")
        .to_string();
    let mut cmd = clap_pl::command(Cli::command(), &bin);
    let parsed = cmd
        .try_get_matches_from_mut(&args)
        .and_then(|m| Cli::from_arg_matches(&m));
    parsed.map_err(|e| match e.kind() {
        // Help and version are already Polish; clap prints them as usual.
        clap::error::ErrorKind::DisplayHelp
        | clap::error::ErrorKind::DisplayVersion
        | clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => e.exit(),
        _ => {
            eprint!("{}", clap_pl::error_message(&e, &cmd, &args));
            ExitCode::from(2)
        }
    })
}

fn main() -> ExitCode {
    let cli = match parse(std::env::args_os().collect()) {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let lang = match cli.lang {
        Some(LangArg::Pl) => Lang::Pl,
        Some(LangArg::En) => Lang::En,
        None => env_lang(),
    };
    match run(cli.command, lang) {
        Ok(out) => print_output(&out, lang),
        Err(f) => {
            let label = lang.pick("błąd", "error");
            let _ = writeln!(
                std::io::stderr(),
                "{label}: {}",
                io_pl::chain(&f.error, lang)
            );
            ExitCode::from(f.code)
        }
    }
}

/// Exit code when standard output cannot be written.
const EXIT_OUTPUT: u8 = 3;

/// Prints the output; a closed or full stdout is a short message and exit
/// code 3, except after a saved change: then the message says the file was
/// saved and the exit code stays that of the command.
fn print_output(out: &Output, lang: Lang) -> ExitCode {
    let mut stdout = std::io::stdout().lock();
    let written = stdout
        .write_all(out.text.as_bytes())
        .and_then(|()| stdout.flush());
    let Err(e) = written else {
        return ExitCode::from(out.code);
    };
    let mut stderr = std::io::stderr();
    match &out.saved {
        Some(path) => {
            let _ = writeln!(
                stderr,
                "{}: {} {}; {}: {}",
                lang.pick("uwaga", "warning"),
                lang.pick("zapisano zmianę w", "the change was saved to"),
                path.display(),
                lang.pick(
                    "nie można pisać na standardowe wyjście",
                    "standard output cannot be written"
                ),
                io_pl::reason(&e, lang)
            );
            ExitCode::from(out.code)
        }
        None => {
            let _ = writeln!(
                stderr,
                "{}: {}: {}",
                lang.pick("błąd", "error"),
                lang.pick(
                    "nie można pisać na standardowe wyjście",
                    "cannot write to standard output"
                ),
                io_pl::reason(&e, lang)
            );
            ExitCode::from(EXIT_OUTPUT)
        }
    }
}

/// Text for stdout, the exit code, and the file a command saved (if any).
struct Output {
    text: String,
    code: u8,
    saved: Option<PathBuf>,
}

fn ok(text: String) -> Result<Output, Failure> {
    Ok(Output {
        text,
        code: 0,
        saved: None,
    })
}

/// The output of a command that saved `path`: printing it may fail, the
/// change stays made.
fn saved(path: &Path, text: String) -> Result<Output, Failure> {
    Ok(Output {
        saved: Some(path.to_path_buf()),
        ..ok(text)?
    })
}

fn action_failure(path: &Path, e: &odds::ActionError, lang: Lang) -> Failure {
    Failure::from(anyhow::anyhow!("{}: {}", path.display(), e.message(lang)))
}

fn run(cmd: Command, lang: Lang) -> Result<Output, Failure> {
    match cmd {
        Command::Odds { query, json } => {
            let q: Query = parse_toml(&query, lang)?;
            let o = odds::odds(&q).map_err(|e| action_failure(&query, &e, lang))?;
            if json {
                ok(serde_json::to_string_pretty(&o)? + "\n")
            } else {
                ok(render::odds_table(&q, &o, lang))
            }
        }
        Command::Roll {
            query,
            seed,
            dice,
            ask,
        } => {
            let q: Query = parse_toml(&query, lang)?;
            let mut src: Box<dyn DiceSource> =
                match dice {
                    Some(v) => Box::new(TypedDice::new(&v).map_err(|e| {
                        anyhow::anyhow!("--dice: {}", terminal::dice_error(&e, lang))
                    })?),
                    None if ask => Box::new(terminal::PromptDice::new(lang)),
                    None => Box::new(RngDice::new(ChaCha8Rng::seed_from_u64(seed.unwrap_or(0)))),
                };
            let report = mortalis_rules::play::play(&q, src.as_mut()).map_err(|e| match e {
                mortalis_rules::play::PlayError::Action(a) => action_failure(&query, &a, lang),
                mortalis_rules::play::PlayError::Dice(d) => Failure::from(anyhow::anyhow!(
                    "{}: {}",
                    lang.pick("kości", "dice"),
                    terminal::dice_error(&d, lang)
                )),
            })?;
            ok(render::play_report(&report, lang))
        }
        Command::Catalogue => ok(render::catalogue(lang)),
        Command::Campaign { command } => campaign::run(command, lang),
        Command::Table { command } => table::run(command, lang),
        Command::Battle(args) => battle::run(args, lang),
        Command::Simulate(args) => simulate::run(args, lang),
        Command::Warband { command } => match command {
            WarbandCommand::Validate { file, json } => {
                let w: WarbandFile = parse_toml(&file, lang)?;
                let r = warband::check(&w);
                let code = if r.valid() { 0 } else { 1 };
                let text = if json {
                    serde_json::to_string_pretty(&render::validation_json(&r, lang))? + "\n"
                } else {
                    render::validation_text(&r, lang)
                };
                Ok(Output {
                    text,
                    code,
                    saved: None,
                })
            }
            WarbandCommand::Show { file, html } => {
                let w: WarbandFile = parse_toml(&file, lang)?;
                let r = warband::check(&w);
                if let Some(out) = html {
                    std::fs::write(&out, render::roster_html(&r, lang)).with_context(|| {
                        format!(
                            "{} {}",
                            lang.pick("nie można zapisać", "cannot write"),
                            out.display()
                        )
                    })?;
                }
                // The sheet is printed either way (it ends with the rule
                // problems); like `validate`, an invalid warband exits 1.
                let code = if r.valid() { 0 } else { 1 };
                Ok(Output {
                    text: render::roster_text(&r, lang),
                    code,
                    saved: None,
                })
            }
            WarbandCommand::Matchup { a, b, json } => {
                let wa: WarbandFile = parse_toml(&a, lang)?;
                let wb: WarbandFile = parse_toml(&b, lang)?;
                let (ra, rb) = (warband::check(&wa), warband::check(&wb));
                let m = warband::matchup(ra.strength, rb.strength);
                if json {
                    ok(serde_json::to_string_pretty(&serde_json::json!({
                        "a": {"name": ra.name, "strength": m.strength_a, "volunteers": m.volunteers_a, "valid": ra.valid()},
                        "b": {"name": rb.name, "strength": m.strength_b, "volunteers": m.volunteers_b, "valid": rb.valid()},
                    }))? + "\n")
                } else {
                    ok(render::matchup_text(&ra, &rb, &m, lang))
                }
            }
        },
    }
}
