//! The web client in a real browser: starts the real `sanctum serve` on an ephemeral
//! port with a temporary SQLite file, then runs the end-to-end scenarios of
//! `crates/sanctum-server/e2e/client.mjs` (headless Debian `chromium` driven by
//! `playwright-core`) against it, and fails with their output if any fails.
//!
//! Needs `node`, `/usr/bin/chromium` (or `CHROMIUM`) and the e2e directory's
//! `node_modules`: `scripts/browser-deps` installs them (`scripts/test` calls it). When
//! one is missing this test fails and says which; it never skips.
//!
//! `SANCTUM_SCREENSHOTS=DIR` makes the scenarios save their screenshots there (the
//! README's pictures under `docs/screenshots/` come from such a run).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// The server, killed when dropped.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn e2e_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../sanctum-server/e2e")
}

/// What is missing to run the browser tests, if anything.
fn missing_tools(e2e: &Path) -> Vec<String> {
    let mut missing = Vec::new();
    let node = Command::new("node")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    if !node.is_ok_and(|s| s.success()) {
        missing.push("node (Debian's nodejs)".to_string());
    }
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    if !Path::new(&chromium).exists() {
        missing.push(format!("chromium at {chromium} (Debian's chromium)"));
    }
    if !e2e
        .join("node_modules/playwright-core/package.json")
        .exists()
    {
        missing.push(format!(
            "{}/node_modules/playwright-core (npm ci)",
            e2e.display()
        ));
    }
    missing
}

/// Starts `sanctum serve` on port 0 and returns it with the address it printed.
fn start_server(db: &Path) -> (Server, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sanctum"))
        .args(["serve", "--addr", "127.0.0.1:0", "--database"])
        .arg(format!("sqlite:{}", db.display()))
        .env("SANCTUM_LOG", "info")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starting sanctum serve");
    let stderr = child.stderr.take().expect("the server's stderr");
    let server = Server(child);
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut sent = false;
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if !sent && let Some(rest) = line.split("serving on ").nth(1) {
                let url = rest.split_whitespace().next().unwrap_or("").to_string();
                let _ = tx.send(url);
                sent = true;
            }
        }
    });
    let url = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("sanctum serve did not say where it serves within 60 s");
    (server, format!("{url}/"))
}

#[test]
fn the_web_client_works_in_a_real_browser() {
    let e2e = e2e_dir();
    let missing = missing_tools(&e2e);
    assert!(
        missing.is_empty(),
        "the browser tests need: {}. Run scripts/browser-deps (scripts/test runs it) to install them.",
        missing.join(", ")
    );
    let dir = tempfile::tempdir().expect("a temporary directory");
    let (_server, url) = start_server(&dir.path().join("browser.db"));
    let mut cmd = Command::new("node");
    cmd.arg("client.mjs").arg(&url).current_dir(&e2e);
    if let Ok(shots) = std::env::var("SANCTUM_SCREENSHOTS") {
        cmd.arg(shots);
    }
    let out = cmd.output().expect("running node client.mjs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("{stdout}");
    assert!(
        out.status.success(),
        "the browser scenarios failed ({}):\n{stdout}\n{stderr}",
        out.status
    );
}
