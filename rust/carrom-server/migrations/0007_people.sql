-- People: a player is no longer one device. Devices, friend tags, codes to link a device or
-- recover a player, friends and their requests, blocks, reports, who is online where, and the
-- notices one node leaves for a player connected to another.

-- The devices that sign in as a player: only each token's hash is kept.
CREATE TABLE devices (
    token_hash TEXT PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    player TEXT NOT NULL REFERENCES players (id),
    linked BIGINT NOT NULL,
    seen BIGINT NOT NULL
);
CREATE INDEX devices_player ON devices (player);
INSERT INTO devices (token_hash, id, player, linked, seen)
    SELECT token_hash, id, id, created, created FROM players;
-- The players' own column named a device once; it names the player now, and no token.
UPDATE players SET token_hash = 'player:' || id;

-- A friend tag is the name and this number (1000 to 9999), unique among names that look alike;
-- 0 until the player next says hello. `seen`: when the player was last connected.
ALTER TABLE players ADD COLUMN tag BIGINT NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN seen BIGINT NOT NULL DEFAULT 0;
-- The hash of the player's recovery code, once one was made.
ALTER TABLE players ADD COLUMN recovery_hash TEXT;
CREATE UNIQUE INDEX players_tag ON players (name_look, tag) WHERE tag > 0;

-- A code shown on one device for another to join its player: its hash, until it expires.
CREATE TABLE link_codes (
    code_hash TEXT PRIMARY KEY,
    player TEXT NOT NULL REFERENCES players (id),
    expires BIGINT NOT NULL
);

-- What happened to a player's devices and codes, for the player and the operator.
CREATE TABLE account_log (
    player TEXT NOT NULL,
    event TEXT NOT NULL,
    device TEXT NOT NULL,
    address TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX account_log_player ON account_log (player, at);

-- Friends: one row each way.
CREATE TABLE friends (
    player TEXT NOT NULL REFERENCES players (id),
    friend TEXT NOT NULL REFERENCES players (id),
    since BIGINT NOT NULL,
    PRIMARY KEY (player, friend)
);

-- A friend request not yet answered.
CREATE TABLE friend_requests (
    asker TEXT NOT NULL REFERENCES players (id),
    asked TEXT NOT NULL REFERENCES players (id),
    at BIGINT NOT NULL,
    PRIMARY KEY (asker, asked)
);
CREATE INDEX friend_requests_asked ON friend_requests (asked);

-- Who blocked whom.
CREATE TABLE blocks (
    blocker TEXT NOT NULL REFERENCES players (id),
    blocked TEXT NOT NULL REFERENCES players (id),
    at BIGINT NOT NULL,
    PRIMARY KEY (blocker, blocked)
);
CREATE INDEX blocks_blocked ON blocks (blocked);

-- A player reported, with the match and its replay as they stood, for the operator.
CREATE TABLE reports (
    id TEXT PRIMARY KEY,
    reporter TEXT NOT NULL REFERENCES players (id),
    reported TEXT NOT NULL REFERENCES players (id),
    match_id TEXT NOT NULL,
    reason TEXT NOT NULL,
    replay TEXT,
    at BIGINT NOT NULL
);
CREATE INDEX reports_at ON reports (at);

-- Each connection that has said hello, on the node that holds it: what its player is doing.
CREATE TABLE online (
    conn TEXT PRIMARY KEY,
    player TEXT NOT NULL,
    node TEXT NOT NULL,
    state TEXT NOT NULL,
    code TEXT
);
CREATE INDEX online_player ON online (player);
CREATE INDEX online_node ON online (node);

-- An invitation to a friend's room, until it expires or is answered.
CREATE TABLE invites (
    id TEXT PRIMARY KEY,
    inviter TEXT NOT NULL REFERENCES players (id),
    invited TEXT NOT NULL REFERENCES players (id),
    code TEXT NOT NULL,
    mode TEXT NOT NULL,
    rules TEXT NOT NULL,
    expires BIGINT NOT NULL
);
CREATE INDEX invites_inviter ON invites (inviter);

-- What one node leaves for a player wherever they are connected: each node delivers the
-- notices of its own connections. `at` is the database's clock, in milliseconds.
CREATE TABLE notices (
    id TEXT PRIMARY KEY,
    player TEXT NOT NULL,
    body TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX notices_player ON notices (player, at);
CREATE INDEX notices_at ON notices (at);
