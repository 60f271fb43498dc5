//! Challenges (B172–B174, Q30): each side takes up to two, by name or
//! drawn, right after the scenario is known; they are public. The battle
//! keeps what they need (the named models, who took out whom, Move actions
//! per round, trick casts, removals, where a model left, the Ukryte dane
//! marker that only its owner may pick up, the pacifist's limits), settles
//! them when the battle ends (victory points, B146) and names the models
//! that earn their experience for the report. Rulings: docs/mortalis/battle.md.

use mortalis_rules::campaign::tables::{Challenge, ChallengeXp};
use mortalis_rules::skills::Category;
use serde::Serialize;

use super::setup::Zone;
use super::{About, Battle, BattleError, Choice, EndReason, Event, Players, Question, Status};
use crate::table::{Body, Place};

/// Why a side cannot take a challenge (B172, B173).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// More challenges than a side may take (the count wished).
    #[error("{0} challenges, at most {MAX_CHALLENGES} (B172)")]
    TooMany(usize),
    /// The same challenge wished twice.
    #[error("taken twice")]
    Twice,
    /// It names an enemy specialist, and the enemy fields none.
    #[error("the opponent fields no specialist")]
    NoEnemySpecialist,
    /// It names one of the side's specialists, and the side fields none.
    #[error("the side fields no specialist")]
    NoSpecialist,
    /// Bez fajerwerków, and no model of the side knows a trick.
    #[error("the side fields no model that knows tricks")]
    NoTrickster,
    /// It names a model, and there is none it could name.
    #[error("there is no model to name")]
    NobodyToName,
}

/// Most challenges a side takes (B172).
pub const MAX_CHALLENGES: usize = 2;

/// What a side asked for before the battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wish {
    /// This challenge.
    Named(Challenge),
    /// One drawn with the battle's dice among those the side can take.
    Drawn,
}

/// A challenge taken, with the models it names (B174).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Pledge {
    /// Which.
    pub id: Challenge,
    /// The side that took it.
    pub side: usize,
    /// Its own named model (Kurier, Predator, Polowanie, the pacifist).
    pub own: Option<usize>,
    /// The named enemy (Dorwać dziada!, Łowcy nagród, Wykluczenie
    /// jajogłowych, Polowanie).
    pub enemy: Option<usize>,
}

/// The Ukryte dane marker (B173): where it lies, who holds it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Data {
    /// The side that may pick it up.
    pub owner: usize,
    /// Where it lies when nobody holds it.
    pub at: Option<Place>,
    /// The model holding it.
    pub carrier: Option<usize>,
    /// Carried off the table.
    pub delivered: bool,
}

/// A challenge met, settled at the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Met {
    /// Which.
    pub id: Challenge,
    /// The side.
    pub side: usize,
    /// The model that earns its experience (chosen after the battle where
    /// the side chooses).
    pub model: Option<usize>,
    /// Victory points it gives (Q30: the extra technology is one more).
    pub vp: u32,
}

/// The challenges of a battle and their bookkeeping.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Challenges {
    /// What each side asked for (set before [`Battle::play`]).
    #[serde(skip)]
    pub wishes: [Vec<Wish>; 2],
    /// Taken.
    pub taken: Vec<Pledge>,
    /// The Ukryte dane marker.
    pub data: Option<Data>,
    /// A model of this side (not a volunteer) took a second Move action in
    /// one round (Stoicyzm).
    pub restless: [bool; 2],
    /// Settled at the end.
    pub met: Vec<Met>,
    /// Each side's deployment zone, once set up (Kurier).
    #[serde(skip)]
    pub(super) zones: [Option<Zone>; 2],
    /// The challenge whose models are being named.
    #[serde(skip)]
    pub naming: Option<Challenge>,
}

impl Challenges {
    /// The pledge of `side` for `id`.
    pub fn pledge(&self, side: usize, id: Challenge) -> Option<&Pledge> {
        self.taken.iter().find(|p| p.side == side && p.id == id)
    }

    /// Victory points from challenges met, per side.
    pub fn vp(&self) -> [u32; 2] {
        let mut vp = [0, 0];
        for m in &self.met {
            vp[m.side] += m.vp;
        }
        vp
    }
}

/// Who a challenge names: (own model, enemy model).
fn names(id: Challenge) -> (bool, bool) {
    use Challenge::*;
    match id {
        Courier | Predator | Pacifist => (true, false),
        Hunt => (true, true),
        GetTheOldMan | BountyHunters | ExcludeEggheads => (false, true),
        _ => (false, false),
    }
}

/// The challenges whose experience goes to a model the side chooses after
/// the battle ("a model of your choice", "any specialist").
fn chosen_reward(id: Challenge) -> bool {
    use Challenge::*;
    matches!(
        id,
        Extermination | Lesson | Stoicism | Foresight | NoFireworks
    )
}

impl Battle {
    /// A hero (B172: volunteers never count; pets are no heroes).
    fn hero(&self, m: usize) -> bool {
        let f = &self.models[m];
        !f.pet && !f.volunteer
    }

    fn roster_of(&self, side: usize, want: impl Fn(usize) -> bool) -> Vec<usize> {
        (0..self.models.len())
            .filter(|&i| self.models[i].side == side && want(i))
            .collect()
    }

    /// The models `side` may name for `id`: (own, enemy).
    fn candidates(&self, side: usize, id: Challenge) -> (Vec<usize>, Vec<usize>) {
        let (own, enemy) = names(id);
        let heroes = |s: usize| self.roster_of(s, |i| self.hero(i));
        let mine = if own { heroes(side) } else { vec![] };
        let theirs = match id {
            _ if !enemy => vec![],
            Challenge::ExcludeEggheads => {
                self.roster_of(1 - side, |i| self.hero(i) && self.models[i].specialist)
            }
            Challenge::Hunt => heroes(1 - side),
            _ => self.roster_of(1 - side, |i| !self.models[i].volunteer),
        };
        (mine, theirs)
    }

    /// Why `side` cannot take `id`, if it cannot.
    pub fn cannot_take(&self, side: usize, id: Challenge) -> Option<Refusal> {
        let specialist =
            |s: usize| self.roster_of(s, |i| self.hero(i) && self.models[i].specialist);
        let (own, enemy) = names(id);
        let (mine, theirs) = self.candidates(side, id);
        if self.challenges.pledge(side, id).is_some() {
            Some(Refusal::Twice)
        } else if matches!(id, Challenge::ExcludeEggheads | Challenge::EggheadDuel)
            && specialist(1 - side).is_empty()
        {
            Some(Refusal::NoEnemySpecialist)
        } else if id == Challenge::EggheadDuel && specialist(side).is_empty() {
            Some(Refusal::NoSpecialist)
        } else if id == Challenge::NoFireworks
            && !self
                .models
                .iter()
                .any(|f| f.side == side && f.skills.iter().any(|s| s.category() == Category::Trick))
        {
            Some(Refusal::NoTrickster)
        } else if (own && mine.is_empty()) || (enemy && theirs.is_empty()) {
            Some(Refusal::NobodyToName)
        } else {
            None
        }
    }

    /// B172: each side's wishes in turn, side 0 first: a drawn one is
    /// picked uniformly among those the side can take (two d6, Q33), then
    /// the side names the models the challenge needs.
    pub fn take_challenges(&mut self, players: &mut Players) -> Result<(), BattleError> {
        for side in 0..2 {
            let wishes = self.challenges.wishes[side].clone();
            if wishes.len() > MAX_CHALLENGES {
                return Err(BattleError::Challenge {
                    side: self.names[side].clone(),
                    challenge: None,
                    why: Refusal::TooMany(wishes.len()),
                });
            }
            for wish in wishes {
                let id = match wish {
                    Wish::Named(id) => id,
                    Wish::Drawn => self.draw_challenge(players, side)?,
                };
                if let Some(why) = self.cannot_take(side, id) {
                    return Err(BattleError::Challenge {
                        side: self.names[side].clone(),
                        challenge: Some(id),
                        why,
                    });
                }
                let (mine, theirs) = self.candidates(side, id);
                self.challenges.naming = Some(id);
                let own = self.name_one(players, side, mine)?;
                let enemy = self.name_one(players, side, theirs)?;
                self.challenges.naming = None;
                self.challenges.taken.push(Pledge {
                    id,
                    side,
                    own,
                    enemy,
                });
                self.event(Event::Challenge {
                    side,
                    id,
                    own,
                    enemy,
                });
            }
        }
        Ok(())
    }

    fn name_one(
        &mut self,
        players: &mut Players,
        side: usize,
        among: Vec<usize>,
    ) -> Result<Option<usize>, BattleError> {
        if among.is_empty() {
            return Ok(None);
        }
        let options = among
            .into_iter()
            .map(|model| Choice::Name { model })
            .collect();
        match self.ask(
            players,
            Question {
                side,
                about: About::Named,
                options,
            },
        )? {
            Choice::Name { model } => Ok(Some(model)),
            _ => Ok(None),
        }
    }

    /// A challenge drawn for `side` (two d6, Q33: [`Battle::pick_by_dice`]),
    /// drawn again until it is one the side can take.
    fn draw_challenge(
        &mut self,
        players: &mut Players,
        side: usize,
    ) -> Result<Challenge, BattleError> {
        let all = Challenge::ALL;
        loop {
            let (k, dice) = self.pick_by_dice(players, all.len())?;
            self.event(Event::Roll {
                what: "challenge",
                side,
                dice,
            });
            let id = all[k];
            if self.cannot_take(side, id).is_none() {
                return Ok(id);
            }
        }
    }

    /// B173 Ukryte dane: after deployment the opponent places the marker at
    /// ground level outside both deployment zones (on the markers' 2" grid).
    pub(super) fn place_data(&mut self, players: &mut Players) -> Result<(), BattleError> {
        let Some(owner) = self
            .challenges
            .taken
            .iter()
            .find(|p| p.id == Challenge::HiddenData)
            .map(|p| p.side)
        else {
            return Ok(());
        };
        let zones = self.challenges.zones;
        let size = self.table.size;
        let outside =
            move |x: f64, y: f64| zones.iter().flatten().all(|z| !z.holds_point(size, x, y));
        let options = self.marker_spots(&outside);
        let Some(&first) = options.first() else {
            return Err(BattleError::NotYet(super::NotYet::DataRoom));
        };
        let choice = self.ask(
            players,
            Question {
                side: 1 - owner,
                about: About::Marker,
                options,
            },
        )?;
        let Choice::Marker { x, y } = (match choice {
            Choice::Marker { .. } => choice,
            _ => first,
        }) else {
            return Ok(());
        };
        self.challenges.data = Some(Data {
            owner,
            at: Some(Place::ground(x, y)),
            carrier: None,
            delivered: false,
        });
        Ok(())
    }

    /// Side 0 deployed in `corner` and side 1 in the opposite one (the
    /// zones Kurier leaves through), for battles whose models were placed
    /// by hand rather than by [`Battle::set_up`].
    pub fn deployed_in_corners(&mut self, corner: usize) {
        self.challenges.zones = [
            Some(Zone::Corner(corner % 4)),
            Some(Zone::Corner((corner + 2) % 4)),
        ];
    }

    /// Puts the Ukryte dane marker of the side that took the challenge at
    /// `at` (situations and tests; a battle's set-up asks the opponent).
    pub fn place_data_at(&mut self, at: Place) {
        if let Some(p) = self
            .challenges
            .taken
            .iter()
            .find(|p| p.id == Challenge::HiddenData)
        {
            self.challenges.data = Some(Data {
                owner: p.side,
                at: Some(at),
                carrier: None,
                delivered: false,
            });
        }
    }

    /// Model `m` of the owner, not engaged, within 1" of the Ukryte dane
    /// marker, may pick it up (not a pet or volunteer, B10, B11).
    pub(super) fn may_pick_data(&self, m: usize) -> bool {
        let me = &self.models[m];
        let Some(d) = self.challenges.data else {
            return false;
        };
        let Some(at) = d.at else { return false };
        let point = Body {
            at,
            base: 0.0,
            height: 0.0,
        };
        d.owner == me.side && self.hero(m) && self.table.distance(&me.body, &point) <= 1.0
    }

    /// Where model `m` heads for the Ukryte dane marker, if it may.
    pub(super) fn data_goal(&self, m: usize) -> Option<Place> {
        let d = self.challenges.data?;
        (d.owner == self.models[m].side && self.hero(m))
            .then_some(d.at)
            .flatten()
    }

    /// The pacifist of `m`'s side is `m`.
    pub fn is_pacifist(&self, m: usize) -> bool {
        self.challenges
            .pledge(self.models[m].side, Challenge::Pacifist)
            .is_some_and(|p| p.own == Some(m))
    }

    /// The Kurier of `m`'s side is `m`.
    pub fn is_courier(&self, m: usize) -> bool {
        self.challenges
            .pledge(self.models[m].side, Challenge::Courier)
            .is_some_and(|p| p.own == Some(m))
    }

    /// The challenge hooks on the options of model `m`: the Ukryte dane
    /// pick-up; the pacifist never shoots, casts, attacks or charges (a
    /// Move into contact with an enemy), and leaves only as the last of its
    /// side.
    pub(super) fn challenge_options(&self, m: usize, out: &mut Vec<Choice>) {
        if self.may_pick_data(m)
            && self.engaged_with(m).is_empty()
            && !self.models[m].free_slot
            && !self.models[m].climbed
        {
            let end = out.len().saturating_sub(1);
            out.insert(end, Choice::PickUpData);
        }
        if !self.is_pacifist(m) {
            return;
        }
        let side = self.models[m].side;
        let alone = !self
            .models
            .iter()
            .enumerate()
            .any(|(i, f)| i != m && f.side == side && f.on_table() && !f.volunteer);
        out.retain(|c| match *c {
            Choice::Shoot { .. } | Choice::Cast { .. } | Choice::Attack { .. } => false,
            Choice::Move { leave: true, .. } => alone,
            Choice::Move { to, .. } | Choice::JumpDown { to, .. } => !self.touches_enemy(m, to),
            _ => true,
        });
    }

    /// Extra ways off the table for the Kurier (B172: also in Barykady):
    /// the places just inside the edges that lie in the opponent's
    /// deployment zone, nearest to the model.
    pub(super) fn courier_exits(&self, m: usize) -> Vec<(usize, Place)> {
        if !self.is_courier(m) {
            return vec![];
        }
        let me = &self.models[m];
        match self.challenges.zones[1 - me.side] {
            Some(z) => z.exits(self.table.size, me.body.radius() + 0.01, me.body.at),
            None => vec![],
        }
    }

    /// After an action: Stoicyzm's count of Move actions (B174).
    pub(super) fn note_action(&mut self, m: usize) {
        let f = &self.models[m];
        if f.moves >= 2 && !f.volunteer {
            self.challenges.restless[f.side] = true;
        }
    }

    /// The Ukryte dane marker falls where its carrier is removed.
    pub(super) fn drop_data(&mut self, m: usize) {
        let at = self.models[m].body.at;
        if let Some(d) = &mut self.challenges.data
            && d.carrier == Some(m)
        {
            d.carrier = None;
            d.at = Some(at);
        }
    }

    /// Its carrier left the table: the Ukryte dane marker is carried off.
    pub(super) fn deliver_data(&mut self, m: usize) {
        if let Some(d) = &mut self.challenges.data
            && d.carrier == Some(m)
        {
            d.delivered = true;
        }
    }

    /// Model `m` picks up the Ukryte dane marker.
    pub(super) fn pick_data(&mut self, m: usize) {
        if self.may_pick_data(m)
            && let Some(d) = &mut self.challenges.data
        {
            d.at = None;
            d.carrier = Some(m);
            self.event(Event::PickedUpData { model: m });
        }
    }

    /// Who took out whom, from the log (B174, B179).
    fn kills(&self) -> Vec<(usize, Option<usize>)> {
        self.log
            .iter()
            .filter_map(|e| match e {
                super::Entry::Event(Event::Removed { model, by }) => Some((*model, *by)),
                _ => None,
            })
            .collect()
    }

    /// Where model `m` stood when it left the table (its last Move).
    fn left_from(&self, m: usize) -> Option<Place> {
        if self.models[m].status != Status::Left {
            return None;
        }
        self.log.iter().rev().find_map(|e| match e {
            super::Entry::Event(Event::Moved { model, to, .. }) if *model == m => Some(*to),
            _ => None,
        })
    }

    /// Whether pledge `p` is met at the end: (met, victory points, the
    /// model that earned it when the challenge names one).
    fn judge(&self, p: &Pledge, reason: EndReason) -> Option<(u32, Option<usize>)> {
        use Challenge::*;
        let side = p.side;
        let kills = self.kills();
        let counted = |s: usize| self.roster_of(s, |i| !self.models[i].volunteer);
        let removed = |s: usize| {
            counted(s)
                .into_iter()
                .filter(|&i| self.models[i].status == Status::Removed)
                .count()
        };
        let standing =
            |m: Option<usize>| m.is_some_and(|m| self.models[m].status != Status::Removed);
        let by_of = |victim: usize| kills.iter().find(|k| k.0 == victim).and_then(|k| k.1);
        let (_, extra) = p.id.reward();
        let vp = 1 + extra;
        match p.id {
            Extermination => {
                let mine = self
                    .models
                    .iter()
                    .any(|f| f.side == side && f.on_table() && !f.volunteer);
                (reason == EndReason::OneSideLeft
                    && mine
                    && !self.models.iter().any(|f| f.side != side && f.on_table()))
                .then_some((vp, None))
            }
            // Q30: half of the models deployed, volunteers excluded,
            // rounded up; models that left are not removed.
            Lesson => {
                let n = counted(1 - side).len();
                (n > 0 && removed(1 - side) >= n.div_ceil(2)).then_some((vp, None))
            }
            Courier => {
                let m = p.own?;
                let at = self.left_from(m)?;
                let zone = self.challenges.zones[1 - side]?;
                let r = self.models[m].body.radius() + 0.01;
                zone.exits(self.table.size, r, at)
                    .iter()
                    .any(|(_, q)| (q.x - at.x).hypot(q.y - at.y) < 0.05)
                    .then_some((vp, Some(m)))
            }
            Predator => {
                let m = p.own?;
                let n = kills.iter().filter(|k| k.1 == Some(m)).count() as u32;
                (standing(Some(m)) && n >= 2).then(|| (n.saturating_sub(1), Some(m)))
            }
            GetTheOldMan | BountyHunters | ExcludeEggheads => {
                let e = p.enemy?;
                if self.models[e].status != Status::Removed {
                    return None;
                }
                // The experience goes to the hero of the side that did it.
                let who = by_of(e).filter(|&b| self.models[b].side == side && self.hero(b));
                Some((vp, who.filter(|_| p.id == GetTheOldMan)))
            }
            EggheadDuel => kills
                .iter()
                .find(|(v, by)| {
                    self.models[*v].side != side
                        && self.models[*v].specialist
                        && by.is_some_and(|b| {
                            self.models[b].side == side && self.models[b].specialist
                        })
                })
                .map(|(_, by)| (vp, *by)),
            HiddenData => {
                let d = self.challenges.data?;
                let held = d.carrier.is_some_and(|c| self.models[c].on_table());
                (d.delivered || held).then_some((vp, None))
            }
            Hunt => {
                let (m, e) = (p.own?, p.enemy?);
                (standing(Some(m)) && by_of(e) == Some(m)).then_some((vp, Some(m)))
            }
            Stoicism => (!self.challenges.restless[side]).then_some((vp, None)),
            Pacifist => standing(p.own).then_some((vp, p.own)),
            Foresight => (removed(side) <= 2).then_some((vp, None)),
            NoFireworks => {
                let cast = self.models.iter().any(|f| {
                    f.side == side && f.tricks.iter().any(|&(k, n)| Some(n) != k.charges())
                });
                (!cast).then_some((vp, None))
            }
        }
    }

    /// Settles every challenge when the battle ends (B146: their VP count
    /// towards victory).
    pub(super) fn settle_challenges(&mut self, reason: EndReason) {
        let taken = self.challenges.taken.clone();
        for p in &taken {
            if let Some((vp, model)) = self.judge(p, reason) {
                self.challenges.met.push(Met {
                    id: p.id,
                    side: p.side,
                    model,
                    vp,
                });
                self.event(Event::Met {
                    side: p.side,
                    id: p.id,
                    model,
                    vp,
                });
            }
        }
    }

    /// After the battle: each challenge met whose experience goes to a
    /// model the side chooses ("a model of your choice", or any
    /// specialist) asks the side which; the choice is logged.
    pub(super) fn reward(&mut self, players: &mut Players) -> Result<(), BattleError> {
        for k in 0..self.challenges.met.len() {
            let met = self.challenges.met[k];
            if !chosen_reward(met.id) {
                continue;
            }
            let specialist = met.id.reward().0 == ChallengeXp::OneSpecialist;
            let options: Vec<Choice> = self
                .roster_of(met.side, |i| {
                    self.hero(i) && (!specialist || self.models[i].specialist)
                })
                .into_iter()
                .map(|model| Choice::Reward { model })
                .collect();
            if options.is_empty() {
                continue;
            }
            if let Choice::Reward { model } = self.ask(
                players,
                Question {
                    side: met.side,
                    about: About::Reward,
                    options,
                },
            )? {
                self.challenges.met[k].model = Some(model);
                self.event(Event::Rewarded {
                    side: met.side,
                    id: met.id,
                    model,
                });
            }
        }
        Ok(())
    }
}
