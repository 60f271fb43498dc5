//! `sanctum arena`: many games between two bots, in parallel, with a report.

use std::fmt::Write as _;
use std::io::{IsTerminal, Write as _};
use std::path::PathBuf;

use anyhow::Context;
use rayon::prelude::*;
use sanctum_bots::BOT_NAMES;
use sanctum_bots::arena::{Tally, run_game, sides};
use serde_json::json;

/// Options of `sanctum arena`.
#[derive(clap::Args, Debug)]
pub struct ArenaArgs {
    /// The two bots, comma-separated (e.g. heuristic,random); the first plays red in
    /// even games, the second in odd ones.
    #[arg(long, value_parser = parse_bots)]
    bots: BotPair,
    /// How many games (1 to 1000000).
    #[arg(long, value_parser = parse_games)]
    games: u64,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value = "1", value_parser = crate::parse_seed, allow_hyphen_values = true)]
    seed: u64,
    /// Worker threads (default: every core).
    #[arg(long, value_parser = parse_threads)]
    threads: Option<usize>,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
    /// Also write the report as a self-contained HTML page with charts.
    #[arg(long)]
    html: Option<PathBuf>,
}

#[derive(Clone, Debug)]
pub struct BotPair([String; 2]);

fn parse_bots(s: &str) -> Result<BotPair, String> {
    let names: Vec<&str> = s.split(',').map(str::trim).collect();
    let [a, b] = names[..] else {
        return Err(format!(
            "'{s}' names {} bots; give two, comma-separated (valid: {})",
            names.len(),
            BOT_NAMES.join(", ")
        ));
    };
    for name in [a, b] {
        if !BOT_NAMES.contains(&name) {
            return Err(format!(
                "unknown bot '{name}' (valid: {})",
                BOT_NAMES.join(", ")
            ));
        }
    }
    Ok(BotPair([a.to_string(), b.to_string()]))
}

fn parse_games(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(n) if (1..=1_000_000).contains(&n) => Ok(n),
        _ => Err(format!(
            "malformed game count '{s}' (valid: a whole number from 1 to 1000000)"
        )),
    }
}

fn parse_threads(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=1024).contains(&n) => Ok(n),
        _ => Err(format!(
            "malformed thread count '{s}' (valid: a whole number from 1 to 1024)"
        )),
    }
}

/// Some games failed: the report is printed, the exit code is 1.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct GamesFailed(String);

/// Runs the arena; returns the report to print. When a game failed, the report is
/// written to stdout here and a [`GamesFailed`] naming the seeds is returned.
pub fn run(args: &ArenaArgs) -> anyhow::Result<String> {
    let bots = [args.bots.0[0].as_str(), args.bots.0[1].as_str()];
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .context("starting the worker threads")?;
    let bar = progress(args.games);
    let outcomes: Vec<_> = pool.install(|| {
        (0..args.games)
            .into_par_iter()
            .map(|i| {
                let [red, blue] = sides(bots, i);
                let outcome = run_game(red, blue, args.seed.wrapping_add(i));
                bar.inc(1);
                (i, outcome)
            })
            .collect()
    });
    bar.finish_and_clear();
    let tally = Tally::new(bots, args.seed, outcomes);
    if let Some(path) = &args.html {
        std::fs::write(path, crate::arena_html::page(&tally))
            .with_context(|| format!("writing the page to {}", path.display()))?;
    }
    let text = if args.json {
        format!("{}\n", serde_json::to_string_pretty(&report_json(&tally))?)
    } else {
        report_text(&tally)
    };
    if tally.failures.is_empty() {
        return Ok(text);
    }
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|e| anyhow::Error::new(crate::OutputFailed(e)))?;
    let seeds: Vec<String> = tally.failures.iter().map(|f| f.seed.to_string()).collect();
    Err(GamesFailed(format!(
        "{} of {} games failed (seeds {}); replay one with sanctum play --red {} --blue {} --seed {}",
        tally.failures.len(),
        tally.games,
        seeds.join(", "),
        tally.failures[0].red,
        tally.failures[0].blue,
        tally.failures[0].seed
    ))
    .into())
}

fn progress(games: u64) -> indicatif::ProgressBar {
    let target = if std::io::stderr().is_terminal() {
        indicatif::ProgressDrawTarget::stderr()
    } else {
        indicatif::ProgressDrawTarget::hidden()
    };
    let bar = indicatif::ProgressBar::with_draw_target(Some(games), target);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{bar:40} {pos}/{len} games, {elapsed} ({eta} left)",
    ) {
        bar.set_style(style);
    }
    bar
}

/// The report for machines: the tally, with each game's replay command.
fn report_json(t: &Tally) -> serde_json::Value {
    let mut v = serde_json::to_value(t).unwrap_or_default();
    v["end_reasons"] = t
        .end_reasons
        .iter()
        .map(|(reason, n)| (reason_name(*reason).to_string(), json!(n)))
        .collect::<serde_json::Map<_, _>>()
        .into();
    if let Some(records) = v["records"].as_array_mut() {
        for r in records {
            r["replay"] = json!(format!(
                "sanctum play --red {} --blue {} --seed {}",
                r["red"].as_str().unwrap_or_default(),
                r["blue"].as_str().unwrap_or_default(),
                r["seed"]
            ));
        }
    }
    v
}

pub fn reason_name(r: sanctum_rules::game::EndReason) -> &'static str {
    use sanctum_rules::game::EndReason;
    match r {
        EndReason::SanctumCaptured => "sanctum_captured",
        EndReason::TurnLimit => "turn_limit",
        EndReason::Conceded => "conceded",
    }
}

/// The report for people.
fn report_text(t: &Tally) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} vs {}: {} games, seeds {} to {} (sides alternate; the first bot is red in even games)",
        t.bots[0],
        t.bots[1],
        t.games,
        t.seed,
        t.seed.wrapping_add(t.games.saturating_sub(1))
    );
    let _ = writeln!(
        out,
        "{:<10} {:>5} {:>6} {:>5} {:>8}  {:<15} {:>11}",
        "bot", "wins", "losses", "draws", "win rate", "95% CI (Wilson)", "wins as red"
    );
    for r in &t.results {
        let _ = writeln!(
            out,
            "{:<10} {:>5} {:>6} {:>5} {:>7.1}%  {:>5.1}% – {:>5.1}% {:>7}/{}",
            r.bot,
            r.wins,
            r.losses,
            r.draws,
            100.0 * r.win_rate,
            100.0 * r.ci95[0],
            100.0 * r.ci95[1],
            r.wins_as_red,
            r.games_as_red
        );
    }
    let _ = writeln!(
        out,
        "game length: mean {:.1} turns, shortest {}, longest {}",
        t.mean_turns, t.min_turns, t.max_turns
    );
    for b in &t.length_histogram {
        let _ = writeln!(out, "  {:>3}–{:<3} {:>6}", b.from, b.to, b.games);
    }
    let reasons: Vec<String> = t
        .end_reasons
        .iter()
        .map(|(r, n)| format!("{} {n}", reason_name(*r)))
        .collect();
    let _ = writeln!(out, "end reasons: {}", reasons.join(", "));
    for f in &t.failures {
        let _ = writeln!(
            out,
            "FAILED seed {} (sanctum play --red {} --blue {} --seed {}): {}",
            f.seed, f.red, f.blue, f.seed, f.error
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use sanctum_bots::arena::{GameFailure, GameRecord};
    use sanctum_rules::game::EndReason;

    /// A failed game is named by its seed with its replay command in every report.
    #[test]
    fn a_failed_game_is_reported_by_seed_everywhere() {
        let ok = GameRecord {
            seed: 5,
            red: "rush".into(),
            blue: "random".into(),
            winner: None,
            turns: 100,
            reason: EndReason::TurnLimit,
        };
        let outcomes = vec![(0, Ok(ok)), (1, Err(GameFailure::Panicked("boom".into())))];
        let t = Tally::new(["rush", "random"], 5, outcomes);
        let text = report_text(&t);
        assert!(
            text.contains("FAILED seed 6 (sanctum play --red random --blue rush --seed 6): the game panicked: boom"),
            "{text}"
        );
        let v = report_json(&t);
        assert_eq!(v["failures"][0]["seed"], 6);
        assert_eq!(v["end_reasons"]["turn_limit"], 1);
        assert_eq!(
            v["records"][0]["replay"],
            "sanctum play --red rush --blue random --seed 5"
        );
        let page = crate::arena_html::page(&t);
        assert!(page.contains("Failed games") && page.contains("--seed 6"));
    }
}
