//! Data-driven turn cases: every file in `tests/turns/` is a turn scenario with a
//! `rule` it exercises and an `[expect]` table that must hold after the turn.
//!
//! `[expect]` keys (all optional):
//! - `refused = "text"`: the orders must be refused with a message containing it;
//! - `winner = "red" | "blue" | "draw" | "none"`; `reason = "sanctum_captured" | …`;
//! - `initiative = "red" | "blue"`; `turn = N`;
//! - `gone = ["ID", …]`: groups that no longer exist;
//! - `[[expect.group]]` with `id` and any of `at`, `size`, `owner`, `levels`, `damage`,
//!   `hit_points`, `xp`, `armor`, `hand`, `missile`, `attacks` (lists per minion), `types` (list of class or monster names);
//!   without `id`, the group standing on `at` (for groups the turn created);
//! - `[[expect.structure]]` with `at` and any of `owner`, `novices`, `mana`;
//! - `[expect.player.red]` / `.blue` with any of `mana`, `sanctum_mana`,
//!   `next_turn_mana` (tables),
//!   `hand_size`, `deck_size`, `whirlpool_size`, `hand` (list);
//! - `events = ["kind", …]` must appear, `no_events = ["kind", …]` must not;
//! - `event_counts = { kind = N }` exact counts.

use std::path::Path;

use sanctum_rules::game::scenario::{TurnReport, TurnScenario};
use serde_json::Value as J;
use toml::Value as T;

fn toml_to_json(v: &T) -> J {
    serde_json::to_value(v).expect("TOML values convert to JSON")
}

/// A square as the report writes it (`[c, r]`) in the files' form (`"c,r"`); any
/// other value as it is.
fn square_text(v: &J) -> J {
    match v.as_array().map(Vec::as_slice) {
        Some([J::Number(c), J::Number(r)]) => J::String(format!("{c},{r}")),
        _ => v.clone(),
    }
}

fn check(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let sc = TurnScenario::parse(&text).map_err(|e| format!("parse: {e}"))?;
    if sc.rule.as_deref().unwrap_or("").is_empty() {
        return Err("the case names no rule".into());
    }
    let expect = sc.expect.clone().ok_or("the case has no [expect] table")?;
    let run = sc.run();
    if let Some(want) = expect.get("refused") {
        let want = want.as_str().unwrap_or_default();
        return match run {
            Err(e) if e.to_string().contains(want) => Ok(()),
            Err(e) => Err(format!("refused with '{e}', expected '{want}'")),
            Ok(_) => Err(format!("not refused; expected '{want}'")),
        };
    }
    let (state, events) = run.map_err(|e| format!("refused: {e}"))?;
    let report =
        serde_json::to_value(TurnReport::new(&state, events)).map_err(|e| e.to_string())?;
    let mut problems = Vec::new();
    let get = |k: &str| expect.get(k);
    if let Some(w) = get("winner").and_then(T::as_str) {
        let found = match (&report["outcome"], &report["winner"]) {
            (J::Null, _) => "none".to_string(),
            (_, J::Null) => "draw".to_string(),
            (_, J::String(s)) => s.clone(),
            _ => "?".into(),
        };
        if found != w {
            problems.push(format!("winner: {found}, expected {w}"));
        }
    }
    if let Some(r) = get("reason").and_then(T::as_str)
        && report["outcome"]["reason"] != J::String(r.into())
    {
        problems.push(format!(
            "reason: {}, expected {r}",
            report["outcome"]["reason"]
        ));
    }
    if let Some(i) = get("initiative").and_then(T::as_str)
        && report["initiative"] != J::String(i.into())
    {
        problems.push(format!(
            "initiative: {}, expected {i}",
            report["initiative"]
        ));
    }
    if let Some(t) = get("turn").and_then(T::as_integer)
        && report["turn"] != t
    {
        problems.push(format!("turn: {}, expected {t}", report["turn"]));
    }
    let groups = report["groups"].as_array().cloned().unwrap_or_default();
    let find_group = |id: &str| groups.iter().find(|g| g["id"] == J::String(id.into()));
    for id in get("gone").and_then(T::as_array).into_iter().flatten() {
        let id = id.as_str().unwrap_or_default();
        if find_group(id).is_some() {
            problems.push(format!("group {id} still exists"));
        }
    }
    for want in get("group").and_then(T::as_array).into_iter().flatten() {
        // A group the turn created (trained, summoned) has no id in the file: it is
        // found by the square it stands on.
        let (id, g) = match (want.get("id").and_then(T::as_str), want.get("at")) {
            (Some(id), _) => (id.to_string(), find_group(id)),
            (None, Some(at)) => (
                format!("at {at}"),
                groups
                    .iter()
                    .find(|g| square_text(&g["at"]) == toml_to_json(at)),
            ),
            (None, None) => {
                problems.push("an [[expect.group]] needs `id` or `at`".into());
                continue;
            }
        };
        let Some(g) = g else {
            problems.push(format!("group {id} is gone"));
            continue;
        };
        let minion_list = |k: &str| -> J {
            J::Array(
                g["minions"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|m| m[k].clone())
                    .collect(),
            )
        };
        for (k, v) in want.as_table().into_iter().flatten() {
            let found = match k.as_str() {
                "id" => continue,
                "at" => square_text(&g["at"]),
                "size" | "owner" => g[k.as_str()].clone(),
                "levels" => minion_list("level"),
                "damage" => minion_list("damage"),
                "hit_points" => minion_list("hit_points"),
                "xp" => minion_list("xp"),
                "armor" => minion_list("armor"),
                "hand" => minion_list("hand"),
                "missile" => minion_list("missile"),
                "attacks" => minion_list("attacks"),
                "types" => minion_list("type"),
                other => {
                    problems.push(format!("unknown group key '{other}'"));
                    continue;
                }
            };
            if found != toml_to_json(v) {
                problems.push(format!(
                    "group {id} {k}: {found}, expected {}",
                    toml_to_json(v)
                ));
            }
        }
    }
    let structures = report["structures"].as_array().cloned().unwrap_or_default();
    for want in get("structure").and_then(T::as_array).into_iter().flatten() {
        let at = want.get("at").and_then(T::as_str).unwrap_or_default();
        let Some(s) = structures
            .iter()
            .find(|s| square_text(&s["at"]) == J::String(at.into()))
        else {
            problems.push(format!("no structure at {at}"));
            continue;
        };
        for (k, v) in want.as_table().into_iter().flatten() {
            if k == "at" {
                continue;
            }
            if s[k.as_str()] != toml_to_json(v) {
                problems.push(format!(
                    "structure {at} {k}: {}, expected {}",
                    s[k.as_str()],
                    toml_to_json(v)
                ));
            }
        }
    }
    for (side, want) in get("player").and_then(T::as_table).into_iter().flatten() {
        let p = &report["players"][side.as_str()];
        for (k, v) in want.as_table().into_iter().flatten() {
            let found = match k.as_str() {
                "whirlpool_size" => J::from(p["whirlpool"].as_array().map_or(0, Vec::len)),
                _ => p[k.as_str()].clone(),
            };
            if found != toml_to_json(v) {
                problems.push(format!(
                    "player {side} {k}: {found}, expected {}",
                    toml_to_json(v)
                ));
            }
        }
    }
    let kinds: Vec<String> = report["events"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|e| e["event"].as_str().unwrap_or_default().to_string())
        .collect();
    for k in get("events").and_then(T::as_array).into_iter().flatten() {
        let k = k.as_str().unwrap_or_default();
        if !kinds.iter().any(|x| x == k) {
            problems.push(format!("no '{k}' event"));
        }
    }
    for k in get("no_events").and_then(T::as_array).into_iter().flatten() {
        let k = k.as_str().unwrap_or_default();
        if kinds.iter().any(|x| x == k) {
            problems.push(format!("an unexpected '{k}' event"));
        }
    }
    for (k, n) in get("event_counts")
        .and_then(T::as_table)
        .into_iter()
        .flatten()
    {
        let found = kinds.iter().filter(|x| *x == k).count() as i64;
        if Some(found) != n.as_integer() {
            problems.push(format!("{found} '{k}' events, expected {n}"));
        }
    }
    let known = [
        "refused",
        "winner",
        "reason",
        "initiative",
        "turn",
        "gone",
        "group",
        "structure",
        "player",
        "events",
        "no_events",
        "event_counts",
    ];
    for k in expect.as_table().into_iter().flatten().map(|(k, _)| k) {
        if !known.contains(&k.as_str()) {
            problems.push(format!("unknown [expect] key '{k}'"));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

#[test]
fn every_turn_case_holds() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/turns");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/turns exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    let failures: Vec<String> = files
        .iter()
        .filter_map(|f| check(f).err().map(|e| format!("{}: {e}", f.display())))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases fail:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}
