-- A tournament's news, posted as new messages (bot/services/tournaments.py): in its group
-- (a round begins, with the results of the one before; the final) and to each player
-- privately (whom they wait for; their placing at the end). The door works each one out
-- from the stored tournament and names it by `topic` ("round-2", "wait-3-7001",
-- "place-7001"): worked out again after a restart, it is found here and not posted twice.
-- `chat_id`: the group or the player; message_id 0: not posted yet, -1: not to be posted
-- (refused, or no longer news). A sender holds `claimed_until` while it posts.
CREATE TABLE tournament_news (
    id             INTEGER PRIMARY KEY,           -- the order the news came in
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id),
    topic          TEXT    NOT NULL,
    chat_id        INTEGER NOT NULL,
    message_id     INTEGER NOT NULL DEFAULT 0,
    created_at     INTEGER NOT NULL,
    claimed_until  INTEGER,
    claimed_by     TEXT,
    UNIQUE (tournament_id, topic)
);

CREATE INDEX tournament_news_unposted ON tournament_news (tournament_id, id)
    WHERE message_id = 0;
