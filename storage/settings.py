"""Per-player settings: a name → value table; a setting never changed has no row.

Values are text, so a setting may later be more than on/off; the bot's settings service
knows each setting's default and type.
"""

from __future__ import annotations

from datetime import datetime

from storage.clock import to_epoch
from storage.db import Database


async def player_settings(db: Database, player_id: int) -> dict[str, str]:
    """Every setting the player has changed, by name."""
    rows = await db.fetchall(
        "SELECT name, value FROM player_settings WHERE player_id = ?", (player_id,))
    return {row["name"]: row["value"] for row in rows}


async def player_setting(db: Database, player_id: int, name: str) -> str | None:
    row = await db.fetchone(
        "SELECT value FROM player_settings WHERE player_id = ? AND name = ?", (player_id, name))
    return None if row is None else row["value"]


async def put_player_setting(db: Database, player_id: int, name: str, value: str, *,
                             now: datetime) -> None:
    async with db.transaction() as tx:
        await tx.execute(
            "INSERT INTO player_settings (player_id, name, value, updated_at)"
            " VALUES (?, ?, ?, ?) ON CONFLICT (player_id, name) DO UPDATE SET"
            " value = excluded.value, updated_at = excluded.updated_at",
            (player_id, name, value, to_epoch(now)),
        )
