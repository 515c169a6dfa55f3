-- Provably fair dice, the "server seed pair" model: each player's next server
-- seed is drawn and stored before it is used, so its SHA-256 can be shown first (/seed, the
-- result of their previous game). A game takes its players' pending seeds and leaves fresh
-- ones in the same transaction. NULL: none drawn yet (drawn when first needed).
ALTER TABLE players ADD COLUMN next_seed TEXT;

-- The seats' server seeds a game's dice seed was made of (JSON, by seat; "" for the
-- computer's seat). NULL for records of games whose one seed was drawn for the game itself.
-- With them, `commitment` holds what was shown: each seat's SHA-256, comma-joined by seat.
ALTER TABLE fair_dice ADD COLUMN server_seeds TEXT;
