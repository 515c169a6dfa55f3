"""Files Telegram already holds for us (a game's replay animation), by their file_id: a
second request sends the file_id instead of rendering and uploading the file again."""

from __future__ import annotations

from datetime import datetime

from storage.clock import to_epoch
from storage.db import Database


async def file_id(db: Database, game_id: int, game_number: int, kind: str,
                  view: str) -> str | None:
    return await db.fetchval(
        "SELECT file_id FROM sent_media WHERE game_id = ? AND game_number = ? AND kind = ?"
        " AND view = ?", (game_id, game_number, kind, view))


async def remember(db: Database, game_id: int, game_number: int, kind: str, view: str,
                   file_id: str, *, now: datetime) -> None:
    async with db.transaction() as tx:
        await tx.execute(
            "INSERT INTO sent_media (game_id, game_number, kind, view, file_id, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, game_number, kind, view)"
            " DO UPDATE SET file_id = excluded.file_id, created_at = excluded.created_at",
            (game_id, game_number, kind, view, file_id, to_epoch(now)))


async def forget(db: Database, game_id: int, game_number: int, kind: str, view: str) -> None:
    """Telegram no longer knows the file (it refused the file_id): render it again."""
    async with db.transaction() as tx:
        await tx.execute(
            "DELETE FROM sent_media WHERE game_id = ? AND game_number = ? AND kind = ?"
            " AND view = ?", (game_id, game_number, kind, view))
