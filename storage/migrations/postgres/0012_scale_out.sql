-- Several processes on one database.
-- The deadline whose turn warning was sent: the timer loop of exactly one process claims it.
ALTER TABLE games ADD COLUMN warned_deadline BIGINT;

-- Group pacing shared by every process: per chat, the times (Unix seconds, fractional) of
-- the messages sent within the last window, as a JSON list. A sender claims a place under
-- the row's lock before each paced edit.
CREATE TABLE chat_pace (
    chat_id  BIGINT PRIMARY KEY,
    sent     TEXT   NOT NULL DEFAULT '[]',
    last_at  DOUBLE PRECISION NOT NULL DEFAULT 0
);
CREATE INDEX chat_pace_last_at ON chat_pace (last_at);
