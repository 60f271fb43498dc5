//! A model jammed among others (docs/mortalis/ai.md, "Where the draws come
//! from"): the AI's walking field counts no model, so a friend standing in
//! a gap hardly wider than a base hides that the way through it is shut. A model that
//! has not moved since the round before judges its Moves by the walking
//! distance round every base instead, and takes the other way.
//!
//! The table: a row of 4" blocks across it at y 12–14 with two gaps 1.5"
//! wide, one at x 13.25–14.75 (A2 stands in it) and one at x 23–24.5; the
//! marker at (14, 20) beyond them; A1 at (14, 6).

#[path = "common/duel.rs"]
mod duel;

use duel::alfa_against_beta;
use mortalis_battle::battle::ai::Ai;
use mortalis_battle::battle::{About, Battle, Choice, Decider, Entry, Event, Question};
use mortalis_battle::file::parse;
use mortalis_battle::table::{Level, Place};

const TABLE: &str = r#"
size = 28
[[piece]]
kind = "block"
height = 4
rect = [0, 12, 13.25, 2]
[[piece]]
kind = "block"
height = 4
rect = [14.75, 12, 8.25, 2]
[[piece]]
kind = "block"
height = 4
rect = [24.5, 12, 3.5, 2]
"#;

const MARKER: Place = Place {
    x: 14.0,
    y: 20.0,
    level: Level::Ground,
};

/// A1 at (14, 6), active, its free action spent; A2 in the gap; nobody
/// else on the table; the marker beyond.
fn battle() -> (Battle, usize) {
    placed(false)
}

/// [`battle`], or with `enemy` B1 standing where the marker was and no
/// marker on the table.
fn placed(enemy: bool) -> (Battle, usize) {
    let table = parse(TABLE).unwrap();
    let mut b = alfa_against_beta(table, |name| match name {
        "A1" => Some(Place::ground(14.0, 6.0)),
        "A2" => Some(Place::ground(14.0, 13.0)),
        "B1" if enemy => Some(MARKER),
        _ => None,
    });
    if !enemy {
        b.markers = vec![MARKER];
    }
    let a1 = b.models.iter().position(|m| m.name == "A1").unwrap();
    b.active = Some(a1);
    b.models[a1].free_slot = true;
    (b, a1)
}

/// A1 has stood still since round 3 began: two round starts in the log
/// and no Move of its own after them.
fn idle(b: &mut Battle) {
    b.round = 4;
    for round in [3, 4] {
        b.log.push(Entry::Event(Event::Round { round, first: 0 }));
    }
}

/// A Move of 4" east, towards the far gap and away from the near one, or
/// ending the activation.
fn choice(b: &Battle) -> Choice {
    let q = Question {
        side: 0,
        about: About::Action,
        options: vec![
            Choice::End,
            Choice::Move {
                to: Place::ground(18.0, 6.0),
                spent: 4.0,
                leave: false,
                climbed: false,
                both: false,
            },
        ],
    };
    q.options[Ai.choose(b, &q).unwrap()]
}

/// The plain walking field goes through A2's gap; the field round the
/// bases finds it shut and goes through the far gap, about 9" further.
#[test]
fn the_way_round_bases_takes_the_other_gap() {
    let (b, a1) = battle();
    let at = b.models[a1].body.at;
    let plain = b.walk_to(MARKER, at);
    let round = b.jam_gap(a1, at);
    assert!((13.0..16.0).contains(&plain), "plain {plain}");
    assert!(
        round > plain + 6.0 && round < plain + 14.0,
        "round the bases {round}"
    );
    // With A2 out of the gap the two agree.
    let (mut b, a1) = battle();
    let a2 = b.models.iter().position(|m| m.name == "A2").unwrap();
    b.models[a2].body.at = Place::ground(4.0, 4.0);
    let free = b.jam_gap(a1, at);
    assert!((free - plain).abs() < 0.5, "{free} against {plain}");
}

/// Before it is jammed, A1 waits for the near gap (the Move takes it
/// further by the plain field); once it has stood still a round, it heads
/// for the far one.
#[test]
fn a_jammed_model_heads_for_the_other_gap() {
    let (b, _) = battle();
    assert_eq!(choice(&b), Choice::End);
    let (mut b, _) = battle();
    idle(&mut b);
    assert!(
        matches!(choice(&b), Choice::Move { .. }),
        "{:?}",
        choice(&b)
    );
}

/// The same jam with nothing to gather: B1 stands where the marker was, and
/// A1 closes in on the nearest enemy (session 30: four Barykady Defenders
/// wedged against a block stood there for fourteen rounds while the last
/// Attacker lived). Until it is jammed it waits for the near gap; then it
/// judges the way round every base but the enemy's and takes the far gap.
#[test]
fn a_jammed_model_with_nothing_to_gather_goes_round_to_the_enemy() {
    let (b, a1) = placed(true);
    assert!(b.markers.is_empty());
    let at = b.models[a1].body.at;
    let plain = b.walk_to(MARKER, at);
    let round = b.jam_gap_to_enemy(a1, at);
    assert!(
        round > plain + 6.0 && round < plain + 14.0,
        "plain {plain}, round the bases {round}"
    );
    assert_eq!(choice(&b), Choice::End);
    let (mut b, _) = placed(true);
    idle(&mut b);
    assert!(
        matches!(choice(&b), Choice::Move { .. }),
        "{:?}",
        choice(&b)
    );
}
