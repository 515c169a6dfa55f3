"""Watching a tournament's games: the links the group's news carries and the watch link's
start payload.

Each game being played gets a row of buttons under the news: the web board's read-only
view (the bot's direct Mini App link, `bot.views.webapp`) when the host runs it, and the
chat view (`t.me/<bot>?start=watch-<game>`: the bot sends the watcher a board in their
private chat and keeps it current, `BoardPublisher.watch`) for those without it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from aiogram import Bot
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup
from aiogram.utils.deep_linking import create_start_link

from bot.views.webapp import WebApp
from i18n import Translator

WATCH_START = re.compile(r"watch-(\d{1,18})")  # a chat view's start payload: watch-<game>
WATCHERS = 10  # chat views of one game at once: each move edits every one of them
MAX_WATCH_ROWS = 32  # a 64-player round's games (Telegram takes 100 buttons a message)


def watch_payload(game_id: int) -> str:
    return f"watch-{game_id}"


def watched_game(payload: str) -> int | None:
    """The game a start payload asks to watch (None: not a watch link)."""
    found = WATCH_START.fullmatch(payload)
    return int(found.group(1)) if found else None


async def watch_keyboard(t: Translator, games: Sequence[tuple[int, str, str]], bot: Bot,
                         web: WebApp | None) -> InlineKeyboardMarkup | None:
    """A row per game (id, first player, second player): 👁 the web board read-only and
    💬 the chat view; without the web board, 👁 the chat view alone. None: no game."""
    rows = []
    for game_id, first, second in games[:MAX_WATCH_ROWS]:
        label = t("btn-watch", first=first, second=second)
        chat = await create_start_link(bot, watch_payload(game_id))
        if web is None:
            rows.append([InlineKeyboardButton(text=label, url=chat)])
        else:
            rows.append([InlineKeyboardButton(text=label,
                                              url=await web.direct_link(bot, game_id)),
                         InlineKeyboardButton(text=t("btn-watch-chat"), url=chat)])
    return InlineKeyboardMarkup(inline_keyboard=rows) if rows else None
