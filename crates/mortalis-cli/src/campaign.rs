//! `mortalis campaign ...`: the subcommands and decisions files. Files on
//! disk (lock, verified load, atomic save) are in `store`, the terminal in
//! `prompt`, the roster in `roster`; the rules live in
//! `mortalis_rules::campaign`.

pub(crate) mod prompt;
mod roster;
mod store;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::anyhow;
use clap::{Subcommand, ValueEnum};
use mortalis_rules::Lang;
use mortalis_rules::campaign::postbattle::{self, Decider, Question};
use mortalis_rules::campaign::verify::{self, Next};
use mortalis_rules::campaign::{
    self as rules, BattleReport, CampaignError, CampaignFile, CampaignState, Purchase,
};
use mortalis_rules::warband::WarbandFile;
use serde::Deserialize;

use crate::{Failure, Output, ok, parse_toml};
use prompt::{Interactive, dice_source};
use roster::{roster, roster_html};
use store::{Loaded, load, save, with_lock};

/// Campaign subcommands.
#[derive(Debug, Subcommand)]
pub enum CampaignCommand {
    /// Start a campaign from a valid warband file.
    New {
        /// Warband file (TOML).
        warband: PathBuf,
        /// Campaign file to create (refused if it exists).
        #[arg(long)]
        out: PathBuf,
    },
    /// Apply a battle report and walk the post-battle sequence.
    Battle {
        /// Campaign file.
        campaign: PathBuf,
        /// Battle report (TOML).
        report: PathBuf,
        /// Decisions file (TOML) instead of questions on the terminal.
        #[arg(long)]
        decisions: Option<PathBuf>,
        /// `seeded`: the program rolls; `typed`: asks for every die.
        #[arg(long, value_enum, default_value = "seeded")]
        dice: DiceMode,
        /// Seed for seeded dice (default: from the clock; kept in the log).
        #[arg(long, allow_negative_numbers = true, value_parser = crate::input::seed_value)]
        seed: Option<u64>,
        /// Enter the report even when it is the same as the last battle's
        /// (a second battle that went the same way; without it such a
        /// report is refused as entered twice).
        #[arg(long)]
        again: bool,
    },
    /// Trade between battles: buy, sell, hire, fire, stash and equip outside
    /// a post-battle sequence.
    Trade {
        /// Campaign file.
        campaign: PathBuf,
        /// Decisions file (TOML: `[choices]` for level rolls, `[[purchase]]`
        /// entries) instead of questions and commands on the terminal.
        #[arg(long)]
        decisions: Option<PathBuf>,
        /// `seeded`: the program rolls; `typed`: asks for every die.
        #[arg(long, value_enum, default_value = "seeded")]
        dice: DiceMode,
        /// Seed for seeded dice (default: from the clock; kept in the log).
        #[arg(long, allow_negative_numbers = true, value_parser = crate::input::seed_value)]
        seed: Option<u64>,
    },
    /// Strengths before a battle and the volunteers each side may field.
    Matchup {
        /// Campaign file.
        campaign: PathBuf,
        /// The opponent: a campaign file (JSON) or a warband file (TOML).
        opponent: PathBuf,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Current roster, credits, stash and strength.
    Show {
        /// Campaign file.
        campaign: PathBuf,
        /// Print the derived state as JSON.
        #[arg(long)]
        json: bool,
        /// Also write a printable roster page (HTML) to this file.
        #[arg(long)]
        html: Option<PathBuf>,
    },
    /// Every event with what it changed.
    Log {
        /// Campaign file.
        campaign: PathBuf,
    },
    /// Remove the last step: a battle with its post-battle sequence, or a
    /// trade.
    Undo {
        /// Campaign file.
        campaign: PathBuf,
        /// Remove this many last events instead (refused when that would
        /// stop a post-battle sequence or a trade part-way).
        #[arg(long, value_name = "N")]
        events: Option<usize>,
    },
}

/// Dice mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DiceMode {
    /// ChaCha8 from a seed.
    Seeded,
    /// Typed in at the terminal.
    Typed,
}

fn fail(msg: String) -> Failure {
    Failure::from(anyhow!(msg))
}

/// A side of a battle from a campaign file (B178): its fielded models that
/// do not miss this battle, with their wounds, skills and gear as the
/// roster sheet gives them; at most the field limit (7, plus up to two pets
/// with a beast master). Refused while a step is unfinished.
pub(crate) fn fielded_side(
    path: &Path,
    side: usize,
    lang: Lang,
) -> Result<(String, u32, Vec<mortalis_battle::battle::Fighter>), Failure> {
    let loaded = load(path, lang)?;
    if let Next::Unfinished { next, .. } = &loaded.next {
        return Err(fail(format!(
            "{}: {}: {}",
            path.display(),
            lang.pick(
                "ostatni krok kampanii nie jest skończony",
                "the campaign's last step is unfinished"
            ),
            lang.pick(&next.0, &next.1)
        )));
    }
    let state = loaded.state;
    let fielded: Vec<_> = state.fielded().filter(|m| !m.misses_next).collect();
    if fielded.len() > state.field_limit() {
        return Err(fail(format!(
            "{}: {} {}, {} {} (B178)",
            path.display(),
            fielded.len(),
            lang.pick("modeli w polu", "models in the field"),
            lang.pick("najwyżej", "at most"),
            state.field_limit()
        )));
    }
    let models = fielded
        .iter()
        .map(|m| mortalis_battle::battle::Fighter::from_sheet(&m.sheet(), side))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| {
            let said = crate::battle::unsupported(&e, lang);
            fail(format!("{}: {said}", path.display()))
        })?;
    Ok((state.name.clone(), state.strength(), models))
}

fn campaign_error(e: &CampaignError, lang: Lang) -> Failure {
    fail(format!(
        "{}: {}",
        lang.pick("odrzucone", "refused"),
        said(e, lang)
    ))
}

/// A campaign error's words: dice errors in `lang`, the rules' own
/// wording otherwise.
fn said(e: &CampaignError, lang: Lang) -> String {
    match e {
        CampaignError::Dice(d) => format!(
            "{}: {}",
            lang.pick("kości", "dice"),
            crate::terminal::dice_error(d, lang)
        ),
        e => e.to_string(),
    }
}

/// A decisions file.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct DecisionsFile {
    #[serde(default)]
    choices: BTreeMap<String, String>,
    #[serde(default, rename = "purchase")]
    purchases: Vec<Purchase>,
}

struct Scripted {
    choices: BTreeMap<String, String>,
    used: Vec<String>,
    purchases: std::vec::IntoIter<Purchase>,
    transcript: String,
    lang: Lang,
}

impl Decider for Scripted {
    fn choose(&mut self, q: &Question) -> Result<String, CampaignError> {
        match self.choices.get(&q.key) {
            Some(a) => {
                self.used.push(q.key.clone());
                let _ = writeln!(self.transcript, "  ? {} → {a}", q.text(self.lang));
                Ok(a.clone())
            }
            None => {
                let ids: Vec<&str> = q.choices.iter().map(|c| c.id.as_str()).collect();
                Err(CampaignError::Decision {
                    key: q.key.clone(),
                    message: format!(
                        "missing from the decisions file ({}; allowed: {})",
                        q.text(Lang::En),
                        ids.join(", ")
                    ),
                })
            }
        }
    }

    fn next_purchase(&mut self, _: &CampaignState) -> Result<Option<Purchase>, CampaignError> {
        Ok(self.purchases.next())
    }

    fn tell(&mut self, pl: &str, en: &str) {
        let _ = writeln!(self.transcript, "{}", self.lang.pick(pl, en));
    }
}

/// A post-battle sequence or a trade, given who decides.
type Sequence<'a> = dyn FnMut(&mut dyn Decider) -> Result<Vec<rules::Event>, CampaignError> + 'a;

/// Runs a sequence with the answers of a decisions file, or at the terminal
/// without one. Errors about decisions name the decisions file, the others
/// name `other` (the report or the campaign); an answer never asked is an
/// error (`never_asked`: Polish, English). Returns the events and, for a
/// decisions file, the transcript to print.
fn with_decider(
    decisions: Option<&Path>,
    other: &Path,
    lang: Lang,
    never_asked: (&str, &str),
    run: &mut Sequence<'_>,
) -> Result<(Vec<rules::Event>, String), Failure> {
    let Some(path) = decisions else {
        let ev = run(&mut Interactive { lang }).map_err(|e| match e {
            CampaignError::Decision { .. } | CampaignError::Dice(_) => campaign_error(&e, lang),
            _ => fail(format!("{}: {e}", other.display())),
        })?;
        return Ok((ev, String::new()));
    };
    let d: DecisionsFile = parse_toml(path, lang)?;
    let mut s = Scripted {
        choices: d.choices,
        used: Vec::new(),
        purchases: d.purchases.into_iter(),
        transcript: String::new(),
        lang,
    };
    let ev = run(&mut s).map_err(|e| {
        let file = match e {
            CampaignError::Decision { .. } => path,
            _ => other,
        };
        fail(format!("{}: {}", file.display(), said(&e, lang)))
    })?;
    if let Some(k) = s.choices.keys().find(|k| !s.used.contains(k)) {
        return Err(fail(format!(
            "{}: {} `{k}` {}",
            path.display(),
            lang.pick("decyzja", "decision"),
            lang.pick(never_asked.0, never_asked.1)
        )));
    }
    Ok((ev, s.transcript))
}

/// Appends events, checks that the whole log still replays, writes
/// atomically to `target` (the real file; `shown` is the user's path).
fn append(
    target: &Path,
    shown: &Path,
    mut file: CampaignFile,
    events: Vec<rules::Event>,
    lang: Lang,
) -> Result<(), Failure> {
    file.events.extend(events);
    // Never write a log that does not replay.
    CampaignState::replay(&file).map_err(|e| campaign_error(&e, lang))?;
    save(target, shown, &file, lang)
}

/// What the campaign can do next, in a sentence (with the way on, for an
/// unfinished step).
fn next_text(next: &Next, lang: Lang) -> String {
    match next {
        Next::BattleOrTrade => lang
            .pick(
                "Dalej: bitwa (campaign battle) lub handel (campaign trade).",
                "Next: a battle (campaign battle) or trading (campaign trade).",
            )
            .to_string(),
        Next::Unfinished { .. } => format!(
            "{} {}",
            unfinished_text(next, lang),
            lang.pick(
                "`campaign undo` usuwa ten krok, potem bitwa lub handel.",
                "`campaign undo` removes that step, then a battle or trading."
            )
        ),
    }
}

/// Which step stops part-way and what would come next.
fn unfinished_text(next: &Next, lang: Lang) -> String {
    let Next::Unfinished {
        battle,
        next: (pl, en),
        ..
    } = next
    else {
        return String::new();
    };
    let step = match battle {
        Some(n) => lang
            .pick(
                &format!("Sekwencja po bitwie {n} jest niedokończona"),
                &format!("The post-battle sequence of battle {n} is unfinished"),
            )
            .to_string(),
        None => lang
            .pick("Handel jest niedokończony", "The trade is unfinished")
            .to_string(),
    };
    format!(
        "{step} ({} {}).",
        lang.pick("dalej byłoby:", "next would be:"),
        lang.pick(pl, en)
    )
}

/// Refuses to add to a log whose last step stops part-way.
fn require_whole(path: &Path, loaded: &Loaded, lang: Lang) -> Result<(), Failure> {
    match loaded.next {
        Next::BattleOrTrade => Ok(()),
        _ => Err(fail(format!(
            "{}: {}",
            path.display(),
            next_text(&loaded.next, lang)
        ))),
    }
}

/// `campaign undo`: the last step, or `--events N`, refused when what is
/// left would stop a step part-way.
fn undo(campaign: &Path, events: Option<usize>, lang: Lang) -> Result<Output, Failure> {
    with_lock(campaign, lang, |target| {
        let Loaded { mut file, .. } = load(campaign, lang)?;
        let len = file.events.len();
        if len == 0 {
            return Err(fail(
                lang.pick(
                    "log jest pusty: nie ma czego cofnąć",
                    "the log is empty: nothing to undo",
                )
                .to_string(),
            ));
        }
        let from = match events {
            None => file.last_step().unwrap_or(0),
            Some(n) if (1..=len).contains(&n) => len - n,
            Some(n) => {
                return Err(fail(format!(
                    "--events {n}: {} 1-{len}",
                    lang.pick(
                        "liczba zdarzeń do cofnięcia:",
                        "the number of events to undo:"
                    )
                )));
            }
        };
        let removed = file.events.split_off(from);
        let (_, next) = verify::replay(&file).map_err(|e| campaign_error(&e, lang))?;
        if let Next::Unfinished { index, .. } = next {
            return Err(fail(format!(
                "{}: {}{} {}",
                campaign.display(),
                lang.pick(
                    &format!(
                        "cofnięcie tylu zdarzeń ({}) zostawiłoby niedokończony krok. ",
                        removed.len()
                    ),
                    &format!(
                        "undoing {} events would leave a step unfinished. ",
                        removed.len()
                    ),
                ),
                unfinished_text(&next, lang),
                lang.pick(
                    &format!(
                        "Cofnij cały krok (bez --events) albo --events {}.",
                        len - index
                    ),
                    &format!(
                        "Undo whole steps (without --events), or --events {}.",
                        len - index
                    ),
                )
            )));
        }
        save(target, campaign, &file, lang)?;
        let first = removed
            .first()
            .map(|e| rules::describe(e, lang))
            .unwrap_or_default();
        crate::saved(
            campaign,
            format!(
                "{} #{}–#{} ({} {}): {first}\n{}\n",
                lang.pick("Cofnięto", "Undone"),
                from,
                len - 1,
                lang.pick("zdarzeń:", "events:"),
                removed.len(),
                next_text(&next, lang)
            ),
        )
    })
}

/// Run a campaign subcommand.
pub fn run(cmd: CampaignCommand, lang: Lang) -> Result<Output, Failure> {
    match cmd {
        CampaignCommand::New { warband, out } => new_campaign(&warband, &out, lang),
        CampaignCommand::Battle {
            campaign,
            report,
            decisions,
            dice,
            seed,
            again,
        } => battle(
            &campaign,
            &report,
            decisions.as_deref(),
            (dice, seed, again),
            lang,
        ),
        CampaignCommand::Trade {
            campaign,
            decisions,
            dice,
            seed,
        } => trade(&campaign, decisions.as_deref(), dice, seed, lang),
        CampaignCommand::Matchup {
            campaign,
            opponent,
            json,
        } => matchup(&campaign, &opponent, json, lang),
        CampaignCommand::Show {
            campaign,
            json,
            html,
        } => show(&campaign, json, html.as_deref(), lang),
        CampaignCommand::Log { campaign } => log(&campaign, lang),
        CampaignCommand::Undo { campaign, events } => undo(&campaign, events, lang),
    }
}

/// `campaign new`: a campaign file from a warband, refused if the file
/// exists; prints the roster.
fn new_campaign(warband: &Path, out: &Path, lang: Lang) -> Result<Output, Failure> {
    let w: WarbandFile = parse_toml(warband, lang)?;
    let file = CampaignFile::new(w).map_err(|e| fail(format!("{}: {e}", warband.display())))?;
    // Everything that can fail comes before the save.
    let state = CampaignState::replay(&file).map_err(|e| campaign_error(&e, lang))?;
    let text = roster(&state, lang);
    store::with_new_lock(out, lang, |target| {
        if out.exists() {
            return Err(fail(format!(
                "{}: {}",
                out.display(),
                lang.pick(
                    "plik już istnieje, nie nadpisuję",
                    "file exists, not overwriting"
                )
            )));
        }
        save(target, out, &file, lang)
    })?;
    crate::saved(out, text)
}

/// `campaign battle`: a battle report and its post-battle sequence, decided
/// by a decisions file or at the terminal, appended to the campaign.
fn battle(
    campaign: &Path,
    report: &Path,
    decisions: Option<&Path>,
    (dice, seed, again): (DiceMode, Option<u64>, bool),
    lang: Lang,
) -> Result<Output, Failure> {
    with_lock(campaign, lang, |target| {
        let loaded = load(campaign, lang)?;
        require_whole(campaign, &loaded, lang)?;
        let rep: BattleReport = parse_toml(report, lang)?;
        if !again {
            refuse_twice(campaign, report, &loaded, &rep, lang)?;
        }
        let (origin, mut src) = dice_source(dice, seed, lang);
        let (events, text) = with_decider(
            decisions,
            report,
            lang,
            (
                "nie padła w tej bitwie (literówka?)",
                "was never asked in this battle (a typo?)",
            ),
            &mut |d| postbattle::run(&loaded.state, &rep, origin, src.as_mut(), d),
        )?;
        append(target, campaign, loaded.file, events, lang)?;
        crate::saved(campaign, text)
    })
}

/// Refuses a report that is the same as the last battle's: most likely
/// the same battle entered twice, which would pay its income and
/// experience again (`--again` enters it as a new battle).
fn refuse_twice(
    campaign: &Path,
    report: &Path,
    loaded: &Loaded,
    rep: &BattleReport,
    lang: Lang,
) -> Result<(), Failure> {
    let last = loaded.file.events.iter().rev().find_map(|e| match e {
        rules::Event::Battle { number, report, .. } => Some((number, report)),
        _ => None,
    });
    match last {
        Some((number, last)) if last == rep => Err(fail(format!(
            "{}: {}",
            report.display(),
            match lang {
                Lang::Pl => format!(
                    "ten sam raport co bitwy {number}: wprowadzony drugi raz? `mortalis campaign undo {}` cofa ostatnią bitwę; --again wprowadza go jako nową bitwę",
                    campaign.display()
                ),
                Lang::En => format!(
                    "the same report as battle {number}'s: entered twice? `mortalis campaign undo {}` takes the last battle back; --again enters it as a new battle",
                    campaign.display()
                ),
            }
        ))),
        _ => Ok(()),
    }
}

/// `campaign trade`: trading between battles, decided by a decisions file
/// or at the terminal; the file is left untouched when nothing changed.
fn trade(
    campaign: &Path,
    decisions: Option<&Path>,
    dice: DiceMode,
    seed: Option<u64>,
    lang: Lang,
) -> Result<Output, Failure> {
    with_lock(campaign, lang, |target| {
        let loaded = load(campaign, lang)?;
        require_whole(campaign, &loaded, lang)?;
        let (origin, mut src) = dice_source(dice, seed, lang);
        let (events, text) = with_decider(
            decisions,
            campaign,
            lang,
            (
                "nie padła przy tym handlu (literówka?)",
                "was never asked while trading (a typo?)",
            ),
            &mut |d| postbattle::trade(&loaded.state, origin, src.as_mut(), d),
        )?;
        if events.is_empty() {
            return ok(format!(
                "{}\n",
                lang.pick(
                    "Nic nie zmieniono; plik bez zmian.",
                    "Nothing changed; the file is untouched."
                )
            ));
        }
        append(target, campaign, loaded.file, events, lang)?;
        crate::saved(campaign, text)
    })
}

/// `campaign matchup`: both strengths and the volunteers either side may
/// field, against a campaign file (JSON) or a warband file (TOML).
fn matchup(campaign: &Path, opponent: &Path, json: bool, lang: Lang) -> Result<Output, Failure> {
    let state = load(campaign, lang)?.state;
    let own = state.strength();
    let (opp_name, opp) = if crate::input::is_json(opponent) {
        let o = load(opponent, lang)?.state;
        (o.name.clone(), o.strength())
    } else {
        let w: WarbandFile = parse_toml(opponent, lang)?;
        let r = mortalis_rules::warband::check(&w);
        (r.name.clone(), r.strength)
    };
    let m = mortalis_rules::warband::matchup(own, opp);
    if json {
        return ok(serde_json::to_string_pretty(&serde_json::json!({
            "a": {"name": state.name, "strength": m.strength_a, "volunteers": m.volunteers_a},
            "b": {"name": opp_name, "strength": m.strength_b, "volunteers": m.volunteers_b},
        }))? + "\n");
    }
    ok(matchup_text(&state.name, own, &opp_name, opp, &m, lang))
}

/// The text of `campaign matchup`: the strengths, who may field volunteers,
/// and what to write in the battle report when this campaign may.
fn matchup_text(
    name: &str,
    own: u32,
    opp_name: &str,
    opp: u32,
    m: &mortalis_rules::warband::Matchup,
    lang: Lang,
) -> String {
    let mut s = String::new();
    for (n, st) in [(name, own), (opp_name, opp)] {
        let _ = writeln!(s, "{n}: {} {st}", lang.pick("siła", "strength"));
    }
    let line = |n: &str, v: u32| {
        format!(
            "{n}: {} {v} {}\n",
            lang.pick("może wystawić", "may field"),
            lang.pick("ochotników", "volunteer(s)")
        )
    };
    if m.volunteers_a > 0 {
        s.push_str(&line(name, m.volunteers_a));
    } else if m.volunteers_b > 0 {
        s.push_str(&line(opp_name, m.volunteers_b));
    } else {
        s.push_str(lang.pick(
            "Bez ochotników (różnica poniżej 15).\n",
            "No volunteers (difference below 15).\n",
        ));
    }
    if m.volunteers_a > 0 {
        let _ = writeln!(
            s,
            "{}",
            lang.pick(
                &format!(
                    "W raporcie: volunteers = {}, opponent_strength = {opp}",
                    m.volunteers_a
                ),
                &format!(
                    "In the report: volunteers = {}, opponent_strength = {opp}",
                    m.volunteers_a
                )
            )
        );
    }
    s
}

/// `campaign show`: the roster and what comes next, or the state as JSON;
/// with `--html`, also the printable roster page.
fn show(campaign: &Path, json: bool, html: Option<&Path>, lang: Lang) -> Result<Output, Failure> {
    let Loaded { state, next, .. } = load(campaign, lang)?;
    if let Some(out) = html {
        std::fs::write(out, roster_html(&state, lang)).map_err(|e| {
            Failure::from(anyhow!(e).context(format!(
                "{} {}",
                lang.pick("nie można zapisać", "cannot write"),
                out.display()
            )))
        })?;
    }
    if json {
        ok(serde_json::to_string_pretty(&state)? + "\n")
    } else {
        ok(roster(&state, lang) + &next_text(&next, lang) + "\n")
    }
}

/// `campaign log`: every event in words, each with what it changed.
fn log(campaign: &Path, lang: Lang) -> Result<Output, Failure> {
    let file = load(campaign, lang)?.file;
    let mut state = CampaignState::replay(&CampaignFile {
        events: Vec::new(),
        ..file.clone()
    })
    .map_err(|e| campaign_error(&e, lang))?;
    let mut s = String::new();
    for (i, e) in file.events.iter().enumerate() {
        let before = state.clone();
        state.apply(e).map_err(|e| campaign_error(&e, lang))?;
        let _ = writeln!(s, "#{i} {}", rules::describe(e, lang));
        for c in rules::changes(&before, &state, lang) {
            let _ = writeln!(
                s,
                "    {}: {} → {}",
                c.key,
                c.before.as_deref().unwrap_or("—"),
                c.after.as_deref().unwrap_or("—")
            );
        }
    }
    ok(s)
}
