//! Heroic plays that move models (B79, B86) and falls (B34): "To mnie
//! szukasz?" leaps, "Z drogi!" pushes.

use mortalis_rules::equipment::{Armour, Item};
use mortalis_rules::play;
use mortalis_rules::skills::Skill;

use super::{About, Battle, BattleError, Choice, Event, Players};
use crate::table::{Body, Level, Place};

/// How far "To mnie szukasz?" goes (B79).
pub const LEAP: f64 = 8.0;
/// How far "Z drogi!" pushes (B86).
pub const PUSH: f64 = 2.0;

/// Armour from lightest to heaviest (B86).
fn armour_rank(a: Armour) -> u8 {
    match a {
        Armour::None => 0,
        Armour::Light => 1,
        Armour::Powered => 2,
        Armour::Sarcophagus => 3,
    }
}

/// After an Attack (`a` against `d`): the winner and the loser when the
/// winner hit and the loser passed its test ("Z drogi!" may follow, B86).
pub(super) fn push_after(report: &play::Report, a: usize, d: usize) -> Option<(usize, usize)> {
    let mut winner = None;
    let mut passed = false;
    for e in &report.events {
        match e {
            play::Event::Fight { winner: w, .. } if *w != 0 => {
                winner = Some(if *w > 0 { (a, d) } else { (d, a) });
            }
            play::Event::Save { passed: p, .. } => passed = *p,
            _ => {}
        }
    }
    winner.filter(|_| passed && !report.attacker_out && !report.defender_out)
}

/// The longest distance model `m` goes from where it stands along the
/// unit direction (`dx`, `dy`), up to `len`, checking every tenth of it:
/// where it last could stand on its level, and, when it goes off a roof,
/// where the whole distance takes it on the surface below (a fall, B34).
pub(super) fn straight(b: &Battle, m: usize, dx: f64, dy: f64, len: f64) -> (Place, Option<Place>) {
    let me = &b.models[m];
    let r = me.body.radius();
    let from = me.body.at;
    let mut last = from;
    let steps = (len * 10.0).ceil() as u32;
    for i in 1..=steps {
        let d = len * f64::from(i) / f64::from(steps);
        let p = Place {
            x: from.x + d * dx,
            y: from.y + d * dy,
            level: from.level,
        };
        let others_clear = b.models.iter().enumerate().all(|(j, o)| {
            j == m
                || !o.on_table()
                || (o.body.at.x - p.x).hypot(o.body.at.y - p.y) >= o.body.radius() + r - 1e-6
        });
        if !others_clear {
            break;
        }
        if b.table.can_stand(p, r).is_err() {
            // Off a roof: it lands where the whole push would take it, on
            // the surface below, if it can stand there.
            let (x, y) = (from.x + len * dx, from.y + len * dy);
            let below = Place {
                x,
                y,
                level: b.table.surface_at(x, y),
            };
            let drop = b.table.level_height(from.level) - b.table.level_height(below.level);
            let lands = from.level != Level::Ground
                && drop > 0.0
                && b.table.can_stand(below, r).is_ok()
                && b.models.iter().enumerate().all(|(j, o)| {
                    j == m
                        || !o.on_table()
                        || o.body.at.level != below.level
                        || (o.body.at.x - x).hypot(o.body.at.y - y) >= o.body.radius() + r - 1e-6
                });
            return (last, lands.then_some(below));
        }
        last = p;
    }
    (last, None)
}

impl Battle {
    /// "To mnie szukasz?" (B79, Q19): for a model that may use it and could
    /// take a Move now, a leap towards each marker, the object, each enemy
    /// (into contact) and the table centre, at most 8" (centre to centre),
    /// to any place it can stand on — the ground or a roof.
    pub(super) fn leap_options(&self, m: usize) -> Vec<Choice> {
        if !self.may_play(m, Skill::LookingForMe) {
            return vec![];
        }
        let me = &self.models[m];
        let r = me.body.radius();
        let from = me.body.at;
        let mut goals: Vec<(f64, f64)> = self.markers.iter().map(|p| (p.x, p.y)).collect();
        goals.extend(self.object.map(|p| (p.x, p.y)));
        for e in self
            .models
            .iter()
            .filter(|e| e.on_table() && e.side != me.side)
        {
            let (dx, dy) = (from.x - e.body.at.x, from.y - e.body.at.y);
            let len = dx.hypot(dy).max(1e-9);
            let reach = e.body.radius() + r + 0.2;
            goals.push((
                e.body.at.x + dx / len * reach,
                e.body.at.y + dy / len * reach,
            ));
        }
        goals.push((self.table.size / 2.0, self.table.size / 2.0));
        let mut out: Vec<Choice> = vec![];
        for (gx, gy) in goals {
            let d = (gx - from.x).hypot(gy - from.y);
            let t = if d > LEAP { LEAP / d } else { 1.0 };
            let (x, y) = (from.x + (gx - from.x) * t, from.y + (gy - from.y) * t);
            let to = Place {
                x,
                y,
                level: self.table.surface_at(x, y),
            };
            let free = self.models.iter().enumerate().all(|(j, o)| {
                j == m
                    || !o.on_table()
                    || o.body.at.level != to.level
                    || (o.body.at.x - x).hypot(o.body.at.y - y) >= o.body.radius() + r - 1e-6
            });
            let dup = out
                .iter()
                .any(|c| matches!(c, Choice::Leap { to: p } if (p.x - x).hypot(p.y - y) < 0.05));
            if d > 0.05 && free && !dup && self.table.can_stand(to, r).is_ok() {
                out.push(Choice::Leap { to });
            }
        }
        out
    }

    /// Carries out "To mnie szukasz?" (B79): the Move action spent, the
    /// model put at `to` (Q19: nobody intercepts it, a Shot from hiding
    /// only where it lands — the check after the action), a marker within
    /// 1" there picked up for free (once), enemies it lands next to charged.
    pub(super) fn leap(&mut self, m: usize, to: Place) {
        let before = self.engaged_with(m);
        let from = self.models[m].body.at;
        self.take_slot(m, true);
        self.used_play(m, Skill::LookingForMe);
        self.models[m].body.at = to;
        self.event(Event::Moved {
            model: m,
            to,
            spent: (to.x - from.x).hypot(to.y - from.y),
            both: false,
        });
        self.mark_charged(m, &before);
        let me = &self.models[m];
        if me.pet || me.volunteer {
            return;
        }
        let point = |at: Place| Body {
            at,
            base: 0.0,
            height: 0.0,
        };
        if let Some(k) = self
            .markers
            .iter()
            .position(|&p| self.table.distance(&me.body, &point(p)) <= 1.0)
        {
            self.markers.remove(k);
            self.models[m].carried += 1;
            self.event(Event::PickedUp { model: m });
        }
    }

    /// "Z drogi!" (B86): `winner` won an exchange and `loser` passed its
    /// test; a winner in heavier armour (or equal with a shield) may push
    /// the loser 2" straight away from it. Ruling: offered only when the
    /// loser then stands 1" or more from the winner (no longer engaged by
    /// where they stand); a wall or block right behind it stops the push;
    /// pushed off a roof it falls (B34) and lands below.
    pub(super) fn out_of_my_way(
        &mut self,
        players: &mut Players,
        winner: usize,
        loser: usize,
    ) -> Result<(), BattleError> {
        let (w, l) = (&self.models[winner], &self.models[loser]);
        let heavier = armour_rank(w.armour) > armour_rank(l.armour)
            || (w.armour == l.armour && w.equipment.contains(&Item::Shield));
        if !heavier || !w.on_table() || !l.on_table() || !self.may_play(winner, Skill::OutOfMyWay) {
            return Ok(());
        }
        let (dx, dy) = (l.body.at.x - w.body.at.x, l.body.at.y - w.body.at.y);
        let len = dx.hypot(dy);
        if len < 1e-9 {
            return Ok(());
        }
        let (stop, fall) = straight(self, loser, dx / len, dy / len, PUSH);
        let end = fall.unwrap_or(stop);
        let apart = self.table.distance(&Body { at: end, ..l.body }, &w.body);
        if apart < 1.0 {
            return Ok(());
        }
        let side = w.side;
        let opts = vec![Choice::Step {
            model: loser,
            to: end,
        }];
        if self.react(players, side, About::Play, opts)? == Choice::Pass {
            return Ok(());
        }
        self.used_play(winner, Skill::OutOfMyWay);
        let from_height = self.table.level_height(self.models[loser].body.at.level);
        self.models[loser].body.at = end;
        self.event(Event::Moved {
            model: loser,
            to: end,
            spent: PUSH,
            both: false,
        });
        if fall.is_some() {
            let height = (from_height - self.table.level_height(end.level)).floor();
            self.fall(players, loser, height, Some(winner))?;
        }
        Ok(())
    }

    /// A fall from `height` whole inches (B34, Q18): 2k6 lower than the
    /// height + 2 (Sztuka spadania: than the height) removes the model, no
    /// Resilience test; `by` gets the credit (Q35).
    pub(super) fn fall(
        &mut self,
        players: &mut Players,
        m: usize,
        height: f64,
        by: Option<usize>,
    ) -> Result<(), BattleError> {
        let side = self.models[m].side;
        let roll = f64::from(self.roll_2d6(players, "fall", side)?);
        let art = self.models[m].skills.contains(&Skill::ArtOfFalling);
        let needed = height + if art { 0.0 } else { 2.0 };
        if roll < needed {
            self.remove(m, by);
        }
        Ok(())
    }
}
