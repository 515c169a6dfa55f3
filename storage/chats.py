"""Group chats and inline cards: a chat's language, its players, a game's inline card."""

from __future__ import annotations

from datetime import datetime

from storage.clock import to_epoch
from storage.db import Database


async def set_chat_language(db: Database, chat_id: int, language: str, *, now: datetime
                            ) -> None:
    async with db.transaction() as tx:
        await tx.execute(
            "INSERT INTO chat_settings (chat_id, language, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (chat_id) DO UPDATE SET language = excluded.language,"
            " updated_at = excluded.updated_at",
            (chat_id, language, to_epoch(now)),
        )


async def chat_language(db: Database, chat_id: int) -> str | None:
    row = await db.fetchone("SELECT language FROM chat_settings WHERE chat_id = ?", (chat_id,))
    return None if row is None else row["language"]


async def chat_languages(db: Database, chat_id: int) -> tuple[str | None, list[str]]:
    """A group's chosen language (None until an admin picks one with /lang) and the stored
    languages of its players (those who set up or joined a game or tournament there, the
    first to join first; not read when a language is chosen)."""
    async with db.read() as tx:
        chosen = await tx.fetchval(
            "SELECT language FROM chat_settings WHERE chat_id = ?", (chat_id,))
        if chosen is not None:  # the players' languages do not count then
            return chosen, []
        rows = await tx.fetchall(
            "SELECT p.language FROM chat_members m JOIN players p ON p.id = m.player_id"
            " WHERE m.chat_id = ? AND p.language IS NOT NULL"
            " ORDER BY m.joined_at, m.player_id", (chat_id,))
    return chosen, [row[0] for row in rows]


async def add_chat_member(db: Database, chat_id: int, player_id: int, *, now: datetime
                          ) -> None:
    """Remember that `player_id` plays in group `chat_id` (idempotent)."""
    async with db.transaction() as tx:
        await tx.execute(
            "INSERT INTO chat_members (chat_id, player_id, joined_at) VALUES (?, ?, ?)"
            " ON CONFLICT (chat_id, player_id) DO NOTHING",
            (chat_id, player_id, to_epoch(now)),
        )


async def put_game_card(db: Database, game_id: int, inline_message_id: str, language: str
                        ) -> None:
    async with db.transaction() as tx:
        await tx.execute(
            "INSERT INTO game_cards (game_id, inline_message_id, language) VALUES (?, ?, ?)"
            " ON CONFLICT (game_id) DO UPDATE SET inline_message_id = excluded.inline_message_id,"
            " language = excluded.language",
            (game_id, inline_message_id, language),
        )


async def game_card(db: Database, game_id: int) -> tuple[str, str] | None:
    """(inline_message_id, language) of the game's inline card, if it has one."""
    row = await db.fetchone(
        "SELECT inline_message_id, language FROM game_cards WHERE game_id = ?", (game_id,))
    return None if row is None else (row["inline_message_id"], row["language"])
