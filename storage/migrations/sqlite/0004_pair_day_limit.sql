-- Honest leaderboards: finishing a rated game counts the rated games the same
-- two players played today; this index finds one player's rating events of a day.
CREATE INDEX rating_events_by_player_time ON rating_events (player_id, created_at);
