//! `sanctum arena`: many games between two bots, in parallel, with a report.

use std::fmt::Write as _;
use std::io::{IsTerminal, Write as _};
use std::path::PathBuf;

use anyhow::Context;
use rayon::prelude::*;
use sanctum_bots::arena::{ArenaPlan, Tally, run_matchup};
use sanctum_bots::{BOT_NAMES, Budget, SearchConfig};
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
    /// The decks: `all` (every starter deck) or starter deck names, comma-separated;
    /// every pair of them is played in turn, each bot on each side of it, the decks
    /// changing colours every other round (one name: that deck against itself).
    /// Default: red war_mind, blue unmaking_life in every game.
    #[arg(long, value_parser = parse_decks)]
    decks: Option<DeckList>,
    #[command(flatten)]
    budget: SearchBudget,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
    /// Also write the report as a self-contained HTML page with charts.
    #[arg(long)]
    html: Option<PathBuf>,
}

/// The search bot's budget, shared by `arena` and `play`.
#[derive(clap::Args, Debug, Clone)]
pub struct SearchBudget {
    /// The search bot's budget a turn, in iterations (1 to 1000000; default 100): the
    /// same seed and budget give the same game.
    #[arg(long, value_parser = parse_iterations, conflicts_with = "budget_ms")]
    budget_iters: Option<u32>,
    /// The search bot's budget a turn, in milliseconds of wall-clock time for the whole
    /// turn (1 to 600000): each step of its thinking starts only when it can end in
    /// time, and with no time for any it plays the heuristic's plan; its games then
    /// depend on the machine's speed and load.
    #[arg(long, value_parser = parse_millis)]
    budget_ms: Option<u64>,
}

impl SearchBudget {
    /// The search settings: the default ones with this budget.
    pub fn config(&self) -> SearchConfig {
        let budget = match (self.budget_iters, self.budget_ms) {
            (_, Some(ms)) => Budget::Millis(ms),
            (Some(n), None) => Budget::Iterations(n),
            (None, None) => SearchConfig::default().budget,
        };
        SearchConfig {
            budget,
            ..SearchConfig::default()
        }
    }
}

fn parse_iterations(s: &str) -> Result<u32, String> {
    match s.parse::<u32>() {
        Ok(n) if (1..=1_000_000).contains(&n) => Ok(n),
        _ => Err(format!(
            "malformed iteration budget '{s}' (valid: a whole number from 1 to 1000000)"
        )),
    }
}

fn parse_millis(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(n) if (1..=600_000).contains(&n) => Ok(n),
        _ => Err(format!(
            "malformed time budget '{s}' (valid: milliseconds, a whole number from 1 to 600000)"
        )),
    }
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

#[derive(Clone, Debug)]
pub struct DeckList(Vec<String>);

fn parse_decks(s: &str) -> Result<DeckList, String> {
    let starters = sanctum_rules::decks::starter_names();
    if s.trim() == "all" {
        return Ok(DeckList(starters.iter().map(|d| d.to_string()).collect()));
    }
    let names: Vec<String> = s.split(',').map(|d| d.trim().to_string()).collect();
    for name in &names {
        if !starters.contains(&name.as_str()) {
            return Err(format!(
                "unknown starter deck '{name}' (valid: all, or names from {})",
                starters.join(", ")
            ));
        }
    }
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    if unique.len() != names.len() {
        return Err(format!("'{s}' names a deck twice"));
    }
    Ok(DeckList(names))
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
    let mut plan = ArenaPlan::new(bots, args.seed);
    if let Some(decks) = &args.decks {
        plan = plan.with_decks(&decks.0);
    }
    // Games run in parallel already: each search bot thinks on one thread.
    plan.search = SearchConfig {
        threads: 1,
        ..args.budget.config()
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .context("starting the worker threads")?;
    let bar = progress(args.games);
    let outcomes: Vec<_> = pool.install(|| {
        (0..args.games)
            .into_par_iter()
            .map(|i| {
                let outcome = run_matchup(&plan.game(i), &plan.search);
                bar.inc(1);
                (i, outcome)
            })
            .collect()
    });
    bar.finish_and_clear();
    let tally = Tally::new(&plan, outcomes);
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
        "{} of {} games failed (seeds {}); replay one with {}",
        tally.failures.len(),
        tally.games,
        seeds.join(", "),
        tally.failures[0].replay
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
    if t.by_pair.len() > 1 || t.by_pair.iter().any(|p| p.decks[0] == p.decks[1]) {
        deck_tables(&mut out, t);
    }
    for f in &t.failures {
        let _ = writeln!(out, "FAILED seed {} ({}): {}", f.seed, f.replay, f.error);
    }
    out
}

/// The first bot's results by deck pair, and each deck's.
fn deck_tables(out: &mut String, t: &Tally) {
    let _ = writeln!(out, "{} by deck pair:", t.bots[0]);
    let _ = writeln!(
        out,
        "  {:<42} {:>5} {:>5} {:>5} {:>8}  {:<15}",
        "decks", "games", "wins", "draws", "win rate", "95% CI (Wilson)"
    );
    for p in &t.by_pair {
        let _ = writeln!(
            out,
            "  {:<42} {:>5} {:>5} {:>5} {:>7.1}%  {:>5.1}% – {:>5.1}%",
            format!("{} / {}", p.decks[0], p.decks[1]),
            p.finished,
            p.wins[0],
            p.draws,
            100.0 * p.win_rate,
            100.0 * p.ci95[0],
            100.0 * p.ci95[1]
        );
    }
    let _ = writeln!(out, "decks (wins of whoever held it):");
    for d in &t.by_deck {
        let _ = writeln!(
            out,
            "  {:<42} {:>5} {:>5} {:>11} {:>7.1}%  {:>5.1}% – {:>5.1}%",
            d.deck,
            d.finished,
            d.wins,
            "",
            100.0 * d.win_rate,
            100.0 * d.ci95[0],
            100.0 * d.ci95[1]
        );
    }
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
            red_deck: "war_mind".into(),
            blue_deck: "unmaking_life".into(),
            winner: None,
            turns: 100,
            reason: EndReason::TurnLimit,
            replay: String::new(),
        };
        let outcomes = vec![(0, Ok(ok)), (1, Err(GameFailure::Panicked("boom".into())))];
        let t = Tally::new(&ArenaPlan::new(["rush", "random"], 5), outcomes);
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
