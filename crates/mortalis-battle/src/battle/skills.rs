//! Skills whose battle effect needs the table (issue #15, slice 2): Ochrona
//! (B105) and Asysta (B102) are told to the odds engine from where models
//! stand; Wymierzony strzał (B108) and Rozkaz obrony (B71) are actions of
//! their own; Skradanie (B114) and Zbieracz (B96) act after a Move.

use mortalis_rules::equipment::Item;
use mortalis_rules::skills::Skill;

use super::actions::ShotPlan;
use super::ai::worth;
use super::{Battle, Choice, Event};
use crate::path::Nav;
use crate::table::{Body, Place};

impl Battle {
    /// Ochrona (B105, ruling R57): target `t` stands within 1" of a
    /// friendly model (not itself) with the skill and a shield, not engaged,
    /// and is not closer to the shooter `s` than that model.
    pub(super) fn protected(&self, s: usize, t: usize) -> bool {
        let (shooter, target) = (&self.models[s], &self.models[t]);
        let from_shooter = self.table.distance(&shooter.body, &target.body);
        self.models.iter().enumerate().any(|(i, p)| {
            i != t
                && p.on_table()
                && p.side == target.side
                && p.skills.contains(&Skill::Protector)
                && p.equipment.contains(&Item::Shield)
                && self.engaged_with(i).is_empty()
                && self.table.distance(&p.body, &target.body) <= 1.0
                && self.table.distance(&shooter.body, &p.body) <= from_shooter
        })
    }

    /// Asysta (B41c, B102): one of the models supporting `fighter` against
    /// `opponent` (its side's other models within 1" of the opponent) has
    /// the skill and is not in a battle sarcophagus.
    pub(super) fn assisted(&self, fighter: usize, opponent: usize) -> bool {
        let (me, opp) = (&self.models[fighter], &self.models[opponent]);
        self.models.iter().enumerate().any(|(i, m)| {
            i != fighter
                && m.on_table()
                && m.side == me.side
                && m.skills.contains(&Skill::Assist)
                && m.armour != mortalis_rules::equipment::Armour::Sarcophagus
                && self.table.distance(&m.body, &opp.body) < 1.0
        })
    }

    /// Wymierzony strzał (B108, R8): a model with the skill that has taken
    /// no action this round may spend both its actions on one Shot whose
    /// every attack roll is three dice, the highest dropped.
    pub fn aimed_plan(&self, s: usize, t: usize) -> Option<ShotPlan> {
        let me = &self.models[s];
        if !me.skills.contains(&Skill::AimedShot) || me.move_slot || me.free_slot {
            return None;
        }
        let mut plan = self.shot_plan(s, t)?;
        plan.query.attacker.skills.push(Skill::AimedShot);
        self.odds(&plan.query).ok()?;
        Some(plan)
    }

    /// The Aimed shots model `m` is offered at `t` (B108).
    pub(super) fn aimed_options(&self, m: usize, t: usize) -> Option<Choice> {
        self.aimed_plan(m, t)
            .map(|_| Choice::AimedShot { target: t })
    }
}

impl Battle {
    /// Whether `choice` is a Move of a hidden model with Skradanie (B114):
    /// its Ukrycie is judged where the Move ends.
    pub(super) fn sneaks(&self, m: usize, choice: &Choice) -> bool {
        let me = &self.models[m];
        me.hidden
            && me.skills.contains(&Skill::Sneaking)
            && matches!(choice, Choice::Move { leave: false, .. })
    }

    /// After a walked Move of `m`: Skradanie keeps the Ukrycie marker only
    /// where the model may hide (B114); Zbieracz picks up a marker within
    /// 1" of where the Move ends, once a round, with no action (B35, B96).
    pub(super) fn after_move(&mut self, m: usize) {
        if self.models[m].hidden && !self.may_hide(m) {
            self.models[m].hidden = false;
            self.event(Event::Revealed { model: m });
        }
        let me = &self.models[m];
        if !me.skills.contains(&Skill::Scavenger) || me.scavenged || !me.on_table() {
            return;
        }
        let body = me.body;
        let near = self.markers.iter().position(|&at| {
            let point = Body {
                at,
                base: 0.0,
                height: 0.0,
            };
            self.table.distance(&body, &point) <= 1.0
        });
        if let Some(k) = near {
            self.scavenge(m, k);
        }
    }

    /// Zbieracz takes marker `k` with no action (once a round, B96).
    fn scavenge(&mut self, m: usize, k: usize) {
        self.markers.remove(k);
        let me = &mut self.models[m];
        me.carried += 1;
        me.scavenged = true;
        self.event(Event::PickedUp { model: m });
    }

    /// The way a Move of `m` to `to` walks, start first, when something
    /// along it matters: a marker Zbieracz may still pick up this round, or
    /// a lava pool on the table (else empty: nobody looks).
    pub(super) fn trail(&self, m: usize, (to, spent): (Place, f64), navs: &[Nav]) -> Vec<Place> {
        let me = &self.models[m];
        let scavenging =
            me.skills.contains(&Skill::Scavenger) && !me.scavenged && !self.markers.is_empty();
        if !scavenging && self.lava.is_empty() {
            return vec![];
        }
        let mut trail = vec![me.body.at];
        trail.extend(self.corners(m, (to, spent), navs).into_iter().map(|c| c.0));
        trail
    }

    /// Zbieracz along the way (B35, B96): the first marker the walked way
    /// (`walked`, [`walked_part`]) passed within 1" of (edge of the base to
    /// the marker, on the surface the way crosses) is picked up with no
    /// action, once a round.
    pub(super) fn scavenge_along(&mut self, m: usize, walked: &[Place]) {
        let me = &self.models[m];
        if !me.skills.contains(&Skill::Scavenger) || me.scavenged || !me.on_table() {
            return;
        }
        let r = me.body.radius();
        let first = walked.windows(2).find_map(|pair| {
            let (a, b) = (pair[0], pair[1]);
            (self.markers.iter().enumerate())
                .filter(|(_, p)| a.level == b.level && p.level == a.level)
                .map(|(i, p)| (i, along((a, b), (p.x, p.y))))
                .filter(|&(_, (t, d))| d <= 1.0 + r + 1e-9 && t.is_finite())
                .min_by(|x, y| x.1.0.total_cmp(&y.1.0))
                .map(|(i, _)| i)
        });
        if let Some(i) = first {
            self.scavenge(m, i);
        }
    }

    /// The friendly models Rozkaz obrony of `m` would give a Defensive
    /// position (B71; Q45: not the owner): on the table, within 3", not
    /// engaged, not already holding one.
    fn ordered(&self, m: usize) -> Vec<usize> {
        let me = &self.models[m];
        (0..self.models.len())
            .filter(|&i| i != m)
            .filter(|&i| {
                let f = &self.models[i];
                f.on_table()
                    && f.side == me.side
                    && !f.defensive
                    && self.table.distance(&me.body, &f.body) <= 3.0
                    && self.engaged_with(i).is_empty()
            })
            .collect()
    }

    /// Rozkaz obrony offered to `m` (B71; Q45: not while engaged, which the
    /// caller checks) when some friend would get the marker.
    pub(super) fn order_option(&self, m: usize) -> Option<Choice> {
        let me = &self.models[m];
        (me.skills.contains(&Skill::DefenceOrder) && !self.ordered(m).is_empty())
            .then_some(Choice::DefenceOrder)
    }

    /// Rozkaz obrony (B71): the free action of `m` gives each friend it
    /// reaches a Defensive-position marker.
    pub(super) fn defence_order(&mut self, m: usize) {
        self.take_slot(m, false);
        for i in self.ordered(m) {
            self.models[i].defensive = true;
            self.event(Event::Defends { model: i });
        }
    }

    /// The AI's value of Rozkaz obrony: a quarter of what threatens each
    /// friend it reaches, as for a Defensive position.
    pub(super) fn order_value(&self, m: usize) -> f64 {
        self.ordered(m)
            .into_iter()
            .map(|i| 0.25 * super::ai::exposure(self, i, self.models[i].body.at) * worth(self, i))
            .sum::<f64>()
            - 0.05
    }
}

/// Zwiadowca keeps this far from enemy models and markers (B101).
pub const SCOUT_AWAY: f64 = 6.0;

impl Battle {
    /// Whether model `model` may deploy at `(x, y)` beyond its zone with
    /// Zwiadowca (B101): out of the sight of every enemy model already
    /// placed, and not within 6" of any of them or of a marker.
    pub(super) fn scout_clear(&self, model: usize, x: f64, y: f64) -> bool {
        let me = &self.models[model];
        let body = Body {
            at: crate::table::Place::ground(x, y),
            ..me.body
        };
        let near_marker = self.markers.iter().chain(&self.object).any(|&at| {
            let point = Body {
                at,
                base: 0.0,
                height: 0.0,
            };
            self.table.distance(&body, &point) < SCOUT_AWAY
        });
        !near_marker
            && self
                .deployed
                .iter()
                .filter(|&&i| self.models[i].on_table() && self.models[i].side != me.side)
                .all(|&i| {
                    let e = &self.models[i];
                    // What stands on the table so far hides; nothing else.
                    let others: Vec<Body> = self
                        .deployed
                        .iter()
                        .filter(|&&o| o != i && o != model && self.models[o].on_table())
                        .map(|&o| self.models[o].body)
                        .collect();
                    self.table.distance(&e.body, &body) >= SCOUT_AWAY
                        && !self.table.sees(&e.body, &body, &others)
                })
    }
}

/// Where on the stretch `a`–`b` the point `p` is nearest: the part along
/// it (0 to 1) and the distance.
pub(super) fn along((a, b): (Place, Place), p: (f64, f64)) -> (f64, f64) {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((p.0 - a.x) * dx + (p.1 - a.y) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (t, (p.0 - a.x - dx * t).hypot(p.1 - a.y - dy * t))
}

/// The part of a Move's way (`trail`, start first) the model walked before
/// it came to stand at `now` (all of it when `now` is its end; cut where
/// `now` lies on a stretch when an interception stopped it).
pub(super) fn walked_part(trail: &[Place], now: Place) -> Vec<Place> {
    let mut out: Vec<Place> = vec![];
    for pair in trail.windows(2) {
        out.push(pair[0]);
        let (t, d) = along((pair[0], pair[1]), (now.x, now.y));
        if pair[0].level == now.level && pair[1].level == now.level && d < 1e-6 && t < 1.0 - 1e-9 {
            out.push(now);
            return out;
        }
    }
    out.extend(trail.last());
    out
}
