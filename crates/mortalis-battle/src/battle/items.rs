//! Gear with a battle effect of its own (issue #15, slice 2): the jetpack
//! (B136, Q46) and two pistols (B59, Q38). Every change of a model's place that is not a walked Move
//! goes through [`Battle::relocate`], the one seam where reactions to a
//! model moving past or coming into sight can be hooked.

use geo::{Centroid, Distance, Euclidean, Point};
use mortalis_rules::equipment::Item;

use super::actions::ShotPlan;
use super::{Battle, BattleError, Choice, Event, Players};
use crate::table::{Body, Kind, Level, Place};

/// How far a jetpack flight goes (B136): the centre of the base moves at
/// most this far, measured flat.
pub const FLIGHT: f64 = 10.0;

/// How a model changed its place, for [`Battle::relocate`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relocation {
    /// A jetpack flight (B136): shot-from-hiding shooters may fire at it
    /// on its way.
    Flight,
    /// A push by a trick (Przemieszczenie B117, Fala Mocy B123).
    Push,
}

impl Battle {
    /// Whether model `m` may still fly with a jetpack (once a battle, B136).
    pub fn can_fly(&self, m: usize) -> bool {
        let me = &self.models[m];
        me.equipment.contains(&Item::Jetpack) && !me.flown
    }

    /// The flights model `m` is offered (B136, Q46): towards each goal a
    /// Move is offered for (markers, the object, contact with each enemy,
    /// the table centre) and onto each roof, as far as 10" goes; each
    /// landing place on the table where its base may stand (not on
    /// dangerous ground, not on another model), in its sight from where it
    /// stands now. Climbing and impassable ground are flown over.
    pub(super) fn flights(&self, m: usize) -> Vec<Choice> {
        if !self.can_fly(m) {
            return vec![];
        }
        let me = &self.models[m];
        let from = me.body.at;
        let r = me.body.radius();
        let others = self.others(m);
        let mut goals: Vec<Place> = self.move_goals(m).into_iter().map(|g| g.0).collect();
        goals.extend(
            self.table
                .pieces
                .iter()
                .enumerate()
                .filter(|(_, p)| matches!(p.kind, Kind::Block { .. }))
                .map(|(i, p)| {
                    let c = p
                        .footprint
                        .centroid()
                        .map_or((0.0, 0.0), |c| (c.x(), c.y()));
                    Place {
                        x: c.0,
                        y: c.1,
                        level: Level::Roof(i),
                    }
                }),
        );
        let mut out: Vec<Choice> = vec![];
        for g in goals {
            let d = (g.x - from.x).hypot(g.y - from.y);
            if d < 0.5 {
                continue;
            }
            // From as far as the flight goes back towards the start, the
            // first place it may land on.
            let mut t = d.min(FLIGHT);
            while t >= 0.5 {
                let (x, y) = (
                    from.x + (g.x - from.x) * t / d,
                    from.y + (g.y - from.y) * t / d,
                );
                let to = Place {
                    x,
                    y,
                    level: self.table.surface_at(x, y),
                };
                if self.may_land(m, to, r, &others) {
                    let dup = out.iter().any(
                        |c| matches!(c, Choice::Fly { to: o } if (o.x - x).hypot(o.y - y) < 0.05),
                    );
                    if !dup {
                        out.push(Choice::Fly { to });
                    }
                    break;
                }
                t -= 0.5;
            }
        }
        out
    }

    /// Whether model `m` may land at `to` (B136).
    fn may_land(&self, m: usize, to: Place, r: f64, others: &[Body]) -> bool {
        if self.table.can_stand(to, r).is_err() {
            return false;
        }
        let lava = self.on_dangerous(to, r);
        let overlaps = others.iter().any(|o| {
            o.at.level == to.level && (o.at.x - to.x).hypot(o.at.y - to.y) < o.radius() + r - 1e-6
        });
        if lava || overlaps {
            return false;
        }
        let me = &self.models[m];
        let there = Body { at: to, ..me.body };
        self.table.sight(&me.body, &there, others).visible
    }

    /// Whether a base of radius `r` at `at` touches dangerous ground.
    pub(super) fn on_dangerous(&self, at: Place, r: f64) -> bool {
        let centre = Point::new(at.x, at.y);
        self.table
            .pieces
            .iter()
            .any(|p| p.kind == Kind::Dangerous && Euclidean.distance(&p.footprint, &centre) < r)
    }

    /// The jetpack flight of model `m` to `to` (B136; Q46: a Move action,
    /// its 10" instead of the allowance, and it may end in contact).
    pub(super) fn fly(&mut self, m: usize, to: Place) {
        let before = self.engaged_with(m);
        self.models[m].flown = true;
        self.take_slot(m, true);
        self.relocate(m, to, Relocation::Flight);
        self.mark_charged(m, &before);
    }

    /// Puts model `m` at `to` and logs it: the seam every change of place
    /// other than a walked Move goes through (a flight now; pushes later),
    /// where the reactions to a model moving past or coming into sight
    /// (B67, B72–B74) hook in.
    pub(super) fn relocate(&mut self, m: usize, to: Place, how: Relocation) {
        let from = self.models[m].body.at;
        self.models[m].body.at = to;
        match how {
            Relocation::Flight => self.event(Event::Flew { model: m, from, to }),
            Relocation::Push => self.event(Event::Pushed { model: m, from, to }),
        }
    }
}

impl Battle {
    /// The two-pistol Shots of model `m` whose first pistol fires at `t`
    /// (B59, Q38): each pair of targets the two pistols may fire at, the
    /// same model included.
    pub(super) fn pistol_pairs(&self, m: usize, t: usize) -> Vec<Choice> {
        let Some([p1, p2]) = self.models[m].pistols() else {
            return vec![];
        };
        if self.shot_plan_by(m, t, None, Some(p1)).is_none() {
            return vec![];
        }
        (0..self.models.len())
            .filter(|&u| self.shot_plan_by(m, u, None, Some(p2)).is_some())
            .map(|second| Choice::Pistols { first: t, second })
            .collect()
    }

    /// One Shot with two pistols (B59, Q38): the first pistol's shots at
    /// the first target, then the second pistol's at the second, each its
    /// own volley with its own second-shot −1. Shots at a target already
    /// taken out are lost (Q37).
    pub(super) fn fire_pistols(
        &mut self,
        players: &mut Players,
        m: usize,
        targets: [usize; 2],
    ) -> Result<(), BattleError> {
        let Some(pistols) = self.models[m].pistols() else {
            return Err(BattleError::Rules("two pistols without two pistols".into()));
        };
        let plans: Vec<Option<ShotPlan>> = (0..2)
            .map(|k| self.shot_plan_by(m, targets[k], None, Some(pistols[k])))
            .collect();
        self.take_slot(m, false);
        for (k, plan) in plans.into_iter().enumerate() {
            let Some(plan) = plan else { continue };
            if self.models[targets[k]].on_table() {
                self.fire_plan(players, m, targets[k], None, &plan)?;
            }
        }
        Ok(())
    }
}
