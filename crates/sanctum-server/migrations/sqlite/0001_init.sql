-- Players (accounts and guests), their session tokens, games, resolved turns, the
-- orders of the turn in progress, and ratings (Glicko-2, on the player row).
CREATE TABLE players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    password_hash TEXT,
    guest BOOLEAN NOT NULL,
    banished BOOLEAN NOT NULL DEFAULT FALSE,
    rating DOUBLE PRECISION NOT NULL DEFAULT 1500.0,
    deviation DOUBLE PRECISION NOT NULL DEFAULT 350.0,
    volatility DOUBLE PRECISION NOT NULL DEFAULT 0.06,
    ranked_games BIGINT NOT NULL DEFAULT 0,
    created_ms BIGINT NOT NULL
);

CREATE TABLE tokens (
    token_hash TEXT PRIMARY KEY,
    player_id BIGINT NOT NULL REFERENCES players (id),
    created_ms BIGINT NOT NULL
);

CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    status TEXT NOT NULL,
    room TEXT NOT NULL,
    realm TEXT NOT NULL,
    layout TEXT NOT NULL,
    ranked BOOLEAN NOT NULL,
    turn_seconds BIGINT NOT NULL,
    opponent TEXT NOT NULL,
    creator_id BIGINT NOT NULL REFERENCES players (id),
    creator_deck TEXT NOT NULL,
    red_id BIGINT REFERENCES players (id),
    blue_id BIGINT REFERENCES players (id),
    red_bot TEXT,
    blue_bot TEXT,
    setup TEXT,
    turns BIGINT NOT NULL DEFAULT 0,
    deadline_ms BIGINT,
    snapshot TEXT,
    snapshot_hash TEXT,
    winner TEXT,
    end_reason TEXT,
    created_ms BIGINT NOT NULL
);
CREATE INDEX games_status ON games (status);

CREATE TABLE game_turns (
    game_id BIGINT NOT NULL REFERENCES games (id),
    turn BIGINT NOT NULL,
    orders TEXT NOT NULL,
    hash TEXT NOT NULL,
    PRIMARY KEY (game_id, turn)
);

CREATE TABLE pending_orders (
    game_id BIGINT NOT NULL REFERENCES games (id),
    turn BIGINT NOT NULL,
    side TEXT NOT NULL,
    orders TEXT NOT NULL,
    confirmed BOOLEAN NOT NULL,
    PRIMARY KEY (game_id, turn, side)
);
