"""A Bot API session with no Telegram behind it, for the benchmarks that drive the bot in
process: every call is answered at once (getMe with the bot, answers with True, anything
sent to a chat with a message), and `seen` hears each call to a chat, for what a benchmark
records."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from aiogram import Bot
from aiogram.client.session.base import BaseSession
from aiogram.methods import AnswerCallbackQuery, GetMe, TelegramMethod
from aiogram.types import Chat, Message, User


class InstantSession(BaseSession):
    def __init__(self, bot_user: User,
                 now: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        super().__init__()
        self.bot_user, self.now = bot_user, now
        self.ids = itertools.count(1)

    def seen(self, method: TelegramMethod[Any], chat_id: int, message_id: int) -> None:
        """A call to `chat_id`, answered with `message_id` (the edited or the new one)."""

    async def close(self) -> None:
        return None

    async def make_request(self, bot: Bot, method: TelegramMethod[Any],
                           timeout: int | None = None) -> Any:
        if isinstance(method, GetMe):
            return self.bot_user
        if isinstance(method, AnswerCallbackQuery):
            return True
        chat_id = getattr(method, "chat_id", None)
        if chat_id is None:
            return True
        message_id = getattr(method, "message_id", None) or next(self.ids)
        self.seen(method, chat_id, message_id)
        kind = "supergroup" if chat_id < 0 else "private"
        return Message(message_id=message_id, date=self.now(),
                       chat=Chat(id=chat_id, type=kind), from_user=self.bot_user)

    async def stream_content(self, *args: Any, **kwargs: Any):  # pragma: no cover
        raise NotImplementedError
