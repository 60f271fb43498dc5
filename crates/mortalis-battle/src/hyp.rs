//! The length of a vector as `sqrt(x² + y²)`: the table's lengths are
//! inches (never near overflow), and the library `hypot`, careful about
//! overflow, took a twentieth of a battle's time.

/// `x.hyp(y)`: the length of (x, y).
pub(crate) trait Hyp {
    fn hyp(self, y: Self) -> Self;
}

impl Hyp for f64 {
    #[inline]
    fn hyp(self, y: f64) -> f64 {
        (self * self + y * y).sqrt()
    }
}

impl Hyp for f32 {
    #[inline]
    fn hyp(self, y: f32) -> f32 {
        (self * self + y * y).sqrt()
    }
}
