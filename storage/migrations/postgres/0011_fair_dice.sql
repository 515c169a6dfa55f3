-- After the game: provably fair dice and the replays Telegram already holds.

-- A player's own seed, mixed into the dice of their next games (NULL: none).
ALTER TABLE players ADD COLUMN client_seed TEXT;

-- Each finished game's dice record (a match has one per game): the secret server seed the
-- game's dice were derived from, written when the game ends and shown only then, with the
-- "game" input of every die (a random key drawn with the seed, before the first die) and
-- the players' seeds by seat (JSON; "" for none).
CREATE TABLE fair_dice (
    game_id       BIGINT  NOT NULL REFERENCES games (id),
    game_number   INTEGER NOT NULL CHECK (game_number >= 1),
    game_key      TEXT    NOT NULL,
    commitment    TEXT    NOT NULL,
    seed          TEXT    NOT NULL,
    client_seeds  TEXT    NOT NULL,
    created_at    BIGINT  NOT NULL,
    PRIMARY KEY (game_id, game_number)
);

-- Files Telegram keeps for us (a game's replay animation, per view): a second request
-- re-sends the file_id instead of rendering and uploading again.
CREATE TABLE sent_media (
    game_id      BIGINT  NOT NULL REFERENCES games (id),
    game_number  INTEGER NOT NULL,
    kind         TEXT    NOT NULL,
    view         TEXT    NOT NULL,
    file_id      TEXT    NOT NULL,
    created_at   BIGINT  NOT NULL,
    PRIMARY KEY (game_id, game_number, kind, view)
);

-- A player's games of every status (their dice statistics in /me read all of them).
CREATE INDEX games_by_player0 ON games (player0_id);
CREATE INDEX games_by_player1 ON games (player1_id);
