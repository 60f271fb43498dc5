//! Terrain types and what each one does to movement, in one table.
//!
//! The effects are applied by the movement and turn code; the data lives here so that
//! there is a single place to read or change it. `docs/rules/terrain.md` gives the
//! sources and the choices made where the sources are silent.

use serde::{Deserialize, Serialize};

/// The eleven terrain types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    Plains,
    Forest,
    Water,
    Mountain,
    Desert,
    Swamp,
    BarrenLand,
    Lava,
    Volcano,
    Void,
    Ice,
}

/// Which groups may enter a square of this terrain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crossing {
    /// Any group may enter.
    Open,
    /// Only groups with Mountainwalk (or Flight, which includes every walk).
    Mountainwalk,
    /// Only groups with Waterwalk (or Flight).
    Waterwalk,
}

/// What happens to a group that enters, and again after each start of turn to a group
/// that stands on the square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hazard {
    None,
    /// Each minion of the group takes this much damage; Flight avoids it.
    Damage(u8),
    /// The group dies unless it has Flight.
    Kill,
}

/// The movement-relevant facts about one terrain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TerrainRules {
    pub terrain: Terrain,
    pub crossing: Crossing,
    pub hazard: Hazard,
    /// A group that starts its move on this terrain may move up to two squares in a straight line.
    pub rapid: bool,
    /// Minions here are covered against individual spells.
    pub cover: bool,
    /// Whether the rules sources state the effect (`true`) or the project chose it (`false`).
    pub sourced: bool,
}

const fn rules(
    terrain: Terrain,
    crossing: Crossing,
    hazard: Hazard,
    rapid: bool,
    cover: bool,
    sourced: bool,
) -> TerrainRules {
    TerrainRules {
        terrain,
        crossing,
        hazard,
        rapid,
        cover,
        sourced,
    }
}

use Crossing::{Mountainwalk, Open, Waterwalk};

/// The table, in the order of [`Terrain::ALL`].
pub const TERRAIN_TABLE: [TerrainRules; 11] = [
    rules(Terrain::Plains, Open, Hazard::None, false, false, true),
    rules(Terrain::Forest, Open, Hazard::None, false, true, true),
    rules(Terrain::Water, Waterwalk, Hazard::None, false, false, true),
    rules(
        Terrain::Mountain,
        Mountainwalk,
        Hazard::None,
        false,
        false,
        true,
    ),
    rules(
        Terrain::Desert,
        Open,
        Hazard::Damage(1),
        false,
        false,
        false,
    ),
    rules(Terrain::Swamp, Open, Hazard::None, false, false, false),
    rules(Terrain::BarrenLand, Open, Hazard::None, false, false, true),
    rules(Terrain::Lava, Open, Hazard::Damage(3), false, false, false),
    rules(
        Terrain::Volcano,
        Mountainwalk,
        Hazard::Damage(2),
        false,
        false,
        false,
    ),
    rules(Terrain::Void, Open, Hazard::Kill, false, false, true),
    rules(Terrain::Ice, Open, Hazard::None, true, false, false),
];

impl Terrain {
    pub const ALL: [Terrain; 11] = [
        Terrain::Plains,
        Terrain::Forest,
        Terrain::Water,
        Terrain::Mountain,
        Terrain::Desert,
        Terrain::Swamp,
        Terrain::BarrenLand,
        Terrain::Lava,
        Terrain::Volcano,
        Terrain::Void,
        Terrain::Ice,
    ];

    /// The snake_case name used in every file and JSON document.
    pub const fn name(self) -> &'static str {
        match self {
            Terrain::Plains => "plains",
            Terrain::Forest => "forest",
            Terrain::Water => "water",
            Terrain::Mountain => "mountain",
            Terrain::Desert => "desert",
            Terrain::Swamp => "swamp",
            Terrain::BarrenLand => "barren_land",
            Terrain::Lava => "lava",
            Terrain::Volcano => "volcano",
            Terrain::Void => "void",
            Terrain::Ice => "ice",
        }
    }

    pub fn from_name(name: &str) -> Option<Terrain> {
        Terrain::ALL.into_iter().find(|t| t.name() == name)
    }

    /// Position in [`Terrain::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// This terrain's row of [`TERRAIN_TABLE`].
    pub const fn rules(self) -> &'static TerrainRules {
        &TERRAIN_TABLE[self as usize]
    }

    /// Whether a group with these abilities may enter. Flight includes every walk.
    pub fn can_enter(self, mountainwalk: bool, waterwalk: bool, flight: bool) -> bool {
        match self.rules().crossing {
            Crossing::Open => true,
            Crossing::Mountainwalk => mountainwalk || flight,
            Crossing::Waterwalk => waterwalk || flight,
        }
    }

    /// The hazard that applies to a group, after Flight is taken into account.
    pub fn hazard_for(self, flight: bool) -> Hazard {
        if flight {
            Hazard::None
        } else {
            self.rules().hazard
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_in_enum_order() {
        for (i, t) in Terrain::ALL.into_iter().enumerate() {
            assert_eq!(t.index(), i);
            assert_eq!(t.rules().terrain, t);
            assert_eq!(Terrain::from_name(t.name()), Some(t));
        }
    }
}
