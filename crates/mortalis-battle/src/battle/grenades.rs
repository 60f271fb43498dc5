//! Grenades (issue #15, slice 2; B130–B133, Q44): thrown at a point, a
//! roll against C, deviation chosen by the opponent, a blast of 2"; the
//! smoke grenade's cloud is terrain made mid-battle (B131).

use mortalis_rules::dice::DiceSource;
use mortalis_rules::equipment::SpecialItem;
use mortalis_rules::odds::{ActionKind, Query, Situation};
use mortalis_rules::skills::Skill;

use super::actions::shot_chance;
use super::ai::{out_chance, worth};
use super::{About, Battle, BattleError, Choice, Event, Logged, Players, Question};
use crate::table::{Body, Place};

/// How far a grenade is thrown: the point within this distance of the
/// thrower's base (B130).
pub const THROW: f64 = 8.0;
/// How far a missed throw lands short of or beyond the point (B130).
pub const DEVIATION: f64 = 3.0;
/// The blast's radius (B130).
pub const BLAST: f64 = 2.0;
/// A grenade is lobbed over terrain up to this high (B130).
pub const LOB: f64 = 4.0;

/// The grenades a model may throw.
const GRENADES: [SpecialItem; 3] = [
    SpecialItem::FragGrenade,
    SpecialItem::StunGrenade,
    SpecialItem::SmokeGrenade,
];

/// A smoke cloud's height: unlimited (B131), higher than any table.
const SMOKE_HEIGHT: f64 = 1000.0;

/// The body that stands for a smoke cloud centred at `(x, y)` when sight is
/// judged (B131): the blast circle, from the ground up without limit.
pub(super) fn smoke_body(x: f64, y: f64) -> Body {
    Body {
        at: Place::ground(x, y),
        base: 2.0 * BLAST,
        height: SMOKE_HEIGHT,
    }
}

impl Battle {
    /// Whether model `m` stands in a smoke cloud: some part of its base
    /// inside the circle (B131; then it may only Move).
    pub(super) fn in_smoke(&self, m: usize) -> bool {
        let b = &self.models[m].body;
        self.smoke
            .iter()
            .any(|&(x, y)| (b.at.x - x).hypot(b.at.y - y) < BLAST + b.radius())
    }

    /// Whether model `m` can lob a grenade from where it stands to
    /// `(x, y)`: within 8" of its base, on the table, and no terrain higher
    /// than 4" crossing the line (B130: sight is not needed).
    fn can_lob(&self, m: usize, x: f64, y: f64) -> bool {
        let me = &self.models[m];
        let size = self.table.size;
        let far = (me.body.at.x - x).hypot(me.body.at.y - y) - me.body.radius();
        if far > THROW || !(0.0..=size).contains(&x) || !(0.0..=size).contains(&y) {
            return false;
        }
        let line = geo::Line::new(
            geo::coord! { x: me.body.at.x, y: me.body.at.y },
            geo::coord! { x: x, y: y },
        );
        !self.table.pieces.iter().any(|p| {
            p.kind.sight_height() > LOB && geo::Intersects::intersects(&line, &p.footprint)
        })
    }

    /// The throws model `m` is offered (it is not engaged, Q44, and its
    /// free action is unused; the caller checks): each grenade it carries
    /// at the centre of each enemy it can lob it to.
    pub(super) fn throw_options(&self, m: usize) -> Vec<Choice> {
        let me = &self.models[m];
        let mut out = vec![];
        for item in GRENADES {
            if !me.items.contains(&item) {
                continue;
            }
            for e in &self.models {
                let (x, y) = (e.body.at.x, e.body.at.y);
                if e.on_table() && e.side != me.side && self.can_lob(m, x, y) {
                    out.push(Choice::Throw { item, x, y });
                }
            }
        }
        out
    }

    /// The models a blast at `(x, y)` on the surface there reaches: any
    /// part of the model within 2" of the point (Q44: the half-sphere, in
    /// three dimensions).
    pub fn in_blast(&self, x: f64, y: f64) -> Vec<usize> {
        let point = Body {
            at: Place {
                x,
                y,
                level: self.table.surface_at(x, y),
            },
            base: 0.0,
            height: 0.0,
        };
        (0..self.models.len())
            .filter(|&i| self.models[i].on_table())
            .filter(|&i| self.table.distance(&self.models[i].body, &point) <= BLAST)
            .collect()
    }

    /// The test of a model a frag grenade hits (B133, B51): the odds
    /// engine's automatic hit, with the shield's +1 (B49 denies it only
    /// against Atak Drona) and no Rozproszenie (it is no trick).
    pub fn frag_query(&self, t: usize) -> Query {
        let v = &self.models[t];
        let mut defender = v.side(None, false);
        defender.skills.retain(|&k| k != Skill::Dispel);
        if defender.shield {
            defender.resilience += 1;
        }
        let attacker = mortalis_rules::odds::Side {
            trick: Some(Skill::DroneStrike),
            ..Default::default()
        };
        Query {
            kind: ActionKind::Shoot,
            attacker,
            defender,
            situation: Situation {
                range: Some(1.0),
                ..Situation::default()
            },
        }
    }

    /// Throws a grenade of `m` at `(x, y)` (B130): 2d6 below the thrower's
    /// C, no modifiers (Q44); a miss lands 3" short of or beyond the point
    /// on the line from the thrower, as the opponent chooses.
    pub(super) fn throw(
        &mut self,
        players: &mut Players,
        m: usize,
        item: SpecialItem,
        x: f64,
        y: f64,
    ) -> Result<(), BattleError> {
        self.take_slot(m, false);
        if let Some(k) = self.models[m].items.iter().position(|&i| i == item) {
            self.models[m].items.remove(k);
            self.models[m].thrown.push(item);
        }
        players.dice.label(
            "Rzut granatem: 2k6 na trafienie",
            "Grenade throw: 2d6 to hit",
        );
        let mut dice = Logged {
            inner: players.dice,
            rolled: &mut self.dice,
        };
        let roll = [dice.d6()?, dice.d6()?];
        let hit = i32::from(roll[0] + roll[1]) < self.models[m].profile.accuracy;
        let (mut bx, mut by) = (x, y);
        if !hit {
            let from = self.models[m].body.at;
            let d = (x - from.x).hypot(y - from.y).max(1e-9);
            let at = |k: f64| (x + (x - from.x) / d * k, y + (y - from.y) / d * k);
            let (short, long) = (at(-DEVIATION), at(DEVIATION));
            let options = vec![
                Choice::Deviate {
                    item,
                    x: short.0,
                    y: short.1,
                },
                Choice::Deviate {
                    item,
                    x: long.0,
                    y: long.1,
                },
            ];
            let side = 1 - self.models[m].side;
            if let Choice::Deviate { x, y, .. } = self.ask(
                players,
                Question {
                    side,
                    about: About::Reaction,
                    options,
                },
            )? {
                (bx, by) = (x, y);
            }
        }
        if item == SpecialItem::SmokeGrenade {
            self.smoke.push((bx, by));
        }
        let caught = self.in_blast(bx, by);
        self.event(Event::Thrown {
            model: m,
            item,
            dice: roll,
            x: bx,
            y: by,
            caught: caught.clone(),
        });
        for t in caught {
            match item {
                SpecialItem::FragGrenade => {
                    let q = self.frag_query(t);
                    let (report, chance) = self.play_query(players, &q)?;
                    let out = report.defender_out;
                    self.event(Event::Blasted {
                        model: t,
                        chance: shot_chance(&chance),
                        report,
                    });
                    // Q35: the thrower gets the credit (not for its own side).
                    if out {
                        let by = (self.models[t].side != self.models[m].side).then_some(m);
                        self.remove(t, by);
                    }
                }
                SpecialItem::StunGrenade => self.stun(t),
                _ => {}
            }
        }
        Ok(())
    }

    /// Ogłuszający (B132): the model may take only one action this round,
    /// a Move; nothing if it has used its actions; Filtr tłumiący makes it
    /// immune (B134).
    fn stun(&mut self, t: usize) {
        let v = &mut self.models[t];
        if v.items.contains(&SpecialItem::SuppressionFilter) || (v.move_slot && v.free_slot) {
            return;
        }
        v.stunned = true;
        if !v.move_slot {
            v.free_slot = true;
        }
    }

    /// The AI's value of a blast of `item` thrown by `m` at `(x, y)`: the
    /// chance each model there is taken out (frag) or its actions cut
    /// (stun), times its worth, own models counting against.
    pub(super) fn blast_value(&self, m: usize, item: SpecialItem, x: f64, y: f64) -> f64 {
        let side = self.models[m].side;
        self.in_blast(x, y)
            .into_iter()
            .map(|t| {
                let sign = if self.models[t].side == side {
                    -1.5
                } else {
                    1.0
                };
                let v = match item {
                    SpecialItem::FragGrenade => {
                        out_chance(self, &self.frag_query(t)) * worth(self, t)
                    }
                    _ if self.models[t].move_slot && self.models[t].free_slot => 0.0,
                    // Smoke: a model caught only Moves; a cloud over its
                    // own models the AI does not want (the sign doubles it).
                    SpecialItem::SmokeGrenade => 0.2,
                    _ => 0.3,
                };
                sign * v
            })
            .sum()
    }

    /// The AI's value of a throw: the chance it lands where aimed times the
    /// value of a blast there, plus the chance it misses times the value of
    /// the worse of the two deviations (the opponent picks).
    pub(super) fn throw_value(&self, m: usize, item: SpecialItem, x: f64, y: f64) -> f64 {
        let me = &self.models[m];
        let c = me.profile.accuracy;
        let hit = f64::from((2..=12).filter(|&s| s < c).map(ways).sum::<i32>()) / 36.0;
        let from = me.body.at;
        let d = (x - from.x).hypot(y - from.y).max(1e-9);
        let at = |k: f64| {
            let (bx, by) = (x + (x - from.x) / d * k, y + (y - from.y) / d * k);
            self.blast_value(m, item, bx, by)
        };
        hit * self.blast_value(m, item, x, y) + (1.0 - hit) * at(-DEVIATION).min(at(DEVIATION))
            - 0.2
    }
}

/// Ways two dice make `s`.
fn ways(s: i32) -> i32 {
    6 - (s - 7).abs()
}
