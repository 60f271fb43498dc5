//! The terminal shared by every command that asks a person: one trimmed
//! line of stdin at a time, why no line came, dice typed one per line
//! (`roll --ask`, a campaign's `--dice typed`), and dice errors in the
//! interface's language.

use mortalis_rules::Lang;
use mortalis_rules::dice::{DiceError, DiceSource};

/// One line of stdin, trimmed; `Ok(None)` at the end of input. A failed
/// read (or bytes that are not UTF-8) is an error of its own, so that it
/// is not mistaken for the player having nothing more to say. Stdin is
/// locked only for the read, so prompts and dice may take turns with it.
pub(crate) fn read_line() -> std::io::Result<Option<String>> {
    let mut line = String::new();
    match std::io::stdin().read_line(&mut line)? {
        0 => Ok(None),
        _ => Ok(Some(line.trim().to_string())),
    }
}

/// Why stdin gave no line: its end, or a failed read.
pub(crate) fn no_line(e: Option<&std::io::Error>, lang: Lang) -> String {
    match e {
        None => lang
            .pick(
                "brak odpowiedzi (koniec wejścia)",
                "no answer (end of input)",
            )
            .to_string(),
        Some(e) => format!(
            "{}: {}",
            lang.pick("nie udało się odczytać stdin", "stdin could not be read"),
            crate::io_pl::reason(e, lang)
        ),
    }
}

/// A dice error said in `lang`: a typed value out of range, dice that ran
/// out, or a die that could not be read.
pub(crate) fn dice_error(e: &DiceError, lang: Lang) -> String {
    match (e, lang) {
        (DiceError::OutOfRange(v), Lang::Pl) => {
            format!("wartość kości {v} nie mieści się w zakresie od 1 do 6")
        }
        (DiceError::Exhausted(n), Lang::Pl) => {
            format!("zabrakło wpisanych kości (potrzebna była kość nr {n})")
        }
        (DiceError::Unreadable { die, reason }, Lang::Pl) => {
            format!("nie udało się odczytać kości nr {die}: {reason}")
        }
        (e, Lang::En) => e.to_string(),
    }
}

/// Dice typed at the terminal, one per line, each prompted on stderr and
/// preceded by what the roll is for. A line that is not 1–6 is asked again.
pub(crate) struct PromptDice {
    lang: Lang,
    asked: usize,
}

impl PromptDice {
    /// No die asked yet.
    pub(crate) fn new(lang: Lang) -> Self {
        PromptDice { lang, asked: 0 }
    }
}

impl DiceSource for PromptDice {
    fn label(&mut self, pl: &str, en: &str) {
        eprintln!("{}", self.lang.pick(pl, en));
    }

    fn d6(&mut self) -> Result<u8, DiceError> {
        self.asked += 1;
        loop {
            eprint!("{} {} (1-6): ", self.lang.pick("Kość", "Die"), self.asked);
            let line = match read_line() {
                Ok(Some(line)) => line,
                Ok(None) => return Err(DiceError::Exhausted(self.asked)),
                Err(e) => {
                    return Err(DiceError::Unreadable {
                        die: self.asked,
                        reason: crate::io_pl::reason(&e, self.lang),
                    });
                }
            };
            match line.parse::<u8>() {
                Ok(v @ 1..=6) => return Ok(v),
                _ => eprintln!(
                    "{}",
                    self.lang
                        .pick("Podaj liczbę od 1 do 6.", "Type a number from 1 to 6.")
                ),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_errors_are_said_in_either_language() {
        let cases = [
            (DiceError::OutOfRange(9), "9", "9"),
            (DiceError::Exhausted(3), "nr 3", "number 3"),
            (
                DiceError::Unreadable {
                    die: 2,
                    reason: "x".into(),
                },
                "kości nr 2: x",
                "die number 2 could not be read: x",
            ),
        ];
        for (e, pl, en) in cases {
            let said_pl = dice_error(&e, Lang::Pl);
            assert!(said_pl.contains(pl), "{said_pl}");
            assert!(!said_pl.contains("die"), "English left in {said_pl}");
            assert!(dice_error(&e, Lang::En).contains(en));
        }
    }
}
