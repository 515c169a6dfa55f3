"""The two Bot API simulators (docs/architecture.md, "Two Bot API simulators") answer alike
where both model Telegram: the test kit's fake, over HTTP, and local play's in-process
session (bot/local/telegram.py). The same calls through aiogram give the same results and
the same errors, so the local page meets what the tests checked."""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import Bot
from aiogram.exceptions import TelegramBadRequest
from aiogram.types import BufferedInputFile, InlineKeyboardButton, InlineKeyboardMarkup
from PIL import Image

from bot.local.telegram import LocalTelegram
from testkit.fake_telegram import FakeTelegram
from testkit.fixtures import bot_for

CHAT = 4242
KEYS = InlineKeyboardMarkup(inline_keyboard=[[InlineKeyboardButton(text="Roll",
                                                                   callback_data="g:1")]])


def png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), (200, 30, 30)).save(out, "PNG")
    return out.getvalue()


async def _outcome(call: Callable[[], Awaitable[Any]]) -> str:
    """What a call gave, as comparable text: the message's shape or the error."""
    try:
        result = await call()
    except TelegramBadRequest as exc:
        return f"error {exc.message}"
    if result is True:
        return "true"
    kind = "photo" if result.photo else "text"
    markup = result.reply_markup.inline_keyboard if result.reply_markup else None
    return f"{kind} {result.text or result.caption!r} {markup}"


async def _script(bot: Bot) -> list[str]:
    """Sends, edits (one unchanged, one of a missing message), a photo, deletes."""
    sent = await bot.send_message(CHAT, "Your turn", reply_markup=KEYS)
    photo = await bot.send_photo(CHAT, BufferedInputFile(png(), "board.png"), caption="Board")
    calls: list[Callable[[], Awaitable[Any]]] = [
        lambda: bot.edit_message_text("Rolled", chat_id=CHAT, message_id=sent.message_id,
                                      reply_markup=KEYS),
        lambda: bot.edit_message_text("Rolled", chat_id=CHAT, message_id=sent.message_id,
                                      reply_markup=KEYS),
        lambda: bot.edit_message_text("Gone", chat_id=CHAT, message_id=999),
        lambda: bot.edit_message_caption(chat_id=CHAT, message_id=photo.message_id,
                                         caption="Board, moved"),
        lambda: bot.edit_message_reply_markup(chat_id=CHAT, message_id=photo.message_id,
                                              reply_markup=KEYS),
        lambda: bot.delete_message(CHAT, sent.message_id),
        lambda: bot.delete_message(CHAT, sent.message_id),
    ]
    return [await _outcome(lambda: bot.send_message(CHAT, "Hello")),
            *[await _outcome(call) for call in calls]]


async def test_the_fake_and_local_play_answer_the_same_calls_alike() -> None:
    local_bot = Bot("1:LOCAL", session=LocalTelegram(clock=lambda: 1_700_000_000.0))
    local = await _script(local_bot)
    async with FakeTelegram() as fake:
        fake.user(CHAT, "Ali")
        bot = bot_for(fake)
        try:
            faked = await _script(bot)
        finally:
            await bot.session.close()
    assert local == faked
    assert [line.split(":")[0] for line in local if line.startswith("error")] == [
        "error Bad Request", "error Bad Request", "error Bad Request"]
