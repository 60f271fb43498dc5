//! The AI deploys on the side the markers lie towards (docs/mortalis/ai.md,
//! "Corner and edge", session 16): offered the four corners (Jatka, B154)
//! or edges (Przechwycenie, B163), it takes the one the markers on the
//! ground are nearest to against the opposite one, by walking distance;
//! with no marker down yet (the Barykady Defender chooses first, B157) it
//! takes the first offered.

#[path = "common/duel.rs"]
mod duel;

use duel::alfa_against_beta;
use mortalis_battle::battle::ai::Ai;
use mortalis_battle::battle::{About, Battle, Choice, Decider, Question};
use mortalis_battle::file::parse;
use mortalis_battle::table::Place;

fn battle(markers: &[(f64, f64)]) -> Battle {
    let table = parse("size = 28\n").unwrap();
    let mut b = alfa_against_beta(table, |_| None);
    b.markers = markers.iter().map(|&(x, y)| Place::ground(x, y)).collect();
    b
}

fn ask(b: &Battle, about: About, options: Vec<Choice>) -> Choice {
    let q = Question {
        side: 0,
        about,
        options,
    };
    q.options[Ai.choose(b, &q).unwrap()]
}

fn corner(b: &Battle) -> Choice {
    ask(
        b,
        About::Corner,
        (0..4).map(|corner| Choice::Corner { corner }).collect(),
    )
}

fn edge(b: &Battle) -> Choice {
    ask(
        b,
        About::Edge,
        (0..4).map(|edge| Choice::Edge { edge }).collect(),
    )
}

#[test]
fn the_corner_the_markers_lie_towards() {
    // Three of five markers in the upper right quarter (corner 2).
    let b = battle(&[
        (20.0, 20.0),
        (22.0, 18.0),
        (18.0, 23.0),
        (8.0, 10.0),
        (14.0, 6.0),
    ]);
    assert_eq!(corner(&b), Choice::Corner { corner: 2 });
    let b = battle(&[(6.0, 22.0), (9.0, 20.0), (14.0, 14.0)]);
    assert_eq!(corner(&b), Choice::Corner { corner: 3 });
}

#[test]
fn the_edge_the_markers_lie_towards() {
    // Markers east of the centre line.
    let b = battle(&[(21.0, 10.0), (20.0, 18.0), (12.0, 14.0)]);
    assert_eq!(edge(&b), Choice::Edge { edge: 1 });
}

#[test]
fn with_no_marker_down_the_first_is_taken() {
    let b = battle(&[]);
    assert_eq!(corner(&b), Choice::Corner { corner: 0 });
    assert_eq!(edge(&b), Choice::Edge { edge: 0 });
}
