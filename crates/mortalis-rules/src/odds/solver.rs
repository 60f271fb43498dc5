//! The volley solver: its tables and how they are built (the values are in `values.rs`, the forward pass in `forward.rs`, the policy read from them in `policy.rs`).

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
    /// Denominator of the test part of a hit (test, "I'm fine!" or the
    /// captain's reroll, the
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

/// The parts of a failed test's value (see `Solver::failed_parts`).
pub(super) type FailParts<N> = (N, Option<(N, N)>, Option<(N, N)>);

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
        // One die reroll at most per test (R67).
        if plan.heroics.im_fine || plan.heroics.captain {
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
