//! `sanctum loadtest` against a real `sanctum serve`: a small run completes and reports
//! turns per second and the latency quantiles; a malformed URL exits with code 2.

mod common;

use std::process::Command;

#[test]
fn a_small_load_test_plays_every_game_and_reports_its_figures() {
    let dir = tempfile::tempdir().expect("a directory");
    let db = format!("sqlite:{}", dir.path().join("load.db").display());
    let server = common::Server::start(&db, &[]);
    let url = server.url.clone();
    let out = Command::new(env!("CARGO_BIN_EXE_sanctum"))
        .args([
            "loadtest",
            "--url",
            &url,
            "--games",
            "3",
            "--turns",
            "3",
            "--think-ms",
            "20",
            "--json",
        ])
        .output()
        .expect("loadtest runs");
    server.kill();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    assert_eq!(report["games"], 3);
    assert_eq!(report["games_failed"], 0, "{report}");
    assert_eq!(report["turns"], 9);
    assert_eq!(report["think_ms"], 20);
    let p50 = report["latency_ms_p50"].as_f64().expect("p50");
    let p99 = report["latency_ms_p99"].as_f64().expect("p99");
    let max = report["latency_ms_max"].as_f64().expect("max");
    assert!(p50 <= p99 && p99 <= max);
}

#[test]
fn a_malformed_url_exits_with_code_2_naming_it() {
    let out = Command::new(env!("CARGO_BIN_EXE_sanctum"))
        .args(["loadtest", "--url", "ftp://x", "--games", "1"])
        .output()
        .expect("loadtest runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("ftp://x"));
}
