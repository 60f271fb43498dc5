//! The shared shadows ([`Shadows`]) give every ray the answer of the plain
//! per-ray computation ([`Blocker::blocks`]), and a sight check the answer
//! of the plain check (and the visible-only check its `visible`), on
//! generated dense tables with bodies of any size anywhere: on the ground
//! or on roofs, inside pieces, on the grid of the pieces' edges (rays
//! along an edge), or on one spot; and on an open table.

use proptest::prelude::*;

use super::{Look, Ray, SIDEWAYS, Shadows, SightMemo};
use crate::generate::generate;
use crate::table::{Body, Level, Place, Table};

/// One body from a random pick: where (a fraction of the table, snapped to
/// a half-inch grid when `snap`), on which surface, base and height.
type Pick = ((f64, f64), bool, Option<usize>, (f64, f64));

fn body(table: &Table, &((x, y), snap, roof, (base, height)): &Pick) -> Body {
    let (mut x, mut y) = (x * table.size, y * table.size);
    if snap {
        (x, y) = ((x * 2.0).round() / 2.0, (y * 2.0).round() / 2.0);
    }
    let roofs: Vec<usize> = (table.pieces.iter().enumerate())
        .filter(|(_, p)| p.kind.surface().is_some())
        .map(|(i, _)| i)
        .collect();
    let level = match roof {
        Some(r) if !roofs.is_empty() => Level::Roof(roofs[r % roofs.len()]),
        _ => Level::Ground,
    };
    Body {
        at: Place { x, y, level },
        base,
        height,
    }
}

/// Every ray of every check between two of `bodies` (the rest standing by)
/// is judged alike by the shadows and by the plain computation, and so is
/// the check.
fn check(table: &Table, bodies: &[Body]) -> Result<(), TestCaseError> {
    for (i, shooter) in bodies.iter().enumerate() {
        for (j, target) in bodies.iter().enumerate() {
            if i == j {
                continue;
            }
            let others: Vec<Body> = (bodies.iter().enumerate())
                .filter(|&(k, _)| k != i && k != j)
                .map(|(_, &b)| b)
                .collect();
            let look = Look::new(table, shooter, target, &others);
            let plain = look.judge(|_, _, b, ray| b.blocks(ray));
            prop_assert_eq!(table.sight(shooter, target, &others), plain);
            prop_assert_eq!(table.sees(shooter, target, &others), plain.visible);
            // Asked twice: worked out, then from the memo.
            let memo = SightMemo::default();
            for _ in 0..2 {
                let remembered = table.sight_if_seen(&memo, shooter, target, &others);
                prop_assert_eq!(remembered, plain.visible.then_some(plain));
            }
            // The cheap answer remembered first, then the whole check asked
            // with it in the memo, then the cheap one again.
            let memo = SightMemo::default();
            for _ in 0..2 {
                prop_assert_eq!(
                    table.sees_with(&memo, shooter, target, &others),
                    plain.visible
                );
            }
            let remembered = table.sight_if_seen(&memo, shooter, target, &others);
            prop_assert_eq!(remembered, plain.visible.then_some(plain));
            prop_assert_eq!(
                table.sees_with(&memo, shooter, target, &others),
                plain.visible
            );
            let mut shadows = Shadows::new(look.shadow_lines(), look.blockers.len());
            for (p, &to) in look.points.iter().enumerate() {
                for (e, &from) in look.eyes.iter().enumerate() {
                    let ray = Ray { from, to };
                    let s = e * SIDEWAYS.len() + p % SIDEWAYS.len();
                    for (k, (b, _)) in look.blockers.iter().enumerate() {
                        prop_assert_eq!(shadows.blocks(s, k, b, &ray), b.blocks(&ray));
                    }
                }
            }
        }
    }
    Ok(())
}

fn pick() -> impl Strategy<Value = Pick> {
    (
        (0.0f64..1.0, 0.0f64..1.0),
        proptest::bool::weighted(0.3),
        proptest::option::weighted(0.3, 0usize..64),
        (0.5f64..3.0, 0.3f64..4.0),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The shared shadows answer as the plain rays do.
    #[test]
    fn shadows_are_the_plain_rays(
        seed in 0u64..1000,
        picks in proptest::collection::vec(pick(), 2..7),
    ) {
        let dense = generate(seed, 36.0);
        let bodies: Vec<Body> = picks.iter().map(|p| body(&dense, p)).collect();
        check(&dense, &bodies)?;
    }
}

/// A model over another on one spot, and rays along the edges of a piece:
/// the same answers.
#[test]
fn shadows_on_one_spot_and_along_edges() -> Result<(), TestCaseError> {
    let dense = generate(7, 36.0);
    let mut bodies = vec![];
    for piece in dense.pieces.iter().take(20) {
        let [x0, y0, x1, y1] = crate::table::bounds(&piece.footprint);
        for (x, y) in [(x0, y0), (x1, y0), (x0, y1), (x1, y1)] {
            bodies.push(Body::new(Place::ground(x, y)));
        }
    }
    for pair in bodies.chunks(4) {
        check(&dense, pair)?;
    }
    let one = Body::new(Place::ground(10.0, 10.0));
    check(&dense, &[one, one, Body::new(Place::ground(10.0, 12.0))])?;
    // An open table: no blocker at all, then only the models' bases.
    let open = Table::new(28.0, vec![]).unwrap();
    let (a, b) = (Place::ground(4.0, 4.0), Place::ground(20.0, 20.0));
    prop_assert!(open.sees(&Body::new(a), &Body::new(b), &[]));
    check(&open, &[Body::new(a), Body::new(b)])?;
    check(
        &open,
        &[
            Body::new(a),
            Body::new(b),
            Body::new(Place::ground(12.0, 12.0)),
        ],
    )
}

/// The cuts of a line with a footprint's edges, as the sight checks work
/// them out (edges surely beside the line skipped, sure crossings computed
/// without geo's exact tests), and as geo's `line_intersection` gives
/// them: the same numbers bit for bit.
fn same_cuts(poly: &geo::Polygon<f64>, line: &geo::Line<f64>) -> Result<(), TestCaseError> {
    let (mut fast, mut plain) = (vec![], vec![]);
    super::cuts(poly, line, |t| fast.push(t.to_bits()));
    super::cuts_plain(poly, line, |t| plain.push(t.to_bits()));
    prop_assert_eq!(fast, plain, "{:?} {:?}", poly, line);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Lines anywhere (their ends on a fine grid or not, so some run along
    /// edges or through corners) against the pieces of a dense table and a
    /// model's base: the same cuts as geo's.
    #[test]
    fn cuts_are_geos(
        seed in 0u64..1000,
        ends in proptest::collection::vec(((0.0f64..36.0, 0.0f64..36.0), (0.0f64..36.0, 0.0f64..36.0), proptest::bool::ANY), 8),
    ) {
        let dense = generate(seed, 36.0);
        let base = super::base_polygon(18.0, 18.0, 3.0);
        for ((x0, y0), (x1, y1), snap) in ends {
            let r = |v: f64| if snap { (v * 4.0).round() / 4.0 } else { v };
            let line = geo::Line::new(
                geo::Coord { x: r(x0), y: r(y0) },
                geo::Coord { x: r(x1), y: r(y1) },
            );
            same_cuts(&base, &line)?;
            for piece in &dense.pieces {
                same_cuts(&piece.footprint, &line)?;
            }
            // Its ends and middle inside the footprints or not, as geo says.
            let middle = line.start + line.delta() * 0.5;
            for c in [line.start, line.end, middle] {
                let all = dense.pieces.iter().map(|p| &p.footprint);
                for poly in std::iter::once(&base).chain(all) {
                    prop_assert_eq!(
                        super::contains(poly, c),
                        geo::Contains::contains(poly, &geo::Point::from(c)),
                        "{:?} {:?}", poly, c
                    );
                }
            }
        }
    }
}

/// A line whose end lies on an edge's line, or a few hairs off it (on a
/// triangle with corners on a quarter-inch grid, where the crossing point
/// does not come out exact): the sight checks leave it to geo, and the
/// cuts are geo's, in either direction along the line. Without that care
/// the first case below gave a cut at t = −0 that geo does not find.
#[test]
fn a_line_ending_on_an_edge_is_cut_as_geo_cuts_it() {
    let poly = geo::Polygon::new(
        geo::LineString::from(vec![(0.0, 28.5), (0.5, 28.25), (0.0, 0.0), (0.0, 28.5)]),
        vec![],
    );
    // A quarter of the way along the first edge, then nudged by ulps.
    let on = (0.125_f64, 28.4375_f64);
    let mut starts = vec![(0.124_999_999_999_999_99, 28.4375), on];
    for ulps in 1..=3_u64 {
        for f in [
            |v: f64, u: u64| f64::from_bits(v.to_bits() + u),
            |v: f64, u: u64| f64::from_bits(v.to_bits() - u),
        ] {
            starts.push((f(on.0, ulps), on.1));
            starts.push((on.0, f(on.1, ulps)));
        }
    }
    for (x, y) in starts {
        let (a, b) = (geo::Coord { x, y }, geo::Coord { x: 0.0, y: 0.0 });
        for line in [geo::Line::new(a, b), geo::Line::new(b, a)] {
            same_cuts(&poly, &line).unwrap();
        }
    }
}
