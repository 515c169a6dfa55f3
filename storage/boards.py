"""The messages showing each game's board, so every one can be edited or redrawn."""

from __future__ import annotations

from datetime import datetime

from storage.clock import from_epoch, to_epoch
from storage.db import Database
from storage.errors import GameNotFound
from storage.models import BoardMessage


async def put_board_message(
    db: Database,
    game_id: int,
    chat_id: int,
    message_id: int,
    *,
    player_id: int | None,
    now: datetime,
) -> int | None:
    """Add the board message of `game_id` in `chat_id`, or replace the one there.

    Returns the replaced message id (to delete it) or None. `player_id` is None for the
    shared board in a group chat.
    """
    async with db.transaction() as tx:
        if await tx.fetchone("SELECT 1 FROM games WHERE id = ?", (game_id,)) is None:
            raise GameNotFound(f"game {game_id} does not exist")
        old = await tx.fetchone(
            "SELECT message_id FROM board_messages WHERE game_id = ? AND chat_id = ?"
            + tx.lock("FOR UPDATE"),
            (game_id, chat_id),
        )
        await tx.execute(
            "INSERT INTO board_messages (game_id, chat_id, message_id, player_id, updated_at)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, chat_id) DO UPDATE SET"
            " message_id = excluded.message_id, player_id = excluded.player_id,"
            " updated_at = excluded.updated_at",
            (game_id, chat_id, message_id, player_id, to_epoch(now)),
        )
    return None if old is None else int(old["message_id"])


async def board_messages(db: Database, game_id: int) -> list[BoardMessage]:
    rows = await db.fetchall(
        "SELECT game_id, chat_id, message_id, player_id, updated_at FROM board_messages"
        " WHERE game_id = ? ORDER BY chat_id",
        (game_id,),
    )
    return [BoardMessage(*row[:4], from_epoch(row["updated_at"])) for row in rows]


async def remove_board_message(db: Database, game_id: int, chat_id: int) -> bool:
    async with db.transaction() as tx:
        removed = await tx.execute(
            "DELETE FROM board_messages WHERE game_id = ? AND chat_id = ?", (game_id, chat_id)
        )
    return removed == 1


async def boards_in_chat(db: Database, chat_id: int, limit: int = 20) -> list[BoardMessage]:
    """The board messages in `chat_id`, of the newest games first (for /log)."""
    rows = await db.fetchall(
        "SELECT game_id, chat_id, message_id, player_id, updated_at FROM board_messages"
        " WHERE chat_id = ? ORDER BY game_id DESC LIMIT ?",
        (chat_id, limit),
    )
    return [BoardMessage(*row[:4], from_epoch(row["updated_at"])) for row in rows]
