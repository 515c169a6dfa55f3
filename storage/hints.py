"""The hints players asked for (core/hints.py): one row per move hinted, for the analysis."""

from __future__ import annotations

from datetime import datetime

from storage.clock import to_epoch
from storage.db import Database


async def record(db: Database, game_id: int, number: int, move_index: int, seat: int,
                 player_id: int, now: datetime) -> None:
    """Remember that `seat` asked for a hint before its move `move_index` (the moves already
    played in game `number` of the match); asking again in the same turn changes nothing."""
    async with db.transaction() as tx:
        await tx.execute(
            "INSERT INTO hints (game_id, game_number, move_index, seat, player_id, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, game_number, move_index)"
            " DO NOTHING", (game_id, number, move_index, seat, player_id, to_epoch(now)))


async def used(db: Database, game_id: int, number: int) -> dict[int, int]:
    """How many moves each seat had a hint for in the game, by seat (absent: none)."""
    rows = await db.fetchall(
        "SELECT seat, COUNT(*) AS n FROM hints WHERE game_id = ? AND game_number = ?"
        " GROUP BY seat", (game_id, number))
    return {int(row["seat"]): int(row["n"]) for row in rows}
