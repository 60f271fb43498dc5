//! Where a straight line crosses a footprint: the stretches of a ray's
//! flat shadow inside a polygon, and the quick tests behind them (which
//! side of a line a point is surely on, a crossing worked out as geo works
//! it out when that test is sure, a point inside a polygon), each falling
//! back to geo itself whenever it is not sure.

use geo::algorithm::line_intersection::{LineIntersection, line_intersection};
use geo::{Contains, Coord, Line, Point, Polygon};

/// Parameter along `ray` of a point on it.
pub(super) fn param(ray: &Line<f64>, c: Coord<f64>) -> f64 {
    let d = ray.delta();
    let len2 = d.x * d.x + d.y * d.y;
    if len2 == 0.0 {
        0.0
    } else {
        ((c.x - ray.start.x) * d.x + (c.y - ray.start.y) * d.y) / len2
    }
}

/// The stretches of `line` (as parameters from 0 to 1) that lie inside
/// `poly`: the crossings with its edges (`geo::line_intersection`) cut the
/// line, and each piece whose middle lies inside is kept.
pub(crate) fn stretches(poly: &Polygon<f64>, line: &Line<f64>) -> Vec<(f64, f64)> {
    let mut ts = vec![0.0, 1.0];
    cuts(poly, line, |t| ts.push(t));
    ts.sort_by(f64::total_cmp);
    let at = |t: f64| Point::from(line.start + line.delta() * t);
    let mut out: Vec<(f64, f64)> = vec![];
    for w in ts.windows(2) {
        let (t0, t1) = (w[0].clamp(0.0, 1.0), w[1].clamp(0.0, 1.0));
        if t1 - t0 < 1e-9 || !poly.contains(&at((t0 + t1) / 2.0)) {
            continue;
        }
        match out.last_mut() {
            Some(last) if (last.1 - t0).abs() < 1e-9 => last.1 = t1,
            _ => out.push((t0, t1)),
        }
    }
    out
}

/// On which side of `line` the point `c` surely lies: 1 or −1, or 0 when
/// it lies on the line or too near it to say without exact arithmetic (the
/// rounding error of the cross product is far below the margin). Two ends
/// of an edge surely on one side are what `line_intersection`'s exact
/// orientation test turns away, so such an edge is skipped without it.
pub(super) fn beside(line: &Line<f64>, c: Coord<f64>) -> i32 {
    let (a, b) = (line.start, line.end);
    let left = (a.x - c.x) * (b.y - c.y);
    let right = (a.y - c.y) * (b.x - c.x);
    let det = left - right;
    let margin = 1e-12 * (left.abs() + right.abs());
    if det > margin {
        1
    } else if det < -margin {
        -1
    } else {
        0
    }
}

/// Whether `poly` contains `c` (inside it, not on its edge), as geo's
/// `Contains` says: for a footprint without holes, by geo's own winding
/// rule (`coord_pos_relative_to_ring`) with the plain orientation test
/// where it is sure of the sign ([`beside`]; it agrees with geo's exact
/// one then); a point too near an edge's line to say is left to geo.
pub(super) fn contains(poly: &Polygon<f64>, c: Coord<f64>) -> bool {
    if poly.interiors().is_empty() && poly.exterior().0.len() >= 2 {
        let mut winding = 0;
        let mut sure = true;
        for edge in poly.exterior().lines() {
            // An upward edge counts from its start, up to but not at its
            // end; a downward one the other way round; a flat one not at
            // all.
            if edge.start.y <= c.y {
                if edge.end.y >= c.y {
                    match beside(&edge, c) {
                        1 if edge.end.y != c.y => winding += 1,
                        0 => sure = false,
                        _ => {}
                    }
                }
            } else if edge.end.y <= c.y {
                match beside(&edge, c) {
                    -1 => winding -= 1,
                    0 => sure = false,
                    _ => {}
                }
            }
            if !sure {
                break;
            }
        }
        if sure {
            return winding != 0;
        }
    }
    poly.contains(&Point::from(c))
}

/// The parameters along `line` where it crosses the edges of `poly` (both
/// ends of an edge it runs along), each given to `put`.
pub(super) fn cuts(poly: &Polygon<f64>, line: &Line<f64>, put: impl FnMut(f64)) {
    cuts_with(poly, line, true, put);
}

/// [`cuts`] without skipping the edges surely beside the line: the plain
/// computation, kept to check it against.
#[cfg(test)]
pub(super) fn cuts_plain(poly: &Polygon<f64>, line: &Line<f64>, put: impl FnMut(f64)) {
    cuts_with(poly, line, false, put);
}

/// [`cuts`], only when `skip` skipping the edges whose two ends surely lie
/// on one side of the line (geo's exact test would turn them away) and
/// working out a sure crossing itself ([`crossing`]); without `skip`, every
/// edge asked of geo's `line_intersection`.
pub(super) fn cuts_with(
    poly: &Polygon<f64>,
    line: &Line<f64>,
    skip: bool,
    mut put: impl FnMut(f64),
) {
    // The side of an edge's start is that of the last edge's end (the
    // same corner), so each corner is judged once.
    let mut last_end: Option<i32> = None;
    for edge in poly.exterior().lines() {
        if skip {
            let start = last_end.unwrap_or_else(|| beside(line, edge.start));
            let end = beside(line, edge.end);
            last_end = Some(end);
            if start * end > 0 {
                continue;
            }
            // The edge's ends surely on either side of the line: where the
            // line's ends lie beside the edge decides the rest, as it does
            // in `line_intersection` (`crossing`).
            if start * end < 0 {
                match crossing(line, &edge) {
                    Crossing::None => continue,
                    Crossing::At(c) => {
                        put(param(line, c));
                        continue;
                    }
                    Crossing::Unsure => {}
                }
            }
        }
        match line_intersection(*line, edge) {
            Some(LineIntersection::SinglePoint { intersection, .. }) => {
                put(param(line, intersection));
            }
            Some(LineIntersection::Collinear { intersection }) => {
                put(param(line, intersection.start));
                put(param(line, intersection.end));
            }
            None => {}
        }
    }
}

/// What [`crossing`] makes of a line and an edge.
pub(super) enum Crossing {
    /// They surely do not meet: `line_intersection` finds nothing.
    None,
    /// They surely cross at one point, inside both: this is the point
    /// `line_intersection` finds.
    At(Coord<f64>),
    /// Too near a touch to say without exact arithmetic: ask
    /// `line_intersection`.
    Unsure,
}

/// Where `line` crosses `edge`, whose two ends lie surely on either side of
/// the line ([`beside`]), as `geo::line_intersection(*line, *edge)` (geo
/// 0.33) finds it, but with the plain orientation tests of [`beside`]
/// where they are sure of the sign (geo's exact tests agree then):
/// - the line's ends surely on one side of the edge: no meeting;
/// - surely on either side: a proper crossing, computed as geo's
///   `raw_line_intersection` computes it, step for step, and kept when the
///   point lies in both segments' boxes, as geo keeps it;
/// - anything else (an end on or too near the edge's line, a point that
///   is not finite or lies outside a box, where geo takes the nearest end)
///   is left to geo. No test reaches the last two: with the margins of
///   [`beside`] they are guards, not a path a table takes.
///
/// `cuts_are_geos` and `a_line_ending_on_an_edge_is_cut_as_geo_cuts_it`
/// in `sight/tests.rs` check the cuts against geo's, bit for bit.
pub(super) fn crossing(line: &Line<f64>, edge: &Line<f64>) -> Crossing {
    let side = beside(edge, line.start) * beside(edge, line.end);
    if side > 0 {
        return Crossing::None;
    }
    if side == 0 {
        return Crossing::Unsure;
    }
    let (p, q) = (line, edge);
    // Both segments moved so the middle of their boxes' overlap is at the
    // origin, as geo does to keep the products small.
    let int_min_x = p.start.x.min(p.end.x).max(q.start.x.min(q.end.x));
    let int_max_x = p.start.x.max(p.end.x).min(q.start.x.max(q.end.x));
    let int_min_y = p.start.y.min(p.end.y).max(q.start.y.min(q.end.y));
    let int_max_y = p.start.y.max(p.end.y).min(q.start.y.max(q.end.y));
    let mid_x = (int_min_x + int_max_x) / 2.0;
    let mid_y = (int_min_y + int_max_y) / 2.0;
    let (p1x, p1y) = (p.start.x - mid_x, p.start.y - mid_y);
    let (p2x, p2y) = (p.end.x - mid_x, p.end.y - mid_y);
    let (q1x, q1y) = (q.start.x - mid_x, q.start.y - mid_y);
    let (q2x, q2y) = (q.end.x - mid_x, q.end.y - mid_y);
    let (px, py, pw) = (p1y - p2y, p2x - p1x, p1x * p2y - p2x * p1y);
    let (qx, qy, qw) = (q1y - q2y, q2x - q1x, q1x * q2y - q2x * q1y);
    let xw = py * qw - qy * pw;
    let yw = qx * pw - px * qw;
    let w = px * qy - qx * py;
    let (x, y) = (xw / w, yw / w);
    if !x.is_finite() || !y.is_finite() {
        return Crossing::Unsure;
    }
    let c = Coord {
        x: x + mid_x,
        y: y + mid_y,
    };
    let within = |l: &Line<f64>| {
        c.x >= l.start.x.min(l.end.x)
            && c.x <= l.start.x.max(l.end.x)
            && c.y >= l.start.y.min(l.end.y)
            && c.y <= l.start.y.max(l.end.y)
    };
    if within(p) && within(q) {
        Crossing::At(c)
    } else {
        Crossing::Unsure
    }
}

/// Whether some stretch of `line` inside `poly` ([`stretches`]) satisfies
/// `keep`, without building the list: the pieces between cuts are judged
/// one by one (a stretch [`stretches`] joins from touching pieces is kept
/// when one of them is; `keep` must be such a test, as a height range
/// meeting the prism's is), the cheap `keep` before the inside test. The
/// plain per-ray computation [`Shadows`] shares between rays, kept to check
/// it against.
#[cfg(test)]
pub(super) fn any_stretch(
    poly: &Polygon<f64>,
    line: &Line<f64>,
    keep: impl Fn(f64, f64) -> bool,
) -> bool {
    /// Cuts held on the stack; a polygon with more edges takes the long way.
    const ROOM: usize = 48;
    if 2 * poly.exterior().0.len() + 2 > ROOM {
        return stretches(poly, line).iter().any(|&(t0, t1)| keep(t0, t1));
    }
    let mut ts = [0.0_f64; ROOM];
    ts[1] = 1.0;
    let mut n = 2;
    cuts_plain(poly, line, |t| {
        ts[n] = t;
        n += 1;
    });
    let ts = &mut ts[..n];
    ts.sort_unstable_by(f64::total_cmp);
    let at = |t: f64| Point::from(line.start + line.delta() * t);
    ts.windows(2).any(|w| {
        let (t0, t1) = (w[0].clamp(0.0, 1.0), w[1].clamp(0.0, 1.0));
        t1 - t0 >= 1e-9 && keep(t0, t1) && poly.contains(&at((t0 + t1) / 2.0))
    })
}
