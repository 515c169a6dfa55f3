-- Time controls (core/timecontrol.py, docs/rules.md "Time controls"): each game keeps the
-- token of its control (`m120`, `c8+20`, `d1`; NULL: a game begun before controls, played
-- under the host's move window). `warn_lead`: the seconds before the deadline at which the
-- player to act is warned, fixed for the game; the timer loop finds the games to look at by
-- `deadline - warn_lead`, an indexed expression, so waiting games cost nothing until then.
-- A correspondence game takes no seat in `active_seats`: a player may have many of them
-- beside their one live game.
ALTER TABLE games ADD COLUMN control TEXT;
ALTER TABLE games ADD COLUMN warn_lead INTEGER NOT NULL DEFAULT 30;
ALTER TABLE games ADD COLUMN correspondence INTEGER NOT NULL DEFAULT 0
    CHECK (correspondence IN (0, 1));

CREATE INDEX games_active_wake ON games ((deadline - warn_lead))
    WHERE status = 'active' AND deadline IS NOT NULL;
CREATE INDEX games_active_clocked ON games (id)
    WHERE status = 'active' AND control LIKE 'c%';
CREATE INDEX games_correspondence_player0 ON games (player0_id, id)
    WHERE correspondence = 1;
CREATE INDEX games_correspondence_player1 ON games (player1_id, id)
    WHERE correspondence = 1;

DROP TRIGGER games_take_seats ON games;
CREATE TRIGGER games_take_seats AFTER INSERT ON games
    FOR EACH ROW WHEN (NEW.status = 'active' AND NEW.correspondence = 0)
    EXECUTE FUNCTION games_take_seats();

-- The control a game will be played under, chosen before the game exists: with a
-- challenge (its link, card or group game), a search, a tournament. NULL: the host's default.
ALTER TABLE challenges ADD COLUMN control TEXT;
ALTER TABLE match_requests ADD COLUMN control TEXT;
ALTER TABLE tournaments ADD COLUMN control TEXT;
