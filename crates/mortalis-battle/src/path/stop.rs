//! A footprint that stops a base, grown by the base's radius: the grown
//! polygon (mitred, its corners are the path graph's nodes), its box, and
//! the exact test for the slides it meets only in a square corner (rulings
//! "Standing by a corner" and "Passing a corner", docs/mortalis/battle.md).

use geo::algorithm::buffer::{BufferStyle, LineJoin};
use geo::{BoundingRect, Buffer, Coord, Intersects, Line, MultiPolygon, Point, Polygon, Rect};

use crate::table::segment_meets_box;

mod square;

/// A footprint that stops bases, grown by the radius, with its bounding box.
#[derive(Clone)]
pub(super) struct Stop {
    grown: Vec<Polygon<f64>>,
    rect: Rect<f64>,
    /// A model's base: a disc (centre, radius already grown), exact.
    disc: Option<(Point<f64>, f64)>,
    /// The footprint and the radius it is grown by: the exact test for a
    /// slide the grown polygon meets only in a square corner, where a base
    /// is clear of the footprint though the grown polygon holds it
    /// ([`Stop::clear_exactly`]).
    shape: Option<(Polygon<f64>, f64)>,
    /// For a footprint that is a rectangle square to the table: the two
    /// strips of the grown shape without its corners (the rectangle
    /// stretched by the radius along each axis, a hair short). A slide
    /// meeting either comes nearer the footprint than the radius, so it is
    /// stopped without the exact test ([`Stop::clear_exactly`]).
    cross: Option<[[f64; 4]; 2]>,
}

impl Stop {
    pub(super) fn new(footprint: &Polygon<f64>, radius: f64) -> Option<Self> {
        Stop::grown_by(footprint, radius, grow(footprint, radius).0)
    }

    /// [`Stop::new`] with the footprint already grown by `radius`
    /// ([`grow`]): `None` when that left nothing.
    pub(super) fn grown_by(
        footprint: &Polygon<f64>,
        radius: f64,
        grown: Vec<Polygon<f64>>,
    ) -> Option<Self> {
        let rect = grown
            .iter()
            .filter_map(BoundingRect::bounding_rect)
            .reduce(|a, b| {
                Rect::new(
                    Coord {
                        x: a.min().x.min(b.min().x),
                        y: a.min().y.min(b.min().y),
                    },
                    Coord {
                        x: a.max().x.max(b.max().x),
                        y: a.max().y.max(b.max().y),
                    },
                )
            })?;
        Some(Stop {
            grown,
            rect,
            disc: None,
            shape: Some((footprint.clone(), radius)),
            cross: cross(footprint, radius),
        })
    }

    /// A round base of radius `base` at `c`, grown by `radius`.
    pub(super) fn disc(c: Point<f64>, base: f64, radius: f64) -> Self {
        let r = base + radius;
        let rect = Rect::new(
            Coord {
                x: c.x() - r,
                y: c.y() - r,
            },
            Coord {
                x: c.x() + r,
                y: c.y() + r,
            },
        );
        Stop {
            grown: vec![],
            rect,
            disc: Some((c, r)),
            shape: None,
            cross: None,
        }
    }

    /// Whether a base sliding along `line` (whose bounding box is `bb`,
    /// [`line_box`]) crosses it.
    pub(super) fn hits(&self, line: &Line<f64>, bb: &[f64; 4]) -> bool {
        use geo::{Distance, Euclidean};
        let (lo, hi) = (self.rect.min(), self.rect.max());
        bb[0] <= hi.x
            && bb[2] >= lo.x
            && bb[1] <= hi.y
            && bb[3] >= lo.y
            && match self.disc {
                Some((c, r)) => Euclidean.distance(line, &c) < r,
                None => {
                    let (a, b) = (line.start.x_y(), line.end.x_y());
                    segment_meets_box(a, b, [lo.x, lo.y, hi.x, hi.y])
                        && (self.meets_strips(a, b)
                            || self.grown.iter().any(|g| g.intersects(line))
                                && !self.clear_exactly(line))
                }
            }
    }

    /// Whether a slide the grown shape meets keeps the base clear of the
    /// footprint all the way after all, measured exactly: it passes
    /// through a square corner of the grown shape (or starts inside one,
    /// where a base may stand), never nearer the footprint than the
    /// radius. The grown shape's corners stay the graph's nodes; only the
    /// judgement of a slide is exact (rulings "Standing by a corner" and
    /// "Passing a corner", docs/mortalis/battle.md).
    fn clear_exactly(&self, line: &Line<f64>) -> bool {
        use geo::{Distance, Euclidean};
        let Some((footprint, radius)) = &self.shape else {
            return false;
        };
        if self.meets_strips(line.start.x_y(), line.end.x_y()) {
            return false;
        }
        Euclidean.distance(line, footprint) >= *radius
    }

    /// Whether the slide from `a` to `b` meets a strip of [`Stop::cross`]:
    /// then it comes nearer the footprint than the radius, well inside the
    /// grown polygon (the strips stop a micro-inch short of its edges,
    /// wider than the hair `segment_meets_box` allows), so it is stopped
    /// with no more asked ([`Stop::hits`] asks this first).
    fn meets_strips(&self, a: (f64, f64), b: (f64, f64)) -> bool {
        self.cross
            .as_ref()
            .is_some_and(|strips| strips.iter().any(|&s| segment_meets_box(a, b, s)))
    }

    /// Its box: [min x, min y, max x, max y].
    pub(super) fn bounds(&self) -> [f64; 4] {
        let (lo, hi) = (self.rect.min(), self.rect.max());
        [lo.x, lo.y, hi.x, hi.y]
    }

    pub(super) fn covers(&self, p: Point<f64>) -> bool {
        use geo::{Distance, Euclidean};
        self.rect.intersects(&p)
            && match self.disc {
                Some((c, r)) => Euclidean.distance(&p, &c) < r,
                None => self.grown.iter().any(|g| g.intersects(&p)),
            }
    }
}

/// The strips of [`Stop::cross`] for `footprint` grown by `radius`, when
/// the footprint is a rectangle square to the table: each stretched along
/// one axis by the radius and kept short of its edges by a margin wider
/// than the hair `segment_meets_box` allows, so that every point of a
/// strip lies nearer the rectangle than the radius.
fn cross(footprint: &Polygon<f64>, radius: f64) -> Option<[[f64; 4]; 2]> {
    const MARGIN: f64 = 1e-6;
    let ring = &footprint.exterior().0;
    let bb = footprint.bounding_rect()?;
    let (lo, hi) = (bb.min(), bb.max());
    let on_corner = |c: &Coord<f64>| (c.x == lo.x || c.x == hi.x) && (c.y == lo.y || c.y == hi.y);
    // Four different corners of the box, joined by sides square to the
    // table: the box itself (a triangle with a corner listed twice has
    // five points on the box's corners too).
    let square_sides = ring
        .windows(2)
        .all(|w| (w[0].x == w[1].x) != (w[0].y == w[1].y));
    let distinct = (0..4).all(|i| (i + 1..4).all(|j| ring.get(i) != ring.get(j)));
    if ring.len() != 5
        || !ring.iter().all(on_corner)
        || !square_sides
        || !distinct
        || radius <= 2.0 * MARGIN
    {
        return None;
    }
    let r = radius - MARGIN;
    Some([
        [lo.x - r, lo.y + MARGIN, hi.x + r, hi.y - MARGIN],
        [lo.x + MARGIN, lo.y - r, hi.x - MARGIN, hi.y + r],
    ])
}

/// `footprint` grown by `radius` (shrunk when it is negative), with square
/// corners: the shape every stop, roof and corner of the graph is made of.
/// A rectangle square to the table (every piece of a generated table) is
/// worked out without the polygon offsetting, to the same bits
/// ([`square::square`]).
pub(super) fn grow(footprint: &Polygon<f64>, radius: f64) -> MultiPolygon<f64> {
    square::square(footprint, radius).unwrap_or_else(|| {
        footprint.buffer_with_style(BufferStyle::new(radius).line_join(LineJoin::Miter(0.0)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::path::graph::line_box;
    use geo::{Distance, Euclidean, polygon};
    use proptest::prelude::*;

    /// What a stop is asked about: a rectangle square to the table (whose
    /// strips answer first, [`cross`]), the same listed the other way
    /// round, a triangle, and a triangle on three corners of a box with a
    /// corner listed twice (judged by the grown polygon and the exact
    /// distance alone: it is no rectangle).
    fn footprints() -> [Polygon<f64>; 4] {
        [
            Rect::new(Coord { x: 10.0, y: 10.0 }, Coord { x: 12.0, y: 13.0 }).to_polygon(),
            polygon![(x: 12.0, y: 13.0), (x: 12.0, y: 10.0), (x: 10.0, y: 10.0), (x: 10.0, y: 13.0)],
            polygon![(x: 10.0, y: 10.0), (x: 13.0, y: 10.5), (x: 11.0, y: 13.0)],
            polygon![(x: 10.0, y: 10.0), (x: 12.0, y: 10.0), (x: 12.0, y: 12.0), (x: 12.0, y: 12.0)],
        ]
    }

    /// Only the rectangles have strips.
    #[test]
    fn strips_only_for_rectangles_square_to_the_table() {
        let kinds: Vec<bool> = footprints()
            .iter()
            .map(|f| cross(f, 0.5).is_some())
            .collect();
        assert_eq!(kinds, [true, true, false, false]);
    }

    proptest! {
        /// A base sliding along a line is stopped exactly when the line
        /// comes nearer the footprint than the radius the stop is grown by
        /// (rulings "Standing by a corner" and "Passing a corner"): the
        /// grown polygon's square corners stop nothing a base clears, and
        /// the strips of a rectangle only what the exact test stops too.
        #[test]
        fn a_slide_is_stopped_exactly_when_it_comes_within_the_radius(
            ax in 7.0..15.0f64, ay in 7.0..16.0f64, bx in 7.0..15.0f64, by in 7.0..16.0f64,
            which in 0..4usize, radius in prop::sample::select(vec![0.498, 0.5, 0.998]),
        ) {
            let footprint = &footprints()[which];
            let stop = Stop::new(footprint, radius).expect("a stop");
            let line = Line::new(Coord { x: ax, y: ay }, Coord { x: bx, y: by });
            let d = Euclidean.distance(&line, footprint);
            // Off the boundary by more than rounding.
            prop_assume!((d - radius).abs() > 1e-9);
            prop_assert_eq!(stop.hits(&line, &line_box(&line)), d < radius);
        }

        /// A slide that meets a rectangle's strips meets its grown polygon
        /// (what lets `hits` answer from the strips alone), also when it
        /// only grazes a strip's end or side.
        #[test]
        fn a_slide_meeting_a_strip_meets_the_grown_polygon(
            ax in 7.0..15.0f64, ay in 7.0..16.0f64, t in 0.0..1.0f64,
            end in 0..4usize, graze in prop::sample::select(vec![0.0, 1e-9, -1e-9]),
            radius in prop::sample::select(vec![0.498, 0.5, 0.998]),
        ) {
            let footprint = &footprints()[0];
            let stop = Stop::new(footprint, radius).expect("a stop");
            let strips = stop.cross.expect("a rectangle has strips");
            // A point on an edge of a strip, a hair in or out.
            let s = strips[end % 2];
            let (x, y) = match end {
                0 => (s[0] - graze, s[1] + t * (s[3] - s[1])),
                1 => (s[0] + t * (s[2] - s[0]), s[1] - graze),
                2 => (s[2] + graze, s[1] + t * (s[3] - s[1])),
                _ => (s[0] + t * (s[2] - s[0]), s[3] + graze),
            };
            let line = Line::new(Coord { x: ax, y: ay }, Coord { x, y });
            if stop.meets_strips(line.start.x_y(), line.end.x_y()) {
                prop_assert!(stop.grown.iter().any(|g| g.intersects(&line)));
            }
        }
    }
}
