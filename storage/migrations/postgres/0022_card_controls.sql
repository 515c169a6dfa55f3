-- An inline challenge card offers a game under a time control (core/timecontrol.py): its
-- token, e.g. `m120`, `c8+20`, `d1`. NULL: a card made before controls, played under the
-- host's move window. The challenge an accepted card becomes keeps the same token.
ALTER TABLE cards ADD COLUMN control TEXT;
