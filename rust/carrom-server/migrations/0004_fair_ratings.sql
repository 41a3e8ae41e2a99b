-- Ratings that cannot be farmed. Where each waiting player connects from, so that two
-- accounts on one address are paired unrated (kept only while they wait: the row goes when
-- they are placed); and until when a player who left a rated match before every side had
-- struck may not ask for a quick match.
ALTER TABLE waiting ADD COLUMN address TEXT NOT NULL DEFAULT '';
ALTER TABLE players ADD COLUMN queue_barred_until BIGINT NOT NULL DEFAULT 0;
