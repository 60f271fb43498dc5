//! Characteristics S | W | C | O (Speed, Fight, Accuracy, Resilience),
//! the starting profiles and the maxima (rulebook: "Charakterystyki",
//! "Poziomy bohaterów", "Małe cwaniaki", "Zwierzaki bojowe").

use serde::Serialize;

/// A model's four characteristics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Profile {
    /// S: inches per Move action.
    pub speed: i32,
    /// W: added to the 2d6 melee roll; may be zero or negative.
    pub fight: i32,
    /// C: a shot hits when 2d6 is lower than it.
    pub accuracy: i32,
    /// O: survive a hit on 2d6 at or under it (before armour, see rulings).
    pub resilience: i32,
}

/// The four characteristics by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Characteristic {
    /// S.
    #[serde(alias = "szybkosc", alias = "szybkość", alias = "s")]
    Speed,
    /// W.
    #[serde(alias = "walka", alias = "w")]
    Fight,
    /// C.
    #[serde(alias = "celnosc", alias = "celność", alias = "c")]
    Accuracy,
    /// O.
    #[serde(alias = "odpornosc", alias = "odporność", alias = "o")]
    Resilience,
}

impl Characteristic {
    /// Advances allowed over a model's career.
    pub fn max_advances(self) -> i32 {
        match self {
            Characteristic::Speed | Characteristic::Resilience => 1,
            Characteristic::Fight | Characteristic::Accuracy => 3,
        }
    }

    /// Id.
    pub fn id(self) -> &'static str {
        match self {
            Characteristic::Speed => "speed",
            Characteristic::Fight => "fight",
            Characteristic::Accuracy => "accuracy",
            Characteristic::Resilience => "resilience",
        }
    }
}

impl Profile {
    /// Every model starts at S4 | W0 | C7 | O5.
    pub const START: Profile = Profile {
        speed: 4,
        fight: 0,
        accuracy: 7,
        resilience: 5,
    };
    /// The best a (man-sized) hero can reach by advances: S5 | W3 | C10 | O6.
    pub const MAX: Profile = Profile {
        speed: 5,
        fight: 3,
        accuracy: 10,
        resilience: 6,
    };
    /// Battle pets: S5 | W0 | C0 | O5.
    pub const PET: Profile = Profile {
        speed: 5,
        fight: 0,
        accuracy: 0,
        resilience: 5,
    };
    /// Volunteers: same as the starting profile.
    pub const VOLUNTEER: Profile = Profile::START;

    /// Small models ("Małe cwaniaki"): Speed +1, Resilience -1. Applies to
    /// the starting profile and to the maxima alike.
    pub fn small(self) -> Profile {
        Profile {
            speed: self.speed + 1,
            resilience: self.resilience - 1,
            ..self
        }
    }

    /// Read one characteristic.
    pub fn get(&self, c: Characteristic) -> i32 {
        match c {
            Characteristic::Speed => self.speed,
            Characteristic::Fight => self.fight,
            Characteristic::Accuracy => self.accuracy,
            Characteristic::Resilience => self.resilience,
        }
    }

    /// Change one characteristic.
    pub fn add(&mut self, c: Characteristic, by: i32) {
        match c {
            Characteristic::Speed => self.speed += by,
            Characteristic::Fight => self.fight += by,
            Characteristic::Accuracy => self.accuracy += by,
            Characteristic::Resilience => self.resilience += by,
        }
    }
}

impl std::fmt::Display for Profile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "S{}|W{}|C{}|O{}",
            self.speed, self.fight, self.accuracy, self.resilience
        )
    }
}

/// Experience thresholds of the 17 hero levels (50 XP at most).
pub const LEVEL_XP: [u32; 17] = [
    2, 4, 6, 8, 10, 13, 16, 19, 22, 25, 28, 31, 34, 38, 42, 46, 50,
];

/// Number of levels reached with `xp` experience points.
pub fn level_for_xp(xp: u32) -> usize {
    LEVEL_XP.iter().filter(|&&t| xp >= t).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maxima_are_start_plus_allowed_advances() {
        let mut p = Profile::START;
        for c in [
            Characteristic::Speed,
            Characteristic::Fight,
            Characteristic::Accuracy,
            Characteristic::Resilience,
        ] {
            p.add(c, c.max_advances());
        }
        assert_eq!(p, Profile::MAX);
        assert_eq!(Profile::START.small().to_string(), "S5|W0|C7|O4");
        assert_eq!(level_for_xp(4), 2);
        assert_eq!(level_for_xp(2), 1);
        assert_eq!(level_for_xp(50), 17);
    }
}
