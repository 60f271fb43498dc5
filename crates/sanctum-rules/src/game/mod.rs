//! The whole game of Sanctum: state, orders, the turn, combat, views and logs.
//!
//! One reducer, [`GameState::play_turn`] (pure form: [`resolve_turn`]), takes both
//! players' orders and returns the events of the turn; all randomness comes from the
//! generator held in the state. `docs/rules/game.md` and `docs/rules/combat.md` give
//! the rulings that fill what the sources leave open.

pub mod boardhop;
pub mod chaos;
pub mod combat;
pub mod effects;
pub mod events;
pub mod founding;
pub mod gifts;
pub mod homeland;
pub mod items;
pub mod lands;
pub mod leaving;
pub mod log;
pub mod mechanisms;
pub mod offboard;
pub mod orders;
pub mod requirements;
pub mod scenario;
pub mod spells;
pub mod start;
pub mod state;
pub mod sundry;
pub mod targeting;
pub mod turn;
pub mod upheaval;
pub mod validate;
pub mod view;

pub use events::{AttackMode, Event};
pub use log::{GameLog, ReplayError, state_hash};
pub use orders::{Order, OrderBuilder, OrderError, Rejected, Target, TrainAs, legal_targets};
pub use state::{DeckChoice, EndReason, GameOutcome, GameState, Setup, SetupError, Unit};
pub use turn::{TurnOrders, resolve_turn};
pub use validate::validate;
pub use view::{PlayerView, PublicView, events_for, spectator_view, view};
