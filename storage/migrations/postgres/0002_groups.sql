-- Group chats and inline challenge cards.

-- A chat's own settings: the language its shared messages use.
CREATE TABLE chat_settings (
    chat_id    BIGINT PRIMARY KEY,
    language   TEXT   NOT NULL,
    updated_at BIGINT NOT NULL
);

-- Who plays in which group: the group leaderboard ranks these players.
CREATE TABLE chat_members (
    chat_id   BIGINT NOT NULL,
    player_id BIGINT NOT NULL REFERENCES players (id),
    joined_at BIGINT NOT NULL,
    PRIMARY KEY (chat_id, player_id)
);

-- The inline challenge card of a game, kept up to date with its state and result.
CREATE TABLE game_cards (
    game_id           BIGINT PRIMARY KEY REFERENCES games (id),
    inline_message_id TEXT   NOT NULL UNIQUE,
    language          TEXT   NOT NULL
);
