//! The TOML scenario format: one movement phase on a board, read from a string.
//!
//! Reading the file is the caller's business; this module only turns text into a
//! [`Phase`] and explains, with the TOML line and the group's id, what is wrong.

use std::collections::{BTreeMap, HashMap};
use std::ops::RangeInclusive;

use serde::Deserialize;
use toml::Spanned;

use crate::board::{Board, Layout};
use crate::cards::CATALOGUE;
use crate::groups::{
    Ability, Control, DEFAULT_MONSTER_HP, Effects, Field, Group, GroupError, MONSTER_KINDS, Minion,
    Nation, RecruitClass,
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
    /// A TOML or shape error; the column is unknown for the few errors the
    /// parser reports without a position (the line is then found by bisection).
    #[error("line {line}{}: {message}", column.map(|c| format!(", column {c}")).unwrap_or_default())]
    Toml {
        line: usize,
        column: Option<usize>,
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
        "line {line}: group '{group}': {key} {to} is not a legal destination from {from} \
         (one square orthogonally, or two in a straight line from ice)"
    )]
    IllegalMove {
        group: String,
        key: &'static str,
        line: usize,
        from: Square,
        to: Square,
    },
    #[error("line {line}: {what}: {key} = {value} is out of range (allowed: {min} to {max})")]
    OutOfRange {
        what: String,
        key: &'static str,
        value: i64,
        min: i64,
        max: i64,
        line: usize,
    },
    #[error(
        "line {line}: group '{group}': monster = '{kind}' is not a known monster type (valid: {valid})"
    )]
    UnknownMonster {
        group: String,
        kind: String,
        valid: String,
        line: usize,
    },
    #[error("line {line}: group id = '': a group needs a name")]
    EmptyId { line: usize },
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
    seed: Option<Number>,
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
    novices: Option<Number>,
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
    level: Option<Number>,
    heroes: Option<Number>,
    wounds: Option<Number>,
    spell: Option<Spanned<String>>,
    before_movement: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMinions {
    swordsman: Option<Number>,
    archer: Option<Number>,
    monster: Option<Spanned<String>>,
    count: Option<Number>,
    hp: Option<Number>,
}

/// A whole number as written, with its place; see [`RANGES`].
type Number = Spanned<i64>;

/// The range of every whole number in a scenario: key, smallest, largest.
/// A value outside it is an error naming the group (or structure), the key,
/// the value and the range.
pub const RANGES: &[(&str, RangeInclusive<i64>)] = &[
    ("seed", 0..=i64::MAX),
    ("novices", 0..=50),
    ("swordsman", 0..=8),
    ("archer", 0..=8),
    ("count", 1..=8),
    ("hp", 1..=50),
    ("level", 0..=5),
    ("heroes", 0..=8),
    ("wounds", 0..=49),
];

/// Reads the whole number `key` (absent: `None`) and checks it against its
/// range in [`RANGES`]; `what` names the group or structure in the error.
fn number<T: TryFrom<i64>>(
    text: &str,
    what: &str,
    key: &'static str,
    n: &Option<Number>,
) -> Result<Option<T>, ScenarioError> {
    let Some(n) = n else { return Ok(None) };
    let range = RANGES
        .iter()
        .find(|(k, _)| *k == key)
        .map_or(0..=0, |(_, r)| r.clone());
    let value = *n.get_ref();
    let out_of_range = || ScenarioError::OutOfRange {
        what: what.to_string(),
        key,
        value,
        min: *range.start(),
        max: *range.end(),
        line: line_col(text, n.span().start).0,
    };
    if !range.contains(&value) {
        return Err(out_of_range());
    }
    T::try_from(value).map(Some).map_err(|_| out_of_range())
}

pub(crate) fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    (line, column)
}

/// The line of a TOML error reported without a position (such as the
/// parser's recursion limit on a long dotted key): the first line whose text
/// up to and including it fails the same way, found by bisection; line 1 when
/// the error is not a syntax error.
pub(crate) fn spanless_line(text: &str) -> usize {
    let fails =
        |end: usize| toml::from_str::<toml::Table>(&text[..end]).is_err_and(|e| e.span().is_none());
    let ends: Vec<usize> = (text.match_indices('\n').map(|(i, _)| i + 1))
        .chain([text.len()])
        .collect();
    match ends.partition_point(|&end| !fails(end)) {
        n if n == ends.len() => 1,
        n => n + 1,
    }
}

impl Scenario {
    /// Parses and checks a scenario.
    pub fn parse(text: &str) -> Result<Scenario, ScenarioError> {
        let raw: RawScenario = toml::from_str(text).map_err(|e| toml_error(text, &e))?;
        let mut field = Field::new(raw.layout);
        let src = Source {
            text,
            board: field.board(),
        };
        place_structures(&src, &mut field, &raw.structure)?;
        place_terrain(&src, &mut field, &raw.terrain)?;
        let mut groups: Vec<PhaseGroup> = Vec::with_capacity(raw.group.len());
        for (age, rg) in raw.group.iter().enumerate() {
            let group = phase_group(&src, &field, &groups, age, rg)?;
            groups.push(group);
        }
        Ok(Scenario {
            phase: Phase {
                field,
                initiative: raw.initiative,
                seed: number(text, "scenario", "seed", &raw.seed)?.unwrap_or(0),
                groups,
            },
            name: raw.name,
            rule: raw.rule,
        })
    }
}

/// A TOML syntax or shape error, placed at its line (and column when known).
fn toml_error(text: &str, e: &toml::de::Error) -> ScenarioError {
    let (line, column) = e.span().map_or((spanless_line(text), None), |s| {
        let (line, column) = line_col(text, s.start);
        (line, Some(column))
    });
    ScenarioError::Toml {
        line,
        column,
        message: e.message().trim().to_string(),
    }
}

/// The scenario's text and board, for placing errors and checking squares.
struct Source<'a> {
    text: &'a str,
    board: &'static Board,
}

impl Source<'_> {
    /// The line of a byte offset into the text.
    fn line(&self, offset: usize) -> usize {
        line_col(self.text, offset).0
    }

    /// A written square, checked to be well formed and on the board.
    fn square(&self, what: &str, s: &Spanned<String>) -> Result<Square, ScenarioError> {
        let l = self.line(s.span().start);
        let sq: Square = s
            .get_ref()
            .parse()
            .map_err(|source| ScenarioError::BadSquare {
                what: what.to_string(),
                line: l,
                source,
            })?;
        if !self.board.is_playable(sq) {
            return Err(ScenarioError::OffMap {
                what: what.to_string(),
                line: l,
                square: sq,
            });
        }
        Ok(sq)
    }
}

/// Puts the scenario's towns and colonies, with their novices, on the field.
fn place_structures(
    src: &Source<'_>,
    field: &mut Field,
    structures: &[RawStructure],
) -> Result<(), ScenarioError> {
    for st in structures {
        let l = src.line(st.at.span().start);
        let at = src.square("structure", &st.at)?;
        let kind = match st.kind.get_ref().as_str() {
            "town" => StructureKind::Town,
            "colony" => StructureKind::Colony,
            other => {
                return Err(ScenarioError::BadStructure {
                    line: src.line(st.kind.span().start),
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
        let novices = number(src.text, "structure", "novices", &st.novices)?;
        field.set_novices(at, novices.unwrap_or(0));
    }
    Ok(())
}

/// Sets the terrain the scenario names, refusing structure squares and squares named twice.
fn place_terrain(
    src: &Source<'_>,
    field: &mut Field,
    terrain: &BTreeMap<Spanned<String>, Vec<Spanned<String>>>,
) -> Result<(), ScenarioError> {
    let mut terrain_given: HashMap<Square, ()> = HashMap::new();
    for (name, squares) in terrain {
        let t =
            Terrain::from_name(name.get_ref()).ok_or_else(|| ScenarioError::UnknownTerrain {
                name: name.get_ref().clone(),
                line: src.line(name.span().start),
            })?;
        for s in squares {
            let at = src.square(&format!("terrain {}", t.name()), s)?;
            let l = src.line(s.span().start);
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
    Ok(())
}

/// Builds and checks one group of the scenario against the groups before it.
fn phase_group(
    src: &Source<'_>,
    field: &Field,
    groups: &[PhaseGroup],
    age: usize,
    rg: &RawGroup,
) -> Result<PhaseGroup, ScenarioError> {
    let id = rg.id.get_ref().clone();
    let l = src.line(rg.id.span().start);
    if id.trim().is_empty() {
        return Err(ScenarioError::EmptyId { line: l });
    }
    if groups.iter().any(|g| g.group.name == id) {
        return Err(ScenarioError::DuplicateId { group: id, line: l });
    }
    let at = src.square(&format!("group '{id}'"), &rg.at)?;
    if let Some(other) = groups.iter().find(|g| g.at == at) {
        return Err(ScenarioError::SharedSquare {
            first: other.group.name.clone(),
            second: id,
            square: at,
            line: src.line(rg.at.span().start),
        });
    }
    let minions = build_minions(src.text, &id, rg)?;
    let effects = group_effects(src, rg)?;
    let group = Group::new(&id, rg.owner, rg.control, age as u32, minions, effects)
        .map_err(|source| ScenarioError::Group { line: l, source })?;
    let moves = Moves {
        src,
        field,
        id: &id,
        at,
    };
    let order = rg
        .destination
        .as_ref()
        .map(|s| moves.destination(s, "move"))
        .transpose()?;
    let spell = moves.forced(&rg.spell, "spell")?;
    let before_movement = moves.forced(&rg.before_movement, "before_movement")?;
    Ok(PhaseGroup {
        group,
        at,
        order,
        spell,
        before_movement,
        goal: None,
    })
}

/// A group's abilities and the one terrain it may only enter, if any.
fn group_effects(src: &Source<'_>, rg: &RawGroup) -> Result<Effects, ScenarioError> {
    let mut effects = Effects::default();
    for &a in &rg.abilities {
        effects.add(a);
    }
    if let Some(t) = &rg.only_enter {
        effects.only_enter =
            Some(
                Terrain::from_name(t.get_ref()).ok_or_else(|| ScenarioError::UnknownTerrain {
                    name: t.get_ref().clone(),
                    line: src.line(t.span().start),
                })?,
            );
    }
    Ok(effects)
}

/// One group's place, for checking the squares its orders name.
struct Moves<'a> {
    src: &'a Source<'a>,
    field: &'a Field,
    id: &'a str,
    at: Square,
}

impl Moves<'_> {
    /// A square the group is sent to under `key`, checked to be one step away.
    fn destination(&self, s: &Spanned<String>, key: &'static str) -> Result<Square, ScenarioError> {
        let id = self.id;
        let to = self.src.square(&format!("group '{id}' {key}"), s)?;
        if !reachable(self.field, self.at, to) {
            return Err(ScenarioError::IllegalMove {
                group: id.to_string(),
                key,
                line: self.src.line(s.span().start),
                from: self.at,
                to,
            });
        }
        Ok(to)
    }

    /// A forced move under `key`: cancel, random or a square; absent is `None`.
    fn forced(
        &self,
        s: &Option<Spanned<String>>,
        key: &'static str,
    ) -> Result<Option<Forced>, ScenarioError> {
        let Some(s) = s else { return Ok(None) };
        Ok(Some(match s.get_ref().as_str() {
            "cancel" => Forced::Cancel,
            "random" => Forced::Random,
            text if text.contains(',') => Forced::To(self.destination(s, key)?),
            text => {
                return Err(ScenarioError::BadForced {
                    group: self.id.to_string(),
                    line: self.src.line(s.span().start),
                    text: text.to_string(),
                });
            }
        }))
    }
}

/// Every monster type a scenario may name: the generic kinds of
/// [`MONSTER_KINDS`] and those the card pool summons.
fn known_monsters() -> Vec<&'static str> {
    let summoned = CATALOGUE
        .iter()
        .flat_map(|c| c.effects())
        .filter_map(|e| e.monster().map(|m| m.kind));
    MONSTER_KINDS.iter().copied().chain(summoned).collect()
}

fn build_minions(text: &str, id: &str, rg: &RawGroup) -> Result<Vec<Minion>, ScenarioError> {
    let line = line_col(text, rg.minions.span().start).0;
    let m = rg.minions.get_ref();
    let what = format!("group '{id}'");
    let num = |key, n: &Option<Number>| number::<u8>(text, &what, key, n);
    let bad = |message: String| ScenarioError::Minions {
        group: id.to_string(),
        line,
        message,
    };
    let (swordsmen, archers) = (num("swordsman", &m.swordsman)?, num("archer", &m.archer)?);
    let recruits = usize::from(swordsmen.unwrap_or(0)) + usize::from(archers.unwrap_or(0));
    let too_many = |n: usize| ScenarioError::Group {
        line,
        source: GroupError::TooLarge(id.to_string(), n),
    };
    let wounds = num("wounds", &rg.wounds)?;
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
            let known = known_monsters();
            if !known.contains(&kind.get_ref().as_str()) {
                return Err(ScenarioError::UnknownMonster {
                    group: id.to_string(),
                    kind: kind.get_ref().clone(),
                    valid: known.join(", "),
                    line: line_col(text, kind.span().start).0,
                });
            }
            let n = num("count", &m.count)?.unwrap_or(1);
            let hp = num("hp", &m.hp)?.unwrap_or(DEFAULT_MONSTER_HP);
            let mut out: Vec<Minion> = (0..n)
                .map(|_| Minion::monster(kind.get_ref(), hp))
                .collect();
            wound(&mut out, wounds, &bad)?;
            Ok(out)
        }
        None => {
            if m.count.is_some() || m.hp.is_some() {
                return Err(bad("count and hp go with monster = \"<type>\"".into()));
            }
            if recruits > 8 {
                return Err(too_many(recruits));
            }
            let level = num("level", &rg.level)?.unwrap_or(1);
            let heroes = usize::from(num("heroes", &rg.heroes)?.unwrap_or(0));
            if heroes > recruits {
                return Err(bad(format!("{heroes} heroes among {recruits} recruits")));
            }
            let classes =
                std::iter::repeat_n(RecruitClass::Swordsman, usize::from(swordsmen.unwrap_or(0)))
                    .chain(std::iter::repeat_n(
                        RecruitClass::Archer,
                        usize::from(archers.unwrap_or(0)),
                    ));
            let mut out: Vec<Minion> = classes
                .enumerate()
                .map(|(i, c)| Minion::recruit(c, rg.nation, level, i < heroes))
                .collect();
            wound(&mut out, wounds, &bad)?;
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
