//! `sanctum resolve FILE`: run one movement phase from a TOML scenario.

use std::fmt;
use std::path::Path;

use sanctum_rules::movement::Resolution;
use sanctum_rules::{Phase, Scenario};
use serde::Serialize;

/// Bad input (unreadable or invalid scenario): the binary exits with code 2.
#[derive(Debug)]
pub struct BadInput(pub String);

impl fmt::Display for BadInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadInput {}

/// Reads, checks and resolves a scenario; returns the whole text to print.
pub fn run(file: &Path, json: bool, trace: bool) -> anyhow::Result<String> {
    let text = crate::input::read(file).map_err(BadInput)?;
    let scenario =
        Scenario::parse(&text).map_err(|e| BadInput(format!("{}: {e}", file.display())))?;
    let phase = &scenario.phase;
    let res = phase.resolve(trace || !json);
    Ok(if json {
        let out = Output {
            groups: entries(phase, &res),
            trace: trace.then_some(res.trace.as_slice()),
        };
        format!("{}\n", serde_json::to_string_pretty(&out)?)
    } else {
        readable(&scenario, &res)
    })
}

/// The JSON document; fields serialise in declaration order.
#[derive(Serialize)]
struct Output<'a> {
    groups: Vec<Entry<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    trace: Option<&'a [String]>,
}

#[derive(Serialize)]
struct Entry<'a> {
    id: &'a str,
    at: Option<String>,
    result: &'static str,
    into: Option<&'a str>,
    size: usize,
}

fn entries<'a>(phase: &'a Phase, res: &'a Resolution) -> Vec<Entry<'a>> {
    res.groups
        .iter()
        .map(|g| Entry {
            id: &g.name,
            at: g.at.map(|s| s.to_string()),
            result: g.outcome.name(),
            into: g.into.map(|k| phase.groups[k].group.name.as_str()),
            size: g.size,
        })
        .collect()
}

fn readable(scenario: &Scenario, res: &Resolution) -> String {
    let phase = &scenario.phase;
    let mut out = String::new();
    if let Some(name) = &scenario.name {
        out.push_str(&format!("{name}\n"));
    }
    out.push_str(&format!(
        "movement phase on the {} board, {} has initiative, seed {}\n\n",
        phase.field.layout().name(),
        phase.initiative.name(),
        phase.seed
    ));
    for line in &res.trace {
        out.push_str(line);
        out.push('\n');
    }
    out.push_str("\nresult:\n");
    for g in &res.groups {
        let at = g.at.map_or("-".to_string(), |s| s.to_string());
        let into = g
            .into
            .map(|k| format!(" into {}", phase.groups[k].group.name))
            .unwrap_or_default();
        out.push_str(&format!(
            "  {:<8} {:<11} {:<6} size {}{into}\n",
            g.name,
            g.outcome.name(),
            at,
            g.size
        ));
    }
    out
}
