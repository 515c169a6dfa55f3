-- Matchmaking notices: when a player who asked to be told about searches in a
-- variant was last told, so nobody is told more than once an hour.
CREATE TABLE match_notices (
    player_id  BIGINT PRIMARY KEY REFERENCES players (id),
    sent_at    BIGINT NOT NULL
);
