//! Polish texts of the command-line help (`mortalis --lang pl --help`).
//!
//! The English help comes from the `///` comments of the clap derive; this
//! file holds its Polish twin, one entry per text. `clap_pl` puts them into
//! the derived command when the interface speaks Polish.
//!
//! Keys are the command path from the binary name, then `:` and the argument
//! id (the field name, snake_case, as clap sees it):
//!
//! | key | Polish text of |
//! | --- | --- |
//! | `mortalis campaign battle` | the command's about (its first doc line) |
//! | `mortalis campaign battle:report` | the help of the argument `report` |
//! | `mortalis campaign battle:dice=typed` | the described value `typed` of `--dice` |
//! | `<key>+long` | the long (`--help`) text, only where English has one |
//!
//! A global argument (`--lang`) is keyed once, under the command declaring it.
//! Value names (`<FILE>`) are translated by [`VALUE_NAMES`], keyed by the
//! English name. The test `every_command_argument_and_value_has_polish_help`
//! walks the English command tree and names every missing key, so a new
//! command or argument only needs its lines added here.

/// Polish help texts, keyed by command path and argument id (see the module
/// documentation). Keep the order of the commands in `--help`.
pub const HELP: &[(&str, &str)] = &[
    (
        "mortalis",
        "Sanctum Mortalis: dokładne prawdopodobieństwa rzutów i kreator drużyn",
    ),
    (
        "mortalis:lang",
        "Język interfejsu (domyślnie pl, gdy LANG zaczyna się od \"pl\", w przeciwnym razie en)",
    ),
    // odds
    (
        "mortalis odds",
        "Dokładne prawdopodobieństwa jednej akcji opisanej w zapytaniu TOML",
    ),
    ("mortalis odds:query", "Plik zapytania"),
    ("mortalis odds:json", "Wypisz JSON zamiast tabeli"),
    // roll
    (
        "mortalis roll",
        "Rozegraj jedną akcję z zapytania na kościach z ziarna albo wpisanych ręcznie",
    ),
    ("mortalis roll:query", "Plik zapytania"),
    ("mortalis roll:seed", "Ziarno generatora kości ChaCha8"),
    (
        "mortalis roll:dice",
        "Kości rzucone przy stole, po kolei, np. \"3,5,1,6\"",
    ),
    (
        "mortalis roll:ask",
        "Pytaj o każdą kość w terminalu (jedna wartość w wierszu na stdin)",
    ),
    // warband
    ("mortalis warband", "Pliki drużyn"),
    ("mortalis warband validate", "Sprawdź drużynę według zasad"),
    ("mortalis warband validate:file", "Plik drużyny"),
    ("mortalis warband validate:json", "Wypisz JSON"),
    (
        "mortalis warband show",
        "Wypisz rozpiskę drużyny i jej błędy (kod wyjścia 1, gdy jest niepoprawna)",
    ),
    ("mortalis warband show:file", "Plik drużyny"),
    (
        "mortalis warband show:html",
        "Zapisz też stronę HTML do druku pod tą ścieżką",
    ),
    (
        "mortalis warband matchup",
        "Porównaj siłę dwóch drużyn i policz ochotników",
    ),
    ("mortalis warband matchup:a", "Pierwsza drużyna"),
    ("mortalis warband matchup:b", "Druga drużyna"),
    ("mortalis warband matchup:json", "Wypisz JSON"),
    // catalogue
    (
        "mortalis catalogue",
        "Wypisz identyfikatory i nazwy ekwipunku, archetypów i umiejętności",
    ),
    // campaign
    (
        "mortalis campaign",
        "Pliki kampanii: drużyna między bitwami",
    ),
    (
        "mortalis campaign new",
        "Rozpocznij kampanię od poprawnej drużyny",
    ),
    ("mortalis campaign new:warband", "Plik drużyny (TOML)"),
    (
        "mortalis campaign new:out",
        "Plik kampanii do utworzenia (istniejący nie zostanie nadpisany)",
    ),
    (
        "mortalis campaign battle",
        "Wprowadź raport z bitwy i przejdź sekwencję po bitwie",
    ),
    ("mortalis campaign battle:campaign", "Plik kampanii"),
    ("mortalis campaign battle:report", "Raport z bitwy (TOML)"),
    (
        "mortalis campaign battle:decisions",
        "Plik decyzji (TOML) zamiast pytań w terminalu",
    ),
    (
        "mortalis campaign battle:dice",
        "`seeded`: rzuca program; `typed`: pyta o każdą kość",
    ),
    ("mortalis campaign battle:dice=seeded", "ChaCha8 z ziarna"),
    (
        "mortalis campaign battle:dice=typed",
        "Wpisywane w terminalu",
    ),
    (
        "mortalis campaign battle:seed",
        "Ziarno kości `seeded` (domyślnie: z zegara; zapisywane w logu)",
    ),
    (
        "mortalis campaign battle:again",
        "Wprowadź raport także wtedy, gdy jest taki sam jak raport ostatniej bitwy (druga bitwa, która poszła tak samo; bez tego taki raport jest odrzucany jako wprowadzony drugi raz)",
    ),
    (
        "mortalis campaign trade",
        "Handel między bitwami: kupno, sprzedaż, werbunek, zwolnienia, schowek i wyposażanie poza sekwencją po bitwie",
    ),
    ("mortalis campaign trade:campaign", "Plik kampanii"),
    (
        "mortalis campaign trade:decisions",
        "Plik decyzji (TOML: `[choices]` dla rzutów na poziom, wpisy `[[purchase]]`) zamiast pytań i poleceń w terminalu",
    ),
    (
        "mortalis campaign trade:dice",
        "`seeded`: rzuca program; `typed`: pyta o każdą kość",
    ),
    ("mortalis campaign trade:dice=seeded", "ChaCha8 z ziarna"),
    (
        "mortalis campaign trade:dice=typed",
        "Wpisywane w terminalu",
    ),
    (
        "mortalis campaign trade:seed",
        "Ziarno kości `seeded` (domyślnie: z zegara; zapisywane w logu)",
    ),
    (
        "mortalis campaign matchup",
        "Siła drużyn przed bitwą i ochotnicy, których każda strona może wystawić",
    ),
    ("mortalis campaign matchup:campaign", "Plik kampanii"),
    (
        "mortalis campaign matchup:opponent",
        "Przeciwnik: plik kampanii (JSON) albo plik drużyny (TOML)",
    ),
    ("mortalis campaign matchup:json", "Wypisz JSON"),
    (
        "mortalis campaign show",
        "Obecny skład, kredyty, schowek i siła drużyny",
    ),
    ("mortalis campaign show:campaign", "Plik kampanii"),
    (
        "mortalis campaign show:json",
        "Wypisz wyliczony stan jako JSON",
    ),
    (
        "mortalis campaign show:html",
        "Zapisz też stronę ze składem do druku (HTML) w tym pliku",
    ),
    (
        "mortalis campaign log",
        "Wszystkie zdarzenia i to, co zmieniły",
    ),
    ("mortalis campaign log:campaign", "Plik kampanii"),
    (
        "mortalis campaign undo",
        "Usuń ostatni krok: bitwę z sekwencją po bitwie albo handel",
    ),
    ("mortalis campaign undo:campaign", "Plik kampanii"),
    (
        "mortalis campaign undo:events",
        "Usuń zamiast tego tyle ostatnich zdarzeń (odmowa, gdy sekwencja po bitwie lub handel zostałyby przerwane w połowie)",
    ),
    // battle
    (
        "mortalis battle",
        "Rozegraj jedną całą bitwę: SI przeciw SI albo za jedną stronę osoba (--human) lub losowa gra (--random)",
    ),
    (
        "mortalis battle:a",
        "Pierwsza drużyna (TOML) albo plik kampanii (JSON: jej modele w polu); to ona wylosowała scenariusz",
    ),
    (
        "mortalis battle:b",
        "Druga drużyna (TOML) albo plik kampanii (JSON)",
    ),
    ("mortalis battle:scenario", "Scenariusz"),
    ("mortalis battle:scenario=jatka", "Jatka"),
    ("mortalis battle:scenario=barykady", "Barykady"),
    ("mortalis battle:scenario=otoczeni", "Otoczeni"),
    ("mortalis battle:scenario=przechwycenie", "Przechwycenie"),
    ("mortalis battle:scenario=duma", "Duma"),
    (
        "mortalis battle:table",
        "Plik stołu (domyślnie: stół 36\" utworzony z ziarna dla scenariusza; Duma ma własne pole)",
    ),
    ("mortalis battle:seed", "Ziarno kości (i tworzonego stołu)"),
    (
        "mortalis battle:rounds",
        "Domowy limit rund (Q22), najwyżej 1000; 0 gra bez limitu, tylko z --human (AI przeciw AI może czekać bez końca). Domyślnie: tyle rund, ile trzeba, by przejść przekątną stołu tam i z powrotem po 4\" na rundę (20 na stole 28\", 26 na 36\")",
    ),
    ("mortalis battle:json", "Wypisz JSON: log, kości i wynik"),
    (
        "mortalis battle:svg",
        "Narysuj stół z modelami, znacznikami i obiektem na początku każdej rundy i na końcu w tym katalogu (round-N.svg, end.svg)",
    ),
    (
        "mortalis battle:human",
        "Za tę stronę decyduje człowiek przy terminalu (pytania na stderr, odpowiedzi na stdin), za drugą SI",
    ),
    (
        "mortalis battle:challenges",
        "Wyzwania strony (B172, najwyżej dwa): `a=predator,hunt`, `b=draw` (losowane kośćmi bitwy); nazwy po polsku lub angielsku. Powtórz dla drugiej strony",
    ),
    (
        "mortalis battle:independent",
        "Modele niezależne (TOML, `[[independent]]`: nazwa, rodzaj fighting lub shooting, profil, pancerz, wyposażenie, miejsce), stawiane przed rozstawieniem (B137–B143)",
    ),
    (
        "mortalis simulate:independent",
        "Modele niezależne (TOML), stawiane w każdej bitwie (B137–B143)",
    ),
    (
        "mortalis simulate:challenges",
        "Wyzwania drużyny (B172): `a=predator,hunt`, `b=draw`; idą z drużyną, gdy strony się zamieniają",
    ),
    ("mortalis battle:human=a", "Drużyna A"),
    ("mortalis battle:human=b", "Drużyna B"),
    (
        "mortalis battle:random",
        "Ta strona wybiera za każdym razem losową dozwoloną opcję (ziarno z --seed) zamiast SI — by zobaczyć, jak SI gra przeciw naiwnej grze",
    ),
    (
        "mortalis battle:dice",
        "Skąd kości: z ziarna --seed albo wpisywane po jednej w wierszu przy terminalu (rzucane przy prawdziwym stole; ziarno nadal tworzy stół)",
    ),
    ("mortalis battle:dice=seeded", "ChaCha8 z ziarna"),
    ("mortalis battle:dice=typed", "Wpisywane przy terminalu"),
    (
        "mortalis battle:replay",
        "Rozegraj od nowa decyzje i kości z logu zapisanego przez --json (z tymi samymi drużynami, scenariuszem, stołem lub ziarnem, wyzwaniami i modelami niezależnymi; limit rund jest ten z logu, chyba że --rounds poda inny) i sprawdź, że bitwa dochodzi do tego logu wpis po wpisie i do jego końca (kod wyjścia 1, gdy nie)",
    ),
    ("mortalis battle:random=a", "Drużyna A"),
    ("mortalis battle:random=b", "Drużyna B"),
    (
        "mortalis simulate:random",
        "Ta drużyna wybiera za każdym razem losową dozwoloną opcję (ziarno pary bitew) zamiast SI: mierzy siłę SI",
    ),
    ("mortalis simulate:random=a", "Drużyna A"),
    ("mortalis simulate:random=b", "Drużyna B"),
    (
        "mortalis battle:report",
        "Zapisz tutaj raport z bitwy drużyny A (format, który czyta `campaign battle`)",
    ),
    (
        "mortalis battle:report_b",
        "Zapisz tutaj raport z bitwy drużyny B (dla kampanii grającej jako B)",
    ),
    // simulate
    (
        "mortalis simulate",
        "Rozegraj wiele bitew SI przeciw SI równolegle i porównaj dwie drużyny",
    ),
    (
        "mortalis simulate:a",
        "Pierwsza drużyna (TOML) albo plik kampanii (JSON: jej wystawione modele; rozpoznany po nazwie `.json` albo po treści)",
    ),
    (
        "mortalis simulate:b",
        "Druga drużyna (TOML) albo plik kampanii (JSON)",
    ),
    ("mortalis simulate:scenario", "Scenariusz"),
    ("mortalis simulate:scenario=jatka", "Jatka"),
    ("mortalis simulate:scenario=barykady", "Barykady"),
    ("mortalis simulate:scenario=otoczeni", "Otoczeni"),
    ("mortalis simulate:scenario=przechwycenie", "Przechwycenie"),
    ("mortalis simulate:scenario=duma", "Duma"),
    ("mortalis simulate:battles", "Liczba bitew"),
    (
        "mortalis simulate:threads",
        "Liczba wątków, najwyżej 1024 (domyślnie lub 0: po jednym na rdzeń)",
    ),
    (
        "mortalis simulate:table",
        "Plik stołu (domyślnie: stół 36\" utworzony z ziarna każdej pary bitew)",
    ),
    (
        "mortalis simulate:seed",
        "Ziarno pierwszej pary bitew: bitwy 2k i 2k+1 mają ziarno seed + k, a drużyny zamieniają się stronami",
    ),
    (
        "mortalis simulate:rounds",
        "Domowy limit rund (Q22). Domyślnie: tyle rund, ile trzeba, by przejść przekątną stołu tam i z powrotem po 4\" na rundę (20 na stole 28\", 26 na 36\")",
    ),
    ("mortalis simulate:json", "Wypisz JSON"),
    // table
    (
        "mortalis table",
        "Stoły do bitew: tworzenie, sprawdzanie i rysowanie",
    ),
    (
        "mortalis table generate",
        "Utwórz gęsty stół (bez toru ostrzału na pełny zasięg karabinu) i wypisz go jako plik stołu",
    ),
    (
        "mortalis table generate:seed",
        "Ziarno generatora (to samo ziarno daje ten sam stół)",
    ),
    (
        "mortalis table generate:size",
        "Bok stołu w calach, od 28 do 48",
    ),
    (
        "mortalis table generate:scenario",
        "Utwórz stół, na którym gra scenariusz, jak robią to battle i simulate bez --table: Otoczeni i Przechwycenie z wolnym środkiem na znaczniki i obiekt (B160, B162), Duma na własnym polu 10\"×28\" (B167, niezależnie od --size)",
    ),
    ("mortalis table generate:scenario=jatka", "Jatka"),
    ("mortalis table generate:scenario=barykady", "Barykady"),
    ("mortalis table generate:scenario=otoczeni", "Otoczeni"),
    (
        "mortalis table generate:scenario=przechwycenie",
        "Przechwycenie",
    ),
    ("mortalis table generate:scenario=duma", "Duma"),
    (
        "mortalis table generate:out",
        "Zapisz plik stołu tutaj zamiast go wypisywać",
    ),
    (
        "mortalis table generate:svg",
        "Narysuj go też jako obraz SVG pod tą ścieżką",
    ),
    (
        "mortalis table show",
        "Sprawdź plik stołu i opisz go; opcjonalnie narysuj",
    ),
    ("mortalis table show:file", "Plik stołu (TOML)"),
    (
        "mortalis table show:svg",
        "Narysuj go z góry, z wysokościami, jako obraz SVG pod tą ścieżką",
    ),
    ("mortalis table show:json", "Wypisz JSON"),
];

/// Polish value names (`<PLIK>`), keyed by the English value name clap shows.
pub const VALUE_NAMES: &[(&str, &str)] = &[
    ("A", "A"),
    ("B", "B"),
    ("CAMPAIGN", "KAMPANIA"),
    ("DECISIONS", "DECYZJE"),
    ("DICE", "KOŚCI"),
    ("SIDE=LIST", "STRONA=LISTA"),
    ("REPORT_B", "RAPORT_B"),
    ("INDEPENDENT", "PLIK"),
    ("FILE", "PLIK"),
    ("HTML", "HTML"),
    ("LANG", "JĘZYK"),
    ("N", "N"),
    ("OPPONENT", "PRZECIWNIK"),
    ("OUT", "PLIK"),
    ("QUERY", "ZAPYTANIE"),
    ("REPORT", "RAPORT"),
    ("ROUNDS", "RUNDY"),
    ("SCENARIO", "SCENARIUSZ"),
    ("HUMAN", "STRONA"),
    ("LOG", "LOG"),
    ("RANDOM", "STRONA"),
    ("TABLE", "STÓŁ"),
    ("SEED", "ZIARNO"),
    ("SIZE", "BOK"),
    ("BATTLES", "BITWY"),
    ("THREADS", "WĄTKI"),
    ("SVG", "SVG"),
    ("WARBAND", "DRUŻYNA"),
];

/// The Polish text for `key`, if the table has one.
pub fn text(key: &str) -> Option<&'static str> {
    HELP.iter().find(|(k, _)| *k == key).map(|(_, t)| *t)
}

/// The Polish value name for the English `name`, if the table has one.
pub fn value_name(name: &str) -> Option<&'static str> {
    VALUE_NAMES
        .iter()
        .find(|(k, _)| *k == name)
        .map(|(_, t)| *t)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use clap::{Command, CommandFactory};

    use super::*;

    /// Every key the English command tree needs, with where it comes from.
    fn needed(cmd: &Command, parent: &str, keys: &mut Vec<String>, names: &mut Vec<String>) {
        let path = if parent.is_empty() {
            cmd.get_name().to_string()
        } else {
            format!("{parent} {}", cmd.get_name())
        };
        keys.push(path.clone());
        if cmd.get_long_about().is_some() {
            keys.push(format!("{path}+long"));
        }
        for a in cmd.get_arguments() {
            // Propagated global arguments are keyed under their declaring command.
            if a.is_global_set() && !parent.is_empty() {
                continue;
            }
            let key = format!("{path}:{}", a.get_id());
            keys.push(key.clone());
            if a.get_long_help().is_some() {
                keys.push(format!("{key}+long"));
            }
            for v in a.get_possible_values() {
                if v.get_help().is_some() && !v.is_hide_set() {
                    keys.push(format!("{key}={}", v.get_name()));
                }
            }
            // Flags carry a value name too, but clap never shows it.
            let shown = a.get_action().takes_values();
            for n in a.get_value_names().filter(|_| shown).unwrap_or_default() {
                names.push(format!("{n} (used by `{key}`)"));
            }
        }
        for sc in cmd.get_subcommands() {
            needed(sc, &path, keys, names);
        }
    }

    fn tree() -> (Vec<String>, Vec<String>) {
        let (mut keys, mut names) = (Vec::new(), Vec::new());
        needed(&crate::Cli::command(), "", &mut keys, &mut names);
        (keys, names)
    }

    #[test]
    fn every_command_argument_and_value_has_polish_help() {
        let (keys, names) = tree();
        let missing: Vec<_> = keys.iter().filter(|k| text(k).is_none()).collect();
        assert!(
            missing.is_empty(),
            "Polish help missing for these keys; add them to HELP in \
             crates/mortalis-cli/src/help_pl.rs:\n{}",
            missing
                .iter()
                .map(|k| format!("  (\"{k}\", \"...\"),"))
                .collect::<Vec<_>>()
                .join("\n")
        );
        let missing: Vec<_> = names
            .iter()
            .filter(|n| value_name(n.split(' ').next().unwrap()).is_none())
            .collect();
        assert!(
            missing.is_empty(),
            "Polish value name missing; add it to VALUE_NAMES in \
             crates/mortalis-cli/src/help_pl.rs:\n{}",
            missing
                .iter()
                .map(|n| format!("  {n}"))
                .collect::<Vec<_>>()
                .join("\n")
        );
    }

    #[test]
    fn no_stale_or_duplicate_keys() {
        let (keys, names) = tree();
        let keys: BTreeSet<_> = keys.iter().map(String::as_str).collect();
        let mut seen = BTreeSet::new();
        for (k, t) in HELP {
            assert!(seen.insert(*k), "key `{k}` appears twice in HELP");
            assert!(
                keys.contains(k),
                "HELP key `{k}` matches no command, argument or value (renamed or removed?)"
            );
            assert!(!t.trim().is_empty(), "empty Polish text for `{k}`");
            assert!(
                !t.ends_with('.'),
                "`{k}`: no full stop, like clap's English"
            );
        }
        let used: BTreeSet<_> = names.iter().map(|n| n.split(' ').next().unwrap()).collect();
        for (n, _) in VALUE_NAMES {
            assert!(used.contains(n), "VALUE_NAMES entry `{n}` is not used");
        }
    }
}
