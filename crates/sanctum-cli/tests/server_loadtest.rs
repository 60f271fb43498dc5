//! `sanctum loadtest` against a real `sanctum serve`: a small run completes and reports
//! turns per second and the latency quantiles; a malformed URL exits with code 2.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

#[test]
fn a_small_load_test_plays_every_game_and_reports_its_figures() {
    let dir = tempfile::tempdir().expect("a directory");
    let db = format!("sqlite:{}", dir.path().join("load.db").display());
    let mut server = Command::new(env!("CARGO_BIN_EXE_sanctum"))
        .args(["serve", "--addr", "127.0.0.1:0", "--database", &db])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sanctum serve starts");
    let stderr = server.stderr.take().expect("stderr");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if let Some(at) = line.find("serving on http://") {
                let url = line[at + "serving on ".len()..].split_whitespace().next();
                let _ = tx.send(url.unwrap_or("").to_string());
            }
        }
    });
    let url = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("an address");
    let out = Command::new(env!("CARGO_BIN_EXE_sanctum"))
        .args([
            "loadtest", "--url", &url, "--games", "3", "--turns", "3", "--json",
        ])
        .output()
        .expect("loadtest runs");
    let _ = server.kill();
    let _ = server.wait();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    assert_eq!(report["games"], 3);
    assert_eq!(report["games_failed"], 0, "{report}");
    assert_eq!(report["turns"], 9);
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
