"""Per-update context and the checks every update passes before a handler sees it.

* `UpdateScope` (every update): Bot API calls made while handling it wait at most
  `URGENT_WAIT` for Telegram (a game's lock may be held), and a board redraw Telegram made
  us give up is redrawn later (`BoardRepair`).
* `CallbackGuard` (every callback query, before anything else): data no button of this bot
  carries (over 64 bytes, an unknown prefix, a field out of range) gets a short alert
  before any lookup; and whatever happens in the handler, the query is answered, so no
  button spinner is left turning.
* `PlayerMiddleware`: the stored player and a translator in the player's language (`t`;
  a message in a group gets the group's language as `t` and the player's as `own_t`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiogram import BaseMiddleware
from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.exceptions import TelegramAPIError, TelegramBadRequest
from aiogram.methods import AnswerCallbackQuery, TelegramMethod
from aiogram.types import CallbackQuery, Chat, Message, TelegramObject, User

from bot.config import Settings
from bot.plumbing.admission import Admission
from bot.plumbing.retry import (
    ANSWER_WAIT,
    FAULTS,
    URGENT_WAIT,
    on_give_up,
    waiting_at_most,
)
from bot.plumbing.telegram_io import GROUPS
from bot.views.callbacks import parse
from core.people import Players
from i18n import Translator, pick_language
from i18n.people import group_translator
from storage.db import Database
from storage.errors import DatabaseBlip
from storage.outage import retrying

if TYPE_CHECKING:
    from aiogram import Bot
    from aiogram.methods.base import Response

    from bot.services.repair import BoardRepair

Clock = Callable[[], Any]
Handler = Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]]


class UpdateScope(BaseMiddleware):
    def __init__(self, repair: BoardRepair | None = None,
                 heard: Callable[[int], None] = lambda chat_id: None) -> None:
        self.repair = repair
        self.heard = heard  # told of every user and chat an update comes from

    async def __call__(self, handler: Handler, event: TelegramObject,
                       data: dict[str, Any]) -> Any:
        user: User | None = data.get("event_from_user")
        chat: Chat | None = data.get("event_chat")
        for writer in (user, chat):
            if writer is not None:
                self.heard(writer.id)
        hook = None
        if self.repair is not None and user is not None:
            hook = self.repair.hook_for_player(user.id)
        with waiting_at_most(URGENT_WAIT), on_give_up(hook):
            try:
                return await handler(event, data)
            except DatabaseBlip:  # logged once per outage (storage.outage); a press was
                return None  # answered "try again" (CallbackGuard), the rest is dropped


@dataclass
class _Pending:
    query_id: str
    answered: bool = False
    # The answer last tried for it (a last answer says the same: an empty one would say
    # "done" where the handler meant an alert)
    text: str | None = None
    show_alert: bool | None = None


_pending: ContextVar[_Pending | None] = ContextVar("pending_callback", default=None)


class AnswerTracker(BaseRequestMiddleware):
    """Notes when the callback query being handled is answered (a session middleware, so
    it sees every way of answering: `query.answer()`, `bot.answer_callback_query`)."""

    async def __call__(self, make_request: NextRequestMiddlewareType[Any], bot: Bot,
                       method: TelegramMethod[Any]) -> Response[Any]:
        pending = _pending.get()
        if pending is None or not isinstance(method, AnswerCallbackQuery) or (
                method.callback_query_id != pending.query_id):
            return await make_request(bot, method)
        pending.text, pending.show_alert = method.text, method.show_alert
        try:
            response = await make_request(bot, method)
        except TelegramBadRequest:  # answered already, or too late: asking again is no use
            pending.answered = True
            Admission.answered()
            raise
        pending.answered = True
        Admission.answered()  # the next press waiting may go
        return response


class CallbackGuard(BaseMiddleware):
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    async def __call__(self, handler: Handler, event: TelegramObject,
                       data: dict[str, Any]) -> Any:
        assert isinstance(event, CallbackQuery)
        pending = _Pending(event.id)
        token = _pending.set(pending)
        try:
            if parse(event.data) is None:
                await self._refuse(event)
                return None
            return await handler(event, data)
        except DatabaseBlip:  # never an empty answer: nothing was saved, press again
            if not pending.answered:
                await self._alert(event, self._words(event)("alert-unavailable"))
            raise
        except BaseException:  # failed, or cancelled by a stop, before it answered: an
            if not pending.answered:  # empty answer would say a change was made
                await self._alert(event, self._words(event)("busy-try-again"))
            raise
        finally:
            if not pending.answered:  # the handler did not answer, or its answer failed
                # while a game's lock was held (a burst of network errors): no lock is
                # held now, so the last answer (the same words) may wait longer for the
                # network to come back
                with waiting_at_most(ANSWER_WAIT), contextlib.suppress(
                        TelegramAPIError, *FAULTS):
                    await event.answer(pending.text, show_alert=pending.show_alert)
            _pending.reset(token)

    async def _refuse(self, query: CallbackQuery) -> None:
        await self._alert(query, self._words(query)("button-invalid"))

    def _words(self, query: CallbackQuery) -> Translator:
        """Telegram's language of the user: no database lookup (before one, or without)."""
        return Translator(pick_language(None, query.from_user.language_code,
                                        self.settings.default_language))

    @staticmethod
    async def _alert(query: CallbackQuery, text: str) -> None:
        with contextlib.suppress(TelegramAPIError, *FAULTS):
            await query.answer(text, show_alert=True)


class PlayerMiddleware(BaseMiddleware):
    """Signs each user in through the core's one people service (`core.people.Players`:
    stored once, again when their name changes, the row cached for a short time) and picks
    their language: the player's saved choice, else Telegram's `language_code`, else
    `DEFAULT_LANGUAGE`."""

    def __init__(self, people: Players, db: Database, settings: Settings,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.people, self.db, self.settings = people, db, settings
        self.sleep = sleep  # between tries while the database does not answer

    async def __call__(self, handler: Handler, event: TelegramObject,
                       data: dict[str, Any]) -> Any:
        user: User | None = data.get("event_from_user")
        if user is None or user.is_bot:
            # No person to play for (e.g. an anonymous group admin writes as a bot): every
            # handler here acts for a player, so the update is left alone.
            return None
        player = await retrying(lambda: self.people.sign_in(
            user.id, user.full_name, username=user.username, language=user.language_code),
            self.sleep)
        data["player"] = player
        own = Translator(pick_language(player.language, user.language_code,
                                       self.settings.default_language))
        data["own_t"] = data["t"] = own
        if isinstance(event, Message) and event.chat.type in GROUPS:
            # Read by the whole group: in the group's language (`own_t` for what goes to
            # the sender alone).
            data["t"] = await retrying(lambda: group_translator(
                self.db, event.chat.id, self.settings.default_language, own.language),
                self.sleep)
        return await handler(event, data)
