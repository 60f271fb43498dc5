//! Brute-force references for `agreement.rs`: every die of every roll
//! enumerated, every decision a true minimum or maximum, without the odds
//! engine's multiset and dynamic-programming shortcuts (only its modifier
//! plans are reused).

use mortalis_rules::dice::{Keep, keep_two};
use mortalis_rules::odds::{FightRoll, MeleePlan, Prob, RerollMode, SaveSpec, ShootPlan};
use num_traits::{One, Zero};
use std::collections::HashMap;

pub(super) fn tuples(n: usize) -> Vec<Vec<u8>> {
    let mut out = vec![vec![]];
    for _ in 0..n {
        out = out
            .into_iter()
            .flat_map(|t| {
                (1..=6u8).map(move |v| {
                    let mut t2 = t.clone();
                    t2.push(v);
                    t2
                })
            })
            .collect();
    }
    out
}

pub(super) fn each(n: usize) -> Prob {
    Prob::new(1, 6i128.pow(n as u32))
}

// ------------------------------------------------------------ saves

pub(super) fn passes(d: &[u8], s: &SaveSpec) -> bool {
    let k = keep_two(d, Keep::Low);
    let t = i32::from(k[0]) + i32::from(k[1]);
    t <= s.target && t <= 10
}

/// Chance that a test fails when the tester rerolls its best die after a
/// failure ("I'm fine!") and, when `forced`, the opponent then makes a
/// passed test be rolled again (Matrix error, no "I'm fine!" afterwards).
/// Every decision is a true minimum or maximum over the dice.
pub(super) fn bf_test_fail(s: SaveSpec, forced: bool) -> Prob {
    if s.auto_pass {
        return Prob::zero();
    }
    let n = if s.extra_die { 3 } else { 2 };
    let fresh_fail = tuples(n)
        .iter()
        .filter(|d| !passes(d, &s))
        .fold(Prob::zero(), |acc, _| acc + each(n));
    // Value (chance to fail in the end) of a test that stands as it is now.
    let pass_val = if forced {
        // The opponent rerolls a passed test if that makes failure likelier.
        if fresh_fail > Prob::zero() {
            fresh_fail
        } else {
            Prob::zero()
        }
    } else {
        Prob::zero()
    };
    let mut fail = Prob::zero();
    for d in tuples(n) {
        if passes(&d, &s) {
            fail += each(n) * pass_val;
            continue;
        }
        let mut best = Prob::one();
        if s.rerolls() {
            for j in 0..n {
                let mut v_sum = Prob::zero();
                for v in 1..=6 {
                    let mut e = d.clone();
                    e[j] = v;
                    v_sum += Prob::new(1, 6)
                        * if passes(&e, &s) {
                            pass_val
                        } else {
                            Prob::one()
                        };
                }
                if v_sum < best {
                    best = v_sum;
                }
            }
        }
        fail += each(n) * best;
    }
    fail
}

pub(super) fn bf_save_fail(s: SaveSpec) -> Prob {
    bf_test_fail(s, false)
}

// ------------------------------------------------------------ shooting

// What is still unused between two steps of a volley (bits of a key).
pub(super) const TOKEN: u8 = 1;
pub(super) const MA: u8 = 2;
pub(super) const MD: u8 = 4;
pub(super) const FINE: u8 = 8;
pub(super) const WYG: u8 = 16;
pub(super) const WOO: u8 = 32;
pub(super) const ADR: u8 = 64;
pub(super) const CAP: u8 = 128;

pub(super) fn survives(dispel: bool) -> Prob {
    if dispel {
        // 2d6 below 8, counted die by die.
        let mut k = 0;
        for a in 1..=6 {
            for b in 1..=6 {
                if a + b < 8 {
                    k += 1;
                }
            }
        }
        Prob::new(k, 36)
    } else {
        Prob::one()
    }
}

/// Brute-force volley: every die of every roll, expectimax over every
/// decision (the shooter maximises the chance the target is out, the target
/// minimises it), memoised on the state between shots. Heroic plays and
/// Adrenaline are once per volley; a Dispel makes a trick work with the
/// chance of a 2d6 below 8.
pub(super) struct BfShoot<'a> {
    pub(super) plan: &'a ShootPlan,
    pub(super) memo: HashMap<(usize, u8), Prob>,
    pub(super) memo_hit: HashMap<(usize, u8), Prob>,
}

impl BfShoot<'_> {
    pub(super) fn steps(&self) -> usize {
        if self.plan.shots.is_empty() {
            self.plan.auto_hits as usize
        } else {
            self.plan.shots.len()
        }
    }

    pub(super) fn start(&self) -> u8 {
        let p = self.plan;
        let h = p.heroics;
        let b = |x: bool, bit: u8| if x { bit } else { 0 };
        b(p.reroll == RerollMode::Once, TOKEN)
            | b(p.attacker_matrix, MA)
            | b(p.defender_matrix, MD)
            | b(h.im_fine, FINE)
            | b(h.what_you_gonna_do, WYG)
            | b(h.woohoo, WOO)
            | b(h.adrenaline, ADR)
            | b(h.captain, CAP)
    }

    /// Chance the target is out from step `i` on.
    pub(super) fn out(&mut self, i: usize, st: u8) -> Prob {
        if i == self.steps() {
            return Prob::zero();
        }
        if let Some(v) = self.memo.get(&(i, st)) {
            return *v;
        }
        let v = if self.plan.shots.is_empty() {
            self.hit_value(i, st)
        } else {
            let s = self.plan.shots[i];
            let n = if s.extra_die { 3 } else { 2 };
            let mut total = Prob::zero();
            for d in tuples(n) {
                let keep = self.after_own(i, &d, false, st);
                let can = match self.plan.reroll {
                    RerollMode::EveryShot => true,
                    RerollMode::Once => st & TOKEN != 0,
                    RerollMode::None => false,
                };
                let mut best = keep;
                if can {
                    let st2 = if self.plan.reroll == RerollMode::Once {
                        st & !TOKEN
                    } else {
                        st
                    };
                    for j in 0..n {
                        let mut v_sum = Prob::zero();
                        for v in 1..=6 {
                            let mut e = d.clone();
                            e[j] = v;
                            v_sum += Prob::new(1, 6) * self.after_own(i, &e, true, st2);
                        }
                        if v_sum > best {
                            best = v_sum;
                        }
                    }
                }
                total += each(n) * best;
            }
            total
        };
        self.memo.insert((i, st), v);
        v
    }

    /// 0 miss, 1 hit, 2 Master shot.
    pub(super) fn class(&self, i: usize, d: &[u8], rerolled: bool) -> usize {
        let s = self.plan.shots[i];
        let k = keep_two(d, Keep::Low);
        if s.master_shot && !rerolled && k == [1, 1] {
            2
        } else if i32::from(k[0]) + i32::from(k[1]) < s.accuracy {
            1
        } else {
            0
        }
    }

    pub(super) fn class_value(&mut self, i: usize, c: usize, st: u8) -> Prob {
        match c {
            2 => Prob::one(),
            1 => self.hit_value(i, st),
            _ => self.out(i + 1, st),
        }
    }

    /// Value of a roll once the shooter's own reroll is done: the target may
    /// force the whole roll again (the charge is spent even if dispelled).
    pub(super) fn after_own(&mut self, i: usize, d: &[u8], rerolled: bool, st: u8) -> Prob {
        let c = self.class(i, d, rerolled);
        let keep = self.class_value(i, c, st);
        if st & MD == 0 {
            return keep;
        }
        let n = d.len();
        let mut again = Prob::zero();
        for e in tuples(n) {
            let c2 = self.class(i, &e, true);
            again += each(n) * self.class_value(i, c2, st & !MD);
        }
        let k = survives(self.plan.dispels.defender_matrix);
        let forced = k * again + (Prob::one() - k) * self.class_value(i, c, st & !MD);
        if forced < keep { forced } else { keep }
    }

    /// A test that stands failed: Adrenaline if at hand (it may be dispelled).
    pub(super) fn stand(&mut self, i: usize, st: u8) -> Prob {
        if st & ADR == 0 {
            return Prob::one();
        }
        let k = survives(self.plan.dispels.adrenaline);
        k * self.out(i + 1, st & !ADR) + (Prob::one() - k)
    }

    /// A test that stands passed: the shooter may force it again.
    pub(super) fn pass_val(&mut self, i: usize, st: u8, target: i32, n: usize) -> Prob {
        let keep = self.out(i + 1, st);
        if st & MA == 0 {
            return keep;
        }
        let s2 = st & !MA;
        let mut again = Prob::zero();
        for e in tuples(n) {
            again += each(n)
                * if test_passes(&e, target) {
                    self.out(i + 1, s2)
                } else {
                    self.stand(i, s2)
                };
        }
        let k = survives(self.plan.dispels.attacker_matrix);
        let force = k * again + (Prob::one() - k) * self.out(i + 1, s2);
        if force > keep { force } else { keep }
    }

    /// Value of a hit: the target's declarations, then its test with every
    /// die enumerated.
    pub(super) fn hit_value(&mut self, i: usize, st: u8) -> Prob {
        if let Some(v) = self.memo_hit.get(&(i, st)) {
            return *v;
        }
        let mut best = Prob::one();
        for (wyg, woo) in [(false, false), (false, true), (true, false), (true, true)] {
            if (wyg && st & WYG == 0) || (woo && st & WOO == 0) {
                continue;
            }
            let st2 = st & !(if wyg { WYG } else { 0 }) & !(if woo { WOO } else { 0 });
            let target = if wyg { 7 } else { self.plan.save.target };
            let n = if woo { 3 } else { 2 };
            let mut total = Prob::zero();
            for d in tuples(n) {
                let v = if test_passes(&d, target) {
                    self.pass_val(i, st2, target, n)
                } else {
                    let mut b = self.stand(i, st2);
                    // "I'm fine!" or the captain's reroll: one of them (R67).
                    for bit in [FINE, CAP] {
                        if st2 & bit == 0 {
                            continue;
                        }
                        let s3 = st2 & !bit;
                        for j in 0..n {
                            let mut v_sum = Prob::zero();
                            for v in 1..=6 {
                                let mut e = d.clone();
                                e[j] = v;
                                v_sum += Prob::new(1, 6)
                                    * if test_passes(&e, target) {
                                        self.pass_val(i, s3, target, n)
                                    } else {
                                        self.stand(i, s3)
                                    };
                            }
                            if v_sum < b {
                                b = v_sum;
                            }
                        }
                    }
                    b
                };
                total += each(n) * v;
            }
            if total < best {
                best = total;
            }
        }
        self.memo_hit.insert((i, st), best);
        best
    }

    /// Chance that each shot hits, following the brute-force decisions
    /// (only for volleys without the shooter's own reroll, whose tie rule is
    /// not modelled here, and without heroic plays); forced rerolls are used
    /// only when strictly better.
    pub(super) fn hits(&mut self) -> (Vec<Prob>, Vec<Prob>) {
        assert_eq!(self.plan.reroll, RerollMode::None);
        let f0 = bf_save_fail(self.plan.save);
        let mut mass: HashMap<(u8, usize), Prob> = HashMap::new();
        mass.insert((self.start(), 0), Prob::one());
        let mut hit = Vec::new();
        for i in 0..self.plan.shots.len() {
            let s = self.plan.shots[i];
            let n = if s.extra_die { 3 } else { 2 };
            let mut next: HashMap<(u8, usize), Prob> = HashMap::new();
            let mut hit_i = Prob::zero();
            let states: Vec<_> = mass.iter().map(|(k, v)| (*k, *v)).collect();
            for ((st, k), x) in states {
                for d in tuples(n) {
                    let c = self.class(i, &d, false);
                    // (chance, class, state)
                    let mut fin = vec![(each(n), c, st)];
                    if c > 0 && st & MD != 0 {
                        let keep = self.class_value(i, c, st);
                        if self.after_own(i, &d, false, st) < keep {
                            let kd = survives(self.plan.dispels.defender_matrix);
                            fin = tuples(n)
                                .iter()
                                .map(|e| (each(n) * each(n) * kd, self.class(i, e, true), st & !MD))
                                .collect();
                            fin.push((each(n) * (Prob::one() - kd), c, st & !MD));
                        }
                    }
                    for (pf, c2, st2) in fin {
                        let w = x * pf;
                        if c2 == 0 {
                            *next.entry((st2, k)).or_insert(Prob::zero()) += w;
                            continue;
                        }
                        hit_i += w;
                        let target = self.plan.save.target;
                        let force_save = c2 == 1
                            && st2 & MA != 0
                            && self.pass_val(i, st2, target, 2) > self.out(i + 1, st2);
                        if force_save {
                            *next.entry((st2 & !MA, k + 1)).or_insert(Prob::zero()) +=
                                w * (Prob::one() - f0);
                            *next.entry((st2, k + 1)).or_insert(Prob::zero()) += w * f0;
                        } else {
                            *next.entry((st2, k + 1)).or_insert(Prob::zero()) += w;
                        }
                    }
                }
            }
            hit.push(hit_i);
            mass = next;
        }
        let mut dist = vec![Prob::zero(); self.plan.shots.len() + 1];
        for ((_, k), x) in mass {
            dist[k] += x;
        }
        (hit, dist)
    }
}

pub(super) fn test_passes(d: &[u8], target: i32) -> bool {
    let k = keep_two(d, Keep::Low);
    let t = i32::from(k[0]) + i32::from(k[1]);
    t <= target && t <= 10
}

/// Per-shot hit chances and hit-count distribution without rerolls.
pub(super) fn bf_hits(plan: &ShootPlan) -> (Vec<Prob>, Vec<Prob>) {
    let mut hit = Vec::new();
    let mut dist = vec![Prob::one()];
    for s in &plan.shots {
        let n = if s.extra_die { 3 } else { 2 };
        let mut ph = Prob::zero();
        for d in tuples(n) {
            let k = keep_two(&d, Keep::Low);
            if (s.master_shot && k == [1, 1]) || i32::from(k[0]) + i32::from(k[1]) < s.accuracy {
                ph += each(n);
            }
        }
        let mut next = vec![Prob::zero(); dist.len() + 1];
        for (k, pk) in dist.iter().enumerate() {
            next[k] += *pk * (Prob::one() - ph);
            next[k + 1] += *pk * ph;
        }
        dist = next;
        hit.push(ph);
    }
    (hit, dist)
}

// ------------------------------------------------------------ melee

pub(super) fn fin(d: &[u8], r: &FightRoll, rerolled: bool) -> (i32, bool) {
    let k = keep_two(d, Keep::High);
    (
        i32::from(k[0]) + i32::from(k[1]) + r.modifier,
        r.critical && !rerolled && k == [6, 6],
    )
}

pub(super) fn judge(a: (i32, bool), d: (i32, bool)) -> i32 {
    match (a.1, d.1) {
        (true, false) => 1,
        (false, true) => -1,
        _ => (a.0 - d.0).signum(),
    }
}

/// A value for the attacker (chance the defender is out minus chance the
/// attacker is out) and the chances of the five end classes: attacker wins
/// (charge spent / still held), tie, defender wins (spent / held).
#[derive(Clone)]
pub(super) struct Vt {
    pub(super) v: Prob,
    pub(super) t: [Prob; 5],
}

impl Vt {
    pub(super) fn zero() -> Vt {
        Vt {
            v: Prob::zero(),
            t: [Prob::zero(); 5],
        }
    }
    pub(super) fn add(&mut self, o: &Vt, w: Prob) {
        self.v += o.v * w;
        for (x, y) in self.t.iter_mut().zip(o.t) {
            *x += y * w;
        }
    }
}

/// Distinct die values of a roll, lowest first, with the first position of each.
pub(super) fn distinct(d: &[u8]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..d.len()).collect();
    order.sort_by_key(|&j| (d[j], j));
    let mut out: Vec<usize> = Vec::new();
    for j in order {
        if out.last().is_none_or(|&k| d[k] != d[j]) {
            out.push(j);
        }
    }
    out
}

pub(super) type Fin = (i32, bool);

/// Brute-force melee exchange over ordered dice tuples, with the order of
/// decisions of ruling R46 and the tie rules of R7/R48 (keep, then the
/// lowest die; no forced reroll unless strictly better).
pub(super) struct BfMelee<'a> {
    pub(super) plan: &'a MeleePlan,
    pub(super) class_value: [Prob; 5],
    pub(super) s5: HashMap<(Vec<u8>, bool, Fin, bool), Vt>,
    pub(super) fresh_a: HashMap<(Fin, bool), Vt>,
    pub(super) fresh_d: HashMap<(Vec<u8>, bool), Vt>,
    pub(super) s3: HashMap<(Vec<u8>, bool, Vec<u8>), Vt>,
}

impl<'a> BfMelee<'a> {
    pub(super) fn new(plan: &'a MeleePlan) -> Self {
        let fd0 = bf_test_fail(plan.defender_save, false);
        let fd1 = bf_test_fail(plan.defender_save, true);
        let (fa0, fa1) = if plan.defender_harmless {
            (Prob::zero(), Prob::zero())
        } else {
            (
                bf_test_fail(plan.attacker_save, false),
                bf_test_fail(plan.attacker_save, true),
            )
        };
        BfMelee {
            plan,
            class_value: [fd0, fd1, Prob::zero(), -fa0, -fa1],
            s5: HashMap::new(),
            fresh_a: HashMap::new(),
            fresh_d: HashMap::new(),
            s3: HashMap::new(),
        }
    }

    pub(super) fn end(&self, a: Fin, d: Fin, ma: bool, md: bool) -> Vt {
        let c = match judge(a, d) {
            1 => usize::from(ma),
            0 => 2,
            _ => 3 + usize::from(md),
        };
        let mut t = [Prob::zero(); 5];
        t[c] = Prob::one();
        Vt {
            v: self.class_value[c],
            t,
        }
    }

    pub(super) fn na(&self) -> usize {
        if self.plan.attacker.extra_die { 3 } else { 2 }
    }
    pub(super) fn nd(&self) -> usize {
        if self.plan.defender.extra_die { 3 } else { 2 }
    }

    /// The defender's forced reroll of the attacker's roll.
    pub(super) fn s5(&mut self, a: &[u8], arr: bool, d: Fin, ma: bool) -> Vt {
        let key = (a.to_vec(), arr, d, ma);
        if let Some(v) = self.s5.get(&key) {
            return v.clone();
        }
        let (ar, md) = (self.plan.attacker, self.plan.defender_matrix);
        let mut best = self.end(fin(a, &ar, arr), d, ma, md);
        if self.plan.defender_dirty {
            for j in distinct(a) {
                let mut e = Vt::zero();
                for v in 1..=6 {
                    let mut x = a.to_vec();
                    x[j] = v;
                    e.add(&self.end(fin(&x, &ar, true), d, ma, md), Prob::new(1, 6));
                }
                if e.v < best.v {
                    best = e;
                }
            }
        }
        if md {
            let e = if let Some(e) = self.fresh_a.get(&(d, ma)) {
                e.clone()
            } else {
                let mut e = Vt::zero();
                let n = self.na();
                for x in tuples(n) {
                    e.add(&self.end(fin(&x, &ar, true), d, ma, false), each(n));
                }
                self.fresh_a.insert((d, ma), e.clone());
                e
            };
            if e.v < best.v {
                best = e;
            }
        }
        self.s5.insert(key, best.clone());
        best
    }

    /// The attacker's Matrix error on the defender's roll.
    pub(super) fn s4(&mut self, a: &[u8], arr: bool, d: &[u8], drr: bool) -> Vt {
        let dr = self.plan.defender;
        if !self.plan.attacker_matrix {
            return self.s5(a, arr, fin(d, &dr, drr), false);
        }
        let keep = self.s5(a, arr, fin(d, &dr, drr), true);
        let force = if let Some(e) = self.fresh_d.get(&(a.to_vec(), arr)) {
            e.clone()
        } else {
            let mut e = Vt::zero();
            let n = self.nd();
            for x in tuples(n) {
                let v = self.s5(a, arr, fin(&x, &dr, true), false);
                e.add(&v, each(n));
            }
            self.fresh_d.insert((a.to_vec(), arr), e.clone());
            e
        };
        if force.v > keep.v { force } else { keep }
    }

    /// The defender's own reroll.
    pub(super) fn s3(&mut self, a: &[u8], arr: bool, d: &[u8]) -> Vt {
        let key = (a.to_vec(), arr, d.to_vec());
        if let Some(v) = self.s3.get(&key) {
            return v.clone();
        }
        let mut best = self.s4(a, arr, d, false);
        if self.plan.defender.reroll {
            for j in distinct(d) {
                let mut e = Vt::zero();
                for v in 1..=6 {
                    let mut x = d.to_vec();
                    x[j] = v;
                    let r = self.s4(a, arr, &x, true);
                    e.add(&r, Prob::new(1, 6));
                }
                if e.v < best.v {
                    best = e;
                }
            }
        }
        self.s3.insert(key, best.clone());
        best
    }

    /// The whole exchange: class chances.
    pub(super) fn run(&mut self) -> [Prob; 5] {
        let (na, nd) = (self.na(), self.nd());
        let mut total = Vt::zero();
        for a in tuples(na) {
            for d in tuples(nd) {
                let mut best = self.s3(&a, false, &d);
                if self.plan.attacker.reroll {
                    for j in distinct(&a) {
                        let mut e = Vt::zero();
                        for v in 1..=6 {
                            let mut x = a.clone();
                            x[j] = v;
                            let r = self.s3(&x, true, &d);
                            e.add(&r, Prob::new(1, 6));
                        }
                        if e.v > best.v {
                            best = e;
                        }
                    }
                }
                total.add(&best, each(na) * each(nd));
            }
        }
        total.t
    }
}
