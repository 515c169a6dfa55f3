-- Game analysis: each finished game of a match analysed once, stored for good.

-- One row per analysed (or being analysed) game of a match. A running job holds a claim
-- (`claimed_until`, renewed as it goes): when the claim runs out (the process stopped), the
-- next press or the timer loop starts the job again.
CREATE TABLE analyses (
    game_id        BIGINT  NOT NULL REFERENCES games (id),
    game_number    INTEGER NOT NULL,
    status         TEXT    NOT NULL CHECK (status IN ('running', 'done')),
    engine         TEXT    NOT NULL DEFAULT '',
    claimed_until  BIGINT  NOT NULL,
    started_at     BIGINT  NOT NULL,
    finished_at    BIGINT,
    PRIMARY KEY (game_id, game_number)
);

CREATE INDEX analyses_running ON analyses (claimed_until) WHERE status = 'running';

-- Each player's figures for the game: equity lost (cubeless points per game for checker
-- play, per cube unit for cube actions) over `decisions`, and the counts by grade.
-- `player_id` is NULL for the computer.
CREATE TABLE analysis_figures (
    game_id         BIGINT  NOT NULL,
    game_number     INTEGER NOT NULL,
    seat            INTEGER NOT NULL CHECK (seat IN (0, 1)),
    player_id       BIGINT  REFERENCES players (id),
    decisions       INTEGER NOT NULL,
    total_loss      DOUBLE PRECISION NOT NULL,
    inaccuracies    INTEGER NOT NULL,
    errors          INTEGER NOT NULL,
    blunders        INTEGER NOT NULL,
    missed_doubles  INTEGER NOT NULL,
    wrong_doubles   INTEGER NOT NULL,
    wrong_takes     INTEGER NOT NULL,
    wrong_drops     INTEGER NOT NULL,
    finished_at     BIGINT  NOT NULL,
    PRIMARY KEY (game_id, game_number, seat),
    FOREIGN KEY (game_id, game_number) REFERENCES analyses (game_id, game_number)
);

CREATE INDEX analysis_figures_by_player ON analysis_figures (player_id, finished_at);

-- Every decision of the game (forced moves are none): the position before it as the
-- player who decided saw it (JSON), the dice ("3-1", '' for a cube action), what was
-- played and what was best, with both equities.
CREATE TABLE analysis_decisions (
    game_id        BIGINT  NOT NULL,
    game_number    INTEGER NOT NULL,
    idx            INTEGER NOT NULL,
    turn           INTEGER NOT NULL,
    seat           INTEGER NOT NULL CHECK (seat IN (0, 1)),
    kind           TEXT    NOT NULL CHECK (kind IN ('checker', 'double', 'take')),
    position       TEXT    NOT NULL,
    dice           TEXT    NOT NULL,
    played         TEXT    NOT NULL,
    best           TEXT    NOT NULL,
    played_equity  DOUBLE PRECISION NOT NULL,
    best_equity    DOUBLE PRECISION NOT NULL,
    cube_value     INTEGER NOT NULL,
    cube_owner     INTEGER,
    PRIMARY KEY (game_id, game_number, idx),
    FOREIGN KEY (game_id, game_number) REFERENCES analyses (game_id, game_number)
);

-- Who waits for a running analysis, and the progress message to turn into the answer.
CREATE TABLE analysis_waiters (
    game_id      BIGINT  NOT NULL,
    game_number  INTEGER NOT NULL,
    player_id    BIGINT  NOT NULL REFERENCES players (id),
    chat_id      BIGINT  NOT NULL,
    message_id   BIGINT  NOT NULL,
    created_at   BIGINT  NOT NULL,
    PRIMARY KEY (game_id, game_number, player_id, chat_id),
    FOREIGN KEY (game_id, game_number) REFERENCES analyses (game_id, game_number)
);
