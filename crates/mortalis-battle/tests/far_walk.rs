//! The Moves offered towards the nearest enemy more than three Moves away
//! include one judged by the walking distance to where it stands
//! (docs/mortalis/ai.md, "Far enemies by the walking way", session 16);
//! until then only
//! the straight line was used there, which from behind a wall (or from a
//! roof with no way down on the enemy's side) offered no Move that got
//! any nearer.
//!
//! The table: a wall 4" high that cannot be climbed, from x 6 to the east
//! edge at y 18–18.5. A1 stands at (4, 14), B1 beyond the wall at (22, 24),
//! nothing else on the table and no markers. The way round is past the
//! wall's west end.

#[path = "common/duel.rs"]
mod duel;

use duel::{a1_against_b1, alfa_against_beta};
use mortalis_battle::Nav;
use mortalis_battle::battle::{Battle, Choice, Shared};
use mortalis_battle::file::parse;
use mortalis_battle::table::{Place, Table};
use mortalis_rules::skills::Skill;

const TABLE: &str = r#"
size = 28
[[piece]]
kind = "wall"
height = 4
climbable = false
rect = [6, 18, 22, 0.5]
"#;

#[test]
fn a_move_goes_round_the_wall_towards_a_far_enemy() {
    let table = parse(TABLE).unwrap();
    let mut b = a1_against_b1(table, Place::ground(4.0, 14.0), Place::ground(22.0, 24.0));
    b.markers.clear();
    let a1 = b.active.unwrap();
    let b1 = b.models.iter().position(|m| m.name == "B1").unwrap();
    let target = b.models[b1].body.at;
    let table = b.table.clone();
    let navs = [Nav::new(&table, b.models[a1].mover())];
    let before = b.walk_to(target, b.models[a1].body.at);
    let best = b
        .options(a1, &navs)
        .unwrap()
        .iter()
        .filter_map(|c| match c {
            Choice::Move { to, .. } => Some(b.walk_to(target, *to)),
            _ => None,
        })
        .fold(f64::INFINITY, f64::min);
    // A Move of 4" (A1's Speed) round the wall's end gains nearly all of
    // it; the straight step towards B1 gains under 2".
    assert!(
        before - best >= 3.0,
        "the best Move gains {:.2}\" of {before:.2}\"",
        before - best
    );
}

// The Move searches `Battle::options` remembers (`moves.rs`, `ReachMemo`)
// answer exactly as a fresh search does: after the enemy moves, after a
// friend steps into the way, after a marker goes down, and when
// everything is back as it was (the memo's answer), the Moves offered are
// those a copy of the battle (which starts with no memo) offers.

/// The Moves offered to `m`, and those a fresh copy offers.
fn moves(b: &Battle, m: usize, navs: &[Nav]) -> (Vec<Choice>, Vec<Choice>) {
    let only = |c: Vec<Choice>| -> Vec<Choice> {
        c.into_iter()
            .filter(|c| matches!(c, Choice::Move { .. }))
            .collect()
    };
    let fresh = b.clone();
    (
        only(b.options(m, navs).unwrap()),
        only(fresh.options(m, navs).unwrap()),
    )
}

#[test]
fn remembered_moves_are_the_moves_searched_afresh() {
    let table = parse(TABLE).unwrap();
    let mut b = alfa_against_beta(table, |name| match name {
        "A1" => Some(Place::ground(4.0, 14.0)),
        "A2" => Some(Place::ground(1.0, 1.0)),
        "B1" => Some(Place::ground(22.0, 24.0)),
        _ => None,
    });
    b.markers.clear();
    let at = |name: &str| b.models.iter().position(|m| m.name == name).unwrap();
    let (a1, a2, b1) = (at("A1"), at("A2"), at("B1"));
    b.active = Some(a1);
    let table = b.table.clone();
    let navs = [Nav::new(&table, b.models[a1].mover())];
    let (first, fresh) = moves(&b, a1, &navs);
    assert_eq!(first, fresh);
    assert!(!first.is_empty());
    // The enemy steps round the wall's west end: other Moves.
    b.models[b1].body.at = Place::ground(3.0, 22.0);
    let (moved, fresh) = moves(&b, a1, &navs);
    assert_eq!(moved, fresh);
    assert_ne!(moved, first, "the enemy's place is part of the search");
    // A friend steps into the way north, the goals unchanged.
    b.models[a2].body.at = Place::ground(4.0, 16.0);
    let (blocked, fresh) = moves(&b, a1, &navs);
    assert_eq!(blocked, fresh);
    assert_ne!(blocked, moved, "the other bases are part of the search");
    // A marker goes down beside A1: other Moves again.
    b.markers.push(Place::ground(6.0, 12.0));
    let (marked, fresh) = moves(&b, a1, &navs);
    assert_eq!(marked, fresh);
    assert_ne!(marked, blocked, "the markers are part of the search");
    // Everything as at first: the memo answers, and as at first.
    b.markers.clear();
    b.models[a2].body.at = Place::ground(1.0, 1.0);
    b.models[b1].body.at = Place::ground(22.0, 24.0);
    let (again, fresh) = moves(&b, a1, &navs);
    assert_eq!(again, first);
    assert_eq!(again, fresh);
}

/// A 28" table with a 1.5" block that may be climbed.
fn block_table() -> Table {
    parse(
        "size = 28\n[[piece]]\nkind = \"block\"\nheight = 1.5\nclimbable = true\nrect = [1, 15, 6, 2]\n",
    )
    .unwrap()
}

/// A1 active south of the block, B1 far off, a marker beyond the block;
/// A1's index.
fn at_the_block(table: &Table) -> (Battle, usize) {
    let mut b = alfa_against_beta(table.clone(), |name| match name {
        "A1" => Some(Place::ground(4.0, 14.0)),
        "B1" => Some(Place::ground(24.0, 4.0)),
        _ => None,
    });
    b.markers = vec![Place::ground(4.0, 20.0)];
    let a1 = b.models.iter().position(|m| m.name == "A1").unwrap();
    b.active = Some(a1);
    (b, a1)
}

/// The same place, bases and goals, but a climber (Wspinacz: 1" of
/// allowance an inch climbed): another mover, searched on its own
/// navigation, not answered from the first one's search. A1 stands south
/// of a 1.5" block it may climb, the marker beyond it.
#[test]
fn a_climber_is_not_answered_from_the_plain_search() {
    let (mut b, a1) = at_the_block(&block_table());
    let table = b.table.clone();
    let navs = [Nav::new(&table, b.models[a1].mover())];
    let (plain, fresh) = moves(&b, a1, &navs);
    assert_eq!(plain, fresh);
    b.models[a1].skills.push(Skill::Climber);
    let climbs = [Nav::new(&table, b.models[a1].mover())];
    let (climber, fresh) = moves(&b, a1, &climbs);
    assert_eq!(climber, fresh);
    assert_ne!(climber, plain, "the mover is part of the search");
}

/// Battles on one table share their Move searches (`Shared`): a search one
/// battle made answers another only where everything it read is the same.
/// Here the second battle's A1 stands where the first's did, among the
/// same bases and goals, but is another fighter — a climber, or slower —
/// and is offered what a battle with its own memory offers it.
#[test]
fn a_shared_search_answers_only_the_same_question() {
    let table = block_table();
    let battle = || at_the_block(&table);
    let (mut first, a1) = battle();
    let shared = Shared::new(&table, &first.models);
    first.share_memory(&shared);
    let navs = [Nav::new(&table, first.models[a1].mover())];
    let plain = first.options(a1, &navs).unwrap();
    let changes: [&dyn Fn(&mut Battle); 2] =
        [&|b| b.models[a1].skills.push(Skill::Climber), &|b| {
            b.models[a1].profile.speed -= 1
        }];
    for change in changes {
        let (mut other, _) = battle();
        change(&mut other);
        let own = other.clone();
        other.share_memory(&shared);
        let navs = [Nav::new(&table, other.models[a1].mover())];
        let answered = other.options(a1, &navs).unwrap();
        assert_eq!(answered, own.options(a1, &navs).unwrap());
        assert_ne!(answered, plain, "another fighter, other Moves");
    }
    // The same fighter in the same place: the shared answer.
    let (mut same, _) = battle();
    same.share_memory(&shared);
    assert_eq!(same.options(a1, &navs).unwrap(), plain);
}
