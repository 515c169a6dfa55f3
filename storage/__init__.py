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
from storage.leaderboard import (
    alltime_leaderboard,
    daily_leaderboard,
    day_bounds,
    local_date,
    period_leaderboard,
    week_bounds,
    weekly_leaderboard,
)
from storage.models import (
    BoardMessage,
    Challenge,
    Finish,
    Game,
    GameResult,
    Leaderboard,
    LogEntry,
    LoggedMove,
    Player,
    PlayerStats,
    RatingChange,
    RatingEvent,
    Standing,
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
    "Leaderboard",
    "LogEntry",
    "LoggedMove",
    "MigrationError",
    "NotFound",
    "Player",
    "PlayerNotFound",
    "PlayerStats",
    "RatingChange",
    "RatingEvent",
    "Standing",
    "StorageError",
    "VersionConflict",
    "accept_challenge",
    "active_games",
    "alltime_leaderboard",
    "board_messages",
    "cancel_challenge",
    "create_challenge",
    "create_game",
    "daily_leaderboard",
    "day_bounds",
    "expected_score",
    "expire_challenges",
    "expired_games",
    "finish_game",
    "game_results",
    "get_challenge",
    "get_player",
    "load_game",
    "local_date",
    "move_log",
    "period_leaderboard",
    "player_stats",
    "put_board_message",
    "rating_delta",
    "rating_history",
    "remove_board_message",
    "save_game",
    "set_language",
    "upsert_player",
    "utc_now",
    "week_bounds",
    "weekly_leaderboard",
]
