-- Several server processes (nodes) over one database: each match and room is held by one node,
-- which keeps a lease on itself; a node whose lease has run out is taken for dead and its
-- matches are claimed by the others.

-- A node of the fleet: how clients reach it, and until when it is taken to live.
CREATE TABLE nodes (
    id TEXT PRIMARY KEY,
    url TEXT NOT NULL,
    lease_until BIGINT NOT NULL,
    matches BIGINT NOT NULL,
    capacity BIGINT NOT NULL
);

-- The node holding a running match (NULL: a match saved before fleets, any node may take it).
ALTER TABLE matches ADD COLUMN node TEXT;

-- The node holding a room not yet started, whose players wait there.
ALTER TABLE rooms ADD COLUMN node TEXT;

-- Who plays in which match: a player comes back to their match from any node.
CREATE TABLE match_players (
    match_id TEXT NOT NULL REFERENCES matches (id),
    player TEXT NOT NULL REFERENCES players (id),
    PRIMARY KEY (match_id, player)
);
CREATE INDEX match_players_player ON match_players (player);

-- The one quick-match queue of the fleet: each node writes its own waiting players, the
-- matchmaker pairs them all and writes each one's match, and the player's node tells them.
CREATE TABLE waiting (
    player TEXT PRIMARY KEY REFERENCES players (id),
    name TEXT NOT NULL,
    mode TEXT NOT NULL,
    rules TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    since_ms BIGINT NOT NULL,
    node TEXT NOT NULL,
    match_id TEXT
);
