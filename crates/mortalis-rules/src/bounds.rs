//! The range of every whole number read from a query, warband, report or
//! decisions file. Each key is read through one of the functions below
//! (`#[serde(deserialize_with = "...")]`), so a value outside its range is a
//! format error at the value's position, naming the key, the value and the
//! range: "`support` = 3000000000 is out of range (allowed: 0 to 6)".
//! The ranges are listed in [`RANGES`] and in docs/mortalis/formats.md.

use std::fmt;

use serde::Deserializer;
use serde::de::{self, Visitor};

/// The allowed range of one key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bound {
    /// The key as written in the file.
    pub key: &'static str,
    /// Smallest allowed value.
    pub min: i64,
    /// Largest allowed value.
    pub max: i64,
}

impl Bound {
    /// The error text for a value outside the range.
    fn out_of_range(self, value: impl fmt::Display) -> String {
        format!(
            "`{}` = {value} is out of range (allowed: {} to {})",
            self.key, self.min, self.max
        )
    }

    fn read<'de, D: Deserializer<'de>, T: TryFrom<i64>>(self, d: D) -> Result<T, D::Error> {
        let v = d.deserialize_i64(self)?;
        T::try_from(v).map_err(|_| de::Error::custom(self.out_of_range(v)))
    }
}

impl Visitor<'_> for Bound {
    type Value = i64;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "`{}`: a whole number from {} to {}",
            self.key, self.min, self.max
        )
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<i64, E> {
        if (self.min..=self.max).contains(&v) {
            Ok(v)
        } else {
            Err(E::custom(self.out_of_range(v)))
        }
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<i64, E> {
        match i64::try_from(v) {
            Ok(v) => self.visit_i64(v),
            Err(_) => Err(E::custom(self.out_of_range(v))),
        }
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<i64, E> {
        Err(E::custom(format!(
            "`{}` = {v} is not a whole number (allowed: {} to {})",
            self.key, self.min, self.max
        )))
    }
}

/// Defines the bounds and one deserializing function per key.
macro_rules! bounds {
    ($( $(#[$doc:meta])* $name:ident, $opt:ident: $t:ty = $key:literal, $min:expr, $max:expr; )*) => {
        /// Every bounded key, for documentation and tests.
        pub const RANGES: &[Bound] = &[ $( Bound { key: $key, min: $min, max: $max } ),* ];
        $(
            $(#[$doc])*
            pub(crate) fn $name<'de, D: Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                Bound { key: $key, min: $min, max: $max }.read(d)
            }
            /// The same, for an optional key.
            #[allow(dead_code)]
            pub(crate) fn $opt<'de, D: Deserializer<'de>>(d: D) -> Result<Option<$t>, D::Error> {
                $name(d).map(Some)
            }
        )*
    };
}

bounds! {
    /// Accuracy (C): a shot hits when 2d6 is lower, so 12 is the most that counts.
    accuracy, accuracy_opt: i32 = "accuracy", 0, 12;
    /// Fight (W): added to 2d6; may be negative. A gap of 11 already decides
    /// every roll.
    fight, fight_opt: i32 = "fight", -12, 12;
    /// Resilience (O) before armour and shield.
    resilience, resilience_opt: i32 = "resilience", 0, 12;
    /// Friendly models touching the opponent.
    support, support_opt: u32 = "support", 0, 6;
    /// A warband's budget in tk.
    budget, budget_opt: u32 = "budget", 0, 10_000;
    /// Experience (a model's extra XP, or XP agreed in a report).
    xp, xp_opt: u32 = "xp", 0, crate::campaign::MAX_XP as i64;
    /// Enemy models a model took out in one battle.
    took_out, took_out_opt: u32 = "took_out", 0, 20;
    /// Technology markers a model carried off the table.
    markers, markers_opt: u32 = "markers", 0, 20;
    /// Loot rolls the players agreed on.
    extra_loot, extra_loot_opt: u32 = "extra_loot", 0, 20;
    /// Volunteers fielded.
    volunteers, volunteers_opt: u32 = "volunteers", 0, 10;
    /// The opponent's strength.
    opponent_strength, opponent_strength_opt: u32 = "opponent_strength", 0, 10_000;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    struct T {
        #[serde(deserialize_with = "support")]
        support: u32,
        #[serde(default, deserialize_with = "fight_opt")]
        fight: Option<i32>,
    }

    fn parse(text: &str) -> Result<T, String> {
        toml::from_str::<T>(text).map_err(|e| e.message().to_string())
    }

    #[test]
    fn values_in_range_are_read() {
        let t = parse("support = 6\nfight = -12").unwrap();
        assert_eq!((t.support, t.fight), (6, Some(-12)));
        assert_eq!(parse("support = 0").unwrap().fight, None);
    }

    #[test]
    fn out_of_range_names_key_value_and_range() {
        for (text, value) in [
            ("support = 3000000000", "3000000000"),
            ("support = -1", "-1"),
            ("support = 7", "7"),
        ] {
            assert_eq!(
                parse(text).unwrap_err(),
                format!("`support` = {value} is out of range (allowed: 0 to 6)")
            );
        }
        assert_eq!(
            parse("support = 1e9").unwrap_err(),
            "`support` = 1000000000 is not a whole number (allowed: 0 to 6)"
        );
        assert!(parse("support = \"x\"").unwrap_err().contains("`support`"));
        let json: Result<T, _> = serde_json::from_str(r#"{"support": 18446744073709551615}"#);
        assert!(
            json.unwrap_err()
                .to_string()
                .starts_with("`support` = 18446744073709551615 is out of range")
        );
    }

    #[test]
    fn every_range_fits_its_type() {
        for b in RANGES {
            assert!(b.min <= b.max, "{b:?}");
            assert!(b.min >= i64::from(i32::MIN) && b.max <= i64::from(i32::MAX));
        }
    }
}
