//! `mortalis campaign ...`: campaign files (read, version check, atomic
//! write), terminal prompts and decisions files. The rules live in
//! `mortalis_rules::campaign`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use anyhow::anyhow;
use clap::{Subcommand, ValueEnum};
use mortalis_rules::Lang;
use mortalis_rules::campaign::postbattle::{self, Decider, Question};
use mortalis_rules::campaign::{
    self as rules, BattleReport, CampaignError, CampaignFile, CampaignState, DiceOrigin, Purchase,
};
use mortalis_rules::dice::{DiceError, DiceSource, RngDice};
use mortalis_rules::warband::WarbandFile;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde::Deserialize;

use crate::{Failure, Output, ok, parse_toml};

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
        #[arg(long)]
        seed: Option<u64>,
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
        #[arg(long)]
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
    /// Remove the last event.
    Undo {
        /// Campaign file.
        campaign: PathBuf,
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

/// Read, version-check, parse and replay a campaign file.
pub fn load(path: &Path, lang: Lang) -> Result<(CampaignFile, CampaignState), Failure> {
    let text = crate::read(path, lang)?;
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
        fail(format!(
            "{}: {} {e}",
            path.display(),
            lang.pick("uszkodzony JSON:", "corrupt JSON:")
        ))
    })?;
    if value.get("format").and_then(|f| f.as_str()) != Some(rules::FORMAT) {
        return Err(fail(format!(
            "{}: {} `{}`",
            path.display(),
            lang.pick(
                "to nie jest plik kampanii: brak",
                "not a campaign file: missing"
            ),
            rules::FORMAT
        )));
    }
    match value.get("version").and_then(serde_json::Value::as_u64) {
        Some(v) if v == u64::from(rules::VERSION) => {}
        Some(v) if v > u64::from(rules::VERSION) => {
            return Err(fail(format!(
                "{}: {} {v}, {} {}",
                path.display(),
                lang.pick("plik z nowszej wersji", "file from a newer version"),
                lang.pick("ten program czyta wersję", "this program reads version"),
                rules::VERSION
            )));
        }
        other => {
            return Err(fail(format!(
                "{}: {} {other:?}",
                path.display(),
                lang.pick("nieznana wersja", "unknown version")
            )));
        }
    }
    // From the text again, so that an error names its line and column.
    drop(value);
    let file: CampaignFile =
        serde_json::from_str(&text).map_err(|e| fail(format!("{}: {e}", path.display())))?;
    let state = CampaignState::replay(&file).map_err(|e| {
        fail(format!(
            "{}: {} {e}",
            path.display(),
            lang.pick("log nie daje się odtworzyć:", "the log does not replay:")
        ))
    })?;
    Ok((file, state))
}

/// Write atomically: a temporary file in the same directory, then rename.
pub fn save(path: &Path, file: &CampaignFile, lang: Lang) -> Result<(), Failure> {
    let text = serde_json::to_string_pretty(file)? + "\n";
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.tmp{}", std::process::id()));
    let write = || -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    };
    write().map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        Failure::from(anyhow!(e).context(format!(
            "{} {}",
            lang.pick("nie można zapisać", "cannot write"),
            path.display()
        )))
    })
}

fn campaign_error(e: &CampaignError, lang: Lang) -> Failure {
    fail(format!("{}: {e}", lang.pick("odrzucone", "refused")))
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

fn read_line() -> Option<String> {
    let mut line = String::new();
    match std::io::stdin().read_line(&mut line) {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(line.trim().to_string()),
    }
}

/// Questions on the terminal (prompts on stderr, answers on stdin).
struct Interactive {
    lang: Lang,
}

impl Decider for Interactive {
    fn choose(&mut self, q: &Question) -> Result<String, CampaignError> {
        eprintln!("{}", q.text(self.lang));
        for (i, c) in q.choices.iter().enumerate() {
            eprintln!("  {}) {} — {}", i + 1, c.id, c.text(self.lang));
        }
        loop {
            eprint!("> ");
            let Some(a) = read_line() else {
                return Err(CampaignError::Decision {
                    key: q.key.clone(),
                    message: "no answer (end of input)".into(),
                });
            };
            if let Ok(n) = a.parse::<usize>()
                && let Some(c) = q.choices.get(n.wrapping_sub(1))
            {
                return Ok(c.id.clone());
            }
            if q.choices.iter().any(|c| c.id == a) {
                return Ok(a);
            }
            eprintln!(
                "{}",
                self.lang.pick(
                    "Wybierz numer lub id z listy.",
                    "Pick a number or an id from the list."
                )
            );
        }
    }

    fn next_purchase(&mut self, state: &CampaignState) -> Result<Option<Purchase>, CampaignError> {
        eprintln!(
            "{} {} tk. {}",
            self.lang.pick("Zakupy: kredyty", "Purchases: credits"),
            state.credits,
            self.lang.pick(
                "Polecenia: buy ITEM [MODEL] | buy climbing_gear MODEL | sell ITEM | fire MODEL | hire name = \"…\", archetype = \"…\" | stash MODEL | field MODEL | equip ITEM MODEL | unequip ITEM MODEL | implant ITEM MODEL | shop | done",
                "Commands: buy ITEM [MODEL] | buy climbing_gear MODEL | sell ITEM | fire MODEL | hire name = \"…\", archetype = \"…\" | stash MODEL | field MODEL | equip ITEM MODEL | unequip ITEM MODEL | implant ITEM MODEL | shop | done"
            )
        );
        loop {
            eprint!("> ");
            let Some(line) = read_line() else {
                return Ok(None);
            };
            let (cmd, rest) = line.split_once(' ').unwrap_or((line.as_str(), ""));
            let rest = rest.trim();
            let two = || rest.split_once(' ').map(|(a, b)| (a.trim(), b.trim()));
            let goods = |s: &str| rules::tables::Goods::lookup(s);
            let p = match cmd {
                "done" | "" => return Ok(None),
                "shop" => {
                    for (g, p) in postbattle::shop(state) {
                        let used = g
                            .shop_table()
                            .is_some_and(|t| state.tables_used.contains(&t));
                        eprintln!(
                            "  {:<24} {p:>4} tk{}",
                            g.id(),
                            if used {
                                self.lang.pick(
                                    "  (już kupiono z tej tabeli po tej bitwie)",
                                    "  (this table was used since the last battle)",
                                )
                            } else {
                                ""
                            }
                        );
                    }
                    continue;
                }
                "buy" => {
                    let (item, model) =
                        two().map_or((rest, None), |(a, b)| (a, Some(b.to_string())));
                    match (
                        goods(item),
                        mortalis_rules::equipment::Item::lookup(item),
                        model,
                    ) {
                        (Some(item), _, model) => Some(Purchase::Buy { item, model }),
                        (None, Some(item), Some(model)) => Some(Purchase::BuyGear { item, model }),
                        _ => None,
                    }
                }
                "sell" => goods(rest).map(|item| Purchase::Sell { item }),
                "fire" => Some(Purchase::Fire { model: rest.into() }),
                "stash" => Some(Purchase::ToStash { model: rest.into() }),
                "field" => Some(Purchase::ToField { model: rest.into() }),
                "equip" | "unequip" | "implant" => two().and_then(|(i, m)| {
                    let model = m.to_string();
                    match cmd {
                        "equip" => goods(i).map(|item| Purchase::Equip { item, model }),
                        "unequip" => goods(i).map(|item| Purchase::Unequip { item, model }),
                        _ => rules::tables::Implant::lookup(i)
                            .map(|item| Purchase::UseImplant { item, model }),
                    }
                }),
                "hire" => match parse_hire(rest) {
                    Ok(model) => Some(Purchase::Hire {
                        model,
                        stash: false,
                    }),
                    Err(e) => {
                        eprintln!("{e}");
                        continue;
                    }
                },
                _ => None,
            };
            match p {
                Some(p) => return Ok(Some(p)),
                None => eprintln!("{}", self.lang.pick("Nie rozumiem.", "Not understood.")),
            }
        }
    }

    fn refused(&mut self, e: &CampaignError) -> bool {
        eprintln!("{}: {e}", self.lang.pick("odrzucone", "refused"));
        true
    }

    fn tell(&mut self, pl: &str, en: &str) {
        // A closed stdout is reported once, after the sequence.
        let _ = writeln!(std::io::stdout(), "{}", self.lang.pick(pl, en));
    }
}

/// The model of an interactive `hire`: the keys of a warband file's
/// `[[model]]` on one line, with or without braces
/// (`name = "Zz", archetype = "savage", xp = 2`).
fn parse_hire(line: &str) -> Result<mortalis_rules::warband::ModelEntry, toml::de::Error> {
    #[derive(Deserialize)]
    struct Line {
        m: mortalis_rules::warband::ModelEntry,
    }
    let inner = line.trim();
    let inner = inner
        .strip_prefix('{')
        .and_then(|x| x.strip_suffix('}'))
        .unwrap_or(inner);
    toml::from_str::<Line>(&format!("m = {{ {inner} }}")).map(|l| l.m)
}

/// Dice typed at the terminal, one per line.
struct TypedPrompt {
    lang: Lang,
    asked: usize,
}

impl DiceSource for TypedPrompt {
    fn label(&mut self, pl: &str, en: &str) {
        eprintln!("{}", self.lang.pick(pl, en));
    }

    fn d6(&mut self) -> Result<u8, DiceError> {
        self.asked += 1;
        loop {
            eprint!("{} {} (1-6): ", self.lang.pick("Kość", "Die"), self.asked);
            let Some(line) = read_line() else {
                return Err(DiceError::Exhausted(self.asked));
            };
            match line.parse::<u8>() {
                Ok(v @ 1..=6) => return Ok(v),
                _ => eprintln!(
                    "{}",
                    self.lang
                        .pick("Podaj liczbę od 1 do 6.", "Type a number from 1 to 6.")
                ),
            }
        }
    }
}

/// Seeded dice (the seed from the flag or the clock) or typed at the prompt.
fn dice_source(mode: DiceMode, seed: Option<u64>, lang: Lang) -> (DiceOrigin, Box<dyn DiceSource>) {
    match mode {
        DiceMode::Typed => (DiceOrigin::Typed, Box::new(TypedPrompt { lang, asked: 0 })),
        DiceMode::Seeded => {
            let seed = seed.unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos() as u64)
            });
            (
                DiceOrigin::Seeded { seed },
                Box::new(RngDice::new(ChaCha8Rng::seed_from_u64(seed))),
            )
        }
    }
}

fn roster(state: &CampaignState, lang: Lang) -> String {
    let mut s = String::new();
    let t = |pl, en| lang.pick(pl, en);
    let _ = writeln!(
        s,
        "{} — {} {} tk, {} {}, {} {}",
        state.name,
        t("kredyty", "credits"),
        state.credits,
        t("bitwy", "battles"),
        state.battles,
        t("siła", "strength"),
        state.strength()
    );
    for m in &state.models {
        let sheet = m.sheet();
        let mut flags = Vec::new();
        if m.entry.captain {
            flags.push(t("kapitan", "captain").to_string());
        }
        if m.in_stash {
            flags.push(t("schowek", "stash").to_string());
        }
        if m.misses_next {
            flags.push(t("pauzuje", "misses next battle").to_string());
        }
        let waiting = mortalis_rules::profile::level_for_xp(m.xp).saturating_sub(m.levels);
        if waiting > 0 && m.entry.archetype != mortalis_rules::warband::Archetype::Pet {
            flags.push(format!(
                "{} {waiting}",
                t("poziomy do rzutu:", "levels to roll:")
            ));
        }
        let _ = writeln!(
            s,
            "  {:<12} {:<18} {:<14} {} {:>2} ({} {}){}",
            m.name(),
            m.entry.archetype.name(lang),
            sheet.profile.to_string(),
            t("PD", "XP"),
            m.xp,
            t("poz.", "lvl"),
            m.levels,
            if flags.is_empty() {
                String::new()
            } else {
                format!(" [{}]", flags.join(", "))
            }
        );
        let list = |v: Vec<&str>| v.join(", ");
        if !m.entry.skills.is_empty() {
            let _ = writeln!(
                s,
                "      {}: {}",
                t("umiejętności", "skills"),
                list(m.entry.skills.iter().map(|k| k.name(lang)).collect())
            );
        }
        let items: Vec<&str> = m
            .entry
            .items
            .iter()
            .map(|k| k.name(lang))
            .chain(m.entry.mods.iter().map(|k| k.name(lang)))
            .collect();
        if !items.is_empty() {
            let _ = writeln!(s, "      {}: {}", t("przedmioty", "items"), list(items));
        }
        if !m.wounds.is_empty() {
            let _ = writeln!(
                s,
                "      {}: {}",
                t("rany", "wounds"),
                list(m.wounds.iter().map(|k| k.name(lang)).collect())
            );
        }
    }
    let stash: Vec<&str> = state.stash.iter().map(|g| g.name(lang)).collect();
    let _ = writeln!(
        s,
        "{}: {}",
        t("Schowek", "Stash"),
        if stash.is_empty() {
            "—".to_string()
        } else {
            stash.join(", ")
        }
    );
    if state.captain_lost {
        let _ = writeln!(
            s,
            "{}",
            t(
                "Kapitan poległ: nie można wybrać nowego.",
                "The captain is dead: no new captain can be named."
            )
        );
    }
    s
}

/// A printable page of the campaign roster: every model with its profile
/// (wounds applied), experience, levels, equipment, skills, wounds and
/// status, then credits, stash and strength.
fn roster_html(state: &CampaignState, lang: Lang) -> String {
    let t = |pl, en| lang.pick(pl, en);
    let mut s = crate::render::html_start(&state.name, lang);
    let _ = writeln!(
        s,
        "<p>{} {} tk — {} {} — {} {}</p>",
        t("Kredyty", "Credits"),
        state.credits,
        t("bitwy", "battles"),
        state.battles,
        t("siła drużyny", "warband strength"),
        state.strength()
    );
    let _ = writeln!(
        s,
        "<table><tr><th>{}</th><th>{}</th><th>S</th><th>W</th><th>C</th><th>O</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
        t("Model", "Model"),
        t("Archetyp", "Archetype"),
        t("PD", "XP"),
        t("Poziom", "Level"),
        t("Ekwipunek", "Equipment"),
        t("Umiejętności", "Skills"),
        t("Rany", "Wounds"),
        t("Status", "Status"),
    );
    for m in &state.models {
        let sheet = m.sheet();
        let mut eq: Vec<String> = sheet
            .equipment
            .iter()
            .map(|i| i.name(lang).to_string())
            .collect();
        if let Some(a) = sheet.armour.item() {
            eq.push(a.name(lang).to_string());
        }
        eq.extend(m.entry.items.iter().map(|i| i.name(lang).to_string()));
        eq.extend(m.entry.mods.iter().map(|i| i.name(lang).to_string()));
        eq.extend(m.entry.gear.iter().map(|i| i.name(lang).to_string()));
        eq.dedup();
        let skills: Vec<&str> = m.entry.skills.iter().map(|k| k.name(lang)).collect();
        let wounds: Vec<&str> = m.wounds.iter().map(|w| w.name(lang)).collect();
        let mut status = Vec::new();
        if m.entry.captain {
            status.push(t("kapitan", "captain"));
        }
        status.push(if m.in_stash {
            t("w schowku", "in the stash")
        } else {
            t("w drużynie", "fielded")
        });
        if m.misses_next {
            status.push(t("pauzuje w następnej bitwie", "misses the next battle"));
        }
        let p = sheet.profile;
        let _ = writeln!(
            s,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{} ({})</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            crate::render::esc(m.name()),
            crate::render::esc(m.entry.archetype.name(lang)),
            p.speed,
            p.fight,
            p.accuracy,
            p.resilience,
            sheet.armoured_resilience,
            m.xp,
            m.levels,
            crate::render::esc(&eq.join(", ")),
            crate::render::esc(&skills.join(", ")),
            crate::render::esc(&wounds.join(", ")),
            crate::render::esc(&status.join(", ")),
        );
    }
    s.push_str("</table>\n");
    let stash: Vec<&str> = state.stash.iter().map(|g| g.name(lang)).collect();
    let _ = writeln!(
        s,
        "<p>{}: {}</p>",
        t("Schowek", "Stash"),
        crate::render::esc(&if stash.is_empty() {
            "—".to_string()
        } else {
            stash.join(", ")
        })
    );
    s.push_str("</body></html>\n");
    s
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
        fail(format!("{}: {e}", file.display()))
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

/// Appends events, checks that the whole log still replays, writes atomically.
fn append(
    path: &Path,
    mut file: CampaignFile,
    events: Vec<rules::Event>,
    lang: Lang,
) -> Result<(), Failure> {
    file.events.extend(events);
    // Never write a log that does not replay.
    CampaignState::replay(&file).map_err(|e| campaign_error(&e, lang))?;
    save(path, &file, lang)
}

/// Run a campaign subcommand.
pub fn run(cmd: CampaignCommand, lang: Lang) -> Result<Output, Failure> {
    match cmd {
        CampaignCommand::New { warband, out } => {
            let w: WarbandFile = parse_toml(&warband, lang)?;
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
            let file =
                CampaignFile::new(w).map_err(|e| fail(format!("{}: {e}", warband.display())))?;
            // Everything that can fail comes before the save.
            let state = CampaignState::replay(&file).map_err(|e| campaign_error(&e, lang))?;
            let text = roster(&state, lang);
            save(&out, &file, lang)?;
            crate::saved(&out, text)
        }
        CampaignCommand::Battle {
            campaign,
            report,
            decisions,
            dice,
            seed,
        } => {
            let (file, state) = load(&campaign, lang)?;
            let rep: BattleReport = parse_toml(&report, lang)?;
            let (origin, mut src) = dice_source(dice, seed, lang);
            let (events, text) = with_decider(
                decisions.as_deref(),
                &report,
                lang,
                (
                    "nie padła w tej bitwie (literówka?)",
                    "was never asked in this battle (a typo?)",
                ),
                &mut |d| postbattle::run(&state, &rep, origin, src.as_mut(), d),
            )?;
            append(&campaign, file, events, lang)?;
            crate::saved(&campaign, text)
        }
        CampaignCommand::Trade {
            campaign,
            decisions,
            dice,
            seed,
        } => {
            let (file, state) = load(&campaign, lang)?;
            let (origin, mut src) = dice_source(dice, seed, lang);
            let (events, text) = with_decider(
                decisions.as_deref(),
                &campaign,
                lang,
                (
                    "nie padła przy tym handlu (literówka?)",
                    "was never asked while trading (a typo?)",
                ),
                &mut |d| postbattle::trade(&state, origin, src.as_mut(), d),
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
            append(&campaign, file, events, lang)?;
            crate::saved(&campaign, text)
        }
        CampaignCommand::Matchup {
            campaign,
            opponent,
            json,
        } => {
            let (_, state) = load(&campaign, lang)?;
            let own = state.strength();
            let is_json = opponent
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("json"));
            let (opp_name, opp) = if is_json {
                let (_, o) = load(&opponent, lang)?;
                (o.name.clone(), o.strength())
            } else {
                let w: WarbandFile = parse_toml(&opponent, lang)?;
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
            let mut s = String::new();
            for (n, st) in [(&state.name, own), (&opp_name, opp)] {
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
                s.push_str(&line(&state.name, m.volunteers_a));
            } else if m.volunteers_b > 0 {
                s.push_str(&line(&opp_name, m.volunteers_b));
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
            ok(s)
        }
        CampaignCommand::Show {
            campaign,
            json,
            html,
        } => {
            let (_, state) = load(&campaign, lang)?;
            if let Some(out) = html {
                std::fs::write(&out, roster_html(&state, lang)).map_err(|e| {
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
                ok(roster(&state, lang))
            }
        }
        CampaignCommand::Log { campaign } => {
            let (file, _) = load(&campaign, lang)?;
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
        CampaignCommand::Undo { campaign } => {
            let (mut file, _) = load(&campaign, lang)?;
            let i = file.events.len();
            let e = file.undo().ok_or_else(|| {
                fail(
                    lang.pick(
                        "log jest pusty: nie ma czego cofnąć",
                        "the log is empty: nothing to undo",
                    )
                    .to_string(),
                )
            })?;
            save(&campaign, &file, lang)?;
            crate::saved(
                &campaign,
                format!(
                    "{} #{}: {}\n",
                    lang.pick("Cofnięto", "Undone"),
                    i - 1,
                    rules::describe(&e, lang)
                ),
            )
        }
    }
}
