//! The three players and the two sides that own a Sanctum.

use serde::{Deserialize, Serialize};

/// A player who owns a Sanctum: red or blue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Red,
    Blue,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Red, Side::Blue];

    /// The other side.
    pub const fn opponent(self) -> Side {
        match self {
            Side::Red => Side::Blue,
            Side::Blue => Side::Red,
        }
    }

    /// 0 for red, 1 for blue: an index into per-side arrays.
    pub const fn index(self) -> usize {
        match self {
            Side::Red => 0,
            Side::Blue => 1,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Side::Red => "red",
            Side::Blue => "blue",
        }
    }
}

/// Any of the three players; the neutral one is run by the computer and owns no Sanctum.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Player {
    Red,
    Blue,
    Neutral,
}

impl Player {
    pub const ALL: [Player; 3] = [Player::Red, Player::Blue, Player::Neutral];

    pub const fn name(self) -> &'static str {
        match self {
            Player::Red => "red",
            Player::Blue => "blue",
            Player::Neutral => "neutral",
        }
    }

    /// The side, for red and blue.
    pub const fn side(self) -> Option<Side> {
        match self {
            Player::Red => Some(Side::Red),
            Player::Blue => Some(Side::Blue),
            Player::Neutral => None,
        }
    }
}

impl From<Side> for Player {
    fn from(side: Side) -> Player {
        match side {
            Side::Red => Player::Red,
            Side::Blue => Player::Blue,
        }
    }
}
