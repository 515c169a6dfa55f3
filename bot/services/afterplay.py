"""After the game: the game as an animation (Replay), the match as a `.mat` file (File) and
the proof of the game's fair dice (Dice: its seeds and the command that checks every die).

All three are rebuilt from the stored move log (`rebuild`), never from a message or a cache of
the state, so they show exactly what was played. The replay is drawn off the event loop
(Pillow in a worker thread) and sent with sendAnimation; Telegram's file_id is kept
(`storage.media`) so a second request re-sends it without drawing or uploading again. The
match file and the proof are small texts, written afresh each time.

All are sent in the press's handling, within its 2 s allowance for Telegram
(`bot/plumbing/retry.py`). One Telegram refuses for now (a longer `retry_after`, a failing
Telegram) is not given up: `later` sends it again after the wait Telegram asked for, from a
task of its own outside the press, up to `TRIES` times, then gives up with a warning.
"""

from __future__ import annotations

import asyncio
import contextvars
import html
import logging
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from functools import partial
from typing import Any

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError, TelegramBadRequest, TelegramRetryAfter
from aiogram.types import BufferedInputFile, InlineKeyboardButton, Message

from bot.plumbing.retry import FAULTS, LATER
from bot.views.callbacks import AfterCb
from bot.views.fairness import proof_lines
from core.fairness import reveal
from core.locks import KeyedLocks
from core.replay import finished_games
from engine.fairness import rolls_text
from engine.game import Game
from engine.matfile import GameRecord, MatchRecord, write_mat
from i18n import Translator
from i18n.figures import local_notation
from i18n.people import People
from render.replay import render_replay, replay_scenes
from storage import fairness, media
from storage.db import Database
from storage.models import Game as Row

log = logging.getLogger(__name__)
REPLAY = "replay"
REPLAY_DRAWING = 2  # bumped when the pictures of a replay change
SITE = "nard bot (Telegram)"
TRIES = 5  # sending a replay or a file Telegram keeps refusing (each after its wait)
Sleep = Callable[[float], Awaitable[None]]


def result_buttons(row: Row, result: dict[str, Any], t: Translator
                   ) -> list[InlineKeyboardButton]:
    """The result message's Replay and File buttons (for the game the result is about), and
    Dice when the game had fair dice: the proof is one tap away, not in the message."""
    number = int(result.get("number", 1))
    buttons = [InlineKeyboardButton(text=t("btn-replay"), callback_data=AfterCb(
                   a="replay", game=row.id, n=number).pack()),
               InlineKeyboardButton(text=t("btn-match-file"), callback_data=AfterCb(
                   a="file", game=row.id, n=number).pack())]
    if result.get("fair"):
        buttons.append(InlineKeyboardButton(text=t("btn-dice-proof"), callback_data=AfterCb(
            a="dice", game=row.id, n=number).pack()))
    return buttons


def replay_gif(game: Game, seat: int, names: tuple[str, str],
               notation: Callable[[str], str] | None = None) -> bytes:
    """The whole game as an animated GIF seen from `seat`, its moves written with
    `notation` (CPU-bound: run it in a thread)."""
    return render_replay(replay_scenes(game, seat, names, notation))


def match_text(row: Row, played: Sequence[Game], names: tuple[str, str]) -> str:
    """The match's `.mat` text: the finished games, each with the score before it."""
    records = [GameRecord(tuple(game.history), game.match.score) for game in played]
    return write_mat(MatchRecord(
        variant=row.variant, length=row.match_length, names=names, games=records,
        cube=row.cube, site=SITE, day=row.created_at.date()))


class Afterplay:
    def __init__(self, bot: Bot, db: Database, people: People, *,
                 clock: Callable[[], datetime],
                 render: Callable[..., bytes] = replay_gif,
                 sleep: Sleep = asyncio.sleep) -> None:
        self.bot, self.db, self.people, self.clock = bot, db, people, clock
        self.render, self.sleep = render, sleep  # sleep: waiting before a send's next try
        self.locks = KeyedLocks()  # one drawing of a replay at a time
        self._later: set[asyncio.Task[None]] = set()  # sends waiting for Telegram

    def later(self, error: BaseException, send: Callable[[], Awaitable[object]],
              what: str) -> None:
        """Call `send` again once Telegram allows (`error`: how it refused), in a task of
        its own with Telegram's usual allowance, not the press's."""
        task = asyncio.create_task(self._again(error, send, what),
                                   context=contextvars.Context())
        self._later.add(task)
        task.add_done_callback(self._later.discard)

    async def _again(self, error: BaseException, send: Callable[[], Awaitable[object]],
                     what: str) -> None:
        for _ in range(TRIES):
            wait = float(error.retry_after) if isinstance(error, TelegramRetryAfter) else LATER
            log.info("sending the %s again in %.0f s", what, wait)
            await self.sleep(wait)
            try:
                await send()
                return
            except FAULTS as exc:
                error = exc
            except TelegramAPIError as exc:  # blocked meanwhile, say: nothing more to do
                log.info("sending the %s failed: %s", what, type(exc).__name__)
                return
        log.warning("the %s given up: Telegram kept failing", what)

    async def drain(self) -> None:
        """Wait for the sends waiting for Telegram (tests)."""
        while self._later:
            await asyncio.gather(*self._later, return_exceptions=True)

    async def stop(self) -> None:
        """Drop the sends still waiting (a stop: the player presses again)."""
        for task in self._later:
            task.cancel()
        await asyncio.gather(*self._later, return_exceptions=True)

    async def finished_games(self, row: Row, upto: int) -> list[Game]:
        """Games 1..`upto` of the match that have ended (`core.replay.finished_games`)."""
        return await finished_games(self.db, row, upto)

    async def send_replay(self, chat_id: int, row: Row, number: int, seat: int,
                          t: Translator) -> bool:
        """Send game `number` of the match as an animation seen from `seat`; False when
        that game has not ended."""
        # The view names the drawing too: replays sent before every frame was numbered for
        # the viewer ("2") are drawn again rather than sent by their old file_id.
        view = f"{seat}:{t.language}:{REPLAY_DRAWING}"
        key = (row.id, number, view)
        async with self.locks.hold(key):
            caption = (t("replay-caption-match", game=str(row.id), number=number)
                       if row.match_length > 1 else t("replay-caption", game=str(row.id)))
            known = await media.file_id(self.db, row.id, number, REPLAY, view)
            if known is not None:
                try:
                    await self.bot.send_animation(chat_id, known, caption=caption)
                    return True
                except TelegramBadRequest as exc:  # Telegram no longer has it: draw again
                    log.info("replay file_id of game %s refused: %s", row.id, exc.message)
                    await media.forget(self.db, row.id, number, REPLAY, view)
            played = await self.finished_games(row, number)
            if len(played) < number:
                return False
            names = await self.people.names(row, t)
            gif = await asyncio.to_thread(self.render, played[number - 1], seat, names,
                                          partial(local_notation, t))
            sent = await self.bot.send_animation(
                chat_id, BufferedInputFile(gif, f"nard-{row.id}-{number}.gif"),
                caption=caption)
            file_id = _file_id(sent)
            if file_id is not None:
                await media.remember(self.db, row.id, number, REPLAY, view, file_id,
                                     now=self.clock())
            return True

    async def send_match_file(self, chat_id: int, row: Row, number: int,
                              t: Translator) -> bool:
        """Send the match up to game `number` as a `.mat` file; False when none ended."""
        played = await self.finished_games(row, number)
        if not played:
            return False
        names = await self.people.names(row, t)
        text = await asyncio.to_thread(match_text, row, played, names)
        await self.bot.send_document(
            chat_id, BufferedInputFile(text.encode("utf-8"), f"nard-{row.id}.mat"),
            caption=t("match-file-caption", game=str(row.id), games=len(played)))
        return True

    async def send_dice_proof(self, chat_id: int, row: Row, number: int, t: Translator,
                              next_hash: str | None = None) -> bool:
        """Send the proof of game `number`'s dice: each seat's seed and the command that
        checks every die (the command in a block Telegram copies with a tap), and for a
        player the SHA-256 of their next seed (`next_hash`); False when that game has not
        ended or had no fair dice."""
        record = (await fairness.game_records(self.db, row.id)).get(number)
        played = await self.finished_games(row, number) if record is not None else []
        if record is None or len(played) < number:
            return False
        names = await self.people.names(row, t)
        *lines, command = proof_lines(t, reveal(record, rolls_text(played[number - 1].history)),
                                      names)
        title = (t("fair-proof-title-match", game=str(row.id), number=number)
                 if row.match_length > 1 else t("fair-proof-title", game=str(row.id)))
        text = "\n".join(html.escape(line, quote=False) for line in [title, *lines])
        text += f"\n<pre>{html.escape(command, quote=False)}</pre>"
        if next_hash:
            text += "\n" + html.escape(t("fair-next", hash=next_hash), quote=False)
        await self.bot.send_message(chat_id, text, parse_mode="HTML")
        return True


def _file_id(message: Message) -> str | None:
    if message.animation is not None:
        return message.animation.file_id
    if message.document is not None:
        return message.document.file_id
    return None
