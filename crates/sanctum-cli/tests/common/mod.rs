//! Helpers of the tests that run `sanctum serve`: the real binary on a free port, and a
//! blocking HTTP client.

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::Value;

pub struct Server {
    pub child: Child,
    pub url: String,
    log: Arc<Mutex<Vec<String>>>,
}

impl Server {
    /// Starts `sanctum serve` on a free port over the database URL `db`, with extra
    /// environment.
    pub fn start(db: &str, env: &[(&str, &str)]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sanctum"))
            .args(["serve", "--addr", "127.0.0.1:0", "--database"])
            .arg(db)
            .env("SANCTUM_LOG", "info")
            .envs(env.iter().copied())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("sanctum serve starts");
        let stderr = child.stderr.take().expect("stderr");
        let log = Arc::new(Mutex::new(Vec::new()));
        let (tx, rx) = std::sync::mpsc::channel();
        let lines = log.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(at) = line.find("serving on http://") {
                    let url = line[at + "serving on ".len()..].split_whitespace().next();
                    let _ = tx.send(url.unwrap_or("").to_string());
                }
                lines.lock().expect("not poisoned").push(line);
            }
        });
        let url = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("the server says where it serves");
        Server { child, url, log }
    }

    pub fn kill(mut self) {
        self.child.kill().expect("SIGKILL");
        let _ = self.child.wait();
    }

    pub fn lines_with(&self, text: &str) -> usize {
        let log = self.log.lock().expect("not poisoned");
        log.iter().filter(|l| l.contains(text)).count()
    }
}

/// Sends a request; returns the status and the JSON body.
pub fn send(
    url: &str,
    token: Option<&str>,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let method = reqwest::Method::from_bytes(method.as_bytes()).expect("a method");
    let mut req = reqwest::blocking::Client::new().request(method, format!("{url}{path}"));
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    if let Some(b) = body {
        req = req.json(&b);
    }
    let resp = req.send().expect("the server answers");
    let status = resp.status().as_u16();
    (status, resp.json().unwrap_or(Value::Null))
}
