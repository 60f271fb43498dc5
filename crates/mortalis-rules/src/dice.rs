//! Dice: a source of d6 results that is either a seeded portable RNG or
//! values typed in by the player, and the roll shapes the rules use
//! (2d6, 3d6, extra die "dorzut", reroll "przerzut").

use rand_core::RngCore;

/// A die value outside 1..=6 or a script that ran out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    /// A typed value is not a d6 result.
    #[error("die value {0} is not between 1 and 6")]
    OutOfRange(i64),
    /// The typed-in list has no more values.
    #[error("no more typed-in dice (needed die number {0})")]
    Exhausted(usize),
    /// The input the dice are typed on failed (or was not text), so die
    /// number `die` could not be read: distinct from an input that ended.
    #[error("die number {die} could not be read: {reason}")]
    Unreadable {
        /// The die asked for, from 1.
        die: usize,
        /// What the input said went wrong.
        reason: String,
    },
}

/// Where d6 results come from.
pub trait DiceSource {
    /// One d6 result, 1..=6.
    fn d6(&mut self) -> Result<u8, DiceError>;

    /// What the next dice are for (Polish, English), so that a player typing
    /// dice at the table knows which roll is asked. Sources that roll
    /// themselves ignore it.
    fn label(&mut self, _pl: &str, _en: &str) {}
}

/// Dice from an explicit RNG (e.g. `rand_chacha::ChaCha8Rng`), sampled
/// without bias from `next_u32` so results never change with a `rand` upgrade.
#[derive(Debug, Clone)]
pub struct RngDice<R> {
    rng: R,
}

impl<R: RngCore> RngDice<R> {
    /// Wrap an RNG.
    pub fn new(rng: R) -> Self {
        RngDice { rng }
    }
}

/// Unbiased value in `0..n` from 32-bit words (rejection sampling).
pub fn uniform_below<R: RngCore>(rng: &mut R, n: u32) -> u32 {
    assert!(n > 0, "empty range");
    let zone = u32::MAX - (u32::MAX % n) - 1; // largest multiple of n, minus one
    loop {
        let x = rng.next_u32();
        if x <= zone {
            return x % n;
        }
    }
}

impl<R: RngCore> DiceSource for RngDice<R> {
    fn d6(&mut self) -> Result<u8, DiceError> {
        Ok(uniform_below(&mut self.rng, 6) as u8 + 1)
    }
}

/// Dice typed in by the player, consumed in order.
#[derive(Debug, Clone, Default)]
pub struct TypedDice {
    values: Vec<u8>,
    next: usize,
}

impl TypedDice {
    /// Check and keep a list of typed results.
    pub fn new(values: &[i64]) -> Result<Self, DiceError> {
        let values = values
            .iter()
            .map(|&v| {
                if (1..=6).contains(&v) {
                    Ok(v as u8)
                } else {
                    Err(DiceError::OutOfRange(v))
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(TypedDice { values, next: 0 })
    }

    /// How many typed values were used.
    pub fn used(&self) -> usize {
        self.next
    }
}

impl DiceSource for TypedDice {
    fn d6(&mut self) -> Result<u8, DiceError> {
        let v = *self
            .values
            .get(self.next)
            .ok_or(DiceError::Exhausted(self.next + 1))?;
        self.next += 1;
        Ok(v)
    }
}

/// Which dice to keep when more were rolled than are judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep {
    /// Keep the highest (melee, where high totals win).
    High,
    /// Keep the lowest (shooting and Resilience, where low totals succeed).
    Low,
}

/// Keep two dice out of `dice` (two or three values) the way `keep` says;
/// returned in ascending order.
pub fn keep_two(dice: &[u8], keep: Keep) -> [u8; 2] {
    match *dice {
        [a, b] => [a.min(b), a.max(b)],
        [a, b, c] => {
            // Sort three values without allocating.
            let (lo, hi) = (a.min(b), a.max(b));
            let (lo, mid, hi) = if c < lo {
                (c, lo, hi)
            } else if c > hi {
                (lo, hi, c)
            } else {
                (lo, c, hi)
            };
            match keep {
                Keep::Low => [lo, mid],
                Keep::High => [mid, hi],
            }
        }
        _ => {
            let mut d: Vec<u8> = dice.to_vec();
            d.sort_unstable();
            match keep {
                Keep::Low => [d[0], d[1]],
                Keep::High => [d[d.len() - 2], d[d.len() - 1]],
            }
        }
    }
}

/// Roll `n` dice.
pub fn roll_n(src: &mut dyn DiceSource, n: usize) -> Result<Vec<u8>, DiceError> {
    (0..n).map(|_| src.d6()).collect()
}

/// Roll a d6.
pub fn d6(src: &mut dyn DiceSource) -> Result<u8, DiceError> {
    src.d6()
}

/// Roll 2d6 and return the sum.
pub fn roll_2d6(src: &mut dyn DiceSource) -> Result<u8, DiceError> {
    Ok(src.d6()? + src.d6()?)
}

/// Roll 3d6 and return the sum.
pub fn roll_3d6(src: &mut dyn DiceSource) -> Result<u8, DiceError> {
    Ok(src.d6()? + src.d6()? + src.d6()?)
}

/// A record of one judged roll: what was rolled, what was rerolled, what was kept.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct RollRecord {
    /// The dice as first rolled.
    pub rolled: Vec<u8>,
    /// Index and new value of a rerolled die, if any.
    pub reroll: Option<(usize, u8)>,
    /// The two dice judged.
    pub kept: [u8; 2],
}

impl RollRecord {
    /// Sum of the kept dice.
    pub fn sum(&self) -> i32 {
        i32::from(self.kept[0]) + i32::from(self.kept[1])
    }

    /// A natural result counts only when no die was rerolled.
    pub fn natural(&self, a: u8, b: u8) -> bool {
        self.reroll.is_none() && self.kept == [a.min(b), a.max(b)]
    }
}

/// Roll two dice (three with an extra die), optionally reroll one die when
/// `want_reroll` says so for the first result, then keep two.
pub fn roll_judged(
    src: &mut dyn DiceSource,
    extra_die: bool,
    keep: Keep,
    want_reroll: &mut dyn FnMut(&[u8]) -> Option<usize>,
) -> Result<RollRecord, DiceError> {
    let mut dice = roll_n(src, if extra_die { 3 } else { 2 })?;
    let rolled = dice.clone();
    let mut reroll = None;
    if let Some(j) = want_reroll(&dice) {
        let v = src.d6()?;
        dice[j] = v;
        reroll = Some((j, v));
    }
    Ok(RollRecord {
        rolled,
        reroll,
        kept: keep_two(&dice, keep),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    #[test]
    fn seeded_dice_are_in_range_and_reproducible() {
        let mut a = RngDice::new(ChaCha8Rng::seed_from_u64(7));
        let mut b = RngDice::new(ChaCha8Rng::seed_from_u64(7));
        let mut counts = [0u32; 6];
        for _ in 0..6000 {
            let x = a.d6().unwrap();
            assert_eq!(x, b.d6().unwrap());
            counts[usize::from(x) - 1] += 1;
        }
        assert!(
            counts.iter().all(|&c| (850..1150).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn typed_dice_check_values_and_run_out() {
        assert_eq!(TypedDice::new(&[7]).unwrap_err(), DiceError::OutOfRange(7));
        let mut t = TypedDice::new(&[3, 4]).unwrap();
        assert_eq!(roll_2d6(&mut t).unwrap(), 7);
        assert_eq!(t.d6().unwrap_err(), DiceError::Exhausted(3));
    }

    #[test]
    fn extra_die_keeps_two_and_reroll_replaces_one() {
        let mut t = TypedDice::new(&[6, 1, 4, 2]).unwrap();
        let r = roll_judged(&mut t, true, Keep::Low, &mut |d| {
            d.iter().position(|&x| x == 6)
        })
        .unwrap();
        assert_eq!(r.rolled, vec![6, 1, 4]);
        assert_eq!(r.reroll, Some((0, 2)));
        assert_eq!(r.kept, [1, 2]);
        assert!(!r.natural(1, 2));
        assert_eq!(keep_two(&[2, 6, 5], Keep::High), [5, 6]);
    }
}
