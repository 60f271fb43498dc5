//! `sanctum loadtest`: N concurrent games between API clients over real HTTP and
//! WebSocket connections. Each game has two guests, each with its own socket; every
//! turn both players think (a pause drawn uniformly from 0 to twice the mean think
//! time, each player on its own, as people at two screens do), then ask `/legal`, put
//! random orders and confirm; the latency is measured from just before the second
//! confirm is sent to the arrival of the pushed turn on each player's socket. After
//! `turns` turns one side concedes. With a think time of 0 every game asks for its
//! next turn at once: that saturates the machine and measures throughput, not latency.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use sanctum_rules::GameRng;
use serde_json::{Value, json};
use tokio::sync::mpsc;

use crate::client::random_orders;

/// What a load test plays.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// Games played at once.
    pub games: usize,
    /// Turns each game plays before one side concedes.
    pub turns: i64,
    /// Seed of the clients' orders and think times (game i uses seed + i).
    pub seed: u64,
    /// The mean time a player thinks before giving orders, in milliseconds.
    pub think_ms: u64,
}

/// What a load test measured.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Report {
    pub games: usize,
    pub think_ms: u64,
    pub games_failed: usize,
    pub turns: u64,
    pub seconds: f64,
    pub turns_per_second: f64,
    /// Milliseconds from the second confirm to the pushed result, per player and turn.
    pub latency_ms_p50: f64,
    pub latency_ms_p99: f64,
    pub latency_ms_max: f64,
    /// The first failure, if any, with its game.
    pub first_error: Option<String>,
}

/// Why a load-test game failed.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("HTTP {0}: {1}")]
    Http(String, String),
    #[error("WebSocket: {0}")]
    Socket(String),
    #[error("no push within 60 s")]
    Timeout,
}

/// Counters a progress bar can read while the test runs.
#[derive(Default)]
pub struct Progress {
    pub turns: AtomicU64,
    pub games_done: AtomicU64,
}

struct Player {
    http: reqwest::Client,
    base: String,
    token: String,
    pushes: mpsc::UnboundedReceiver<(Instant, Value)>,
}

async fn call(
    http: &reqwest::Client,
    base: &str,
    token: Option<&str>,
    method: reqwest::Method,
    path: &str,
    body: Option<Value>,
) -> Result<Value, LoadError> {
    let mut req = http.request(method, format!("{base}{path}"));
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    if let Some(b) = body {
        req = req.json(&b);
    }
    let err = |e: reqwest::Error| LoadError::Http(path.to_string(), e.to_string());
    let resp = req.send().await.map_err(err)?;
    let status = resp.status();
    let v: Value = resp.json().await.map_err(err)?;
    if status.is_success() {
        Ok(v)
    } else {
        Err(LoadError::Http(path.to_string(), format!("{status} {v}")))
    }
}

impl Player {
    async fn guest(http: &reqwest::Client, base: &str, name: &str) -> Result<Player, LoadError> {
        let v = call(
            http,
            base,
            None,
            reqwest::Method::POST,
            "/api/guests",
            Some(json!({ "name": name })),
        )
        .await?;
        let token = v["token"].as_str().unwrap_or_default().to_string();
        let (_tx, pushes) = mpsc::unbounded_channel();
        Ok(Player {
            http: http.clone(),
            base: base.to_string(),
            token,
            pushes,
        })
    }

    async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
    ) -> Result<Value, LoadError> {
        call(
            &self.http,
            &self.base,
            Some(&self.token),
            method,
            path,
            body,
        )
        .await
    }

    async fn open_socket(&mut self, game: i64) -> Result<(), LoadError> {
        let url = format!(
            "{}/api/games/{game}/ws?token={}",
            self.base.replacen("http", "ws", 1),
            self.token
        );
        let (mut stream, _) = tokio_tungstenite::connect_async(url)
            .await
            .map_err(|e| LoadError::Socket(e.to_string()))?;
        let (tx, rx) = mpsc::unbounded_channel();
        self.pushes = rx;
        tokio::spawn(async move {
            while let Some(Ok(msg)) = stream.next().await {
                if let tokio_tungstenite::tungstenite::Message::Text(t) = msg {
                    let at = Instant::now();
                    if let Ok(v) = serde_json::from_str::<Value>(&t) {
                        let _ = tx.send((at, v));
                    }
                }
            }
        });
        Ok(())
    }

    /// Waits for the push showing `turns` turns played; returns when it arrived.
    async fn wait_turn(&mut self, turns: i64) -> Result<(Instant, Value), LoadError> {
        loop {
            let got = tokio::time::timeout(Duration::from_secs(60), self.pushes.recv())
                .await
                .map_err(|_| LoadError::Timeout)?
                .ok_or_else(|| LoadError::Socket("closed".into()))?;
            if got.1["game"]["turns_played"].as_i64() >= Some(turns)
                || got.1["game"]["status"] == "finished"
            {
                return Ok(got);
            }
        }
    }

    async fn give_orders(&self, game: i64, rng: &mut GameRng) -> Result<(), LoadError> {
        let legal = self
            .send(
                reqwest::Method::GET,
                &format!("/api/games/{game}/legal"),
                None,
            )
            .await?;
        let orders = random_orders(&legal, rng);
        let path = format!("/api/games/{game}/orders");
        if self
            .send(
                reqwest::Method::PUT,
                &path,
                Some(json!({ "orders": orders })),
            )
            .await
            .is_err()
        {
            self.send(reqwest::Method::PUT, &path, Some(json!({ "orders": [] })))
                .await?;
        }
        Ok(())
    }

    /// Thinks for `pause`, gives random orders and confirms them; returns when the
    /// confirm was sent.
    async fn think_and_confirm(
        &self,
        game: i64,
        pause: Duration,
        rng: &mut GameRng,
    ) -> Result<Instant, LoadError> {
        tokio::time::sleep(pause).await;
        self.give_orders(game, rng).await?;
        let sent = Instant::now();
        self.send(
            reqwest::Method::POST,
            &format!("/api/games/{game}/confirm"),
            None,
        )
        .await?;
        Ok(sent)
    }
}

/// Plays one game of `turns` turns; returns the latencies (ms) it measured.
async fn one_game(
    http: reqwest::Client,
    base: String,
    tag: String,
    seed: u64,
    turns: i64,
    think_ms: u64,
    progress: Arc<Progress>,
) -> Result<Vec<f64>, LoadError> {
    let mut a = Player::guest(&http, &base, &format!("{tag}a")).await?;
    let mut b = Player::guest(&http, &base, &format!("{tag}b")).await?;
    let created = a
        .send(
            reqwest::Method::POST,
            "/api/games",
            Some(json!({"turn_seconds": 3600})),
        )
        .await?;
    let id = created["id"].as_i64().unwrap_or_default();
    b.send(
        reqwest::Method::POST,
        &format!("/api/games/{id}/join"),
        Some(json!({})),
    )
    .await?;
    a.open_socket(id).await?;
    b.open_socket(id).await?;
    let mut rng = GameRng::from_seed(seed);
    let mut latencies = Vec::new();
    for turn in 0..turns {
        let think = |rng: &mut GameRng| {
            let ms = if think_ms == 0 {
                0
            } else {
                u64::from(rng.below(u32::try_from(2 * think_ms).unwrap_or(u32::MAX)))
            };
            Duration::from_millis(ms)
        };
        let (think_a, think_b) = (think(&mut rng), think(&mut rng));
        let mut rng_a = GameRng::from_seed(rng.next_u64());
        let mut rng_b = GameRng::from_seed(rng.next_u64());
        let (sent_a, sent_b) = tokio::try_join!(
            a.think_and_confirm(id, think_a, &mut rng_a),
            b.think_and_confirm(id, think_b, &mut rng_b)
        )?;
        let second = sent_a.max(sent_b);
        let (at_a, pushed) = a.wait_turn(turn + 1).await?;
        let (at_b, _) = b.wait_turn(turn + 1).await?;
        for at in [at_a, at_b] {
            latencies.push(at.saturating_duration_since(second).as_secs_f64() * 1000.0);
        }
        progress.turns.fetch_add(1, Ordering::Relaxed);
        if pushed["game"]["status"] == "finished" {
            break;
        }
    }
    let _ = b
        .send(
            reqwest::Method::POST,
            &format!("/api/games/{id}/concede"),
            None,
        )
        .await;
    progress.games_done.fetch_add(1, Ordering::Relaxed);
    Ok(latencies)
}

/// The value at quantile `q` of sorted samples.
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// Runs the games of `opts` at once against the server at `base`.
pub async fn run(base: &str, opts: Options, progress: Arc<Progress>) -> Report {
    let Options {
        games,
        turns,
        seed,
        think_ms,
    } = opts;
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(4096)
        .timeout(Duration::from_secs(120))
        .build()
        .unwrap_or_default();
    let mut tag = [0u8; 4];
    let _ = getrandom::fill(&mut tag);
    let run_tag = format!("lt{:08x}", u32::from_le_bytes(tag));
    let started = Instant::now();
    let mut tasks = Vec::with_capacity(games);
    for g in 0..games {
        let (http, base, progress) = (http.clone(), base.to_string(), progress.clone());
        let tag = format!("{run_tag}g{g}");
        tasks.push(tokio::spawn(one_game(
            http,
            base,
            tag,
            seed.wrapping_add(g as u64),
            turns,
            think_ms,
            progress,
        )));
    }
    let mut samples = Vec::new();
    let mut failed = 0;
    let mut first_error = None;
    for (g, t) in tasks.into_iter().enumerate() {
        match t.await {
            Ok(Ok(l)) => samples.extend(l),
            Ok(Err(e)) => {
                failed += 1;
                first_error.get_or_insert_with(|| format!("game {g}: {e}"));
            }
            Err(e) => {
                failed += 1;
                first_error.get_or_insert_with(|| format!("game {g}: {e}"));
            }
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    samples.sort_by(f64::total_cmp);
    let turns = progress.turns.load(Ordering::Relaxed);
    Report {
        games,
        think_ms,
        games_failed: failed,
        turns,
        seconds,
        turns_per_second: turns as f64 / seconds.max(1e-9),
        latency_ms_p50: quantile(&samples, 0.5),
        latency_ms_p99: quantile(&samples, 0.99),
        latency_ms_max: samples.last().copied().unwrap_or(0.0),
        first_error,
    }
}

#[cfg(test)]
mod tests {
    use super::quantile;

    #[test]
    fn quantiles_of_sorted_samples() {
        let s: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(quantile(&s, 0.5), 51.0);
        assert_eq!(quantile(&s, 0.99), 99.0);
        assert_eq!(quantile(&[], 0.5), 0.0);
    }
}
