-- Every finished match analysed without a press (docs/ai.md "PR on every match"): a durable
-- queue. The transaction that finishes a match adds its row (storage.results.finish_game),
-- so a killed process loses none. A process claims a queued row (`claimed_until`, renewed
-- while it works; a retry's "not before" too), analyses each game of the match in its
-- analysis worker, tells the players, and marks it 'told' ('failed' after `attempts` ran
-- out). A claim that runs out (its process stopped) is taken over on a later timer beat.
CREATE TABLE match_reviews (
    game_id        BIGINT PRIMARY KEY REFERENCES games (id),
    status         TEXT    NOT NULL DEFAULT 'queued'
                   CHECK (status IN ('queued', 'told', 'failed')),
    attempts       INTEGER NOT NULL DEFAULT 0,
    claimed_until  BIGINT  NOT NULL DEFAULT 0,
    queued_at      BIGINT  NOT NULL
);

CREATE INDEX match_reviews_queued ON match_reviews (claimed_until) WHERE status = 'queued';
