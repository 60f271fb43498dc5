//! The values of the volley solver: the backward pass for the declarations and every decision read from it.

use super::*;

impl<N: Num> Solver<N> {
    /// Compact index of a reachable state.
    pub(super) fn ix(&self, s: usize) -> usize {
        debug_assert_eq!(s & !self.start, 0, "unreachable state");
        usize::from(self.ixs[s])
    }

    pub(super) fn nx(&self, i: usize, s: usize) -> N {
        self.v[(i + 1) * self.ns + self.ix(s)]
    }

    /// `k * a + (1 - k) * b` where `k` is the chance a trick survives Dispel.
    pub(super) fn dispel_mix(&self, a: N, b: N, dispel: bool) -> N {
        if dispel {
            a.scale(DISPEL_KEEP.0, DISPEL_KEEP.1)
                + b.scale(DISPEL_KEEP.1 - DISPEL_KEEP.0, DISPEL_KEEP.1)
        } else {
            a
        }
    }

    /// Value of a test that stands failed once no reroll of it is left: Adrenaline, when at hand, is always cast (R55).
    pub(super) fn stand_failed(&self, i: usize, s: usize) -> N {
        if s & state::ADR == 0 {
            return self.one;
        }
        self.dispel_mix(
            self.nx(i, s & !state::ADR),
            self.one,
            self.dispels.adrenaline,
        )
    }

    /// Chance that a test rolled afresh fails: (failing rolls, total).
    pub(super) fn fresh_fail(&self, d: Declared) -> (i128, i128) {
        let c = self.tests[d.index()];
        (c.total - c.pass, c.total)
    }

    /// A passed test of shot `i` in state `s`: whether the shooter forces it
    /// to be rolled again (Matrix error, strictly better only), and the value.
    pub(super) fn passed(&self, i: usize, s: usize, d: Declared) -> (bool, N) {
        let keep = self.nx(i, s);
        if s & state::MA == 0 || self.auto_pass {
            return (false, keep);
        }
        let s2 = s & !state::MA;
        let (qn, qd) = self.fresh_fail(d);
        let nx2 = self.nx(i, s2);
        let inner = self.stand_failed(i, s2).scale(qn, qd) + nx2.scale(qd - qn, qd);
        let force = self.dispel_mix(inner, nx2, self.dispels.attacker_matrix);
        if force > keep {
            (true, force)
        } else {
            (false, keep)
        }
    }

    /// A failed test whose best single-die reroll passes on `h` of six:
    /// which reroll it takes, "I'm fine!" or the captain's (R67: at most one,
    /// strictly better only, "I'm fine!" on equal values), and the value.
    pub(super) fn failed(&self, i: usize, s: usize, d: Declared, h: usize) -> (TestReroll, N) {
        Self::failed_with(self.failed_parts(i, s, d), h)
    }

    /// What `failed` needs whatever `h`: the value of the test standing
    /// failed, and for "I'm fine!" and the captain's reroll, when at hand,
    /// the values of the reroll passing and failing.
    pub(super) fn failed_parts(&self, i: usize, s: usize, d: Declared) -> FailParts<N> {
        let after = |bit: usize| {
            (s & bit != 0).then(|| {
                let s2 = s & !bit;
                (self.passed(i, s2, d).1, self.stand_failed(i, s2))
            })
        };
        (
            self.stand_failed(i, s),
            after(state::FINE),
            after(state::CAP),
        )
    }

    pub(super) fn failed_with((stand, fine, cap): FailParts<N>, h: usize) -> (TestReroll, N) {
        let h = h as i128;
        let mut best = (TestReroll::None, stand);
        for (r, parts) in [(TestReroll::ImFine, fine), (TestReroll::Captain, cap)] {
            let Some((pass, fail)) = parts else {
                continue;
            };
            let v = pass.scale(h, 6) + fail.scale(6 - h, 6);
            if v < best.1 {
                best = (r, v);
            }
        }
        best
    }

    pub(super) fn test_value(&self, i: usize, s: usize, d: Declared) -> N {
        if self.auto_pass {
            return self.nx(i, s);
        }
        let c = self.tests[d.index()];
        let mut x = self.passed(i, s, d).1.scale(c.pass, c.total);
        let parts = self.failed_parts(i, s, d);
        for (h, &m) in c.fail_by_reroll.iter().enumerate() {
            if m > 0 {
                x = x + Self::failed_with(parts, h).1.scale(m, c.total);
            }
        }
        x
    }

    /// See `ShootPolicy::declare`.
    pub(super) fn declare(&self, i: usize, s: usize) -> (Declared, usize, N) {
        let mut best: Option<(Declared, usize, N)> = None;
        for (wyg, woohoo) in [(false, false), (false, true), (true, false), (true, true)] {
            if (wyg && s & state::WYG == 0) || (woohoo && s & state::WOO == 0) {
                continue;
            }
            let d = Declared { wyg, woohoo };
            let mut s2 = s;
            if wyg {
                s2 &= !state::WYG;
            }
            if woohoo {
                s2 &= !state::WOO;
            }
            let val = self.test_value(i, s2, d);
            if best.as_ref().is_none_or(|b| val < b.2) {
                best = Some((d, s2, val));
            }
        }
        best.expect("declaring nothing is always possible")
    }

    pub(super) fn hit_value(&self, i: usize, s: usize) -> N {
        self.hitv[i * self.ns + self.ix(s)]
    }

    /// Value of an attack-roll class in state `s` before the target's forced
    /// reroll: 0 miss, 1 hit, 2 Master shot.
    pub(super) fn class_value(&self, i: usize, s: usize, class: usize) -> N {
        match class {
            0 => self.nx(i, s),
            1 => self.hit_value(i, s),
            _ => self.one,
        }
    }

    /// Whether the target forces a hit (`class` 1) or a Master shot (2) of
    /// step `i` to be rolled again (strictly better only), and the value.
    pub(super) fn after_own(&self, i: usize, s: usize, class: usize) -> (bool, N) {
        let keep = self.class_value(i, s, class);
        let Some(c) = &self.steps[i] else {
            return (false, keep);
        };
        if class == 0 || s & state::MD == 0 {
            return (false, keep);
        }
        let s0 = s & !state::MD;
        let inner = self.hit_value(i, s0).scale(c.plain_hit, c.total)
            + self.nx(i, s0).scale(c.total - c.plain_hit, c.total);
        let forced = self.dispel_mix(
            inner,
            self.class_value(i, s0, class),
            self.dispels.defender_matrix,
        );
        if forced < keep {
            (true, forced)
        } else {
            (false, keep)
        }
    }

    /// Whether the once-per-action reroll is spent (see `ShootPolicy::spend`)
    /// and the value of the miss.
    pub(super) fn spend(&self, i: usize, s: usize, h: usize) -> (bool, N) {
        Self::spend_with(self.spend_parts(i, s), h)
    }

    /// What `spend` needs whatever `h`: the value of the miss, and when the
    /// reroll is at hand, the values of a hit and a miss after spending it.
    pub(super) fn spend_parts(&self, i: usize, s: usize) -> (N, Option<(N, N)>) {
        let miss = self.nx(i, s);
        if s & state::TOKEN == 0 {
            return (miss, None);
        }
        let s2 = s & !state::TOKEN;
        (miss, Some((self.after_own(i, s2, 1).1, self.nx(i, s2))))
    }

    pub(super) fn spend_with((miss, after): (N, Option<(N, N)>), h: usize) -> (bool, N) {
        let Some((hit2, miss2)) = after else {
            return (false, miss);
        };
        if h == 0 {
            return (false, miss);
        }
        let h = h as i128;
        let spend = hit2.scale(h, 6) + miss2.scale(6 - h, 6);
        if spend >= miss {
            (true, spend)
        } else {
            (false, miss)
        }
    }

    /// Value of step `i` in state `s`.
    pub(super) fn step_value(&self, i: usize, s: usize) -> N {
        let Some(c) = &self.steps[i] else {
            return self.hit_value(i, s);
        };
        let every = self.reroll == RerollMode::EveryShot;
        let miss = self.nx(i, s);
        let hit_s = self.after_own(i, s, 1).1;
        let mut val =
            self.after_own(i, s, 2).1.scale(c.master, c.total) + hit_s.scale(c.hit, c.total);
        let parts = self.spend_parts(i, s);
        for (h, &m) in c.miss_by_reroll_hits.iter().enumerate() {
            if m == 0 {
                continue;
            }
            let mv = if every && h > 0 {
                let h = h as i128;
                hit_s.scale(h, 6) + miss.scale(6 - h, 6)
            } else {
                Self::spend_with(parts, h).1
            };
            val = val + mv.scale(m, c.total);
        }
        val
    }

    /// The backward pass (the shooter maximises the chance that the target
    /// is out of action, the target minimises it; R44).
    pub(super) fn solve(&mut self) {
        let n = self.steps.len();
        for i in (0..n).rev() {
            for s in submasks(self.start) {
                let (d, s2, x) = self.declare(i, s);
                let j = i * self.ns + self.ix(s);
                self.hitv[j] = x;
                self.decl[j] = (d, s2);
            }
            for s in submasks(self.start) {
                let x = self.step_value(i, s);
                let j = i * self.ns + self.ix(s);
                self.v[j] = x;
            }
        }
    }
}
