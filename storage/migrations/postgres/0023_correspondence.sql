-- Correspondence games in Telegram (docs/playing.md "Correspondence games"). `turn_told`:
-- the turn (`bot.services.correspondence.turn_key`) whose "your turn" message was taken for
-- sending, so it goes out at most once per turn, whichever process or restart tries again.
ALTER TABLE games ADD COLUMN turn_told TEXT;

-- The correspondence rating (docs/rules.md "Ratings"): per player and variant, apart from
-- the rating of games played in one sitting (`player_stats.rating`). A finished
-- correspondence game moves only this one.
CREATE TABLE correspondence_ratings (
    player_id   BIGINT  NOT NULL REFERENCES players (id),
    variant     TEXT    NOT NULL CHECK (variant IN ('short', 'long')),
    rating      INTEGER NOT NULL,
    rated_games INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (player_id, variant)
);
CREATE INDEX correspondence_ratings_by_rating
    ON correspondence_ratings (variant, rating DESC, player_id);

-- Which rating an event moved: 'live' (player_stats) or 'correspondence'.
ALTER TABLE rating_events ADD COLUMN pool TEXT NOT NULL DEFAULT 'live'
    CHECK (pool IN ('live', 'correspondence'));
