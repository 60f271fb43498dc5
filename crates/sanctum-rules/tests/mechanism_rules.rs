//! Rules of the cards that needed a mechanism of their own (S42–S62) that take more
//! than one turn to show.

use sanctum_rules::cards::CardId;
use sanctum_rules::game::state::TownInfo;
use sanctum_rules::game::{GameState, Order, Target, TrainAs};
use sanctum_rules::groups::Nation;
use sanctum_rules::mana::House;
use sanctum_rules::map::{Structure, StructureKind};
use sanctum_rules::{Layout, Player, Side, sq};

fn cast(state: &mut GameState, side: Side, id: &str, target: Target) -> Order {
    let card = CardId::from_name(id).expect("a card");
    let p = &mut state.players[side.index()];
    p.hand = vec![card];
    p.mana = card.def().cost();
    Order::Cast { card, target }
}

/// A town of red's at `at`, captured on turn 1.
fn red_town(state: &mut GameState, at: sanctum_rules::Square) {
    state.field.set_structure(
        at,
        Some(Structure {
            kind: StructureKind::Town,
            owner: Player::Red,
        }),
    );
    state.towns.push(TownInfo {
        at,
        mana: None,
        captured: 1,
        guests: None,
    });
}

#[test]
fn allies_novices_are_trained_first_as_elves() {
    // research §4: Allies — two Elf novices in a friendly town (S42).
    let mut state = GameState::empty(Layout::Classic, [House::War, House::Death], 5);
    let at = sq(5, 5);
    red_town(&mut state, at);
    let order = cast(&mut state, Side::Red, "allies", Target::Structure { at });
    state
        .play_turn(&[vec![order], vec![]])
        .expect("a legal cast");
    assert_eq!(state.field.novices(at), 2);
    // One of the town's own arrives beside them.
    state.field.set_novices(at, 3);
    let train = Order::Train {
        at,
        into: TrainAs::Swordsman,
    };
    state.players[0].hand.clear();
    state
        .play_turn(&[vec![train; 3], vec![]])
        .expect("three legal trainings");
    let nations: Vec<Option<Nation>> = state
        .unit_at(at)
        .expect("the trained group")
        .group
        .minions()
        .iter()
        .map(|m| m.nation())
        .collect();
    assert_eq!(
        nations[..2],
        [Some(Nation::Elves), Some(Nation::Elves)],
        "the guests first"
    );
    assert_eq!(nations[2], Some(House::War.nation()), "then the town's own");
}

#[test]
fn a_dryads_recruit_is_reborn_at_the_start_of_the_third_turn() {
    // research §11: Dryad's Favors — a new recruit of the same nation and class appears
    // on that square at the start of turn of casting +3 (S49).
    use sanctum_rules::groups::{Control, Minion, RecruitClass};
    let mut state = GameState::empty(Layout::Classic, [House::Nature, House::War], 7);
    let at = sq(6, 6);
    let mut hurt = Minion::recruit(RecruitClass::Archer, Some(Nation::Satyrs), 3, false);
    hurt.damage = 4;
    state.create_group(Player::Red, Control::Player, at, vec![hurt]);
    let cast_turn = state.turn;
    let order = cast(
        &mut state,
        Side::Red,
        "dryads_favors",
        Target::Minion { at, index: 0 },
    );
    state
        .play_turn(&[vec![order], vec![]])
        .expect("a legal cast");
    assert!(state.unit_at(at).is_none(), "the recruit left the board");
    while state.turn < cast_turn + 3 {
        assert!(state.unit_at(at).is_none(), "not back before its turn");
        state.players[0].hand.clear();
        state.play_turn(&[vec![], vec![]]).expect("an empty turn");
    }
    let u = state.unit_at(at).expect("reborn on its square");
    let m = &u.group.minions()[0];
    assert_eq!(u.group.owner, Player::Red);
    assert_eq!(
        (m.class(), m.nation()),
        (Some(RecruitClass::Archer), Some(Nation::Satyrs))
    );
    assert_eq!((m.damage, m.level), (0, 1), "fresh, at level 1");
}

#[test]
fn an_encamped_group_returns_hurt_and_razes_its_camp() {
    // research §6: Encampment — the group disappears for the turn of casting +3; its
    // colony produces no novices, and is destroyed when the group returns (S60).
    use sanctum_rules::groups::{Control, Minion, RecruitClass};
    let mut state = GameState::empty(Layout::Classic, [House::War, House::Nature], 7);
    let at = sq(6, 6);
    let mut hurt = Minion::recruit(RecruitClass::Swordsman, Some(Nation::Humans), 1, false);
    hurt.damage = 2;
    let whole = Minion::recruit(RecruitClass::Swordsman, Some(Nation::Humans), 1, false);
    state.create_group(Player::Red, Control::Player, at, vec![hurt, whole]);
    let cast_turn = state.turn;
    let order = cast(&mut state, Side::Red, "encampment", Target::Group { at });
    state
        .play_turn(&[vec![order], vec![]])
        .expect("a legal cast");
    while state.turn < cast_turn + 3 {
        assert!(state.unit_at(at).is_none(), "camped off the board");
        let st = state.field.structure(at).expect("the camp");
        assert_eq!((st.kind, st.owner), (StructureKind::Colony, Player::Red));
        assert_eq!(state.field.novices(at), 0, "the camp trains no novices");
        state.players[0].hand.clear();
        state.play_turn(&[vec![], vec![]]).expect("an empty turn");
    }
    let u = state.unit_at(at).expect("back on its square");
    assert_eq!(u.group.owner, Player::Red);
    let damage: Vec<u8> = u.group.minions().iter().map(|m| m.damage).collect();
    assert_eq!(damage, vec![2, 0], "hurt as it left");
    assert!(state.field.structure(at).is_none(), "the camp is razed");
}

#[test]
fn a_town_under_ancestral_home_walks_home_a_square_for_each_training() {
    // research §4: Ancestral Home — whenever recruits are created in the town it moves
    // to an adjacent empty square, leaving plains; it stays untargetable (S62).
    use sanctum_rules::game::state::{Host, SpellRef};
    let mut state = GameState::empty(Layout::Classic, [House::Body, House::War], 9);
    let start = sq(6, 6);
    red_town(&mut state, start);
    let order = cast(
        &mut state,
        Side::Red,
        "ancestral_home",
        Target::Structure { at: start },
    );
    state
        .play_turn(&[vec![order], vec![]])
        .expect("a legal cast");
    let home = CardId::from_name("ancestral_home").expect("a card");
    let mut at = start;
    // The red Sanctum is at 3,2: from 6,6, 6,5 and 5,6 are as near and north comes
    // first; from 6,5, 6,4 (north) before 5,5 (west).
    for want in [sq(6, 5), sq(6, 4)] {
        state.field.set_novices(at, 1);
        state.players[0].hand.clear();
        let train = Order::Train {
            at,
            into: TrainAs::Swordsman,
        };
        state
            .play_turn(&[vec![train], vec![]])
            .expect("a legal training");
        let st = state.field.structure(want).expect("the town moved");
        assert_eq!((st.kind, st.owner), (StructureKind::Town, Player::Red));
        assert!(
            state.field.structure(at).is_none(),
            "the old square is open"
        );
        assert!(state.unit_at(at).is_some(), "the recruit stays behind");
        assert!(state.town(want).is_some(), "the town's record moved too");
        let card_there = state
            .active
            .iter()
            .any(|a| a.host == (Host::Square { at: want }) && a.spell == SpellRef::Card(home));
        assert!(card_there, "Ancestral Home moved with its town");
        // A transfer goes to the end of the new host's list: nothing on that square
        // was cast after it.
        let last = state
            .active
            .iter()
            .rfind(|a| a.host == (Host::Square { at: want }) && a.spell != SpellRef::Terrain);
        assert_eq!(last.map(|a| a.spell), Some(SpellRef::Card(home)));
        at = want;
    }
}

#[test]
fn chtai_exchange_does_nothing_when_a_recruit_has_nowhere_to_go() {
    // research §11: the leaving minion's new group is moved "somewhere else"; on a
    // board with no free square and no calm one, neither recruit leaves (S61).
    use sanctum_rules::game::Event;
    use sanctum_rules::groups::{Control, Minion, RecruitClass};
    let mut state = GameState::empty(Layout::Classic, [House::Mind, House::War], 11);
    let theirs = sq(6, 6);
    let mine = sq(5, 8);
    let two = || vec![Minion::recruit(RecruitClass::Swordsman, None, 1, false); 2];
    state.create_group(Player::Blue, Control::Player, theirs, two());
    state.create_group(Player::Red, Control::Player, mine, two());
    // Every other open square holds a wild monster: nowhere is free.
    let open: Vec<_> = state
        .field
        .board()
        .squares()
        .iter()
        .copied()
        .filter(|&s| state.unit_at(s).is_none() && state.field.structure(s).is_none())
        .collect();
    for s in open {
        state.create_group(
            Player::Neutral,
            Control::Computer,
            s,
            vec![Minion::monster("troll", 7)],
        );
    }
    let order = cast(
        &mut state,
        Side::Red,
        "chtai_exchange",
        Target::Minion {
            at: theirs,
            index: 0,
        },
    );
    let (_, events) =
        sanctum_rules::game::resolve_turn(&state, &[vec![order], vec![]]).expect("a legal cast");
    assert!(
        !events.iter().any(|e| matches!(e, Event::LeftGroup { .. })),
        "nobody left"
    );
    assert!(events.iter().any(|e| matches!(e, Event::SpellCast { .. })));
}
