//! What one player may see of a game.
//!
//! The server, the bots and the client only ever get a [`PlayerView`]: the board,
//! every group and structure, the enchantments, the opponent's hand size, deck size
//! and mana — never the opponent's cards in hand, the order of either deck, the
//! opponent's unresolved orders (they are not in the state at all) or the mana types
//! the opponent wished for towns it may capture.

use serde::Serialize;

use crate::cards::CardId;
use crate::game::events::Event;
use crate::game::state::{ActiveSpell, GameOutcome, GameState, TownInfo, Unit};
use crate::groups::Field;
use crate::mana::{House, Mana, ManaType};
use crate::player::Side;
use crate::realm::Realm;
use crate::square::Square;

/// The viewer's own holdings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OwnView {
    pub house: House,
    pub hand: Vec<CardId>,
    pub deck_size: usize,
    pub whirlpool: Vec<CardId>,
    pub mana: Mana,
    pub sanctum_mana: Mana,
    pub next_turn_mana: Mana,
    pub discarded: bool,
    pub town_mana: Vec<(Square, ManaType)>,
    /// The M of each Revolver in the hand.
    pub revolving: Vec<(CardId, u8)>,
    /// The once-a-game cards (Heroes) this player has cast, so that a second copy in
    /// the hand is known to be spent.
    pub cast_once: Vec<CardId>,
}

/// What the viewer knows of the opponent's holdings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OpponentView {
    pub house: House,
    pub hand_size: usize,
    pub deck_size: usize,
    pub whirlpool_size: usize,
    pub mana: Mana,
}

/// One player's view of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    pub side: Side,
    pub turn: u32,
    pub realm: Realm,
    pub initiative: Side,
    pub field: Field,
    pub towns: Vec<TownInfo>,
    pub groups: Vec<Unit>,
    /// Visible active spells (enchantments) on every host.
    pub enchantments: Vec<ActiveSpell>,
    /// The minion tiles and squares drawn with the green aura: those with at least one
    /// enchantment (group sprites and the globe never show it, seed 002).
    pub auras: Vec<crate::game::state::Host>,
    pub me: OwnView,
    pub opponent: OpponentView,
    pub outcome: Option<GameOutcome>,
}

/// What a spectator may see: the board and both players' public holdings, never a
/// hand, a deck's order or a draw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PublicView {
    pub turn: u32,
    pub realm: Realm,
    pub initiative: Side,
    pub field: Field,
    pub towns: Vec<TownInfo>,
    pub groups: Vec<Unit>,
    pub enchantments: Vec<ActiveSpell>,
    pub auras: Vec<crate::game::state::Host>,
    /// Red's public holdings, then blue's.
    pub players: [OpponentView; 2],
    pub outcome: Option<GameOutcome>,
}

fn public_holdings(state: &GameState, side: Side) -> OpponentView {
    let p = state.player(side);
    OpponentView {
        house: p.house,
        hand_size: p.hand.len(),
        deck_size: p.deck.len(),
        whirlpool_size: p.whirlpool.len(),
        mana: p.mana,
    }
}

/// The view of someone who plays neither side.
pub fn spectator_view(state: &GameState) -> PublicView {
    PublicView {
        turn: state.turn,
        realm: state.realm,
        initiative: state.initiative,
        field: state.field.clone(),
        towns: state.towns.clone(),
        groups: state.units.clone(),
        enchantments: state.active.iter().filter(|a| a.visible).copied().collect(),
        auras: auras(state),
        players: [
            public_holdings(state, Side::Red),
            public_holdings(state, Side::Blue),
        ],
        outcome: state.outcome,
    }
}

/// The events of a turn as `viewer` may see them (`None`: a spectator, who sees
/// neither side's drawn or discarded cards).
pub fn events_for(events: &[Event], viewer: Option<Side>) -> Vec<Event> {
    events
        .iter()
        .map(|e| match viewer {
            Some(side) => e.seen_by(side),
            None => e.seen_by(Side::Red).seen_by(Side::Blue),
        })
        .collect()
}

/// Every minion and square carrying an enchantment, once each, in list order.
fn auras(state: &GameState) -> Vec<crate::game::state::Host> {
    use crate::game::state::Host;
    let mut out: Vec<Host> = Vec::new();
    for a in state.active.iter().filter(|a| a.visible) {
        if matches!(a.host, Host::Minion { .. } | Host::Square { .. }) && !out.contains(&a.host) {
            out.push(a.host);
        }
    }
    out
}

/// The view of `side`.
pub fn view(state: &GameState, side: Side) -> PlayerView {
    let me = state.player(side);
    PlayerView {
        side,
        turn: state.turn,
        realm: state.realm,
        initiative: state.initiative,
        field: state.field.clone(),
        towns: state.towns.clone(),
        groups: state.units.clone(),
        enchantments: state.active.iter().filter(|a| a.visible).copied().collect(),
        auras: auras(state),
        me: OwnView {
            house: me.house,
            hand: me.hand.clone(),
            deck_size: me.deck.len(),
            whirlpool: me.whirlpool.clone(),
            mana: me.mana,
            sanctum_mana: me.sanctum_mana,
            next_turn_mana: me.next_turn_mana,
            discarded: me.discarded,
            town_mana: me.town_mana.clone(),
            revolving: me.revolving.clone(),
            cast_once: me.cast_once.clone(),
        },
        opponent: public_holdings(state, side.opponent()),
        outcome: state.outcome,
    }
}

impl GameState {
    /// A state built from a player's view: the public board and the viewer's own
    /// holdings; the opponent's hand and deck are empty and the generator is a fixed
    /// stand-in. Enough to check and build the viewer's orders, as bots and clients do.
    pub fn from_view(v: &PlayerView) -> GameState {
        use crate::game::state::PlayerState;
        let mut me = PlayerState::new(v.me.house);
        me.hand = v.me.hand.clone();
        me.whirlpool = v.me.whirlpool.clone();
        me.mana = v.me.mana;
        me.sanctum_mana = v.me.sanctum_mana;
        me.next_turn_mana = v.me.next_turn_mana;
        me.discarded = v.me.discarded;
        me.town_mana = v.me.town_mana.clone();
        me.revolving = v.me.revolving.clone();
        me.cast_once = v.me.cast_once.clone();
        let mut them = PlayerState::new(v.opponent.house);
        them.mana = v.opponent.mana;
        let players = match v.side {
            Side::Red => [me, them],
            Side::Blue => [them, me],
        };
        let next_id = v
            .groups
            .iter()
            .flat_map(|u| std::iter::once(u.id).chain(u.group.minions().iter().map(|m| m.id)))
            .chain(v.enchantments.iter().map(|a| a.id))
            .max()
            .unwrap_or(0)
            + 1;
        GameState {
            turn: v.turn,
            realm: v.realm,
            field: v.field.clone(),
            towns: v.towns.clone(),
            units: v.groups.clone(),
            players,
            initiative: v.initiative,
            active: v.enchantments.clone(),
            rng: crate::rng::GameRng::from_seed(0),
            next_id,
            outcome: v.outcome,
            spell_orders: Vec::new(),
            away: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_hide_the_other_sides_draws_and_discards_and_spectators_see_none() {
        let card = CardId::from_name("fireball").expect("a card");
        let events = vec![
            Event::Drew {
                side: Side::Red,
                card: Some(card),
            },
            Event::Discarded {
                side: Side::Blue,
                card: Some(card),
            },
            Event::TurnStarted { turn: 2 },
        ];
        let red = events_for(&events, Some(Side::Red));
        assert_eq!(red[0], events[0]);
        assert_eq!(
            red[1],
            Event::Discarded {
                side: Side::Blue,
                card: None
            }
        );
        let spectator = events_for(&events, None);
        assert!(spectator.iter().all(|e| !matches!(
            e,
            Event::Drew { card: Some(_), .. } | Event::Discarded { card: Some(_), .. }
        )));
        assert_eq!(spectator[2], events[2]);
    }

    #[test]
    fn the_spectator_view_holds_no_hand() {
        let (state, _) = GameState::start(&crate::game::Setup::sample(3)).expect("a game");
        let json = serde_json::to_value(spectator_view(&state)).expect("json");
        assert!(json.get("me").is_none());
        for p in json["players"].as_array().expect("two players") {
            assert!(p.get("hand").is_none() && p.get("deck").is_none());
        }
        assert_eq!(
            spectator_view(&state).players[0].hand_size,
            state.players[0].hand.len()
        );
    }
    use crate::game::state::{Host, SpellRef};
    use crate::mana::House;

    #[test]
    fn auras_mark_enchanted_minions_and_squares_but_not_groups_or_the_globe() {
        let mut state = GameState::empty(crate::Layout::Classic, [House::War, House::War], 1);
        let card = crate::cards::CardId::from_name("carapace").expect("a card");
        let at = crate::sq(5, 5);
        let hosts = [
            Host::Minion { minion: 7 },
            Host::Minion { minion: 7 },
            Host::Square { at },
            Host::Group { group: 3 },
            Host::Globe,
        ];
        for host in hosts {
            state.add_active(SpellRef::Card(card), crate::Player::Red, host, None, true);
        }
        // A hidden helper gives no aura.
        state.add_active(
            SpellRef::Nation,
            crate::Player::Neutral,
            Host::Minion { minion: 9 },
            None,
            false,
        );
        let v = view(&state, Side::Blue);
        assert_eq!(
            v.auras,
            vec![Host::Minion { minion: 7 }, Host::Square { at }]
        );
    }
}
