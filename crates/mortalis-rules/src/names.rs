//! Name handling shared by every catalogue: ids are English snake_case,
//! Polish names (with or without diacritics) are accepted as aliases.

/// Interface language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// Polish.
    Pl,
    /// English.
    #[default]
    En,
}

impl Lang {
    /// Pick the Polish or the English text.
    pub fn pick<'a>(self, pl: &'a str, en: &'a str) -> &'a str {
        match self {
            Lang::Pl => pl,
            Lang::En => en,
        }
    }
}

/// Fold a user-typed name into a lookup key: lower case, Polish letters
/// without diacritics, spaces and hyphens as underscores, punctuation dropped.
pub fn normalize(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    for ch in input.trim().chars().flat_map(char::to_lowercase) {
        let folded = match ch {
            'ą' => 'a',
            'ć' => 'c',
            'ę' => 'e',
            'ł' => 'l',
            'ń' => 'n',
            'ó' => 'o',
            'ś' => 's',
            'ź' | 'ż' => 'z',
            ' ' | '-' | '_' => '_',
            c if c.is_ascii_alphanumeric() => c,
            _ => continue,
        };
        if folded == '_' && (out.is_empty() || out.ends_with('_')) {
            continue;
        }
        out.push(folded);
    }
    while out.ends_with('_') {
        out.pop();
    }
    out
}

/// Defines a catalogue enum: each variant has an id, a Polish and an English
/// name and optional extra aliases. Generates lookup, Display (the id),
/// serde as the id string, and the list of all variants.
macro_rules! catalogue {
    (
        $(#[$meta:meta])*
        pub enum $name:ident : $what:literal {
            $( $variant:ident = $id:literal, $pl:literal, $en:literal $(, [$($alias:literal),*])? ; )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $( #[doc = $en] $variant, )*
        }

        impl $name {
            /// Every entry, in catalogue order.
            pub const ALL: &'static [$name] = &[$($name::$variant),*];

            /// The English snake_case id.
            pub fn id(self) -> &'static str {
                match self { $( $name::$variant => $id, )* }
            }

            /// The display name in the given language.
            pub fn name(self, lang: $crate::names::Lang) -> &'static str {
                match self { $( $name::$variant => lang.pick($pl, $en), )* }
            }

            /// Look up by id, English name, Polish name or alias.
            pub fn lookup(input: &str) -> Option<$name> {
                let key = $crate::names::normalize(input);
                $(
                    if key == $id
                        || key == $crate::names::normalize($pl)
                        || key == $crate::names::normalize($en)
                        $( $( || key == $crate::names::normalize($alias) )* )?
                    {
                        return Some($name::$variant);
                    }
                )*
                None
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = $crate::names::UnknownName;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                $name::lookup(s).ok_or_else(|| $crate::names::UnknownName {
                    what: $what,
                    given: s.to_string(),
                    expected: $name::ALL.iter().map(|v| v.id()).collect::<Vec<_>>().join(", "),
                })
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.id())
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.id())
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = <String as ::serde::Deserialize>::deserialize(d)?;
                s.parse().map_err(::serde::de::Error::custom)
            }
        }
    };
}
pub(crate) use catalogue;

/// A name that matches no catalogue entry.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} `{given}` (expected one of: {expected})")]
pub struct UnknownName {
    /// Which catalogue was searched.
    pub what: &'static str,
    /// What was typed.
    pub given: String,
    /// The valid ids.
    pub expected: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_folds_polish_letters_and_spacing() {
        assert_eq!(normalize("Broń  Dwuręczna"), "bron_dwureczna");
        assert_eq!(normalize("„I co mi zrobisz?!”"), "i_co_mi_zrobisz");
        assert_eq!(normalize("Łowca-technologii"), "lowca_technologii");
        assert_eq!(normalize("heavy_rifle"), "heavy_rifle");
    }
}
