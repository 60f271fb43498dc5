//! [`grow`](super::grow) for a rectangle square to the table without the
//! polygon offsetting: the same coordinates, bit for bit, worked out the
//! way geo's buffer (i_overlay 4.5, mitred joins) works them out.
//!
//! The offsetting maps the footprint onto an integer grid (the footprint's
//! box widened by the mitre's reach, centred, scaled by a power of two),
//! moves each edge out by the radius in floating point, rounds the moved
//! ends back onto the grid, joins them at the corners and takes the
//! outline of what they enclose. For a rectangle square to the table whose
//! moved edges, corners and crossings all land where a rectangle's would,
//! that outline is the rectangle of the moved edges' grid lines, listed
//! from its top-left corner down and round anticlockwise. [`square`]
//! repeats every rounding step and answers `None` (leaving it to
//! i_overlay) whenever anything is not so: a shape that is no such
//! rectangle, a corner landing off the lines, an edge moved so little or a
//! rectangle shrunk so far that its points come near one another, or a
//! grid scale near its rounding point. The test below compares the two on
//! many rectangles (session 40: a rectangle grown this way is some twenty
//! times cheaper, and the Graph's set-up grows some 380 of them).

use geo::{Coord, LineString, MultiPolygon, Polygon};

/// A point of the integer grid.
type Grid = (i64, i64);

/// i_float's rounding of a float to the grid: half away from zero, then
/// cut to an `i32`.
fn round(v: f64) -> i64 {
    i64::from((v + 0.5f64.copysign(v)) as i32)
}

/// The float-to-grid adapter: the grid's centre and its scale.
struct Adapter {
    ox: f64,
    oy: f64,
    scale: f64,
    inv: f64,
}

impl Adapter {
    fn to_grid(&self, (x, y): (f64, f64)) -> Grid {
        (
            round((x - self.ox) * self.scale),
            round((y - self.oy) * self.scale),
        )
    }

    fn to_float(&self, (x, y): Grid) -> (f64, f64) {
        // The grid's points are `i32`s (checked by `round`'s cut).
        let (x, y) = (f64::from(x as i32), f64::from(y as i32));
        (x * self.inv + self.ox, y * self.inv + self.oy)
    }
}

/// An edge moved out by the radius: its ends on the grid and its
/// direction.
struct Moved {
    a_top: Grid,
    b_top: Grid,
    dir: (f64, f64),
}

/// How far apart, on the grid, the points of the outline must stay for
/// the answer to be the plain rectangle (far wider than any snapping or
/// rounding of the overlay).
const ROOM: i64 = 64;

/// `footprint` grown by `d` as [`grow`](super::grow) grows it, when it is
/// a rectangle square to the table and every check passes; else `None`.
pub(super) fn square(footprint: &Polygon<f64>, d: f64) -> Option<MultiPolygon<f64>> {
    let (x0, y0, x1, y1) = rectangle(footprint)?;
    if !d.is_finite() || d == 0.0 {
        return None;
    }
    let ad = adapter((x0, y0, x1, y1), d)?;
    // The corners anticlockwise (as geo orients an exterior), and each
    // edge moved out (i_overlay moves each edge by minus the distance
    // along its left-hand normal).
    let c = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)].map(|p| ad.to_grid(p));
    let moved: [Moved; 4] = std::array::from_fn(|k| move_edge(&ad, c[k], c[(k + 1) % 4], -d));
    // The grid lines of the bottom, right, top and left edges moved.
    let (yb, xr, yt, xl) = (
        moved[0].a_top.1,
        moved[1].a_top.0,
        moved[2].a_top.1,
        moved[3].a_top.0,
    );
    if moved[0].b_top.1 != yb
        || moved[1].b_top.0 != xr
        || moved[2].b_top.1 != yt
        || moved[3].b_top.0 != xl
        || xl + ROOM >= xr
        || yb + ROOM >= yt
    {
        return None;
    }
    // Where each moved edge runs along its line, low end first.
    let span = [
        (moved[0].a_top.0, moved[0].b_top.0),
        (moved[1].a_top.1, moved[1].b_top.1),
        (moved[2].b_top.0, moved[2].a_top.0),
        (moved[3].b_top.1, moved[3].a_top.1),
    ];
    if span.iter().any(|&(p, q)| p + ROOM >= q) {
        return None;
    }
    // Each side's extent on the other lines: along x for the bottom and
    // top, along y for the right and left.
    let ends = |k: usize| {
        if k.is_multiple_of(2) {
            (xl, xr)
        } else {
            (yb, yt)
        }
    };
    let clear = if d > 0.0 {
        // Grown: each moved edge stops well short of the corners, where
        // the mitres meet on the lines.
        (0..4).all(|k| ends(k).0 + ROOM < span[k].0 && span[k].1 + ROOM < ends(k).1)
            && mitres_on_the_lines(&ad, &moved, [(xr, yb), (xr, yt), (xl, yt), (xl, yb)])
    } else {
        // Shrunk: each moved edge runs well past the lines it crosses.
        (0..4).all(|k| span[k].0 + ROOM < ends(k).0 && ends(k).1 + ROOM < span[k].1)
    };
    if !clear {
        return None;
    }
    let ring = [(xl, yt), (xl, yb), (xr, yb), (xr, yt), (xl, yt)]
        .map(|p| {
            let (x, y) = ad.to_float(p);
            Coord { x, y }
        })
        .to_vec();
    Some(MultiPolygon(vec![Polygon::new(LineString(ring), vec![])]))
}

/// The box of a footprint that is a rectangle square to the table, listed
/// once round (either way, from any corner) and closed: (min x, min y,
/// max x, max y).
fn rectangle(footprint: &Polygon<f64>) -> Option<(f64, f64, f64, f64)> {
    let ring = &footprint.exterior().0;
    if ring.len() != 5 || !footprint.interiors().is_empty() || ring[0] != ring[4] {
        return None;
    }
    let (mut x0, mut y0, mut x1, mut y1) = (ring[0].x, ring[0].y, ring[0].x, ring[0].y);
    for c in &ring[1..4] {
        (x0, y0) = (x0.min(c.x), y0.min(c.y));
        (x1, y1) = (x1.max(c.x), y1.max(c.y));
    }
    let on_corner = |c: &Coord<f64>| (c.x == x0 || c.x == x1) && (c.y == y0 || c.y == y1);
    let distinct = (0..4).all(|i| (i + 1..4).all(|j| ring[i] != ring[j]));
    let square_sides = ring
        .windows(2)
        .all(|w| (w[0].x == w[1].x) != (w[0].y == w[1].y));
    (distinct && square_sides && ring.iter().all(on_corner) && x0 < x1 && y0 < y1)
        .then_some((x0, y0, x1, y1))
}

/// i_overlay's adapter for the rectangle grown by `d` with mitred joins:
/// its box widened by twice the mitre's reach, the grid centred on it and
/// scaled by 2^(29 - log2 of the larger half-side, rounded). `None` when
/// that logarithm lies near its rounding point (where this crate's and
/// i_overlay's log2 might round apart).
fn adapter((x0, y0, x1, y1): (f64, f64, f64, f64), d: f64) -> Option<Adapter> {
    use std::f64::consts::PI;
    // `LineJoin::Miter(0.0)` as i_overlay normalises it and builds its
    // join, for the outer and the inner outline alike.
    let angle = 0.0f64.clamp(0.01 * PI, 0.99 * PI).max(0.01);
    let r = (-d).abs();
    let l = r / (0.5 * angle).tan();
    let reach = 1.1 * (r * r + l * l).sqrt();
    let widen = reach.abs() + reach.abs();
    let (rx0, ry0, rx1, ry1) = (x0 - widen, y0 - widen, x1 + widen, y1 + widen);
    let (a, b) = ((rx1 - rx0) * 0.5, (ry1 - ry0) * 0.5);
    let max = a.max(b);
    if !(max > 0.0 && max.is_finite()) {
        return None;
    }
    let log2 = max.log2();
    if (log2 - log2.floor() - 0.5).abs() < 1e-6 {
        return None;
    }
    let e = 29 - i32::try_from(round(log2)).ok()?;
    Some(Adapter {
        ox: rx0 + a,
        oy: ry0 + b,
        scale: 2f64.powi(e),
        inv: 2f64.powi(-e),
    })
}

/// The edge from grid point `a` to `b` moved by `s` along its left-hand
/// normal, rounded as i_overlay's offset section rounds it.
fn move_edge(ad: &Adapter, a: Grid, b: Grid, s: f64) -> Moved {
    let (af, bf) = (ad.to_float(a), ad.to_float(b));
    let ab = (bf.0 - af.0, bf.1 - af.1);
    let inv_len = 1.0 / (ab.0 * ab.0 + ab.1 * ab.1).sqrt();
    let dir = (ab.0 * inv_len, ab.1 * inv_len);
    let t = (s * -dir.1, s * dir.0);
    Moved {
        a_top: ad.to_grid((af.0 + t.0, af.1 + t.1)),
        b_top: ad.to_grid((bf.0 + t.0, bf.1 + t.1)),
        dir,
    }
}

/// Whether each corner's mitre, worked out as i_overlay works it out (the
/// peak where the two moved edges meet), lands exactly on the corner of
/// the moved lines, `want[k]` for the corner after edge `k`.
fn mitres_on_the_lines(ad: &Adapter, moved: &[Moved; 4], want: [Grid; 4]) -> bool {
    (0..4).all(|k| {
        let (s0, s1) = (&moved[k], &moved[(k + 1) % 4]);
        let (ia, ib) = (s0.b_top, s1.a_top);
        // Square corners only: far from the mitre's limit.
        let dot = s0.dir.0 * s1.dir.0 + s0.dir.1 * s1.dir.1;
        if dot.abs() >= 0.5 {
            return false;
        }
        let (pa, pb) = (ad.to_float(ia), ad.to_float(ib));
        let (va, vb) = (s0.dir, s1.dir);
        let (xx, yy) = (va.0 + vb.0, va.1 + vb.1);
        let t = if xx.abs() > yy.abs() {
            (pb.0 - pa.0) / xx
        } else {
            (pb.1 - pa.1) / yy
        };
        let peak = ad.to_grid((pa.0 + t * va.0, pa.1 + t * va.1));
        peak == want[k] && peak != ia && peak != ib
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo::Buffer;
    use geo::algorithm::buffer::{BufferStyle, LineJoin};
    use proptest::prelude::*;

    /// What i_overlay answers.
    fn overlay(footprint: &Polygon<f64>, d: f64) -> MultiPolygon<f64> {
        footprint.buffer_with_style(BufferStyle::new(d).line_join(LineJoin::Miter(0.0)))
    }

    /// Bit for bit.
    fn bits(m: &MultiPolygon<f64>) -> Vec<Vec<(u64, u64)>> {
        m.0.iter()
            .map(|p| {
                assert!(p.interiors().is_empty());
                let ring = p.exterior().0.iter();
                ring.map(|c| (c.x.to_bits(), c.y.to_bits())).collect()
            })
            .collect()
    }

    /// A rectangle listed from corner `from`, anticlockwise or not.
    fn rect(x0: f64, y0: f64, w: f64, h: f64, from: usize, clockwise: bool) -> Polygon<f64> {
        let mut pts = vec![(x0, y0), (x0 + w, y0), (x0 + w, y0 + h), (x0, y0 + h)];
        pts.rotate_left(from);
        if clockwise {
            pts.reverse();
        }
        pts.push(pts[0]);
        Polygon::new(LineString::from(pts), vec![])
    }

    /// The table's own rectangles and radii: the fast way answers, and
    /// alike.
    #[test]
    fn a_table_rectangle_grows_as_i_overlay_grows_it() {
        let f = rect(2.0, 13.25, 2.0, 3.5, 0, false);
        for d in [0.501, 0.498, -0.499, -0.5, 0.5, 1.0] {
            let fast = square(&f, d).expect("a plain rectangle");
            assert_eq!(bits(&fast), bits(&overlay(&f, d)), "grown by {d}");
        }
    }

    /// What is no rectangle square to the table is left to i_overlay, and
    /// so is a rectangle shrunk to nothing.
    #[test]
    fn others_are_left_to_i_overlay() {
        let tri = Polygon::new(
            LineString::from(vec![(0.0, 0.0), (2.0, 0.0), (1.0, 2.0)]),
            vec![],
        );
        assert!(square(&tri, 0.5).is_none());
        assert!(square(&rect(1.0, 1.0, 0.8, 3.0, 0, false), -0.5).is_none());
        assert!(square(&rect(1.0, 1.0, 2.0, 3.0, 0, false), 0.0).is_none());
    }

    /// Where the checks matter: rectangles far from the origin, thin, or
    /// scaled far down, where an edge moved a little lands on the grid
    /// line beside the one a plain rectangle's would (found by review,
    /// session 40: without `ROOM`, or without the mitres' check, these
    /// answered otherwise than i_overlay).
    #[test]
    fn near_the_grids_limits_it_answers_alike_or_not_at_all() {
        let thin = rect(598_774.10, 54.772, 0.07, 0.001, 0, false);
        let scale = 2f64.powi(-538);
        let tiny = rect(
            2.0 * scale,
            13.25 * scale,
            2.0 * scale,
            3.5 * scale,
            0,
            false,
        );
        for (f, d) in [(&thin, 0.037), (&thin, -0.0004), (&tiny, 0.5 * scale)] {
            if let Some(fast) = square(f, d) {
                assert_eq!(bits(&fast), bits(&overlay(f, d)), "grown by {d}");
            }
        }
    }

    /// Rectangles spread over many scales (offsets to a million inches,
    /// sides from a ten-thousandth to ten thousand, radii from a
    /// hundred-thousandth to a thousand, grown and shrunk): wherever the
    /// fast way answers it answers alike, and it does answer for most of
    /// the table-sized ones, so the comparison is never empty.
    #[test]
    fn across_scales_it_answers_alike() {
        use rand_chacha::ChaCha8Rng;
        use rand_core::{RngCore, SeedableRng};
        let mut rng = ChaCha8Rng::seed_from_u64(40);
        let mut unit = move || (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let (mut answered, mut table_sized, mut table_answered) = (0, 0, 0);
        for k in 0..6000 {
            let log = |u: f64, lo: f64, hi: f64| 10f64.powf(lo + u * (hi - lo));
            let sign = |u: f64| if u < 0.5 { -1.0 } else { 1.0 };
            let small = k % 2 == 0;
            let (x0, y0) = if small {
                (40.0 * unit(), 40.0 * unit())
            } else {
                (
                    sign(unit()) * log(unit(), -3.0, 6.0),
                    sign(unit()) * log(unit(), -3.0, 6.0),
                )
            };
            let (w, h) = if small {
                (0.25 + 10.0 * unit(), 0.25 + 10.0 * unit())
            } else {
                (log(unit(), -4.0, 4.0), log(unit(), -4.0, 4.0))
            };
            let d = sign(unit())
                * if small {
                    1.5 * unit()
                } else {
                    log(unit(), -5.0, 3.0)
                };
            let f = rect(x0, y0, w, h, k % 4, k % 3 == 0);
            if let Some(fast) = square(&f, d) {
                assert_eq!(bits(&fast), bits(&overlay(&f, d)), "{f:?} grown by {d}");
                answered += 1;
                table_answered += usize::from(small);
            }
            table_sized += usize::from(small);
        }
        assert!(answered > 0);
        assert!(
            table_answered * 2 > table_sized,
            "{table_answered} of {table_sized} table-sized rectangles answered"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        /// Wherever the fast way answers, it answers what i_overlay does:
        /// on the quarter-inch grid the tables use, on a finer one, and
        /// anywhere, grown or shrunk, by the radii bases have and others.
        #[test]
        fn the_fast_way_answers_what_i_overlay_does(
            x0 in -2.0..38.0f64, y0 in -2.0..38.0f64, w in 0.25..10.0f64, h in 0.25..10.0f64,
            grid in prop::sample::select(vec![4.0, 1000.0, 0.0]),
            d in prop_oneof![
                prop::sample::select(vec![0.501, 0.498, -0.499, -0.5, 0.5, 1.001, 0.998, -0.999, 0.626, -0.624]),
                -1.5..1.5f64,
            ],
            from in 0..4usize, clockwise: bool,
        ) {
            let q = |v: f64| if grid > 0.0 { (v * grid).round() / grid } else { v };
            let f = rect(q(x0), q(y0), q(w).max(0.25), q(h).max(0.25), from, clockwise);
            if let Some(fast) = square(&f, d) {
                prop_assert_eq!(bits(&fast), bits(&overlay(&f, d)));
            }
        }
    }
}
