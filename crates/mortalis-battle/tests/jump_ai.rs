//! The AI weighs a Move that jumps down (B33) by the exact chance that the
//! model is still on the table after it (docs/mortalis/battle.md,
//! "Jump-downs in a Move"): from 4" it jumps to reach a marker; from 9",
//! where the roll almost always fails and the fall usually kills, it stays.
//! And no jump-down Move offered has the model roll on a friend's base.

#[path = "common/duel.rs"]
mod duel;

use duel::{a1_against_b1, alfa_against_beta};
use mortalis_battle::Step;
use mortalis_battle::battle::ai::Ai;
use mortalis_battle::battle::{About, Choice, Decider, Question, navs_for};
use mortalis_battle::file::parse;
use mortalis_battle::table::{Level, Place};

/// A1 on the roof of a block `height` high (4"x4", unclimbable), a marker
/// on the ground 4" east, B1 far away; the AI chooses between a Move that
/// jumps down towards the marker and ending the activation.
fn choice(height: f64) -> Choice {
    let table = parse(&format!(
        "size = 28\n[[piece]]\nkind = \"block\"\nheight = {height}\nclimbable = false\nrect = [8, 8, 4, 4]\n"
    ))
    .unwrap();
    let a1 = Place {
        x: 11.0,
        y: 10.5,
        level: Level::Roof(0),
    };
    let mut b = a1_against_b1(table, a1, Place::ground(4.0, 24.0));
    b.markers = vec![Place::ground(16.0, 10.5)];
    let jump = Choice::JumpDown {
        to: Place::ground(14.5, 10.5),
        spent: 3.5,
        height,
        climbed: false,
    };
    let q = Question {
        side: 0,
        about: About::Action,
        options: vec![Choice::End, jump],
    };
    q.options[Ai.choose(&b, &q).unwrap()]
}

#[test]
fn the_ai_jumps_down_when_the_chance_is_good() {
    assert!(matches!(choice(4.0), Choice::JumpDown { .. }));
}

#[test]
fn the_ai_stays_where_the_drop_is_deadly() {
    assert_eq!(choice(9.0), Choice::End);
}

/// The spots where a jump-down Move of `m` to `to` stands for its rolls:
/// each roof edge it drops from, found as `Battle` walks it.
fn edges(b: &mortalis_battle::battle::Battle, m: usize, to: Place) -> Vec<Place> {
    let navs = navs_for(&b.table, &b.models);
    let me = &b.models[m];
    let mover = mortalis_battle::Mover {
        jump_down: true,
        ..me.mover()
    };
    let nav = navs.iter().find(|n| n.mover() == mover).unwrap();
    let others: Vec<_> = (0..b.models.len())
        .filter(|&i| i != m && b.models[i].on_table())
        .map(|i| b.models[i].body)
        .collect();
    let path = nav
        .path_within(me.body.at, to, &others, me.allowance())
        .unwrap()
        .unwrap();
    let mut at = me.body.at;
    let mut out = vec![];
    for step in &path.steps {
        match step {
            Step::Walk { to, .. } | Step::Climb { to, .. } => at = *to,
            Step::JumpDown { to, .. } => {
                out.push(at);
                at = *to;
            }
        }
    }
    out
}

/// Ruling "Where the roll happens" (docs/mortalis/battle.md, session 25):
/// A1 and A2 on the roof of a 3" block, A2 at its east edge, a marker on
/// the ground east of it. The path search keeps to bases on the ground, so
/// the way east runs through A2 to the edge; no jump-down Move offered to
/// A1 has it stand on A2's base for its roll. Without A2 such a Move is
/// offered (the test can fail).
#[test]
fn a_jump_down_never_rolls_on_a_friends_base() {
    let table = parse(
        "size = 28\n[[piece]]\nkind = \"block\"\nheight = 3\nclimbable = false\nrect = [8, 8, 4, 4]\n",
    )
    .unwrap();
    let roof = |x: f64, y: f64| Place {
        x,
        y,
        level: Level::Roof(0),
    };
    let offered = |with_a2: bool| {
        let mut b = alfa_against_beta(table.clone(), |name| match name {
            "A1" => Some(roof(9.0, 10.0)),
            "A2" if with_a2 => Some(roof(11.45, 10.0)),
            "B1" => Some(Place::ground(4.0, 24.0)),
            _ => None,
        });
        b.markers = vec![Place::ground(16.0, 10.0)];
        let a1 = b.models.iter().position(|m| m.name == "A1").unwrap();
        b.active = Some(a1);
        let navs = navs_for(&b.table, &b.models);
        let jumps: Vec<Vec<Place>> = b
            .options(a1, &navs)
            .unwrap()
            .into_iter()
            .filter_map(|c| match c {
                Choice::JumpDown { to, .. } => Some(edges(&b, a1, to)),
                _ => None,
            })
            .collect();
        jumps
    };
    let on_a2 =
        |p: &Place| p.level == Level::Roof(0) && (p.x - 11.45).hypot(p.y - 10.0) < 1.0 - 1e-6;
    let alone = offered(false);
    assert!(
        alone.iter().flatten().any(on_a2),
        "no jump-down crosses A2's spot: {alone:?}"
    );
    let beside = offered(true);
    assert!(
        !beside.iter().flatten().any(on_a2),
        "a jump-down rolls on A2: {beside:?}"
    );
}
