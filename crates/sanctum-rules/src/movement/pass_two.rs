//! Pass II of a movement phase: squares voted pair by pair, the losers
//! unstacked, bounced or moonwalked back, and the winners entering
//! (`docs/rules/movement.md`, pass II).

use super::*;

impl<C: Capabilities> Work<'_, C> {
    pub(super) fn pass_two(&mut self) {
        for cell in 0..CELLS {
            if self.occ[cell].is_empty() {
                continue;
            }
            let mut here = std::mem::take(&mut self.occ[cell]);
            here.sort_by(|&a, &b| self.rank_cmp(a, b));
            let first = here.remove(0);
            self.pending[cell] = here;
            self.holder[cell] = Some(first);
            self.seat(cell);
        }
        let mut round = 0;
        loop {
            let voting: Vec<usize> = (0..CELLS)
                .filter(|&c| self.holder[c].is_some() && !self.pending[c].is_empty())
                .collect();
            if voting.is_empty() {
                break;
            }
            round += 1;
            for cell in voting {
                let Some(h) = self.holder[cell] else { continue };
                if self.pending[cell].is_empty() {
                    continue;
                }
                let x = self.pending[cell].remove(0);
                self.vote(round, cell, h, x);
            }
        }
    }

    /// Seats the holder of a square: a holder that walked in pays the square's entry
    /// effects; if that kills it, the next group in line becomes the holder.
    fn seat(&mut self, cell: usize) {
        while let Some(h) = self.holder[cell] {
            if self.enter(h, Square::from_index(cell)) {
                break;
            }
            self.holder[cell] = if self.pending[cell].is_empty() {
                None
            } else {
                Some(self.pending[cell].remove(0))
            };
        }
    }

    fn vote(&mut self, round: u32, cell: usize, h: usize, x: usize) {
        let at = Square::from_index(cell);
        let (h_wins, why) = self.beats(h, x);
        let (w, l) = if h_wins { (h, x) } else { (x, h) };
        self.note(|s| {
            format!(
                "pass II round {round}, {at}: {} beats {} ({})",
                s.groups[w],
                s.groups[l],
                why.text()
            )
        });
        if w == x {
            self.holder[cell] = Some(x);
            if !self.enter(x, at) {
                // The newcomer died on the way in: the old holder keeps the square.
                self.holder[cell] = Some(h);
                return;
            }
        }
        self.unstack(cell, l, w, why);
    }

    /// II.d for the loser `l` of a vote won by `w` in `cell` on the tie-break `by`.
    fn unstack(&mut self, cell: usize, l: usize, w: usize, by: TieBreak) {
        let at = Square::from_index(cell);
        let hostile = !self.groups[l].is_friendly_to(&self.groups[w]);
        if hostile || !self.caps.can_join(&self.groups[l], &self.groups[w]) {
            self.note(|s| {
                let how = if hostile {
                    "is hostile to"
                } else {
                    "cannot join"
                };
                format!("  {} {how} {}", s.name(l), s.name(w))
            });
            self.setback[l] = Some(Setback::Outvoted {
                at,
                winner: w,
                by,
                hostile,
            });
            self.bounce(cell, l);
            return;
        }
        if !self.enter(l, at) {
            return;
        }
        let (lo, hi) = self.groups.split_at_mut(w.max(l));
        if w < l {
            lo[w].absorb(&mut hi[0]);
        } else {
            hi[0].absorb(&mut lo[l]);
        }
        self.done[l] = Some(Outcome::Joined);
        self.into[l] = Some(w);
        self.pos[l] = None;
        self.note(|s| {
            format!(
                "  {} joins {} (now {} minions)",
                s.name(l),
                s.name(w),
                s.groups[w].size()
            )
        });
    }

    /// A loser goes back to its starting square, or moonwalks if it is already there.
    fn bounce(&mut self, cell: usize, l: usize) {
        let home = self.start[l];
        if home.index() == cell {
            self.moonwalk(l);
            return;
        }
        self.bounced[l] = true;
        self.pos[l] = Some(home);
        let hc = home.index();
        if self.holder[hc].is_none() && self.pending[hc].is_empty() {
            self.holder[hc] = Some(l);
            self.note(|s| format!("  {} bounces back to {home}", s.name(l)));
        } else {
            let mut list = std::mem::take(&mut self.pending[hc]);
            let at = list
                .iter()
                .position(|&k| self.rank_cmp(l, k) == Ordering::Less)
                .unwrap_or(list.len());
            list.insert(at, l);
            self.pending[hc] = list;
            let holder = self.holder[hc];
            self.note(|s| {
                format!(
                    "  {} bounces back to {home}, which {} now holds: a new overstack",
                    s.name(l),
                    holder.map_or("another group", |k| s.name(k))
                )
            });
        }
    }

    /// II.e: the nearest square that holds no group, that no group which has left it can
    /// come back to, and that the group can enter; ties go to the lowest row, then the
    /// lowest column.
    fn moonwalk(&mut self, l: usize) {
        let from = self.start[l];
        let mut claimed = [false; CELLS];
        for k in 0..self.groups.len() {
            if k != l
                && let Some(p) = self.pos[k]
                && p != self.start[k]
            {
                claimed[self.start[k].index()] = true;
            }
        }
        let field = self.field();
        let landing = field
            .board()
            .squares()
            .iter()
            .copied()
            .filter(|&s| {
                let c = s.index();
                s != from
                    && self.holder[c].is_none()
                    && self.pending[c].is_empty()
                    && !claimed[c]
                    && self.caps.can_enter(field, &self.groups[l], s)
            })
            .min_by_key(|&s| (from.distance_sq(s), s.r, s.c));
        match landing {
            None => {
                self.removed[l] = self.groups[l].size();
                self.done[l] = Some(Outcome::Removed);
                self.pos[l] = None;
                self.note(|s| {
                    format!(
                        "  {} cannot stay and has no square to moonwalk to: removed from the game",
                        s.name(l)
                    )
                });
            }
            Some(to) => {
                self.pos[l] = Some(to);
                self.holder[to.index()] = Some(l);
                self.done[l] = Some(Outcome::Moonwalked);
                self.note(|s| format!("  {} moonwalks from {from} to {to}", s.name(l)));
                if !self.enter(l, to) {
                    self.holder[to.index()] = None;
                }
            }
        }
    }

    /// The on-exit, on-move and on-enter effects of walking into `at`; only terrain
    /// hazards exist so far. A group pays once per square and never for its own
    /// starting square. Returns whether the group survives.
    fn enter(&mut self, g: usize, at: Square) -> bool {
        if at == self.start[g] || self.paid[g] == Some(at) {
            return true;
        }
        self.paid[g] = Some(at);
        let hazard = self.caps.hazard_on_enter(self.field(), &self.groups[g], at);
        let died = match hazard {
            Hazard::None => return true,
            Hazard::Damage(n) => self.groups[g].damage_each(n),
            Hazard::Kill => self.groups[g].kill_all(),
        };
        self.killed[g] += died;
        let terrain = self.field().terrain(at);
        self.note(|s| {
            format!(
                "  {} enters {} at {at}: {died} minion(s) die",
                s.name(g),
                terrain.name()
            )
        });
        if self.groups[g].is_dead() {
            self.done[g] = Some(Outcome::Removed);
            self.pos[g] = None;
            self.note(|s| format!("  {} dies", s.name(g)));
            false
        } else {
            true
        }
    }

    /// The group a joined group's minions ended in: a group that absorbed others may
    /// itself join a third group when it bounces home (M24), so joins are followed to
    /// the end of the chain.
    pub(super) fn final_host(&self, g: usize) -> Option<usize> {
        let mut k = self.into[g]?;
        for _ in 0..self.groups.len().max(self.into.len()) {
            match self.into[k] {
                Some(next) if self.done[k] == Some(Outcome::Joined) => k = next,
                _ => break,
            }
        }
        Some(k)
    }
}
