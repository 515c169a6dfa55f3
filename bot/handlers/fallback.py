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
from aiogram.exceptions import ClientDecodeError, TelegramAPIError
from aiogram.filters import ExceptionTypeFilter
from aiogram.types import CallbackQuery, ErrorEvent

from bot.i18n import Translator
from bot.telegram_io import answer

log = logging.getLogger(__name__)


async def unknown_button(query: CallbackQuery, t: Translator) -> None:
    await answer(query, t("button-invalid"), alert=True)


async def telegram_fault(event: ErrorEvent) -> bool:
    exc = event.exception
    log.warning("update %s: a Bot API call failed: %s: %s", event.update.update_id,
                type(exc).__name__, getattr(exc, "message", exc))
    return True


def make_router() -> Router:
    router = Router(name="fallback")
    router.callback_query.register(unknown_button)
    router.errors.register(telegram_fault, ExceptionTypeFilter(TelegramAPIError,
                                                                ClientDecodeError))
    return router
