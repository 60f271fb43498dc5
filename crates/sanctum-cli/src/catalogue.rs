//! `sanctum cards` and `sanctum card ID`: the card pool.
//!
//! Cards are read through their serialised form, field by field, so that a field the
//! catalogue gains later shows up here (in `card` and in the JSON) without a change.

use std::fmt::Write as _;

use sanctum_rules::cards::{CATALOGUE, CardDef};
use sanctum_rules::decks::nearest_card;
use sanctum_rules::mana::House;
use serde_json::{Value, json};

use crate::resolve::BadInput;

/// Fields shown first by `card`, in this order; the others follow by name, the text last.
const FIRST: [&str; 4] = ["id", "name", "house", "cost"];
const LAST: &str = "text";

/// `sanctum cards [--house H] [--json]`.
pub fn cards(house: Option<House>, json: bool) -> anyhow::Result<String> {
    let chosen: Vec<&CardDef> = CATALOGUE
        .iter()
        .filter(|c| house.is_none_or(|h| c.house == h))
        .collect();
    let values = chosen
        .iter()
        .map(|c| card_value(c))
        .collect::<Result<Vec<_>, _>>()?;
    if json {
        return Ok(format!("{}\n", serde_json::to_string_pretty(&values)?));
    }
    let header = ["id", "name", "house", "type", "target", "cost", "text"];
    let rows: Vec<[String; 7]> = chosen
        .iter()
        .zip(&values)
        .map(|(c, v)| {
            [
                c.id.to_string(),
                c.name.to_string(),
                c.house.name().to_string(),
                field(v, &["spell_type", "type", "kind"]),
                field(v, &["target", "target_type"]),
                cost_text(c),
                one_line(c.text),
            ]
        })
        .collect();
    let mut widths = header.map(str::len);
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut out = String::new();
    let line = |out: &mut String, cells: &[&str]| {
        let last = cells.len() - 1;
        for (i, cell) in cells.iter().enumerate() {
            if i == last {
                let _ = writeln!(out, "{cell}");
            } else {
                let _ = write!(out, "{cell:<w$}  ", w = widths[i]);
            }
        }
    };
    line(&mut out, &header);
    for row in &rows {
        line(&mut out, &row.each_ref().map(String::as_str));
    }
    let _ = writeln!(
        out,
        "{} cards{}",
        rows.len(),
        house.map_or(String::new(), |h| format!(" of {}", h.name()))
    );
    Ok(out)
}

/// `sanctum card ID [--json]`: every field the catalogue holds for one card.
pub fn card(id: &str, json: bool) -> anyhow::Result<String> {
    let Some(c) = CATALOGUE.iter().find(|c| c.id == id) else {
        let hint = nearest_card(id).map_or(String::new(), |n| format!("; did you mean '{n}'?"));
        let shown: String = id.chars().take(40).filter(|c| !c.is_control()).collect();
        return Err(BadInput(format!(
            "unknown card '{shown}'{hint} (`sanctum cards` lists all {})",
            CATALOGUE.len()
        ))
        .into());
    };
    let v = card_value(c)?;
    if json {
        return Ok(format!("{}\n", serde_json::to_string_pretty(&v)?));
    }
    let mut out = format!("{} ({})\n", c.name, c.id);
    if let Value::Object(map) = &v {
        let rest = map
            .keys()
            .map(String::as_str)
            .filter(|k| !FIRST.contains(k) && *k != LAST);
        for key in FIRST.into_iter().chain(rest).chain([LAST]) {
            let mut lines = Vec::new();
            match map.get(key) {
                None => continue,
                Some(_) if key == "cost" => lines.push((key.to_string(), cost_text(c))),
                Some(value) => flatten(key, value, &mut lines),
            }
            for (k, value) in lines {
                let _ = writeln!(out, "  {k}: {value}");
            }
        }
    }
    Ok(out)
}

/// A card as JSON: its serialised fields, plus `cost` by mana type when the card does
/// not already give one.
fn card_value(c: &CardDef) -> anyhow::Result<Value> {
    let mut v = serde_json::to_value(c)?;
    if let Value::Object(map) = &mut v {
        map.entry("cost").or_insert_with(|| json!(c.cost()));
    }
    Ok(v)
}

/// "5 strife + 1 clarity": the cost in the house's primary and secondary types.
fn cost_text(c: &CardDef) -> String {
    let cost = c.cost();
    let (p, s) = (c.house.primary(), c.house.secondary());
    format!(
        "{} {} + {} {}",
        cost.get(p),
        p.name(),
        cost.get(s),
        s.name()
    )
}

/// The first of `keys` that the card has, written short.
fn field(v: &Value, keys: &[&str]) -> String {
    keys.iter()
        .find_map(|k| v.get(*k))
        .map_or_else(|| "-".to_string(), short)
}

/// A value on one line: `conjuration (turns 2)` for `{"conjuration": {"turns": 2}}`.
fn short(v: &Value) -> String {
    short_in("", v)
}

/// [`short`] for the value of `key`: an entry of an object that repeats the key (the
/// tag serde writes for an enum, `{"need": "friendly"}` under `need`) shows as its
/// value alone.
fn short_in(key: &str, v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_by_key(|(k, _)| k.as_str() != key);
            let parts: Vec<String> = entries
                .into_iter()
                .map(|(k, v)| match v {
                    Value::String(s) if k == key => s.clone(),
                    Value::Object(inner) if !inner.is_empty() => {
                        let inner = short_in(k, v);
                        if inner.contains(' ') {
                            format!("{k} ({inner})")
                        } else {
                            format!("{k} {inner}")
                        }
                    }
                    Value::Object(_) | Value::Null => k.clone(),
                    _ => format!("{k} {}", short_in(k, v)),
                })
                .collect();
            parts.join(", ")
        }
        Value::Array(items) if items.is_empty() => "none".to_string(),
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(|v| short_in(key, v)).collect();
            parts.join("; ")
        }
        other => other.to_string(),
    }
}

/// `effect.monster.hand: 3`: one line a leaf; a tag that repeats its key shows on the
/// key's own line (`effect: summon`, not `effect.effect: summon`).
fn flatten(prefix: &str, v: &Value, out: &mut Vec<(String, String)>) {
    let last = prefix.rsplit('.').next().unwrap_or(prefix);
    match v {
        Value::Object(map) if !map.is_empty() => {
            for (k, v) in map {
                match v {
                    Value::String(s) if k == last => out.push((prefix.to_string(), s.clone())),
                    _ => flatten(&format!("{prefix}.{k}"), v, out),
                }
            }
        }
        _ => out.push((prefix.to_string(), short_in(last, v))),
    }
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Shapes the catalogue does not have yet still show on one line.
    #[test]
    fn any_field_shape_is_written_short_and_flattened() {
        assert_eq!(short(&json!("globe")), "globe");
        assert_eq!(
            short(&json!({"conjuration": {"turns": 2}})),
            "conjuration (turns 2)"
        );
        assert_eq!(short(&json!({"hero": null})), "hero");
        let lines = |key: &str, v: Value| {
            let mut lines = Vec::new();
            flatten(key, &v, &mut lines);
            lines
                .iter()
                .map(|(k, v)| format!("{k}: {v}"))
                .collect::<Vec<String>>()
        };
        assert_eq!(
            lines(
                "effect",
                json!({"effect": "summon", "monster": {"hand": 3, "abilities": ["flight", "no_join"]}})
            ),
            [
                "effect: summon",
                "effect.monster.abilities: flight; no_join",
                "effect.monster.hand: 3"
            ]
        );
        assert_eq!(
            lines(
                "requires",
                json!([
                    {"need": {"need": "friendly"}, "persistent": false},
                    {"need": {"need": "at_most", "minions": 4}, "persistent": true}
                ])
            ),
            [
                "requires: need friendly, persistent false; need (at_most, minions 4), persistent true"
            ]
        );
    }

    #[test]
    fn a_cost_is_written_primary_then_secondary_with_the_type_names() {
        for c in &CATALOGUE {
            let text = cost_text(c);
            assert!(
                text.starts_with(&format!(
                    "{} {}",
                    c.cost().get(c.house.primary()),
                    c.house.primary().name()
                )),
                "{}: {text}",
                c.id
            );
        }
    }
}
