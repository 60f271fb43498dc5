//! Files players can trust (issue 9, sections 2 and 3): the range of every
//! number, the size limit on every file argument, errors that name the file
//! and the line, and a closed or full standard output.

#[path = "common/mortalis.rs"]
mod common;

use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

use common::{campaign, data, mortalis};

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs `args`, expects exit 2, nothing on stdout and every `needle` on stderr.
fn refused(args: &[&std::ffi::OsStr], needles: &[&str]) {
    let out = mortalis().args(args).output().unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}: stdout not empty");
    assert!(!err.contains("panicked"), "{err}");
    for n in needles {
        assert!(err.contains(n), "{args:?}: `{n}` not in: {err}");
    }
}

fn write(dir: &Path, name: &str, text: impl AsRef<[u8]>) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn query_numbers_name_key_value_and_range() {
    let dir = tempfile::tempdir().unwrap();
    for (line, range) in [
        ("support = 3000000000", "0 to 6"),
        ("support = -1", "0 to 6"),
        ("accuracy = 13", "0 to 12"),
        ("fight = -13", "-12 to 12"),
        ("resilience = 4294967295", "0 to 12"),
    ] {
        let q = write(
            dir.path(),
            "q.toml",
            format!("kind = \"melee\"\n[attacker]\n{line}\n"),
        );
        let (key, value) = line.split_once(" = ").unwrap();
        for cmd in ["odds", "roll"] {
            refused(
                &[cmd.as_ref(), q.as_os_str()],
                &[
                    &q.display().to_string(),
                    "line 3",
                    &format!("`{key}` = {value} is out of range (allowed: {range})"),
                ],
            );
        }
    }
}

#[test]
fn warband_numbers_name_key_value_and_range() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(data("rdza.toml")).unwrap();
    for xp in ["4294967295", "4000000000", "51"] {
        let w = write(
            dir.path(),
            "w.toml",
            text.replacen("[[model]]", &format!("[[model]]\nxp = {xp}"), 1),
        );
        for args in [
            vec!["warband".as_ref(), "validate".as_ref(), w.as_os_str()],
            vec![
                "warband".as_ref(),
                "matchup".as_ref(),
                w.as_os_str(),
                w.as_os_str(),
            ],
        ] {
            refused(
                &args,
                &[&format!("`xp` = {xp} is out of range (allowed: 0 to 50)")],
            );
        }
    }
    let w = write(
        dir.path(),
        "w.toml",
        text.replace("budget = 150", "budget = -1"),
    );
    refused(
        &["warband".as_ref(), "validate".as_ref(), w.as_os_str()],
        &[
            "line 2",
            "`budget` = -1 is out of range (allowed: 0 to 10000)",
        ],
    );
}

#[test]
fn report_and_decisions_numbers_name_key_value_and_range() {
    let dir = tempfile::tempdir().unwrap();
    let c = campaign(dir.path());
    let report = std::fs::read_to_string(data("campaign/report1.toml")).unwrap();
    let decisions = data("campaign/decisions1.toml");
    for (key, value, range) in [
        ("took_out", "4294967295", "0 to 20"),
        ("markers", "21", "0 to 20"),
        ("xp", "-1", "0 to 50"),
    ] {
        let r = write(
            dir.path(),
            "r.toml",
            report
                .replacen(
                    "name = \"Rex\"",
                    &format!("name = \"Rex\"\n{key} = {value}"),
                    1,
                )
                .replacen("took_out = 2\n", "", usize::from(key == "took_out"))
                .replacen("markers = 1\n", "", usize::from(key == "markers")),
        );
        refused(
            &[
                "campaign".as_ref(),
                "battle".as_ref(),
                c.as_os_str(),
                r.as_os_str(),
                "--decisions".as_ref(),
                decisions.as_os_str(),
            ],
            &[
                &r.display().to_string(),
                &format!("`{key}` = {value} is out of range (allowed: {range})"),
            ],
        );
    }
    for (key, value, range) in [
        ("extra_loot", "1e9", "0 to 20"),
        ("volunteers", "11", "0 to 10"),
        ("opponent_strength", "9223372036854775807", "0 to 10000"),
    ] {
        let r = write(dir.path(), "r.toml", format!("{key} = {value}\n{report}"));
        let what = if value == "1e9" {
            format!("`{key}` = 1000000000 is not a whole number (allowed: {range})")
        } else {
            format!("`{key}` = {value} is out of range (allowed: {range})")
        };
        refused(
            &[
                "campaign".as_ref(),
                "battle".as_ref(),
                c.as_os_str(),
                r.as_os_str(),
            ],
            &["line 1", &what],
        );
    }
    let d = write(
        dir.path(),
        "d.toml",
        std::fs::read_to_string(&decisions)
            .unwrap()
            .replace("xp = 2", "xp = 4294967295"),
    );
    refused(
        &[
            "campaign".as_ref(),
            "battle".as_ref(),
            c.as_os_str(),
            data("campaign/report1.toml").as_os_str(),
            "--decisions".as_ref(),
            d.as_os_str(),
        ],
        &[
            &d.display().to_string(),
            "`xp` = 4294967295 is out of range (allowed: 0 to 50)",
        ],
    );
}

#[test]
fn every_file_argument_is_limited_to_four_mib() {
    let dir = tempfile::tempdir().unwrap();
    let c = campaign(dir.path());
    let big = write(dir.path(), "big.json", vec![b' '; 4 * 1024 * 1024 + 1]);
    let zero = Path::new("/dev/zero");
    let (w, r) = (data("rdza.toml"), data("campaign/report1.toml"));
    for huge in [zero, big.as_path()] {
        let h = huge.as_os_str();
        for args in [
            vec!["odds", "Q"],
            vec!["roll", "Q"],
            vec!["warband", "validate", "Q"],
            vec!["warband", "show", "Q"],
            vec!["warband", "matchup", "Q", "W"],
            vec!["warband", "matchup", "W", "Q"],
            vec!["campaign", "new", "Q", "--out", "N"],
            vec!["campaign", "show", "Q"],
            vec!["campaign", "log", "Q"],
            vec!["campaign", "undo", "Q"],
            vec!["campaign", "trade", "Q"],
            vec!["campaign", "matchup", "Q", "W"],
            vec!["campaign", "matchup", "C", "Q"],
            vec!["campaign", "battle", "Q", "R"],
            vec!["campaign", "battle", "C", "Q"],
            vec!["campaign", "battle", "C", "R", "--decisions", "Q"],
            vec!["campaign", "trade", "C", "--decisions", "Q"],
        ] {
            let args: Vec<&std::ffi::OsStr> = args
                .iter()
                .map(|a| match *a {
                    "Q" => h,
                    "W" => w.as_os_str(),
                    "R" => r.as_os_str(),
                    "C" => c.as_os_str(),
                    "N" => "new.json".as_ref(),
                    other => other.as_ref(),
                })
                .collect();
            refused(
                &args,
                &[&format!(
                    "{}: the file is larger than the limit of 4 MiB",
                    huge.display()
                )],
            );
        }
    }
    let out = mortalis()
        .args(["--lang", "pl", "odds", "/dev/zero"])
        .output()
        .unwrap();
    assert!(stderr(&out).contains("/dev/zero: plik jest większy niż dopuszczalne 4 MiB"));
}

#[test]
fn errors_name_the_line_where_the_parser_gives_none() {
    let dir = tempfile::tempdir().unwrap();
    let header = format!("[{}]", vec!["a"; 100].join("."));
    let q = write(
        dir.path(),
        "q.toml",
        format!("kind = \"melee\"\n\n{header}\n"),
    );
    refused(
        &["odds".as_ref(), q.as_os_str()],
        &[&format!("{}: line 3: recursion limit", q.display())],
    );
    let q = write(
        dir.path(),
        "u.toml",
        b"kind = \"melee\"\n# \xc5\x82\xc3\xb3d\xfe\n",
    );
    refused(
        &["odds".as_ref(), q.as_os_str()],
        &[&format!(
            "{}: line 2, column 6: not valid UTF-8 text",
            q.display()
        )],
    );
    let out = mortalis()
        .args(["--lang", "pl", "odds"])
        .arg(&q)
        .output()
        .unwrap();
    assert!(stderr(&out).contains("wiersz 2, kolumna 6: to nie jest poprawny tekst UTF-8"));
}

#[test]
fn campaign_file_errors_name_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let c = campaign(dir.path());
    let text = std::fs::read_to_string(&c).unwrap();
    let line = text
        .lines()
        .position(|l| l.contains("\"credits\""))
        .unwrap()
        + 1;
    let bad = write(
        dir.path(),
        "bad.json",
        text.replacen("\"credits\": ", "\"credits\": -", 1),
    );
    refused(
        &["campaign".as_ref(), "show".as_ref(), bad.as_os_str()],
        &[
            &bad.display().to_string(),
            &format!("at line {line} column"),
        ],
    );
    let bad = write(dir.path(), "utf8.json", [text.as_bytes(), b"\xff"].concat());
    let lines = text.lines().count();
    refused(
        &["campaign".as_ref(), "show".as_ref(), bad.as_os_str()],
        &[&format!("line {}, column 1: not valid UTF-8", lines + 1)],
    );
}

/// The path of the built binary, for runs with a chosen stdout.
fn bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin("mortalis")
}

/// Runs `args` with stdout on /dev/full and, separately, on a pipe whose
/// reading end is already closed.
fn with_broken_stdout(args: &[&std::ffi::OsStr]) -> [Output; 2] {
    let run = |stdout: Stdio| {
        std::process::Command::new(bin())
            .args(args)
            .env_remove("LANG")
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(stdout)
            .output()
            .unwrap()
    };
    let full = run(std::fs::File::create("/dev/full").unwrap().into());
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    [full, run(writer.into())]
}

#[test]
fn a_closed_or_full_stdout_is_a_short_error() {
    for out in with_broken_stdout(&["odds".as_ref(), data("shoot.toml").as_os_str()]) {
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(3), "{err}");
        assert!(!err.contains("panicked"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with("error: cannot write to standard output: "),
            "{err}"
        );
    }
    let out = std::process::Command::new(bin())
        .args(["--lang", "pl", "catalogue"])
        .stdout(std::fs::File::create("/dev/full").unwrap())
        .output()
        .unwrap();
    assert!(stderr(&out).starts_with("błąd: nie można pisać na standardowe wyjście: "));
}

#[test]
fn a_saved_change_is_never_reported_as_a_failure() {
    let dir = tempfile::tempdir().unwrap();
    for (i, out) in with_broken_stdout(&[
        "campaign".as_ref(),
        "new".as_ref(),
        data("campaign/warband.toml").as_os_str(),
        "--out".as_ref(),
        dir.path().join("c.json").as_os_str(),
    ])
    .into_iter()
    .enumerate()
    {
        let err = stderr(&out);
        // The first run created the campaign; the second is refused.
        if i == 0 {
            assert_eq!(out.status.code(), Some(0), "{err}");
            assert!(
                err.starts_with("warning: the change was saved to "),
                "{err}"
            );
        } else {
            assert_eq!(out.status.code(), Some(2), "{err}");
        }
    }
    let c = dir.path().join("c.json");
    let before = std::fs::read_to_string(&c).unwrap();
    let [full, _] = with_broken_stdout(&[
        "campaign".as_ref(),
        "battle".as_ref(),
        c.as_os_str(),
        data("campaign/report1.toml").as_os_str(),
        "--decisions".as_ref(),
        data("campaign/decisions1.toml").as_os_str(),
        "--seed".as_ref(),
        "3".as_ref(),
    ]);
    let err = stderr(&full);
    assert_eq!(full.status.code(), Some(0), "{err}");
    assert!(
        err.contains(&format!("the change was saved to {}", c.display())),
        "{err}"
    );
    assert_ne!(std::fs::read_to_string(&c).unwrap(), before);
}
