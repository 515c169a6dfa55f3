-- Hints while learning (docs/ai.md "Hints"): each move of an unrated game against the computer
-- for which its player asked the best three moves (several presses in one turn are one),
-- so the game's analysis can say how many hints each player used.
CREATE TABLE hints (
    game_id      INTEGER NOT NULL REFERENCES games (id),
    game_number  INTEGER NOT NULL,
    move_index   INTEGER NOT NULL,
    seat         INTEGER NOT NULL CHECK (seat IN (0, 1)),
    player_id    INTEGER NOT NULL REFERENCES players (id),
    created_at   INTEGER NOT NULL,
    PRIMARY KEY (game_id, game_number, move_index)
);
