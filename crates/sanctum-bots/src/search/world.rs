//! Determinisation: one world the hidden cards could make, sampled from what a view
//! allows.
//!
//! A view shows the own hand and Whirlpool and, of the opponent, only its house and how
//! many cards it holds in hand and deck. The cards a house plays are guessed from the
//! starter decks of that house (as a multiset, so a card the starters hold three times
//! is three times as likely), else from the pool's cards of that house, else from the
//! whole pool. The opponent's hand and deck, and the order of the own deck (the own
//! house's guess less the cards seen in hand and Whirlpool), are drawn from it.

use std::sync::OnceLock;

use sanctum_rules::cards::CardId;
use sanctum_rules::decks::{Deck, starter_names};
use sanctum_rules::game::{GameState, PlayerView};
use sanctum_rules::mana::House;
use sanctum_rules::rng::GameRng;

/// Each starter deck's house and cards, parsed once.
fn starters() -> &'static [(House, Vec<CardId>)] {
    static STARTERS: OnceLock<Vec<(House, Vec<CardId>)>> = OnceLock::new();
    STARTERS.get_or_init(|| {
        starter_names()
            .into_iter()
            .filter_map(|name| Deck::starter(name)?.ok())
            .map(|deck| (deck.house, deck.card_list()))
            .collect()
    })
}

/// The cards a deck of `house` is guessed to hold, with repeats.
pub fn guessed_pool(house: House) -> Vec<CardId> {
    let from_starters: Vec<CardId> = starters()
        .iter()
        .filter(|(h, _)| *h == house)
        .flat_map(|(_, cards)| cards.iter().copied())
        .collect();
    if !from_starters.is_empty() {
        return from_starters;
    }
    let of_house: Vec<CardId> = CardId::all().filter(|c| c.def().house == house).collect();
    if !of_house.is_empty() {
        return of_house;
    }
    CardId::all().collect()
}

/// `n` cards drawn without replacement from `pool` (shuffled), starting over with a
/// fresh shuffle when it runs out.
fn draw(pool: &[CardId], n: usize, rng: &mut GameRng) -> Vec<CardId> {
    let mut out = Vec::with_capacity(n);
    if pool.is_empty() {
        return out;
    }
    let mut bag: Vec<CardId> = Vec::new();
    while out.len() < n {
        if bag.is_empty() {
            bag = pool.to_vec();
            rng.shuffle(&mut bag);
        }
        out.extend(bag.pop());
    }
    out
}

/// One world consistent with `view`: `base` (the state built from the view) with the
/// opponent's hand and deck and the own deck filled in by sampling, and a fresh
/// generator for the dice. Nothing but the view goes in.
pub fn sample(view: &PlayerView, base: &GameState, rng: &mut GameRng) -> GameState {
    let mut w = base.clone();
    let me = view.side;
    let them = me.opponent();
    let theirs = guessed_pool(view.opponent.house);
    let held = draw(
        &theirs,
        view.opponent.hand_size + view.opponent.deck_size,
        rng,
    );
    let (hand, deck) = held.split_at(view.opponent.hand_size.min(held.len()));
    let p = &mut w.players[them.index()];
    p.hand = hand.to_vec();
    p.deck = deck.to_vec();
    p.revolving = p
        .hand
        .iter()
        .filter(|c| c.def().revolver)
        .map(|&c| (c, 1))
        .collect();
    let mut mine = guessed_pool(view.me.house);
    for seen in view.me.hand.iter().chain(&view.me.whirlpool) {
        if let Some(k) = mine.iter().position(|c| c == seen) {
            mine.swap_remove(k);
        }
    }
    mine.sort();
    w.players[me.index()].deck = draw(&mine, view.me.deck_size, rng);
    w.rng = GameRng::from_seed(rng.next_u64());
    w
}
