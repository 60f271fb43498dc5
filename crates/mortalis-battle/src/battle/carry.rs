//! Carrying the object together (Przechwycenie, B166, Q21): a friendly
//! model within 1" of the carrier that has not acted this round may share
//! the load: the two make one Move together in the carrier's activation,
//! both spending a Move action, at the lower of their allowances with no
//! −2 for the object; the helper keeps its place beside the carrier. For
//! the rest of the round the helper fights at W−2 and fires and casts
//! nothing, as the carrier. Carried off across the carrier's edge together,
//! both leave; the object is 4 VP once and each gets 1 XP (`object` in both
//! reports). Rulings: docs/mortalis/battle.md.

use super::{Battle, BattleError, Choice, Event, Status};
use crate::path::Nav;
use crate::table::Place;

impl Battle {
    /// The friendly models that may share the load with carrier `m` now.
    fn helpers(&self, m: usize) -> Vec<usize> {
        let me = &self.models[m];
        if !me.object || !self.engaged_with(m).is_empty() {
            return vec![];
        }
        (0..self.models.len())
            .filter(|&h| {
                let f = &self.models[h];
                h != m
                    && f.side == me.side
                    && f.on_table()
                    && !f.pet
                    && !f.volunteer
                    && !f.activated
                    && self.engaged_with(h).is_empty()
                    && self.table.distance(&me.body, &f.body) < 1.0
            })
            .collect()
    }

    /// The joint Moves of carrier `m` (B166): with each helper, towards its
    /// own edge at the lower allowance without the object's −2; offered
    /// when the helper, moved by the same step, stands clear and its own
    /// path there fits its allowance.
    pub(super) fn carry_options(&self, m: usize, navs: &[Nav], out: &mut Vec<Choice>) {
        let me = &self.models[m];
        if me.move_slot && me.free_slot {
            return;
        }
        let free = {
            let mut f = me.clone();
            f.object = false;
            f.allowance()
        };
        let Some(nav) = navs.iter().find(|n| n.mover() == me.mover()) else {
            return;
        };
        let from = me.body.at;
        let ways = self.exit_ways(m);
        for h in self.helpers(m) {
            let helper = &self.models[h];
            let allowance = free.min(helper.allowance());
            if allowance <= 0.0 {
                continue;
            }
            let others = self.others_but(&[m, h]);
            let Some(hnav) = navs.iter().find(|n| n.mover() == helper.mover()) else {
                continue;
            };
            let goals: Vec<Place> = ways.iter().map(|w| w.1).collect();
            let Ok(reached) = nav.reach(from, allowance, &others, &goals) else {
                continue;
            };
            for r in reached.into_iter().flatten() {
                let to = r.to;
                let (dx, dy) = (to.x - from.x, to.y - from.y);
                let hto = Place {
                    x: helper.body.at.x + dx,
                    y: helper.body.at.y + dy,
                    level: helper.body.at.level,
                };
                // Both ends clear of every other base (bases on a roof do
                // not stop the carrier's search).
                let clear = |at: Place, r: f64| !super::moves::overlaps_any(&others, at, r);
                let fits = clear(hto, helper.body.radius())
                    && clear(to, me.body.radius())
                    && matches!(hnav.path(helper.body.at, hto, &self.others_but(&[m, h])),
                        Ok(Some(p)) if p.cost() <= allowance + 1e-9);
                let apart = (hto.x - to.x).hypot(hto.y - to.y)
                    >= helper.body.radius() + me.body.radius() - 1e-6;
                if !fits || !apart || (dx.hypot(dy) < 0.05) {
                    continue;
                }
                let leave = r.arrived && r.spent + me.body.radius() <= allowance + 1e-9;
                out.insert(
                    out.len().saturating_sub(1),
                    Choice::CarryTogether {
                        helper: h,
                        to,
                        spent: r.spent,
                        leave,
                    },
                );
            }
        }
    }

    /// Carries out a joint Move of carrier `m` with `helper` (B166).
    pub(super) fn carry_together(
        &mut self,
        m: usize,
        helper: usize,
        to: Place,
        spent: f64,
        leave: bool,
    ) -> Result<(), BattleError> {
        let from = self.models[m].body.at;
        let h = &self.models[helper].body.at;
        let hto = Place {
            x: h.x + to.x - from.x,
            y: h.y + to.y - from.y,
            level: h.level,
        };
        for (who, at) in [(m, to), (helper, hto)] {
            self.models[who].body.at = at;
            self.take_slot(who, true);
            self.event(Event::Moved {
                model: who,
                to: at,
                spent,
                both: false,
            });
        }
        self.models[helper].shares_load = true;
        self.event(Event::CarriedTogether { carrier: m, helper });
        if leave {
            for who in [m, helper] {
                self.deliver_data(who);
                let f = &mut self.models[who];
                f.status = Status::Left;
                f.scored += std::mem::take(&mut f.carried);
                let markers = f.scored;
                self.event(Event::Left {
                    model: who,
                    markers,
                });
            }
            self.models[m].delivered |= std::mem::take(&mut self.models[m].object);
            self.co_carriers.push(helper);
        }
        Ok(())
    }
}
