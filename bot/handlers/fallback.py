"""The last router: presses and commands no other handler took, and Telegram faults no
handler expected.

* Every callback query gets an answer: data that parsed but that no handler took gets the
  same short alert as data no button of this bot carries (`CallbackGuard`).
* A command no handler took gets one short line: where it works (`/nard` in a private chat,
  `/play` in a group, even bare: it is this bot's) or that /help lists the commands. In a
  group any other command is answered only when addressed to this bot (`/foo@bot`): a bare
  `/foo` may be another bot's. Messages without a command are never answered (the bot is
  played with buttons and commands; a chat is not filled with "I don't understand").
* A Bot API call that failed while a handler ran (Telegram down after the retry policy's
  tries, a chat that went away) ends that update with one line in the log, not a
  traceback: it is the network's fault, not a bug. Any other exception is left to aiogram,
  which logs it with its traceback.
"""

from __future__ import annotations

import logging
import re

from aiogram import F, Router
from aiogram.enums import ChatType
from aiogram.exceptions import ClientDecodeError, TelegramAPIError, TelegramBadRequest
from aiogram.filters import ExceptionTypeFilter
from aiogram.types import (
    CallbackQuery,
    ErrorEvent,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    Message,
)
from aiogram.utils.deep_linking import create_startgroup_link

from bot.plumbing.telegram_io import answer
from i18n import Translator

log = logging.getLogger(__name__)


async def unknown_button(query: CallbackQuery, t: Translator) -> None:
    await answer(query, t("button-invalid"), alert=True)


# Commands that work in one kind of chat only: the answer says where (the key of the text).
GROUP_ONLY = {"nard": "command-group-only-nard"}
PRIVATE_ONLY = {"play": "command-private-only-play"}
GROUP_START = "group"  # the startgroup payload: the group's first "/start group" is answered
COMMAND = re.compile(r"^/([A-Za-z0-9_]{1,64})(?:@([A-Za-z0-9_]+))?(?:\s|$)")


async def add_to_group(message: Message, t: Translator) -> InlineKeyboardMarkup:
    """"➕ Add me to a group": Telegram's startgroup link, which opens the group picker."""
    link = await create_startgroup_link(message.bot, GROUP_START)  # type: ignore[arg-type]
    return InlineKeyboardMarkup(inline_keyboard=[[
        InlineKeyboardButton(text=t("btn-add-to-group"), url=link)]])


async def unknown_command(message: Message, t: Translator) -> None:
    """A command no handler took: say where it works, or point to /help."""
    found = COMMAND.match(message.text or "")
    if found is None:
        return
    name, mention = found.group(1).lower(), found.group(2)
    me = await message.bot.me()  # type: ignore[union-attr]
    if mention is not None and mention.lower() != (me.username or "").lower():
        return  # another bot's command
    private = message.chat.type == ChatType.PRIVATE
    if not private and mention is None and name not in PRIVATE_ONLY:
        return  # in a group, only what is addressed to this bot (or is this bot's own)
    if private and name in GROUP_ONLY:  # with the button that adds the bot to a group
        await message.answer(t(GROUP_ONLY[name]), reply_markup=await add_to_group(message, t))
    elif not private and name in PRIVATE_ONLY:
        await message.answer(t(PRIVATE_ONLY[name]))
    else:
        await message.answer(t("command-unknown", command=f"/{name}"))


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
    router.message.register(unknown_command, F.text.startswith("/"))
    router.errors.register(telegram_fault, ExceptionTypeFilter(TelegramAPIError,
                                                                ClientDecodeError))
    return router
