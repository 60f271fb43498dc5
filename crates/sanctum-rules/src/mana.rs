//! Mana types, mana pools, and the twelve houses with their nations.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::groups::Nation;

/// The six mana types, in three opposed pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ManaType {
    Order,
    Strife,
    Clarity,
    Mystery,
    Will,
    World,
}

impl ManaType {
    pub const ALL: [ManaType; 6] = [
        ManaType::Order,
        ManaType::Strife,
        ManaType::Clarity,
        ManaType::Mystery,
        ManaType::Will,
        ManaType::World,
    ];

    /// The opposed type: Order/Strife, Clarity/Mystery, Will/World.
    pub const fn opposite(self) -> ManaType {
        match self {
            ManaType::Order => ManaType::Strife,
            ManaType::Strife => ManaType::Order,
            ManaType::Clarity => ManaType::Mystery,
            ManaType::Mystery => ManaType::Clarity,
            ManaType::Will => ManaType::World,
            ManaType::World => ManaType::Will,
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn name(self) -> &'static str {
        match self {
            ManaType::Order => "order",
            ManaType::Strife => "strife",
            ManaType::Clarity => "clarity",
            ManaType::Mystery => "mystery",
            ManaType::Will => "will",
            ManaType::World => "world",
        }
    }

    pub fn from_name(name: &str) -> Option<ManaType> {
        ManaType::ALL.into_iter().find(|m| m.name() == name)
    }
}

/// An amount of each mana type. Never negative: paying more than there is fails.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Mana(pub [u16; 6]);

impl Mana {
    pub fn get(&self, t: ManaType) -> u16 {
        self.0[t.index()]
    }

    pub fn add(&mut self, t: ManaType, n: u16) {
        let v = &mut self.0[t.index()];
        *v = v.saturating_add(n);
    }

    pub fn add_all(&mut self, other: &Mana) {
        for t in ManaType::ALL {
            self.add(t, other.get(t));
        }
    }

    /// Whether `cost` can be paid from this pool.
    pub fn covers(&self, cost: &Mana) -> bool {
        self.0
            .iter()
            .zip(cost.0.iter())
            .all(|(have, need)| have >= need)
    }

    /// Pays `cost`, or leaves the pool unchanged and returns false.
    pub fn pay(&mut self, cost: &Mana) -> bool {
        if !self.covers(cost) {
            return false;
        }
        for (have, need) in self.0.iter_mut().zip(cost.0.iter()) {
            *have -= need;
        }
        true
    }

    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }
}

impl fmt::Display for Mana {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = ManaType::ALL
            .iter()
            .filter(|t| self.get(**t) > 0)
            .map(|t| format!("{} {}", self.get(*t), t.name()))
            .collect();
        if parts.is_empty() {
            write!(f, "none")
        } else {
            write!(f, "{}", parts.join(", "))
        }
    }
}

/// Written as a map from type name to amount, zero amounts left out.
impl Serialize for Mana {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let n = ManaType::ALL.iter().filter(|t| self.get(**t) > 0).count();
        let mut map = ser.serialize_map(Some(n))?;
        for t in ManaType::ALL {
            if self.get(t) > 0 {
                map.serialize_entry(t.name(), &self.get(t))?;
            }
        }
        map.end()
    }
}

/// The twelve houses. Each is a pair of non-opposed mana types and has a nation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum House {
    Abomination,
    Body,
    Death,
    Despair,
    Hope,
    Justice,
    Life,
    Making,
    Mind,
    Nature,
    Unmaking,
    War,
}

/// One row of the houses table.
#[derive(Clone, Copy, Debug)]
pub struct HouseInfo {
    pub house: House,
    pub name: &'static str,
    pub primary: ManaType,
    pub secondary: ManaType,
    pub nation: Nation,
}

const fn row(
    house: House,
    name: &'static str,
    primary: ManaType,
    secondary: ManaType,
    nation: Nation,
) -> HouseInfo {
    HouseInfo {
        house,
        name,
        primary,
        secondary,
        nation,
    }
}

use ManaType::{Clarity, Mystery, Order, Strife, Will, World};

/// The houses, their mana types and nations (stated by the rules site).
pub const HOUSES: [HouseInfo; 12] = [
    row(
        House::Abomination,
        "abomination",
        Will,
        Strife,
        Nation::Imps,
    ),
    row(House::Body, "body", World, Mystery, Nation::Cyclopes),
    row(House::Death, "death", Mystery, Will, Nation::Keepers),
    row(House::Despair, "despair", Mystery, Strife, Nation::Shadows),
    row(House::Hope, "hope", Clarity, Order, Nation::Visions),
    row(House::Justice, "justice", Order, Mystery, Nation::Gargoyles),
    row(House::Life, "life", Clarity, World, Nation::Elves),
    row(House::Making, "making", Order, Will, Nation::Dwarves),
    row(House::Mind, "mind", Will, Clarity, Nation::Djinni),
    row(House::Nature, "nature", World, Order, Nation::Satyrs),
    row(House::Unmaking, "unmaking", Strife, World, Nation::Misfits),
    row(House::War, "war", Strife, Clarity, Nation::Humans),
];

impl House {
    pub const ALL: [House; 12] = [
        House::Abomination,
        House::Body,
        House::Death,
        House::Despair,
        House::Hope,
        House::Justice,
        House::Life,
        House::Making,
        House::Mind,
        House::Nature,
        House::Unmaking,
        House::War,
    ];

    pub const fn info(self) -> &'static HouseInfo {
        &HOUSES[self as usize]
    }

    pub const fn name(self) -> &'static str {
        self.info().name
    }

    pub const fn primary(self) -> ManaType {
        self.info().primary
    }

    pub const fn secondary(self) -> ManaType {
        self.info().secondary
    }

    pub const fn nation(self) -> Nation {
        self.info().nation
    }

    /// Whether a mana type is one of the house's two.
    pub fn has(self, t: ManaType) -> bool {
        self.primary() == t || self.secondary() == t
    }

    pub fn from_name(name: &str) -> Option<House> {
        House::ALL.into_iter().find(|h| h.name() == name)
    }

    /// A cost of `primary` + `secondary` in this house's types.
    pub fn cost(self, primary: u8, secondary: u8) -> Mana {
        let mut m = Mana::default();
        m.add(self.primary(), primary as u16);
        m.add(self.secondary(), secondary as u16);
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twelve_houses_are_the_twelve_non_opposed_pairs() {
        let mut pairs = std::collections::BTreeSet::new();
        for (i, h) in HOUSES.iter().enumerate() {
            assert_eq!(h.house as usize, i, "table order");
            assert_ne!(h.primary.opposite(), h.secondary, "{}", h.name);
            assert_ne!(h.primary, h.secondary);
            let mut p = [h.primary, h.secondary];
            p.sort();
            assert!(pairs.insert(p), "{} repeats a pair", h.name);
        }
        let nations: std::collections::BTreeSet<_> =
            HOUSES.iter().map(|h| h.nation.name()).collect();
        assert_eq!(nations.len(), 12);
    }

    #[test]
    fn paying_never_goes_negative() {
        let mut pool = House::War.cost(2, 1);
        assert!(!pool.pay(&House::War.cost(3, 0)));
        assert_eq!(pool, House::War.cost(2, 1));
        assert!(pool.pay(&House::War.cost(2, 1)));
        assert_eq!(pool.total(), 0);
    }
}
