-- Per-player settings (/settings) and one rematch per finished game.

-- One row per player and setting they changed; a setting without a row has its default
-- (the defaults live in the bot's settings service, so a new toggle needs no migration).
CREATE TABLE player_settings (
    player_id   BIGINT  NOT NULL REFERENCES players (id),
    name        TEXT    NOT NULL,
    value       TEXT    NOT NULL,
    updated_at  BIGINT  NOT NULL,
    PRIMARY KEY (player_id, name)
);

-- A challenge made by "Play again" names the game it follows: the second player to press
-- Play again joins that challenge instead of making a second one.
ALTER TABLE challenges ADD COLUMN rematch_of BIGINT REFERENCES games (id);

CREATE UNIQUE INDEX challenges_one_open_rematch ON challenges (rematch_of)
    WHERE status = 'open' AND rematch_of IS NOT NULL;
