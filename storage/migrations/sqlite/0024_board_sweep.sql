-- The door's board sweep reads the games saved lately, not every game in play (issue 38;
-- docs/storage.md "Boards behind their game", docs/performance.md "Waiting games"): after a
-- process's first sweep, `storage.boards.games_behind` looks only at the active games saved
-- since its previous sweep (less a margin), by this index, so 100,000 games waiting for days
-- cost it nothing. Partial on games in play: finished games leave it.
CREATE INDEX games_active_change ON games (updated_at) WHERE status = 'active';
