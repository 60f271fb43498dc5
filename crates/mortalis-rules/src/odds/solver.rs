//! The volley solver: the backward pass for the declarations, the forward pass for the distribution, and the policy `roll` plays.

use super::*;

/// A Dispel roll against a trick: the trick survives with 7/12 (21/36).
pub(super) const DISPEL_KEEP: (i128, i128) = (7, 12);

/// The non-empty submasks of `all` and `all`'s empty submask, i.e. every
/// state a volley starting in `all` can reach (bits are only ever cleared).
pub(super) fn submasks(all: usize) -> impl Iterator<Item = usize> {
    let mut next = Some(all);
    std::iter::from_fn(move || {
        let s = next?;
        next = if s == 0 { None } else { Some((s - 1) & all) };
        Some(s)
    })
}

/// The solver of a volley over numbers `N` (see `Num`).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Solver<N> {
    pub(super) reroll: RerollMode,
    pub(super) auto_pass: bool,
    pub(super) save_target: i32,
    pub(super) dispels: Dispels,
    pub(super) steps: Vec<Option<ShotCounts>>,
    /// Test counts by `Declared::index`.
    pub(super) tests: [TestCounts; 4],
    /// The state at the start of the volley.
    pub(super) start: usize,
    /// Certainty.
    pub(super) one: N,
    /// Denominator of the attack-roll part of each step (own roll, the
    /// reroll, the target's forced reroll): the forward pass's weights.
    pub(super) shot_den: Vec<i128>,
    /// Denominator of the test part of a hit (test, "I'm fine!", the
    /// shooter's forced reroll, Adrenaline's Dispel roll).
    pub(super) test_den: i128,
    /// Number of reachable states (the submasks of `start`).
    pub(super) ns: usize,
    /// Compact index of each reachable state: its bits gathered from the
    /// positions of `start`'s bits.
    pub(super) ixs: [u8; state::N],
    /// `v[i * ns + ix(s)]`: chance the target is out from step `i` on, in state `s`.
    pub(super) v: Vec<N>,
    /// `hitv[i * ns + ix(s)]`: value of a hit of step `i` before the declarations.
    pub(super) hitv: Vec<N>,
    /// `decl[i * ns + ix(s)]`: the declaration before the test of a hit
    /// of step `i` in state `s`, and the state after it.
    pub(super) decl: Vec<(Declared, usize)>,
}

/// Multiply an integer weight (over a product of the chances' denominators)
/// by a chance `num / den`.
pub(super) fn w_scale(w: i128, num: i128, den: i128) -> i128 {
    exact_div(w, den) * num
}

/// Add a weighted outcome (weight, state, class) to a list, merging it
/// with an outcome of the same state and class (fewer branches to follow).
pub(super) fn merge(v: &mut Vec<(i128, usize, usize)>, e: (i128, usize, usize)) {
    if e.0 == 0 {
        return;
    }
    match v.iter_mut().find(|x| x.1 == e.1 && x.2 == e.2) {
        Some(x) => x.0 += e.0,
        None => v.push(e),
    }
}

/// `merge` for outcomes without a class.
pub(super) fn merge2(v: &mut Vec<(i128, usize)>, e: (i128, usize)) {
    if e.0 == 0 {
        return;
    }
    match v.iter_mut().find(|x| x.1 == e.1) {
        Some(x) => x.0 += e.0,
        None => v.push(e),
    }
}

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

    /// Value of a test that stands failed once "I'm fine!" is out of the
    /// question: Adrenaline, when at hand, is always cast (R55).
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
    /// whether "I'm fine!" is used (strictly better only), and the value.
    pub(super) fn failed(&self, i: usize, s: usize, d: Declared, h: usize) -> (bool, N) {
        Self::failed_with(self.failed_parts(i, s, d), h)
    }

    /// What `failed` needs whatever `h`: the value of the test standing
    /// failed, and when "I'm fine!" is at hand, the values of its reroll
    /// passing and failing.
    pub(super) fn failed_parts(&self, i: usize, s: usize, d: Declared) -> (N, Option<(N, N)>) {
        let stand = self.stand_failed(i, s);
        if s & state::FINE == 0 {
            return (stand, None);
        }
        let s2 = s & !state::FINE;
        (
            stand,
            Some((self.passed(i, s2, d).1, self.stand_failed(i, s2))),
        )
    }

    pub(super) fn failed_with((stand, fine): (N, Option<(N, N)>), h: usize) -> (bool, N) {
        let Some((pass, fail)) = fine else {
            return (false, stand);
        };
        let h = h as i128;
        let fine = pass.scale(h, 6) + fail.scale(6 - h, 6);
        if fine < stand {
            (true, fine)
        } else {
            (false, stand)
        }
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

    /// Next states after a test that stands failed, with their weights.
    pub(super) fn stand_failed_branches(&self, s: usize, w: i128, out: &mut Vec<(i128, usize)>) {
        merge2(out, (w, s & !state::ADR));
    }

    pub(super) fn passed_branches(
        &self,
        i: usize,
        s: usize,
        d: Declared,
        w: i128,
        out: &mut Vec<(i128, usize)>,
    ) {
        if self.passed(i, s, d).0 {
            let s2 = s & !state::MA;
            let (qn, qd) = self.fresh_fail(d);
            let mut wf = w;
            if self.dispels.attacker_matrix {
                wf = w_scale(wf, DISPEL_KEEP.0, DISPEL_KEEP.1);
            }
            let wf = w_scale(wf, qn, qd);
            self.stand_failed_branches(s2, wf, out);
            merge2(out, (w - wf, s2));
        } else {
            merge2(out, (w, s));
        }
    }

    /// Next states after the test of a hit of step `i` in state `s`,
    /// whatever its result (R15: later shots are counted as if fired), with
    /// integer weights over `test_den`.
    pub(super) fn test_branches(&self, i: usize, s: usize) -> Vec<(i128, usize)> {
        let mut out = Vec::new();
        if self.auto_pass {
            out.push((self.test_den, s));
            return out;
        }
        let (d, s2) = self.decl[i * self.ns + self.ix(s)];
        let c = self.tests[d.index()];
        let w0 = self.test_den;
        self.passed_branches(i, s2, d, w_scale(w0, c.pass, c.total), &mut out);
        for (h, &m) in c.fail_by_reroll.iter().enumerate() {
            if m == 0 {
                continue;
            }
            let w = w_scale(w0, m, c.total);
            if self.failed(i, s2, d, h).0 {
                let s3 = s2 & !state::FINE;
                let wh = w_scale(w, h as i128, 6);
                self.passed_branches(i, s3, d, wh, &mut out);
                self.stand_failed_branches(s3, w - wh, &mut out);
            } else {
                self.stand_failed_branches(s2, w, &mut out);
            }
        }
        out
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

    /// The forward pass: hit chances, the distribution of hits (as if every
    /// shot were fired, R15) and the chance of a Master shot, all before
    /// the Dispel of the attack and the shield.
    pub(super) fn forward(&self) -> (Vec<N>, Vec<N>, N) {
        let n = self.steps.len();
        let start = self.start;
        let every = self.reroll == RerollMode::EveryShot;
        let idx = |s: usize, k: usize, m: bool| (self.ix(s) * (n + 1) + k) * 2 + usize::from(m);
        let mut mass = vec![N::nil(); self.ns * (n + 1) * 2];
        mass[idx(start, 0, false)] = self.one;
        let mut hit = Vec::with_capacity(n);
        let td = self.test_den;
        let mut branches: Vec<Option<Vec<(i128, usize)>>> = vec![None; self.ns];
        let mut own: Vec<(i128, usize, usize)> = Vec::with_capacity(16);
        let mut fin: Vec<(i128, usize, usize)> = Vec::with_capacity(32);
        let mut live: Vec<(usize, bool, N)> = Vec::with_capacity(2 * (n + 1));
        for (i, step) in self.steps.iter().enumerate() {
            branches.iter_mut().for_each(|b| *b = None);
            let sd = self.shot_den[i];
            // Weights of a step are over `sd * td`.
            let m_i = sd * td;
            let mut next = vec![N::nil(); mass.len()];
            let mut hit_i = N::nil();
            for s in submasks(start) {
                live.clear();
                for k in 0..=i {
                    for m in [false, true] {
                        let x = mass[idx(s, k, m)];
                        if x != N::nil() {
                            live.push((k, m, x.div_int(m_i)));
                        }
                    }
                }
                if live.is_empty() {
                    continue;
                }
                // After the shooter's own reroll: (weight, state, class).
                own.clear();
                let Some(c) = step else {
                    merge(&mut own, (sd, s, 1));
                    fin.clear();
                    fin.extend(own.iter().copied());
                    self.forward_fin(i, &fin, &live, &mut branches, &mut next, &mut hit_i, idx);
                    continue;
                };
                let w0 = sd;
                merge(&mut own, (w_scale(w0, c.master, c.total), s, 2));
                merge(&mut own, (w_scale(w0, c.hit, c.total), s, 1));
                for (h, &m) in c.miss_by_reroll_hits.iter().enumerate() {
                    if m == 0 {
                        continue;
                    }
                    let wm = w_scale(w0, m, c.total);
                    if (every && h > 0) || self.spend(i, s, h).0 {
                        let s2 = if every { s } else { s & !state::TOKEN };
                        let wh = w_scale(wm, h as i128, 6);
                        merge(&mut own, (wh, s2, 1));
                        merge(&mut own, (wm - wh, s2, 0));
                    } else {
                        merge(&mut own, (wm, s, 0));
                    }
                }
                // The target's forced reroll: (weight, state, class).
                fin.clear();
                for &(w, s2, class) in &own {
                    if w == 0 {
                        continue;
                    }
                    if class > 0 && self.after_own(i, s2, class).0 {
                        let s0 = s2 & !state::MD;
                        let wk = self.keep_weight(w, self.dispels.defender_matrix);
                        let wh = w_scale(wk, c.plain_hit, c.total);
                        merge(&mut fin, (wh, s0, 1));
                        merge(&mut fin, (wk - wh, s0, 0));
                        merge(&mut fin, (w - wk, s0, class));
                    } else {
                        merge(&mut fin, (w, s2, class));
                    }
                }
                self.forward_fin(i, &fin, &live, &mut branches, &mut next, &mut hit_i, idx);
            }
            hit.push(hit_i);
            mass = next;
        }
        let mut dist = vec![N::nil(); n + 1];
        let mut master = N::nil();
        for s in submasks(start) {
            for (k, dk) in dist.iter_mut().enumerate() {
                *dk = *dk + mass[idx(s, k, false)] + mass[idx(s, k, true)];
                master = master + mass[idx(s, k, true)];
            }
        }
        (hit, dist, master)
    }

    pub(super) fn keep_weight(&self, w: i128, dispel: bool) -> i128 {
        if dispel {
            w_scale(w, DISPEL_KEEP.0, DISPEL_KEEP.1)
        } else {
            w
        }
    }

    /// Spread the live mass of one state over the outcomes `fin` (weights
    /// over the step's attack-roll denominator), through the test of a hit.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn forward_fin(
        &self,
        i: usize,
        fin: &[(i128, usize, usize)],
        live: &[(usize, bool, N)],
        branches: &mut [Option<Vec<(i128, usize)>>],
        next: &mut [N],
        hit_i: &mut N,
        idx: impl Fn(usize, usize, bool) -> usize,
    ) {
        let td = self.test_den;
        for &(pf, s2, cl) in fin {
            if pf == 0 {
                continue;
            }
            if cl == 0 {
                for &(k, m, xq) in live {
                    let j = idx(s2, k, m);
                    next[j] = next[j] + xq.mul_int(pf * td);
                }
                continue;
            }
            let after: &[(i128, usize)] = if cl == 1 {
                branches[self.ix(s2)].get_or_insert_with(|| self.test_branches(i, s2))
            } else {
                &[(td, s2)][..]
            };
            let master_now = cl == 2;
            for &(k, m, xq) in live {
                *hit_i = *hit_i + xq.mul_int(pf * td);
                for &(pb, s3) in after {
                    let j = idx(s3, k + 1, m || master_now);
                    next[j] = next[j] + xq.mul_int(pf * pb);
                }
            }
        }
    }
}

/// Compact indices of the submasks of `start` (see `Solver::ixs`).
pub(super) fn compact_indices(start: usize) -> [u8; state::N] {
    let mut ixs = [0u8; state::N];
    for s in submasks(start) {
        let (mut r, mut bit, mut m) = (0u8, 0, start);
        while m != 0 {
            let low = m & m.wrapping_neg();
            if s & low != 0 {
                r |= 1 << bit;
            }
            bit += 1;
            m &= m - 1;
        }
        ixs[s] = r;
    }
    ixs
}

/// Build the solver of a plan over numbers `N`, certainty being `one`.
pub(super) fn solver<N: Num>(plan: &ShootPlan, one: N) -> Solver<N> {
    let (steps, tests, start, shot_den, test_den) = layout(plan);
    let n = steps.len();
    let ns = 1usize << start.count_ones();
    let mut sv = Solver {
        reroll: plan.reroll,
        auto_pass: plan.save.auto_pass,
        save_target: plan.save.target,
        dispels: plan.dispels,
        steps,
        tests,
        start,
        one,
        shot_den,
        test_den,
        ns,
        ixs: compact_indices(start),
        v: vec![N::nil(); (n + 1) * ns],
        hitv: vec![N::nil(); n * ns],
        decl: vec![(Declared::default(), 0); n * ns],
    };
    sv.solve();
    sv
}

pub(super) type Layout = (
    Vec<Option<ShotCounts>>,
    [TestCounts; 4],
    usize,
    Vec<i128>,
    i128,
);

/// What a plan's solver counts over: the steps, the declarable tests, the
/// start state and the denominators of each step's chances (a product of
/// every denominator a chain of chances within one step can meet).
pub(super) fn layout(plan: &ShootPlan) -> Layout {
    let steps: Vec<Option<ShotCounts>> = if plan.shots.is_empty() {
        vec![None; plan.auto_hits as usize]
    } else {
        plan.shots
            .iter()
            .map(|r| Some(shot_counts_cached(*r)))
            .collect()
    };
    let t = plan.save.target;
    let (wyg, woo) = (plan.heroics.what_you_gonna_do, plan.heroics.woohoo);
    // Only the tests the target can declare are counted.
    let base = test_counts_cached(t, false);
    let pick = |ok: bool, target: i32, extra: bool| {
        if ok {
            test_counts_cached(target, extra)
        } else {
            base
        }
    };
    let tests = [
        base,
        pick(woo, t, true),
        pick(wyg, 7, false),
        pick(wyg && woo, 7, true),
    ];
    let start = shoot_state(
        plan.reroll == RerollMode::Once,
        plan.attacker_matrix,
        plan.defender_matrix,
        plan.heroics,
    );
    let dk = |d: bool| if d { DISPEL_KEEP.1 } else { 1 };
    let test_den = if plan.save.auto_pass {
        1
    } else {
        let roll = tests.iter().map(|c| c.total).max().unwrap_or(1);
        let mut d = roll;
        if plan.heroics.im_fine {
            d *= 6;
        }
        if plan.attacker_matrix {
            d *= dk(plan.dispels.attacker_matrix) * roll;
        }
        if plan.heroics.adrenaline {
            d *= dk(plan.dispels.adrenaline);
        }
        d
    };
    let shot_den = steps
        .iter()
        .map(|st| match st {
            None => 1,
            Some(c) => {
                let mut d = c.total;
                if plan.reroll != RerollMode::None {
                    d *= 6;
                }
                if plan.defender_matrix {
                    d *= dk(plan.dispels.defender_matrix) * c.total;
                }
                d
            }
        })
        .collect();
    (steps, tests, start, shot_den, test_den)
}

/// The common denominator of a whole plan (every step's denominator being
/// below 2^64), when it fits in 256 bits: always, for up to three shots.
pub(super) fn common_den(plan: &ShootPlan) -> Option<U256> {
    let (steps, _, _, shot_den, test_den) = layout(plan);
    let mut d = U256::from_u128(1);
    for sd in shot_den.iter().take(steps.len()) {
        let m = sd.checked_mul(test_den)?;
        if m > i128::from(u64::MAX) {
            return None;
        }
        // Every number the solver holds is a chance times `d` (sums of
        // weighted chances, weights summing to one), so none exceeds `d`.
        d = d.checked_mul_small(m as u128)?;
    }
    Some(d)
}

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Policy {
    /// Integer numerators over one common denominator.
    Int(Solver<i128>),
    /// The same in 256 bits, when the denominator does not fit in `i128`.
    Wide(Solver<U256>),
    /// Exact fractions (the common denominator would not fit).
    Exact(Solver<Prob>),
}

/// The optimal policy of a volley (rulings R6, R44-R49, R55-R58): the value
/// of every state before every step, from which each decision is read.
#[derive(Debug, Clone, PartialEq)]
pub struct ShootPolicy {
    pub(super) inner: Policy,
}

macro_rules! with_solver {
    ($pol:expr, $sv:ident => $e:expr) => {
        match &$pol.inner {
            Policy::Int($sv) => $e,
            Policy::Wide($sv) => $e,
            Policy::Exact($sv) => $e,
        }
    };
}

impl ShootPolicy {
    /// The policy of a plan; `exact` forces exact fractions (tests).
    pub(super) fn new(plan: &ShootPlan, exact: bool) -> ShootPolicy {
        let inner = match common_den(plan).filter(|_| !exact) {
            Some(d) if d.hi == 0 && d.lo <= i128::MAX as u128 => {
                Policy::Int(solver(plan, d.lo as i128))
            }
            Some(d) => Policy::Wide(solver(plan, d)),
            None => Policy::Exact(solver(plan, Prob::one())),
        };
        ShootPolicy { inner }
    }

    /// Whether the shooter forces a passed test of shot `i` (state `s` after
    /// the target's own plays on that test, `d` its declaration).
    pub fn force_save(&self, i: usize, s: usize, d: Declared) -> bool {
        with_solver!(self, sv => sv.passed(i, s, d).0)
    }

    /// Whether the target uses "I'm fine!" on a failed test whose best
    /// single-die reroll passes on `h` of six (strictly better only).
    pub fn use_im_fine(&self, i: usize, s: usize, d: Declared, h: usize) -> bool {
        with_solver!(self, sv => sv.failed(i, s, d, h).0)
    }

    /// The target's declaration before the test of a hit of step `i` in
    /// state `s` (the least chance to be out; on equal values nothing, then
    /// Woohoo, then What are you gonna do), the state after it and the value.
    pub fn declare(&self, i: usize, s: usize) -> (Declared, usize, Prob) {
        with_solver!(self, sv => {
            if s & !sv.start == 0 && i < sv.steps.len() {
                let (d, s2) = sv.decl[i * sv.ns + sv.ix(s)];
                (d, s2, sv.hit_value(i, s).ratio(sv.one))
            } else {
                let (d, s2, x) = sv.declare(i, s);
                (d, s2, x.ratio(sv.one))
            }
        })
    }

    /// Modified Resilience of a test after the declaration.
    pub fn test_target(&self, d: Declared) -> i32 {
        let target = with_solver!(self, sv => sv.save_target);
        if d.wyg { 7 } else { target }
    }

    /// Whether the target forces the attack roll of shot `i` to be rolled
    /// again once the shooter's own reroll is done (state `s` after it):
    /// `master` says whether the roll is a Master shot.
    pub fn force_roll(&self, i: usize, s: usize, master: bool) -> bool {
        with_solver!(self, sv => sv.after_own(i, s, 1 + usize::from(master)).0)
    }

    /// Whether a miss of shot `i` whose best single-die reroll hits on `h` of
    /// six spends the once-per-action reroll (state `s` holds it; spent on
    /// equal values, R44).
    pub fn spend(&self, i: usize, s: usize, h: usize) -> bool {
        with_solver!(self, sv => sv.spend(i, s, h).0)
    }

    /// The state at the start of the volley.
    pub fn start(&self) -> usize {
        with_solver!(self, sv => sv.start)
    }

    /// Chance that the target is out of action over the whole volley
    /// (before the Dispel of the attack and the shield).
    pub(super) fn value(&self) -> Prob {
        with_solver!(self, sv => sv.v[sv.ix(sv.start)].ratio(sv.one))
    }

    /// Hit chances, distribution of hits and chance of a Master shot.
    pub(super) fn forward(&self) -> (Vec<Prob>, Vec<Prob>, Prob) {
        with_solver!(self, sv => {
            let (hit, dist, master) = sv.forward();
            (
                hit.into_iter().map(|x| x.ratio(sv.one)).collect(),
                dist.into_iter().map(|x| x.ratio(sv.one)).collect(),
                master.ratio(sv.one),
            )
        })
    }
}

/// Exact odds of a shooting plan, with the policy used.
///
/// Objective (ruling R44): the shooter maximises the chance that the target
/// is out of action, the target minimises it. A backward pass over the
/// steps of the volley gives that chance and every decision; a forward pass
/// then follows the decisions to get the hit chances and the distribution of
/// hits (as if every shot were fired, R15). A Protective shield or a Dispel
/// of the attacking trick scales the results (R14, R58). Only the states the
/// query can reach are visited (a play, reroll or charge it does not have is
/// never in a state), and all chances are counted as integers over one
/// common denominator when it fits (`Num`).
pub fn shoot_odds_plan(plan: &ShootPlan) -> (ShootOdds, ShootPolicy) {
    shoot_odds_with(plan, false)
}

pub(super) fn shoot_odds_with(plan: &ShootPlan, exact: bool) -> (ShootOdds, ShootPolicy) {
    let one = Prob::one();
    let pol = ShootPolicy::new(plan, exact);
    // The attack happens at all (a dispelled trick does nothing), and the
    // shield does not stop it.
    let k_attack = survives_dispel(plan.dispels.attack);
    let k_through = if plan.immune {
        one - survives_dispel(plan.dispels.shield)
    } else {
        one
    };
    let out = k_attack * k_through * pol.value();
    let (hit0, dist0, master0) = pol.forward();
    let n = hit0.len();
    let attack = |x: Prob| if plan.dispels.attack { k_attack * x } else { x };
    let hit: Vec<Prob> = hit0.into_iter().map(attack).collect();
    let mut dist: Vec<Prob> = dist0.into_iter().map(attack).collect();
    dist[0] += one - k_attack;
    let expected = hit.iter().fold(Prob::zero(), |acc, h| acc + *h);
    // One hit's test with the target's own plays at hand.
    let single = ShootPolicy::new(
        &ShootPlan {
            shots: Vec::new(),
            auto_hits: 1,
            attacker_matrix: false,
            defender_matrix: false,
            immune: false,
            source: String::new(),
            ..plan.clone()
        },
        exact,
    );
    let fail_save = single.value();
    (
        ShootOdds {
            shots: n as u32,
            hit,
            fail_save,
            out_of_action: out,
            expected_hits: expected,
            hits_distribution: dist,
            master_shot: k_attack * k_through * master0,
            accuracy: plan.shots.iter().map(|s| s.accuracy).collect(),
            save_target: plan.save.target,
        },
        pol,
    )
}

/// Exact odds of a shooting query.
pub fn shoot_odds(q: &Query) -> Result<ShootOdds, ActionError> {
    Ok(shoot_odds_plan(&shoot_plan(q)?).0)
}
