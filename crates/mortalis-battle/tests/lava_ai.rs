//! The AI judges a Move that would end on a lava pool or cross one (B128)
//! by the exact chance the pool's test takes the model out
//! (docs/mortalis/ai.md): with a pool in the straight way to a marker it
//! takes the Move round it, though that Move gains less ground; with no
//! pool it takes the straight one.

use mortalis_battle::battle::ai::Ai;
use mortalis_battle::battle::{
    About, Battle, Choice, Decider, HOUSE_ROUNDS, Question, Status, side_from_warband,
};
use mortalis_battle::file::parse;
use mortalis_battle::table::Place;
use mortalis_rules::warband::WarbandFile;

/// A1 at (6, 14), a marker at (16, 14), B1 far away; the AI chooses
/// between a straight Move to `straight` and one round to (9, 17.6), with a
/// pool of lava round `pool` or none.
fn choice(straight: (f64, f64), pool: Option<(f64, f64)>) -> Choice {
    let table = parse("size = 28\n").unwrap();
    let side = |text: &str, s: usize| {
        let file: WarbandFile = toml::from_str(text).unwrap();
        side_from_warband(&file, s).unwrap()
    };
    let (na, sa, mut models) = side(include_str!("data/alfa.toml"), 0);
    let (nb, sb, more) = side(include_str!("data/beta.toml"), 1);
    models.extend(more);
    for m in &mut models {
        m.body.at = match m.name.as_str() {
            "A1" => Place::ground(6.0, 14.0),
            "B1" => Place::ground(4.0, 26.0),
            _ => {
                m.status = Status::Removed;
                continue;
            }
        };
    }
    let a1 = models.iter().position(|m| m.name == "A1").unwrap();
    let mut b = Battle::new(table, [na, nb], [sa, sb], models, HOUSE_ROUNDS);
    b.markers = vec![Place::ground(16.0, 14.0)];
    b.lava = pool.into_iter().collect();
    b.active = Some(a1);
    let step = |x: f64, y: f64| Choice::Move {
        to: Place::ground(x, y),
        spent: 4.0,
        leave: false,
        climbed: false,
    };
    let q = Question {
        side: 0,
        about: About::Action,
        options: vec![Choice::End, step(straight.0, straight.1), step(9.0, 17.6)],
    };
    q.options[Ai.choose(&b, &q).unwrap()]
}

#[test]
fn the_ai_walks_round_a_pool_of_lava() {
    let round = choice((10.0, 14.0), Some((11.0, 14.0)));
    assert!(
        matches!(round, Choice::Move { to, .. } if to.y > 17.0),
        "{round:?}"
    );
}

/// The straight Move ends at (10, 14), off a pool round (8, 11) that it
/// would cross on the way.
#[test]
fn the_ai_does_not_walk_across_a_pool() {
    let round = choice((10.0, 14.0), Some((8.0, 11.0)));
    assert!(
        matches!(round, Choice::Move { to, .. } if to.y > 17.0),
        "{round:?}"
    );
}

#[test]
fn with_no_pool_the_ai_takes_the_straight_way() {
    let straight = choice((10.0, 14.0), None);
    assert!(
        matches!(straight, Choice::Move { to, .. } if (to.y - 14.0).abs() < 1e-9),
        "{straight:?}"
    );
}
