//! Jatka's markers go down before the first side picks its corner
//! (B153–B154), so the AI places them with the pick in mind
//! (docs/mortalis/ai.md, "Markers in Jatka"): the first side (side 0,
//! which picks) where the corner it will take gains most, the other where
//! that gain is least. A corner's gain is the markers' walking distance
//! from the opposite corner less that from it. In the other scenarios
//! markers go as near the centre as they may.

#[path = "common/duel.rs"]
mod duel;

use duel::alfa_against_beta;
use mortalis_battle::battle::ai::Ai;
use mortalis_battle::battle::{About, Choice, Decider, Question, Scenario};
use mortalis_battle::file::parse;
use mortalis_battle::table::Place;

/// The place side `side` picks among four, with a marker already at
/// (9, 9), near the corner at (0, 0), in `scenario` on an empty 28" table.
fn placed(scenario: Scenario, side: usize) -> (f64, f64) {
    let table = parse("size = 28\n").unwrap();
    let mut b = alfa_against_beta(table, |_| None).with_scenario(scenario);
    b.markers = vec![Place::ground(9.0, 9.0)];
    let spots = [(13.0, 13.0), (19.0, 19.0), (9.0, 19.0), (7.0, 7.0)];
    let q = Question {
        side,
        about: About::Marker,
        options: spots
            .iter()
            .map(|&(x, y)| Choice::Marker { x, y })
            .collect(),
    };
    spots[Ai.choose(&b, &q).unwrap()]
}

/// The first side piles on the corner the first marker favours: (7, 7)
/// gains about 20" for that corner, the centre about 3".
#[test]
fn the_side_that_picks_the_corner_places_for_it() {
    assert_eq!(placed(Scenario::Massacre, 0), (7.0, 7.0));
}

/// The other side offsets it: at (19, 19) no corner gains anything.
#[test]
fn the_other_side_places_where_no_corner_gains() {
    assert_eq!(placed(Scenario::Massacre, 1), (19.0, 19.0));
}

/// Where the corner is picked before the markers go down (the Barykady
/// Defender's), the nearest to the centre.
#[test]
fn elsewhere_markers_go_near_the_centre() {
    assert_eq!(placed(Scenario::Barricades, 0), (13.0, 13.0));
    assert_eq!(placed(Scenario::Barricades, 1), (13.0, 13.0));
}
