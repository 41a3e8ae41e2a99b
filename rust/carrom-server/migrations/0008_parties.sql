-- Two friends queue for doubles together: both of a party wait under its id, and are seated as
-- partners. NULL: a player waiting alone.
ALTER TABLE waiting ADD COLUMN party TEXT;
