//! The TOML scenario format: one movement phase on a board, read from a string.
//!
//! Reading the file is the caller's business; this module only turns text into a
//! [`Phase`] and explains, with the TOML line and the group's id, what is wrong.

use std::collections::{BTreeMap, HashMap};

use serde::Deserialize;
use toml::Spanned;

use crate::board::Layout;
use crate::groups::{
    Ability, Control, DEFAULT_MONSTER_HP, Effects, Field, Group, GroupError, Minion, Nation,
    RecruitClass,
};
use crate::map::{Structure, StructureKind};
use crate::movement::{Forced, Phase, PhaseGroup, reachable};
use crate::player::{Player, Side};
use crate::square::{Square, SquareError};
use crate::terrain::Terrain;

/// Everything that can be wrong with a scenario. Each variant names the TOML line and,
/// where there is one, the group.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScenarioError {
    #[error("line {line}, column {column}: {message}")]
    Toml {
        line: usize,
        column: usize,
        message: String,
    },
    #[error("line {line}: {what}: {source}")]
    BadSquare {
        what: String,
        line: usize,
        source: SquareError,
    },
    #[error("line {line}: {what}: {square} is off the map")]
    OffMap {
        what: String,
        line: usize,
        square: Square,
    },
    #[error("line {line}: groups '{first}' and '{second}' both stand on {square}")]
    SharedSquare {
        first: String,
        second: String,
        square: Square,
        line: usize,
    },
    #[error("line {line}: two groups are called '{group}'")]
    DuplicateId { group: String, line: usize },
    #[error("line {line}: {source}")]
    Group { line: usize, source: GroupError },
    #[error("line {line}: group '{group}': {message}")]
    Minions {
        group: String,
        line: usize,
        message: String,
    },
    #[error(
        "line {line}: group '{group}': {to} is not a legal destination from {from} \
         (one square orthogonally, or two in a straight line from ice)"
    )]
    IllegalMove {
        group: String,
        line: usize,
        from: Square,
        to: Square,
    },
    #[error("line {line}: group '{group}': '{text}' is not an order (valid: cancel, random, c,r)")]
    BadForced {
        group: String,
        line: usize,
        text: String,
    },
    #[error("line {line}: unknown terrain '{name}'")]
    UnknownTerrain { name: String, line: usize },
    #[error("line {line}: {square} {message}")]
    BadTerrainSquare {
        square: Square,
        line: usize,
        message: String,
    },
    #[error("line {line}: structure: {message}")]
    BadStructure { line: usize, message: String },
}

/// A parsed scenario: the phase, plus the optional notes of a test case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scenario {
    pub phase: Phase,
    pub name: Option<String>,
    /// The rule point a test case exercises.
    pub rule: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    layout: Layout,
    initiative: Side,
    seed: Option<u64>,
    #[serde(default)]
    terrain: BTreeMap<Spanned<String>, Vec<Spanned<String>>>,
    #[serde(default)]
    structure: Vec<RawStructure>,
    #[serde(default)]
    group: Vec<RawGroup>,
    // Notes for people and test harnesses; the resolver ignores them.
    name: Option<String>,
    rule: Option<String>,
    #[allow(dead_code)]
    description: Option<String>,
    #[allow(dead_code)]
    expect: Option<toml::Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStructure {
    kind: Spanned<String>,
    at: Spanned<String>,
    owner: Player,
    novices: Option<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGroup {
    id: Spanned<String>,
    owner: Player,
    #[serde(default)]
    control: Control,
    at: Spanned<String>,
    minions: Spanned<RawMinions>,
    #[serde(default)]
    abilities: Vec<Ability>,
    only_enter: Option<Spanned<String>>,
    #[serde(rename = "move")]
    destination: Option<Spanned<String>>,
    nation: Option<Nation>,
    level: Option<u8>,
    heroes: Option<u8>,
    wounds: Option<u8>,
    spell: Option<Spanned<String>>,
    before_movement: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMinions {
    swordsman: Option<u32>,
    archer: Option<u32>,
    monster: Option<String>,
    count: Option<u32>,
    hp: Option<u8>,
}

fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    (line, column)
}

impl Scenario {
    /// Parses and checks a scenario.
    pub fn parse(text: &str) -> Result<Scenario, ScenarioError> {
        let raw: RawScenario = toml::from_str(text).map_err(|e| {
            let (line, column) = e.span().map_or((0, 0), |s| line_col(text, s.start));
            ScenarioError::Toml {
                line,
                column,
                message: e.message().trim().to_string(),
            }
        })?;
        let line = |offset: usize| line_col(text, offset).0;
        let mut field = Field::new(raw.layout);
        let board = field.board();
        let square = |what: &str, s: &Spanned<String>| -> Result<Square, ScenarioError> {
            let l = line(s.span().start);
            let sq: Square = s
                .get_ref()
                .parse()
                .map_err(|source| ScenarioError::BadSquare {
                    what: what.to_string(),
                    line: l,
                    source,
                })?;
            if !board.is_playable(sq) {
                return Err(ScenarioError::OffMap {
                    what: what.to_string(),
                    line: l,
                    square: sq,
                });
            }
            Ok(sq)
        };

        for st in &raw.structure {
            let l = line(st.at.span().start);
            let at = square("structure", &st.at)?;
            let kind = match st.kind.get_ref().as_str() {
                "town" => StructureKind::Town,
                "colony" => StructureKind::Colony,
                other => {
                    return Err(ScenarioError::BadStructure {
                        line: line(st.kind.span().start),
                        message: format!(
                            "kind '{other}' (valid: town, colony; Sancta and entrances are always there)"
                        ),
                    });
                }
            };
            if field.structure(at).is_some() {
                return Err(ScenarioError::BadStructure {
                    line: l,
                    message: format!("{at} already holds a structure"),
                });
            }
            field.set_structure(
                at,
                Some(Structure {
                    kind,
                    owner: st.owner,
                }),
            );
            field.set_novices(at, st.novices.unwrap_or(0));
        }

        let mut terrain_given: HashMap<Square, ()> = HashMap::new();
        for (name, squares) in &raw.terrain {
            let t = Terrain::from_name(name.get_ref()).ok_or_else(|| {
                ScenarioError::UnknownTerrain {
                    name: name.get_ref().clone(),
                    line: line(name.span().start),
                }
            })?;
            for s in squares {
                let at = square(&format!("terrain {}", t.name()), s)?;
                let l = line(s.span().start);
                if field.structure(at).is_some() {
                    return Err(ScenarioError::BadTerrainSquare {
                        square: at,
                        line: l,
                        message: "holds a structure and is always plains".into(),
                    });
                }
                if terrain_given.insert(at, ()).is_some() {
                    return Err(ScenarioError::BadTerrainSquare {
                        square: at,
                        line: l,
                        message: "is given two terrains".into(),
                    });
                }
                field.set_terrain(at, t);
            }
        }

        let mut groups: Vec<PhaseGroup> = Vec::with_capacity(raw.group.len());
        let mut lines: Vec<usize> = Vec::new();
        for (age, rg) in raw.group.iter().enumerate() {
            let id = rg.id.get_ref().clone();
            let l = line(rg.id.span().start);
            if groups.iter().any(|g| g.group.name == id) {
                return Err(ScenarioError::DuplicateId { group: id, line: l });
            }
            let at = square(&format!("group '{id}'"), &rg.at)?;
            if let Some(other) = groups.iter().find(|g| g.at == at) {
                return Err(ScenarioError::SharedSquare {
                    first: other.group.name.clone(),
                    second: id,
                    square: at,
                    line: line(rg.at.span().start),
                });
            }
            let minions = build_minions(&id, rg, line(rg.minions.span().start))?;
            let mut effects = Effects::default();
            for &a in &rg.abilities {
                effects.add(a);
            }
            if let Some(t) = &rg.only_enter {
                effects.only_enter = Some(Terrain::from_name(t.get_ref()).ok_or_else(|| {
                    ScenarioError::UnknownTerrain {
                        name: t.get_ref().clone(),
                        line: line(t.span().start),
                    }
                })?);
            }
            let group = Group::new(&id, rg.owner, rg.control, age as u32, minions, effects)
                .map_err(|source| ScenarioError::Group { line: l, source })?;
            let destination = |s: &Spanned<String>| -> Result<Square, ScenarioError> {
                let to = square(&format!("group '{id}' move"), s)?;
                if !reachable(&field, at, to) {
                    return Err(ScenarioError::IllegalMove {
                        group: id.clone(),
                        line: line(s.span().start),
                        from: at,
                        to,
                    });
                }
                Ok(to)
            };
            let order = rg.destination.as_ref().map(destination).transpose()?;
            let forced = |s: &Option<Spanned<String>>| -> Result<Option<Forced>, ScenarioError> {
                let Some(s) = s else { return Ok(None) };
                Ok(Some(match s.get_ref().as_str() {
                    "cancel" => Forced::Cancel,
                    "random" => Forced::Random,
                    text if text.contains(',') => Forced::To(destination(s)?),
                    text => {
                        return Err(ScenarioError::BadForced {
                            group: id.clone(),
                            line: line(s.span().start),
                            text: text.to_string(),
                        });
                    }
                }))
            };
            let spell = forced(&rg.spell)?;
            let before_movement = forced(&rg.before_movement)?;
            lines.push(l);
            groups.push(PhaseGroup {
                group,
                at,
                order,
                spell,
                before_movement,
            });
        }
        Ok(Scenario {
            phase: Phase {
                field,
                initiative: raw.initiative,
                seed: raw.seed.unwrap_or(0),
                groups,
            },
            name: raw.name,
            rule: raw.rule,
        })
    }
}

fn build_minions(id: &str, rg: &RawGroup, line: usize) -> Result<Vec<Minion>, ScenarioError> {
    let m = rg.minions.get_ref();
    let bad = |message: String| ScenarioError::Minions {
        group: id.to_string(),
        line,
        message,
    };
    let recruits = m.swordsman.unwrap_or(0) as usize + m.archer.unwrap_or(0) as usize;
    let too_many = |n: usize| ScenarioError::Group {
        line,
        source: GroupError::TooLarge(id.to_string(), n),
    };
    match &m.monster {
        Some(kind) => {
            if m.swordsman.is_some() || m.archer.is_some() {
                return Err(ScenarioError::Group {
                    line,
                    source: GroupError::Mixed(id.to_string()),
                });
            }
            if rg.nation.is_some() || rg.level.is_some() || rg.heroes.is_some() {
                return Err(bad("nation, level and heroes are for recruits".into()));
            }
            let n = m.count.unwrap_or(1) as usize;
            if n > 8 {
                return Err(too_many(n));
            }
            let hp = m.hp.unwrap_or(DEFAULT_MONSTER_HP).max(1);
            let mut out: Vec<Minion> = (0..n).map(|_| Minion::monster(kind, hp)).collect();
            wound(&mut out, rg.wounds, &bad)?;
            Ok(out)
        }
        None => {
            if m.count.is_some() || m.hp.is_some() {
                return Err(bad("count and hp go with monster = \"<type>\"".into()));
            }
            if recruits > 8 {
                return Err(too_many(recruits));
            }
            let level = rg.level.unwrap_or(1);
            if level > 5 {
                return Err(bad(format!("level {level} (valid: 0 to 5)")));
            }
            let heroes = rg.heroes.unwrap_or(0) as usize;
            if heroes > recruits {
                return Err(bad(format!("{heroes} heroes among {recruits} recruits")));
            }
            let classes =
                std::iter::repeat_n(RecruitClass::Swordsman, m.swordsman.unwrap_or(0) as usize)
                    .chain(std::iter::repeat_n(
                        RecruitClass::Archer,
                        m.archer.unwrap_or(0) as usize,
                    ));
            let mut out: Vec<Minion> = classes
                .enumerate()
                .map(|(i, c)| Minion::recruit(c, rg.nation, level, i < heroes))
                .collect();
            wound(&mut out, rg.wounds, &bad)?;
            Ok(out)
        }
    }
}

fn wound(
    minions: &mut [Minion],
    wounds: Option<u8>,
    bad: &dyn Fn(String) -> ScenarioError,
) -> Result<(), ScenarioError> {
    let Some(w) = wounds else { return Ok(()) };
    for m in minions.iter_mut() {
        if w >= m.hit_points {
            return Err(bad(format!(
                "wounds {w} would kill a minion of {} hit points",
                m.hit_points
            )));
        }
        m.damage = w;
    }
    Ok(())
}
