//! Resilience saves: the chance a model fails one, fresh or forced to reroll.

use super::*;

// ---------------------------------------------------------------- saves

/// A Resilience test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SaveSpec {
    /// Modified Resilience: survive on 2d6 at or under it (11-12 always fail).
    pub target: i32,
    /// Roll three dice and keep the two lowest ("Woohoo!").
    pub extra_die: bool,
    /// Reroll one die of a failed test ("Nic mi nie jest!").
    pub reroll: bool,
    /// The captain's reroll is held for the test (B9, R67): one die of a
    /// failed test, when "Nic mi nie jest!" has not rerolled it.
    pub captain_reroll: bool,
    /// The test is passed automatically (protective trick).
    pub auto_pass: bool,
}

impl SaveSpec {
    /// Whether a failed test may have one die rerolled: by "Nic mi nie
    /// jest!" or the captain's reroll, never both (R67).
    pub fn rerolls(&self) -> bool {
        self.reroll || self.captain_reroll
    }
}

pub(super) fn save_passes(kept: [u8; 2], target: i32) -> bool {
    let s = i32::from(kept[0]) + i32::from(kept[1]);
    s <= target && s <= 10
}

/// Probability that a Resilience test fails.
pub fn save_fail(spec: SaveSpec) -> Prob {
    if spec.auto_pass {
        return Prob::zero();
    }
    let n = if spec.extra_die { 3 } else { 2 };
    let mut pass = 0i128;
    let total = 6i128.pow(n as u32) * 6;
    for_each_tuple(n, |dice| {
        if save_passes(keep_two(dice, Keep::Low), spec.target) {
            pass += 6;
        } else if spec.rerolls() {
            let mut best = 0;
            for j in 0..n {
                let mut d = [dice[0], dice[1], *dice.get(2).unwrap_or(&0)];
                let mut c = 0;
                for v in 1..=6 {
                    d[j] = v;
                    if save_passes(keep_two(&d[..n], Keep::Low), spec.target) {
                        c += 1;
                    }
                }
                best = best.max(c);
            }
            pass += best;
        }
    });
    Prob::one() - p(pass, total)
}

/// Probability that a Resilience test rolled afresh (forced by the opponent's
/// Matrix error) fails: the whole roll again, extra die included, with no
/// reroll of the tester's own afterwards (rulings R45, R47).
pub fn fresh_save_fail(spec: SaveSpec) -> Prob {
    save_fail(SaveSpec {
        reroll: false,
        captain_reroll: false,
        ..spec
    })
}

/// Probability that a test fails when the opponent keeps a Matrix error for
/// it: a test that passes (after "I'm fine!") is rerolled once more.
pub fn forced_save_fail(spec: SaveSpec) -> Prob {
    if spec.auto_pass {
        return Prob::zero();
    }
    Prob::one() - (Prob::one() - save_fail(spec)) * (Prob::one() - fresh_save_fail(spec))
}

pub(super) fn for_each_tuple(n: usize, mut f: impl FnMut(&[u8])) {
    let mut d = [1u8; 3];
    loop {
        f(&d[..n]);
        let mut i = 0;
        loop {
            if i == n {
                return;
            }
            if d[i] < 6 {
                d[i] += 1;
                break;
            }
            d[i] = 1;
            i += 1;
        }
    }
}

/// Sorted multisets of `n` dice with their number of orderings.
pub(super) fn multisets(n: usize) -> Vec<([u8; 3], i128)> {
    let mut out = Vec::new();
    for a in 1..=6u8 {
        for b in a..=6u8 {
            if n == 2 {
                let w = if a == b { 1 } else { 2 };
                out.push(([a, b, 0], w));
                continue;
            }
            for c in b..=6u8 {
                let w = if a == b && b == c {
                    1
                } else if a == b || b == c {
                    3
                } else {
                    6
                };
                out.push(([a, b, c], w));
            }
        }
    }
    out
}
