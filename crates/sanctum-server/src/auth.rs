//! Who is asking: passwords (argon2), session tokens (256 random bits, stored only as a
//! BLAKE2b hash), the `Authorization: Bearer` header or the `sanctum_session` cookie
//! (or `?token=` on a WebSocket, which browsers cannot give headers), and the login
//! rate limit.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use axum::extract::FromRequestParts;
use axum::http::header::{AUTHORIZATION, COOKIE};
use axum::http::request::Parts;
use blake2::{Blake2b512, Digest};

use crate::AppState;
use crate::error::ApiError;
use crate::store::PlayerRow;

/// The cookie that carries a session token.
pub const COOKIE_NAME: &str = "sanctum_session";

/// A fresh token: 32 random bytes from the operating system, as 64 hex digits.
pub fn new_token() -> Result<String, ApiError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| {
        ApiError::new(
            axum::http::StatusCode::INTERNAL_SERVER_ERROR,
            "random",
            format!("no randomness from the operating system: {e}"),
        )
    })?;
    Ok(hex(&bytes))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What the database keeps of a token.
pub fn token_hash(token: &str) -> String {
    hex(&Blake2b512::digest(token.as_bytes())[..32])
}

/// An argon2id hash of a password, with a random salt.
pub fn hash_password(password: &str) -> Result<String, ApiError> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| {
        ApiError::new(
            axum::http::StatusCode::INTERNAL_SERVER_ERROR,
            "random",
            format!("no randomness from the operating system: {e}"),
        )
    })?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| internal(&e))?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| internal(&e))
}

fn internal(e: &dyn std::fmt::Display) -> ApiError {
    ApiError::new(
        axum::http::StatusCode::INTERNAL_SERVER_ERROR,
        "password_hash",
        format!("hashing the password failed: {e}"),
    )
}

/// Whether `password` matches a stored hash.
pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|h| {
        Argon2::default()
            .verify_password(password.as_bytes(), &h)
            .is_ok()
    })
}

/// The token a request carries: the Bearer header first, then the cookie.
fn token_of(parts: &Parts) -> Option<String> {
    if let Some(v) = parts
        .headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
    {
        return v.strip_prefix("Bearer ").map(|t| t.trim().to_string());
    }
    for v in parts.headers.get_all(COOKIE) {
        for pair in v.to_str().unwrap_or("").split(';') {
            if let Some(t) = pair
                .trim()
                .strip_prefix(COOKIE_NAME)
                .and_then(|r| r.strip_prefix('='))
            {
                return Some(t.to_string());
            }
        }
    }
    let query = parts.uri.query().unwrap_or("");
    query
        .split('&')
        .find_map(|kv| kv.strip_prefix("token="))
        .map(str::to_string)
}

/// The signed-in player making the request.
#[derive(Clone, Debug)]
pub struct Caller(pub PlayerRow);

/// The signed-in player, or `None` for an anonymous spectator.
#[derive(Clone, Debug)]
pub struct MaybeCaller(pub Option<PlayerRow>);

/// How long a token's player is remembered between database reads (a banishment or
/// pardon reaches a running server within this time).
pub const TOKEN_CACHE: Duration = Duration::from_secs(10);

/// Players by token hash, as last read.
#[derive(Default)]
pub struct TokenCache {
    players: Mutex<HashMap<String, (Instant, PlayerRow)>>,
}

impl TokenCache {
    fn get(&self, hash: &str) -> Option<PlayerRow> {
        let map = self.players.lock().unwrap_or_else(|p| p.into_inner());
        map.get(hash)
            .filter(|(at, _)| at.elapsed() < TOKEN_CACHE)
            .map(|(_, p)| p.clone())
    }

    fn put(&self, hash: String, player: PlayerRow) {
        let mut map = self.players.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() > 100_000 {
            map.retain(|_, (at, _)| at.elapsed() < TOKEN_CACHE);
        }
        map.insert(hash, (Instant::now(), player));
    }
}

async fn lookup(parts: &Parts, state: &AppState) -> Result<Option<PlayerRow>, ApiError> {
    let Some(token) = token_of(parts) else {
        return Ok(None);
    };
    let hash = token_hash(&token);
    if let Some(p) = state.tokens.get(&hash) {
        return Ok(Some(p));
    }
    match state.store.player_by_token(&hash).await? {
        Some(p) => {
            state.tokens.put(hash, p.clone());
            Ok(Some(p))
        }
        None => Err(ApiError::unauthorized(
            "the session token is not valid (sign in again: POST /api/sessions or /api/guests)",
        )),
    }
}

impl FromRequestParts<AppState> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        lookup(parts, state).await?.map(Caller).ok_or_else(|| {
            ApiError::unauthorized(
                "no session token: send 'Authorization: Bearer TOKEN' or the sanctum_session cookie",
            )
        })
    }
}

impl FromRequestParts<AppState> for MaybeCaller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        Ok(MaybeCaller(lookup(parts, state).await?))
    }
}

/// Login attempts allowed per name in a window.
pub const LOGIN_ATTEMPTS: usize = 5;
/// The window of the login limit.
pub const LOGIN_WINDOW: Duration = Duration::from_secs(60);

/// Counts failed logins per name; past [`LOGIN_ATTEMPTS`] in [`LOGIN_WINDOW`] the name
/// is refused (429) until the oldest failure leaves the window.
#[derive(Default)]
pub struct LoginLimiter {
    failures: Mutex<HashMap<String, Vec<Instant>>>,
}

impl LoginLimiter {
    /// Seconds to wait before trying `name` again, or `None` if it may try now.
    pub fn wait(&self, name: &str) -> Option<u64> {
        let mut map = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        let list = map.entry(name.to_lowercase()).or_default();
        list.retain(|t| now.duration_since(*t) < LOGIN_WINDOW);
        (list.len() >= LOGIN_ATTEMPTS).then(|| {
            let oldest = list.first().copied().unwrap_or(now);
            LOGIN_WINDOW
                .saturating_sub(now.duration_since(oldest))
                .as_secs()
                .max(1)
        })
    }

    pub fn failed(&self, name: &str) {
        let mut map = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() > 100_000 {
            map.clear();
        }
        map.entry(name.to_lowercase())
            .or_default()
            .push(Instant::now());
    }

    pub fn succeeded(&self, name: &str) {
        let mut map = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        map.remove(&name.to_lowercase());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_64_hex_digits_and_differ() {
        let a = new_token().expect("random");
        let b = new_token().expect("random");
        assert_eq!(a.len(), 64);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
        assert_ne!(token_hash(&a), a);
    }

    #[test]
    fn a_password_verifies_against_its_hash_only() {
        let h = hash_password("correct horse").expect("hash");
        assert!(verify_password("correct horse", &h));
        assert!(!verify_password("wrong horse", &h));
        assert!(!verify_password("correct horse", "not a hash"));
    }

    #[test]
    fn the_sixth_failed_login_in_a_minute_waits() {
        let l = LoginLimiter::default();
        for _ in 0..LOGIN_ATTEMPTS {
            assert_eq!(l.wait("Ann"), None);
            l.failed("Ann");
        }
        assert!(l.wait("ann").is_some());
        assert_eq!(l.wait("bob"), None);
        l.succeeded("ANN");
        assert_eq!(l.wait("ann"), None);
    }
}
