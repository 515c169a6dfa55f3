-- Matchmaking: players waiting for a rated opponent.

-- One search for an opponent. `lengths` is a bit mask of the match lengths the player
-- accepts (1 game = 1, to 3 = 2, to 5 = 4, to 7 = 8; any = 15); `cube` is 0 (without),
-- 1 (with) or 2 (either). `rating` is the player's rating in the variant when they asked.
CREATE TABLE match_requests (
    id          INTEGER PRIMARY KEY,
    player_id   INTEGER NOT NULL REFERENCES players (id),
    variant     TEXT    NOT NULL CHECK (variant IN ('short', 'long')),
    lengths     INTEGER NOT NULL CHECK (lengths BETWEEN 1 AND 15),
    cube        INTEGER NOT NULL CHECK (cube IN (0, 1, 2)),
    rating      INTEGER NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'waiting'
                        CHECK (status IN ('waiting', 'matched', 'cancelled', 'expired')),
    created_at  INTEGER NOT NULL,
    ended_at    INTEGER,
    game_id     INTEGER REFERENCES games (id),
    chat_id     INTEGER,                     -- the "searching…" message
    message_id  INTEGER,
    shown_at    INTEGER,                     -- when that message was last edited
    CHECK ((status = 'matched') = (game_id IS NOT NULL))
);

-- A player searches once at a time.
CREATE UNIQUE INDEX match_requests_one_waiting ON match_requests (player_id)
    WHERE status = 'waiting';
-- Pairing walks the waiting requests of a variant outwards from a rating.
CREATE INDEX match_requests_by_rating ON match_requests (variant, rating, created_at, id)
    WHERE status = 'waiting';
