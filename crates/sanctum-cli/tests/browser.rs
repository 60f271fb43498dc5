//! The web client in real browsers: each test starts the real `sanctum serve` on an
//! ephemeral port with a temporary SQLite file, then runs end-to-end scenarios against
//! it and fails with their output if any fails:
//! - `crates/sanctum-server/e2e/client.mjs`: headless Debian `chromium` driven by
//!   `playwright-core` (laptop and tablet sizes, touch);
//! - `crates/sanctum-server/e2e/firefox.mjs`: headless Debian `firefox-esr` driven by
//!   `puppeteer-core` over WebDriver BiDi.
//!
//! Needs `node`, `/usr/bin/chromium` (or `CHROMIUM`), `/usr/bin/firefox-esr` (or
//! `FIREFOX`) and the e2e directory's `node_modules`: `scripts/browser-deps` installs
//! them (`scripts/test` calls it). When one is missing a test fails and says which; it
//! never skips. The two tests take turns (one browser at a time on a small machine).
//!
//! `SANCTUM_SCREENSHOTS=DIR` makes the scenarios save their screenshots there (the
//! README's pictures under `docs/screenshots/` come from such a run).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, mpsc};
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

/// A browser the scenarios drive: its executable (overridable by an environment
/// variable), its Debian package and the npm package that drives it.
struct Browser {
    env: &'static str,
    default_path: &'static str,
    package: &'static str,
    driver: &'static str,
}

const CHROMIUM: Browser = Browser {
    env: "CHROMIUM",
    default_path: "/usr/bin/chromium",
    package: "chromium",
    driver: "playwright-core",
};

const FIREFOX: Browser = Browser {
    env: "FIREFOX",
    default_path: "/usr/bin/firefox-esr",
    package: "firefox-esr",
    driver: "puppeteer-core",
};

/// What is missing to run one browser's scenarios, if anything.
fn missing_tools(e2e: &Path, browser: &Browser) -> Vec<String> {
    let mut missing = Vec::new();
    let node = Command::new("node")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    if !node.is_ok_and(|s| s.success()) {
        missing.push("node (Debian's nodejs)".to_string());
    }
    let path = std::env::var(browser.env).unwrap_or_else(|_| browser.default_path.into());
    if !Path::new(&path).exists() {
        missing.push(format!(
            "{} at {path} (Debian's {})",
            browser.package, browser.package
        ));
    }
    let driver = e2e.join("node_modules").join(browser.driver);
    if !driver.join("package.json").exists() {
        missing.push(format!("{} (npm ci)", driver.display()));
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

/// One browser at a time: the machine is small and the scenarios wait on real time.
static ONE_BROWSER: Mutex<()> = Mutex::new(());

/// Runs `node SCRIPT URL [SCREENSHOT_DIR]` in the e2e directory against a fresh server.
fn run_scenarios(script: &str, browser: &Browser) {
    let e2e = e2e_dir();
    let missing = missing_tools(&e2e, browser);
    assert!(
        missing.is_empty(),
        "the browser tests need: {}. Run scripts/browser-deps (scripts/test runs it) to install them.",
        missing.join(", ")
    );
    let _turn = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().expect("a temporary directory");
    let (_server, url) = start_server(&dir.path().join("browser.db"));
    let mut cmd = Command::new("node");
    cmd.arg(script).arg(&url).current_dir(&e2e);
    if let Ok(shots) = std::env::var("SANCTUM_SCREENSHOTS") {
        cmd.arg(shots);
    }
    let out = cmd.output().expect("running node");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("{stdout}");
    assert!(
        out.status.success(),
        "the browser scenarios of {script} failed ({}):\n{stdout}\n{stderr}",
        out.status
    );
}

#[test]
fn the_web_client_works_in_chromium() {
    run_scenarios("client.mjs", &CHROMIUM);
}

#[test]
fn the_web_client_works_in_firefox() {
    run_scenarios("firefox.mjs", &FIREFOX);
}
