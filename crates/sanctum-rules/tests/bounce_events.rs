//! A turn's `moved` events say why a group bounced (docs/rules/movement.md: pass I's
//! checks, pass II's votes and tie-breaks), naming the winning group by id, and both
//! players see the reason (the turn is resolved: nothing in it is hidden).

use sanctum_rules::game::events_for;
use sanctum_rules::game::scenario::TurnScenario;
use sanctum_rules::{Side, sq};
use serde_json::{Value, json};

/// The `moved` events of a turn scenario, as JSON, as each side sees them.
fn moved(text: &str) -> Vec<Value> {
    let sc = TurnScenario::parse(text).expect("the scenario parses");
    let (_, events) = sc.run().expect("the orders are accepted");
    let all: Vec<Value> = events
        .iter()
        .map(|e| serde_json::to_value(e).expect("events serialise"))
        .filter(|e| e["event"] == "moved")
        .collect();
    for side in [Side::Red, Side::Blue] {
        let seen: Vec<Value> = events_for(&events, Some(side))
            .iter()
            .map(|e| serde_json::to_value(e).expect("events serialise"))
            .filter(|e| e["event"] == "moved")
            .collect();
        assert_eq!(seen, all, "{side:?} sees every move and its reason");
    }
    all
}

#[test]
fn a_step_refused_in_pass_one_names_the_check() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/turns/072_move_bounces_off_mountain.toml"
    ))
    .expect("the mountain case exists");
    let moved = moved(&text);
    assert_eq!(moved.len(), 1);
    assert_eq!(moved[0]["outcome"], "bounced");
    assert_eq!(
        moved[0]["setback"],
        json!({"cause": "blocked", "blocked": {"check": "cannot_enter", "at": [6, 5], "terrain": "mountain", "structure": null}})
    );
}

/// Seed 003, II.d: a group walking into a square held by a friendly group it cannot
/// join (more than 8 minions together) loses the vote to the group that stood still
/// and bounces home.
#[test]
fn a_lost_vote_names_the_winner_and_the_tie_break() {
    let text = r#"
name = "too many to join"
rule = "movement.md II.b: a stationary group wins the vote; II.d a friendly group that cannot join bounces"
layout = "classic"
turn = 3
initiative = "red"
start_of_turn = false
seed = 0

[player.red]
house = "war"

[player.blue]
house = "unmaking"

[[group]]
id = "A"
owner = "red"
at = "5,5"
minions = { swordsman = 5 }

[[group]]
id = "B"
owner = "red"
at = "5,4"
minions = { archer = 4 }

[[order]]
player = "red"
kind = "move"
group = "A"
to = "5,4"
"#;
    let sc = TurnScenario::parse(text).expect("the scenario parses");
    let (state, _) = sc.run().expect("the orders are accepted");
    let holder = state
        .units
        .iter()
        .find(|u| u.at == sq(5, 4))
        .expect("a group holds 5,4");
    let moved = moved(text);
    assert_eq!(
        moved.len(),
        1,
        "only the group with an order has a move event"
    );
    assert_eq!(moved[0]["outcome"], "bounced");
    assert_eq!(moved[0]["from"], json!([5, 5]));
    assert_eq!(
        moved[0]["setback"],
        json!({"cause": "outvoted", "at": [5, 4], "winner": holder.id, "by": "stationary", "hostile": false})
    );
}
