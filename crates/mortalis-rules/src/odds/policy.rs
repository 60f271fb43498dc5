//! The optimal policy of a volley, read from the solver, and the exact odds of a shooting plan.

use super::*;

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
        self.test_reroll(i, s, d, h) == TestReroll::ImFine
    }

    /// Which reroll, if any, the target takes on a failed test whose best
    /// single-die reroll passes on `h` of six: "I'm fine!" or the captain's
    /// (R67: at most one per test; strictly better only, "I'm fine!" on
    /// equal values).
    pub fn test_reroll(&self, i: usize, s: usize, d: Declared, h: usize) -> TestReroll {
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
