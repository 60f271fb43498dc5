//! The checked list of names: every spell, monster and helper name the sources give
//! (`tests/data/spell_names.txt`, each with where it is named) is either a card of the
//! pool or a row of the table "Names not in the pool" in `docs/rules/spells.md`, with
//! its status and reason. A name the sources give can thus never drop out of sight:
//! adding a card removes its row (a row for a card of the pool fails), and a name
//! without either fails.

use std::collections::BTreeMap;
use std::path::Path;

use sanctum_rules::cards::CATALOGUE;

/// The statuses a row of the table may give.
const STATUSES: [&str; 3] = ["helper", "waits", "not a card"];

/// A name as compared: lower case, letters and digits only ("Terrain Bind" and
/// "Terrain-Bind" are one name).
fn key(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

fn read(rel: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The names of the list file: name → where it is named.
fn named() -> Vec<(String, String)> {
    read("tests/data/spell_names.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (name, source) = l
                .split_once('|')
                .unwrap_or_else(|| panic!("'{l}': a line is 'name | where named'"));
            (name.trim().to_string(), source.trim().to_string())
        })
        .collect()
}

/// The rows of the table under "## Names not in the pool": name → (status, reason).
fn not_in_pool() -> BTreeMap<String, (String, String, String)> {
    let doc = read("../../docs/rules/spells.md");
    let start = doc
        .find("## Names not in the pool")
        .expect("docs/rules/spells.md has a section 'Names not in the pool'");
    let mut rows = BTreeMap::new();
    for line in doc[start..].lines().skip(1) {
        if line.starts_with("## ") {
            break;
        }
        let cells: Vec<&str> = line.trim().trim_matches('|').split('|').collect();
        if !line.starts_with('|') || cells.len() != 3 || cells[0].trim() == "name" {
            continue;
        }
        if cells[0].trim_start().starts_with("---") {
            continue;
        }
        let name = cells[0].trim().to_string();
        let previous = rows.insert(
            key(&name),
            (name.clone(), cells[1].trim().into(), cells[2].trim().into()),
        );
        assert!(previous.is_none(), "'{name}' has two rows");
    }
    rows
}

#[test]
fn every_named_spell_is_in_the_pool_or_a_documented_exclusion() {
    let pool: BTreeMap<String, &str> = CATALOGUE.iter().map(|c| (key(c.name), c.id)).collect();
    let rows = not_in_pool();
    let names = named();
    let mut seen = BTreeMap::new();
    let mut problems = Vec::new();
    for (name, source) in &names {
        if let Some(first) = seen.insert(key(name), name.clone()) {
            problems.push(format!("'{name}' is listed twice (also as '{first}')"));
        }
        if source.is_empty() {
            problems.push(format!("'{name}' says nowhere where it is named"));
        }
        match (pool.get(&key(name)), rows.get(&key(name))) {
            (Some(id), Some(_)) => problems.push(format!(
                "'{name}' is the card {id} of the pool: remove its row from 'Names not in the pool'"
            )),
            (None, None) => problems.push(format!(
                "'{name}' ({source}) is neither in the pool nor in 'Names not in the pool' of docs/rules/spells.md"
            )),
            (None, Some((_, status, reason))) => {
                if !STATUSES.contains(&status.as_str()) {
                    problems.push(format!(
                        "'{name}': status '{status}' is none of {STATUSES:?}"
                    ));
                }
                if reason.len() < 10 {
                    problems.push(format!("'{name}': the row gives no reason"));
                }
            }
            (Some(_), None) => {}
        }
    }
    for (k, (name, _, _)) in &rows {
        if !seen.contains_key(k) {
            problems.push(format!(
                "'{name}' has a row in 'Names not in the pool' but is not in tests/data/spell_names.txt"
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
    // The list is the whole of the sources' names: it never shrinks below what the
    // research counted (about 210 names).
    assert!(names.len() >= 210, "{} names", names.len());
}

#[test]
fn names_compare_without_case_or_punctuation() {
    assert_eq!(key("Terrain-Bind"), key("terrain bind"));
    assert_eq!(key("Will o' the Wisp"), "willothewisp");
    assert_ne!(key("Sword of Zana I"), key("Sword of Zana II"));
}

#[test]
fn every_card_of_the_pool_has_a_turn_case() {
    // Issue 11: at least one turn scenario per card (cast in it, or in play before it).
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/turns");
    let mut text = String::new();
    for entry in std::fs::read_dir(&dir).expect("tests/turns exists") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|x| x == "toml") {
            text += &std::fs::read_to_string(&path).expect("readable");
        }
    }
    let missing: Vec<&str> = CATALOGUE
        .iter()
        .map(|c| c.id)
        .filter(|id| !text.contains(&format!("\"{id}\"")))
        .collect();
    assert!(missing.is_empty(), "no turn case names: {missing:?}");
}
