//! Helpers of the server's tests: a server on an ephemeral port over a fresh SQLite
//! file (or the PostgreSQL of `SANCTUM_TEST_POSTGRES`), and a small client.

#![allow(dead_code)]

use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use serde_json::{Value, json};
use tokio::sync::oneshot;

/// A server running in this process.
pub struct TestServer {
    pub url: String,
    stop: Option<oneshot::Sender<()>>,
    pub task: tokio::task::JoinHandle<std::io::Result<()>>,
    _dir: Option<tempfile::TempDir>,
}

impl TestServer {
    /// A server over a new SQLite file.
    pub async fn sqlite() -> TestServer {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let url = format!("sqlite:{}", dir.path().join("test.db").display());
        let store = sanctum_server::open(&url)
            .await
            .expect("the database opens");
        let mut s = TestServer::on(store).await;
        s._dir = Some(dir);
        s
    }

    /// A server over the test PostgreSQL database.
    pub async fn postgres() -> TestServer {
        TestServer::on(postgres_store().await).await
    }

    pub async fn on(store: Arc<dyn sanctum_server::Store>) -> TestServer {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a free port");
        let url = format!("http://{}", listener.local_addr().expect("an address"));
        let (tx, rx) = oneshot::channel::<()>();
        let task = tokio::spawn(sanctum_server::run(listener, store, async {
            let _ = rx.await;
        }));
        TestServer {
            url,
            stop: Some(tx),
            task,
            _dir: None,
        }
    }

    pub async fn stop(mut self) {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
        let _ = tokio::time::timeout(Duration::from_secs(10), &mut self.task).await;
    }
}

/// The URL of the test PostgreSQL database; fails, naming the variable, when unset.
pub fn postgres_url() -> String {
    std::env::var("SANCTUM_TEST_POSTGRES").unwrap_or_else(|_| {
        panic!(
            "SANCTUM_TEST_POSTGRES is not set: run the tests with scripts/test, which installs \
             and starts PostgreSQL and sets it (postgres://USER:PASSWORD@HOST:PORT/DATABASE)"
        )
    })
}

pub async fn postgres_store() -> Arc<dyn sanctum_server::Store> {
    sanctum_server::open(&postgres_url())
        .await
        .expect("the PostgreSQL test database opens")
}

/// A name nobody has used in this database yet.
pub fn unique(prefix: &str) -> String {
    let mut b = [0u8; 5];
    getrandom::fill(&mut b).expect("random");
    let n = u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], 0, 0, 0]);
    format!("{prefix}{n:x}")
}

/// Everything a client received, as text.
#[derive(Default, Clone)]
pub struct Recorder(pub Arc<std::sync::Mutex<Vec<String>>>);

impl Recorder {
    pub fn push(&self, s: String) {
        self.0.lock().expect("not poisoned").push(s);
    }

    pub fn all(&self) -> Vec<String> {
        self.0.lock().expect("not poisoned").clone()
    }
}

/// A client of one player (or anonymous).
#[derive(Clone)]
pub struct Client {
    pub base: String,
    pub token: Option<String>,
    pub http: reqwest::Client,
    pub seen: Recorder,
}

impl Client {
    pub fn anonymous(base: &str) -> Client {
        Client {
            base: base.to_string(),
            token: None,
            http: reqwest::Client::new(),
            seen: Recorder::default(),
        }
    }

    pub async fn guest(base: &str, name: &str) -> Client {
        let mut c = Client::anonymous(base);
        let (status, body) = c
            .send("POST", "/api/guests", Some(json!({ "name": name })))
            .await;
        assert_eq!(status, 201, "{body}");
        c.token = Some(body["token"].as_str().expect("a token").to_string());
        c
    }

    /// Sends a request; returns the status and the JSON body (recorded).
    pub async fn send(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let raw = body.map(|b| b.to_string());
        self.raw(method, path, raw.as_deref()).await
    }

    pub async fn raw(&self, method: &str, path: &str, body: Option<&str>) -> (u16, Value) {
        let method = reqwest::Method::from_bytes(method.as_bytes()).expect("a method");
        let mut req = self.http.request(method, format!("{}{path}", self.base));
        if let Some(t) = &self.token {
            req = req.bearer_auth(t);
        }
        if let Some(b) = body {
            req = req
                .header("content-type", "application/json")
                .body(b.to_string());
        }
        let resp = req.send().await.expect("the server answers");
        let status = resp.status().as_u16();
        let text = resp.text().await.expect("a body");
        self.seen.push(text.clone());
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    pub async fn ok(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let (status, v) = self.send(method, path, body).await;
        assert!(
            (200..300).contains(&status),
            "{method} {path}: {status} {v}"
        );
        v
    }

    /// Opens the game's WebSocket; every message goes to `seen` and to the channel.
    pub async fn socket(&self, game: i64) -> tokio::sync::mpsc::UnboundedReceiver<Value> {
        let ws_url = self.base.replacen("http", "ws", 1);
        let url = match &self.token {
            Some(t) => format!("{ws_url}/api/games/{game}/ws?token={t}"),
            None => format!("{ws_url}/api/games/{game}/ws"),
        };
        let (mut stream, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("the socket opens");
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        let seen = self.seen.clone();
        tokio::spawn(async move {
            while let Some(Ok(msg)) = stream.next().await {
                if let tokio_tungstenite::tungstenite::Message::Text(t) = msg {
                    seen.push(t.to_string());
                    let _ = tx.send(serde_json::from_str(&t).unwrap_or(Value::Null));
                }
            }
        });
        rx
    }
}

/// Waits for a pushed message of `kind` whose game has played `turns` turns (or is
/// finished).
pub async fn wait_turn(rx: &mut tokio::sync::mpsc::UnboundedReceiver<Value>, turns: i64) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        let msg = tokio::time::timeout_at(deadline, rx.recv())
            .await
            .expect("a push within 30 s")
            .expect("the socket stays open");
        if msg["game"]["turns_played"].as_i64() >= Some(turns) {
            return msg;
        }
    }
}
