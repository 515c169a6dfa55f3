"""Sending and editing messages the way Telegram wants it.

Waiting out 429s and retrying 5xx answers and network errors is the session's retry policy
(`bot/plumbing/retry.py`), for every call. What is left is what each answer means here:

* "message is not modified": nothing to do.
* The message to edit is gone (or too old to edit): send a new one and report its id, so
  the caller stores it.
* The chat cannot be reached (403 blocked or kicked, chat not found, a deactivated user):
  give up quietly; a game goes on to its timer. A board's send remembers such a chat
  (`Unreachable`): its boards are not tried again until the chat writes to the bot or
  `UNREACHABLE_FOR` has passed, so a player who only uses the web board costs one line.
* Telegram still failing after the policy's tries (`FAULTS`): a board's send or edit raises
  it, so the board message keeps the version it showed and is redrawn later (the repair
  after `retry_after`, `bot/services/repair.py`, and the timer loop's catch-up); a text
  counts as not done (`strict=True` raises it, for the outbox that must know); nothing else
  is raised into a game's logic.
"""

from __future__ import annotations

import contextlib
import logging
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta

from aiogram import Bot
from aiogram.enums import ChatType
from aiogram.exceptions import (
    TelegramAPIError,
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramNotFound,
)
from aiogram.types import (
    BufferedInputFile,
    CallbackQuery,
    InlineKeyboardMarkup,
    InputMediaPhoto,
    Message,
    TelegramObject,
)
from aiogram.utils.chat_action import ChatActionSender

from bot.plumbing.retry import FAULTS

GROUPS = frozenset({ChatType.GROUP, ChatType.SUPERGROUP})  # chats many people read

log = logging.getLogger(__name__)
UNREACHABLE = (TelegramForbiddenError, TelegramNotFound)
# Seconds one try of a board's send or edit may take before it counts as failed (and may be
# tried again): it bounds how long such a request can be on its way, which the claim on the
# board message covers (bot/services/boards.py).
BOARD_TIMEOUT = 10
# What a 400 says of a chat the bot cannot write to (403 and 404 say it by their code).
CANNOT_WRITE = ("chat not found", "user not found", "peer_id_invalid", "user is deactivated",
                "bot was blocked", "bot was kicked", "bot can't initiate conversation")
UNREACHABLE_FOR = timedelta(minutes=10)  # a chat refusing boards is tried again after this
UNREACHABLE_CHATS = 10_000  # chats remembered at most (the oldest forgotten first)


def cannot_write(exc: TelegramAPIError) -> bool:
    """Telegram says the chat cannot be written to (blocked, kicked, never opened, gone)."""
    return isinstance(exc, UNREACHABLE) or (
        isinstance(exc, TelegramBadRequest)
        and any(words in exc.message.lower() for words in CANNOT_WRITE))


class Unreachable:
    """Chats that refused a board lately, in a bounded memory of this process: skipped
    until the chat writes to the bot (`forget`) or `UNREACHABLE_FOR` has passed."""

    def __init__(self, clock: Callable[[], datetime], *, size: int = UNREACHABLE_CHATS,
                 lasts: timedelta = UNREACHABLE_FOR) -> None:
        self.clock, self.size, self.lasts = clock, size, lasts
        self._until: OrderedDict[int, datetime] = OrderedDict()

    def __contains__(self, chat_id: int) -> bool:
        until = self._until.get(chat_id)
        if until is not None and until <= self.clock():
            del self._until[chat_id]
            return False
        return until is not None

    def add(self, chat_id: int, exc: TelegramAPIError) -> None:
        if chat_id not in self:
            log.info("cannot write to chat %s (%s): its boards wait until it writes to the bot",
                     chat_id, exc.message)
        self._until[chat_id] = self.clock() + self.lasts
        self._until.move_to_end(chat_id)
        while len(self._until) > self.size:
            self._until.popitem(last=False)

    def forget(self, chat_id: int) -> None:
        """The chat wrote to the bot: it can be written to again."""
        self._until.pop(chat_id, None)

    def __len__(self) -> int:
        return len(self._until)


@dataclass(frozen=True)
class Board:
    """One board message's content."""

    photo: bytes
    caption: str
    keyboard: InlineKeyboardMarkup | None


def not_modified(exc: TelegramBadRequest) -> bool:
    return "message is not modified" in exc.message


def gone(exc: TelegramBadRequest) -> bool:
    """The message cannot be edited (deleted, too old, not the bot's): send a new one."""
    text = exc.message.lower()
    return ("message to edit not found" in text or "message can't be edited" in text
            or "message_id_invalid" in text or "message to delete not found" in text)


async def send_board(bot: Bot, chat_id: int, board: Board,
                     unreachable: Unreachable | None = None) -> int | None:
    """Send a new board message; its id, or None when it could not be sent (a chat that
    cannot be written to is remembered in `unreachable`)."""
    try:
        message: Message = await bot.send_photo(
            chat_id, BufferedInputFile(board.photo, "board.png"), caption=board.caption,
            reply_markup=board.keyboard, request_timeout=BOARD_TIMEOUT)
    except FAULTS:
        raise  # not sent: the board stays behind and is drawn later
    except TelegramAPIError as exc:
        if not _unreachable(chat_id, exc, unreachable):
            log.warning("sending a board to chat %s failed: %s", chat_id, exc.message)
        return None
    return message.message_id


def _unreachable(chat_id: int, exc: TelegramAPIError, unreachable: Unreachable | None
                 ) -> bool:
    """Whether the chat cannot be written to: then remembered in `unreachable` (logged
    once), or logged at INFO without it."""
    if not cannot_write(exc):
        return False
    if unreachable is not None:
        unreachable.add(chat_id, exc)
    else:
        log.info("cannot write to chat %s: %s", chat_id, exc.message)
    return True


async def edit_board(bot: Bot, chat_id: int, message_id: int, board: Board,
                     unreachable: Unreachable | None = None) -> int | None:
    """Show `board` in the message; returns the id of the message now showing it.

    That is `message_id`, or a new message's id when the old one could not be edited, or
    None when the chat cannot be reached (remembered in `unreachable`) or Telegram kept
    failing.
    """
    media = InputMediaPhoto(media=BufferedInputFile(board.photo, "board.png"),
                            caption=board.caption)
    try:
        await bot.edit_message_media(media=media, chat_id=chat_id, message_id=message_id,
                                     reply_markup=board.keyboard, request_timeout=BOARD_TIMEOUT)
    except TelegramBadRequest as exc:
        if not_modified(exc):
            return message_id
        if _unreachable(chat_id, exc, unreachable):
            return None
        if not gone(exc):
            log.warning("editing board %s/%s failed: %s", chat_id, message_id, exc.message)
        return await send_board(bot, chat_id, board, unreachable)
    except FAULTS:
        raise  # not edited: the board stays behind and is drawn later
    except TelegramAPIError as exc:
        if not _unreachable(chat_id, exc, unreachable):
            log.warning("editing board %s/%s failed: %s", chat_id, message_id, exc.message)
        return None
    return message_id


async def edit_keyboard(bot: Bot, chat_id: int, message_id: int,
                        keyboard: InlineKeyboardMarkup | None) -> None:
    """Change only the buttons (choosing a checker changes no picture)."""
    with quietly():
        await bot.edit_message_reply_markup(chat_id=chat_id, message_id=message_id,
                                            reply_markup=keyboard,
                                            request_timeout=BOARD_TIMEOUT)


async def edit_caption(bot: Bot, chat_id: int, message_id: int, caption: str,
                       keyboard: InlineKeyboardMarkup | None) -> None:
    """Change the words and buttons under a board, not its picture (a question about it)."""
    with quietly():
        await bot.edit_message_caption(chat_id=chat_id, message_id=message_id,
                                       caption=caption, reply_markup=keyboard,
                                       request_timeout=BOARD_TIMEOUT)


async def send_text(bot: Bot, chat_id: int, text: str,
                    keyboard: InlineKeyboardMarkup | None = None, *,
                    strict: bool = False, html: bool = False,
                    effect: str | None = None, timeout: int | None = None) -> int | None:
    """Send a text (`html`: in Telegram's HTML, every outside part escaped by the caller;
    `effect`: a message effect's id, private chats only); its id, or None when the chat
    cannot be reached. Telegram failing after the policy's tries: None too, or, with
    `strict`, the error (the caller tries again later). `timeout`: the seconds one try may
    take (default: the session's)."""
    try:
        message = await bot.send_message(chat_id, text, reply_markup=keyboard,
                                         parse_mode="HTML" if html else None,
                                         message_effect_id=effect, request_timeout=timeout)
    except FAULTS:
        if strict:
            raise
        return None
    except TelegramAPIError as exc:
        log.info("cannot send text to chat %s: %s", chat_id, exc.message)
        return None
    return message.message_id


async def edit_card(bot: Bot, inline_message_id: str, text: str,
                    keyboard: InlineKeyboardMarkup | None) -> None:
    """Edit an inline challenge card (a message the bot did not send into a chat itself)."""
    with quietly():
        await bot.edit_message_text(text=text, inline_message_id=inline_message_id,
                                    reply_markup=keyboard)


async def edit_text(bot: Bot, chat_id: int, message_id: int, text: str,
                    keyboard: InlineKeyboardMarkup | None = None) -> int | None:
    """Edit a text message; its id, or None when it cannot be edited (gone, blocked,
    Telegram failing)."""
    try:
        await bot.edit_message_text(text=text, chat_id=chat_id, message_id=message_id,
                                    reply_markup=keyboard)
    except TelegramBadRequest as exc:
        if not_modified(exc):
            return message_id
        log.info("cannot edit message %s/%s: %s", chat_id, message_id, exc.message)
        return None
    except UNREACHABLE as exc:
        log.info("cannot edit in chat %s: %s", chat_id, exc.message)
        return None
    except FAULTS:
        return None
    except TelegramAPIError as exc:
        log.info("cannot edit message %s/%s: %s", chat_id, message_id, exc.message)
        return None
    return message_id


@contextlib.contextmanager
def quietly() -> Iterator[None]:
    """For a call whose failure changes nothing that matters: logged, never raised."""
    try:
        yield
    except TelegramBadRequest as exc:
        if not not_modified(exc) and not gone(exc):
            log.info("a Bot API call failed: %s", exc.message)
    except FAULTS:
        pass
    except TelegramAPIError as exc:
        log.info("a Bot API call failed: %s", exc.message)


# -- answering button presses -------------------------------------------------------------


async def answer(query: CallbackQuery, text: str | None = None, alert: bool = False) -> None:
    """Answer a press; an answer that comes too late (or a failing Telegram) loses nothing."""
    with quietly():
        await query.answer(text, show_alert=alert)


def message_of(query: CallbackQuery) -> Message | None:
    """The message the pressed button is on, when the bot can still edit it.

    None for a button on an inline message (`inline_message_id` only), and for a message
    Telegram no longer shows the bot (`InaccessibleMessage`: too old).
    """
    return query.message if isinstance(query.message, Message) else None


def bot_of(event: TelegramObject) -> Bot:
    """The Bot an update's object came through (the Dispatcher binds every one to it)."""
    if event.bot is None:
        raise RuntimeError(f"{type(event).__name__} is not bound to a Bot")
    return event.bot


def chat_of(query: CallbackQuery) -> int:
    """Where to write about a press: the button's chat, else the presser's private chat."""
    return query.message.chat.id if query.message is not None else query.from_user.id


async def show(query: CallbackQuery, text: str,
               keyboard: InlineKeyboardMarkup | None = None) -> None:
    """Put `text` where the pressed button was: edit that message, or (when it cannot be
    edited any more) send a new one to the same chat."""
    message = message_of(query)
    if message is not None:
        try:
            await message.edit_text(text, reply_markup=keyboard)
            return
        except TelegramBadRequest as exc:
            if not_modified(exc):  # a double tap: the message shows this already
                return
            if not gone(exc) and "no text in the message" not in exc.message:
                log.info("editing message %s failed: %s", message.message_id, exc.message)
        except FAULTS:
            return
        except TelegramAPIError as exc:
            log.info("editing message %s failed: %s", message.message_id, exc.message)
            return
    await send_text(bot_of(query), chat_of(query), text, keyboard)


async def remove(query: CallbackQuery) -> None:
    """Delete the message the pressed button is on, if it is still there."""
    message = message_of(query)
    if message is not None:
        with quietly():  # "message to delete not found": somebody was first
            await message.delete()


# -- chat actions ---------------------------------------------------------------------------


class _QuietChatAction(ChatActionSender):
    """aiogram's chat-action sender, whose worker task must not fail: the action is only a
    hint ("sending a photo…"), and a chat that blocked the bot, or Telegram failing, would
    otherwise leave a "Task exception was never retrieved" traceback."""

    async def _worker(self) -> None:
        try:
            await super()._worker()
        except (TelegramAPIError, *FAULTS) as exc:
            log.info("chat action in %s failed: %s", self.chat_id, type(exc).__name__)


def uploading_photo(bot: Bot, chat_id: int) -> ChatActionSender:
    """`async with uploading_photo(bot, chat):` shows "sending a photo…" meanwhile."""
    return _QuietChatAction(bot=bot, chat_id=chat_id, action="upload_photo")


def uploading_document(bot: Bot, chat_id: int) -> ChatActionSender:
    """`async with uploading_document(bot, chat):` shows "sending a file…" meanwhile."""
    return _QuietChatAction(bot=bot, chat_id=chat_id, action="upload_document")
