//! `mortalis battle … --replay LOG.json`: a battle played again from the
//! decisions and dice of the log that `--json` wrote, with the same
//! warbands, scenario, table or seed, challenges and independent models,
//! and checked entry by entry against that log (the issue's "a battle log
//! replays to the same end", from the command line).

use std::path::{Path, PathBuf};

use anyhow::anyhow;
use mortalis_battle::battle::Battle;
use mortalis_rules::Lang;
use serde_json::Value;

use crate::Failure;

/// What a replay takes from a log: each side's answers (option indices,
/// in order) and the dice, in order.
pub(crate) struct Replay {
    path: PathBuf,
    /// Side 0's and side 1's answers.
    pub(crate) answers: [Vec<usize>; 2],
    /// The dice as rolled.
    pub(crate) dice: Vec<i64>,
    /// The battle's round limit (0: none), when the log gives one.
    pub(crate) round_limit: Option<u32>,
    /// The end the log reports: its `end`, `vp` and `winner`.
    end: [Value; 3],
    /// The log's entries, compared with the replayed battle's.
    log: Vec<Value>,
}

impl Replay {
    /// Reads a log written by `mortalis battle --json`: its `log` (the
    /// decisions are its entries of kind `decision`) and its `dice`.
    pub(crate) fn read(path: &Path, lang: Lang) -> Result<Replay, Failure> {
        let text = crate::read(path, lang)?;
        let bad = |what: &str| {
            Failure::from(anyhow!(
                "{}: {}: {what}",
                path.display(),
                lang.pick(
                    "to nie jest log z `mortalis battle --json`",
                    "not a log written by `mortalis battle --json`"
                )
            ))
        };
        let json: Value = serde_json::from_str(&text).map_err(|e| bad(&e.to_string()))?;
        let log = json
            .get("log")
            .and_then(Value::as_array)
            .ok_or_else(|| bad(lang.pick("brak listy `log`", "no `log` list")))?
            .clone();
        let dice = json
            .get("dice")
            .and_then(Value::as_array)
            .ok_or_else(|| bad(lang.pick("brak listy `dice`", "no `dice` list")))?
            .iter()
            .enumerate()
            .map(|(i, d)| {
                d.as_i64().filter(|v| (1..=6).contains(v)).ok_or_else(|| {
                    bad(&format!(
                        "{} {}: {d}",
                        lang.pick("kość nr", "die number"),
                        i + 1
                    ))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut answers = [vec![], vec![]];
        for (i, e) in log.iter().enumerate() {
            if e.get("kind").and_then(Value::as_str) != Some("decision") {
                continue;
            }
            let side = e.get("side").and_then(Value::as_u64);
            let index = e.get("index").and_then(Value::as_u64);
            match (side, index) {
                (Some(s @ 0..=1), Some(k)) => answers[s as usize].push(k as usize),
                _ => {
                    return Err(bad(&format!(
                        "{} {}",
                        lang.pick(
                            "decyzja bez strony 0 lub 1 albo bez numeru opcji we wpisie",
                            "a decision without a side 0 or 1 or an option index at entry"
                        ),
                        i + 1
                    )));
                }
            }
        }
        let round_limit = json
            .get("round_limit")
            .and_then(Value::as_u64)
            .and_then(|n| u32::try_from(n).ok())
            .filter(|&n| n <= 1000);
        let end = ["end", "vp", "winner"].map(|k| json.get(k).cloned().unwrap_or(Value::Null));
        Ok(Replay {
            path: path.to_path_buf(),
            answers,
            dice,
            round_limit,
            end,
            log,
        })
    }

    /// The log's path, to name it in errors.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// A battle played again that stopped before its end, its log's
    /// decisions or dice not fitting it (a decision past the options
    /// offered, decisions or dice run out): a failure (exit code 1) naming
    /// the first entry where the battle left the log, and why it stopped.
    pub(crate) fn left_at(&self, battle: &Battle, why: &str, lang: Lang) -> Failure {
        let replayed = serde_json::to_value(&battle.log).unwrap_or_default();
        let replayed = replayed.as_array().map_or(&[][..], Vec::as_slice);
        let entry = (0..replayed.len())
            .find(|&i| self.log.get(i) != replayed.get(i))
            .unwrap_or(replayed.len())
            + 1;
        Failure {
            code: 1,
            error: anyhow!(
                "{}: {} {entry}: {} ({why})",
                self.path.display(),
                lang.pick(
                    "bitwa rozegrana od nowa odbiega od logu we wpisie",
                    "the battle played again leaves the log at entry"
                ),
                lang.pick(
                    "decyzje i kości logu nie pasują od tego miejsca do tej bitwy (te same drużyny, scenariusz, stół lub ziarno, limit rund, wyzwania i modele niezależne?)",
                    "the log's decisions and dice do not fit this battle from there (the same warbands, scenario, table or seed, round limit, challenges and independent models?)"
                )
            ),
        }
    }

    /// Whether the battle played again came to the log's entries, all of
    /// them and no more, and used all its dice: a failure (exit code 1)
    /// naming the first entry that differs.
    pub(crate) fn check(&self, battle: &Battle, lang: Lang) -> Result<(), Failure> {
        let replayed = serde_json::to_value(&battle.log)?;
        let replayed = replayed.as_array().map_or(&[][..], Vec::as_slice);
        let differs = |entry: usize, logged: Option<&Value>, now: Option<&Value>| {
            let show = |v: Option<&Value>| {
                v.map_or_else(|| lang.pick("nic", "nothing").to_string(), short)
            };
            Failure {
                code: 1,
                error: anyhow!(
                    "{}: {} {entry}: {} {}, {} {}",
                    self.path.display(),
                    lang.pick(
                        "bitwa rozegrana od nowa różni się od logu we wpisie",
                        "the battle played again differs from the log at entry"
                    ),
                    lang.pick("w logu", "logged"),
                    show(logged),
                    lang.pick("teraz", "now"),
                    show(now)
                ),
            }
        };
        let n = self.log.len().max(replayed.len());
        if let Some(i) = (0..n).find(|&i| self.log.get(i) != replayed.get(i)) {
            return Err(differs(i + 1, self.log.get(i), replayed.get(i)));
        }
        // The end the log reports: its reason, VP and winner.
        let now = battle
            .end
            .map_or([Value::Null, Value::Null, Value::Null], |(r, vp, w)| {
                [
                    serde_json::to_value(r).unwrap_or_default(),
                    serde_json::to_value(vp).unwrap_or_default(),
                    serde_json::to_value(w).unwrap_or_default(),
                ]
            });
        for ((key, logged), now) in ["end", "vp", "winner"].iter().zip(&self.end).zip(&now) {
            if logged != now {
                return Err(Failure {
                    code: 1,
                    error: anyhow!(
                        "{}: `{key}`: {} {}, {} {}",
                        self.path.display(),
                        lang.pick("w logu", "logged"),
                        short(logged),
                        lang.pick("bitwa rozegrana od nowa", "the battle played again"),
                        short(now)
                    ),
                });
            }
        }
        if battle.dice.len() != self.dice.len() {
            return Err(Failure {
                code: 1,
                error: anyhow!(
                    "{}: {} {} {} {}",
                    self.path.display(),
                    lang.pick("bitwa zużyła", "the battle used"),
                    battle.dice.len(),
                    lang.pick("kości z", "of the log's dice,"),
                    self.dice.len()
                ),
            });
        }
        Ok(())
    }
}

/// A log entry in at most 160 characters of JSON.
fn short(v: &Value) -> String {
    let s = v.to_string();
    match s.char_indices().nth(160) {
        Some((cut, _)) => format!("{}…", &s[..cut]),
        None => s,
    }
}
