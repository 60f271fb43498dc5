//! When a model carrying a marker leaves the table (docs/mortalis/ai.md,
//! "Move off the table"): with friends still on the table it stays while
//! they would be outnumbered — once they all fall the opponent takes every
//! marker still there (B145) — but in the last three rounds one fewer will
//! do, since waiting longer only leaves the markers for a draw at the round
//! limit (Q22).

#[path = "common/duel.rs"]
mod duel;

use duel::alfa_against_beta;
use mortalis_battle::battle::ai::Ai;
use mortalis_battle::battle::{About, Choice, Decider, Question, house_rounds};
use mortalis_battle::file::parse;
use mortalis_battle::table::Place;

/// Alfa and Beta, three against three on an open 28" table, A1 at the
/// south edge carrying a marker, one more marker on the ground, in round
/// `round`: does the AI take A1 off the table or end its activation?
fn leaves(round: u32) -> bool {
    leaves_with(round, &["B1", "B2", "B3"], 1)
}

/// [`leaves`] with only the enemies `enemies` on the table and `loose`
/// markers on the ground.
fn leaves_with(round: u32, enemies: &[&str], loose: usize) -> bool {
    let places = [
        ("A1", (14.0, 0.6)),
        ("A2", (4.0, 6.0)),
        ("A3", (24.0, 6.0)),
        ("B1", (4.0, 26.0)),
        ("B2", (14.0, 26.0)),
        ("B3", (24.0, 26.0)),
    ];
    let table = parse("size = 28\n").unwrap();
    let mut b = alfa_against_beta(table, |name| {
        if name.starts_with('B') && !enemies.contains(&name) {
            return None;
        }
        let (_, (x, y)) = places.iter().find(|p| p.0 == name)?;
        Some(Place::ground(*x, *y))
    });
    b.models[0].carried = 1;
    b.active = Some(0);
    b.round = round;
    b.markers = (0..loose)
        .map(|k| Place::ground(10.0 + 4.0 * k as f64, 14.0))
        .collect();
    let off = Choice::Move {
        to: Place::ground(14.0, 0.5),
        spent: 0.1,
        leave: true,
        climbed: false,
        both: false,
    };
    let q = Question {
        side: 0,
        about: About::Action,
        options: vec![Choice::End, off],
    };
    q.options[Ai.choose(&b, &q).unwrap()] == off
}

#[test]
fn a_carrier_stays_while_its_friends_would_be_outnumbered() {
    assert!(!leaves(3));
}

#[test]
fn near_the_round_limit_it_leaves_with_one_friend_fewer() {
    // Two rounds before the limit of the 28" table.
    assert_eq!(house_rounds(28.0), 20);
    assert!(leaves(18));
}

/// Two friends against one enemy: with one marker left on the ground (no
/// more at risk than A1 takes off) A1 leaves; with two there, more is at
/// risk than it banks, and it waits until its friends outnumber the enemy
/// by two (AI against random play, Przechwycenie: 73.7% → 76.3% won with
/// the three-model warbands, 83% → 87% with full ones).
#[test]
fn with_more_at_risk_than_it_carries_it_stays_unless_well_ahead() {
    assert!(leaves_with(3, &["B1"], 1));
    assert!(!leaves_with(3, &["B1"], 2));
}

/// A carrier 3.8" from the point where its base would touch the south edge
/// from beyond (Speed 4): it reaches that point, but with too few inches
/// left to get its base across, so the Move does not leave — and it is
/// offered once. Each way off is searched twice (in a straight line and
/// walking), and until session 22 the second reach was compared with the
/// first as if it left, so the same Move was offered twice.
#[test]
fn a_move_to_the_edge_that_cannot_leave_is_offered_once() {
    let table = parse("size = 28\n").unwrap();
    let mut b = alfa_against_beta(table, |name| match name {
        "A1" => Some(Place::ground(14.0, 0.51 + 3.8)),
        "B1" => Some(Place::ground(14.0, 26.0)),
        _ => None,
    });
    b.models[0].carried = 1;
    b.active = Some(0);
    b.markers.clear();
    let t = b.table.clone();
    let navs = [mortalis_battle::Nav::new(&t, b.models[0].mover())];
    let at_edge: Vec<Choice> = b
        .options(0, &navs)
        .unwrap()
        .into_iter()
        .filter(|c| matches!(c, Choice::Move { to, .. } if to.y < 0.6))
        .collect();
    assert_eq!(at_edge.len(), 1, "{at_edge:?}");
    assert!(matches!(at_edge[0], Choice::Move { leave: false, .. }));
}
