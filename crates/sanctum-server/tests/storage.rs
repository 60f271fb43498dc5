//! The storage trait, the same checks on both backends: SQLite on a new file and the
//! PostgreSQL of `SANCTUM_TEST_POSTGRES` (set by `scripts/test`; the PostgreSQL
//! tests fail, naming the variable, when it is missing).

mod common;

use std::sync::Arc;

use sanctum_server::store::{
    Finish, GameStart, NewGame, PutOutcome, Rating, Store, StoreError, TurnCommit, TurnRow,
};

fn new_game(creator: i64) -> NewGame {
    NewGame {
        room: "main".into(),
        realm: "veldt".into(),
        layout: "classic".into(),
        ranked: true,
        turn_seconds: 60,
        opponent: "open".into(),
        creator_id: creator,
        creator_deck: "{}".into(),
    }
}

fn commit(game: i64, turn: i64, finished: Option<Finish>) -> TurnCommit {
    TurnCommit {
        game_id: game,
        turn,
        record: TurnRow {
            turn,
            orders: "[[],[]]".into(),
            hash: format!("hash{turn}"),
        },
        snapshot: Some("{}".into()),
        deadline_ms: Some(1_000),
        finished,
    }
}

async fn players_and_tokens(store: &dyn Store) {
    let name = common::unique("p");
    let id = store
        .create_player(&name, Some("h"), false, 1)
        .await
        .expect("created");
    match store.create_player(&name, None, true, 1).await {
        Err(StoreError::NameTaken(n)) => assert_eq!(n, name),
        other => panic!("a second '{name}' must be refused, got {other:?}"),
    }
    let token = common::unique("t");
    store.add_token(id, &token, 1).await.expect("token stored");
    let found = store
        .player_by_token(&token)
        .await
        .expect("read")
        .expect("found");
    assert_eq!((found.id, found.guest, found.banished), (id, false, false));
    assert!(store.player_by_token("nope").await.expect("read").is_none());
    assert!(store.set_banished(&name, true).await.expect("banished"));
    assert!(
        store
            .player_by_name(&name)
            .await
            .expect("read")
            .expect("found")
            .banished
    );
    assert!(
        !store
            .set_banished(&common::unique("nobody"), true)
            .await
            .expect("no one")
    );
}

async fn a_turn_is_stored_once(store: Arc<dyn Store>) {
    let red = store
        .create_player(&common::unique("r"), None, true, 1)
        .await
        .expect("red");
    let blue = store
        .create_player(&common::unique("b"), None, true, 1)
        .await
        .expect("blue");
    let game = store.create_game(&new_game(red), 1).await.expect("game");
    let start = GameStart {
        red_id: Some(red),
        blue_id: Some(blue),
        red_bot: None,
        blue_bot: None,
        setup: "{}".into(),
        snapshot: "{}".into(),
        snapshot_hash: "h".into(),
        deadline_ms: 500,
    };
    assert!(store.start_game(game, &start).await.expect("started"));
    assert!(
        !store.start_game(game, &start).await.expect("read"),
        "a game starts once"
    );
    assert!(
        store
            .due_games(499)
            .await
            .expect("read")
            .iter()
            .all(|(g, _)| *g != game)
    );
    assert!(
        store
            .due_games(500)
            .await
            .expect("read")
            .contains(&(game, 0))
    );

    assert_eq!(
        store.put_orders(game, 0, "red", "[1]").await.expect("put"),
        PutOutcome::Stored
    );
    assert_eq!(
        store.put_orders(game, 1, "red", "[1]").await.expect("put"),
        PutOutcome::Stale
    );
    let pending = store
        .confirm(game, 0, "red", "[]")
        .await
        .expect("confirm")
        .expect("current");
    assert_eq!(pending.len(), 1);
    assert_eq!(
        (pending[0].orders.as_str(), pending[0].confirmed),
        ("[1]", true)
    );
    assert_eq!(
        store.put_orders(game, 0, "red", "[2]").await.expect("put"),
        PutOutcome::AlreadyConfirmed
    );
    let pending = store
        .confirm(game, 0, "blue", "[]")
        .await
        .expect("confirm")
        .expect("current");
    assert!(sanctum_server::games::both_confirmed(&pending));

    // Eight resolvers race for turn 0: exactly one stores it.
    let mut racers = Vec::new();
    for _ in 0..8 {
        let store = store.clone();
        racers.push(tokio::spawn(async move {
            store.commit_turn(&commit(game, 0, None)).await
        }));
    }
    let mut stored = 0;
    for r in racers {
        if r.await.expect("joined").expect("no storage error") {
            stored += 1;
        }
    }
    assert_eq!(stored, 1);
    let turns = store.turns(game, 0).await.expect("turns");
    assert_eq!(turns.len(), 1);
    assert!(store.pending(game, 0).await.expect("pending").is_empty());
    let row = store.game(game).await.expect("read").expect("found");
    assert_eq!((row.turns, row.status.as_str()), (1, "active"));

    // The game ends with new ratings, in the same transaction.
    let rating = Rating {
        rating: 1600.0,
        deviation: 200.0,
        volatility: 0.06,
    };
    let finish = Finish {
        winner: Some("red".into()),
        reason: "conceded".into(),
        ratings: vec![(red, rating)],
    };
    assert!(
        store
            .commit_turn(&commit(game, 1, Some(finish.clone())))
            .await
            .expect("stored")
    );
    assert!(
        !store
            .commit_turn(&commit(game, 2, Some(finish)))
            .await
            .expect("read"),
        "over"
    );
    let row = store.game(game).await.expect("read").expect("found");
    assert_eq!(
        (row.status.as_str(), row.winner.as_deref()),
        ("finished", Some("red"))
    );
    let top = store.top_players(1000).await.expect("top");
    let me = top.iter().find(|p| p.id == red).expect("red is ranked");
    assert_eq!((me.rating, me.ranked_games), (rating, 1));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_keeps_players_tokens_and_each_turn_once() {
    let dir = tempfile::tempdir().expect("a directory");
    let url = format!("sqlite:{}", dir.path().join("s.db").display());
    let store = sanctum_server::open(&url).await.expect("opens");
    players_and_tokens(store.as_ref()).await;
    a_turn_is_stored_once(store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_keeps_players_tokens_and_each_turn_once() {
    let store = common::postgres_store().await;
    assert_eq!(store.backend(), "postgres");
    players_and_tokens(store.as_ref()).await;
    a_turn_is_stored_once(store).await;
}

#[tokio::test]
async fn an_unknown_database_url_is_refused_naming_it() {
    let err = sanctum_server::open("mysql://x")
        .await
        .err()
        .expect("refused");
    assert!(err.to_string().contains("mysql://x") && err.to_string().contains("sqlite:PATH"));
}

/// A file migrated by sqlx (as builds before the rusqlite store made them) opens,
/// keeps its rows and is not migrated twice; and a file opened twice is fine.
#[tokio::test]
async fn a_file_sqlx_migrated_opens_with_its_rows() {
    let dir = tempfile::tempdir().expect("a directory");
    let path = dir.path().join("old.db");
    let url = format!("sqlite:{}?mode=rwc", path.display());
    {
        let pool = sqlx::SqlitePool::connect(&url).await.expect("connects");
        sqlx::migrate!("migrations/sqlite")
            .run(&pool)
            .await
            .expect("sqlx migrates");
        sqlx::query("INSERT INTO players (name, guest, created_ms) VALUES ('old', TRUE, 1)")
            .execute(&pool)
            .await
            .expect("a player");
        pool.close().await;
    }
    let file = path.display().to_string();
    for _ in 0..2 {
        let store = sanctum_server::store::open(&format!("sqlite:{file}"))
            .await
            .expect("opens");
        let old = store.player_by_name("old").await.expect("reads");
        assert_eq!(old.map(|p| p.guest), Some(true));
    }
}
