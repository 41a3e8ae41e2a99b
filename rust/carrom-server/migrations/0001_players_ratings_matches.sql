-- One schema for SQLite and PostgreSQL: only types and statements both read the same way.

-- A player is a device: only the token's hash is kept, never the token.
CREATE TABLE players (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    created BIGINT NOT NULL
);

-- One rating a player and ladder (singles, doubles, points), on the singles scale.
CREATE TABLE ratings (
    player TEXT NOT NULL REFERENCES players (id),
    ladder TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (player, ladder)
);
CREATE INDEX ratings_ladder ON ratings (ladder, rating);

-- Every match, running or finished: its save document after its last settled shot, and its
-- replay once it is over.
CREATE TABLE matches (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL,
    mode TEXT NOT NULL,
    rules TEXT NOT NULL,
    rated BIGINT NOT NULL,
    seats TEXT NOT NULL,
    shots BIGINT NOT NULL,
    state TEXT NOT NULL,
    status TEXT NOT NULL,
    ending TEXT,
    replay TEXT,
    created BIGINT NOT NULL,
    updated BIGINT NOT NULL
);
CREATE INDEX matches_status ON matches (status);

-- A finished match's result: one row a match, so ratings are applied once.
CREATE TABLE results (
    match_id TEXT PRIMARY KEY REFERENCES matches (id),
    ending TEXT NOT NULL,
    at BIGINT NOT NULL
);

-- What each rated match did to each of its players' ratings.
CREATE TABLE rating_changes (
    match_id TEXT NOT NULL REFERENCES matches (id),
    player TEXT NOT NULL REFERENCES players (id),
    ladder TEXT NOT NULL,
    rating_before DOUBLE PRECISION NOT NULL,
    rating_after DOUBLE PRECISION NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (match_id, player)
);
CREATE INDEX rating_changes_player ON rating_changes (player, at);

-- Friends' rooms by code: the code resolves to its match while the match runs.
CREATE TABLE rooms (
    code TEXT PRIMARY KEY,
    mode TEXT NOT NULL,
    rules TEXT NOT NULL,
    owner TEXT NOT NULL REFERENCES players (id),
    match_id TEXT,
    expires BIGINT NOT NULL
);
