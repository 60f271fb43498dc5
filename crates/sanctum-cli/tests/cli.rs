//! The `sanctum` binary as a user runs it: outputs, JSON shapes and bad input.

use assert_cmd::Command;
use serde_json::Value;

fn sanctum() -> Command {
    Command::cargo_bin("sanctum").unwrap()
}

fn text(args: &[&str]) -> String {
    let out = sanctum()
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

fn json(args: &[&str]) -> Value {
    let out = sanctum()
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    serde_json::from_slice(&out).unwrap()
}

#[test]
fn board_json_has_the_documented_shape() {
    for (layout, eligible, center) in [("classic", 18, 2), ("symmetric", 13, 1)] {
        let v = json(&["board", "--layout", layout, "--json"]);
        assert_eq!(v["layout"], layout);
        assert_eq!(v["width"], 12);
        assert_eq!(v["height"], 12);
        assert_eq!(v["squares"].as_array().unwrap().len(), 94);
        assert_eq!(v["entrances"]["red"].as_array().unwrap().len(), 4);
        assert_eq!(v["entrances"]["blue"].as_array().unwrap().len(), 4);
        assert_eq!(v["center"].as_array().unwrap().len(), center);
        assert_eq!(v["eligible_towns"].as_array().unwrap().len(), eligible);
        assert_eq!(
            v["eligible_towns_by_half"]["red"].as_array().unwrap().len(),
            eligible
        );
        assert!(v["centerline"].as_array().unwrap().len() >= 6);
        assert_eq!(v["sancta"]["blue"], serde_json::json!([8, 9]));
    }
}

#[test]
fn board_drawing_marks_sancta_and_counts() {
    let text = text(&["board"]);
    assert!(text.contains('R') && text.contains('B'));
    assert!(
        text.contains("94 playable squares; 18 town squares on each half"),
        "{text}"
    );
    assert!(
        !text.contains('\x1b'),
        "no colour when stdout is not a terminal"
    );
}

#[test]
fn map_json_is_deterministic_and_complete() {
    let args = [
        "map", "--realm", "badlands", "--layout", "classic", "--seed", "42", "--json",
    ];
    let a = json(&args);
    let b = json(&args);
    assert_eq!(a, b);
    assert_eq!(a["realm"], "badlands");
    assert_eq!(a["layout"], "classic");
    assert_eq!(a["seed"], 42);
    let squares = a["squares"].as_array().unwrap();
    assert_eq!(squares.len(), 94);
    let count = |kind: &str| squares.iter().filter(|s| s["structure"] == kind).count();
    assert_eq!(count("sanctum"), 2);
    assert_eq!(count("entrance"), 8);
    assert!((4..=6).contains(&count("town")));
    for s in squares {
        assert!(s["terrain"].is_string());
        assert_eq!(s["owner"].is_null(), s["structure"].is_null());
    }
    let other = json(&["map", "--realm", "badlands", "--seed", "43", "--json"]);
    assert_ne!(
        a["squares"], other["squares"],
        "another seed gives another map"
    );
}

#[test]
fn random_realm_reports_the_drawn_realm() {
    let v = json(&["map", "--realm", "random", "--seed", "5", "--json"]);
    assert_eq!(v["realm_choice"], "random");
    assert!(
        ["veldt", "volgaria", "badlands", "great_frost", "arboria"]
            .contains(&v["realm"].as_str().unwrap())
    );
}

#[test]
fn map_drawing_has_a_legend() {
    let text = text(&["map", "--seed", "3"]);
    assert!(text.contains("realm: veldt"));
    assert!(text.contains("plains ("), "{text}");
}

#[test]
fn map_stats_reports_means() {
    let v = json(&[
        "map-stats",
        "--realm",
        "arboria",
        "--layout",
        "classic",
        "--samples",
        "500",
        "--seed",
        "9",
        "--json",
    ]);
    assert_eq!(v["samples"], 500);
    let forest = v["mean_terrain"]["forest"].as_f64().unwrap();
    assert!((forest - 57.0).abs() < 1.5, "{forest}");
    assert!((v["mean_towns"].as_f64().unwrap() - 5.0).abs() < 0.3);
    let total: f64 = v["mean_terrain"]
        .as_object()
        .unwrap()
        .values()
        .map(|x| x.as_f64().unwrap())
        .sum();
    assert!((total - 84.0).abs() < 0.01);
}

fn one_line_error(args: &[&str], needle: &str) {
    let assert = sanctum().args(args).assert().code(2);
    let out = assert.get_output();
    assert!(out.stdout.is_empty(), "nothing on stdout");
    let err = String::from_utf8(out.stderr.clone()).unwrap();
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(err.contains(needle), "{err}");
}

#[test]
fn bad_values_give_one_line_and_exit_2() {
    one_line_error(
        &["map", "--realm", "mordor"],
        "unknown realm 'mordor' (valid: veldt, volgaria, badlands, great_frost, arboria, random)",
    );
    one_line_error(
        &["map", "--layout", "hex"],
        "unknown layout 'hex' (valid: classic, symmetric)",
    );
    one_line_error(&["map", "--seed", "12x"], "malformed seed '12x'");
    one_line_error(&["map", "--seed", "-1"], "malformed seed '-1'");
    one_line_error(&["board", "--layout", "round"], "unknown layout 'round'");
    one_line_error(
        &["map-stats", "--samples", "0"],
        "malformed sample count '0'",
    );
}

/// Runs `args` with stdout on /dev/full: a one-line error and exit code 3,
/// never a panic. On a pipe whose reading end is already closed (a reader
/// such as `head` that stopped early) the command ends quietly, as it would
/// have ended, and never panics.
#[test]
fn a_full_stdout_is_a_short_error_and_a_closed_pipe_is_quiet() {
    let scenario = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../sanctum-rules/tests/scenarios/001_moonwalk_seed_example.toml");
    let resolve = ["resolve".as_ref(), scenario.as_os_str()];
    let map: [&std::ffi::OsStr; 2] = ["map".as_ref(), "--json".as_ref()];
    for args in [&resolve[..], &map[..]] {
        let run = |stdout: std::process::Stdio| {
            std::process::Command::new(assert_cmd::cargo::cargo_bin("sanctum"))
                .args(args)
                .stdout(stdout)
                .output()
                .unwrap()
        };
        let full = std::fs::File::create("/dev/full").unwrap();
        let out = run(full.into());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{err}");
        assert!(!err.contains("panicked"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with("error: cannot write to standard output: "),
            "{err}"
        );
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = run(writer.into());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{err}");
        assert!(err.is_empty(), "{err}");
    }
}

/// Every file argument (`resolve`, `turn`, `replay`) stops reading after
/// 4 MiB and refuses the file, naming it and the limit.
#[test]
fn every_file_argument_is_limited_to_four_mib() {
    for cmd in ["resolve", "turn", "replay"] {
        let out = sanctum().args([cmd, "/dev/zero"]).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{cmd}: {err}");
        assert!(out.stdout.is_empty());
        assert!(
            err.contains("/dev/zero: the file is larger than the limit of 4 MiB"),
            "{cmd}: {err}"
        );
    }
}
