//! What the AI risks when holding back no longer wins (session 26,
//! docs/mortalis/ai.md, "The last model and the round limit"):
//! - the last model of a side, whose leaving would hand the opponent every
//!   marker still on the table (B145), no longer holds the edge it cannot
//!   use: it goes for the markers (or the enemy carriers);
//! - in the last five rounds before the house round limit (Q22) a side
//!   that does not lead weighs the danger of a place less, down to a fifth
//!   in the last round.

#[path = "common/duel.rs"]
mod duel;

use duel::{alfa_against_beta, question, walk};
use mortalis_battle::battle::ai::Ai;
use mortalis_battle::battle::{Battle, Choice, Decider, Scenario, house_rounds};
use mortalis_battle::file::parse;
use mortalis_battle::table::Place;

/// Alfa's `alfa` and Beta's `beta` models on an open 28" table, A1 active
/// and carrying `carried`, B1 carrying `b1_carried`, the markers `markers`
/// on the ground, in round `round`. A1 has shot already (no shot follows
/// a Move).
fn battle(
    alfa: &[(&str, (f64, f64))],
    beta: &[(&str, (f64, f64))],
    (carried, b1_carried): (u32, u32),
    markers: &[(f64, f64)],
    round: u32,
) -> Battle {
    let table = parse("size = 28\n").unwrap();
    let mut b = alfa_against_beta(table, |name| {
        let (_, (x, y)) = alfa.iter().chain(beta).find(|p| p.0 == name)?;
        Some(Place::ground(*x, *y))
    });
    let a1 = b.models.iter().position(|m| m.name == "A1").unwrap();
    b.models[a1].carried = carried;
    b.models[a1].free_slot = true;
    b.active = Some(a1);
    if let Some(k) = b.models.iter().position(|m| m.name == "B1") {
        b.models[k].carried = b1_carried;
    }
    b.markers = markers.iter().map(|&(x, y)| Place::ground(x, y)).collect();
    b.round = round;
    b
}

/// A1 at the south edge carrying a marker, B1 in the far corner carrying
/// two, one marker on the ground 10" north of A1: the AI's values of
/// ending the activation, of a Move 4" north (towards the marker, away
/// from the edge) and of a Move 4" along the edge; `a2` puts A2 in the
/// south-east corner too.
fn at_the_edge(a2: bool) -> Vec<f64> {
    let mut alfa = vec![("A1", (14.0, 0.6))];
    if a2 {
        alfa.push(("A2", (26.0, 2.0)));
    }
    let b = battle(&alfa, &[("B1", (27.0, 27.0))], (1, 2), &[(14.0, 10.6)], 5);
    let q = question(vec![
        Choice::End,
        walk(14.0, 4.6, 4.0),
        walk(10.0, 0.6, 4.0),
    ]);
    Ai.action_values(&b, &q).unwrap()
}

/// Leaving would give Alfa 1 and Beta 3 (the marker on the ground and
/// B1's two, B145): A1 goes for the marker. Before session 26 the edge
/// still pulled it (0.2 an inch for its marker) and it stayed there.
#[test]
fn the_last_model_whose_leaving_loses_goes_for_the_marker() {
    let v = at_the_edge(false);
    let best = (0..v.len()).max_by(|&i, &j| v[i].total_cmp(&v[j])).unwrap();
    assert_eq!(best, 1, "{v:?}");
}

/// With A2 still on the table A1 is not the last: the Move away from the
/// edge is worth less by the ground it gives up towards it (0.2 × 1
/// marker × the walking way lost, about 3.6" on the field's grid).
#[test]
fn with_a_friend_still_there_the_edge_keeps_its_pull() {
    let (alone, with) = (at_the_edge(false), at_the_edge(true));
    let gap = (alone[1] - alone[0]) - (with[1] - with[0]);
    assert!((0.5..0.9).contains(&gap), "{alone:?} against {with:?}");
}

/// A1 (carrying nothing) and Beta on an open table, a marker between
/// them: the AI's choice between ending the activation and a Move 2"
/// towards the marker, into the range of B1's assault rifle (B2's energy
/// rifle and B3's sword stay out of reach), in round `round`, with Alfa
/// `ahead` by a marker or level.
fn steps_into_danger(round: u32, ahead: bool) -> bool {
    let mut b = battle(
        &[("A1", (1.0, 14.0))],
        &[
            ("B1", (27.0, 14.0)),
            ("B2", (27.0, 16.0)),
            ("B3", (27.0, 12.0)),
        ],
        (0, 0),
        &[(9.0, 14.0)],
        round,
    );
    if ahead {
        b.collected[0] = 1;
    }
    let q = question(vec![Choice::End, walk(3.0, 14.0, 2.0)]);
    q.options[Ai.choose(&b, &q).unwrap()] != Choice::End
}

#[test]
fn far_from_the_round_limit_it_keeps_out_of_danger() {
    assert!(!steps_into_danger(10, false));
}

#[test]
fn in_the_last_round_a_side_that_does_not_lead_takes_the_risk() {
    assert_eq!(house_rounds(28.0), 20);
    assert!(steps_into_danger(20, false));
}

#[test]
fn a_side_that_leads_stays_careful_to_the_end() {
    assert!(!steps_into_danger(20, true));
}

/// A1, the last of Alfa, carries a marker at the south edge; nothing is
/// left on the ground and B1 carries two. A1 leaves nothing behind that
/// it could still gather, so it goes for the carrier (its markers drop
/// where it falls, B35) rather than hold the edge: a Move 4" towards B1
/// beats ending the activation and a Move along the edge.
#[test]
fn a_cornered_carrier_with_nothing_on_the_ground_goes_for_the_enemy_carrier() {
    let b = battle(
        &[("A1", (14.0, 0.6))],
        &[("B1", (14.0, 27.0))],
        (1, 2),
        &[],
        5,
    );
    let q = question(vec![
        Choice::End,
        walk(14.0, 4.6, 4.0),
        walk(10.0, 0.6, 4.0),
    ]);
    let v = Ai.action_values(&b, &q).unwrap();
    let best = (0..v.len()).max_by(|&i, &j| v[i].total_cmp(&v[j])).unwrap();
    assert_eq!(best, 1, "{v:?}");
}

/// A Barykady Defender's carrier (A1 with two markers; it has no way off,
/// B158) with nothing left on the ground: the markers B1 carries pull it,
/// 0.1 an inch each, as they pull a model carrying nothing: the Move 4"
/// towards B1 is worth 1.6 more over ending the activation when B1
/// carries four than when it carries none (0.1 × 4 markers × 4"; until
/// session 26 only a model carrying nothing felt that pull). A2 stands
/// by, so A1 is not its side's last model.
#[test]
fn a_barykady_defenders_carrier_goes_for_the_enemy_carriers_too() {
    let over_end = |b1_carried: u32| {
        let mut b = battle(
            &[("A1", (14.0, 4.0)), ("A2", (2.0, 2.0))],
            &[("B1", (14.0, 27.0))],
            (2, b1_carried),
            &[],
            5,
        );
        b.scenario = Scenario::Barricades;
        b.defender = Some(0);
        let q = question(vec![Choice::End, walk(14.0, 8.0, 4.0)]);
        let v = Ai.action_values(&b, &q).unwrap();
        v[1] - v[0]
    };
    let pull = over_end(4) - over_end(0);
    assert!((1.5..1.7).contains(&pull), "{pull}");
}
