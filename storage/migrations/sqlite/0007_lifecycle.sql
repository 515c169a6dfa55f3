-- Boards never stale, results sent exactly once, a complete move log.

-- The game version each board message shows. A redraw of an older version never replaces
-- a newer one, and every message behind its game is brought up to date (at start-up, after
-- a Telegram fault). message_id 0: no message in that chat yet, or the chat refused it.
-- Messages stored before this migration are taken as current.
ALTER TABLE board_messages ADD COLUMN shown_version INTEGER NOT NULL DEFAULT 0;
UPDATE board_messages SET shown_version =
    (SELECT version FROM games WHERE games.id = board_messages.game_id);

-- Which game of the match a move-log line belongs to (1 for a single game), and the
-- engine's own record of the event as JSON (NULL for lines written before this migration
-- and for the steps a player takes while building a move).
ALTER TABLE moves ADD COLUMN game_number INTEGER NOT NULL DEFAULT 1;
ALTER TABLE moves ADD COLUMN data TEXT;

-- Messages that must go out exactly once (a game's result), written in the transaction
-- that decides them and deleted when sent. `done` lists the recipients already served, so
-- a fault half-way resends nothing; `due_at` is when to try (again).
CREATE TABLE outbox (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games (id),
    kind        TEXT    NOT NULL,
    payload     TEXT    NOT NULL,
    done        TEXT    NOT NULL DEFAULT '[]',
    attempts    INTEGER NOT NULL DEFAULT 0,
    due_at      INTEGER NOT NULL,
    created_at  INTEGER NOT NULL
);

CREATE INDEX outbox_by_due ON outbox (due_at);

-- Games finished lately: their final boards are checked like the active games' boards.
CREATE INDEX games_by_finish ON games (finished_at) WHERE finished_at IS NOT NULL;
