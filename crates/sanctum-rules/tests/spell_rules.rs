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
    let ostracize = CardId::from_name("ostracize").expect("a card");
    state.players[0].hand = vec![ostracize];
    state.players[0].mana = House::Despair.cost(2, 0);
    let cast = Order::Cast {
        card: ostracize,
        target: Target::Group { at: sanctum },
    };
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
