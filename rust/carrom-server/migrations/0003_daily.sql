-- The daily challenge's board: each player's best attempt at a day's challenge, as this server
-- played its strikes again. `entry` keeps those strikes, so a score can be checked again later.

CREATE TABLE daily_scores (
    day BIGINT NOT NULL,
    player TEXT NOT NULL REFERENCES players (id),
    strikes BIGINT NOT NULL,
    stars BIGINT NOT NULL,
    entry TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (day, player)
);
CREATE INDEX daily_scores_rank ON daily_scores (day, strikes, at_ms);
