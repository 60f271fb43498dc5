//! `mortalis simulate A.toml B.toml --scenario jatka --battles N`: many
//! battles AI against AI in parallel (rayon, a progress bar on a terminal),
//! the warbands swapping sides every other battle (which one rolled the
//! scenario and deploys first) and each pair of battles playing one seed
//! (the same table and dice, duplicate play); win, draw and loss rates of A with 95%
//! Wilson intervals, average rounds, and per model how often it was removed
//! and how many markers it carried off.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};

use anyhow::anyhow;

use crate::share::{Count, Tally, share};
use clap::Args;
use mortalis_battle::battle::ai::Ai;
use mortalis_battle::battle::independent::{Entry, INDEPENDENT};
use mortalis_battle::battle::{
    Battle, Decider, Fighter, OBJECT_VP, Players, RandomPolicy, Shared, Status, Wish, house_rounds,
};
use mortalis_battle::{Table, generate};
use mortalis_rules::Lang;
use mortalis_rules::campaign::tables::Challenge;
use mortalis_rules::dice::RngDice;
use mortalis_rules::warband;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use rayon::prelude::*;

use crate::battle::{
    ScenarioArg, SideArg, battle_table, load_independent, load_side, parse_challenges,
    place_independent,
};
use crate::{Failure, Output, ok};

/// Arguments of `mortalis simulate`.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// First warband (TOML), or a campaign file (JSON: its fielded models;
    /// told by a `.json` name, or by its text).
    a: PathBuf,
    /// Second warband (TOML) or campaign file (JSON).
    b: PathBuf,
    /// Scenario.
    #[arg(long, value_enum)]
    scenario: ScenarioArg,
    /// Number of battles.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    battles: u64,
    /// Worker threads, at most 1024 (default, or 0: one per core).
    #[arg(long, value_parser = clap::value_parser!(u16).range(0..=1024))]
    threads: Option<u16>,
    /// Table file, shared by every battle (default: a generated 36" table
    /// per pair of battles, from its seed). Battles on one table share what
    /// they find out about it, so a long run on one table is much quicker.
    #[arg(long)]
    table: Option<PathBuf>,
    /// Seed of the first pair of battles: battles 2k and 2k+1 both use seed
    /// + k, the warbands on swapped sides.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = crate::input::seed_value)]
    seed: u64,
    /// House round limit (Q22). Default: the rounds to walk the table's
    /// diagonal there and back at 4" a round (20 on a 28" table, 26 on 36").
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100))]
    rounds: Option<u32>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// A warband's challenges (B172): `a=predator,hunt`, `b=draw`; they go
    /// with the warband when the sides swap.
    #[arg(long, value_name = "SIDE=LIST")]
    challenges: Vec<String>,
    /// Independent models (TOML), placed in every battle (B137–B143).
    #[arg(long)]
    independent: Option<PathBuf>,
    /// This warband answers every question with a random legal option
    /// (seeded by the pair's seed) instead of the AI: measures the AI's strength.
    #[arg(long, value_enum)]
    random: Option<SideArg>,
}

/// One battle's outcome, seen from warband A.
struct Outcome {
    /// 1 A won, 0 draw, -1 B won.
    result: i32,
    /// 1 the first side (side 0, whichever warband it was) won, 0 draw,
    /// -1 the second side won.
    first: i32,
    rounds: u32,
    /// (warband 0 = A / 1 = B, model name) → (removed, markers carried off).
    models: Vec<((usize, String), (u32, u32))>,
    /// Challenges met: (warband, challenge).
    met: Vec<(usize, Challenge)>,
}

/// What every battle of a run shares besides the warbands.
struct Setup<'a> {
    table: Option<&'a Table>,
    scenario: ScenarioArg,
    /// The house round limit; `None`: the table's ([`house_rounds`]).
    rounds: Option<u32>,
    /// Each warband's challenges (A, B).
    wishes: &'a [Vec<Wish>; 2],
    /// The independent models and their file.
    independent: (&'a [Entry], Option<&'a Path>),
    /// The warband (0 = A, 1 = B) that plays at random, if any.
    random: Option<usize>,
    /// The table file given, if any (named in errors).
    table_file: Option<&'a Path>,
    lang: Lang,
}

/// Battle `i` of a run, with `seed` (its dice) on `shared`'s table, its
/// Moves searched on its navigation (built once for the pair's table, or
/// for every battle on a table given) where they serve.
fn one(
    i: u64,
    seed: u64,
    shared: &Shared,
    sides: &[(String, u32, Vec<Fighter>); 2],
    setup: &Setup,
) -> Result<Outcome, String> {
    // Odd battles: B is the first side (it rolled the scenario).
    let order = if i % 2 == 1 { [1, 0] } else { [0, 1] };
    let lang = setup.lang;
    let which = match lang {
        Lang::Pl => format!("bitwa {i} (ziarno {seed})"),
        Lang::En => format!("battle {i} (seed {seed})"),
    };
    let mut battle =
        set_up(shared.table().clone(), order, sides, setup).map_err(|e| format!("{which}: {e}"))?;
    let mut dice = RngDice::new(ChaCha8Rng::seed_from_u64(seed));
    let (mut x, mut y) = (Ai, Ai);
    let (mut rx, mut ry) = (RandomPolicy::new(seed), RandomPolicy::new(seed));
    let deciders: [&mut dyn Decider; 2] = [
        if setup.random == Some(order[0]) {
            &mut rx
        } else {
            &mut x
        },
        if setup.random == Some(order[1]) {
            &mut ry
        } else {
            &mut y
        },
    ];
    battle
        .play_sharing(
            &mut Players {
                deciders,
                dice: &mut dice,
            },
            shared,
        )
        .map_err(|e| {
            let at = (setup.table_file, setup.scenario);
            format!("{which}: {}", crate::battle::battle_error(&e, at, lang))
        })?;
    outcome(&battle, order).ok_or(format!(
        "{which}: {}",
        lang.pick("bitwa się nie skończyła", "no end")
    ))
}

/// A battle on `table` with warband `order[0]` as the first side: its
/// models (volunteers and independent ones too), limit and challenges.
fn set_up(
    table: Table,
    order: [usize; 2],
    sides: &[(String, u32, Vec<Fighter>); 2],
    setup: &Setup,
) -> Result<Battle, String> {
    let scenario = setup.scenario.scenario();
    let mut models = vec![];
    for (side, &w) in order.iter().enumerate() {
        models.extend(sides[w].2.iter().cloned().map(|mut f| {
            f.side = side;
            f
        }));
    }
    let m = warband::matchup(sides[order[0]].1, sides[order[1]].1);
    for (side, n) in [(0, m.volunteers_a), (1, m.volunteers_b)] {
        models.extend((1..=n).map(|k| Fighter::volunteer(k, side)));
    }
    let names = [sides[order[0]].0.clone(), sides[order[1]].0.clone()];
    let strengths = [sides[order[0]].1, sides[order[1]].1];
    let rounds = setup.rounds.unwrap_or_else(|| house_rounds(table.size));
    let mut battle = Battle::new(table, names, strengths, models, rounds).with_scenario(scenario);
    let wishes = setup.wishes;
    battle.challenges.wishes = [wishes[order[0]].clone(), wishes[order[1]].clone()];
    let generated = setup.table.is_none();
    place_independent(
        &mut battle,
        setup.independent.0,
        (setup.independent.1, generated),
        setup.lang,
    )
    .map_err(|e| e.to_string())?;
    Ok(battle)
}

/// What a finished battle counts for warband A (`order` as in `set_up`),
/// or `None` if it has not ended.
fn outcome(battle: &Battle, order: [usize; 2]) -> Option<Outcome> {
    let (_, _, winner) = battle.end?;
    // A's side: 0 when it plays first (order [0, 1]), else 1.
    let a_side = order[0];
    let result = match winner {
        None => 0,
        Some(w) if w == a_side => 1,
        Some(_) => -1,
    };
    let models = battle
        .models
        .iter()
        .filter(|f| !f.volunteer && f.side < INDEPENDENT)
        .map(|f| {
            let warband = if f.side == a_side { 0 } else { 1 };
            (
                (warband, f.name.clone()),
                (
                    u32::from(f.status == Status::Removed),
                    f.scored + if f.delivered { OBJECT_VP } else { 0 } + u32::from(f.escaped),
                ),
            )
        })
        .collect();
    let met = battle
        .challenges
        .met
        .iter()
        .map(|m| (order[m.side], m.id))
        .collect();
    let first = match winner {
        None => 0,
        Some(0) => 1,
        Some(_) => -1,
    };
    Some(Outcome {
        result,
        first,
        rounds: battle.rounds_played(),
        models,
        met,
    })
}

fn progress(n: u64) -> indicatif::ProgressBar {
    let target = if std::io::stderr().is_terminal() {
        indicatif::ProgressDrawTarget::stderr()
    } else {
        indicatif::ProgressDrawTarget::hidden()
    };
    let bar = indicatif::ProgressBar::with_draw_target(Some(n), target);
    if let Ok(style) = indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} ({eta})") {
        bar.set_style(style);
    }
    bar
}

/// Runs `mortalis simulate`.
pub fn run(args: SimulateArgs, lang: Lang) -> Result<Output, Failure> {
    let sides = [load_side(&args.a, 0, lang)?, load_side(&args.b, 1, lang)?];
    let wishes = parse_challenges(&args.challenges, lang)?;
    let independent = load_independent(args.independent.as_deref(), lang)?;
    let table = match &args.table {
        Some(path) => Some(battle_table(args.scenario, Some(path), args.seed, lang)?),
        None => None,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.map_or(0, usize::from))
        .build()
        .map_err(|e| {
            // The pool's error says the system's reason in English; its
            // source is that reason, said in the session's language.
            let why = std::error::Error::source(&e)
                .and_then(|s| s.downcast_ref::<std::io::Error>())
                .map_or_else(|| e.to_string(), |io| crate::io_pl::reason(io, lang));
            Failure::from(anyhow!(
                "{}: {why}",
                lang.pick(
                    "nie można uruchomić wątków roboczych",
                    "cannot start the worker threads"
                )
            ))
        })?;
    let setup = Setup {
        table: table.as_ref(),
        scenario: args.scenario,
        rounds: args.rounds,
        wishes: &wishes,
        independent: (&independent, args.independent.as_deref()),
        random: args.random.map(|r| usize::from(r == SideArg::B)),
        table_file: args.table.as_deref(),
        lang,
    };
    let bar = progress(args.battles);
    let models: Vec<Fighter> = sides.iter().flat_map(|s| s.2.iter().cloned()).collect();
    // A table given is shared by every battle: its navigation (a `Nav` is a
    // pure function of the table and the mover, and remembers what it
    // judged) and what the battles found out about it (`Shared`).
    let given = setup.table.map(|t| Shared::new(t, &models));
    // Duplicate play: each seed (its table and dice) is played twice, the
    // warbands on swapped sides (docs/mortalis/battle.md); the pair's table
    // is made once.
    let pairs: Vec<Vec<Result<Outcome, String>>> = pool.install(|| {
        (0..args.battles.div_ceil(2))
            .into_par_iter()
            .map(|k| {
                let seed = args.seed.wrapping_add(k);
                let made;
                let made_shared;
                let shared = match &given {
                    Some(shared) => shared,
                    None => {
                        made = generate::scenario_table(
                            setup.scenario.scenario(),
                            seed,
                            generate::DEFAULT_SIZE,
                        );
                        made_shared = Shared::new(&made, &models);
                        &made_shared
                    }
                };
                (2 * k..(2 * k + 2).min(args.battles))
                    .map(|i| {
                        let o = one(i, seed, shared, &sides, &setup);
                        bar.inc(1);
                        o
                    })
                    .collect()
            })
            .collect()
    });
    bar.finish_and_clear();
    let outcomes = pairs
        .into_iter()
        .flatten()
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| Failure::from(anyhow!("{e}")))?;
    let summary = Summary::of(&outcomes);
    if args.json {
        return ok(summary_json(&summary, &sides, args.seed)? + "\n");
    }
    ok(summary_text(&summary, &sides, args.random, lang))
}

/// Which warband a JSON entry is of ("a" or "b"), beside its name (a
/// warband against a copy of itself has one name for both).
const SIDE_KEYS: [&str; 2] = ["a", "b"];

/// The warbands' names as the summary's lines give them: with " (A)" and
/// " (B)" after them when both have the same name (a warband against a
/// copy of itself), so that each model's line says which copy it is.
fn labels(sides: &[(String, u32, Vec<Fighter>); 2]) -> [String; 2] {
    let (a, b) = (&sides[0].0, &sides[1].0);
    if a == b {
        [format!("{a} (A)"), format!("{b} (B)")]
    } else {
        [a.clone(), b.clone()]
    }
}

/// "battle" after the number `n`: in Polish "bitwa" for one, "bitwy"
/// when the number ends in 2–4 (but not 12–14), "bitew" otherwise.
fn battles_word(n: u64, lang: Lang) -> &'static str {
    let (last, tens) = (n % 10, n % 100 / 10);
    match n {
        1 => lang.pick("bitwa", "battle"),
        _ if (2..=4).contains(&last) && tens != 1 => lang.pick("bitwy", "battles"),
        _ => lang.pick("bitew", "battles"),
    }
}

/// What a run of battles comes to, from warband A's side.
struct Summary {
    n: u64,
    rounds: f64,
    /// (warband, model name) → (times removed, VP scored).
    per_model: BTreeMap<(usize, String), (u32, u32)>,
    /// (warband, challenge) → battles it was met in.
    met: BTreeMap<(usize, Challenge), u64>,
    /// Each pair of battles' counts (battles 2k and 2k+1 share a seed):
    /// A's wins, draws and losses, and the first side's wins — with sides
    /// alternated, a share of the decided battles far from 50% is a bias
    /// of the rules or the AI towards one side, whatever the warbands.
    pairs: Vec<Tally>,
}

impl Summary {
    fn of(outcomes: &[Outcome]) -> Self {
        let n = outcomes.len() as u64;
        let mut per_model: BTreeMap<(usize, String), (u32, u32)> = BTreeMap::new();
        let mut met: BTreeMap<(usize, Challenge), u64> = BTreeMap::new();
        for o in outcomes {
            for (k, (removed, scored)) in &o.models {
                let e = per_model.entry(k.clone()).or_default();
                e.0 += removed;
                e.1 += scored;
            }
            for k in &o.met {
                *met.entry(*k).or_default() += 1;
            }
        }
        let pairs = outcomes
            .chunks(2)
            .map(|pair| {
                let count = |r: i32| pair.iter().filter(|o| o.result == r).count() as u64;
                Tally {
                    n: pair.len() as u64,
                    wins: count(1),
                    draws: count(0),
                    losses: count(-1),
                    first_won: pair.iter().filter(|o| o.first == 1).count() as u64,
                }
            })
            .collect();
        Summary {
            n,
            rounds: outcomes.iter().map(|o| f64::from(o.rounds)).sum::<f64>() / n.max(1) as f64,
            per_model,
            met,
            pairs,
        }
    }

    /// Battles someone won.
    fn decided(&self) -> u64 {
        self.n - self.count(|t| t.draws)
    }

    /// A share over the pairs as (share, low, high) with its 95% interval
    /// (`share.rs`).
    fn rate(&self, hit: Count, of: Count) -> (f64, f64, f64) {
        share(&self.pairs, hit, of)
    }

    /// A count summed over the pairs.
    fn count(&self, hit: Count) -> u64 {
        self.pairs.iter().map(hit).sum()
    }
}

fn summary_json(
    s: &Summary,
    sides: &[(String, u32, Vec<Fighter>); 2],
    seed: u64,
) -> Result<String, Failure> {
    let n = s.n.max(1) as f64;
    let models: Vec<_> = s
        .per_model
        .iter()
        .map(|((w, name), (removed, scored))| {
            serde_json::json!({
                "warband": sides[*w].0, "side": SIDE_KEYS[*w], "model": name,
                "removed_per_battle": f64::from(*removed) / n,
                "markers_per_battle": f64::from(*scored) / n,
            })
        })
        .collect();
    let r = |hit: Count| {
        let (p, lo, hi) = s.rate(hit, |t| t.n);
        serde_json::json!({"count": s.count(hit), "rate": p, "low": lo, "high": hi})
    };
    let of_decided = |hit: Count| {
        let (p, lo, hi) = s.rate(hit, Tally::decided);
        serde_json::json!({
            "count": s.count(hit), "decided": s.decided(), "rate": p, "low": lo, "high": hi,
        })
    };
    Ok(serde_json::to_string_pretty(&serde_json::json!({
        "a": sides[0].0, "b": sides[1].0, "battles": s.n, "seed": seed,
        "a_wins": r(|t| t.wins), "draws": r(|t| t.draws), "a_losses": r(|t| t.losses),
        "a_wins_of_decided": of_decided(|t| t.wins),
        "average_rounds": s.rounds, "models": models,
        "first_side_wins_of_decided": of_decided(|t| t.first_won),
        "challenges_met": s.met.iter().map(|((w, c), k)| serde_json::json!({
            "warband": sides[*w].0, "side": SIDE_KEYS[*w], "challenge": c, "rate": *k as f64 / n,
        })).collect::<Vec<_>>(),
    }))?)
}

fn summary_text(
    s: &Summary,
    sides: &[(String, u32, Vec<Fighter>); 2],
    random: Option<SideArg>,
    lang: Lang,
) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} — {}: {} {} {}",
        sides[0].0,
        sides[1].0,
        s.n,
        battles_word(s.n, lang),
        match random {
            None => lang.pick("(SI przeciw SI)", "(AI against AI)"),
            Some(SideArg::A) => lang.pick("(A losowo przeciw SI)", "(A at random against the AI)"),
            Some(SideArg::B) => lang.pick("(SI przeciw B losowo)", "(the AI against B at random)"),
        }
    );
    let label = labels(sides);
    share_lines(&mut out, s, &label[0], lang);
    let _ = writeln!(
        out,
        "  {}: {:.1}",
        lang.pick("średnio rund", "average rounds"),
        s.rounds
    );
    let _ = writeln!(
        out,
        "{}",
        lang.pick(
            "Model: zdjęty z pola bitwy / zdobyte PZ (znaczniki, obiekt, wyjście w Dumie), na bitwę",
            "Model: removed / VP scored (markers, the object, leaving in Duma), per battle"
        )
    );
    let n = s.n.max(1) as f64;
    for ((w, name), (removed, scored)) in &s.per_model {
        let _ = writeln!(
            out,
            "  {} {name}: {:.2} / {:.2}",
            label[*w],
            f64::from(*removed) / n,
            f64::from(*scored) / n
        );
    }
    for ((w, c), k) in &s.met {
        let _ = writeln!(
            out,
            "  {} {} {}: {:.1}%",
            label[*w],
            lang.pick("wykonuje Wyzwanie", "meets the challenge"),
            c.name(lang),
            100.0 * *k as f64 / n
        );
    }
    out
}

/// A's wins, draws and losses among all battles, then A's wins and the
/// first side's among the decided ones, each with its 95% interval.
fn share_lines(out: &mut String, s: &Summary, a: &str, lang: Lang) {
    let within = lang.pick("przedział", "interval");
    let kinds: [(&str, Count); 3] = [
        (lang.pick("zwycięstwa", "wins"), |t| t.wins),
        (lang.pick("remisy", "draws"), |t| t.draws),
        (lang.pick("porażki", "losses"), |t| t.losses),
    ];
    for (label, hit) in kinds {
        let (k, (p, lo, hi)) = (s.count(hit), s.rate(hit, |t| t.n));
        let _ = writeln!(
            out,
            "  {a} {label}: {k} ({:.1}%, 95% {within}: {:.1}%–{:.1}%)",
            100.0 * p,
            100.0 * lo,
            100.0 * hi
        );
    }
    let decided = s.decided();
    if decided == 0 {
        return;
    }
    let of_decided = lang.pick(
        "— wygrane spośród rozstrzygniętych bitew",
        "won of those decided",
    );
    let first = lang.pick("pierwsza strona", "the first side");
    let whose: [(&str, Count); 2] = [(a, |t| t.wins), (first, |t| t.first_won)];
    for (who, hit) in whose {
        let (k, (p, lo, hi)) = (s.count(hit), s.rate(hit, Tally::decided));
        let _ = writeln!(
            out,
            "  {who} {of_decided}: {k} / {decided} ({:.1}%, 95% {within}: {:.1}%–{:.1}%)",
            100.0 * p,
            100.0 * lo,
            100.0 * hi
        );
    }
}

#[cfg(test)]
mod tests {
    use super::battles_word;
    use mortalis_rules::Lang;

    #[test]
    fn the_polish_word_for_battles_follows_the_number() {
        let pl = |n| battles_word(n, Lang::Pl);
        assert_eq!(pl(1), "bitwa");
        for n in [2, 3, 4, 22, 103, 1604] {
            assert_eq!(pl(n), "bitwy", "{n}");
        }
        for n in [0, 5, 11, 12, 13, 14, 20, 25, 112, 1600] {
            assert_eq!(pl(n), "bitew", "{n}");
        }
        assert_eq!(battles_word(1, Lang::En), "battle");
        assert_eq!(battles_word(3, Lang::En), "battles");
    }
}
