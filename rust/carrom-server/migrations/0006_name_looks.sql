-- What each player's name looks like (its confusable skeleton, lower-cased): a new name that
-- looks like a ranked player's is refused. Empty for names not given since.
ALTER TABLE players ADD COLUMN name_look TEXT NOT NULL DEFAULT '';
CREATE INDEX players_name_look ON players (name_look);
