//! The odds engine against two independent references:
//! 1. `tests/data/icepool_fixture.json`, generated with icepool by
//!    `tools/icepool_fixture.py` (modifiers re-derived in Python);
//! 2. brute-force enumeration of every die of the action, written here
//!    without the engine's multiset and dynamic-programming shortcuts
//!    (it reuses only the engine's modifier plans).

use mortalis_rules::dice::{Keep, keep_two};
use mortalis_rules::odds::{
    self, FightRoll, MeleePlan, Odds, Prob, Query, RerollMode, SaveSpec, ShootPlan, frac,
};
use num_traits::{One, Zero};
use serde_json::Value;
use std::collections::HashMap;

fn tuples(n: usize) -> Vec<Vec<u8>> {
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

fn each(n: usize) -> Prob {
    Prob::new(1, 6i128.pow(n as u32))
}

// ------------------------------------------------------------ saves

fn passes(d: &[u8], s: &SaveSpec) -> bool {
    let k = keep_two(d, Keep::Low);
    let t = i32::from(k[0]) + i32::from(k[1]);
    t <= s.target && t <= 10
}

/// Chance that a test fails when the tester rerolls its best die after a
/// failure ("I'm fine!") and, when `forced`, the opponent then makes a
/// passed test be rolled again (Matrix error, no "I'm fine!" afterwards).
/// Every decision is a true minimum or maximum over the dice.
fn bf_test_fail(s: SaveSpec, forced: bool) -> Prob {
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

fn bf_save_fail(s: SaveSpec) -> Prob {
    bf_test_fail(s, false)
}

// ------------------------------------------------------------ shooting

// What is still unused between two steps of a volley (bits of a key).
const TOKEN: u8 = 1;
const MA: u8 = 2;
const MD: u8 = 4;
const FINE: u8 = 8;
const WYG: u8 = 16;
const WOO: u8 = 32;
const ADR: u8 = 64;
const CAP: u8 = 128;

fn survives(dispel: bool) -> Prob {
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
struct BfShoot<'a> {
    plan: &'a ShootPlan,
    memo: HashMap<(usize, u8), Prob>,
    memo_hit: HashMap<(usize, u8), Prob>,
}

impl BfShoot<'_> {
    fn steps(&self) -> usize {
        if self.plan.shots.is_empty() {
            self.plan.auto_hits as usize
        } else {
            self.plan.shots.len()
        }
    }

    fn start(&self) -> u8 {
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
    fn out(&mut self, i: usize, st: u8) -> Prob {
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
    fn class(&self, i: usize, d: &[u8], rerolled: bool) -> usize {
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

    fn class_value(&mut self, i: usize, c: usize, st: u8) -> Prob {
        match c {
            2 => Prob::one(),
            1 => self.hit_value(i, st),
            _ => self.out(i + 1, st),
        }
    }

    /// Value of a roll once the shooter's own reroll is done: the target may
    /// force the whole roll again (the charge is spent even if dispelled).
    fn after_own(&mut self, i: usize, d: &[u8], rerolled: bool, st: u8) -> Prob {
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
    fn stand(&mut self, i: usize, st: u8) -> Prob {
        if st & ADR == 0 {
            return Prob::one();
        }
        let k = survives(self.plan.dispels.adrenaline);
        k * self.out(i + 1, st & !ADR) + (Prob::one() - k)
    }

    /// A test that stands passed: the shooter may force it again.
    fn pass_val(&mut self, i: usize, st: u8, target: i32, n: usize) -> Prob {
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
    fn hit_value(&mut self, i: usize, st: u8) -> Prob {
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
    fn hits(&mut self) -> (Vec<Prob>, Vec<Prob>) {
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

fn test_passes(d: &[u8], target: i32) -> bool {
    let k = keep_two(d, Keep::Low);
    let t = i32::from(k[0]) + i32::from(k[1]);
    t <= target && t <= 10
}

/// Per-shot hit chances and hit-count distribution without rerolls.
fn bf_hits(plan: &ShootPlan) -> (Vec<Prob>, Vec<Prob>) {
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

fn fin(d: &[u8], r: &FightRoll, rerolled: bool) -> (i32, bool) {
    let k = keep_two(d, Keep::High);
    (
        i32::from(k[0]) + i32::from(k[1]) + r.modifier,
        r.critical && !rerolled && k == [6, 6],
    )
}

fn judge(a: (i32, bool), d: (i32, bool)) -> i32 {
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
struct Vt {
    v: Prob,
    t: [Prob; 5],
}

impl Vt {
    fn zero() -> Vt {
        Vt {
            v: Prob::zero(),
            t: [Prob::zero(); 5],
        }
    }
    fn add(&mut self, o: &Vt, w: Prob) {
        self.v += o.v * w;
        for (x, y) in self.t.iter_mut().zip(o.t) {
            *x += y * w;
        }
    }
}

/// Distinct die values of a roll, lowest first, with the first position of each.
fn distinct(d: &[u8]) -> Vec<usize> {
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

type Fin = (i32, bool);

/// Brute-force melee exchange over ordered dice tuples, with the order of
/// decisions of ruling R46 and the tie rules of R7/R48 (keep, then the
/// lowest die; no forced reroll unless strictly better).
struct BfMelee<'a> {
    plan: &'a MeleePlan,
    class_value: [Prob; 5],
    s5: HashMap<(Vec<u8>, bool, Fin, bool), Vt>,
    fresh_a: HashMap<(Fin, bool), Vt>,
    fresh_d: HashMap<(Vec<u8>, bool), Vt>,
    s3: HashMap<(Vec<u8>, bool, Vec<u8>), Vt>,
}

impl<'a> BfMelee<'a> {
    fn new(plan: &'a MeleePlan) -> Self {
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

    fn end(&self, a: Fin, d: Fin, ma: bool, md: bool) -> Vt {
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

    fn na(&self) -> usize {
        if self.plan.attacker.extra_die { 3 } else { 2 }
    }
    fn nd(&self) -> usize {
        if self.plan.defender.extra_die { 3 } else { 2 }
    }

    /// The defender's forced reroll of the attacker's roll.
    fn s5(&mut self, a: &[u8], arr: bool, d: Fin, ma: bool) -> Vt {
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
    fn s4(&mut self, a: &[u8], arr: bool, d: &[u8], drr: bool) -> Vt {
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
    fn s3(&mut self, a: &[u8], arr: bool, d: &[u8]) -> Vt {
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
    fn run(&mut self) -> [Prob; 5] {
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

fn parse(toml_text: &str) -> Query {
    toml::from_str(toml_text).unwrap_or_else(|e| panic!("bad query {toml_text}: {e}"))
}

/// Compare the engine with brute force for one query; `full` also compares
/// per-shot numbers (only meaningful without a once-per-action reroll).
fn check_brute_force(q: &Query) -> usize {
    match odds::odds(q).expect("legal query") {
        Odds::Shoot(o) => {
            let plan = odds::shoot_plan(q).unwrap();
            let mut bf = BfShoot {
                plan: &plan,
                memo: HashMap::new(),
                memo_hit: HashMap::new(),
            };
            let start = bf.start();
            let k_attack = survives(plan.dispels.attack);
            let k_through = if plan.immune {
                Prob::one() - survives(plan.dispels.shield)
            } else {
                Prob::one()
            };
            let out = k_attack * k_through * bf.out(0, start);
            assert_eq!(o.out_of_action, out, "out_of_action {q:?}");
            // One hit with the target's own plays, no Matrix error.
            let one_hit = ShootPlan {
                shots: Vec::new(),
                auto_hits: 1,
                attacker_matrix: false,
                defender_matrix: false,
                immune: false,
                ..plan.clone()
            };
            let mut bf1 = BfShoot {
                plan: &one_hit,
                memo: HashMap::new(),
                memo_hit: HashMap::new(),
            };
            let s1 = bf1.start();
            assert_eq!(o.fail_save, bf1.out(0, s1), "fail_save {q:?}");
            let heroic = plan.heroics != odds::Heroics::default();
            if !plan.shots.is_empty()
                && plan.reroll == RerollMode::None
                && !plan.dispels.attack
                && (!heroic || !plan.defender_matrix)
            {
                let (hit, dist) = if plan.attacker_matrix || plan.defender_matrix {
                    bf.hits()
                } else {
                    bf_hits(&plan)
                };
                assert_eq!(o.hit, hit, "hit {q:?}");
                assert_eq!(o.hits_distribution, dist, "dist {q:?}");
            }
            let sum = o
                .hits_distribution
                .iter()
                .fold(Prob::zero(), |acc, x| acc + *x);
            assert_eq!(sum, Prob::one());
            1
        }
        Odds::Melee(o) => {
            let plan = odds::melee_plan(q).unwrap();
            let mut bf = BfMelee::new(&plan);
            let t = bf.run();
            let [fd0, fd1, _, fa0, fa1] = bf.class_value;
            assert_eq!(o.attacker_hits, t[0] + t[1], "attacker_hits {q:?}");
            assert_eq!(o.tie, t[2], "tie {q:?}");
            assert_eq!(o.defender_hits, t[3] + t[4], "defender_hits {q:?}");
            assert_eq!(
                o.defender_out,
                t[0] * fd0 + t[1] * fd1,
                "defender_out {q:?}"
            );
            assert_eq!(
                o.attacker_out,
                -(t[3] * fa0 + t[4] * fa1),
                "attacker_out {q:?}"
            );
            1
        }
    }
}

fn fixture() -> Value {
    let text = include_str!("data/icepool_fixture.json");
    serde_json::from_str(text).expect("fixture is JSON")
}

#[test]
fn engine_matches_icepool_fixture() {
    let fx = fixture();
    let cases = fx["cases"].as_array().expect("cases");
    assert!(cases.len() >= 30, "a few dozen cases expected");
    for case in cases {
        let q = parse(case["query"].as_str().unwrap());
        let exp = &case["expected"];
        let got = serde_json::to_value(odds::odds(&q).unwrap()).unwrap();
        let keys: &[&str] = match q.kind {
            odds::ActionKind::Shoot => &[
                "shots",
                "hit",
                "fail_save",
                "out_of_action",
                "hits_distribution",
            ],
            odds::ActionKind::Melee => &[
                "attacker_hits",
                "defender_hits",
                "tie",
                "defender_out",
                "attacker_out",
            ],
        };
        for k in keys {
            assert_eq!(
                got[k],
                exp[k],
                "{k} for query:\n{}",
                case["query"].as_str().unwrap()
            );
        }
    }
}

#[test]
fn engine_matches_brute_force_on_fixture_queries() {
    let fx = fixture();
    let mut n = 0;
    for case in fx["cases"].as_array().unwrap() {
        n += check_brute_force(&parse(case["query"].as_str().unwrap()));
    }
    assert!(n >= 30);
}

/// Queries with rerolls, natural results and heroic plays, which the
/// fixture does not cover.
const EXTRA: &[&str] = &[
    // once-per-action reroll over a volley
    "kind='shoot'\n[attacker]\nweapon='assault_rifle'\nreroll=true\n[defender]\narmour='light_armour'\n[situation]\nrange=14",
    "kind='shoot'\n[attacker]\naccuracy=9\nweapon='heavy_rifle'\nreroll=true\nskills=['master_shot']\n[defender]\narmour='powered_armour'\n[situation]\nrange=20\ncover=true",
    "kind='shoot'\n[attacker]\nweapon='energy_rifle'\nreroll=true\nextra_die=true\n[defender]\narmour='sarcophagus'\n[situation]\nrange=5",
    // point blank: a reroll on every shot
    "kind='shoot'\n[attacker]\nweapon='assault_pistol'\nskills=['point_blank','master_shot']\n[defender]\narmour='light_armour'\nshield=true\n[situation]\nrange=4",
    // aimed shot (three dice, drop the highest), master shot with extra die
    "kind='shoot'\n[attacker]\naccuracy=8\nweapon='sniper_rifle'\nskills=['aimed_shot','master_shot']\n[defender]\narmour='light_armour'\n[situation]\nrange=30\nobstacle=true",
    // heroic plays on the Resilience test
    "kind='shoot'\n[attacker]\nweapon='assault_rifle'\n[defender]\narmour='light_armour'\nskills=['im_fine','woohoo']\n[situation]\nrange=10\noverwatch=true",
    "kind='shoot'\n[attacker]\nweapon='rocket_launcher'\n[defender]\narmour='powered_armour'\nskills=['what_you_gonna_do']\n[situation]\nrange=10",
    // tricks used as attacks
    "kind='shoot'\n[attacker]\ntrick='short_circuit'\nmoved=true\n[defender]\narmour='light_armour'\n[situation]\nrange=8",
    "kind='shoot'\n[attacker]\ntrick='drone_strike'\n[defender]\narmour='light_armour'\nshield=true\n[situation]\nrange=12",
    // melee rerolls on one and on both sides
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\narmour='light_armour'\nreroll=true\n[defender]\nweapon='hand_weapon'\narmour='light_armour'",
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\narmour='light_armour'\nskills=['duellist']\n[defender]\nweapon='two_handed_weapon'\narmour='light_armour'\nskills=['duellist']",
    "kind='melee'\n[attacker]\nfight=1\nweapon='hand_weapon'\narmour='light_armour'\nskills=['critical_hit']\nreroll=true\n[defender]\nweapon='hand_weapon'\narmour='powered_armour'\nskills=['critical_hit']",
    // killing blow vs parry with shield, both three dice
    "kind='melee'\n[attacker]\nfight=1\nweapon='hand_weapon'\narmour='light_armour'\nskills=['killing_blow','battle_frenzy']\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nshield=true\nskills=['parry']",
    "kind='melee'\n[attacker]\nweapon='two_handed_weapon'\narmour='light_armour'\nsupport=2\nextra_die=true\nreroll=true\n[defender]\nweapon='hand_weapon'\nextra_weapon=true\narmour='sarcophagus'\nskills=['nimble','crowd_fighter','soft_spot','im_fine']",
    // special items and modifications
    "kind='shoot'\n[attacker]\nweapon='assault_rifle'\nmoved=true\nitems=['armour_piercing_rounds']\nmods=['fire_stabiliser']\nreroll=true\n[defender]\narmour='light_armour'\nmods=['force_field']\nitems=['camouflage']\n[situation]\nrange=9",
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\nmods=['nanoblade']\nreroll=true\n[defender]\nweapon='two_handed_weapon'\nmods=['impact_pattern']\narmour='light_armour'\n",
];

#[test]
fn engine_matches_brute_force_with_rerolls_and_skills() {
    let n: usize = EXTRA.iter().map(|t| check_brute_force(&parse(t))).sum();
    assert_eq!(n, EXTRA.len());
}

/// Queries with forced rerolls (Dirty tricks, Matrix error) and their
/// interactions with own rerolls, extra dice, Point blank, "I'm fine!",
/// Critical hit, Master shot and Parry (rulings R44-R48).
const FORCED: &[&str] = &[
    // the target forces the attack roll again (one shot, a volley, out of range)
    "kind='shoot'\n[attacker]\nweapon='sniper_rifle'\n[defender]\nskills=['matrix_error']\n[situation]\nrange=6",
    "kind='shoot'\n[attacker]\nweapon='assault_rifle'\n[defender]\narmour='light_armour'\nskills=['matrix_error']\n[situation]\nrange=10",
    "kind='shoot'\n[attacker]\nweapon='assault_rifle'\n[defender]\narmour='light_armour'\nskills=['matrix_error']\n[situation]\nrange=14",
    // the shooter forces a passed test again
    "kind='shoot'\n[attacker]\nweapon='assault_rifle'\nskills=['matrix_error']\n[defender]\narmour='light_armour'\n[situation]\nrange=10",
    "kind='shoot'\n[attacker]\naccuracy=8\nweapon='energy_pistol'\nskills=['matrix_error']\n[defender]\narmour='powered_armour'\nskills=['matrix_error','im_fine']\n[situation]\nrange=6",
    "kind='shoot'\n[attacker]\nweapon='assault_rifle'\nreroll=true\nskills=['matrix_error']\n[defender]\narmour='light_armour'\nskills=['im_fine']\n[situation]\nrange=8",
    // with Master shot, a once-per-action reroll, Point blank
    "kind='shoot'\n[attacker]\naccuracy=8\nweapon='assault_rifle'\nreroll=true\nskills=['master_shot']\n[defender]\narmour='light_armour'\nskills=['matrix_error']\n[situation]\nrange=9",
    "kind='shoot'\n[attacker]\nweapon='assault_pistol'\nskills=['point_blank','master_shot']\n[defender]\narmour='light_armour'\nskills=['matrix_error']\n[situation]\nrange=4",
    "kind='shoot'\n[attacker]\nweapon='assault_pistol'\nskills=['point_blank','matrix_error']\n[defender]\narmour='light_armour'\nskills=['matrix_error','im_fine']\n[situation]\nrange=4",
    // automatic hits: only the test can be forced
    "kind='shoot'\n[attacker]\nweapon='flamer'\nskills=['matrix_error']\n[defender]\narmour='light_armour'\n[situation]\nrange=5",
    "kind='shoot'\n[attacker]\ntrick='drone_strike'\nskills=['matrix_error']\n[defender]\narmour='light_armour'\nskills=['im_fine']\n[situation]\nrange=12",
    // three dice: Aimed shot on the attack roll, Woohoo on the test
    "kind='shoot'\n[attacker]\naccuracy=8\nweapon='sniper_rifle'\nskills=['aimed_shot','master_shot']\n[defender]\narmour='light_armour'\nskills=['matrix_error']\n[situation]\nrange=10",
    "kind='shoot'\n[attacker]\nweapon='assault_rifle'\nskills=['matrix_error']\n[defender]\narmour='light_armour'\nskills=['woohoo','im_fine']\n[situation]\nrange=10\noverwatch=true",
    "kind='shoot'\n[attacker]\nweapon='heavy_rifle'\nreroll=true\nskills=['matrix_error']\n[defender]\narmour='powered_armour'\nskills=['matrix_error']\n[situation]\nrange=11",
    "kind='shoot'\n[attacker]\nweapon='assault_rifle'\nskills=['master_shot']\n[defender]\nskills=['matrix_error','protective_shield']\n[situation]\nrange=6",
    // Dirty tricks: only after a charge
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\narmour='light_armour'\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nskills=['dirty_tricks']\n[situation]\ncharged=true",
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\narmour='light_armour'\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nskills=['dirty_tricks']",
    "kind='melee'\n[attacker]\nfight=1\nweapon='hand_weapon'\nskills=['critical_hit']\n[defender]\nweapon='two_handed_weapon'\narmour='light_armour'\nskills=['dirty_tricks']\n[situation]\ncharged=true",
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\nreroll=true\nskills=['killing_blow','critical_hit']\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nskills=['dirty_tricks']\n[situation]\ncharged=true",
    // Matrix error on either side, or both
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\narmour='light_armour'\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nskills=['matrix_error']",
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\narmour='light_armour'\nskills=['matrix_error']\n[defender]\nfight=1\nweapon='two_handed_weapon'\narmour='powered_armour'",
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\nskills=['matrix_error']\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nskills=['matrix_error']",
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\nreroll=true\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nskills=['matrix_error','dirty_tricks']\n[situation]\ncharged=true",
    "kind='melee'\n[attacker]\nfight=1\nweapon='hand_weapon'\nskills=['matrix_error']\n[defender]\nweapon='hand_weapon'\nshield=true\narmour='light_armour'\nskills=['parry']",
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\nreroll=true\nskills=['critical_hit']\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nreroll=true\nskills=['matrix_error','critical_hit']",
    "kind='melee'\n[attacker]\nweapon='two_handed_weapon'\nskills=['matrix_error']\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nskills=['im_fine']",
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\narmour='powered_armour'\nskills=['im_fine']\n[defender]\nfight=1\nweapon='hand_weapon'\nskills=['matrix_error']",
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\nskills=['duellist']\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nskills=['matrix_error','duellist']",
    "kind='melee'\n[attacker]\nweapon='two_handed_weapon'\nreroll=true\nskills=['matrix_error']\n[defender]\nweapon='hand_weapon'\narmour='powered_armour'\nreroll=true",
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\nextra_die=true\nreroll=true\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nskills=['dirty_tricks','critical_hit']\n[situation]\ncharged=true",
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\nskills=['critical_hit']\n[defender]\nweapon='hand_weapon'\nshield=true\nskills=['parry','matrix_error','dirty_tricks']\n[situation]\ncharged=true",
    // once-per-battle plays over a volley (R55) and Dispel (R58)
    "kind='shoot'\n[attacker]\naccuracy=12\nweapon='assault_rifle'\n[defender]\narmour='light_armour'\nskills=['im_fine','what_you_gonna_do','woohoo']\n[situation]\nrange=10\noverwatch=true",
    "kind='shoot'\n[attacker]\naccuracy=10\nweapon='assault_pistol'\nskills=['matrix_error']\n[defender]\narmour='light_armour'\nskills=['im_fine','adrenaline','what_you_gonna_do']\n[situation]\nrange=6",
    "kind='shoot'\n[attacker]\naccuracy=10\nweapon='assault_pistol'\nskills=['matrix_error','dispel']\n[defender]\narmour='light_armour'\nskills=['matrix_error','dispel','adrenaline','im_fine']\n[situation]\nrange=6",
    "kind='shoot'\n[attacker]\naccuracy=9\nweapon='assault_pistol'\nreroll=true\nskills=['dispel']\n[defender]\nshield=true\nskills=['matrix_error','woohoo','im_fine']\n[situation]\nrange=7\noverwatch=true",
    "kind='shoot'\n[attacker]\nweapon='flamer'\nskills=['matrix_error']\n[defender]\narmour='light_armour'\nskills=['dispel','adrenaline','im_fine','what_you_gonna_do']\n[situation]\nrange=6",
    "kind='shoot'\n[attacker]\ntrick='short_circuit'\nskills=['matrix_error']\n[defender]\narmour='light_armour'\nskills=['dispel','matrix_error']\n[situation]\nrange=8",
    "kind='shoot'\n[attacker]\nweapon='assault_rifle'\nskills=['dispel','master_shot']\n[defender]\nskills=['protective_shield','adrenaline']\n[situation]\nrange=8",
    "kind='melee'\n[attacker]\nfight=2\nweapon='hand_weapon'\nskills=['matrix_error','critical_hit']\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nreroll=true\nskills=['critical_hit','dirty_tricks']\n[situation]\ncharged=true",
];

#[test]
fn engine_matches_brute_force_with_forced_rerolls() {
    assert!(FORCED.len() >= 30);
    let n: usize = FORCED.iter().map(|t| check_brute_force(&parse(t))).sum();
    assert_eq!(n, FORCED.len());
}

#[test]
fn fractions_are_in_lowest_terms() {
    assert_eq!(frac(&Prob::new(6, 36)), "1/6");
    assert_eq!(frac(&Prob::zero()), "0/1");
    assert_eq!(frac(&Prob::one()), "1/1");
}

/// Queries where the captain's reroll is held for the target's tests
/// (B9, ruling R67), alone and beside "I'm fine!", the other once-only
/// plays and forced rerolls.
const CAPTAIN: &[&str] = &[
    "kind='shoot'\n[attacker]\naccuracy=12\nweapon='assault_rifle'\n[defender]\narmour='light_armour'\nsave_reroll=true\n[situation]\nrange=10",
    "kind='shoot'\n[attacker]\naccuracy=12\nweapon='assault_rifle'\n[defender]\narmour='light_armour'\nsave_reroll=true\nskills=['im_fine']\n[situation]\nrange=10",
    "kind='shoot'\n[attacker]\naccuracy=10\nweapon='assault_pistol'\nskills=['matrix_error']\n[defender]\narmour='light_armour'\nsave_reroll=true\nskills=['im_fine','adrenaline']\n[situation]\nrange=6",
    "kind='shoot'\n[attacker]\naccuracy=12\nweapon='assault_rifle'\n[defender]\nsave_reroll=true\nskills=['im_fine','what_you_gonna_do','woohoo']\n[situation]\nrange=10\noverwatch=true",
    "kind='shoot'\n[attacker]\nweapon='assault_rifle'\nreroll=true\nskills=['matrix_error','dispel']\n[defender]\narmour='light_armour'\nsave_reroll=true\nskills=['matrix_error','adrenaline']\n[situation]\nrange=7",
    "kind='shoot'\n[attacker]\nweapon='flamer'\nskills=['matrix_error']\n[defender]\narmour='light_armour'\nsave_reroll=true\nskills=['dispel','adrenaline']\n[situation]\nrange=6",
    "kind='melee'\n[attacker]\nweapon='hand_weapon'\nreroll=true\nsave_reroll=true\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nsave_reroll=true\nskills=['im_fine']",
    "kind='melee'\n[attacker]\nweapon='two_handed_weapon'\nally_matrix=true\n[defender]\nweapon='hand_weapon'\narmour='light_armour'\nsave_reroll=true",
];

#[test]
fn engine_matches_brute_force_with_the_captains_test_reroll() {
    let n: usize = CAPTAIN.iter().map(|t| check_brute_force(&parse(t))).sum();
    assert_eq!(n, CAPTAIN.len());
    // Held, the reroll lowers the chance the target is out of action.
    let helps = CAPTAIN.iter().any(|t| {
        let held = parse(t);
        let mut not = held.clone();
        not.defender.save_reroll = false;
        let out = |q: &Query| match odds::odds(q).expect("legal query") {
            Odds::Shoot(o) => o.out_of_action,
            Odds::Melee(o) => o.defender_out,
        };
        out(&held) < out(&not)
    });
    assert!(helps);
}
