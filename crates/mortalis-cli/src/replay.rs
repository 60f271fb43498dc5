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
        Ok(Replay {
            path: path.to_path_buf(),
            answers,
            dice,
            log,
        })
    }

    /// The log's path, to name it in errors.
    pub(crate) fn path(&self) -> &Path {
        &self.path
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
