//! The AI's set-up choices that look at the table: which corner or edge
//! to deploy from (`home_advantage`), and in Jatka where to put each
//! marker with that pick in mind (`jatka_marker_values`;
//! docs/mortalis/ai.md, "Markers in Jatka"). Split from `ai.rs`.

use super::{Battle, Choice};
use crate::table::Place;

/// How much nearer the markers on the ground lie to a corner or edge
/// offered for deployment than to the opposite one: the sum over markers
/// of the walking distance from the far zone less that from the near one
/// (each measured 3" in from the corner, or at the middle of the edge 3"
/// in). 0 for any other choice.
pub(super) fn home_advantage(b: &Battle, o: &Choice) -> f64 {
    let s = b.table.size;
    let (inset, mid) = (HOME_INSET, s / 2.0);
    let corner = |k: usize| corner_home(s, k);
    // Edges numbered as `setup::edge_distance` numbers them.
    let edge = |k: usize| match k % 4 {
        0 => Place::ground(mid, inset),
        1 => Place::ground(s - inset, mid),
        2 => Place::ground(mid, s - inset),
        _ => Place::ground(inset, mid),
    };
    let (near, far) = match *o {
        Choice::Corner { corner: k } => (corner(k), corner(k + 2)),
        Choice::Edge { edge: k } => (edge(k), edge(k + 2)),
        _ => return 0.0,
    };
    b.markers
        .iter()
        .map(|m| {
            let (n, f) = (b.walk_to(*m, near), b.walk_to(*m, far));
            if n.is_finite() && f.is_finite() {
                f - n
            } else {
                0.0
            }
        })
        .sum()
}

/// How far in from a corner or edge a deployment zone is judged from.
const HOME_INSET: f64 = 3.0;

/// The place a corner's deployment zone is judged from: 3" in from the
/// corner point towards the centre.
fn corner_home(s: f64, k: usize) -> Place {
    let (x, y) = super::setup::corner_point(s, k % 4);
    let mid = s / 2.0;
    let towards = |v: f64| {
        if v > mid {
            v - HOME_INSET
        } else {
            v + HOME_INSET
        }
    };
    Place::ground(towards(x), towards(y))
}

/// Jatka's markers are placed before side 0 picks its corner (B153–B154).
/// Side 0 places where the corner it will pick gains most; side 1 where
/// that gain is least; both less the distance from the centre. A corner's
/// gain is `home_advantage`'s: the walking distances from the opposite
/// corner less those from it, summed over the markers; a marker nobody can
/// walk to counts nothing. The markers already placed are summed once for
/// every spot offered (the same sums, added in the same order).
pub(super) fn jatka_marker_values(b: &Battle, side: usize) -> impl Fn(&Choice) -> f64 + '_ {
    let gains: Vec<[f64; 4]> = b.markers.iter().map(|&m| corner_gains(b, m)).collect();
    let placed: [f64; 4] = std::array::from_fn(|k| gains.iter().map(|g| g[k]).sum::<f64>());
    move |o| {
        let Choice::Marker { x, y } = *o else {
            return 0.0;
        };
        let s = b.table.size;
        let spot = Place::ground(x, y);
        let gain = corner_gains(b, spot);
        let best = (0..4)
            .map(|k| placed[k] + gain[k])
            .fold(f64::NEG_INFINITY, f64::max);
        // An inch nearer the centre is worth an inch of gain: markers kept
        // to the corners (gain alone) made AI-against-AI battles longer and
        // more often drawn (docs/mortalis/ai.md).
        let centre = (x - s / 2.0).hypot(y - s / 2.0);
        if side == 0 {
            best - centre
        } else {
            -best - centre
        }
    }
}

/// How much nearer a marker at `m` lies to each corner `k`'s home than to
/// the opposite corner's, walking; nothing when either cannot reach it.
/// The corner homes are the goals: four walking fields for every spot
/// offered, not one field for each spot. Each home's distance is read once
/// and serves both corners it is judged against (until session 40 every
/// distance was read twice).
fn corner_gains(b: &Battle, m: Place) -> [f64; 4] {
    let s = b.table.size;
    let walk: [f64; 4] = std::array::from_fn(|k| b.walk_to(corner_home(s, k), m));
    std::array::from_fn(|k| {
        let (n, f) = (walk[k], walk[(k + 2) % 4]);
        if n.is_finite() && f.is_finite() {
            f - n
        } else {
            0.0
        }
    })
}
