-- Fencing. Each server process takes a new epoch when it starts. A node's lease names the
-- epoch that holds it, and so does every running match: a second process under the same
-- name, or one that wakes after its lease ran out and its matches were claimed, can neither
-- renew the lease nor save or end those matches.
ALTER TABLE nodes ADD COLUMN epoch TEXT NOT NULL DEFAULT '';
ALTER TABLE matches ADD COLUMN epoch TEXT NOT NULL DEFAULT '';
