//! Cards designed from a name (S50–S59) whose rules need more than one turn.

use sanctum_rules::cards::CardId;
use sanctum_rules::game::{GameState, Order, Target};
use sanctum_rules::groups::{Control, Minion, RecruitClass};
use sanctum_rules::mana::House;
use sanctum_rules::terrain::Terrain;
use sanctum_rules::{Layout, Player, Side};

/// The order to cast card `id` on `target`, the card put in red's hand with `mana`.
fn red_casts(
    state: &mut GameState,
    id: &str,
    mana: sanctum_rules::mana::Mana,
    target: Target,
) -> Order {
    let card = CardId::from_name(id).expect("a card");
    let p = &mut state.players[Side::Red.index()];
    p.hand = vec![card];
    p.mana = mana;
    Order::Cast { card, target }
}

#[test]
fn a_parted_sea_is_dry_the_turn_of_casting_and_the_next_then_water_again() {
    // research §11: Parted Sea (1 Order); S55.
    let mut state = GameState::empty(Layout::Classic, [House::Nature, House::War], 4);
    let sea = sanctum_rules::sq(6, 6);
    state.field.set_terrain(sea, Terrain::Water);
    let cast = red_casts(
        &mut state,
        "parted_sea",
        House::Nature.cost(0, 1),
        Target::Square { at: sea },
    );
    state
        .play_turn(&[vec![cast], vec![]])
        .expect("a legal cast");
    assert_eq!(state.field.terrain(sea), Terrain::Plains, "parted");
    let events = state.play_turn(&[vec![], vec![]]).expect("no orders");
    assert_eq!(state.field.terrain(sea), Terrain::Water, "the sea closes");
    // seed 002: a conjuration ends on its own after its turns, with an event that says so.
    let parted = CardId::from_name("parted_sea").expect("a card");
    assert!(
        events.iter().any(|e| matches!(
            e,
            sanctum_rules::game::Event::SpellExpired { card, .. } if *card == parted
        )),
        "the conjuration expired: {events:?}"
    );
    assert!(state.active.iter().all(|a| a.host
        != sanctum_rules::game::state::Host::Square { at: sea }
        || a.spell == sanctum_rules::game::state::SpellRef::Terrain));
}

#[test]
fn a_cessao_spiral_spares_its_casters_groups() {
    // S58: the spiral swallows a group of another player only.
    let mut state = GameState::empty(Layout::Classic, [House::Body, House::War], 5);
    let at = sanctum_rules::sq(6, 6);
    let cast = red_casts(
        &mut state,
        "cessao_spiral",
        House::Body.cost(3, 1),
        Target::Square { at },
    );
    state
        .play_turn(&[vec![cast], vec![]])
        .expect("a legal cast");
    let own = vec![Minion::recruit(RecruitClass::Swordsman, None, 1, false); 2];
    let g = state.create_group(Player::Red, Control::Player, at, own);
    state.play_turn(&[vec![], vec![]]).expect("no orders");
    assert!(state.unit(g).is_some(), "the caster's group stays");
    let spirals = state
        .active
        .iter()
        .filter(|a| matches!(a.spell, sanctum_rules::game::state::SpellRef::Card(c) if c.key() == "cessao_spiral"))
        .count();
    assert_eq!(spirals, 1, "the spiral stays open");
}

#[test]
fn husks_gather_into_one_group_while_they_stay_on_the_square() {
    // research §6: Husks generate monsters, "possibly large groups"; S59.
    let mut state = GameState::empty(Layout::Classic, [House::Abomination, House::War], 6);
    let at = sanctum_rules::sq(6, 6);
    let cast = red_casts(
        &mut state,
        "husks",
        House::Abomination.cost(3, 1),
        Target::Square { at },
    );
    state
        .play_turn(&[vec![cast], vec![]])
        .expect("a legal cast");
    state.play_turn(&[vec![], vec![]]).expect("no orders");
    let u = state.unit_at(at).expect("husks on the square");
    assert_eq!(u.group.size(), 2, "the second husk joined the first");
    assert_eq!(u.group.owner, Player::Red);
}
