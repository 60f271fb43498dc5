//! clap's help, usage and errors of the `mortalis` binary, in Polish and in
//! English.

use assert_cmd::Command;
use predicates::prelude::*;

fn mortalis() -> Command {
    let mut c = Command::cargo_bin("mortalis").unwrap();
    c.env_remove("LANG").current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

/// stdout of a successful run.
fn stdout(args: &[&str], lang_env: Option<&str>) -> String {
    let mut c = mortalis();
    if let Some(l) = lang_env {
        c.env("LANG", l);
    }
    let out = c.args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// clap's English words that must not show in Polish help.
const ENGLISH_WORDS: &[&str] = &[
    "Usage:",
    "Commands:",
    "Options:",
    "Arguments:",
    "Print help",
    "Print version",
    "Print this message",
    "[default:",
    "[possible values:",
    "Possible values:",
    "[OPTIONS]",
    "<COMMAND>",
];

fn assert_polish(text: &str, what: &str) {
    for w in ENGLISH_WORDS {
        assert!(!text.contains(w), "{what}: English `{w}` in\n{text}");
    }
}

#[test]
fn polish_root_help() {
    for args in [
        &["--lang", "pl", "--help"][..],
        &["--lang=pl", "-h"],
        &["--lang", "pl", "help"],
    ] {
        let text = stdout(args, None);
        assert_polish(&text, &format!("{args:?}"));
        for line in [
            "Sanctum Mortalis: dokładne prawdopodobieństwa rzutów i kreator drużyn\n",
            "\nUżycie: mortalis [OPCJE] <POLECENIE>\n",
            "\nPolecenia:\n",
            "  odds       Dokładne prawdopodobieństwa jednej akcji opisanej w zapytaniu TOML\n",
            "  help       Wyświetl tę pomoc albo pomoc podanych poleceń\n",
            "\nOpcje:\n",
            "[możliwe wartości: pl, en]\n",
            "  -h, --help          Wyświetl pomoc\n",
            "  -V, --version       Wyświetl wersję\n",
        ] {
            assert!(text.contains(line), "{args:?}: no {line:?} in\n{text}");
        }
    }
}

#[test]
fn polish_subcommand_help() {
    let text = stdout(&["--lang", "pl", "odds", "--help"], None);
    assert_polish(&text, "odds --help");
    assert!(text.starts_with("Dokładne prawdopodobieństwa jednej akcji"));
    assert!(text.contains("Użycie: mortalis odds [OPCJE] <ZAPYTANIE>\n"));
    assert!(text.contains("\nArgumenty:\n  <ZAPYTANIE>  Plik zapytania\n"));
    assert!(text.contains("      --json          Wypisz JSON zamiast tabeli\n"));

    // The `help` subcommand shows the same Polish help.
    let text = stdout(&["--lang", "pl", "help", "warband", "show"], None);
    assert_polish(&text, "help warband show");
    assert!(text.contains("Użycie: mortalis warband show [OPCJE] <PLIK>\n"));
    assert!(text.contains("Zapisz też stronę HTML do druku pod tą ścieżką"));
}

#[test]
fn polish_help_from_lang_env_with_values_and_defaults() {
    // Long help: the values with their meaning, the default in brackets.
    let text = stdout(&["campaign", "battle", "--help"], Some("pl_PL.UTF-8"));
    assert_polish(&text, "campaign battle --help");
    assert!(text.starts_with("Wprowadź raport z bitwy i przejdź sekwencję po bitwie\n"));
    assert!(text.contains("Użycie: mortalis campaign battle [OPCJE] <KAMPANIA> <RAPORT>\n"));
    for piece in [
        "      --dice <KOŚCI>\n          `seeded`: rzuca program; `typed`: pyta o każdą kość\n",
        "Możliwe wartości:\n          - seeded: ChaCha8 z ziarna\n          - typed:  Wpisywane w terminalu\n",
        "[domyślnie: seeded]\n",
        "      --seed <ZIARNO>\n",
        "  -h, --help\n          Wyświetl pomoc (skrócona wersja: '-h')\n",
    ] {
        assert!(text.contains(piece), "no {piece:?} in\n{text}");
    }
    // Short help: all on one line, as clap does in English.
    let text = stdout(&["campaign", "battle", "-h"], Some("pl_PL.UTF-8"));
    assert_polish(&text, "campaign battle -h");
    assert!(text.contains(
        "  --dice <KOŚCI>         `seeded`: rzuca program; `typed`: pyta o każdą kość \
         [domyślnie: seeded] [możliwe wartości: seeded, typed]\n"
    ));
    assert!(
        text.contains("  -h, --help                 Wyświetl pomoc (pełna wersja: '--help')\n")
    );
}

#[test]
fn lang_flag_beats_lang_env() {
    let text = stdout(&["--lang", "en", "odds", "-h"], Some("pl_PL.UTF-8"));
    assert!(
        text.contains("Usage: mortalis odds [OPTIONS] <QUERY>"),
        "{text}"
    );
    let text = stdout(&["--lang", "pl", "odds", "-h"], Some("en_GB.UTF-8"));
    assert!(
        text.contains("Użycie: mortalis odds [OPCJE] <ZAPYTANIE>"),
        "{text}"
    );
}

#[test]
fn english_help_key_lines_are_unchanged() {
    let text = stdout(&["--help"], None);
    for line in [
        "Sanctum Mortalis: exact dice odds and warband builder\n\nUsage: mortalis [OPTIONS] <COMMAND>\n\nCommands:\n",
        "  odds       Exact probabilities of one action described in a TOML query\n",
        "  help       Print this message or the help of the given subcommand(s)\n\nOptions:\n",
        "      --lang <LANG>  Interface language (default: pl when LANG starts with \"pl\", else en) [possible values: pl, en]\n",
        "  -h, --help         Print help\n",
        "  -V, --version      Print version\n",
    ] {
        assert!(text.contains(line), "no {line:?} in\n{text}");
    }
    let text = stdout(&["campaign", "battle", "--help"], Some("en_US.UTF-8"));
    for piece in [
        "Usage: mortalis campaign battle [OPTIONS] <CAMPAIGN> <REPORT>\n\nArguments:\n",
        "      --dice <DICE>\n          `seeded`: the program rolls; `typed`: asks for every die\n",
        "          Possible values:\n          - seeded: ChaCha8 from a seed\n          - typed:  Typed in at the terminal\n",
        "[default: seeded]\n",
        "  -h, --help\n          Print help (see a summary with '-h')\n",
    ] {
        assert!(text.contains(piece), "no {piece:?} in\n{text}");
    }
    let text = stdout(&["campaign", "battle", "-h"], None);
    assert!(text.contains(
        "`seeded`: the program rolls; `typed`: asks for every die [default: seeded] [possible values: seeded, typed]\n"
    ));
    assert!(text.contains("  -h, --help                   Print help (see more with '--help')\n"));
}

#[test]
fn version_is_the_same_in_both_languages() {
    for lang in ["pl", "en"] {
        mortalis()
            .args(["--lang", lang, "--version"])
            .assert()
            .success()
            .stdout(format!("mortalis {}\n", env!("CARGO_PKG_VERSION")));
    }
}

#[test]
fn polish_parse_errors() {
    mortalis()
        .args(["--lang", "pl", "odds", "--jsn", "tests/data/shoot.toml"])
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(
            "błąd: nieoczekiwany argument '--jsn'\n  \
             wskazówka: istnieje podobny argument: '--json'\n  \
             wskazówka: zobacz 'mortalis odds --help'\n",
        );
    mortalis()
        .env("LANG", "pl_PL.UTF-8")
        .args(["roll", "tests/data/shoot.toml", "--seed", "abc"])
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::starts_with(
            "błąd: nieprawidłowa wartość 'abc' dla '--seed <ZIARNO>': ziarno to liczba całkowita od 0 do 18446744073709551615\n",
        ));
    mortalis()
        .args(["--lang", "pl", "simulate", "a.toml", "b.toml", "--scenario", "jatka"])
        .args(["--battles", "abc"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "błąd: nieprawidłowa wartość 'abc' dla '--battles <BITWY>': to nie jest liczba całkowita\n",
        ));
    // A number outside its range (until session 41: "0 is not in
    // 1..=1000000").
    mortalis()
        .args(["--lang", "pl", "simulate", "a.toml", "b.toml", "--scenario", "jatka"])
        .args(["--battles", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "błąd: nieprawidłowa wartość '0' dla '--battles <BITWY>': 0 spoza zakresu od 1 do 1000000\n",
        ));
    mortalis()
        .args([
            "--lang",
            "pl",
            "battle",
            "a.toml",
            "b.toml",
            "--scenario",
            "jatka",
        ])
        .args(["--rounds", "5000"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("5000 spoza zakresu od 0 do 1000"));
    // Threads are bounded too (100,000 once spawned thousands of threads).
    mortalis()
        .args([
            "--lang",
            "pl",
            "simulate",
            "a.toml",
            "b.toml",
            "--scenario",
            "jatka",
        ])
        .args(["--threads", "100000"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "100000 spoza zakresu od 0 do 1024",
        ));
    mortalis()
        .args(["--lang", "pl", "campaign", "battle", "c.json", "r.toml", "--dice", "x"])
        .assert()
        .code(2)
        .stderr(
            "błąd: nieprawidłowa wartość 'x' dla '--dice <KOŚCI>' [możliwe wartości: seeded, typed]\n  \
             wskazówka: zobacz 'mortalis campaign battle --help'\n",
        );
    mortalis()
        .args(["--lang", "pl", "odz"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "błąd: nieznane polecenie 'odz'\n  wskazówka: istnieje podobne polecenie: 'odds'\n",
        ));
    mortalis()
        .args([
            "--lang", "pl", "roll", "q.toml", "--seed", "1", "--dice", "1",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "błąd: argumentu '--seed <ZIARNO>' nie można użyć razem z '--dice <KOŚCI>'\n",
        ));
    mortalis()
        .args(["--lang", "pl", "odds"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "błąd: brak wymaganych argumentów: <ZAPYTANIE>\n",
        ));
}

#[test]
fn english_parse_errors_are_clap_s() {
    mortalis()
        .args(["odds", "--jsn", "tests/data/shoot.toml"])
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(
            predicate::str::starts_with("error: unexpected argument '--jsn' found\n")
                .and(predicate::str::contains(
                    "tip: a similar argument exists: '--json'",
                ))
                .and(predicate::str::contains(
                    "For more information, try '--help'.",
                )),
        );
}

#[test]
fn missing_command_prints_polish_help_and_exits_2() {
    mortalis()
        .env("LANG", "pl_PL.UTF-8")
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(
            predicate::str::contains("Użycie: mortalis [OPCJE] <POLECENIE>")
                .and(predicate::str::contains("Usage:").not()),
        );
    mortalis()
        .args(["--lang", "pl", "warband"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "  validate  Sprawdź drużynę według zasad\n",
        ));
}

/// Subcommand names in the `Commands:` section of an English help text.
fn subcommands(help: &str) -> Vec<String> {
    help.split("Commands:\n")
        .nth(1)
        .map(|s| {
            s.lines()
                .take_while(|l| l.starts_with("  "))
                .filter_map(|l| l.split_whitespace().next())
                .filter(|n| *n != "help")
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// The description texts of an English `-h`: the about line and the text
/// after each command or argument name, without clap's brackets.
fn descriptions(help: &str) -> Vec<String> {
    let mut out = vec![help.lines().next().unwrap().to_string()];
    for line in help.lines().filter(|l| l.starts_with("  ")) {
        if let Some((_, text)) = line.trim_start().split_once("  ") {
            let text = text.trim();
            let text = text.split(" [default:").next().unwrap();
            let text = text.split(" [possible values:").next().unwrap();
            out.push(text.to_string());
        }
    }
    out
}

/// Black-box twin of the table test in `src/help_pl.rs`: no English
/// description of any command or argument shows in the Polish help.
#[test]
fn every_command_has_polish_help_text() {
    let mut todo = vec![Vec::<String>::new()];
    let mut seen = 0;
    while let Some(path) = todo.pop() {
        seen += 1;
        let args = |lang: &str| {
            let mut a = vec!["--lang".to_string(), lang.to_string()];
            a.extend(path.iter().cloned());
            a.push("-h".to_string());
            a
        };
        let en_args = args("en");
        let en = stdout(
            &en_args.iter().map(String::as_str).collect::<Vec<_>>(),
            None,
        );
        let pl_args = args("pl");
        let pl = stdout(
            &pl_args.iter().map(String::as_str).collect::<Vec<_>>(),
            None,
        );
        assert_polish(&pl, &format!("{path:?}"));
        for d in descriptions(&en) {
            assert!(
                !pl.contains(&d),
                "`mortalis {}`: English text {d:?} has no Polish twin \
                 (add it to crates/mortalis-cli/src/help_pl.rs)\n{pl}",
                path.join(" ")
            );
        }
        for sc in subcommands(&en) {
            let mut p = path.clone();
            p.push(sc);
            todo.push(p);
        }
    }
    assert!(seen >= 15, "only {seen} commands walked");
}
