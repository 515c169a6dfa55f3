-- One game at a time: a player holds at most one seat of an active game.
-- The primary key of active_seats is the guard; triggers keep it in step with `games`, so
-- every way a games row is made takes its seats in the same transaction (a second game for
-- a seated player fails on the key), and finishing or aborting a game frees them. The next
-- game of a match is the same active row: its seats stay taken.

CREATE TABLE active_seats (
    player_id  INTEGER PRIMARY KEY REFERENCES players (id),
    game_id    INTEGER NOT NULL REFERENCES games (id)
);

CREATE INDEX active_seats_by_game ON active_seats (game_id);

-- Games active before this migration: a player's oldest one keeps the seat (an old race
-- may have put someone in two; the other frees nothing it does not hold).
INSERT OR IGNORE INTO active_seats (player_id, game_id)
    SELECT player_id, game_id FROM (
        SELECT player0_id AS player_id, id AS game_id FROM games
            WHERE status = 'active' AND player0_id IS NOT NULL
        UNION ALL
        SELECT player1_id, id FROM games WHERE status = 'active' AND player1_id IS NOT NULL
    ) ORDER BY game_id;

CREATE TRIGGER games_take_seats AFTER INSERT ON games WHEN NEW.status = 'active'
BEGIN
    INSERT INTO active_seats (player_id, game_id)
        SELECT NEW.player0_id, NEW.id WHERE NEW.player0_id IS NOT NULL;
    INSERT INTO active_seats (player_id, game_id)
        SELECT NEW.player1_id, NEW.id WHERE NEW.player1_id IS NOT NULL;
END;

CREATE TRIGGER games_free_seats AFTER UPDATE OF status ON games
    WHEN OLD.status = 'active' AND NEW.status <> 'active'
BEGIN
    DELETE FROM active_seats WHERE game_id = NEW.id;
END;
