-- Tournaments in group chats: a knock-out bracket or a timed arena (core/tournaments.py).

-- One tournament. `starts_at` NULL: it starts when `capacity` players have joined;
-- `minutes`: an arena's length (NULL for a knock-out). `version` goes up with every change,
-- so the messages showing it (tournament_messages) know when they are behind.
CREATE TABLE tournaments (
    id            INTEGER PRIMARY KEY,
    chat_id       INTEGER NOT NULL,               -- the group it is played in
    creator_id    INTEGER NOT NULL REFERENCES players (id),
    variant       TEXT    NOT NULL CHECK (variant IN ('short', 'long')),
    format        TEXT    NOT NULL CHECK (format IN ('knockout', 'arena')),
    match_length  INTEGER NOT NULL DEFAULT 1 CHECK (match_length >= 1),
    cube          INTEGER NOT NULL DEFAULT 0 CHECK (cube IN (0, 1)),
    capacity      INTEGER NOT NULL CHECK (capacity BETWEEN 4 AND 64),
    starts_at     INTEGER,
    minutes       INTEGER CHECK (minutes IS NULL OR minutes > 0),
    status        TEXT    NOT NULL DEFAULT 'open'
                          CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
    created_at    INTEGER NOT NULL,
    started_at    INTEGER,
    ends_at       INTEGER,                        -- an arena pairs nobody from then on
    finished_at   INTEGER,
    winner_id     INTEGER REFERENCES players (id),
    version       INTEGER NOT NULL DEFAULT 1,
    CHECK ((format = 'arena') = (minutes IS NOT NULL))
);

-- One tournament at a time in a group.
CREATE UNIQUE INDEX tournaments_one_per_chat ON tournaments (chat_id)
    WHERE status IN ('open', 'running');
CREATE INDEX tournaments_live ON tournaments (status, id) WHERE status IN ('open', 'running');
CREATE INDEX tournaments_by_finish ON tournaments (finished_at) WHERE finished_at IS NOT NULL;

-- Who plays. `entered` 1: still in a tournament that is not over (a player is entered in
-- one at a time); `state`: in, left (withdrew) or out (knocked out). `seed` and `rating`
-- are fixed at the start. An arena's score, streak and points per game (`results`, e.g.
-- "2 0 4") are kept here; `free_since` is when the player last became free to be paired.
CREATE TABLE tournament_players (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id),
    player_id      INTEGER NOT NULL REFERENCES players (id),
    joined         INTEGER NOT NULL,              -- 1, 2, …: the order of joining
    joined_at      INTEGER NOT NULL,
    entered        INTEGER NOT NULL DEFAULT 1 CHECK (entered IN (0, 1)),
    state          TEXT    NOT NULL DEFAULT 'in' CHECK (state IN ('in', 'left', 'out')),
    seed           INTEGER,
    rating         INTEGER,
    score          INTEGER NOT NULL DEFAULT 0,
    games          INTEGER NOT NULL DEFAULT 0,
    wins           INTEGER NOT NULL DEFAULT 0,
    streak         INTEGER NOT NULL DEFAULT 0,
    last_opponent  INTEGER,
    results        TEXT    NOT NULL DEFAULT '',
    free_since     INTEGER,
    PRIMARY KEY (tournament_id, player_id)
) WITHOUT ROWID;

CREATE UNIQUE INDEX tournament_players_entered ON tournament_players (player_id)
    WHERE entered = 1;

-- The pairings. A knock-out's are made at the start, every round of the bracket (round 1,
-- 2, …; `slot` the place in the round; a later round's players filled in as winners come
-- through); an arena's as players are paired (round 0, slot 1, 2, …). A pairing is
-- 'waiting' until its game is made ('playing', `game_id` set once) and 'done' with its
-- winner and how: played, bye, forfeit (withdrew, timed out, could not be shown the game)
-- or no_show (not free to play by `due_at`).
CREATE TABLE tournament_games (
    id             INTEGER PRIMARY KEY,
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id),
    round          INTEGER NOT NULL,
    slot           INTEGER NOT NULL,
    player0_id     INTEGER REFERENCES players (id),
    player1_id     INTEGER REFERENCES players (id),
    status         TEXT    NOT NULL DEFAULT 'waiting'
                           CHECK (status IN ('waiting', 'playing', 'done')),
    game_id        INTEGER UNIQUE REFERENCES games (id),
    due_at         INTEGER,
    winner_id      INTEGER REFERENCES players (id),
    outcome        TEXT    CHECK (outcome IN ('played', 'bye', 'forfeit', 'no_show')),
    result         TEXT,                          -- the deciding game's result kind
    score0         INTEGER,                       -- the match score (points), by seat
    score1         INTEGER,
    points0        INTEGER,                       -- an arena's points, by seat
    points1        INTEGER,
    created_at     INTEGER NOT NULL,
    finished_at    INTEGER,
    UNIQUE (tournament_id, round, slot),
    CHECK ((status = 'done') = (outcome IS NOT NULL)),
    CHECK (status = 'waiting' OR game_id IS NOT NULL OR outcome IN ('bye', 'forfeit', 'no_show'))
);

CREATE INDEX tournament_games_open ON tournament_games (tournament_id, status)
    WHERE status <> 'done';

-- The group messages showing a tournament: the lobby (who joined, the buttons), the
-- picture (bracket or standings) and the final announcement. `shown_version`: the
-- tournament version a message shows; message_id 0: not posted yet. A sender holds
-- `claimed_until` while it posts (the announcement goes out once).
CREATE TABLE tournament_messages (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id),
    kind           TEXT    NOT NULL CHECK (kind IN ('lobby', 'picture', 'final')),
    chat_id        INTEGER NOT NULL,
    message_id     INTEGER NOT NULL DEFAULT 0,
    shown_version  INTEGER NOT NULL DEFAULT 0,
    claimed_until  INTEGER,
    PRIMARY KEY (tournament_id, kind)
) WITHOUT ROWID;
