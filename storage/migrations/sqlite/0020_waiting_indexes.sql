-- Waiting games cost nothing until they are due (issue 38; docs/storage.md, docs/performance.md).
-- The timer loop reads the games whose moment has come by one expression, `storage.games.WAKE`:
-- the moment to warn the player to act (`deadline - warn_lead`), or, once that deadline's
-- warning is claimed (`warned_deadline`), the deadline itself. A warned correspondence game
-- thus leaves the loop's view until its deadline, instead of being read at every pass for
-- the hours of its warning. Ordered by the expression and id: a pass reads its batch
-- straight from the index. The expression must stay spelled as `WAKE` is.
DROP INDEX games_active_wake;
CREATE INDEX games_active_wake ON games
    ((CASE WHEN warned_deadline = deadline THEN deadline ELSE deadline - warn_lead END), id)
    WHERE status = 'active' AND deadline IS NOT NULL;

-- A player's correspondence games in play, by deadline (`correspondence_games`): finished
-- correspondence games, however many, are not in these indexes.
CREATE INDEX games_correspondence_active0 ON games (player0_id, deadline, id)
    WHERE correspondence = 1 AND status = 'active';
CREATE INDEX games_correspondence_active1 ON games (player1_id, deadline, id)
    WHERE correspondence = 1 AND status = 'active';
