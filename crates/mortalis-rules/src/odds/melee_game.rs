//! The melee game: both fighters' rerolls as a zero-sum game over sorted dice multisets.

use super::*;

// ---------------------------------------------------------------- melee game

/// The sorted multisets of one roll shape (two or three dice) and the
/// tables the melee game walks: rerolling one die of a multiset leaves the
/// other dice (a "rest"), and a rest plus a new die is a multiset again.
pub(super) struct Shape {
    /// Sorted dice (a zero in the third place for two dice).
    pub(super) ms: Vec<[u8; 3]>,
    /// Number of orderings of each multiset.
    pub(super) w: Vec<i64>,
    /// Sum of the two highest dice.
    pub(super) high: Vec<u8>,
    /// The two highest dice are both sixes.
    pub(super) six_six: Vec<bool>,
    /// Distinct dice to reroll from each multiset, lowest first:
    /// (die value, rest index).
    pub(super) opts: Vec<Vec<(u8, usize)>>,
    /// For each rest, the multiset after adding a new die 1..=6.
    pub(super) add: Vec<[usize; 6]>,
    /// 6^n: the number of ordered rolls.
    pub(super) all: i64,
    /// Multiset index by `(d0 * 7 + d1) * 7 + d2` of the sorted dice.
    pub(super) index: Vec<usize>,
}

pub(super) fn ms_key(m: [u8; 3]) -> usize {
    (usize::from(m[0]) * 7 + usize::from(m[1])) * 7 + usize::from(m[2])
}

impl Shape {
    pub(super) fn build(n: usize) -> Shape {
        let list = multisets(n);
        let mut index = vec![usize::MAX; 343];
        for (i, (m, _)) in list.iter().enumerate() {
            index[ms_key(*m)] = i;
        }
        let sorted = |dice: &[u8]| {
            let mut m = [0u8; 3];
            m[..dice.len()].copy_from_slice(dice);
            m[..dice.len()].sort_unstable();
            m
        };
        let rests: Vec<[u8; 3]> = multisets(2)
            .into_iter()
            .map(|(m, _)| m)
            .filter(|_| n == 3)
            .chain((1..=6u8).map(|a| [a, 0, 0]).filter(|_| n == 2))
            .collect();
        let rest_of = |r: [u8; 3]| rests.iter().position(|x| *x == r).expect("rest");
        let add = rests
            .iter()
            .map(|r| {
                let mut out = [0usize; 6];
                for v in 1..=6u8 {
                    let mut d = r[..n - 1].to_vec();
                    d.push(v);
                    out[usize::from(v) - 1] = index[ms_key(sorted(&d))];
                }
                out
            })
            .collect();
        let opts = list
            .iter()
            .map(|(m, _)| {
                let mut o = Vec::new();
                for j in 0..n {
                    if j > 0 && m[j] == m[j - 1] {
                        continue;
                    }
                    let rest: Vec<u8> = (0..n).filter(|&k| k != j).map(|k| m[k]).collect();
                    o.push((m[j], rest_of(sorted(&rest))));
                }
                o
            })
            .collect();
        Shape {
            high: list
                .iter()
                .map(|(m, _)| {
                    let k = keep_two(&m[..n], Keep::High);
                    k[0] + k[1]
                })
                .collect(),
            six_six: list
                .iter()
                .map(|(m, _)| keep_two(&m[..n], Keep::High) == [6, 6])
                .collect(),
            w: list.iter().map(|(_, w)| *w as i64).collect(),
            ms: list.into_iter().map(|(m, _)| m).collect(),
            opts,
            add,
            all: 6i64.pow(n as u32),
            index,
        }
    }

    /// Index of the multiset of some dice (in any order).
    pub(super) fn find(&self, dice: &[u8]) -> usize {
        let mut m = [0u8; 3];
        m[..dice.len()].copy_from_slice(dice);
        m[..dice.len()].sort_unstable();
        self.index[ms_key(m)]
    }
}

pub(super) fn shape(extra_die: bool) -> &'static Shape {
    static TWO: OnceLock<Shape> = OnceLock::new();
    static THREE: OnceLock<Shape> = OnceLock::new();
    if extra_die {
        THREE.get_or_init(|| Shape::build(3))
    } else {
        TWO.get_or_init(|| Shape::build(2))
    }
}

/// Final result of a fight roll as an index: kept total minus 2 (0..=10),
/// or 11 for a natural 12 with Critical hit (never after a reroll, R3).
pub(super) fn fin_of(sh: &Shape, roll: &FightRoll, mi: usize, rerolled: bool) -> usize {
    if roll.critical && !rerolled && sh.six_six[mi] {
        11
    } else {
        usize::from(sh.high[mi]) - 2
    }
}

/// End classes of an exchange, by what the loser's test is worth: the
/// winner may still hold a Matrix error for it.
pub(super) const A_WINS: usize = 0;
pub(super) const A_WINS_MATRIX: usize = 1;
pub(super) const TIE: usize = 2;
pub(super) const D_WINS: usize = 3;
pub(super) const D_WINS_MATRIX: usize = 4;

/// Counts of the end classes (scaled to a stage's denominator) and their
/// value for the attacker, `v = sum(t[c] * weight[c])`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Val {
    pub(super) v: i64,
    pub(super) t: [i64; 5],
}

impl Val {
    pub(super) fn add(&mut self, o: &Val, k: i64) {
        self.v += o.v * k;
        for (x, y) in self.t.iter_mut().zip(o.t) {
            *x += y * k;
        }
    }

    pub(super) fn times(&self, k: i64) -> Val {
        let mut r = Val::default();
        r.add(self, k);
        r
    }
}

/// What the defender's player does to the attacker's Fight roll once both
/// own rerolls are done (rulings R46, R47).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DefenderForce {
    /// Nothing.
    None,
    /// Dirty tricks: the attacker rerolls one die of this value.
    Dirty(u8),
    /// Matrix error: the attacker rolls the whole Fight roll again.
    Matrix,
}

/// A melee exchange as a two-player game with chance, solved exactly
/// (rulings R7, R44-R48). Each side maximises its own objective, the
/// chance that the opponent is taken out of action minus the chance that
/// it is taken out itself; the game is zero-sum, so the attacker maximises
/// and the defender minimises one value.
///
/// Order of decisions after both fighters roll: the attacker's own reroll,
/// the defender's own reroll, the attacker's Matrix error on the defender's
/// roll, the defender's Dirty tricks or Matrix error on the attacker's roll,
/// then the loser's Resilience test ("I'm fine!" first, then the winner's
/// Matrix error if it is still unused).
///
/// The stages are tables over sorted multisets of dice (or over final
/// results when the dice no longer matter), with integer counts over a
/// common denominator per stage, so decisions compare exact values. The
/// same tables answer the decisions of `play` with real dice.
pub struct MeleeGame {
    pub(super) plan: MeleePlan,
    pub(super) sa: &'static Shape,
    pub(super) sd: &'static Shape,
    /// Attacker keys per multiset (2 when Dirty tricks and Critical hit
    /// both need the dice and whether one was rerolled).
    pub(super) ka: usize,
    pub(super) n_dkey: usize,
    pub(super) weight: [i64; 5],
    pub(super) judge: [[i8; 12]; 12],
    pub(super) fresh_d: [i64; 12],
    pub(super) sc5: i64,
    /// [attacker key][defender final][attacker's charge left].
    pub(super) s5: Vec<Val>,
    /// [attacker key][defender final].
    pub(super) s4: Vec<Val>,
    /// [attacker key][defender multiset] when the defender rerolls.
    pub(super) s3: Vec<Val>,
    /// [attacker rest][defender final][attacker's charge left].
    pub(super) dirty_tab: Vec<Val>,
    /// [defender final][attacker's charge left].
    pub(super) matrix_tab: Vec<Val>,
    pub(super) tally: [i64; 5],
    pub(super) den: i64,
    pub(super) outs: [Prob; 4],
}

/// What the stages of a game being solved share besides the game itself.
struct Setup {
    /// The attacker's fresh rolls (after a Matrix error) counted by final result.
    fresh_a: [i64; 12],
    /// Number of attacker keys (multisets under Dirty tricks, else final results).
    n_akey: usize,
    /// States of the attacker's Matrix error: 2 when it holds one, else 1.
    nma: usize,
}

/// Chances of being taken out (`[fd0, fd1, fa0, fa1]`) and each end class's value (weights).
fn outcome_weights(plan: &MeleePlan) -> ([Prob; 4], [i64; 5]) {
    let fd0 = save_fail(plan.defender_save);
    let fd1 = forced_save_fail(plan.defender_save);
    let (fa0, fa1) = if plan.defender_harmless {
        (Prob::zero(), Prob::zero())
    } else {
        (
            save_fail(plan.attacker_save),
            forced_save_fail(plan.attacker_save),
        )
    };
    let vals = [fd0, fd1, Prob::zero(), -fa0, -fa1];
    let l = vals.iter().fold(1i128, |acc, x| acc.lcm(x.denom()));
    let weight = vals.map(|x| (x * l).to_integer() as i64);
    ([fd0, fd1, fa0, fa1], weight)
}

/// Who wins for each pair of final results: 1 the attacker, -1 the defender, 0 a tie.
fn judge_table(a: &FightRoll, d: &FightRoll) -> [[i8; 12]; 12] {
    let total = |f: usize, m: i32| if f == 11 { 12 + m } else { f as i32 + 2 + m };
    let mut judge = [[0i8; 12]; 12];
    for (fa, row) in judge.iter_mut().enumerate() {
        for (fd, u) in row.iter_mut().enumerate() {
            *u = match (fa == 11, fd == 11) {
                (true, false) => 1,
                (false, true) => -1,
                _ => (total(fa, a.modifier) - total(fd, d.modifier)).signum() as i8,
            };
        }
    }
    judge
}

/// Ordered fresh rolls of a fighter counted by final result (as after a reroll).
fn fresh_finals(sh: &Shape, roll: &FightRoll) -> [i64; 12] {
    let mut fresh = [0i64; 12];
    for mi in 0..sh.ms.len() {
        fresh[fin_of(sh, roll, mi, true)] += sh.w[mi];
    }
    fresh
}

impl MeleeGame {
    /// Solve the exchange of a plan.
    pub fn new(plan: &MeleePlan) -> MeleeGame {
        let (mut g, setup) = MeleeGame::unsolved(plan);
        // The defender's forced rerolls: their values do not depend on the
        // attacker's dice beyond the rest (Dirty tricks) or at all (Matrix error).
        if plan.defender_dirty {
            g.dirty_tab = g.dirty_table(&setup);
        }
        if plan.defender_matrix {
            g.matrix_tab = g.matrix_table(&setup);
        }
        g.s5 = g.defender_force_stage(&setup);
        g.s4 = g.attacker_force_stage(&setup);
        if plan.defender.reroll {
            g.s3 = g.defender_reroll_stage(&setup);
        }
        // The attacker's own reroll and the initial rolls.
        g.tally = g.first_rolls_tally(&setup);
        g
    }

    /// The game with its scales and judgements set and no stage solved yet.
    fn unsolved(plan: &MeleePlan) -> (MeleeGame, Setup) {
        let (a, d) = (plan.attacker, plan.defender);
        let (sa, sd) = (shape(a.extra_die), shape(d.extra_die));
        let (outs, weight) = outcome_weights(plan);
        let judge = judge_table(&a, &d);
        let fresh_a = fresh_finals(sa, &a);
        let fresh_d = fresh_finals(sd, &d);
        let dirty = plan.defender_dirty;
        let ka = if dirty && a.critical { 2 } else { 1 };
        let n_akey = if dirty { sa.ms.len() * ka } else { 12 };
        let n_dkey = if d.reroll { sd.ms.len() } else { 12 };
        let nma = if plan.attacker_matrix { 2 } else { 1 };
        let sc5 = if plan.defender_matrix {
            sa.all
        } else if dirty {
            6
        } else {
            1
        };
        let sc4 = sc5 * if plan.attacker_matrix { sd.all } else { 1 };
        let sc3 = sc4 * if d.reroll { 6 } else { 1 };
        let sc2 = sc3 * if a.reroll { 6 } else { 1 };
        let g = MeleeGame {
            plan: plan.clone(),
            sa,
            sd,
            ka,
            n_dkey,
            weight,
            judge,
            fresh_d,
            sc5,
            s5: Vec::new(),
            s4: Vec::new(),
            s3: Vec::new(),
            dirty_tab: Vec::new(),
            matrix_tab: Vec::new(),
            tally: [0; 5],
            den: sc2 * sa.all * sd.all,
            outs,
        };
        let setup = Setup {
            fresh_a,
            n_akey,
            nma,
        };
        (g, setup)
    }

    /// Values of the defender's Dirty tricks, by attacker rest, defender final and charge left.
    fn dirty_table(&self, setup: &Setup) -> Vec<Val> {
        let (sa, a, sc5) = (self.sa, &self.plan.attacker, self.sc5);
        let md = self.plan.defender_matrix;
        let mut tab = vec![Val::default(); sa.add.len() * 12 * 2];
        for (r, add) in sa.add.iter().enumerate() {
            for fd in 0..12 {
                for ma in 0..setup.nma {
                    let mut e = Val::default();
                    for &mi in add {
                        e.add(&self.end(fin_of(sa, a, mi, true), fd, ma == 1, md), sc5 / 6);
                    }
                    tab[(r * 12 + fd) * 2 + ma] = e;
                }
            }
        }
        tab
    }

    /// Values of the defender's Matrix error, by defender final and charge left.
    fn matrix_table(&self, setup: &Setup) -> Vec<Val> {
        let mut tab = vec![Val::default(); 12 * 2];
        for fd in 0..12 {
            for ma in 0..setup.nma {
                let mut e = Val::default();
                for (fa, &c) in setup.fresh_a.iter().enumerate() {
                    if c > 0 {
                        e.add(
                            &self.end(fa, fd, ma == 1, false),
                            c * (self.sc5 / self.sa.all),
                        );
                    }
                }
                tab[fd * 2 + ma] = e;
            }
        }
        tab
    }

    /// Stage 5 for every attacker key, defender final and charge left.
    fn defender_force_stage(&self, setup: &Setup) -> Vec<Val> {
        let mut s5 = vec![Val::default(); setup.n_akey * 12 * 2];
        for ak in 0..setup.n_akey {
            for fd in 0..12 {
                for ma in 0..setup.nma {
                    s5[(ak * 12 + fd) * 2 + ma] = self.defender_force(ak, fd, ma == 1).1;
                }
            }
        }
        s5
    }

    /// Stage 4 for every attacker key and defender final (needs stage 5).
    fn attacker_force_stage(&self, setup: &Setup) -> Vec<Val> {
        let mut s4 = vec![Val::default(); setup.n_akey * 12];
        for ak in 0..setup.n_akey {
            let force = self.attacker_force_value(ak);
            for fd in 0..12 {
                s4[ak * 12 + fd] = self.attacker_force(ak, fd, &force).1;
            }
        }
        s4
    }

    /// Stage 3 for every attacker key and defender multiset (needs stage 4).
    fn defender_reroll_stage(&self, setup: &Setup) -> Vec<Val> {
        let (sd, d, n_akey, n_dkey) = (self.sd, &self.plan.defender, setup.n_akey, self.n_dkey);
        let nr = sd.add.len();
        let mut rd = vec![Val::default(); n_akey * nr];
        for ak in 0..n_akey {
            for (r, add) in sd.add.iter().enumerate() {
                let e = &mut rd[ak * nr + r];
                for &mi in add {
                    e.add(&self.s4[ak * 12 + fin_of(sd, d, mi, true)], 1);
                }
            }
        }
        let mut s3 = vec![Val::default(); n_akey * n_dkey];
        for ak in 0..n_akey {
            for di in 0..sd.ms.len() {
                s3[ak * n_dkey + di] = self.defender_reroll_at(ak, di, |r| rd[ak * nr + r]).1;
            }
        }
        s3
    }

    /// Counts of the end classes over both first rolls (needs stage 3).
    fn first_rolls_tally(&self, setup: &Setup) -> [i64; 5] {
        let sd = self.sd;
        let mut wd = vec![0i64; self.n_dkey];
        for di in 0..sd.ms.len() {
            wd[self.dkey(di)] += sd.w[di];
        }
        if self.plan.attacker.reroll {
            self.attacker_reroll_tally(&wd)
        } else {
            self.kept_rolls_tally(setup, &wd)
        }
    }

    /// Counts of the end classes when the attacker may reroll its own roll.
    fn attacker_reroll_tally(&self, wd: &[i64]) -> [i64; 5] {
        let (sa, n_dkey) = (self.sa, self.n_dkey);
        let mut tally = [0i64; 5];
        let nr = sa.add.len();
        let mut ra = vec![Val::default(); nr * n_dkey];
        for (r, add) in sa.add.iter().enumerate() {
            let row = &mut ra[r * n_dkey..(r + 1) * n_dkey];
            for &mi in add {
                let ak = self.akey(mi, true);
                for (dk, e) in row.iter_mut().enumerate() {
                    e.add(self.s3_at(ak, dk), 1);
                }
            }
        }
        for ai in 0..sa.ms.len() {
            for (dk, &w) in wd.iter().enumerate() {
                if w == 0 {
                    continue;
                }
                let best = self.attacker_reroll_at(ai, dk, |r| ra[r * n_dkey + dk]).1;
                for (x, y) in tally.iter_mut().zip(best.t) {
                    *x += y * sa.w[ai] * w;
                }
            }
        }
        tally
    }

    /// Counts of the end classes when the attacker keeps its first roll.
    fn kept_rolls_tally(&self, setup: &Setup, wd: &[i64]) -> [i64; 5] {
        let sa = self.sa;
        let mut tally = [0i64; 5];
        let mut wa = vec![0i64; setup.n_akey];
        for ai in 0..sa.ms.len() {
            wa[self.akey(ai, false)] += sa.w[ai];
        }
        for (ak, &x) in wa.iter().enumerate() {
            for (dk, &y) in wd.iter().enumerate() {
                if x > 0 && y > 0 {
                    for (t, z) in tally.iter_mut().zip(self.s3_at(ak, dk).t) {
                        *t += z * x * y;
                    }
                }
            }
        }
        tally
    }

    /// End of the exchange for final results `fa`, `fd` and the charges left.
    pub(super) fn end(&self, fa: usize, fd: usize, ma: bool, md: bool) -> Val {
        let c = match self.judge[fa][fd] {
            1 if ma => A_WINS_MATRIX,
            1 => A_WINS,
            0 => TIE,
            _ if md => D_WINS_MATRIX,
            _ => D_WINS,
        };
        let mut t = [0i64; 5];
        t[c] = 1;
        Val {
            v: self.weight[c],
            t,
        }
    }

    pub(super) fn akey(&self, mi: usize, rerolled: bool) -> usize {
        if self.plan.defender_dirty {
            mi * self.ka + usize::from(rerolled && self.ka == 2)
        } else {
            fin_of(self.sa, &self.plan.attacker, mi, rerolled)
        }
    }

    pub(super) fn akey_fin(&self, ak: usize) -> usize {
        if self.plan.defender_dirty {
            fin_of(
                self.sa,
                &self.plan.attacker,
                ak / self.ka,
                ak % self.ka == 1,
            )
        } else {
            ak
        }
    }

    pub(super) fn dkey(&self, di: usize) -> usize {
        if self.plan.defender.reroll {
            di
        } else {
            fin_of(self.sd, &self.plan.defender, di, false)
        }
    }

    pub(super) fn s3_at(&self, ak: usize, dk: usize) -> &Val {
        if self.plan.defender.reroll {
            &self.s3[ak * self.n_dkey + dk]
        } else {
            &self.s4[ak * 12 + dk]
        }
    }

    /// Stage 5: the defender's forced reroll of the attacker's roll
    /// (minimum; on equal values nothing, then Dirty tricks on the lowest
    /// die, then Matrix error).
    pub(super) fn defender_force(&self, ak: usize, fd: usize, ma: bool) -> (DefenderForce, Val) {
        let md = self.plan.defender_matrix;
        let fa = self.akey_fin(ak);
        let mut best = (
            DefenderForce::None,
            self.end(fa, fd, ma, md).times(self.sc5),
        );
        if self.plan.defender_dirty {
            for &(die, r) in &self.sa.opts[ak / self.ka] {
                let e = self.dirty_tab[(r * 12 + fd) * 2 + usize::from(ma)];
                if e.v < best.1.v {
                    best = (DefenderForce::Dirty(die), e);
                }
            }
        }
        if md {
            let e = self.matrix_tab[fd * 2 + usize::from(ma)];
            if e.v < best.1.v {
                best = (DefenderForce::Matrix, e);
            }
        }
        best
    }

    pub(super) fn s5_at(&self, ak: usize, fd: usize, ma: bool) -> &Val {
        &self.s5[(ak * 12 + fd) * 2 + usize::from(ma)]
    }

    /// Value of the attacker forcing the defender's whole roll again.
    pub(super) fn attacker_force_value(&self, ak: usize) -> Val {
        let mut e = Val::default();
        if self.plan.attacker_matrix {
            for (fd, &c) in self.fresh_d.iter().enumerate() {
                if c > 0 {
                    e.add(self.s5_at(ak, fd, false), c);
                }
            }
        }
        e
    }

    /// Stage 4: the attacker's Matrix error on the defender's roll
    /// (maximum; on equal values the charge is kept).
    pub(super) fn attacker_force(&self, ak: usize, fd: usize, force: &Val) -> (bool, Val) {
        if !self.plan.attacker_matrix {
            return (false, *self.s5_at(ak, fd, false));
        }
        let keep = self.s5_at(ak, fd, true).times(self.sd.all);
        if force.v > keep.v {
            (true, *force)
        } else {
            (false, keep)
        }
    }

    /// Stage 3: the defender's own reroll (minimum; the die is kept on
    /// equal values, else the lowest die is rerolled).
    pub(super) fn defender_reroll_at(
        &self,
        ak: usize,
        di: usize,
        option: impl Fn(usize) -> Val,
    ) -> (Option<u8>, Val) {
        let fd = fin_of(self.sd, &self.plan.defender, di, false);
        let mut best = (None, self.s4[ak * 12 + fd].times(6));
        for &(die, r) in &self.sd.opts[di] {
            let e = option(r);
            if e.v < best.1.v {
                best = (Some(die), e);
            }
        }
        best
    }

    /// Stage 2: the attacker's own reroll (maximum; the die is kept on
    /// equal values, else the lowest die is rerolled).
    pub(super) fn attacker_reroll_at(
        &self,
        ai: usize,
        dk: usize,
        option: impl Fn(usize) -> Val,
    ) -> (Option<u8>, Val) {
        let keep = self.s3_at(self.akey(ai, false), dk);
        let mut best_v = keep.v * 6;
        let mut best = None;
        for &(die, r) in &self.sa.opts[ai] {
            let e = option(r);
            if e.v > best_v {
                best_v = e.v;
                best = Some((die, e));
            }
        }
        match best {
            Some((die, e)) => (Some(die), e),
            None => (None, keep.times(6)),
        }
    }

    /// The attacker's own reroll, both first rolls seen: the value of the
    /// die to reroll, if any.
    pub fn attacker_reroll(&self, a: &[u8], d: &[u8]) -> Option<u8> {
        if !self.plan.attacker.reroll {
            return None;
        }
        let dk = self.dkey(self.sd.find(d));
        let ai = self.sa.find(a);
        self.attacker_reroll_at(ai, dk, |r| {
            let mut e = Val::default();
            for &mi in &self.sa.add[r] {
                e.add(self.s3_at(self.akey(mi, true), dk), 1);
            }
            e
        })
        .0
    }

    /// The defender's own reroll, once the attacker's is done.
    pub fn defender_reroll(&self, a: &[u8], a_rerolled: bool, d: &[u8]) -> Option<u8> {
        if !self.plan.defender.reroll {
            return None;
        }
        let ak = self.akey(self.sa.find(a), a_rerolled);
        let di = self.sd.find(d);
        self.defender_reroll_at(ak, di, |r| {
            let mut e = Val::default();
            for &mi in &self.sd.add[r] {
                e.add(
                    &self.s4[ak * 12 + fin_of(self.sd, &self.plan.defender, mi, true)],
                    1,
                );
            }
            e
        })
        .0
    }

    /// Whether the attacker spends Matrix error on the defender's roll.
    pub fn attacker_forces(&self, a: &[u8], a_rerolled: bool, d: &[u8], d_rerolled: bool) -> bool {
        if !self.plan.attacker_matrix {
            return false;
        }
        let ak = self.akey(self.sa.find(a), a_rerolled);
        let fd = fin_of(self.sd, &self.plan.defender, self.sd.find(d), d_rerolled);
        self.attacker_force(ak, fd, &self.attacker_force_value(ak))
            .0
    }

    /// What the defender does to the attacker's roll; `attacker_matrix_left`
    /// says whether the attacker still holds its Matrix error.
    pub fn defender_forces(
        &self,
        a: &[u8],
        a_rerolled: bool,
        d: &[u8],
        d_rerolled: bool,
        attacker_matrix_left: bool,
    ) -> DefenderForce {
        let ak = self.akey(self.sa.find(a), a_rerolled);
        let fd = fin_of(self.sd, &self.plan.defender, self.sd.find(d), d_rerolled);
        self.defender_force(ak, fd, attacker_matrix_left && self.plan.attacker_matrix)
            .0
    }

    /// The plan the game was solved for.
    pub fn plan(&self) -> &MeleePlan {
        &self.plan
    }

    /// Exact odds of the exchange under the optimal policy.
    pub fn odds(&self) -> MeleeOdds {
        let den = i128::from(self.den);
        let t = self.tally.map(i128::from);
        let [fd0, fd1, fa0, fa1] = self.outs;
        MeleeOdds {
            attacker_hits: p(t[A_WINS] + t[A_WINS_MATRIX], den),
            defender_hits: p(t[D_WINS] + t[D_WINS_MATRIX], den),
            tie: p(t[TIE], den),
            defender_out: p(t[A_WINS], den) * fd0 + p(t[A_WINS_MATRIX], den) * fd1,
            attacker_out: p(t[D_WINS], den) * fa0 + p(t[D_WINS_MATRIX], den) * fa1,
            attacker_modifier: self.plan.attacker.modifier,
            defender_modifier: self.plan.defender.modifier,
            defender_save_target: self.plan.defender_save.target,
            attacker_save_target: self.plan.attacker_save.target,
            ignored: Vec::new(),
        }
    }
}

/// Exact odds of a melee plan.
pub fn melee_odds_plan(plan: &MeleePlan) -> MeleeOdds {
    MeleeGame::new(plan).odds()
}

/// Exact odds of a melee query.
pub fn melee_odds(q: &Query) -> Result<MeleeOdds, ActionError> {
    let mut o = melee_odds_plan(&melee_plan(q)?);
    o.ignored = melee_ignored(q);
    Ok(o)
}

/// Listed skills a melee query does not use (rulings R20, R55, R59):
/// tricks of the engaged fighters (Matrix error, Adrenaline, Protective
/// shield) and a defender's Show me what's inside.
pub fn melee_ignored(q: &Query) -> Vec<String> {
    let mut out = Vec::new();
    for (name, s, attacking) in [
        ("attacker", &q.attacker, true),
        ("defender", &q.defender, false),
    ] {
        for &k in &s.skills {
            let idle = matches!(
                k,
                Skill::MatrixError | Skill::Adrenaline | Skill::ProtectiveShield
            ) || (k == Skill::ShowMeKitty && !attacking);
            if idle {
                out.push(format!("{name}.{}", k.id()));
            }
        }
    }
    out
}
