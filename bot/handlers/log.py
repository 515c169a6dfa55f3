"""/log: the moves of the game so far, in the chat that asks (private chat or group)."""

from __future__ import annotations

from functools import partial

from aiogram import Router
from aiogram.filters import Command
from aiogram.types import Message

from bot.plumbing.telegram_io import GROUPS, bot_of, send_text
from bot.services import Services
from bot.services.movelog import game_in_chat, log_texts
from i18n import Translator


async def show_log(message: Message, t: Translator, services: Services) -> None:
    chat = message.chat.id
    in_group = message.chat.type in GROUPS
    reply = message.reply_to_message.message_id if message.reply_to_message else None
    row = await game_in_chat(services.db, chat, reply)
    if not in_group:
        if row is None:
            await message.answer(t("no-game"))
            return
        for text in await log_texts(row, services.people, t, chat):
            await send_text(bot_of(message), chat, text)
        return
    # In a group everything goes at the group's pace, with its boards: a repeated /log
    # replaces the one still waiting instead of flooding the chat.
    t = await services.people.chat_translator(chat, row)
    texts = await log_texts(row, services.people, t, chat) if row else [t("log-no-game-group")]
    for part, text in enumerate(texts):
        await services.pacing.submit(chat, partial(send_text, bot_of(message), chat, text),
                               slot=("log", row.id if row else None, part))


def make_router() -> Router:
    router = Router(name="log")
    router.message.register(show_log, Command("log"))
    return router
