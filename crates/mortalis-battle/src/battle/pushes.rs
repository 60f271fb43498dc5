//! Where a trick's push (Przemieszczenie B117, Fala Mocy B123) takes a
//! model, and what it meets there: the rulebook lets a push throw a model
//! off a height (a fall, B34) and into dangerous ground, which hurts it as
//! that ground does.

use mortalis_rules::equipment::Armour;

use super::actions::shot_chance;
use super::ai::{out_chance, worth};
use super::{Battle, BattleError, Event, Players};
use crate::table::{Level, Place};

/// What a pushed model meets where the push ends.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Hazard {
    /// Nothing.
    None,
    /// Dangerous ground ahead (trap, chasm, lava): it stops short of it and
    /// tests as that ground makes it (B117).
    Dangerous,
    /// Off a roof: it falls this many whole inches (B34).
    Fall(f64),
}

/// Where a push ends and what the model meets.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Push {
    /// Where it ends.
    pub to: Place,
    /// What it meets.
    pub hazard: Hazard,
}

impl Battle {
    /// Where model `t` ends when pushed straight away from model `from` by
    /// `by` inches (B117, B123): at the last place its base may stand short
    /// of terrain, another model or the table edge. **Ruling (B117: "thrown
    /// off a height, also over an obstacle up to 1" high"; "dangerous
    /// ground hurts as it does"):** off a roof it lands where the whole
    /// push takes it on the surface below and falls (as "Z drogi!" does);
    /// reaching dangerous ground it stops at its edge and tests as the
    /// ground makes it (the table's dangerous pieces — which no model may
    /// stand on — and lava pools alike: the frag hit's test). None for a
    /// sarcophagus.
    pub(super) fn push_to(&self, from: usize, t: usize, by: f64) -> Option<Push> {
        let (a, v) = (&self.models[from], &self.models[t]);
        if v.armour == Armour::Sarcophagus {
            return None;
        }
        let (dx, dy) = (v.body.at.x - a.body.at.x, v.body.at.y - a.body.at.y);
        let d = dx.hypot(dy).max(1e-9);
        let (ux, uy) = (dx / d, dy / d);
        if v.body.at.level != Level::Ground {
            let (last, fall) = super::plays::straight(self, t, ux, uy, by);
            return Some(match fall {
                Some(below) => {
                    let h = self.table.level_height(v.body.at.level)
                        - self.table.level_height(below.level);
                    Push {
                        to: below,
                        hazard: Hazard::Fall(h.floor()),
                    }
                }
                None => Push {
                    to: last,
                    hazard: Hazard::None,
                },
            });
        }
        let r = v.body.radius();
        let others = self.others_but(&[t]);
        let mut at = v.body.at;
        let steps = (by / 0.1).round() as usize;
        for k in 1..=steps {
            let s = by * k as f64 / steps as f64;
            let p = Place::ground(v.body.at.x + ux * s, v.body.at.y + uy * s);
            if self.on_dangerous(p, r) {
                return Some(Push {
                    to: at,
                    hazard: Hazard::Dangerous,
                });
            }
            let clear = self.table.can_stand(p, r).is_ok()
                && !others.iter().any(|o| {
                    o.at.level == p.level
                        && (o.at.x - p.x).hypot(o.at.y - p.y) < o.radius() + r - 1e-6
                });
            if !clear {
                break;
            }
            at = p;
        }
        Some(Push {
            to: at,
            hazard: Hazard::None,
        })
    }

    /// After a push by caster `by`: the fall or the dangerous ground's test
    /// (a lava pool it ends on tests after the action, `lava_check`).
    /// Q35: the caster is credited for enemies only.
    pub(super) fn suffer(
        &mut self,
        players: &mut Players,
        t: usize,
        hazard: Hazard,
        by: usize,
    ) -> Result<(), BattleError> {
        let credit = (self.models[t].side != self.models[by].side).then_some(by);
        match hazard {
            Hazard::None => Ok(()),
            Hazard::Fall(h) => self.fall(players, t, h, credit),
            Hazard::Dangerous => self.burn(players, t, credit),
        }
    }

    /// The test dangerous ground makes (B117, B128): the frag hit's test
    /// (the odds engine's automatic hit); failed, the model is removed.
    pub(super) fn burn(
        &mut self,
        players: &mut Players,
        t: usize,
        credit: Option<usize>,
    ) -> Result<(), BattleError> {
        let q = self.frag_query(t);
        let (report, chance) = self.play_query(players, &q)?;
        let out = report.defender_out;
        self.event(Event::Burned {
            model: t,
            chance: shot_chance(&chance),
            report,
        });
        if out {
            self.remove(t, credit);
        }
        Ok(())
    }

    /// The AI's extra value of a push's hazard for the pushed model `t`:
    /// the chance it is taken out times its worth (a fall's chance taken as
    /// a half).
    pub(super) fn hazard_value(&self, t: usize, hazard: Hazard) -> f64 {
        match hazard {
            Hazard::None => 0.0,
            Hazard::Fall(_) => 0.5 * worth(self, t),
            Hazard::Dangerous => out_chance(self, &self.frag_query(t)) * worth(self, t),
        }
    }
}
