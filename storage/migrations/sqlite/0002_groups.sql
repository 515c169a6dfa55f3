-- Group chats and inline challenge cards.

-- A chat's own settings: the language its shared messages use.
CREATE TABLE chat_settings (
    chat_id    INTEGER PRIMARY KEY,
    language   TEXT NOT NULL,
    updated_at INTEGER NOT NULL
);

-- Who plays in which group: the group leaderboard ranks these players.
CREATE TABLE chat_members (
    chat_id   INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players (id),
    joined_at INTEGER NOT NULL,
    PRIMARY KEY (chat_id, player_id)
) WITHOUT ROWID;

-- The inline challenge card of a game, kept up to date with its state and result.
CREATE TABLE game_cards (
    game_id           INTEGER PRIMARY KEY REFERENCES games (id),
    inline_message_id TEXT NOT NULL UNIQUE,
    language          TEXT NOT NULL
);
