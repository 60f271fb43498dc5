//! Independent models (B137–B143, Q34): models no player controls. None
//! of the five scenarios places them, so they come from a file of their own
//! (`[[independent]]`: name, kind, profile, armour, equipment, place) and
//! stand on the table before set-up. Together they are a third side
//! ([`INDEPENDENT`]), hostile to both players and never to each other
//! (B138); they act after both players' models each round (B20), by the
//! rulebook's own rules, not by a decider: a fighting model runs at the
//! nearest player model it sees and attacks once engaged (B140, B141), a
//! shooting model never moves and shoots the player model easiest to hit
//! (B142). Taking one out counts as taking out an enemy (B143, B175).
//! Rulings: docs/mortalis/battle.md.

use mortalis_rules::dice::DiceSource as _;
use mortalis_rules::equipment::{Armour, Item};
use mortalis_rules::odds::Odds;
use mortalis_rules::profile::Profile;
use num_traits::ToPrimitive;
use serde::{Deserialize, Serialize};

use super::{Battle, BattleError, Choice, Fighter, Logged, Players};
use crate::path::Nav;
use crate::table::Place;

/// The side number of the independent models.
pub const INDEPENDENT: usize = 2;
/// Most independent models on a table.
pub const MAX_INDEPENDENT: usize = 20;

/// The two kinds (B139).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Moves and attacks (B140, B141).
    Fighting,
    /// Never moves; shoots, and attacks only when engaged (B142).
    Shooting,
}

/// A profile as the file gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileProfile {
    /// S.
    pub speed: i32,
    /// W.
    pub fight: i32,
    /// C.
    pub accuracy: i32,
    /// O.
    pub resilience: i32,
}

/// One independent model in the file.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// Name, unique on the table.
    pub name: String,
    /// Fighting or shooting.
    pub kind: Kind,
    /// S, W, C, O (Q34: the file gives them).
    pub profile: FileProfile,
    /// Armour worn (default none).
    #[serde(default)]
    pub armour: Armour,
    /// Weapons and gear (item ids).
    #[serde(default)]
    pub equipment: Vec<Item>,
    /// Where it stands, on the ground: x, y in inches.
    pub at: [f64; 2],
}

/// The file: `[[independent]]` entries.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct File {
    /// The models.
    #[serde(default, rename = "independent")]
    pub models: Vec<Entry>,
}

/// Why an independent models file cannot be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum IndependentError {
    /// Not TOML of this shape.
    #[error("{0}")]
    Syntax(String),
    /// A value out of range, or a model that cannot be placed.
    #[error("independent model {index} ({name}): {what}")]
    Invalid {
        /// Index in the file, from 1.
        index: usize,
        /// Its name.
        name: String,
        /// What is wrong.
        what: Problem,
    },
    /// Too many.
    #[error("{0} independent models, at most {MAX_INDEPENDENT}")]
    TooMany(usize),
}

/// What is wrong with one independent model (the interface says it in its
/// language; `Display` is English).
#[derive(Debug, Clone, PartialEq)]
pub enum Problem {
    /// Its name is empty or over 40 characters.
    Name,
    /// A characteristic outside its range.
    Range {
        /// `speed`, `fight`, `accuracy` or `resilience`.
        key: &'static str,
        /// The value given.
        value: i32,
        /// The least allowed.
        lo: i32,
        /// The most allowed.
        hi: i32,
    },
    /// `at` is not two numbers from 0 to 48.
    At,
    /// A battle sarcophagus.
    Sarcophagus,
    /// A shooting model with no ranged weapon.
    NoRangedWeapon,
    /// Another model has its name.
    NameTaken,
    /// Its place is off the table or in terrain.
    CannotStand,
    /// Its base overlaps another independent model.
    Overlaps,
    /// On a generated table: no room within [`NEAR_REACH`] of its place.
    NoRoomNear,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Problem::Name => write!(f, "a name of 1 to 40 characters"),
            Problem::Range { key, value, lo, hi } => {
                write!(f, "{key} {value} is outside {lo} to {hi}")
            }
            Problem::At => write!(f, "`at` must be two numbers from 0 to 48"),
            Problem::Sarcophagus => {
                write!(
                    f,
                    "a battle sarcophagus is not offered to independent models"
                )
            }
            Problem::NoRangedWeapon => write!(f, "a shooting model needs a ranged weapon"),
            Problem::NameTaken => write!(f, "its name is taken by another model"),
            Problem::CannotStand => {
                write!(f, "it cannot stand there (off the table or in terrain)")
            }
            Problem::Overlaps => write!(f, "its base overlaps another independent model"),
            Problem::NoRoomNear => {
                write!(
                    f,
                    "no place within {NEAR_REACH}\" of it where its base fits"
                )
            }
        }
    }
}

/// Parses and range-checks an independent models file.
pub fn parse(text: &str) -> Result<Vec<Entry>, IndependentError> {
    let file: File = toml::from_str(text).map_err(|e| IndependentError::Syntax(e.to_string()))?;
    check(file)
}

/// Range-checks the models of a parsed file.
pub fn check(file: File) -> Result<Vec<Entry>, IndependentError> {
    if file.models.len() > MAX_INDEPENDENT {
        return Err(IndependentError::TooMany(file.models.len()));
    }
    for (i, e) in file.models.iter().enumerate() {
        let bad = |what: Problem| IndependentError::Invalid {
            index: i + 1,
            name: e.name.clone(),
            what,
        };
        if e.name.trim().is_empty() || e.name.chars().count() > 40 {
            return Err(bad(Problem::Name));
        }
        let p = e.profile;
        for (key, v, lo, hi) in [
            ("speed", p.speed, 0, 12),
            ("fight", p.fight, -5, 10),
            ("accuracy", p.accuracy, 0, 12),
            ("resilience", p.resilience, 0, 12),
        ] {
            if !(lo..=hi).contains(&v) {
                return Err(bad(Problem::Range {
                    key,
                    value: v,
                    lo,
                    hi,
                }));
            }
        }
        if !e
            .at
            .iter()
            .all(|c| c.is_finite() && (0.0..=48.0).contains(c))
        {
            return Err(bad(Problem::At));
        }
        if e.armour == Armour::Sarcophagus {
            return Err(bad(Problem::Sarcophagus));
        }
        if e.kind == Kind::Shooting && !e.equipment.iter().any(|w| w.ranged().is_some()) {
            return Err(bad(Problem::NoRangedWeapon));
        }
    }
    Ok(file.models)
}

impl Battle {
    /// Puts independent models on the table before set-up (B137), each
    /// where its entry says: on the ground, clear of terrain and of every
    /// model already there, its name not taken.
    pub fn place_independents(&mut self, entries: &[Entry]) -> Result<(), IndependentError> {
        self.place(entries, false)
    }

    /// [`Battle::place_independents`] on a table the file was not written
    /// for (one generated from a seed): a model whose place has no room
    /// stands at the nearest place that has, searched outward from it in
    /// rings half an inch apart up to [`NEAR_REACH`] (ruling "Independent
    /// models on a generated table", docs/mortalis/battle.md).
    pub fn place_independents_near(&mut self, entries: &[Entry]) -> Result<(), IndependentError> {
        self.place(entries, true)
    }

    fn place(&mut self, entries: &[Entry], near: bool) -> Result<(), IndependentError> {
        for (i, e) in entries.iter().enumerate() {
            let bad = |what: Problem| IndependentError::Invalid {
                index: i + 1,
                name: e.name.clone(),
                what,
            };
            if self.models.iter().any(|m| m.name == e.name) {
                return Err(bad(Problem::NameTaken));
            }
            let profile = Profile {
                speed: e.profile.speed,
                fight: e.profile.fight,
                accuracy: e.profile.accuracy,
                resilience: e.profile.resilience,
            };
            let mut f =
                Fighter::blank(&e.name, INDEPENDENT, profile, e.armour, e.equipment.clone());
            // B141: a fighting model always intercepts when it can.
            f.always_intercepts = e.kind == Kind::Fighting;
            let r = f.body.radius();
            let overlaps = |at: Place| {
                self.independents.iter().any(|&(o, _)| {
                    let o = &self.models[o].body;
                    (o.at.x - at.x).hypot(o.at.y - at.y) < o.radius() + r
                })
            };
            let asked = Place::ground(e.at[0], e.at[1]);
            let fits = |at: Place| self.table.can_stand(at, r).is_ok() && !overlaps(at);
            f.body.at = if near {
                nearest_room(asked, fits).ok_or_else(|| bad(Problem::NoRoomNear))?
            } else if self.table.can_stand(asked, r).is_err() {
                return Err(bad(Problem::CannotStand));
            } else if overlaps(asked) {
                return Err(bad(Problem::Overlaps));
            } else {
                asked
            };
            self.models.push(f);
            let m = self.models.len() - 1;
            self.independents.push((m, e.kind));
            self.deployed.push(m);
        }
        Ok(())
    }

    /// A uniform pick among `n` with the battle's dice (Q33): one d6 for up
    /// to six (rolled again above `n`), two for more (36 outcomes, those
    /// past the last multiple of `n` rolled again). The dice used, too.
    pub(super) fn pick_by_dice(
        &mut self,
        players: &mut Players,
        n: usize,
    ) -> Result<(usize, Vec<u8>), BattleError> {
        if n <= 1 {
            return Ok((0, vec![]));
        }
        players.dice.label("Losowy wybór: k6", "A random pick: d6");
        let mut dice = Logged {
            inner: players.dice,
            rolled: &mut self.dice,
        };
        loop {
            if n <= 6 {
                let a = dice.d6()?;
                if usize::from(a) <= n {
                    return Ok((usize::from(a) - 1, vec![a]));
                }
            } else {
                let (a, b) = (dice.d6()?, dice.d6()?);
                let k = usize::from(a - 1) * 6 + usize::from(b - 1);
                if k < 36 - 36 % n {
                    return Ok((k % n, vec![a, b]));
                }
            }
        }
    }

    /// B20: after both players, each independent model on the table acts,
    /// the one nearest to a player model first (Q34), with the two action
    /// slots of any model.
    pub(super) fn independents_act(
        &mut self,
        players: &mut Players,
        navs: &[Nav],
    ) -> Result<(), BattleError> {
        let mut order: Vec<(usize, Kind)> = self
            .independents
            .iter()
            .copied()
            .filter(|&(m, _)| self.models[m].on_table())
            .collect();
        let near = |b: &Battle, m: usize| {
            b.players_on_table()
                .map(|p| b.table.distance(&b.models[m].body, &b.models[p].body))
                .fold(f64::INFINITY, f64::min)
        };
        order.sort_by(|a, b| {
            near(self, a.0)
                .total_cmp(&near(self, b.0))
                .then(a.0.cmp(&b.0))
        });
        for (m, kind) in order {
            if self.end.is_some() {
                break;
            }
            if !self.models[m].on_table() {
                continue;
            }
            self.models[m].activated = true;
            self.active = Some(m);
            self.charged.clear();
            while self.models[m].on_table() && self.end.is_none() {
                let Some(choice) = self.independent_action(players, m, kind, navs)? else {
                    break;
                };
                self.resolve(players, m, choice, navs)?;
                self.reveal_hidden();
                self.check_end();
                // B73: a Shot-from-hiding marker that now sees an enemy.
                self.watch(players)?;
            }
        }
        self.active = None;
        Ok(())
    }

    fn players_on_table(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.models.len())
            .filter(|&i| self.models[i].side < INDEPENDENT && self.models[i].on_table())
    }

    /// The next action of independent model `m` by its rules, or none.
    fn independent_action(
        &mut self,
        players: &mut Players,
        m: usize,
        kind: Kind,
        navs: &[Nav],
    ) -> Result<Option<Choice>, BattleError> {
        let me = &self.models[m];
        let engaged = self.engaged_with(m);
        if !engaged.is_empty() {
            // B141, B142: engaged, it Attacks the one with the lowest O
            // (armour included, B7), ties at random (Q33).
            // B131: in smoke it may only Move.
            if me.free_slot || me.climbed || self.in_smoke(m) {
                return Ok(None);
            }
            let o = |e: usize| {
                let f = &self.models[e];
                f.profile.resilience + f.armour.bonus()
            };
            let low = engaged.iter().map(|&e| o(e)).min().unwrap_or(0);
            let lowest: Vec<usize> = engaged.into_iter().filter(|&e| o(e) == low).collect();
            let (k, _) = self.pick_by_dice(players, lowest.len())?;
            return Ok(lowest.get(k).map(|&target| Choice::Attack { target }));
        }
        Ok(match kind {
            Kind::Shooting if !me.free_slot && !self.in_smoke(m) => self.easiest_shot(m),
            Kind::Shooting => None,
            Kind::Fighting => self.run_at_nearest(m, navs),
        })
    }

    /// B142: the player model in sight and range easiest to hit (the
    /// odds engine's chance of the first shot hitting), on equal chances
    /// the nearest.
    fn easiest_shot(&self, m: usize) -> Option<Choice> {
        let mut best: Option<(f64, f64, usize)> = None;
        for t in self.players_on_table() {
            let Some(plan) = self.shot_plan(m, t) else {
                continue;
            };
            let hit = match self.odds(&plan.query) {
                Ok(Odds::Shoot(o)) => o.hit.first().and_then(|p| p.to_f64()).unwrap_or(0.0),
                _ => 0.0,
            };
            let better = best.is_none_or(|(h, r, _)| {
                hit > h + 1e-12 || ((hit - h).abs() <= 1e-12 && plan.range < r - 1e-12)
            });
            if better {
                best = Some((hit, plan.range, t));
            }
        }
        best.map(|(_, _, target)| Choice::Shoot { target })
    }

    /// B140, B141: while it sees no player model it does nothing; else a
    /// Move at full allowance towards the nearest one it sees, nearest by
    /// the path (B29–B31: a bent path or a climb only when that path keeps
    /// the model the nearest), re-chosen at every Move, until engaged.
    fn run_at_nearest(&self, m: usize, navs: &[Nav]) -> Option<Choice> {
        let me = &self.models[m];
        if me.move_slot && me.free_slot {
            return None;
        }
        let allowance = me.allowance();
        let nav = navs.iter().find(|n| n.mover() == me.mover())?;
        if allowance <= 0.0 {
            return None;
        }
        let others = self.others(m);
        let from = me.body.at;
        let mut nearest: Option<(f64, Place)> = None;
        for t in self.players_on_table() {
            let seen = self
                .table
                .sees(&me.body, &self.models[t].body, &self.sight_others(&[m, t]));
            let Some(spot) = seen.then(|| self.contact_spot(m, t)).flatten() else {
                continue;
            };
            let Ok(Some(path)) = nav.path(from, spot, &others) else {
                continue;
            };
            if nearest.is_none_or(|(d, _)| path.cost() < d - 1e-9) {
                nearest = Some((path.cost(), spot));
            }
        }
        let (_, goal) = nearest?;
        let reach = nav.reach(from, allowance, &others, &[goal]).ok()?;
        let r = reach.into_iter().next().flatten()?;
        let moved = (r.to.x - from.x).hypot(r.to.y - from.y) > 0.05 || r.to.level != from.level;
        moved.then_some(Choice::Move {
            to: r.to,
            spent: r.spent,
            leave: false,
            climbed: r.climbed,
            both: false,
        })
    }
}

/// How far from its file's place an independent model may be put on a
/// generated table ([`Battle::place_independents_near`]).
pub const NEAR_REACH: f64 = 20.0;

/// The first place where `fits` on the nearest ring round `at` (`at`
/// itself first): rings half an inch apart, eight more points on each
/// ring than on the one inside it, each from the east counter-clockwise;
/// `None` past [`NEAR_REACH`].
fn nearest_room(at: Place, fits: impl Fn(Place) -> bool) -> Option<Place> {
    let rings = (NEAR_REACH / 0.5) as u32;
    std::iter::once(at)
        .chain((1..=rings).flat_map(|k| {
            let r = 0.5 * f64::from(k);
            (0..8 * k).map(move |j| {
                let a = std::f64::consts::TAU * f64::from(j) / f64::from(8 * k);
                Place::ground(at.x + r * a.cos(), at.y + r * a.sin())
            })
        }))
        .find(|&p| fits(p))
}
