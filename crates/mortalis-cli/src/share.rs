//! Shares of battles with 95% intervals, for `mortalis simulate`, whose
//! battles come in pairs: battles 2k and 2k+1 play one seed (the same
//! table and dice) with the warbands on swapped sides.
//!
//! The two battles of a pair are not independent. When the dice decide,
//! they tend to go opposite ways (the lucky side is the other warband the
//! second time), which makes a share of A's wins steadier than the same
//! number of independent battles; when the table decides, or for a share
//! that follows the side (the first side's wins), they tend to agree,
//! which makes it less steady. The interval is Wilson's, with the number
//! of battles divided by the pairs' design effect: the ratio of the
//! share's variance estimated from the pairs (the linearised variance of a
//! ratio over clusters) to the binomial variance. The effect is never
//! taken below 1, so an interval is never narrower than independent
//! battles would give.

/// Which count of a pair a share takes.
pub type Count = fn(&Tally) -> u64;

/// One pair's counts (a lone last battle is a pair of one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Battles.
    pub n: u64,
    /// A's wins.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// A's losses.
    pub losses: u64,
    /// The first side's wins.
    pub first_won: u64,
}

impl Tally {
    /// Battles someone won.
    pub fn decided(&self) -> u64 {
        self.n - self.draws
    }
}

/// The 95% Wilson score interval of a share `p` of `n` trials (`n` may be
/// fractional: an effective number of battles).
fn wilson(p: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 || !n.is_finite() {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let scale = 1.0 / (1.0 + z * z / n);
    let mid = scale * (p + z * z / (2.0 * n));
    let spread = scale * z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let low = if p <= 0.0 {
        0.0
    } else {
        (mid - spread).max(0.0)
    };
    let high = if p >= 1.0 {
        1.0
    } else {
        (mid + spread).min(1.0)
    };
    (low, high)
}

/// The share `hit / of` summed over `pairs`, as (share, low, high) with its
/// 95% interval (see the module's notes).
pub fn share(pairs: &[Tally], hit: Count, of: Count) -> (f64, f64, f64) {
    let k: u64 = pairs.iter().map(hit).sum();
    let n: u64 = pairs.iter().map(of).sum();
    if n == 0 {
        return (0.0, 0.0, 1.0);
    }
    let (nf, p) = (n as f64, k as f64 / n as f64);
    let (lo, hi) = wilson(p, nf / design_effect(pairs, hit, of, p));
    (p, lo, hi)
}

/// The ratio of the share's variance over the pairs to the binomial
/// variance of as many independent battles, at least 1.
fn design_effect(pairs: &[Tally], hit: Count, of: Count, p: f64) -> f64 {
    let clusters: Vec<(f64, f64)> = pairs
        .iter()
        .map(|t| (hit(t) as f64, of(t) as f64))
        .filter(|&(_, t)| t > 0.0)
        .collect();
    let m = clusters.len() as f64;
    let n: f64 = clusters.iter().map(|c| c.1).sum();
    let binomial = p * (1.0 - p) / n;
    if m < 2.0 || binomial <= 0.0 {
        return 1.0;
    }
    let spread: f64 = clusters.iter().map(|&(h, t)| (h - p * t).powi(2)).sum();
    let paired = m / (m - 1.0) * spread / (n * n);
    (paired / binomial).max(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(list: &[(u64, u64)]) -> Vec<Tally> {
        list.iter()
            .map(|&(wins, first_won)| Tally {
                n: 2,
                wins,
                draws: 0,
                losses: 2 - wins,
                first_won,
            })
            .collect()
    }

    #[test]
    fn wilson_matches_the_textbook_figures() {
        // 50 of 100: 40.4%–59.6%; 0 of 10: 0–27.8%.
        let (lo, hi) = wilson(0.5, 100.0);
        assert!(
            (lo - 0.4038).abs() < 1e-4 && (hi - 0.5962).abs() < 1e-4,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(0.0, 10.0);
        assert!(lo == 0.0 && (hi - 0.2775).abs() < 1e-4, "{hi}");
        assert_eq!(wilson(0.5, 0.0), (0.0, 1.0));
    }

    /// Mirrored pairs (one win each) are steadier than independent battles:
    /// the interval stays the independent one. Pairs that agree (both won
    /// or both lost) widen it: with every pair agreeing the battles count
    /// as half as many.
    #[test]
    fn pairs_that_agree_widen_the_interval_and_mirrored_ones_do_not() {
        let wins = |t: &Tally| t.wins;
        let firsts = |t: &Tally| t.first_won;
        let all = |t: &Tally| t.n;
        let mirrored = pairs(&[(1, 2), (1, 0)].repeat(50));
        let (p, lo, hi) = share(&mirrored, wins, all);
        let (l0, h0) = wilson(0.5, 200.0);
        assert_eq!((p, lo, hi), (0.5, l0, h0));
        // The first side's wins agree within every pair here.
        let (p, lo, hi) = share(&mirrored, firsts, all);
        let (l1, h1) = wilson(0.5, 100.0);
        assert!((p - 0.5).abs() < 1e-12 && (lo - l1).abs() < 1e-3 && (hi - h1).abs() < 1e-3);
        assert!(lo < l0 && hi > h0);
    }

    #[test]
    fn no_battles_or_one_pair_give_a_plain_answer() {
        let all = |t: &Tally| t.n;
        let wins = |t: &Tally| t.wins;
        assert_eq!(share(&[], wins, all), (0.0, 0.0, 1.0));
        let one = pairs(&[(2, 1)]);
        let (p, lo, hi) = share(&one, wins, all);
        assert_eq!((p, hi), (1.0, 1.0));
        assert_eq!(lo, wilson(1.0, 2.0).0);
        // Draws only: no decided battle.
        let drawn = [Tally {
            n: 2,
            draws: 2,
            ..Tally::default()
        }];
        assert_eq!(share(&drawn, wins, Tally::decided), (0.0, 0.0, 1.0));
    }
}
