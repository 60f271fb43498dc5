//! A Move walked point by point (B28, B68, Q32): the reactions of the
//! enemy side along the way — interception by a non-engaged enemy the
//! mover comes within 1" of (B67), a Shot from hiding by a model that now
//! sees it (B72, B73), Rozproszenie against an interception (B91) — and the
//! Shot-from-hiding watch after every action. Split from `react.rs`.

use super::{About, Battle, BattleError, Choice, Event, Offensive, Players};
use crate::path::Nav;
use crate::table::{Body, Place};

/// Points of a path checked for reactions are at most this far apart.
pub(super) const STRIDE: f64 = 0.25;

/// How a Move's walk ended (`Battle::walk`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Walked {
    /// It reached the end of its path.
    Done,
    /// An interception stopped it here, engaged with `by`.
    Stopped {
        /// Where it stands.
        at: Place,
        /// The interceptor.
        by: usize,
    },
    /// It was taken out on the way.
    Removed,
}

impl Battle {
    /// Walks model `m` along its Move to `to` (B28), stopping at every point
    /// for the reactions of the enemy side (B68, Q32): a Shot from hiding by
    /// a model that now sees it (B72, B73; Q15: the mover goes on if it
    /// survives), and when `interceptable` (Q16: voluntary Moves only) an
    /// interception by a non-engaged enemy it comes within 1" of (B67; Q16:
    /// only when the path enters that zone, not by an enemy it charges),
    /// which the mover's side may stop with Rozproszenie (B91). The model
    /// stands at `to` only when the caller puts it there; a jetpack flight
    /// or any other movement can call this with its own end.
    pub(super) fn walk(
        &mut self,
        players: &mut Players,
        m: usize,
        (to, spent): (Place, f64),
        navs: &[Nav],
        interceptable: bool,
    ) -> Result<Walked, BattleError> {
        let me = self.models[m].clone();
        let from = me.body.at;
        let end = Body { at: to, ..me.body };
        let enemies = |b: &Battle| -> Vec<usize> {
            (0..b.models.len())
                .filter(|&e| b.models[e].on_table() && b.models[e].side != me.side)
                .collect()
        };
        let watchers: Vec<usize> = enemies(self)
            .into_iter()
            .filter(|&e| self.models[e].overwatch)
            .collect();
        // No point of a Move is farther from its start than its allowance
        // (or what it spends, across both Moves; or, round a corner, the
        // straight line to its end).
        let reach = me
            .allowance()
            .max(spent)
            .max((to.x - from.x).hypot(to.y - from.y))
            + 1.5;
        let mut near: Vec<usize> = if interceptable {
            enemies(self)
                .into_iter()
                .filter(|&e| {
                    let eb = &self.models[e].body;
                    let d = self.table.distance(&me.body, eb);
                    d >= 1.0 && d <= reach && self.table.distance(&end, eb) >= 1.0
                })
                .collect()
        } else {
            vec![]
        };
        if watchers.is_empty() && near.is_empty() {
            return Ok(Walked::Done);
        }
        // The points walked so far, the start first: where an interception
        // puts the mover when the point it is stopped at lies on a base.
        let mut walked = vec![from];
        for p in self.waypoints(m, (to, spent), navs) {
            self.models[m].body.at = p;
            for &h in &watchers {
                if self.models[h].overwatch
                    && self.models[h].on_table()
                    && self.watch_one(players, h, Some(m))?
                {
                    return Ok(Walked::Removed);
                }
                if self.end.is_some() {
                    return Ok(Walked::Removed);
                }
            }
            let touching: Vec<usize> = near
                .iter()
                .copied()
                .filter(|&e| {
                    self.table
                        .distance(&self.models[m].body, &self.models[e].body)
                        < 1.0
                })
                .collect();
            for e in touching {
                near.retain(|&k| k != e);
                if let Some(at) = self.intercepted(players, (m, me.side), e, (p, &walked))? {
                    return Ok(Walked::Stopped { at, by: e });
                }
            }
            walked.push(p);
        }
        self.models[m].body.at = from;
        Ok(Walked::Done)
    }

    /// B67 for enemy `e` that mover `m` (of side `side`) has just come
    /// within 1" of at `p` (`walked`: the points before it): asked whether
    /// it intercepts (unless it always does), the mover's side may stop it
    /// with Rozproszenie (B91); where the mover is put when it is
    /// intercepted, `None` when it goes on.
    fn intercepted(
        &mut self,
        players: &mut Players,
        (m, side): (usize, usize),
        e: usize,
        (p, walked): (Place, &[Place]),
    ) -> Result<Option<Place>, BattleError> {
        let free = self.engaged_with(e).iter().all(|&k| k == m);
        if !free || !self.models[e].on_table() {
            return Ok(None);
        }
        let asked = if self.models[e].always_intercepts {
            Choice::Intercept { model: e, mover: m }
        } else {
            let theirs = self.models[e].side;
            let opts = vec![Choice::Intercept { model: e, mover: m }];
            self.react(players, theirs, About::Intercept, opts)?
        };
        if asked == Choice::Pass {
            return Ok(None);
        }
        if self.pools.may_offend(side, Offensive::Distraction) {
            let opts = vec![Choice::Offend {
                event: Offensive::Distraction,
                model: e,
            }];
            if self.react(players, side, About::Intercept, opts)? != Choice::Pass {
                self.offend(side, Offensive::Distraction, e);
                return Ok(None);
            }
        }
        let at = self.contact(m, e, p, walked);
        self.models[m].body.at = at;
        self.event(Event::Intercepted {
            model: m,
            by: e,
            at,
        });
        Ok(Some(at))
    }

    /// Where an intercepted model `m` is put: in base contact with `e` on
    /// the side it came from (Q16: the nearest contact point), or where it
    /// was stopped when it cannot stand there — or, when that lies on
    /// another model's base (on a roof, whose bases do not stop the path
    /// search) or where no base stands (a Move's way may graze a wall by
    /// the paths' slack of a few thousandths of an inch, and an
    /// interception stopping it there left the model standing where no
    /// Move could start until session 35), the last point walked
    /// (`walked`) where a base stands clear of the others.
    fn contact(&self, m: usize, e: usize, at: Place, walked: &[Place]) -> Place {
        let spot = self.contact_or_stop(m, e, at);
        let r = self.models[m].body.radius();
        let others = self.others(m);
        let fits = |p: Place| {
            !super::moves::overlaps_any(&others, p, r) && self.table.can_stand(p, r).is_ok()
        };
        if fits(spot) {
            return spot;
        }
        walked
            .iter()
            .rev()
            .find(|&&p| fits(p))
            .copied()
            .unwrap_or(spot)
    }

    /// [`Battle::contact`] before the check for other bases: the contact
    /// point with `e`, or `at` when the mover cannot stand there.
    fn contact_or_stop(&self, m: usize, e: usize, at: Place) -> Place {
        let eb = self.models[e].body;
        let r = self.models[m].body.radius();
        let (dx, dy) = (at.x - eb.at.x, at.y - eb.at.y);
        let len = dx.hypot(dy);
        if len < 1e-9 || eb.at.level != at.level {
            return at;
        }
        let reach = eb.radius() + r + 0.05;
        let spot = Place {
            x: eb.at.x + dx / len * reach,
            y: eb.at.y + dy / len * reach,
            level: at.level,
        };
        let clear = self.table.can_stand(spot, r).is_ok()
            && self.models.iter().enumerate().all(|(k, o)| {
                k == m
                    || k == e
                    || !o.on_table()
                    || o.body.at.level != spot.level
                    || (o.body.at.x - spot.x).hypot(o.body.at.y - spot.y)
                        >= o.body.radius() + r - 1e-6
            });
        if clear { spot } else { at }
    }

    /// B73 for one model `h` holding a Shot-from-hiding marker: if it sees
    /// an enemy now, the marker goes and its side may fire at one it sees
    /// (`only`: the model in the middle of its Move). True when the mover
    /// `only` was taken out.
    fn watch_one(
        &mut self,
        players: &mut Players,
        h: usize,
        only: Option<usize>,
    ) -> Result<bool, BattleError> {
        let side = self.models[h].side;
        // `h` is on the table (the callers check).
        let enemy = |t: usize| self.models[t].on_table() && self.models[t].side != side;
        // Whom it may fire at: with a mover named, only the mover, asked
        // first; the other enemies then only decide whether the marker
        // goes, so they are asked only while no enemy is seen yet.
        let seen: Vec<usize> = match only {
            Some(o) => (enemy(o) && self.sees(h, o))
                .then_some(o)
                .into_iter()
                .collect(),
            None => (0..self.models.len())
                .filter(|&t| enemy(t) && self.sees(h, t))
                .collect(),
        };
        let any = !seen.is_empty()
            || (only.is_some()
                && (0..self.models.len())
                    .any(|t| Some(t) != only && enemy(t) && self.sees_past(h, t, only)));
        if !any {
            return Ok(false);
        }
        self.models[h].overwatch = false;
        self.event(Event::Overwatch {
            model: h,
            on: false,
        });
        let options: Vec<Choice> = seen
            .into_iter()
            .filter(|&t| self.shot_plan(h, t).is_some())
            .map(|target| Choice::FromHiding { shooter: h, target })
            .collect();
        if let Choice::FromHiding { target, .. } =
            self.react(players, side, About::Overwatch, options)?
        {
            // Shot while it moves: it cannot jump off by "Raz kozie
            // śmierć!" (ruling "The rest of the volley").
            self.moving = Some(target);
            let fired = self.fire_from_hiding(players, h, target);
            self.moving = None;
            fired?;
            return Ok(only == Some(target) && !self.models[target].on_table());
        }
        Ok(false)
    }

    /// After every action (B73): each model holding a Shot-from-hiding
    /// marker that sees an enemy loses it and may fire.
    pub(super) fn watch(&mut self, players: &mut Players) -> Result<(), BattleError> {
        for h in 0..self.models.len() {
            if self.end.is_some() {
                break;
            }
            if self.models[h].overwatch && self.models[h].on_table() {
                self.watch_one(players, h, None)?;
                self.check_end();
            }
        }
        Ok(())
    }
}

#[cfg(test)]
#[path = "walk_tests.rs"]
mod tests;
