//! Spell rules that need more than one turn: a spell cast one turn shapes what may be
//! ordered the next.

use sanctum_rules::cards::CardId;
use sanctum_rules::game::{GameState, Order, OrderError, Target, TrainAs, validate};
use sanctum_rules::groups::{Control, Minion, RecruitClass};
use sanctum_rules::mana::House;
use sanctum_rules::{Layout, Player, Side};

#[test]
fn an_ostracized_group_in_a_sanctum_takes_no_trained_recruit() {
    // seed 001: training is joining, and spells that prevent joining prevent it.
    let mut state = GameState::empty(Layout::Classic, [House::Despair, House::War], 1);
    let sanctum = state.field.sanctum(Side::Red);
    let recruits = vec![Minion::recruit(RecruitClass::Swordsman, None, 1, false); 2];
    state.create_group(Player::Red, Control::Player, sanctum, recruits);
    let cast = order_cast(
        &mut state,
        Side::Red,
        "ostracize",
        House::Despair.cost(2, 0),
        Target::Group { at: sanctum },
    );
    let train = Order::Train {
        at: sanctum,
        into: TrainAs::Swordsman,
    };
    state
        .play_turn(&[vec![cast], vec![]])
        .expect("a legal cast");
    state.field.set_novices(sanctum, 1);
    let refused = validate(&state, Side::Red, &[train]).expect_err("no joining");
    assert_eq!(refused.error, OrderError::CannotJoin(sanctum));
}

/// The first minion of group `g`: (id, hand damage shown, damage taken).
fn first_minion(state: &GameState, g: u32) -> (u32, u8, u8) {
    let m = &state.unit(g).expect("the group").group.minions()[0];
    (m.id, m.hand, m.damage)
}

#[test]
fn nihils_curse_lasts_the_turn_of_casting_and_the_next() {
    // research §5: Nihil's Minion lasts "turn of casting +1"; S34.
    let mut state = GameState::empty(Layout::Classic, [House::Despair, House::War], 3);
    let recruits = vec![Minion::recruit(RecruitClass::Swordsman, None, 1, false); 2];
    let g = state.create_group(
        Player::Blue,
        Control::Player,
        sanctum_rules::sq(8, 6),
        recruits,
    );
    let card = CardId::from_name("nihils_minion").expect("a card");
    state.players[0].hand = vec![card];
    state.players[0].mana = House::Despair.cost(3, 1);
    let (minion, hand, _) = first_minion(&state, g);
    assert_eq!(hand, 2);
    let cast = Order::Cast {
        card,
        target: Target::Minion {
            at: sanctum_rules::sq(8, 6),
            index: 0,
        },
    };
    state
        .play_turn(&[vec![cast], vec![]])
        .expect("a legal cast");
    assert_eq!(
        first_minion(&state, g),
        (minion, 0, 0),
        "cursed the turn after"
    );
    state.play_turn(&[vec![], vec![]]).expect("no orders");
    assert_eq!(first_minion(&state, g).1, 2, "the curse wore off");
}

#[test]
fn thermite_damage_burns_at_each_start_of_turn_and_does_not_stack() {
    // seed 002: Thermite Damage is a persistent visible helper; S34: one at a time.
    use sanctum_rules::game::state::{Host, SpellRef, Trophy};
    let mut state = GameState::empty(Layout::Classic, [House::War, House::War], 5);
    let recruits = vec![Minion::recruit(RecruitClass::Swordsman, None, 1, false)];
    let g = state.create_group(
        Player::Blue,
        Control::Player,
        sanctum_rules::sq(8, 6),
        recruits,
    );
    let (minion, _, _) = first_minion(&state, g);
    for _ in 0..2 {
        // What a Salamander's hit does, twice: the second finds one already burning.
        let mut events = Vec::new();
        sanctum_rules::game::gifts::give(&mut state, minion, Trophy::ThermiteDamage, &mut events);
    }
    let burning = |s: &GameState| {
        s.active
            .iter()
            .filter(|a| {
                a.spell == SpellRef::Trophy(Trophy::ThermiteDamage)
                    && a.host == (Host::Minion { minion })
            })
            .count()
    };
    assert_eq!(burning(&state), 1);
    state.play_turn(&[vec![], vec![]]).expect("no orders");
    assert_eq!(first_minion(&state, g).2, 1);
    state.play_turn(&[vec![], vec![]]).expect("no orders");
    assert_eq!(first_minion(&state, g).2, 2);
    assert_eq!(burning(&state), 1, "it lasts until dispelled");
}

#[test]
fn a_cessao_rift_spills_strangers_onto_its_empty_square() {
    // research §11: Cessao Rift — each start of turn, if empty, 20% chance a neutral
    // group of random nation, injury and enchantments appears; S35.
    let mut state = GameState::empty(Layout::Classic, [House::Body, House::War], 11);
    let rift = CardId::from_name("cessao_rift").expect("a card");
    state.players[0].hand = vec![rift];
    state.players[0].mana = House::Body.cost(2, 1);
    let at = sanctum_rules::sq(6, 6);
    let cast = Order::Cast {
        card: rift,
        target: Target::Square { at },
    };
    state
        .play_turn(&[vec![cast], vec![]])
        .expect("a legal cast");
    let mut turns = 1;
    while state.unit_at(at).is_none() && turns < 60 {
        state.play_turn(&[vec![], vec![]]).expect("no orders");
        turns += 1;
    }
    let u = state.unit_at(at).expect("the rift opened within 60 turns");
    assert_eq!(u.group.owner, Player::Neutral);
    let n = u.group.minions().len();
    assert!((1..=4).contains(&n), "{n} strangers");
    let nations: Vec<_> = u.group.minions().iter().map(|m| m.nation()).collect();
    assert!(nations.windows(2).all(|w| w[0] == w[1]), "one nation");
    assert!(
        u.group
            .minions()
            .iter()
            .all(|m| m.is_recruit() && m.damage <= 3)
    );
}

#[test]
fn a_deluge_floods_the_turn_of_casting_and_the_next_then_dries_to_plains() {
    // research §9: Deluge — non-water squares next to water become water for turn of
    // casting +1, then plains; S36.
    use sanctum_rules::terrain::Terrain;
    let mut state = GameState::empty(Layout::Classic, [House::Nature, House::War], 2);
    let (lake, shore, inland) = (
        sanctum_rules::sq(6, 6),
        sanctum_rules::sq(6, 7),
        sanctum_rules::sq(6, 8),
    );
    state.field.set_terrain(lake, Terrain::Water);
    state.field.set_terrain(inland, Terrain::Forest);
    let cast = order_cast(
        &mut state,
        Side::Red,
        "deluge",
        House::Nature.cost(3, 1),
        Target::Globe,
    );
    state
        .play_turn(&[vec![cast], vec![]])
        .expect("a legal cast");
    // Flooded through the turn of casting and the next one (it is now starting)...
    assert_eq!(state.field.terrain(shore), Terrain::Water);
    assert_eq!(state.field.terrain(inland), Terrain::Forest);
    // ...and dry when the turn after that starts.
    state.play_turn(&[vec![], vec![]]).expect("no orders");
    assert_eq!(state.field.terrain(shore), Terrain::Plains, "dried");
    assert_eq!(state.field.terrain(lake), Terrain::Water, "the lake stays");
}

#[test]
fn a_greymantle_hides_a_new_recruit_from_the_other_players_individual_spells() {
    // research §11: Clandestin — recruits created there get Greymantle (concealed)
    // for turn +4; S37.
    let mut state = GameState::empty(Layout::Classic, [House::Life, House::Unmaking], 4);
    let town = red_town(&mut state);
    state.field.set_novices(town, 1);
    let cast = order_cast(
        &mut state,
        Side::Red,
        "clandestin",
        House::Life.cost(2, 1),
        Target::Structure { at: town },
    );
    state
        .play_turn(&[vec![cast], vec![]])
        .expect("a legal cast");
    let train = Order::Train {
        at: town,
        into: TrainAs::Swordsman,
    };
    state
        .play_turn(&[vec![train], vec![]])
        .expect("a legal training");
    let curse = order_cast(
        &mut state,
        Side::Blue,
        "carapace",
        House::Unmaking.cost(1, 0),
        Target::Minion { at: town, index: 0 },
    );
    let refused = validate(&state, Side::Blue, &[curse]).expect_err("cloaked");
    assert!(
        format!("{:?}", refused.error).contains("concealed"),
        "{refused:?}"
    );
    // Its owner may still target it.
    let own = order_cast(
        &mut state,
        Side::Red,
        "carapace",
        House::Unmaking.cost(1, 0),
        Target::Minion { at: town, index: 0 },
    );
    assert!(validate(&state, Side::Red, &[own]).is_ok());
}

#[test]
fn a_bear_spirit_changes_shape_at_some_start_of_turn() {
    // research §11: Bear Spirit — 25% per start of turn to swap to/from a bear; S37.
    let mut state = GameState::empty(Layout::Classic, [House::Body, House::War], 9);
    let at = sanctum_rules::sq(6, 6);
    let g = state.create_group(
        Player::Red,
        Control::Player,
        at,
        vec![Minion::recruit(RecruitClass::Swordsman, None, 1, false)],
    );
    let cast = order_cast(
        &mut state,
        Side::Red,
        "bear_spirit",
        House::Body.cost(2, 1),
        Target::Minion { at, index: 0 },
    );
    state
        .play_turn(&[vec![cast], vec![]])
        .expect("a legal cast");
    let shape = |s: &GameState| {
        let m = &s.unit(g).expect("the group").group.minions()[0];
        (m.hand, m.attacks, m.armor)
    };
    let mut seen = vec![shape(&state)];
    for _ in 0..30 {
        state.play_turn(&[vec![], vec![]]).expect("no orders");
        seen.push(shape(&state));
    }
    assert!(seen.contains(&(2, 1, 1)), "its own shape: {seen:?}");
    assert!(seen.contains(&(3, 2, 0)), "a bear: {seen:?}");
    assert!(seen.iter().all(|s| *s == (2, 1, 1) || *s == (3, 2, 0)));
}

#[test]
fn when_the_ancient_king_dies_his_group_gains_legacy() {
    // research §11: Ancient King — on his death survivors gain Legacy (+1 level); S37.
    let mut state = GameState::empty(Layout::Classic, [House::Making, House::Unmaking], 6);
    let town = red_town(&mut state);
    let g = state.create_group(
        Player::Red,
        Control::Player,
        town,
        vec![Minion::recruit(RecruitClass::Archer, None, 1, false)],
    );
    let cast = order_cast(
        &mut state,
        Side::Red,
        "ancient_king",
        House::Making.cost(4, 2),
        Target::Structure { at: town },
    );
    state
        .play_turn(&[vec![cast], vec![]])
        .expect("a legal cast");
    let levels = |s: &GameState| -> Vec<u8> {
        s.unit(g)
            .expect("the group")
            .group
            .minions()
            .iter()
            .map(|m| m.level)
            .collect()
    };
    assert_eq!(levels(&state), [1, 2], "the archer and the King");
    let slay = order_cast(
        &mut state,
        Side::Blue,
        "disintegrate",
        House::Unmaking.cost(4, 2),
        Target::Minion { at: town, index: 1 },
    );
    state
        .play_turn(&[vec![], vec![slay]])
        .expect("a legal cast");
    assert_eq!(levels(&state), [2], "the archer inherits his Legacy");
}

/// A town of red's at 5,5.
fn red_town(state: &mut GameState) -> sanctum_rules::Square {
    let town = sanctum_rules::sq(5, 5);
    state.field.set_structure(
        town,
        Some(sanctum_rules::map::Structure {
            kind: sanctum_rules::map::StructureKind::Town,
            owner: Player::Red,
        }),
    );
    town
}

/// The order to cast card `id` on `target`, the card put in `side`'s hand with `mana`.
fn order_cast(
    state: &mut GameState,
    side: Side,
    id: &str,
    mana: sanctum_rules::mana::Mana,
    target: Target,
) -> Order {
    let card = CardId::from_name(id).expect("a card");
    let p = &mut state.players[side.index()];
    p.hand = vec![card];
    p.mana = mana;
    Order::Cast { card, target }
}

#[test]
fn a_dispel_cascades_when_possession_ends_and_a_friendly_spell_fails() {
    // seed 002: "Dispelling one spell may cause several others to immediately fail
    // their recheck". Red possesses a blue group and puts Scars of Kolekh (persistent
    // "on friendly") on one of its recruits; when the Possession leaves play the group
    // goes back to blue and the Scars fail their recheck in the same turn.
    use sanctum_rules::game::Event;
    let mut state = GameState::empty(Layout::Classic, [House::Mind, House::War], 3);
    let at = sanctum_rules::sq(7, 6);
    let recruits = vec![Minion::recruit(RecruitClass::Swordsman, None, 1, false); 2];
    state.create_group(Player::Blue, Control::Player, at, recruits);
    let possess = order_cast(
        &mut state,
        Side::Red,
        "possession",
        House::Mind.cost(4, 1),
        Target::Group { at },
    );
    state
        .play_turn(&[vec![possess], vec![]])
        .expect("a legal cast");
    assert_eq!(state.unit_at(at).map(|u| u.group.owner), Some(Player::Red));
    let scars = order_cast(
        &mut state,
        Side::Red,
        "scars_of_kolekh",
        House::Abomination.cost(2, 1),
        Target::Minion { at, index: 0 },
    );
    let mut events = state
        .play_turn(&[vec![scars], vec![]])
        .expect("a legal cast");
    let scars_card = CardId::from_name("scars_of_kolekh").expect("a card");
    let mut turns = 0;
    // Possession lasts the turn of casting and the next; it leaves at a start of turn.
    while state.unit_at(at).map(|u| u.group.owner) == Some(Player::Red) {
        turns += 1;
        assert!(turns < 4, "Possession ends");
        state.players[0].hand.clear();
        events = state.play_turn(&[vec![], vec![]]).expect("an empty turn");
    }
    let fell = events.iter().any(|e| {
        matches!(e, Event::SpellDispelled { card: Some(c), reason, .. }
            if *c == scars_card && reason.contains("caster's"))
    });
    assert!(fell, "the Scars fell at the recheck: {events:?}");
    assert!(
        !state
            .active
            .iter()
            .any(|a| a.spell == sanctum_rules::game::state::SpellRef::Card(scars_card)),
        "no Scars left in play"
    );
}

#[test]
fn a_hero_that_squanders_for_want_of_room_may_be_cast_again() {
    // seed 002: a squandered spell does not count as ever cast, so "only once per game"
    // allows another try. Lienna finds her town full (a group of eight stands in it).
    use sanctum_rules::game::Event;
    let mut state = GameState::empty(Layout::Classic, [House::Life, House::War], 4);
    let town = red_town(&mut state);
    let full = vec![Minion::recruit(RecruitClass::Swordsman, None, 1, false); 8];
    let g = state.create_group(Player::Red, Control::Player, town, full);
    let lienna = CardId::from_name("lienna").expect("a card");
    let cast = order_cast(
        &mut state,
        Side::Red,
        "lienna",
        lienna.def().cost(),
        Target::Structure { at: town },
    );
    let events = state
        .play_turn(&[vec![cast], vec![]])
        .expect("a legal cast");
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::SpellSquandered { card, .. } if *card == lienna)),
        "no room: squandered"
    );
    assert!(state.player(Side::Red).cast_once.is_empty(), "not counted");
    state.units.retain(|u| u.id != g);
    let again = order_cast(
        &mut state,
        Side::Red,
        "lienna",
        lienna.def().cost(),
        Target::Structure { at: town },
    );
    let events = state.play_turn(&[vec![again], vec![]]).expect("cast again");
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::HeroCreated { .. })),
        "the second try succeeds"
    );
    assert_eq!(state.player(Side::Red).cast_once, vec![lienna]);
}
