-- Initial schema. Conventions:
--   * times are INTEGER Unix epoch seconds in UTC;
--   * booleans are INTEGER 0/1;
--   * variants are 'short' and 'long'; seats are 0 and 1;
--   * a NULL player in a game seat is the computer (the game's `level` says how strong).

CREATE TABLE players (
    id          INTEGER PRIMARY KEY,             -- Telegram user id
    name        TEXT    NOT NULL,
    username    TEXT,
    language    TEXT,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);

-- Rating and statistics of one player in one variant. Marses count 'mars' and 'home_mars'.
CREATE TABLE player_stats (
    player_id     INTEGER NOT NULL REFERENCES players (id),
    variant       TEXT    NOT NULL CHECK (variant IN ('short', 'long')),
    rating        INTEGER NOT NULL,
    rated_games   INTEGER NOT NULL DEFAULT 0,
    games         INTEGER NOT NULL DEFAULT 0,
    wins          INTEGER NOT NULL DEFAULT 0,
    losses        INTEGER NOT NULL DEFAULT 0,
    marses_given  INTEGER NOT NULL DEFAULT 0,
    marses_taken  INTEGER NOT NULL DEFAULT 0,
    koks_given    INTEGER NOT NULL DEFAULT 0,
    koks_taken    INTEGER NOT NULL DEFAULT 0,
    streak        INTEGER NOT NULL DEFAULT 0,    -- current run of wins
    best_streak   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (player_id, variant)
) WITHOUT ROWID;

CREATE INDEX player_stats_by_rating ON player_stats (variant, rating DESC, player_id);

-- A game, or a whole match when match_length > 1 (each game of it is in game_results).
CREATE TABLE games (
    id            INTEGER PRIMARY KEY,
    variant       TEXT    NOT NULL CHECK (variant IN ('short', 'long')),
    player0_id    INTEGER REFERENCES players (id),
    player1_id    INTEGER REFERENCES players (id),
    level         TEXT,
    match_length  INTEGER NOT NULL DEFAULT 1 CHECK (match_length >= 1),
    cube          INTEGER NOT NULL DEFAULT 0 CHECK (cube IN (0, 1)),
    rated         INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1)),
    status        TEXT    NOT NULL DEFAULT 'active'
                          CHECK (status IN ('active', 'finished', 'aborted')),
    state_json    TEXT    NOT NULL,              -- the engine's state, stored untouched
    version       INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
    deadline      INTEGER,                       -- end of the current turn
    winner_seat   INTEGER CHECK (winner_seat IN (0, 1)),
    result        TEXT    CHECK (result IN ('plain', 'mars', 'koks', 'home_mars')),
    points        INTEGER CHECK (points > 0),
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    finished_at   INTEGER,
    CHECK (player0_id IS NOT NULL OR player1_id IS NOT NULL),
    CHECK (player0_id IS NOT player1_id),
    CHECK ((level IS NULL) = (player0_id IS NOT NULL AND player1_id IS NOT NULL)),
    CHECK (rated = 0 OR level IS NULL),
    CHECK ((status = 'finished') = (result IS NOT NULL)),
    CHECK ((result IS NULL) = (winner_seat IS NULL) AND (result IS NULL) = (points IS NULL))
);

CREATE INDEX games_active_player0 ON games (player0_id) WHERE status = 'active';
CREATE INDEX games_active_player1 ON games (player1_id) WHERE status = 'active';
CREATE INDEX games_active_deadline ON games (deadline)
    WHERE status = 'active' AND deadline IS NOT NULL;

-- The outcome of every game played inside a games row (one row for a single game).
CREATE TABLE game_results (
    id           INTEGER PRIMARY KEY,
    game_id      INTEGER NOT NULL REFERENCES games (id),
    winner_seat  INTEGER NOT NULL CHECK (winner_seat IN (0, 1)),
    result       TEXT    NOT NULL CHECK (result IN ('plain', 'mars', 'koks', 'home_mars')),
    points       INTEGER NOT NULL CHECK (points > 0),
    created_at   INTEGER NOT NULL
);

CREATE INDEX game_results_by_game ON game_results (game_id);

-- The move log: every roll, step, pass, cube action, resignation, timeout.
CREATE TABLE moves (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games (id),
    version     INTEGER NOT NULL,                -- game version this entry produced
    seat        INTEGER CHECK (seat IN (0, 1)),  -- NULL: the system (e.g. the timer)
    kind        TEXT    NOT NULL,                -- 'roll', 'step', 'pass', 'double', …
    notation    TEXT    NOT NULL,                -- '6-5', '24/18', …
    created_at  INTEGER NOT NULL
);

CREATE INDEX moves_by_game ON moves (game_id, id);

-- Every message showing a game's board; player_id NULL for a group chat's board.
CREATE TABLE board_messages (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    chat_id     INTEGER NOT NULL,
    message_id  INTEGER NOT NULL,
    player_id   INTEGER REFERENCES players (id),
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (game_id, chat_id)
) WITHOUT ROWID;

CREATE TABLE challenges (
    id            INTEGER PRIMARY KEY,
    code          TEXT    NOT NULL UNIQUE,
    creator_id    INTEGER NOT NULL REFERENCES players (id),
    variant       TEXT    NOT NULL CHECK (variant IN ('short', 'long')),
    match_length  INTEGER NOT NULL DEFAULT 1 CHECK (match_length >= 1),
    cube          INTEGER NOT NULL DEFAULT 0 CHECK (cube IN (0, 1)),
    rated         INTEGER NOT NULL DEFAULT 1 CHECK (rated IN (0, 1)),
    status        TEXT    NOT NULL DEFAULT 'open'
                          CHECK (status IN ('open', 'accepted', 'expired', 'cancelled')),
    created_at    INTEGER NOT NULL,
    expires_at    INTEGER NOT NULL,
    accepted_by   INTEGER REFERENCES players (id),
    accepted_at   INTEGER,
    game_id       INTEGER REFERENCES games (id),
    CHECK ((status = 'accepted') = (accepted_by IS NOT NULL)),
    CHECK (accepted_by IS NOT creator_id)
);

CREATE INDEX challenges_open_by_expiry ON challenges (expires_at) WHERE status = 'open';

-- One row per player per rated game: the daily leaderboard sums `delta` by local day.
CREATE TABLE rating_events (
    id            INTEGER PRIMARY KEY,
    player_id     INTEGER NOT NULL REFERENCES players (id),
    variant       TEXT    NOT NULL CHECK (variant IN ('short', 'long')),
    delta         INTEGER NOT NULL,
    rating_after  INTEGER NOT NULL,
    game_id       INTEGER NOT NULL REFERENCES games (id),
    created_at    INTEGER NOT NULL
);

CREATE INDEX rating_events_by_time ON rating_events (variant, created_at);
CREATE INDEX rating_events_by_player ON rating_events (player_id, variant, id);
