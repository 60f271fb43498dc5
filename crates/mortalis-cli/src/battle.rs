//! `mortalis battle A.toml B.toml --scenario jatka`: one whole battle, AI
//! against AI, on a table file or a generated table; an account in Polish or
//! English, or JSON (the log, the dice and the result); the battle report of
//! warband A for `mortalis campaign battle`. The battle lives in
//! `mortalis_battle::battle`.

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use anyhow::anyhow;
use clap::{Args, ValueEnum};
use mortalis_battle::battle::ai::Ai;
use mortalis_battle::battle::independent::{self, IndependentError, Problem};
use mortalis_battle::battle::{
    Battle, BattleError, CentreRoom, Decider, Fighter, Lacking, NotYet, Players, Question,
    RandomPolicy, Refusal, Scripted, SideError, Unsupported, Wish, house_rounds, side_from_warband,
};
use mortalis_battle::generate;
use mortalis_battle::svg::{Lying, Mark, battle_marks, carrier_label, render_with};
use mortalis_rules::Lang;
use mortalis_rules::campaign::tables::{Challenge, Scenario};
use mortalis_rules::dice::{DiceSource, RngDice, TypedDice};
use mortalis_rules::warband::{self, WarbandFile};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use crate::account::account;
use crate::campaign::DiceMode;
use crate::replay::Replay;
use crate::{Failure, Output, ok, parse_toml};

/// Scenarios the simulator knows, by their Polish ids (the English
/// names are taken too).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ScenarioArg {
    /// Jatka (Massacre).
    #[value(alias = "massacre")]
    Jatka,
    /// Barykady (Barricades).
    #[value(alias = "barricades")]
    Barykady,
    /// Otoczeni (Surrounded).
    #[value(alias = "surrounded")]
    Otoczeni,
    /// Przechwycenie (Interception).
    #[value(alias = "interception")]
    Przechwycenie,
    /// Duma (Pride).
    #[value(alias = "pride")]
    Duma,
}

impl ScenarioArg {
    /// The scenario of the rules core.
    pub fn scenario(self) -> Scenario {
        match self {
            ScenarioArg::Jatka => Scenario::Massacre,
            ScenarioArg::Barykady => Scenario::Barricades,
            ScenarioArg::Otoczeni => Scenario::Surrounded,
            ScenarioArg::Przechwycenie => Scenario::Interception,
            ScenarioArg::Duma => Scenario::Pride,
        }
    }
}

/// The table of a battle: the file's, or one generated from the seed for
/// the scenario (`generate::scenario_table`). Duma is played on its own
/// field (B167) and takes no table file.
pub(crate) fn battle_table(
    scenario: ScenarioArg,
    file: Option<&Path>,
    seed: u64,
    lang: Lang,
) -> Result<mortalis_battle::Table, Failure> {
    match file {
        Some(path) if scenario == ScenarioArg::Duma => Err(Failure::from(anyhow!(
            "{}: {}",
            path.display(),
            lang.pick(
                "Duma toczy się na własnym polu 10×28 cali (B167); --table nie jest przyjmowane",
                "Duma is played on its own 10\"×28\" field (B167); --table is not taken"
            )
        ))),
        Some(path) => crate::table::load(path, lang),
        None => Ok(generate::scenario_table(
            scenario.scenario(),
            seed,
            generate::DEFAULT_SIZE,
        )),
    }
}

/// Arguments of `mortalis battle`.
#[derive(Debug, Args)]
pub struct BattleArgs {
    /// First warband (TOML), or a campaign file (JSON: its fielded
    /// models); it rolled the scenario.
    a: PathBuf,
    /// Second warband (TOML) or campaign file (JSON).
    b: PathBuf,
    /// Scenario.
    #[arg(long, value_enum)]
    scenario: ScenarioArg,
    /// Table file (default: a 36" table generated from the seed for the
    /// scenario; Duma has its own field).
    #[arg(long)]
    table: Option<PathBuf>,
    /// Seed of the dice (and of the generated table).
    #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = crate::input::seed_value)]
    seed: u64,
    /// House round limit (Q22), at most 1000; 0 plays without one, only
    /// with --human (AI against AI may wait for ever). Default: the rounds
    /// to walk the table's diagonal there and back at 4" a round (20 on a
    /// 28" table, 26 on 36").
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=1000))]
    rounds: Option<u32>,
    /// Print JSON: the log, the dice and the result.
    #[arg(long)]
    json: bool,
    /// Write warband A's battle report here (the format `campaign battle` reads).
    #[arg(long)]
    report: Option<PathBuf>,
    /// Write warband B's battle report here (for a campaign playing B).
    #[arg(long)]
    report_b: Option<PathBuf>,
    /// Draw the table with the models, the markers and the object at the
    /// start of each round and at the end into this directory (round-N.svg,
    /// end.svg).
    #[arg(long)]
    svg: Option<PathBuf>,
    /// A person decides for this side at the terminal (questions on
    /// stderr, answers on stdin), the AI for the other.
    #[arg(long, value_enum, ignore_case = true)]
    human: Option<SideArg>,
    /// This side answers every question with a random legal option
    /// (seeded by --seed) instead of the AI, to see how the AI plays
    /// against naive play.
    #[arg(long, value_enum, ignore_case = true, conflicts_with = "human")]
    random: Option<SideArg>,
    /// Where the dice come from: seeded by --seed, or typed one per line
    /// at the terminal (rolled at a real table; the seed still makes the
    /// generated table).
    #[arg(long, value_enum, default_value = "seeded")]
    dice: DiceMode,
    /// Play again the decisions and dice of a log written by --json (with
    /// the same warbands, scenario, table or seed, challenges and
    /// independent models; the round limit is the log's unless --rounds
    /// says another) and check that the battle comes to that log entry by
    /// entry and to its end (exit code 1 where it does not).
    #[arg(long, value_name = "LOG", conflicts_with_all = ["human", "random", "dice"])]
    replay: Option<PathBuf>,
    /// A side's challenges (B172, at most two): `a=predator,hunt`,
    /// `b=draw` (drawn with the battle's dice); names in English or
    /// Polish. Repeat for the other side.
    #[arg(long, value_name = "SIDE=LIST")]
    challenges: Vec<String>,
    /// Independent models (TOML, `[[independent]]`: name, kind fighting or
    /// shooting, profile, armour, equipment, at), placed before set-up
    /// (B137–B143).
    #[arg(long)]
    independent: Option<PathBuf>,
}

/// The independent models of `--independent FILE`, checked.
pub(crate) fn load_independent(
    path: Option<&Path>,
    lang: Lang,
) -> Result<Vec<independent::Entry>, Failure> {
    let Some(path) = path else {
        return Ok(vec![]);
    };
    // Through parse_toml, so that a syntax error is said as for any file
    // (its line, in either language), then the models' ranges.
    let file: independent::File = parse_toml(path, lang)?;
    independent::check(file).map_err(|e| {
        Failure::from(anyhow!(
            "{}: {}",
            path.display(),
            independent_error(&e, lang)
        ))
    })
}

/// An independent models file's problem in the interface's language.
fn independent_error(e: &IndependentError, lang: Lang) -> String {
    let (IndependentError::Invalid { index, name, what }, Lang::Pl) = (e, lang) else {
        return match (e, lang) {
            (IndependentError::TooMany(n), Lang::Pl) => format!(
                "modeli niezależnych: {n}, najwyżej {}",
                independent::MAX_INDEPENDENT
            ),
            _ => e.to_string(),
        };
    };
    let what = match what {
        Problem::Name => "nazwa musi mieć od 1 do 40 znaków".to_string(),
        Problem::Range { key, value, lo, hi } => {
            let key = match *key {
                "speed" => "szybkość",
                "fight" => "walka",
                "accuracy" => "celność",
                _ => "odporność",
            };
            format!("{key} ({value}) spoza zakresu od {lo} do {hi}")
        }
        Problem::At => "`at` to dwie liczby od 0 do 48".to_string(),
        Problem::Sarcophagus => "modele niezależne nie dostają sarkofagu bojowego".to_string(),
        Problem::NoRangedWeapon => "model strzelający potrzebuje broni dystansowej".to_string(),
        Problem::NameTaken => "tę nazwę nosi już inny model".to_string(),
        Problem::CannotStand => "nie może tam stać (poza stołem albo w terenie)".to_string(),
        Problem::Overlaps => "jego podstawka nachodzi na innego modelu niezależnego".to_string(),
        Problem::NoRoomNear => format!(
            "w promieniu {}\" od tego miejsca nie ma miejsca na jego podstawkę",
            independent::NEAR_REACH
        ),
    };
    format!("model niezależny {index} ({name}): {what}")
}

/// Puts the independent models on the battle's table; on a table
/// generated from the seed (`generated`), one whose place has no room
/// stands at the nearest place that has (the file was not written for it).
pub(crate) fn place_independent(
    battle: &mut Battle,
    entries: &[independent::Entry],
    (path, generated): (Option<&Path>, bool),
    lang: Lang,
) -> Result<(), String> {
    let placed = if generated {
        battle.place_independents_near(entries)
    } else {
        battle.place_independents(entries)
    };
    placed.map_err(|e| {
        format!(
            "{}: {}",
            path.map(|p| p.display().to_string()).unwrap_or_default(),
            independent_error(&e, lang)
        )
    })
}

/// The challenges of `--challenges a=…` / `b=…`, per warband.
pub(crate) fn parse_challenges(args: &[String], lang: Lang) -> Result<[Vec<Wish>; 2], Failure> {
    let mut out: [Vec<Wish>; 2] = [vec![], vec![]];
    for arg in args {
        let bad = |what: String| {
            Failure::from(anyhow!(
                "--challenges {arg}: {what} ({}: a=predator,hunt b=draw; {}: {})",
                lang.pick("na przykład", "for example"),
                lang.pick("wyzwania", "challenges"),
                Challenge::ALL
                    .iter()
                    .map(|c| c.id())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        };
        let (side, list) = arg
            .split_once('=')
            .ok_or_else(|| bad(lang.pick("brak `a=` lub `b=`", "no `a=` or `b=`").into()))?;
        let side = match side.trim() {
            "a" | "A" => 0,
            "b" | "B" => 1,
            other => {
                return Err(bad(format!(
                    "{} `{other}`",
                    lang.pick("nieznana strona", "unknown side")
                )));
            }
        };
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let wish = match name {
                "draw" | "losuj" => Wish::Drawn,
                _ => Wish::Named(Challenge::lookup(name).ok_or_else(|| {
                    bad(format!(
                        "{} `{name}`",
                        lang.pick("nieznane wyzwanie", "unknown challenge")
                    ))
                })?),
            };
            out[side].push(wish);
        }
    }
    Ok(out)
}

/// A side of `mortalis battle`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SideArg {
    /// Warband A.
    A,
    /// Warband B.
    B,
}

/// What the table holds at one moment, ready to draw: the models on it
/// (with what they carry in their labels), and the markers and the object
/// lying on the ground.
struct Snapshot {
    marks: Vec<Mark>,
    lying: Vec<Lying>,
}

impl Snapshot {
    /// The battle's state as it is now, volunteers named in `lang`
    /// ([`crate::account::name`]; `battle_marks` gives a mark to each model
    /// on the table, in order).
    fn of(b: &Battle, lang: Lang) -> Self {
        let (mut marks, lying) = battle_marks(b);
        let shown = (0..b.models.len()).filter(|&i| b.models[i].on_table());
        for (mark, i) in marks.iter_mut().zip(shown) {
            let m = &b.models[i];
            mark.label = carrier_label(&crate::account::name(b, i, lang), m.carried, m.object);
        }
        Snapshot { marks, lying }
    }

    fn draw(&self, b: &Battle) -> String {
        render_with(&b.table, &self.marks, &self.lying)
    }
}

/// The snapshots taken at the start of each round, in order, with the round.
type Album = Rc<RefCell<Vec<(u32, Snapshot)>>>;

/// A side's decider that, before answering the first question of a round,
/// snapshots the battle into an album both sides share: every round asks
/// some side which model activates, and nothing moves between the start
/// of a round and its first question. Set-up (round 0) and questions after
/// the end (the challenges' rewards) take none.
struct Recording<'a> {
    inner: &'a mut dyn Decider,
    album: Album,
    lang: Lang,
}

impl Decider for Recording<'_> {
    fn choose(&mut self, battle: &Battle, q: &Question) -> Result<usize, String> {
        {
            let mut album = self.album.borrow_mut();
            if battle.round > 0
                && battle.end.is_none()
                && album.last().is_none_or(|(r, _)| *r < battle.round)
            {
                album.push((battle.round, Snapshot::of(battle, self.lang)));
            }
        }
        self.inner.choose(battle, q)
    }
}

/// The drawings of a battle: the table at the start of each round
/// (`round-N.svg`) from the album, and at the end (`end.svg`) from the
/// finished battle.
fn drawings(b: &Battle, album: &[(u32, Snapshot)], lang: Lang) -> Vec<(String, String)> {
    album
        .iter()
        .map(|(round, snap)| (format!("round-{round}.svg"), snap.draw(b)))
        .chain([("end.svg".to_string(), Snapshot::of(b, lang).draw(b))])
        .collect()
}

/// A warband's fighters, name and strength; refusals name the model and
/// B182. A campaign file (JSON, [`crate::input::is_json`]): its fielded
/// models (B178).
pub(crate) fn load_side(
    path: &Path,
    side: usize,
    lang: Lang,
) -> Result<(String, u32, Vec<Fighter>), Failure> {
    if crate::input::is_json(path) {
        return crate::campaign::fielded_side(path, side, lang);
    }
    let file: WarbandFile = parse_toml(path, lang)?;
    side_from_warband(&file, side).map_err(|e| {
        let said = match &e {
            SideError::Invalid(n) => match lang {
                Lang::Pl => format!(
                    "drużyna jest nieprawidłowa (problemy: {n}; zobacz: mortalis warband validate)"
                ),
                Lang::En => e.to_string(),
            },
            SideError::Unsupported(u) => unsupported(u, lang),
        };
        Failure::from(anyhow!("{}: {said}", path.display()))
    })
}

/// A refusal of something a model has that is not simulated yet (B182),
/// in the interface's language.
pub(crate) fn unsupported(u: &Unsupported, lang: Lang) -> String {
    match lang {
        Lang::En => u.to_string(),
        Lang::Pl => {
            let what = match u.what {
                Lacking::Skill(s) => format!("umiejętność `{}`", s.id()),
                Lacking::Item(i) => format!("przedmiot specjalny `{}`", i.id()),
                Lacking::ImplantWithoutSkill => "przedmiot specjalny `skill_implant` bez wybranej umiejętności (`implant` w pliku drużyny, `implant_skill` w kampanii)".to_string(),
            };
            format!("B182: {}: {what}: tego symulator jeszcze nie gra", u.model)
        }
    }
}

/// Runs `mortalis battle`.
pub fn run(args: BattleArgs, lang: Lang) -> Result<Output, Failure> {
    // A replay ends where its log's decisions do.
    if args.rounds == Some(0) && args.human.is_none() && args.replay.is_none() {
        return Err(Failure::from(anyhow!(
            "{}",
            lang.pick(
            "--rounds 0 (bez limitu rund) tylko z --human: AI przeciw AI może czekać bez końca (Q22); podaj limit od 1 do 1000",
            "--rounds 0 (no round limit) only with --human: AI against AI may wait for ever (Q22); give a limit from 1 to 1000",
            )
        )));
    }
    let outputs = crate::outputs::Outputs {
        reports: [args.report.as_deref(), args.report_b.as_deref()],
        svg: args.svg.as_deref(),
    };
    // A drawings' folder made for this run is taken away again when the
    // run fails (when it is still empty).
    let made = outputs.check(lang)?;
    let out = play(&args, lang);
    if out.is_err()
        && let Some(dir) = made
    {
        let _ = std::fs::remove_dir(dir);
    }
    out
}

/// `mortalis battle` once its output paths are checked: loads the sides,
/// plays the battle, writes the files and gives the account or JSON.
fn play(args: &BattleArgs, lang: Lang) -> Result<Output, Failure> {
    let (na, sa, mut models) = load_side(&args.a, 0, lang)?;
    let (nb, sb, b_models) = load_side(&args.b, 1, lang)?;
    models.extend(b_models);
    // B11: the weaker side gets volunteers.
    let m = warband::matchup(sa, sb);
    for (side, n) in [(0, m.volunteers_a), (1, m.volunteers_b)] {
        models.extend((1..=n).map(|k| Fighter::volunteer(k, side)));
    }
    let table = battle_table(args.scenario, args.table.as_deref(), args.seed, lang)?;
    let replay = match &args.replay {
        Some(path) => Some(Replay::read(path, lang)?),
        None => None,
    };
    // A replay plays to its log's round limit unless told another.
    let rounds = (args.rounds)
        .or_else(|| replay.as_ref().and_then(|r| r.round_limit))
        .unwrap_or_else(|| house_rounds(table.size));
    // A warband against a copy of itself: the account tells the copies
    // apart as `simulate` does.
    let names = if na == nb {
        [format!("{na} (A)"), format!("{nb} (B)")]
    } else {
        [na, nb]
    };
    let mut battle =
        Battle::new(table, names, [sa, sb], models, rounds).with_scenario(args.scenario.scenario());
    battle.challenges.wishes = parse_challenges(&args.challenges, lang)?;
    let independent = load_independent(args.independent.as_deref(), lang)?;
    let generated = args.table.is_none();
    place_independent(
        &mut battle,
        &independent,
        (args.independent.as_deref(), generated),
        lang,
    )
    .map_err(|e| Failure::from(anyhow!(e)))?;
    let mut dice: Box<dyn DiceSource> = match (&replay, args.dice) {
        (Some(r), _) => Box::new(TypedDice::new(&r.dice).map_err(|e| {
            anyhow!(
                "{}: {}",
                r.path().display(),
                crate::terminal::dice_error(&e, lang)
            )
        })?),
        (None, DiceMode::Typed) => Box::new(crate::terminal::PromptDice::new(lang)),
        (None, DiceMode::Seeded) => Box::new(RngDice::new(ChaCha8Rng::seed_from_u64(args.seed))),
    };
    let (mut a, mut b) = (Ai, Ai);
    let mut person = crate::human::Human::new(lang);
    person.to_stderr = args.json;
    let shown = person.shown.clone();
    let mut random = RandomPolicy::new(args.seed);
    let [mut script_a, mut script_b] = replay
        .as_ref()
        .map(|r| r.answers.clone().map(Scripted::new))
        .unwrap_or_default();
    let deciders: [&mut dyn Decider; 2] = match (args.human, args.random) {
        _ if replay.is_some() => [&mut script_a, &mut script_b],
        (Some(SideArg::A), _) => [&mut person, &mut b],
        (Some(SideArg::B), _) => [&mut a, &mut person],
        (None, Some(SideArg::A)) => [&mut random, &mut b],
        (None, Some(SideArg::B)) => [&mut a, &mut random],
        (None, None) => [&mut a, &mut b],
    };
    // The drawings of --svg: each side's decider snapshots the battle at
    // the start of each round.
    let album = Album::default();
    let [da, db] = deciders;
    let (mut ra, mut rb) = (
        Recording {
            inner: da,
            album: album.clone(),
            lang,
        },
        Recording {
            inner: db,
            album: album.clone(),
            lang,
        },
    );
    let played = battle.play(&mut Players {
        deciders: [&mut ra, &mut rb],
        dice: dice.as_mut(),
    });
    let at = (args.table.as_deref(), args.scenario);
    match (played, &replay) {
        // A replay that goes off its log's track: where it left the log.
        (Err(e), Some(r)) => return Err(r.left_at(&battle, &battle_error(&e, at, lang), lang)),
        (Err(e), None) => return Err(Failure::from(anyhow!(battle_error(&e, at, lang)))),
        (Ok(()), Some(r)) => r.check(&battle, lang)?,
        (Ok(()), None) => {}
    }
    // Every file at once, or none (`write_all`): the drawings, then the
    // reports.
    let mut files: Vec<(PathBuf, String)> = vec![];
    if let Some(dir) = &args.svg {
        for (name, svg) in drawings(&battle, &album.borrow(), lang) {
            files.push((dir.join(name), svg));
        }
    }
    for (side, path) in [(0, &args.report), (1, &args.report_b)] {
        if let Some(path) = path {
            let report = battle
                .report(side)
                .ok_or_else(|| anyhow!("the battle has no end"))?;
            files.push((path.clone(), toml::to_string(&report)?));
        }
    }
    crate::outputs::write_all(&files, lang)?;
    if let Some(dir) = &args.svg {
        crate::outputs::remove_stale_drawings(dir, &files);
    }
    if args.json {
        let (reason, vp, winner) = battle.end.ok_or_else(|| anyhow!("the battle has no end"))?;
        ok(serde_json::to_string_pretty(&serde_json::json!({
            "warbands": battle.names,
            "rounds": battle.rounds_played(),
            "round_limit": battle.max_rounds,
            "end": reason,
            "vp": vp,
            "winner": winner,
            "log": battle.log,
            "dice": battle.dice,
        }))? + "\n")
    } else if args.human.is_some() {
        // The person has been shown the battle up to the last question.
        ok(crate::account::account_from(&battle, shown.get(), lang))
    } else {
        ok(account(&battle, lang))
    }
}

/// "FILE: " for a battle on a table file, else nothing.
fn table_prefix(table: Option<&Path>) -> String {
    table
        .map(|t| format!("{}: ", t.display()))
        .unwrap_or_default()
}

/// Why a side cannot take a challenge, in the interface's language.
fn refusal(why: Refusal, lang: Lang) -> String {
    let max = mortalis_battle::battle::challenges::MAX_CHALLENGES;
    match why {
        Refusal::TooMany(n) => match lang {
            Lang::Pl => format!("wyzwań: {n}, najwyżej {max} (B172)"),
            Lang::En => format!("{n} challenges, at most {max} (B172)"),
        },
        Refusal::Twice => lang.pick("wybrane dwa razy", "taken twice").into(),
        Refusal::NoEnemySpecialist => lang
            .pick(
                "przeciwnik nie wystawia specjalisty",
                "the opponent fields no specialist",
            )
            .into(),
        Refusal::NoSpecialist => lang
            .pick(
                "strona nie wystawia specjalisty",
                "the side fields no specialist",
            )
            .into(),
        Refusal::NoTrickster => lang
            .pick(
                "strona nie wystawia modelu, który zna sztuczki",
                "the side fields no model that knows tricks",
            )
            .into(),
        Refusal::NobodyToName => lang
            .pick("nie ma modelu do wskazania", "there is no model to name")
            .into(),
    }
}

/// A battle's error in the interface's language where the CLI can say it
/// (the side of a decision as a or b; a table file named where the
/// battle's set-up found no room on it); the rules' own wording otherwise.
pub(crate) fn battle_error(
    e: &BattleError,
    (table, scenario): (Option<&Path>, ScenarioArg),
    lang: Lang,
) -> String {
    match e {
        BattleError::Decision { side, why } => format!(
            "{} {}: {why}",
            lang.pick("decyzja strony", "decision for side"),
            if *side == 0 { "a" } else { "b" }
        ),
        BattleError::Challenge {
            side,
            challenge,
            why,
        } => {
            let why = refusal(*why, lang);
            let what = match challenge {
                Some(c) => format!("{} ({why})", c.name(lang)),
                None => why,
            };
            format!(
                "{}: {side}: {what}",
                lang.pick("wyzwanie odrzucone", "challenge refused")
            )
        }
        BattleError::NoCentreRoom(what) => {
            let id = format!("{scenario:?}").to_lowercase();
            let room = match what {
                CentreRoom::Object => lang.pick(
                    "na środku stołu nie ma miejsca na obiekt (B162)",
                    "the table's centre has no room for the object (B162)",
                ),
                CentreRoom::Markers => lang.pick(
                    "na stole nie ma miejsca na znaczniki wokół środka (B160)",
                    "the table has no room for markers round its centre (B160)",
                ),
            };
            format!(
                "{}B182: {room}, {}: mortalis table generate --scenario {id}",
                table_prefix(table),
                lang.pick(
                    "tego symulator jeszcze nie gra; stół z wolnym środkiem dla tego scenariusza robi",
                    "which is not simulated yet; a table with the centre clear for this scenario is made by"
                )
            )
        }
        BattleError::NotYet(what) => {
            let what = match what {
                NotYet::Stuck(why) => format!(
                    "{} ({why})",
                    lang.pick(
                        "model stoi tam, gdzie stać nie może",
                        "a model standing where it cannot"
                    )
                ),
                NotYet::MarkerRoom => lang
                    .pick(
                        "stół bez miejsca na znaczniki scenariusza (B150)",
                        "a table with no room for the scenario's markers (B150)",
                    )
                    .into(),
                NotYet::DataRoom => lang
                    .pick(
                        "stół bez miejsca na znacznik wyzwania „Ukryte dane” (B173)",
                        "a table with no room for the Ukryte dane marker (B173)",
                    )
                    .into(),
                NotYet::ZoneFull(name) => format!(
                    "{} {name} {} (B154)",
                    lang.pick("rozstawienie modelu", "deploying"),
                    lang.pick("przy pełnej strefie", "with its zone full")
                ),
            };
            format!(
                "{}B182: {what}: {}",
                table_prefix(table),
                lang.pick(
                    "tego symulator jeszcze nie gra",
                    "this is not simulated yet"
                )
            )
        }
        BattleError::Unsupported(u) => unsupported(u, lang),
        BattleError::Dice(d) => format!(
            "{}: {}",
            lang.pick("kości", "dice"),
            crate::terminal::dice_error(d, lang)
        ),
        _ => e.to_string(),
    }
}
