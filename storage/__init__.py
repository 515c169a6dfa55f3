"""aiosqlite storage: schema, migrations, repositories, ratings, leaderboards.

Never imports aiogram or `engine`: the engine's state is an opaque JSON text.
"""

from storage.boards import board_messages, put_board_message, remove_board_message
from storage.challenges import (
    accept_challenge,
    cancel_challenge,
    create_challenge,
    expire_challenges,
    get_challenge,
)
from storage.clock import Clock, utc_now
from storage.db import Database
from storage.errors import (
    ChallengeUnavailable,
    GameNotActive,
    GameNotFound,
    MigrationError,
    NotFound,
    PlayerNotFound,
    StorageError,
    VersionConflict,
)
from storage.games import (
    active_games,
    create_game,
    expired_games,
    game_results,
    load_game,
    move_log,
    save_game,
)
from storage.models import (
    BoardMessage,
    Challenge,
    Finish,
    Game,
    GameResult,
    LogEntry,
    LoggedMove,
    Player,
    PlayerStats,
    RatingChange,
    RatingEvent,
)
from storage.players import get_player, set_language, upsert_player
from storage.ratings import START_RATING, expected_score, rating_delta
from storage.results import finish_game
from storage.stats import player_stats, rating_history

__all__ = [
    "START_RATING",
    "BoardMessage",
    "Challenge",
    "ChallengeUnavailable",
    "Clock",
    "Database",
    "Finish",
    "Game",
    "GameNotActive",
    "GameNotFound",
    "GameResult",
    "LogEntry",
    "LoggedMove",
    "MigrationError",
    "NotFound",
    "Player",
    "PlayerNotFound",
    "PlayerStats",
    "RatingChange",
    "RatingEvent",
    "StorageError",
    "VersionConflict",
    "accept_challenge",
    "active_games",
    "board_messages",
    "cancel_challenge",
    "create_challenge",
    "create_game",
    "expected_score",
    "expire_challenges",
    "expired_games",
    "finish_game",
    "game_results",
    "get_challenge",
    "get_player",
    "load_game",
    "move_log",
    "player_stats",
    "put_board_message",
    "rating_delta",
    "rating_history",
    "remove_board_message",
    "save_game",
    "set_language",
    "upsert_player",
    "utc_now",
]
