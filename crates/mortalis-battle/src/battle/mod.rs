//! One whole battle (issue #15, second slice): the scenario Jatka, rounds
//! (B15–B21), activations and action slots (B22–B27), Moves (B28–B37),
//! shots and melee exchanges through `odds`/`play` (B38–B65), victory
//! (B144–B146). Every choice is a question to a [`Decider`] (B181); every
//! die comes from one `DiceSource` and is logged with every decision, so a
//! battle replays to the same end (B180). What is not simulated yet is
//! refused with B182 (see docs/mortalis/battle.md).

mod actions;
pub mod ai;
mod ai_goals;
mod ai_threat;
mod captain;
mod carry;
mod challenge_ai;
pub mod challenges;
pub mod decide;
mod distances;
mod events;
mod field;
pub mod fighter;
mod grenades;
pub mod independent;
mod instead;
pub mod items;
pub mod jumpdown;
mod moves;
mod now_or_never;
mod overlay;
mod plays;
mod pushes;
pub mod react;
mod react_ai;
mod recall;
mod report;
mod resolve;
mod setup;
mod setup_ai;
mod skills;
mod tricks;
mod walk;

pub use mortalis_rules::campaign::tables::Scenario;
use mortalis_rules::dice::{DiceError, DiceSource};
use mortalis_rules::{odds, play};
use serde::Serialize;

pub use challenges::{Challenges, Data, Met, Pledge, Refusal, Wish};
pub use decide::{About, Choice, Decider, Question, RandomPolicy, Scripted};
pub use events::{Entry, Event};
pub use fighter::{Fighter, Lacking, SideError, Status, Unsupported, side_from_warband};
pub use overlay::Barrier;
pub use react::{Offensive, Pools};
pub use recall::Shared;

use crate::path::{Mover, Nav};
use crate::table::{Body, Place, Table};

/// The pace behind the house round limit: inches a round a model covers
/// on a dense table (half its two 4" Moves, for the way round terrain).
pub const HOUSE_PACE: f64 = 4.0;

/// The house round limit for a table `size` inches square (Q22, a house
/// rule: the rulebook has none): the rounds a model needs to walk the
/// table's diagonal there and back at [`HOUSE_PACE`], rounded up — 20 on a
/// 28" table, 26 on 36", 34 on 48" (docs/mortalis/battle.md).
pub fn house_rounds(size: f64) -> u32 {
    let walk = 2.0 * size * std::f64::consts::SQRT_2 / HOUSE_PACE;
    // Table files hold 28"–48" (checked where they are read); the bounds
    // only keep a nonsense size from overflowing. A NaN (a library
    // caller's) would pass `clamp` and cast to 0, no limit at all: 1.
    if walk.is_nan() {
        return 1;
    }
    walk.ceil().clamp(1.0, 1000.0) as u32
}
/// Technology markers in Jatka (B153).
pub const JATKA_MARKERS: usize = 5;
/// Markers stand at least this far from every edge (B153).
pub const MARKER_EDGE: f64 = 6.0;
/// Deployment: within this distance of the corner (B154, Q25).
pub const DEPLOY_RADIUS: f64 = 6.0;
/// The object to intercept counts as this many markers (B166).
pub const OBJECT_VP: u32 = 4;

/// Why a battle stopped with no result.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BattleError {
    /// Something the simulator cannot play yet (B182).
    #[error(transparent)]
    Unsupported(#[from] Unsupported),
    /// A situation the simulator cannot play yet (B182).
    #[error("B182: {0} is not simulated yet")]
    NotYet(NotYet),
    /// A table with no room at its centre for what the scenario puts
    /// there (B182): Otoczeni's markers round it (B160), Przechwycenie's
    /// object on it (B162).
    #[error("B182: {0} is not simulated yet")]
    NoCentreRoom(CentreRoom),
    /// The dice ran out or were wrong.
    #[error("dice: {0}")]
    Dice(#[from] DiceError),
    /// A decider gave no valid answer.
    #[error("decision for side {side}: {why}")]
    Decision {
        /// The side.
        side: usize,
        /// What was wrong.
        why: String,
    },
    /// The rules core refused an action the battle offered (a bug).
    #[error("the rules refused an offered action: {0}")]
    Rules(String),
    /// A challenge that cannot be taken (B172, B173).
    #[error(
        "challenge refused: {side}: {}",
        match challenge {
            Some(c) => format!("{} ({why})", c.id()),
            None => why.to_string(),
        }
    )]
    Challenge {
        /// The side's name.
        side: String,
        /// The challenge refused (none when the side wished too many).
        challenge: Option<mortalis_rules::campaign::tables::Challenge>,
        /// Why.
        why: challenges::Refusal,
    },
}

/// What a table's centre has no room for ([`BattleError::NoCentreRoom`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CentreRoom {
    /// Otoczeni's markers round the centre (B160).
    #[error("a table with no room for markers round its centre (B160)")]
    Markers,
    /// Przechwycenie's object at the centre (B162).
    #[error("a table whose centre has no room for the object (B162)")]
    Object,
}

/// A situation the simulator cannot play yet ([`BattleError::NotYet`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotYet {
    /// A model standing where no base may stand, so no Move can start
    /// (the path search's own words).
    #[error("a model standing where it cannot ({0})")]
    Stuck(String),
    /// No spot on the table for the scenario's markers (B150).
    #[error("a table with no room for the scenario's markers (B150)")]
    MarkerRoom,
    /// No spot for the Ukryte dane marker (B173).
    #[error("a table with no room for the Ukryte dane marker (B173)")]
    DataRoom,
    /// A model with nowhere left in its deployment zone (B154).
    #[error("deploying {0} with its zone full (B154)")]
    ZoneFull(String),
}

impl From<play::PlayError> for BattleError {
    fn from(e: play::PlayError) -> Self {
        match e {
            play::PlayError::Dice(d) => BattleError::Dice(d),
            play::PlayError::Action(a) => BattleError::Rules(a.to_string()),
        }
    }
}

/// Why a battle ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Every marker was carried off (B144, Q22).
    AllMarkersGone,
    /// Duma: no model that could still leave is on the field (Q22).
    ObjectivesMet,
    /// Only one side's models remain on the table (B144).
    OneSideLeft,
    /// No model of either side remains.
    NobodyLeft,
    /// The house round limit (Q22).
    RoundLimit,
}

/// A battle in progress or finished.
#[derive(Debug, Clone, Serialize)]
pub struct Battle {
    /// The table.
    #[serde(skip)]
    pub table: Table,
    /// Warband names.
    pub names: [String; 2],
    /// Warband strengths (for the report).
    pub strengths: [u32; 2],
    /// The scenario (B147); side 0 rolled it.
    pub scenario: Scenario,
    /// The Defender in Barykady and Otoczeni.
    pub defender: Option<usize>,
    /// Each side's home edge (Przechwycenie: where it deployed; Duma: its
    /// short edge): 0 south, 1 east, 2 north, 3 west.
    pub edges: [Option<usize>; 2],
    /// The object to intercept, where it lies on the ground (B162).
    pub object: Option<Place>,
    /// Every model, both sides.
    pub models: Vec<Fighter>,
    /// Technology markers on the table (dropped ones where their carrier fell).
    pub markers: Vec<Place>,
    /// The round being played (0 during set-up).
    pub round: u32,
    /// The house round limit (0: none).
    pub max_rounds: u32,
    /// Markers a side took automatically (B145).
    pub collected: [u32; 2],
    /// The log.
    pub log: Vec<Entry>,
    /// Every die rolled, in order.
    pub dice: Vec<u8>,
    /// The end, once reached.
    pub end: Option<(EndReason, [u32; 2], Option<usize>)>,
    /// The model whose activation is under way.
    pub active: Option<usize>,
    /// Models newly engaged by the active model's Moves this activation.
    #[serde(skip)]
    charged: Vec<usize>,
    /// Models placed so far during set-up.
    #[serde(skip)]
    deployed: Vec<usize>,
    /// Heroic plays and offensive events used (B75, B88).
    pub pools: Pools,
    /// Which of the table's fields round the bases the AI asked last, for
    /// a jammed model (a copy of the battle starts without it,
    /// [`field::JamCache`]).
    #[serde(skip)]
    jam: field::JamCache,
    /// Challenges taken and their bookkeeping (B172–B174).
    pub challenges: Challenges,
    /// The independent models (B137–B143): index and kind.
    pub independents: Vec<(usize, independent::Kind)>,
    /// Helpers that carried the object off with its carrier (B166).
    pub co_carriers: Vec<usize>,
    /// Terrain made during the battle: smoke clouds thrown this round
    /// (B131), centres of 2"-radius circles of unlimited height that block
    /// sight; they vanish when the next round starts (B16).
    #[serde(skip)]
    pub smoke: Vec<(f64, f64)>,
    /// The sight checks, Move searches and walking fields on this
    /// battle's table, remembered (shared with the battles on an equal
    /// table, [`Battle::play_sharing`]; a copy starts afresh).
    #[serde(skip)]
    recall: recall::Held,
    /// The ways of the Moves last offered (`moves.rs`).
    #[serde(skip)]
    offered: moves::OfferedCache,
    /// Energy barriers raised this battle (B127, `overlay.rs`).
    #[serde(skip)]
    pub barriers: Vec<overlay::Barrier>,
    /// Lava pools poured this battle (B128): centres of 3"-radius circles.
    #[serde(skip)]
    pub lava: Vec<(f64, f64)>,
    /// Models on a lava pool that have tested for it and not left it.
    #[serde(skip)]
    burned: Vec<usize>,
    /// The winner and the loser of the exchange whose winner is being asked
    /// what it does instead of wounding (`instead.rs`).
    #[serde(skip)]
    exchange: Option<(usize, usize)>,
    /// The exchange whose defending captain is being asked about its
    /// reroll (`captain.rs`).
    #[serde(skip)]
    defending: Option<mortalis_rules::odds::Query>,
    /// Its attacker and the captain.
    #[serde(skip)]
    defending_pair: Option<(usize, usize)>,
    /// The action (its query) a captain is being asked to hold its reroll
    /// for its Resilience tests in, the captain and whether it is the
    /// query's attacker (`captain.rs`, R67).
    #[serde(skip)]
    testing: Option<(mortalis_rules::odds::Query, usize, bool)>,
    /// The model a Shot from hiding is fired at in the middle of its
    /// movement (`react.rs`).
    #[serde(skip)]
    moving: Option<usize>,
    /// The shot whose target is being asked about "Raz kozie śmierć!"
    /// (`now_or_never.rs`), for the AI's judgement.
    #[serde(skip)]
    shooting: Option<mortalis_rules::odds::Query>,
    /// A Withdrawal's roll, not an Attack, is being asked about
    /// (`captain.rs`).
    #[serde(skip)]
    withdrawing: bool,
}

/// Dice that log every value into the battle.
struct Logged<'a> {
    inner: &'a mut dyn DiceSource,
    rolled: &'a mut Vec<u8>,
}

impl DiceSource for Logged<'_> {
    fn d6(&mut self) -> Result<u8, DiceError> {
        let v = self.inner.d6()?;
        self.rolled.push(v);
        Ok(v)
    }

    // What the next dice are for, passed on (a person typing dice at the
    // table is told which roll is asked).
    fn label(&mut self, pl: &str, en: &str) {
        self.inner.label(pl, en);
    }
}

/// What a roll of the log (`Event::Roll`'s `what`) is for, in Polish; the
/// log keeps the English words.
pub fn roll_name_pl(what: &str) -> &str {
    match what {
        "who starts" => "kto zaczyna",
        "initiative" => "inicjatywa",
        "roles" => "role",
        "who deploys first" => "kto pierwszy rozstawia",
        "who places first" => "kto pierwszy kładzie",
        "challenge" => "wyzwanie",
        "jump down" => "zeskok",
        "fall" => "upadek",
        _ => what,
    }
}

/// The two deciders and the dice of a battle.
pub struct Players<'a> {
    /// One decider per side.
    pub deciders: [&'a mut dyn Decider; 2],
    /// The dice.
    pub dice: &'a mut dyn DiceSource,
}

impl Battle {
    /// A battle of two lists of fighters on a table, not yet set up.
    pub fn new(
        table: Table,
        names: [String; 2],
        strengths: [u32; 2],
        models: Vec<Fighter>,
        max_rounds: u32,
    ) -> Self {
        Battle {
            table,
            names,
            strengths,
            scenario: Scenario::Massacre,
            defender: None,
            edges: [None, None],
            object: None,
            models,
            markers: vec![],
            round: 0,
            max_rounds,
            collected: [0, 0],
            log: vec![],
            dice: vec![],
            end: None,
            active: None,
            charged: vec![],
            deployed: vec![],
            pools: Pools::default(),
            jam: field::JamCache::default(),
            challenges: Challenges::default(),
            independents: vec![],
            co_carriers: vec![],
            smoke: vec![],
            recall: Default::default(),
            offered: Default::default(),
            barriers: vec![],
            lava: vec![],
            burned: vec![],
            exchange: None,
            defending: None,
            defending_pair: None,
            testing: None,
            moving: None,
            shooting: None,
            withdrawing: false,
        }
    }

    /// The same battle in another scenario (set up by [`Battle::play`]).
    pub fn with_scenario(mut self, scenario: Scenario) -> Self {
        self.scenario = scenario;
        self
    }

    /// The same battle with the house round limit of its table's size
    /// ([`house_rounds`]).
    pub fn with_house_rounds(mut self) -> Self {
        self.max_rounds = house_rounds(self.table.size);
        self
    }

    /// What `shooter` sees of `target` with `others` blocking
    /// ([`Table::sight`]), remembered for the battle (its table never
    /// changes once play starts).
    pub fn sight(&self, shooter: &Body, target: &Body, others: &[Body]) -> crate::sight::Sight {
        self.table
            .sight_with(&self.recall.sight, shooter, target, others)
    }

    /// The exact odds of a shot or an exchange ([`odds::odds`]),
    /// remembered for the table's battles: the same answer, worked out
    /// once per query.
    pub fn odds(&self, q: &odds::Query) -> Result<odds::Odds, odds::ActionError> {
        self.recall.odds.odds(q)
    }

    /// [`Battle::sight`] where `shooter` sees any part of `target`, else
    /// `None` (asked first by the cheaper check, `Table::sight_if_seen`).
    pub fn sight_if_seen(
        &self,
        shooter: &Body,
        target: &Body,
        others: &[Body],
    ) -> Option<crate::sight::Sight> {
        self.table
            .sight_if_seen(&self.recall.sight, shooter, target, others)
    }

    /// The bodies of every model on the table except `but`.
    pub fn others(&self, but: usize) -> Vec<Body> {
        self.others_but(&[but])
    }

    /// What blocks sight besides the table: every model on the table
    /// except those in `but`, and the smoke clouds (B131).
    pub fn sight_others(&self, but: &[usize]) -> Vec<Body> {
        let mut out = self.others_but(but);
        out.extend(self.smoke.iter().map(|&(x, y)| grenades::smoke_body(x, y)));
        out
    }

    /// The bodies of every model on the table except those in `but`.
    pub fn others_but(&self, but: &[usize]) -> Vec<Body> {
        self.models
            .iter()
            .enumerate()
            .filter(|(i, m)| !but.contains(i) && m.on_table())
            .map(|(_, m)| m.body)
            .chain(self.overlay_bodies())
            .collect()
    }

    /// The enemies on the table closer than 1" to model `m` (B38).
    pub fn engaged_with(&self, m: usize) -> Vec<usize> {
        self.engaged_at(m, self.models[m].body.at).collect()
    }

    /// The enemies model `m` would be engaged with were it standing at
    /// `to` (B38; a barrier or the lava keeps them apart, B127–B128).
    pub(super) fn engaged_at(&self, m: usize, to: Place) -> impl Iterator<Item = usize> + '_ {
        let me = &self.models[m];
        let body = Body { at: to, ..me.body };
        self.models
            .iter()
            .enumerate()
            .filter(move |(_, o)| o.on_table() && o.side != me.side)
            .filter(move |(_, o)| self.table.distance(&body, &o.body) < 1.0)
            .filter(move |(i, _)| !self.apart_at(m, to, *i))
            .map(|(i, _)| i)
    }

    /// Whether model `m` standing at `to` would be engaged with an enemy.
    pub(super) fn touches_enemy(&self, m: usize, to: Place) -> bool {
        self.engaged_at(m, to).next().is_some()
    }

    /// Victory points so far: markers carried off and taken automatically
    /// (B151), the object (4, B166), models that left in Duma (B170),
    /// challenges met (B146, settled at the end).
    pub fn vp(&self) -> [u32; 2] {
        let c = self.challenges.vp();
        let mut vp = [self.collected[0] + c[0], self.collected[1] + c[1]];
        for m in self
            .models
            .iter()
            .filter(|m| m.side < independent::INDEPENDENT)
        {
            vp[m.side] += m.scored + if m.delivered { OBJECT_VP } else { 0 } + u32::from(m.escaped);
        }
        vp
    }

    fn ask(&mut self, players: &mut Players, q: Question) -> Result<Choice, BattleError> {
        let side = q.side;
        // Independent models answer nobody's questions (B140–B142): a
        // choice the rules leave to them (which action a trick takes from
        // one) is the first offered, and is not a decision of the log.
        if side >= independent::INDEPENDENT {
            return q
                .options
                .first()
                .copied()
                .ok_or_else(|| BattleError::Decision {
                    side,
                    why: "no option".into(),
                });
        }
        let index = players.deciders[side]
            .choose(self, &q)
            .map_err(|why| BattleError::Decision { side, why })?;
        let choice = *q.options.get(index).ok_or_else(|| BattleError::Decision {
            side,
            why: format!("option {index} of {}", q.options.len()),
        })?;
        self.log.push(Entry::Decision {
            side,
            about: q.about,
            index,
            choice,
        });
        Ok(choice)
    }

    fn event(&mut self, e: Event) {
        self.log.push(Entry::Event(e));
    }

    /// 2d6 for one side, logged.
    fn roll_2d6(
        &mut self,
        players: &mut Players,
        what: &'static str,
        side: usize,
    ) -> Result<u8, BattleError> {
        let who = |pl: bool| match self.names.get(side) {
            Some(name) => name.clone(),
            None if pl => "model niezależny".to_string(),
            None => "an independent model".to_string(),
        };
        players.dice.label(
            &format!("{}: {} (2k6)", who(true), roll_name_pl(what)),
            &format!("{}: {what} (2d6)", who(false)),
        );
        let mut dice = Logged {
            inner: players.dice,
            rolled: &mut self.dice,
        };
        let a = dice.d6()?;
        let b = dice.d6()?;
        self.event(Event::Roll {
            what,
            side,
            dice: vec![a, b],
        });
        Ok(a + b)
    }

    /// Both sides roll 2d6 until the totals differ; the side with the lower
    /// total (Q7, Q29: ties are rolled again).
    fn roll_off(
        &mut self,
        players: &mut Players,
        what: &'static str,
    ) -> Result<usize, BattleError> {
        loop {
            let a = self.roll_2d6(players, what, 0)?;
            let b = self.roll_2d6(players, what, 1)?;
            if a != b {
                return Ok(if a < b { 0 } else { 1 });
            }
        }
    }

    /// Plays the battle to its end.
    pub fn play(&mut self, players: &mut Players) -> Result<(), BattleError> {
        let starter = self.set_up(players)?;
        self.play_placed(players, starter)
    }

    /// [`Battle::play`] on a table other battles share ([`Shared`]): its
    /// Moves searched on `shared`'s navigation when it serves (built on a
    /// table equal to this one, with a `Nav` for every mover the battle
    /// needs; otherwise on its own), and what it asks about the table
    /// answered from what those battles found, and kept for them (when
    /// the table is equal). The same battle either way: a `Nav` and every
    /// answer kept are pure functions of the table and the question.
    pub fn play_sharing(
        &mut self,
        players: &mut Players,
        shared: &Shared,
    ) -> Result<(), BattleError> {
        self.share_memory(shared);
        let starter = self.set_up(players)?;
        let navs = self.shares(shared).then_some(shared.navs());
        self.rounds(players, starter, navs)?;
        self.reward(players)
    }

    /// Whether `shared`'s navigation serves this battle
    /// ([`Battle::play_sharing`]): each `Nav` on a table equal to its own,
    /// and one for each mover its models need.
    pub fn shares(&self, shared: &Shared) -> bool {
        let needed = navs_for_movers(&self.table, &self.models);
        let navs = shared.navs();
        *shared.table() == self.table
            && navs.iter().all(|n| *n.table() == self.table)
            && needed.iter().all(|&m| navs.iter().any(|n| n.mover() == m))
    }

    /// Plays the rounds of a battle whose models and markers are already on
    /// the table, `starter` activating first in round 1; then the sides
    /// choose who gets the experience of the challenges they met.
    pub fn play_placed(
        &mut self,
        players: &mut Players,
        starter: usize,
    ) -> Result<(), BattleError> {
        self.rounds(players, starter, None)?;
        self.reward(players)
    }

    /// The rounds the battle has played: `round`, except that a battle the
    /// round limit ended has counted one round past the limit to find it.
    pub fn rounds_played(&self) -> u32 {
        if self.max_rounds > 0 {
            self.round.min(self.max_rounds)
        } else {
            self.round
        }
    }

    /// The rounds, the Moves searched on `shared` or on navigation built
    /// for this battle.
    fn rounds(
        &mut self,
        players: &mut Players,
        starter: usize,
        shared: Option<&[Nav]>,
    ) -> Result<(), BattleError> {
        let table = self.table.clone();
        let own;
        let navs = match shared {
            Some(navs) => navs,
            None => {
                own = navs_for(&table, &self.models);
                own.as_slice()
            }
        };
        loop {
            self.round += 1;
            if self.max_rounds > 0 && self.round > self.max_rounds {
                self.finish(EndReason::RoundLimit);
                return Ok(());
            }
            // B16: per-round state resets; last round's smoke vanishes (B131).
            self.smoke.clear();
            for m in &mut self.models {
                m.activated = false;
                m.move_slot = false;
                m.free_slot = false;
                m.moves = 0;
                m.climbed = false;
                m.withdrew = false;
                m.dazzled = false;
                m.stunned = false;
                m.scavenged = false;
                m.hasted = false;
                m.shares_load = false;
            }
            let first = if self.round == 1 {
                starter
            } else {
                self.first_player(players)?
            };
            self.event(Event::Round {
                round: self.round,
                first,
            });
            let mut turn = first;
            loop {
                let ready = |s: usize, b: &Battle| {
                    b.models
                        .iter()
                        .any(|m| m.side == s && m.on_table() && !m.activated)
                };
                let side = if ready(turn, self) {
                    turn
                } else if ready(1 - turn, self) {
                    1 - turn
                } else {
                    break;
                };
                self.activation(players, side, navs)?;
                // B122, Q42: Przyspieszenie's bonus actions.
                self.hasted_actions(players, side, navs)?;
                if self.end.is_some() {
                    return Ok(());
                }
                turn = 1 - side;
            }
            self.independents_act(players, navs)?;
            if self.end.is_some() {
                return Ok(());
            }
        }
    }

    /// B17: more models on the table starts; equal numbers roll 2d6, the
    /// higher total starts (ties rolled again).
    fn first_player(&mut self, players: &mut Players) -> Result<usize, BattleError> {
        let count = |s: usize| {
            self.models
                .iter()
                .filter(|m| m.side == s && m.on_table())
                .count()
        };
        let (a, b) = (count(0), count(1));
        if a != b {
            return Ok(if a > b { 0 } else { 1 });
        }
        Ok(1 - self.roll_off(players, "initiative")?)
    }

    /// Ends the battle now: B145 markers (on the ground, and carried by its
    /// models, which are still on the table) and the object to the side
    /// left alone, VP, winner.
    fn finish(&mut self, reason: EndReason) {
        if reason == EndReason::OneSideLeft
            && let Some(side) = self
                .models
                .iter()
                .find(|m| m.on_table() && m.side < independent::INDEPENDENT)
                .map(|m| m.side)
        {
            let mut got = self.markers.len() as u32;
            self.markers.clear();
            if self.object.take().is_some() {
                got += OBJECT_VP;
            }
            for m in self
                .models
                .iter_mut()
                .filter(|m| m.on_table() && m.side == side)
            {
                got += std::mem::take(&mut m.carried);
                if std::mem::take(&mut m.object) {
                    got += OBJECT_VP;
                }
            }
            self.collected[side] += got;
        }
        self.settle_challenges(reason);
        let vp = self.vp();
        let winner = match vp[0].cmp(&vp[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        self.end = Some((reason, vp, winner));
        self.event(Event::End { reason, vp, winner });
    }

    /// B144: checks the end conditions after each action.
    fn check_end(&mut self) {
        if self.end.is_some() {
            return;
        }
        let on = |s: usize| self.models.iter().any(|m| m.side == s && m.on_table());
        let carried: u32 = self
            .models
            .iter()
            .filter(|m| m.on_table())
            .map(|m| m.carried + u32::from(m.object))
            .sum();
        if !on(0) && !on(1) {
            self.finish(EndReason::NobodyLeft);
        } else if !on(0) || !on(1) {
            self.finish(EndReason::OneSideLeft);
        } else if self.scenario == Scenario::Pride {
            if !self.models.iter().any(|m| m.on_table() && !m.volunteer) {
                self.finish(EndReason::ObjectivesMet);
            }
        } else if self.markers.is_empty() && self.object.is_none() && carried == 0 {
            self.finish(EndReason::AllMarkersGone);
        }
    }
}

/// The movers a battle's `models` need a `Nav` for on `table`: each kind
/// present, and (B33) the same jumping down where there is a roof.
fn navs_for_movers(table: &Table, models: &[Fighter]) -> Vec<Mover> {
    let mut out: Vec<Mover> = vec![];
    for m in models {
        let mover: Mover = m.mover();
        let jumper = jumpdown::jump_mover(mover);
        for k in [Some(mover), table.has_roofs().then_some(jumper)]
            .into_iter()
            .flatten()
        {
            if !out.contains(&k) {
                out.push(k);
            }
        }
    }
    out
}

/// One `Nav` per mover `models` need on `table` (`navs_for_movers`); a
/// jumping one shares the plain one's graph where it can. Battles on one
/// table may share them ([`Battle::play_sharing`]).
pub fn navs_for<'t>(table: &'t Table, models: &[Fighter]) -> Vec<Nav<'t>> {
    let mut out: Vec<Nav> = vec![];
    for mover in navs_for_movers(table, models) {
        let plain = Mover {
            jump_down: false,
            ..mover
        };
        let shared = (mover != plain)
            .then(|| out.iter().find(|n| n.mover() == plain))
            .flatten()
            .and_then(Nav::jumping)
            .filter(|n| n.mover() == mover);
        out.push(shared.unwrap_or_else(|| Nav::new(table, mover)));
    }
    out
}
