//! The number kinds the volley solver counts in: exact fractions, `i128` over a common denominator, and 256-bit integers when that does not fit.

use super::*;

/// Numbers the volley solver counts with: an integer numerator over one
/// common denominator for the whole query (every chance in the game has a
/// denominator built from 6, 36, 216 and the Dispel roll's 12), in `i128`
/// when it fits, else in 256 bits (`U256`), exact fractions as a last
/// resort. All are exact, so the decisions and the results are the same.
pub(super) trait Num:
    Copy + PartialOrd + std::ops::Add<Output = Self> + std::ops::Sub<Output = Self>
{
    fn nil() -> Self;
    /// `self / d`, exact (for integers, the scheme makes it divide).
    fn div_int(self, d: i128) -> Self;
    fn mul_int(self, m: i128) -> Self;
    /// The probability, `one` being the value of certainty.
    fn ratio(self, one: Self) -> Prob;
    /// `self * num / den`.
    fn scale(self, num: i128, den: i128) -> Self {
        if num == den {
            self
        } else {
            self.div_int(den).mul_int(num)
        }
    }
}

impl Num for i128 {
    fn nil() -> Self {
        0
    }
    fn div_int(self, d: i128) -> Self {
        exact_div(self, d)
    }
    fn mul_int(self, m: i128) -> Self {
        self * m
    }
    fn ratio(self, one: Self) -> Prob {
        Ratio::new(self, one)
    }
}

impl Num for Prob {
    fn nil() -> Self {
        <Prob as Zero>::zero()
    }
    fn div_int(self, d: i128) -> Self {
        self / d
    }
    fn mul_int(self, m: i128) -> Self {
        self * m
    }
    fn ratio(self, _one: Self) -> Prob {
        self
    }
}

/// Inverse of an odd `m` modulo 2^128 (Newton's iteration, each step
/// doubles the correct low bits: 3, 6, ..., 192).
pub(super) const fn odd_inverse(m: i128) -> i128 {
    let mut inv = m;
    let mut k = 0;
    while k < 6 {
        inv = inv.wrapping_mul(2i128.wrapping_sub(m.wrapping_mul(inv)));
        k += 1;
    }
    inv
}

/// `x / d` for a positive `d` that divides `x`: a shift for the power of
/// two in `d` and a multiplication by the inverse of its odd part (every
/// denominator here is `2^a * 3^b`), much cheaper than a 128-bit division.
pub(super) fn exact_div(x: i128, d: i128) -> i128 {
    const INV3: i128 = odd_inverse(3);
    const INV9: i128 = odd_inverse(9);
    const INV27: i128 = odd_inverse(27);
    debug_assert!(d > 0 && x % d == 0, "{x} / {d}");
    let k = d.trailing_zeros();
    let shifted = x >> k;
    match d >> k {
        1 => shifted,
        3 => shifted.wrapping_mul(INV3),
        9 => shifted.wrapping_mul(INV9),
        27 => shifted.wrapping_mul(INV27),
        m => shifted.wrapping_mul(odd_inverse(m)),
    }
}

/// An unsigned 256-bit integer for the volleys whose common denominator
/// does not fit in `i128` (three shots with three dice and every play,
/// charge and Dispel: about 2^141); only what the solver needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct U256 {
    pub(super) hi: u128,
    pub(super) lo: u128,
}

impl U256 {
    pub(super) const ZERO: U256 = U256 { hi: 0, lo: 0 };

    pub(super) fn from_u128(x: u128) -> U256 {
        U256 { hi: 0, lo: x }
    }

    pub(super) fn limbs(self) -> [u64; 4] {
        [
            self.lo as u64,
            (self.lo >> 64) as u64,
            self.hi as u64,
            (self.hi >> 64) as u64,
        ]
    }

    pub(super) fn from_limbs(l: [u64; 4]) -> U256 {
        U256 {
            lo: u128::from(l[0]) | (u128::from(l[1]) << 64),
            hi: u128::from(l[2]) | (u128::from(l[3]) << 64),
        }
    }

    /// `self * m`, or `None` when it does not fit.
    pub(super) fn checked_mul_small(self, m: u128) -> Option<U256> {
        let a = self.limbs();
        let b = [m as u64, (m >> 64) as u64];
        let mut r = [0u64; 6];
        for (j, &bj) in b.iter().enumerate() {
            let mut carry = 0u128;
            for (i, &ai) in a.iter().enumerate() {
                let t = u128::from(ai) * u128::from(bj) + u128::from(r[i + j]) + carry;
                r[i + j] = t as u64;
                carry = t >> 64;
            }
            r[j + 4] = carry as u64;
        }
        (r[4] == 0 && r[5] == 0).then(|| U256::from_limbs([r[0], r[1], r[2], r[3]]))
    }

    /// `(self / d, self % d)` for `0 < d < 2^64`.
    pub(super) fn divrem_small(self, d: u64) -> (U256, u64) {
        let a = self.limbs();
        let d = u128::from(d);
        let mut q = [0u64; 4];
        let mut r = 0u128;
        for i in (0..4).rev() {
            let cur = (r << 64) | u128::from(a[i]);
            q[i] = (cur / d) as u64;
            r = cur % d;
        }
        (U256::from_limbs(q), r as u64)
    }

    pub(super) fn to_i128(self) -> i128 {
        assert!(
            self.hi == 0 && self.lo <= i128::MAX as u128,
            "an exact chance does not fit in i128"
        );
        self.lo as i128
    }
}

impl std::ops::Add for U256 {
    type Output = U256;
    fn add(self, o: U256) -> U256 {
        let (lo, carry) = self.lo.overflowing_add(o.lo);
        U256 {
            lo,
            hi: self.hi + o.hi + u128::from(carry),
        }
    }
}

impl std::ops::Sub for U256 {
    type Output = U256;
    fn sub(self, o: U256) -> U256 {
        let (lo, borrow) = self.lo.overflowing_sub(o.lo);
        U256 {
            lo,
            hi: self.hi - o.hi - u128::from(borrow),
        }
    }
}

impl Num for U256 {
    fn nil() -> Self {
        U256::ZERO
    }
    fn div_int(self, d: i128) -> Self {
        let (q, r) = self.divrem_small(d as u64);
        debug_assert!(r == 0 && d > 0 && d <= i128::from(u64::MAX));
        q
    }
    fn mul_int(self, m: i128) -> Self {
        self.checked_mul_small(m as u128)
            .expect("no number exceeds the common denominator")
    }
    fn ratio(self, one: Self) -> Prob {
        // The common denominator is 2^a * 3^b (see `layout`).
        let (mut x, mut d) = (self, one);
        for f in [2, 3] {
            while x.divrem_small(f).1 == 0 && d.divrem_small(f).1 == 0 {
                x = x.divrem_small(f).0;
                d = d.divrem_small(f).0;
            }
        }
        Ratio::new(x.to_i128(), d.to_i128())
    }
}
