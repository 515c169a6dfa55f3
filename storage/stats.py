"""A player's per-variant statistics and rating history."""

from __future__ import annotations

from engine.position import Variant
from engine.ratings import START_RATING
from storage.clock import from_epoch
from storage.db import Database
from storage.models import LIVE, PlayerStats, Pool, RatingEvent

_STAT_COLUMNS = (
    "rating, rated_games, games, wins, losses, marses_given, marses_taken, koks_given,"
    " koks_taken, streak, best_streak"
)


async def player_stats(db: Database, player_id: int, variant: str) -> PlayerStats:
    """The player's statistics; a player without games has zeros and the start rating."""
    row = await db.fetchone(
        f"SELECT {_STAT_COLUMNS} FROM player_stats WHERE player_id = ? AND variant = ?",
        (player_id, variant),
    )
    if row is None:
        return PlayerStats(player_id, Variant(variant), START_RATING, *([0] * 10))
    return PlayerStats(player_id, Variant(variant), *row)


async def correspondence_rating(db: Database, player_id: int, variant: str
                                ) -> tuple[int, int]:
    """The player's correspondence rating in the variant and how many rated
    correspondence games made it (the start rating and 0 before the first)."""
    row = await db.fetchone(
        "SELECT rating, rated_games FROM correspondence_ratings"
        " WHERE player_id = ? AND variant = ?", (player_id, variant))
    return (START_RATING, 0) if row is None else (int(row[0]), int(row[1]))


async def rating_history(
    db: Database, player_id: int, variant: str, *, limit: int = 100, pool: Pool = LIVE
) -> list[RatingEvent]:
    """The player's last `limit` rating events in the variant of one rating (`pool`:
    "live" or "correspondence"), oldest first."""
    rows = await db.fetchall(
        "SELECT id, player_id, variant, delta, rating_after, game_id, created_at"
        " FROM rating_events WHERE player_id = ? AND variant = ? AND pool = ?"
        " ORDER BY id DESC LIMIT ?",
        (player_id, variant, pool, limit),
    )
    return [RatingEvent(row["id"], row["player_id"], row["variant"], row["delta"],
                        row["rating_after"], row["game_id"], from_epoch(row["created_at"]))
            for row in reversed(rows)]
