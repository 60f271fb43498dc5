//! The operating system's reasons for a failed file or output operation,
//! in the interface's language. The system's own text is English; in a
//! Polish session the usual reasons are said in Polish with the system's
//! error number kept (so that it can still be looked up), and a reason
//! this does not know keeps the system's words.

use std::io::{Error, ErrorKind};

use mortalis_rules::Lang;

/// Why an operation failed, as [`Error`]'s own text says it, or in
/// Polish.
pub fn reason(e: &Error, lang: Lang) -> String {
    let polish = match (lang, e.kind()) {
        (Lang::En, _) => None,
        (Lang::Pl, kind) => polish(kind),
    };
    match (polish, e.raw_os_error(), e.get_ref()) {
        (Some(words), Some(code), _) => format!("{words} (błąd systemowy nr {code})"),
        // An error made with a message of its own (not the system's) keeps
        // that message: it says more than the kind does.
        (Some(words), None, Some(own)) => format!("{words} ({own})"),
        (Some(words), None, None) => words.to_string(),
        (None, _, _) => e.to_string(),
    }
}

/// The Polish words for the usual kinds of failure.
fn polish(kind: ErrorKind) -> Option<&'static str> {
    Some(match kind {
        ErrorKind::NotFound => "nie ma takiego pliku ani katalogu",
        ErrorKind::PermissionDenied => "brak uprawnień",
        ErrorKind::AlreadyExists => "plik już istnieje",
        ErrorKind::IsADirectory => "to katalog",
        ErrorKind::NotADirectory => "to nie jest katalog",
        ErrorKind::DirectoryNotEmpty => "katalog nie jest pusty",
        ErrorKind::ReadOnlyFilesystem => "system plików jest tylko do odczytu",
        ErrorKind::StorageFull => "brak miejsca na urządzeniu",
        ErrorKind::QuotaExceeded => "przekroczony przydział miejsca na dysku",
        ErrorKind::FileTooLarge => "plik jest za duży",
        ErrorKind::InvalidFilename => "niepoprawna lub zbyt długa nazwa pliku",
        ErrorKind::BrokenPipe => "odbiorca zamknął potok",
        ErrorKind::Interrupted => "operacja została przerwana",
        _ => return None,
    })
}

/// An error's whole chain, each cause after its context (as anyhow's
/// `{:#}` writes it), with the system's reasons said by [`reason`].
pub fn chain(error: &anyhow::Error, lang: Lang) -> String {
    error
        .chain()
        .map(|cause| match cause.downcast_ref::<Error>() {
            Some(io) => reason(io, lang),
            None => cause.to_string(),
        })
        .collect::<Vec<_>>()
        .join(": ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_file_is_said_in_polish_with_its_number() {
        let e = Error::from_raw_os_error(2);
        assert_eq!(
            reason(&e, Lang::Pl),
            "nie ma takiego pliku ani katalogu (błąd systemowy nr 2)"
        );
        assert_eq!(reason(&e, Lang::En), e.to_string());
    }

    #[test]
    fn an_error_with_its_own_message_keeps_it_in_polish() {
        let e = Error::new(ErrorKind::NotFound, "no campaign.toml beside the log");
        assert_eq!(
            reason(&e, Lang::Pl),
            "nie ma takiego pliku ani katalogu (no campaign.toml beside the log)"
        );
        assert_eq!(
            reason(&Error::from(ErrorKind::NotFound), Lang::Pl),
            "nie ma takiego pliku ani katalogu"
        );
    }

    #[test]
    fn an_unknown_reason_keeps_the_systems_words() {
        let e = Error::other("something odd");
        assert_eq!(reason(&e, Lang::Pl), "something odd");
    }

    #[test]
    fn the_chain_reads_as_anyhow_writes_it() {
        let e = anyhow::Error::from(Error::from_raw_os_error(13)).context("nie można zapisać x");
        assert_eq!(
            chain(&e, Lang::Pl),
            "nie można zapisać x: brak uprawnień (błąd systemowy nr 13)"
        );
        assert_eq!(chain(&e, Lang::En), format!("{e:#}"));
    }
}
