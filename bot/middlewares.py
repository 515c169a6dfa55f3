"""Per-update context: the stored player and a translator in the player's language."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import BaseMiddleware
from aiogram.types import TelegramObject, User

from bot.config import Settings
from bot.i18n import Translator, pick_language
from storage import players
from storage.db import Database
from storage.models import Player

Clock = Callable[[], Any]


class PlayerMiddleware(BaseMiddleware):
    """Stores each user once (and again when their name changes) and picks their language.

    The language comes from the player's saved choice, else Telegram's `language_code`,
    else `DEFAULT_LANGUAGE`.
    """

    def __init__(self, db: Database, settings: Settings, clock: Clock,
                 on_change: Callable[[int], None] = lambda player_id: None) -> None:
        self.db, self.settings, self.clock = db, settings, clock
        self.on_change = on_change  # tells other caches (the game service) to reload
        self._known: dict[int, tuple[str, str | None, Player]] = {}

    async def __call__(self, handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
                       event: TelegramObject, data: dict[str, Any]) -> Any:
        user: User | None = data.get("event_from_user")
        if user is None or user.is_bot:
            # No person to play for (e.g. an anonymous group admin writes as a bot): every
            # handler here acts for a player, so the update is left alone.
            return None
        player = await self.player(user)
        data["player"] = player
        data["t"] = Translator(pick_language(player.language, user.language_code,
                                             self.settings.default_language))
        return await handler(event, data)

    async def player(self, user: User) -> Player:
        known = self._known.get(user.id)
        if known and known[:2] == (user.full_name, user.username):
            return known[2]
        player = await players.upsert_player(
            self.db, user.id, user.full_name, username=user.username,
            language=user.language_code, now=self.clock())
        self._known[user.id] = (user.full_name, user.username, player)
        self.on_change(user.id)
        return player

    def forget(self, player_id: int) -> None:
        """Drop the cached row after the player changed it (e.g. the language)."""
        self._known.pop(player_id, None)
        self.on_change(player_id)
