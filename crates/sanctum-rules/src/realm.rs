//! Realms: town counts, default terrain and the terrain distribution of Table 1.

use serde::{Deserialize, Serialize};

use crate::terrain::Terrain;

/// One of the five realms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Realm {
    Veldt,
    Volgaria,
    Badlands,
    GreatFrost,
    Arboria,
}

/// What the player asked for: a realm, or `random` (one of the five, drawn by the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RealmChoice {
    Realm(Realm),
    Random,
}

/// How many towns a game has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TownCount {
    Fixed(u8),
    /// Drawn uniformly from `min..=max`.
    Between(u8, u8),
}

impl TownCount {
    pub fn mean(self) -> f64 {
        match self {
            TownCount::Fixed(n) => n as f64,
            TownCount::Between(a, b) => (a as f64 + b as f64) / 2.0,
        }
    }
}

/// Table 1 row of a realm: the mean count of each terrain over the 84 non-reserved
/// squares, in half squares (so 19.5 forests is 39).
#[derive(Clone, Copy, Debug)]
pub struct RealmInfo {
    pub realm: Realm,
    pub towns: TownCount,
    pub default_terrain: Terrain,
    pub mean_half_counts: &'static [(Terrain, u16)],
}

use Terrain::*;

const TABLE_1: [RealmInfo; 5] = [
    RealmInfo {
        realm: Realm::Veldt,
        towns: TownCount::Fixed(5),
        default_terrain: Plains,
        mean_half_counts: &[
            (Plains, 114),
            (Forest, 39),
            (Water, 8),
            (Mountain, 5),
            (Desert, 1),
            (Swamp, 1),
        ],
    },
    RealmInfo {
        realm: Realm::Volgaria,
        towns: TownCount::Fixed(5),
        default_terrain: BarrenLand,
        mean_half_counts: &[
            (BarrenLand, 114),
            (Forest, 39),
            (Water, 8),
            (Mountain, 5),
            (Desert, 1),
            (Swamp, 1),
        ],
    },
    RealmInfo {
        realm: Realm::Badlands,
        towns: TownCount::Between(4, 6),
        default_terrain: BarrenLand,
        mean_half_counts: &[
            (BarrenLand, 110),
            (Lava, 30),
            (Volcano, 12),
            (Mountain, 9),
            (Desert, 4),
            (Void, 3),
        ],
    },
    RealmInfo {
        realm: Realm::GreatFrost,
        towns: TownCount::Between(4, 6),
        default_terrain: Plains,
        mean_half_counts: &[(Ice, 64), (Plains, 64), (Forest, 30), (Volcano, 10)],
    },
    RealmInfo {
        realm: Realm::Arboria,
        towns: TownCount::Between(4, 6),
        default_terrain: Plains,
        mean_half_counts: &[(Forest, 114), (Plains, 44), (Swamp, 8), (Water, 2)],
    },
];

impl Realm {
    pub const ALL: [Realm; 5] = [
        Realm::Veldt,
        Realm::Volgaria,
        Realm::Badlands,
        Realm::GreatFrost,
        Realm::Arboria,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Realm::Veldt => "veldt",
            Realm::Volgaria => "volgaria",
            Realm::Badlands => "badlands",
            Realm::GreatFrost => "great_frost",
            Realm::Arboria => "arboria",
        }
    }

    pub fn info(self) -> &'static RealmInfo {
        &TABLE_1[self as usize]
    }
}

impl RealmChoice {
    /// Names accepted on the command line, `random` last.
    pub const NAMES: [&'static str; 6] = [
        "veldt",
        "volgaria",
        "badlands",
        "great_frost",
        "arboria",
        "random",
    ];

    pub fn from_name(name: &str) -> Option<RealmChoice> {
        if name == "random" {
            return Some(RealmChoice::Random);
        }
        Realm::ALL
            .into_iter()
            .find(|r| r.name() == name)
            .map(RealmChoice::Realm)
    }

    pub const fn name(self) -> &'static str {
        match self {
            RealmChoice::Realm(r) => r.name(),
            RealmChoice::Random => "random",
        }
    }

    /// The town count of the choice; `random` has 4–6 whatever realm it draws.
    pub fn towns(self) -> TownCount {
        match self {
            RealmChoice::Realm(r) => r.info().towns,
            RealmChoice::Random => TownCount::Between(4, 6),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_of_table_1_sums_to_84_squares() {
        for realm in Realm::ALL {
            let info = realm.info();
            assert_eq!(info.realm, realm);
            let total: u16 = info.mean_half_counts.iter().map(|&(_, n)| n).sum();
            assert_eq!(total, 168, "{}", realm.name());
            assert!(
                info.mean_half_counts
                    .iter()
                    .any(|&(t, _)| t == info.default_terrain)
            );
        }
    }
}
