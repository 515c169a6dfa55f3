"""The last router: presses no other handler took, and Telegram faults no handler expected.

* Every callback query gets an answer: data that parsed but that no handler took gets the
  same short alert as data no button of this bot carries (`CallbackGuard`).
* A Bot API call that failed while a handler ran (Telegram down after the retry policy's
  tries, a chat that went away) ends that update with one line in the log, not a
  traceback: it is the network's fault, not a bug. Any other exception is left to aiogram,
  which logs it with its traceback.
"""

from __future__ import annotations

import logging

from aiogram import Router
from aiogram.exceptions import ClientDecodeError, TelegramAPIError, TelegramBadRequest
from aiogram.filters import ExceptionTypeFilter
from aiogram.types import CallbackQuery, ErrorEvent

from bot.plumbing.telegram_io import answer
from i18n import Translator

log = logging.getLogger(__name__)


async def unknown_button(query: CallbackQuery, t: Translator) -> None:
    await answer(query, t("button-invalid"), alert=True)


async def telegram_fault(event: ErrorEvent) -> bool:
    exc = event.exception
    # A 400 that reaches this far was not handled where it arose: worth an ERROR (a text
    # too long, a group that lets the bot not write). Faults of Telegram or the network,
    # a blocked bot, a chat gone: a WARNING. Neither needs a traceback.
    level = logging.ERROR if isinstance(exc, TelegramBadRequest) else logging.WARNING
    log.log(level, "update %s: a Bot API call failed: %s: %s", event.update.update_id,
            type(exc).__name__, getattr(exc, "message", exc))
    return True


def make_router() -> Router:
    router = Router(name="fallback")
    router.callback_query.register(unknown_button)
    router.errors.register(telegram_fault, ExceptionTypeFilter(TelegramAPIError,
                                                                ClientDecodeError))
    return router
