"""Sending and editing board messages the way Telegram wants it.

* 429 Too Many Requests: wait the time Telegram gives, then try again (a few times).
* "message is not modified": nothing to do.
* The message to edit is gone: send a new one and report its id, so the caller stores it.
* The player blocked the bot (403): give up quietly; the game goes on to its timer.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

from aiogram import Bot
from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramNotFound,
    TelegramRetryAfter,
)
from aiogram.types import BufferedInputFile, InlineKeyboardMarkup, InputMediaPhoto, Message

log = logging.getLogger(__name__)
T = TypeVar("T")
RETRIES = 4
Sleep = Callable[[float], Awaitable[None]]


@dataclass(frozen=True)
class Board:
    """One board message's content."""

    photo: bytes
    caption: str
    keyboard: InlineKeyboardMarkup | None


async def with_retry(call: Callable[[], Awaitable[T]], sleep: Sleep = asyncio.sleep) -> T:
    """Run a Bot API call, waiting out 429 answers as Telegram asks."""
    for attempt in range(RETRIES):
        try:
            return await call()
        except TelegramRetryAfter as exc:
            if attempt == RETRIES - 1:
                raise
            log.warning("429 from Telegram: waiting %s s", exc.retry_after)
            await sleep(exc.retry_after)
    raise AssertionError("unreachable")


def _not_modified(exc: TelegramBadRequest) -> bool:
    return "message is not modified" in exc.message


def _gone(exc: TelegramBadRequest) -> bool:
    text = exc.message.lower()
    return "message to edit not found" in text or "message can't be edited" in text


async def send_board(bot: Bot, chat_id: int, board: Board, sleep: Sleep = asyncio.sleep
                     ) -> int | None:
    """Send a new board message; its id, or None when the chat cannot be reached."""
    try:
        message: Message = await with_retry(lambda: bot.send_photo(
            chat_id, BufferedInputFile(board.photo, "board.png"), caption=board.caption,
            reply_markup=board.keyboard), sleep)
    except (TelegramForbiddenError, TelegramNotFound) as exc:
        log.info("cannot send to chat %s: %s", chat_id, exc.message)
        return None
    except TelegramBadRequest as exc:
        log.warning("sending a board to chat %s failed: %s", chat_id, exc.message)
        return None
    return message.message_id


async def edit_board(bot: Bot, chat_id: int, message_id: int, board: Board,
                     sleep: Sleep = asyncio.sleep) -> int | None:
    """Show `board` in the message; returns the id of the message now showing it.

    That is `message_id`, or a new message's id when the old one could not be edited, or
    None when the chat cannot be reached.
    """
    media = InputMediaPhoto(media=BufferedInputFile(board.photo, "board.png"),
                            caption=board.caption)
    try:
        await with_retry(lambda: bot.edit_message_media(
            media=media, chat_id=chat_id, message_id=message_id, reply_markup=board.keyboard),
            sleep)
    except TelegramBadRequest as exc:
        if _not_modified(exc):
            return message_id
        if _gone(exc):
            return await send_board(bot, chat_id, board, sleep)
        log.warning("editing board %s/%s failed: %s", chat_id, message_id, exc.message)
        return await send_board(bot, chat_id, board, sleep)
    except (TelegramForbiddenError, TelegramNotFound) as exc:
        log.info("cannot edit in chat %s: %s", chat_id, exc.message)
        return None
    return message_id


async def edit_keyboard(bot: Bot, chat_id: int, message_id: int,
                        keyboard: InlineKeyboardMarkup | None,
                        sleep: Sleep = asyncio.sleep) -> None:
    """Change only the buttons (choosing a checker changes no picture)."""
    await _quiet_edit(lambda: bot.edit_message_reply_markup(
        chat_id=chat_id, message_id=message_id, reply_markup=keyboard), sleep)


async def _quiet_edit(call: Callable[[], Awaitable[object]], sleep: Sleep) -> None:
    """An edit whose failure changes nothing for the game: logged, never raised."""
    try:
        await with_retry(call, sleep)
    except TelegramBadRequest as exc:
        if not _not_modified(exc):
            log.warning("an edit failed: %s", exc.message)
    except (TelegramForbiddenError, TelegramNotFound):
        pass


async def send_text(bot: Bot, chat_id: int, text: str,
                    keyboard: InlineKeyboardMarkup | None = None,
                    sleep: Sleep = asyncio.sleep) -> int | None:
    try:
        message = await with_retry(
            lambda: bot.send_message(chat_id, text, reply_markup=keyboard), sleep)
    except (TelegramForbiddenError, TelegramNotFound, TelegramBadRequest) as exc:
        log.info("cannot send text to chat %s: %s", chat_id, exc.message)
        return None
    return message.message_id


async def edit_card(bot: Bot, inline_message_id: str, text: str,
                    keyboard: InlineKeyboardMarkup | None,
                    sleep: Sleep = asyncio.sleep) -> None:
    """Edit an inline challenge card (a message the bot did not send into a chat itself)."""
    await _quiet_edit(lambda: bot.edit_message_text(
        text=text, inline_message_id=inline_message_id, reply_markup=keyboard), sleep)


async def edit_text(bot: Bot, chat_id: int, message_id: int, text: str,
                    keyboard: InlineKeyboardMarkup | None = None,
                    sleep: Sleep = asyncio.sleep) -> int | None:
    """Edit a text message; its id, or None when it cannot be edited (gone, blocked)."""
    try:
        await with_retry(lambda: bot.edit_message_text(
            text=text, chat_id=chat_id, message_id=message_id, reply_markup=keyboard), sleep)
    except TelegramBadRequest as exc:
        if _not_modified(exc):
            return message_id
        log.info("cannot edit message %s/%s: %s", chat_id, message_id, exc.message)
        return None
    except (TelegramForbiddenError, TelegramNotFound) as exc:
        log.info("cannot edit in chat %s: %s", chat_id, exc.message)
        return None
    return message_id
