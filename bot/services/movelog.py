"""/log: the moves of a game so far, as text in the chat that asks for them.

In a private chat it is the player's game (the one in progress, else the last one played);
in a group, the group's game (or the game whose board the command replies to). The list
comes from the stored game (`bot.views.recap.log_lines`), so it is complete after a
restart too; a long game is split into several messages.
"""

from __future__ import annotations

from bot.views.recap import log_lines, split_messages
from core.live import Live
from i18n import Translator
from i18n.people import People
from storage import boards, games
from storage.db import Database
from storage.models import Game as Row


async def game_in_chat(db: Database, chat_id: int, reply_to: int | None = None) -> Row | None:
    """The game whose board is in `chat_id`: the one replied to, else the newest game in
    progress (the chat's own before one it watches), else the newest finished one."""
    shown = await boards.boards_in_chat(db, chat_id)
    chosen = [m for m in shown if m.message_id == reply_to] or shown
    rows = [await games.load_game(db, message.game_id) for message in chosen]
    active = sorted((row for row in rows if row.status == "active"),
                    key=lambda row: chat_id not in row.players)  # (a stable sort)
    return (active or rows)[0] if rows else None


async def log_texts(row: Row, people: People, t: Translator, chat_id: int) -> list[str]:
    """The move list of `row`'s current game, as messages to send in order: in the
    numbers of the player whose chat it is (a group's: seat 0's, like its board)."""
    live = Live.load(row.state_json)
    variant = t(f"variant-{row.variant}")
    if row.match_length > 1:
        title = t("log-title-match", variant=variant, number=live.number,
                  length=row.match_length)
    else:
        title = t("log-title", variant=variant)
    seat = row.seat_of(chat_id)
    return split_messages([title, *log_lines(live, await people.names(row, t), t,
                                             reader=0 if seat is None else seat)])
