//! `mortalis table ...`: generate a dense table, or check and draw a table
//! file. The geometry lives in `mortalis_battle`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, anyhow};
use clap::Subcommand;
use mortalis_battle::generate::{self, LANE_RANGE};
use mortalis_battle::{Kind, Table, file, svg};
use mortalis_rules::Lang;

use crate::{Failure, Output, ok, read};

/// Table subcommands.
#[derive(Debug, Subcommand)]
pub enum TableCommand {
    /// Generate a dense table (no open lane for a rifle's full range) and
    /// print it as a table file.
    Generate {
        /// Seed of the generator (the same seed gives the same table).
        #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = crate::input::seed_value)]
        seed: u64,
        /// Side of the table in inches, 28 to 48.
        #[arg(long, default_value_t = 36.0, value_parser = table_size)]
        size: f64,
        /// Make the table a scenario plays on, as `battle` and `simulate`
        /// do without --table: Otoczeni and Przechwycenie with the centre
        /// clear for their markers and object (B160, B162), Duma its own
        /// 10"×28" field (B167, whatever --size says).
        #[arg(long, value_enum)]
        scenario: Option<crate::battle::ScenarioArg>,
        /// Write the table file here instead of printing it.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Also draw it as an SVG picture at this path.
        #[arg(long)]
        svg: Option<PathBuf>,
    },
    /// Check a table file and describe it; optionally draw it.
    Show {
        /// Table file (TOML).
        file: PathBuf,
        /// Draw it, top-down with heights, as an SVG picture at this path.
        #[arg(long)]
        svg: Option<PathBuf>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
}

/// `--size` of `table generate`: inches, 28 to 48, halves and such too
/// (as a table file's `size` may be).
fn table_size(text: &str) -> Result<f64, String> {
    let v: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of inches"))?;
    if v.is_finite() && (28.0..=48.0).contains(&v) {
        Ok(v)
    } else {
        Err(format!("{text} is not in 28..=48"))
    }
}

/// Reads and checks a table file; errors name the file and the line.
pub fn load(path: &Path, lang: Lang) -> Result<Table, Failure> {
    let text = read(path, lang)?;
    file::parse(&text).map_err(|e| {
        let message = match lang {
            Lang::Pl => crate::file_pl::file_error(&e),
            Lang::En => e.to_string(),
        };
        Failure::from(anyhow!("{}: {}", path.display(), message.trim_end()))
    })
}

/// Writes a file; the error names it.
pub fn write_file(path: &Path, text: &str, lang: Lang) -> Result<(), Failure> {
    std::fs::write(path, text).with_context(|| {
        format!(
            "{} {}",
            lang.pick("nie można zapisać", "cannot write"),
            path.display()
        )
    })?;
    Ok(())
}

/// Pieces counted by kind, in file order of kinds.
fn counts(table: &Table) -> BTreeMap<&'static str, usize> {
    let mut out = BTreeMap::new();
    for p in &table.pieces {
        *out.entry(p.kind.name()).or_insert(0) += 1;
    }
    out
}

/// A short description of a table in the interface language.
fn describe(table: &Table, lang: Lang) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} {}\" × {}\"",
        lang.pick("Stół", "Table"),
        table.size,
        table.size
    );
    let _ = writeln!(
        out,
        "{}: {}",
        lang.pick("Elementy terenu", "Terrain pieces"),
        table.pieces.len()
    );
    for (kind, n) in counts(table) {
        let name = match lang {
            Lang::Pl => crate::file_pl::kind_name(kind),
            Lang::En => kind,
        };
        let _ = writeln!(out, "  {name}: {n}");
    }
    let tallest = table
        .pieces
        .iter()
        .map(|p| p.kind.surface().unwrap_or(p.kind.sight_height()))
        .fold(0.0, f64::max);
    let _ = writeln!(
        out,
        "{}: {tallest}\"",
        lang.pick("Najwyższy element", "Tallest piece")
    );
    let climbable = table
        .pieces
        .iter()
        .filter(|p| {
            matches!(
                p.kind,
                Kind::Block {
                    climbable: true,
                    ..
                } | Kind::Wall {
                    climbable: true,
                    ..
                } | Kind::Floor {
                    climbable: true,
                    ..
                }
            )
        })
        .count();
    let _ = writeln!(
        out,
        "{}: {climbable}",
        lang.pick("Elementy, na które można się wspiąć", "Climbable pieces")
    );
    out
}

pub fn run(cmd: TableCommand, lang: Lang) -> Result<Output, Failure> {
    match cmd {
        TableCommand::Generate {
            seed,
            size,
            scenario,
            out,
            svg,
        } => {
            let table = match scenario {
                Some(s) => generate::scenario_table(s.scenario(), seed, size),
                None => generate::generate(seed, size),
            };
            let scenario = scenario
                .map(|s| format!(" --scenario {}", format!("{s:?}").to_lowercase()))
                .unwrap_or_default();
            let text = format!(
                "# mortalis table generate --seed {seed} --size {size}{scenario}: {}\n{}",
                lang.pick(
                    format!(
                        "gęsty stół, bez toru ostrzału na pełny zasięg karabinu ({LANE_RANGE}\")"
                    )
                    .as_str(),
                    format!("a dense table, no lane for a rifle's full range ({LANE_RANGE}\")")
                        .as_str()
                ),
                file::write(&table)
            );
            if let Some(path) = &svg {
                write_file(path, &svg::render(&table, &[]), lang)?;
            }
            match out {
                Some(path) => {
                    write_file(&path, &text, lang)?;
                    ok(describe(&table, lang))
                }
                None => ok(text),
            }
        }
        TableCommand::Show { file, svg, json } => {
            let table = load(&file, lang)?;
            if let Some(path) = &svg {
                write_file(path, &svg::render(&table, &[]), lang)?;
            }
            if json {
                let pieces: Vec<_> = table
                    .pieces
                    .iter()
                    .map(|p| {
                        let ring = &p.footprint.exterior().0;
                        serde_json::json!({
                            "kind": p.kind,
                            "points": ring[..ring.len() - 1].iter().map(|c| [c.x, c.y]).collect::<Vec<_>>(),
                        })
                    })
                    .collect();
                ok(serde_json::to_string_pretty(
                    &serde_json::json!({"size": table.size, "pieces": pieces}),
                )? + "\n")
            } else {
                ok(describe(&table, lang))
            }
        }
    }
}
