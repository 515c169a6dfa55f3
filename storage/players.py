"""Players: Telegram users as the bot last saw them, and their chosen language."""

from __future__ import annotations

from datetime import datetime

from storage.clock import from_epoch, to_epoch
from storage.db import Database, Row
from storage.errors import PlayerNotFound
from storage.models import Player

CHANGED = "nard_player_changed"  # notified with a player's id when their row changes


async def upsert_player(
    db: Database,
    player_id: int,
    name: str,
    *,
    username: str | None,
    language: str | None,
    now: datetime,
) -> Player:
    """Insert the player, or refresh name and username of a known one.

    `language` (Telegram's language code) is only the first value: a stored language is
    kept, because the player may have chosen it with `set_language`.
    """
    stamp = to_epoch(now)
    async with db.transaction() as tx:
        row = await tx.fetchone(
            "INSERT INTO players (id, name, username, language, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET"
            " name = excluded.name, username = excluded.username,"
            " language = COALESCE(players.language, excluded.language),"
            f" updated_at = excluded.updated_at RETURNING {_COLUMNS}",
            (player_id, name, username, language, stamp, stamp),
        )
    assert row is not None
    return _player(row)


async def set_language(db: Database, player_id: int, language: str, *, now: datetime) -> None:
    async with db.transaction() as tx:
        changed = await tx.execute(
            "UPDATE players SET language = ?, updated_at = ? WHERE id = ?",
            (language, to_epoch(now), player_id),
        )
        if changed:  # other processes drop their cached row (`Database.listen`)
            await tx.notify(CHANGED, str(player_id))
    if not changed:
        raise PlayerNotFound(f"player {player_id} is not stored")


async def get_player(db: Database, player_id: int) -> Player | None:
    row = await db.fetchone(f"SELECT {_COLUMNS} FROM players WHERE id = ?", (player_id,))
    return None if row is None else _player(row)


_COLUMNS = "id, name, username, language, created_at, updated_at"


def _player(row: Row) -> Player:
    return Player(
        row["id"], row["name"], row["username"], row["language"],
        from_epoch(row["created_at"]), from_epoch(row["updated_at"]),
    )
