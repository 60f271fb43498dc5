//! The turn scenario format: a game state and both players' orders for one turn, read
//! from TOML text. It extends the movement scenario format (README, "Resolving a
//! movement phase") with players, hands, decks, mana, structures with owners and
//! novices, groups with levels, damage and nations, and `[[order]]` tables.
//!
//! Beyond the movement format: `start_of_turn = false` skips the turn's opening nine
//! steps; `next_turn = true` ends the turn with the next start of turn, as a played
//! turn does; a player's `next_turn_mana` is mana waiting from a Burst cast last turn.
//! An order names a group by its `id`, or by its square (`"c,r"`) for a group trained
//! in the same orders (`group = "5,4"`, `target = "minion:3,2:4"`).
//!
//! `[[spell]]` tables (`card`, `owner`, `target` as an order writes it) put alterations
//! and conjurations in play before the turn, as if cast earlier (a conjuration's
//! duration counts from this turn; what a spell does only when it executes — a change
//! of owner, a Terrain-Bind's terrain — is not replayed); a group's `hero = true`
//! makes its recruits Heroes.
//!
//! Reading the file is the caller's business; every error names the TOML line and,
//! where there is one, the group.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use crate::board::Layout;
use crate::cards::{CATALOGUE, CardId, MonsterDef};
use crate::game::orders::{Order, Target, TrainAs};
use crate::game::state::{GameState, Host, SpellRef, TownInfo};
use crate::game::turn::TurnOrders;
use crate::groups::{Ability, Control, Minion, MinionKind, Nation, RecruitClass};
use crate::mana::{House, Mana, ManaType};
use crate::map::{Structure, StructureKind};
use crate::player::{Player, Side};
use crate::square::Square;
use crate::terrain::Terrain;

mod orders;
mod report;

use orders::{in_play, order};
pub use report::*;

/// What is wrong with a turn scenario, with the TOML line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct TurnScenarioError {
    pub line: usize,
    pub message: String,
}

/// A parsed turn scenario.
#[derive(Clone, Debug)]
pub struct TurnScenario {
    pub state: GameState,
    pub orders: TurnOrders,
    /// Whether the turn starts with the nine start-of-turn steps.
    pub start_of_turn: bool,
    /// Whether the turn ends with the next turn's start of turn, as a played turn does
    /// (so that what carries into the next turn can be seen).
    pub next_turn: bool,
    pub name: Option<String>,
    pub rule: Option<String>,
    /// The `[expect]` table, for test harnesses.
    pub expect: Option<toml::Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    layout: Layout,
    #[serde(default = "one", deserialize_with = "turn_number")]
    turn: u32,
    initiative: Side,
    #[serde(default)]
    seed: u64,
    #[serde(default = "yes")]
    start_of_turn: bool,
    #[serde(default)]
    next_turn: bool,
    #[serde(default)]
    terrain: BTreeMap<Spanned<String>, Vec<Spanned<String>>>,
    #[serde(default)]
    structure: Vec<RawStructure>,
    player: BTreeMap<Spanned<String>, RawPlayer>,
    #[serde(default)]
    group: Vec<RawGroup>,
    #[serde(default)]
    order: Vec<RawOrder>,
    /// Spells already in play when the turn starts (`card`, `owner`, `target`).
    #[serde(default)]
    spell: Vec<RawSpell>,
    name: Option<String>,
    rule: Option<String>,
    #[allow(dead_code)]
    description: Option<String>,
    expect: Option<toml::Value>,
}

fn one() -> u32 {
    1
}

/// A deserializer for a whole number key that must lie in a range; the error names the
/// key, the value and the range, and toml adds the line and column.
macro_rules! bounded {
    ($name:ident, $t:ty, $key:literal, $lo:expr, $hi:expr) => {
        fn $name<'de, D: serde::Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
            let v = i64::deserialize(d)?;
            let (lo, hi) = ($lo as i64, $hi as i64);
            if !(lo..=hi).contains(&v) {
                return Err(serde::de::Error::custom(format!(
                    "`{}` = {v} is out of range (allowed: {lo} to {hi})",
                    $key
                )));
            }
            Ok(v as $t)
        }
    };
}

bounded!(turn_number, u32, "turn", 1, crate::stats::TURN_LIMIT);
bounded!(novice_count, u8, "novices", 0, crate::stats::MAX_NOVICES);
bounded!(capture_turn, u32, "captured", 0, crate::stats::TURN_LIMIT);
bounded!(structure_delta, i32, "delta", -100, 100);
bounded!(level_number, u8, "level", 0, crate::stats::MAX_LEVEL);
bounded!(damage_taken, u8, "damage", 0, 250);
bounded!(experience, u16, "xp", 0, 1000);

fn withdraw_at<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
    bounded!(round, u8, "withdraw_round", 1, crate::stats::MAX_ROUNDS);
    round(d).map(Some)
}

/// Most mana of one type a scenario may give a player.
const MAX_MANA: i64 = 999;

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStructure {
    kind: Spanned<String>,
    at: Spanned<String>,
    owner: Player,
    #[serde(default, deserialize_with = "novice_count")]
    novices: u8,
    mana: Option<Spanned<String>>,
    #[serde(default, deserialize_with = "capture_turn")]
    captured: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlayer {
    house: Spanned<String>,
    #[serde(default)]
    mana: BTreeMap<Spanned<String>, Spanned<i64>>,
    sanctum_mana: Option<BTreeMap<Spanned<String>, Spanned<i64>>>,
    #[serde(default)]
    hand: Vec<Spanned<String>>,
    /// Top of the deck first.
    #[serde(default)]
    deck: Vec<Spanned<String>>,
    #[serde(default)]
    discarded: bool,
    /// The M of Revolvers in the hand (one entry per copy's card id; default 1).
    #[serde(default)]
    revolving: BTreeMap<Spanned<String>, Spanned<i64>>,
    #[serde(default, deserialize_with = "structure_delta")]
    delta: i32,
    /// Extra mana waiting for the next generation (Bursts cast last turn).
    #[serde(default)]
    next_turn_mana: BTreeMap<Spanned<String>, Spanned<i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGroup {
    id: Spanned<String>,
    owner: Player,
    #[serde(default)]
    control: Control,
    at: Spanned<String>,
    minions: Spanned<BTreeMap<String, toml::Value>>,
    nation: Option<Nation>,
    #[serde(default = "one_u8", deserialize_with = "level_number")]
    level: u8,
    #[serde(default, deserialize_with = "damage_taken")]
    damage: u8,
    #[serde(default, deserialize_with = "experience")]
    xp: u16,
    #[serde(default)]
    abilities: Vec<Ability>,
    #[serde(default, deserialize_with = "withdraw_at")]
    withdraw_round: Option<u8>,
    /// Its recruits are Heroes (a Hero card's class and nation name which Hero).
    #[serde(default)]
    hero: bool,
}

fn one_u8() -> u8 {
    1
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpell {
    card: Spanned<String>,
    owner: Player,
    target: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOrder {
    player: Spanned<Side>,
    kind: Spanned<String>,
    card: Option<Spanned<String>>,
    target: Option<Spanned<String>>,
    group: Option<Spanned<String>>,
    to: Option<Spanned<String>>,
    at: Option<Spanned<String>>,
    class: Option<Spanned<String>>,
    mana: Option<Spanned<String>>,
}

/// Line (1-based) of a byte offset.
fn line_at(text: &str, offset: usize) -> usize {
    text.as_bytes()
        .iter()
        .take(offset)
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

struct Ctx<'a> {
    text: &'a str,
}

impl Ctx<'_> {
    fn err<T>(
        &self,
        span: std::ops::Range<usize>,
        message: String,
    ) -> Result<T, TurnScenarioError> {
        Err(TurnScenarioError {
            line: line_at(self.text, span.start),
            message,
        })
    }

    fn square(
        &self,
        s: &Spanned<String>,
        what: &str,
        layout: Layout,
    ) -> Result<Square, TurnScenarioError> {
        let sq: Square = match s.get_ref().parse() {
            Ok(sq) => sq,
            Err(e) => return self.err(s.span(), format!("{what}: {e}")),
        };
        if !crate::board::Board::get(layout).is_playable(sq) {
            return self.err(s.span(), format!("{what}: {sq} is off the map"));
        }
        Ok(sq)
    }

    fn mana_type(&self, s: &Spanned<String>) -> Result<ManaType, TurnScenarioError> {
        ManaType::from_name(s.get_ref()).map_or_else(
            || {
                self.err(
                    s.span(),
                    format!(
                        "unknown mana type '{}' (valid: order, strife, clarity, mystery, will, world)",
                        s.get_ref()
                    ),
                )
            },
            Ok,
        )
    }

    fn mana(&self, m: &BTreeMap<Spanned<String>, Spanned<i64>>) -> Result<Mana, TurnScenarioError> {
        let mut out = Mana::default();
        for (k, v) in m {
            let n = *v.get_ref();
            if !(0..=MAX_MANA).contains(&n) {
                return self.err(
                    v.span(),
                    format!(
                        "`{}` = {n} is out of range (allowed: 0 to {MAX_MANA})",
                        k.get_ref()
                    ),
                );
            }
            out.add(self.mana_type(k)?, n as u16);
        }
        Ok(out)
    }

    fn card(&self, s: &Spanned<String>) -> Result<CardId, TurnScenarioError> {
        CardId::from_name(s.get_ref()).map_or_else(
            || {
                self.err(
                    s.span(),
                    format!(
                        "unknown card '{}' (known: {})",
                        s.get_ref(),
                        CATALOGUE
                            .iter()
                            .map(|c| c.id)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )
            },
            Ok,
        )
    }
}

/// The monsters the card pool can summon, by type name.
pub fn monster_def(kind: &str) -> Option<MonsterDef> {
    CATALOGUE
        .iter()
        .flat_map(|c| c.effects())
        .find_map(|e| e.monster().filter(|m| m.kind == kind).copied())
}

/// A monster minion built from its card's numbers.
pub fn monster_minion(m: &MonsterDef) -> Minion {
    Minion::with_stats(
        MinionKind::Monster {
            kind: m.kind.to_string(),
        },
        crate::groups::Stats {
            level: m.level,
            hit_points: m.hit_points,
            hand: m.hand,
            missile: m.missile,
            armor: m.armor,
            attacks: m.attacks,
        },
    )
}

impl TurnScenario {
    /// Parses a turn scenario.
    pub fn parse(text: &str) -> Result<TurnScenario, TurnScenarioError> {
        let raw: Raw = toml::from_str(text).map_err(|e| TurnScenarioError {
            line: e.span().map_or(1, |s| line_at(text, s.start)),
            message: e.message().to_string(),
        })?;
        let cx = Ctx { text };
        let layout = raw.layout;
        let mut houses = [House::War, House::Unmaking];
        for (name, p) in &raw.player {
            let side = side_of(&cx, name)?;
            houses[side.index()] = House::from_name(p.house.get_ref()).map_or_else(
                || {
                    cx.err(
                        p.house.span(),
                        format!(
                            "unknown house '{}' (valid: {})",
                            p.house.get_ref(),
                            House::ALL.map(House::name).join(", ")
                        ),
                    )
                },
                Ok,
            )?;
        }
        let mut state = GameState::empty(layout, houses, raw.seed);
        state.turn = raw.turn.max(1);
        state.initiative = raw.initiative;
        state.add_terrain_helpers();
        for (name, squares) in &raw.terrain {
            let Some(t) = Terrain::from_name(name.get_ref()) else {
                return cx.err(name.span(), format!("unknown terrain '{}'", name.get_ref()));
            };
            for s in squares {
                let sq = cx.square(s, "terrain", layout)?;
                state.field.set_terrain(sq, t);
            }
        }
        for st in &raw.structure {
            structure(&cx, &mut state, st, layout)?;
        }
        for (name, p) in &raw.player {
            player(&cx, &mut state, side_of(&cx, name)?, p)?;
        }
        let mut names: BTreeMap<String, Square> = BTreeMap::new();
        for g in &raw.group {
            let at = group(&cx, &mut state, g, layout)?;
            if names.insert(g.id.get_ref().clone(), at).is_some() {
                return cx.err(
                    g.id.span(),
                    format!("two groups are called '{}'", g.id.get_ref()),
                );
            }
        }
        for sp in &raw.spell {
            in_play(&cx, &mut state, sp, &names, layout)?;
        }
        let mut orders: TurnOrders = Default::default();
        for o in &raw.order {
            let side = *o.player.get_ref();
            orders[side.index()].push(order(&cx, o, &names, layout)?);
        }
        Ok(TurnScenario {
            state,
            orders,
            start_of_turn: raw.start_of_turn,
            next_turn: raw.next_turn,
            name: raw.name,
            rule: raw.rule,
            expect: raw.expect,
        })
    }
}

fn side_of(cx: &Ctx<'_>, name: &Spanned<String>) -> Result<Side, TurnScenarioError> {
    match name.get_ref().as_str() {
        "red" => Ok(Side::Red),
        "blue" => Ok(Side::Blue),
        other => cx.err(
            name.span(),
            format!("unknown player '{other}' (valid: red, blue)"),
        ),
    }
}

fn structure(
    cx: &Ctx<'_>,
    state: &mut GameState,
    st: &RawStructure,
    layout: Layout,
) -> Result<(), TurnScenarioError> {
    let at = cx.square(&st.at, "structure", layout)?;
    let kind = match st.kind.get_ref().as_str() {
        "town" => StructureKind::Town,
        "colony" => StructureKind::Colony,
        "sanctum" | "entrance" => {
            if state.field.structure(at).map(|s| s.kind.name()) != Some(st.kind.get_ref().as_str())
            {
                return cx.err(
                    st.at.span(),
                    format!("no {} stands at {at}", st.kind.get_ref()),
                );
            }
            if let Some(s) = state.field.structure(at) {
                state
                    .field
                    .set_novices(at, st.novices.min(crate::stats::MAX_NOVICES));
                if st.owner != s.owner {
                    return cx.err(
                        st.at.span(),
                        "a Sanctum and its entrances keep their owner".into(),
                    );
                }
            }
            return Ok(());
        }
        other => {
            return cx.err(
                st.kind.span(),
                format!("unknown structure '{other}' (valid: town, colony, sanctum, entrance)"),
            );
        }
    };
    if state.field.structure(at).is_some() {
        return cx.err(st.at.span(), format!("{at} already holds a structure"));
    }
    state.field.set_structure(
        at,
        Some(Structure {
            kind,
            owner: st.owner,
        }),
    );
    state
        .field
        .set_novices(at, st.novices.min(crate::stats::MAX_NOVICES));
    let mana = match &st.mana {
        Some(m) => Some(cx.mana_type(m)?),
        None => st
            .owner
            .side()
            .map(|s| state.players[s.index()].house.primary()),
    };
    state.towns.push(TownInfo {
        at,
        mana,
        captured: st.captured,
        guests: None,
    });
    if kind == StructureKind::Colony {
        // The Colony rule: every colony carries its helper.
        state.add_active(
            SpellRef::Colony,
            Player::Neutral,
            Host::Square { at },
            None,
            false,
        );
    }
    Ok(())
}

fn player(
    cx: &Ctx<'_>,
    state: &mut GameState,
    side: Side,
    p: &RawPlayer,
) -> Result<(), TurnScenarioError> {
    let mana = cx.mana(&p.mana)?;
    let sanctum = p.sanctum_mana.as_ref().map(|m| cx.mana(m)).transpose()?;
    let next_turn_mana = cx.mana(&p.next_turn_mana)?;
    let hand = p
        .hand
        .iter()
        .map(|c| cx.card(c))
        .collect::<Result<Vec<_>, _>>()?;
    let mut deck = p
        .deck
        .iter()
        .map(|c| cx.card(c))
        .collect::<Result<Vec<_>, _>>()?;
    deck.reverse();
    let ps = &mut state.players[side.index()];
    ps.mana = mana;
    if let Some(s) = sanctum {
        ps.sanctum_mana = s;
    }
    ps.hand = hand;
    ps.deck = deck;
    ps.next_turn_mana = next_turn_mana;
    ps.discarded = p.discarded;
    ps.revolving.clear();
    for c in &ps.hand.clone() {
        if c.def().revolver {
            ps.revolving.push((*c, 1));
        }
    }
    for (k, v) in &p.revolving {
        let card = cx.card(k)?;
        let m = *v.get_ref();
        if !(1..=crate::cards::REVOLVER_MAX as i64).contains(&m) {
            return cx.err(
                v.span(),
                format!("`{}` = {m} is out of range (allowed: 1 to 10)", k.get_ref()),
            );
        }
        match ps.revolving.iter_mut().find(|(c, _)| *c == card) {
            Some(entry) => entry.1 = m as u8,
            None => {
                return cx.err(
                    k.span(),
                    format!("'{}' is not a Revolver in the hand", k.get_ref()),
                );
            }
        }
    }
    ps.delta = p.delta;
    Ok(())
}

fn group(
    cx: &Ctx<'_>,
    state: &mut GameState,
    g: &RawGroup,
    layout: Layout,
) -> Result<Square, TurnScenarioError> {
    let id = g.id.get_ref();
    let bad = |m: String| cx.err::<()>(g.id.span(), format!("group '{id}': {m}"));
    if id.is_empty() {
        bad("an id must not be empty".into())?;
    }
    let at = cx.square(&g.at, &format!("group '{id}'"), layout)?;
    if state.unit_at(at).is_some() {
        bad(format!("{at} already holds a group"))?;
    }
    if g.level > crate::stats::MAX_LEVEL {
        bad(format!("level {} (valid: 0 to 5)", g.level))?;
    }
    let spec = g.minions.get_ref();
    let mut minions = if let Some(kind) = spec.get("monster") {
        monster_minions(cx, g, kind)?
    } else {
        recruit_minions(cx, g)?
    };
    wound_minions(cx, g, &mut minions)?;
    place_group(state, g, at, minions);
    Ok(at)
}

/// The minions of a monster group: `count` of the named monster.
fn monster_minions(
    cx: &Ctx<'_>,
    g: &RawGroup,
    kind: &toml::Value,
) -> Result<Vec<Minion>, TurnScenarioError> {
    let id = g.id.get_ref();
    let spec = g.minions.get_ref();
    let mut minions = Vec::new();
    let kind = kind.as_str().unwrap_or_default();
    let Some(def) = monster_def(kind) else {
        let known: Vec<_> = CATALOGUE
            .iter()
            .flat_map(|c| c.effects())
            .filter_map(|e| e.monster().map(|m| m.kind))
            .collect();
        return cx.err(
            g.minions.span(),
            format!(
                "group '{id}': unknown monster '{kind}' (known: {})",
                known.join(", ")
            ),
        );
    };
    let count = spec.get("count").and_then(|v| v.as_integer()).unwrap_or(1);
    if !(1..=8).contains(&count) {
        return cx.err(
            g.minions.span(),
            format!("group '{id}': count {count} (valid: 1 to 8)"),
        );
    }
    for _ in 0..count {
        minions.push(monster_minion(&def));
    }
    Ok(minions)
}

/// The minions of a recruit group: so many swordsmen and archers, at the group's
/// nation, level and hero flag.
fn recruit_minions(cx: &Ctx<'_>, g: &RawGroup) -> Result<Vec<Minion>, TurnScenarioError> {
    let id = g.id.get_ref();
    let spec = g.minions.get_ref();
    let mut minions = Vec::new();
    for (class, n) in spec {
        let class = match class.as_str() {
            "swordsman" => RecruitClass::Swordsman,
            "archer" => RecruitClass::Archer,
            other => {
                return cx.err(
                    g.minions.span(),
                    format!(
                        "group '{id}': unknown minion '{other}' (valid: swordsman, archer, monster)"
                    ),
                );
            }
        };
        let n = n.as_integer().unwrap_or(-1);
        if !(0..=8).contains(&n) {
            return cx.err(
                g.minions.span(),
                format!("group '{id}': {n} {} (valid: 0 to 8)", class.name()),
            );
        }
        for _ in 0..n {
            minions.push(Minion::recruit(class, g.nation, g.level, g.hero));
        }
    }
    Ok(minions)
}

/// Checks the group's size and gives each minion the file's damage and experience.
fn wound_minions(
    cx: &Ctx<'_>,
    g: &RawGroup,
    minions: &mut [Minion],
) -> Result<(), TurnScenarioError> {
    let id = g.id.get_ref();
    if minions.is_empty() || minions.len() > crate::groups::MAX_GROUP {
        return cx.err(
            g.minions.span(),
            format!(
                "group '{id}' has {} minions (a group holds 1 to 8)",
                minions.len()
            ),
        );
    }
    for m in minions.iter_mut() {
        if g.damage >= m.hit_points {
            return cx.err(
                g.id.span(),
                format!(
                    "group '{id}': damage {} kills a minion of {} hit points",
                    g.damage, m.hit_points
                ),
            );
        }
        m.damage = g.damage;
        m.xp = g.xp;
    }
    Ok(())
}

/// Puts the group on the board under its file id, with its abilities as helper spells.
fn place_group(state: &mut GameState, g: &RawGroup, at: Square, minions: Vec<Minion>) {
    let id = g.id.get_ref();
    let uid = state.create_group(g.owner, g.control, at, minions);
    if let Some(u) = state.unit_mut(uid) {
        u.group.name = id.clone();
        u.group.effects.withdraw_round = g.withdraw_round;
    }
    // Abilities given by the file are helper spells on the group, like any other.
    for &a in &g.abilities {
        state.add_active(
            SpellRef::Ability(a),
            Player::Neutral,
            Host::Group { group: uid },
            None,
            false,
        );
    }
    crate::game::effects::refresh_group(state, uid);
}

impl TurnScenario {
    /// Runs the turn: the start of turn (unless switched off), the orders, spell
    /// execution, movement and combat, and with `next_turn` the next start of turn. Refuses bad orders before changing anything.
    pub fn run(&self) -> Result<(GameState, Vec<crate::game::Event>), crate::game::Rejected> {
        let mut state = self.state.clone();
        let mut events = Vec::new();
        if self.start_of_turn {
            crate::game::start::start_of_turn(&mut state, &mut events);
        }
        for side in Side::BOTH {
            crate::game::validate::validate(&state, side, &self.orders[side.index()])?;
        }
        if state.outcome.is_some() {
            // The game ended at the start of the turn: nothing moves or fights, as in
            // a played game (orders given anyway were refused just above).
            return Ok((state, events));
        }
        state.resolve_orders(&self.orders, &mut events);
        if self.next_turn && state.outcome.is_none() {
            state.turn += 1;
            crate::game::start::start_of_turn(&mut state, &mut events);
        }
        Ok((state, events))
    }
}
