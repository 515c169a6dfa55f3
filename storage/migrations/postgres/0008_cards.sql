-- Nobody plays for somebody else: button data never names a player
-- (as sqlite/0008_cards.sql).

-- A challenge card offered in inline mode. Its Accept button carries only the card's id
-- (random, unguessable); who made the card and which game it offers are read from here.
-- A card lives until `expires_at`, then the bot deletes it.
CREATE TABLE cards (
    id          TEXT    PRIMARY KEY,
    creator_id  BIGINT  NOT NULL REFERENCES players (id),
    variant     TEXT    NOT NULL CHECK (variant IN ('short', 'long')),
    created_at  BIGINT  NOT NULL,
    expires_at  BIGINT  NOT NULL
);

CREATE INDEX cards_by_creator ON cards (creator_id, variant, created_at);
CREATE INDEX cards_by_expiry ON cards (expires_at);

-- The group an open challenge was posted in: its Join button works in that group only.
CREATE TABLE challenge_chats (
    challenge_id  BIGINT PRIMARY KEY REFERENCES challenges (id),
    chat_id       BIGINT NOT NULL
);
