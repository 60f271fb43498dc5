//! The forward pass of the volley solver: the branches a test leads to, the hit chances and the distribution of hits.

use super::*;

impl<N: Num> Solver<N> {
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
            let r = self.failed(i, s2, d, h).0;
            if r != TestReroll::None {
                let s3 = s2 & !r.bit();
                let wh = w_scale(w, h as i128, 6);
                self.passed_branches(i, s3, d, wh, &mut out);
                self.stand_failed_branches(s3, w - wh, &mut out);
            } else {
                self.stand_failed_branches(s2, w, &mut out);
            }
        }
        out
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
