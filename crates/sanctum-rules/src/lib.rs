//! The rules of *Sanctum: Strategy, Sorcery, Subterfuge*, as a pure library.
//!
//! Nothing in this crate reads files, talks to the network, looks at a clock or draws
//! from an ambient random source: every random choice comes from a [`rng::GameRng`]
//! that the caller seeds and passes in.

pub mod board;
pub mod cards;
pub mod decks;
pub mod game;
pub mod groups;
pub mod mana;
pub mod map;
pub mod movement;
pub mod player;
pub mod realm;
pub mod rng;
pub mod scenario;
pub mod square;
pub mod stats;
pub mod terrain;

pub use board::{Board, Layout};
pub use groups::{Capabilities, Control, Field, Group, StandardRules};
pub use map::{GameMap, Generator, MapStats, Structure, StructureKind};
pub use movement::{Outcome, Phase, Resolution};
pub use player::{Player, Side};
pub use realm::{Realm, RealmChoice};
pub use rng::GameRng;
pub use scenario::{Scenario, ScenarioError};
pub use square::{Square, sq};
pub use terrain::Terrain;
