-- Swiss tournaments and scheduled ones (issue 39; docs/rules.md "Swiss", docs/playing.md
-- "Scheduled tournaments"; core/swiss.py, core/schedules.py).
--
-- `tournaments.format` may be 'swiss'. SQLite cannot change a CHECK in place: the table is
-- rebuilt, its rows copied back after the new table exists (the foreign keys of the
-- players, pairings, messages and news that refer to it are checked at the commit, and
-- hold again by then).
PRAGMA defer_foreign_keys = ON;
CREATE TEMP TABLE tournaments_copy AS SELECT * FROM tournaments;
DROP TABLE tournaments;
CREATE TABLE tournaments (
    id            INTEGER PRIMARY KEY,
    chat_id       INTEGER NOT NULL,
    creator_id    INTEGER NOT NULL REFERENCES players (id),
    variant       TEXT    NOT NULL CHECK (variant IN ('short', 'long')),
    format        TEXT    NOT NULL CHECK (format IN ('knockout', 'arena', 'swiss')),
    match_length  INTEGER NOT NULL DEFAULT 1 CHECK (match_length >= 1),
    cube          INTEGER NOT NULL DEFAULT 0 CHECK (cube IN (0, 1)),
    capacity      INTEGER NOT NULL CHECK (capacity BETWEEN 4 AND 64),
    starts_at     INTEGER,
    minutes       INTEGER CHECK (minutes IS NULL OR minutes > 0),
    status        TEXT    NOT NULL DEFAULT 'open'
                          CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
    created_at    INTEGER NOT NULL,
    started_at    INTEGER,
    ends_at       INTEGER,
    finished_at   INTEGER,
    winner_id     INTEGER REFERENCES players (id),
    version       INTEGER NOT NULL DEFAULT 1,
    control       TEXT,
    CHECK ((format = 'arena') = (minutes IS NOT NULL))
);
INSERT INTO tournaments (id, chat_id, creator_id, variant, format, match_length, cube,
    capacity, starts_at, minutes, status, created_at, started_at, ends_at, finished_at,
    winner_id, version, control)
    SELECT id, chat_id, creator_id, variant, format, match_length, cube, capacity,
           starts_at, minutes, status, created_at, started_at, ends_at, finished_at,
           winner_id, version, control FROM tournaments_copy;
DROP TABLE tournaments_copy;
CREATE UNIQUE INDEX tournaments_one_per_chat ON tournaments (chat_id)
    WHERE status IN ('open', 'running');
CREATE INDEX tournaments_live ON tournaments (status, id) WHERE status IN ('open', 'running');
CREATE INDEX tournaments_by_finish ON tournaments (finished_at) WHERE finished_at IS NOT NULL;

-- A group's scheduled tournament: once (`daily` 0) or every day (1) at `at_minute` past
-- midnight in `zone` (the group's language's, i18n/zones.py). `next_at`: the next start
-- (epoch); the timer opens that tournament `core.schedules.OPEN_AHEAD` before it, in the
-- transaction that moves `next_at` on (a day later, or NULL once done): one tournament per
-- start whichever process tries. `tournament_id`: the last one it opened. `message_id`:
-- the group's message announcing the schedule (0: not posted).
CREATE TABLE tournament_schedules (
    id             INTEGER PRIMARY KEY,
    chat_id        INTEGER NOT NULL,
    creator_id     INTEGER NOT NULL REFERENCES players (id),
    variant        TEXT    NOT NULL CHECK (variant IN ('short', 'long')),
    format         TEXT    NOT NULL CHECK (format IN ('knockout', 'arena', 'swiss')),
    match_length   INTEGER NOT NULL CHECK (match_length >= 1),
    cube           INTEGER NOT NULL DEFAULT 0 CHECK (cube IN (0, 1)),
    capacity       INTEGER NOT NULL CHECK (capacity BETWEEN 4 AND 64),
    minutes        INTEGER CHECK (minutes IS NULL OR minutes > 0),
    control        TEXT,
    at_minute      INTEGER NOT NULL CHECK (at_minute BETWEEN 0 AND 1439),
    zone           TEXT    NOT NULL,
    daily          INTEGER NOT NULL CHECK (daily IN (0, 1)),
    next_at        INTEGER,
    status         TEXT    NOT NULL DEFAULT 'active'
                           CHECK (status IN ('active', 'done', 'cancelled')),
    tournament_id  INTEGER REFERENCES tournaments (id),
    message_id     INTEGER NOT NULL DEFAULT 0,
    created_at     INTEGER NOT NULL,
    CHECK ((status = 'active') = (next_at IS NOT NULL))
);

CREATE INDEX tournament_schedules_due ON tournament_schedules (next_at)
    WHERE status = 'active';
CREATE INDEX tournament_schedules_chat ON tournament_schedules (chat_id, id)
    WHERE status = 'active';
