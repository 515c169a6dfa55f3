"""Telling people how a game ended: result messages (exactly once) and the inline card.

A game's result is written to the outbox in the transaction that finishes the game
(`core.games.result_notice` is what the message says), so neither a killed process nor a Telegram
fault can lose it. `deliver` sends what is waiting: right after the game ends, and from the
timer loop (at start-up and after a failure, with a growing pause between attempts). Each
recipient served is recorded (committed) the moment Telegram's answer is in, before the
next one is tried, so a fault half-way sends nobody a second copy; the notice is deleted
when everyone has it. A sender holds the notice for `CLAIM` from each try of a send (a try
times out after `BOARD_TIMEOUT`, and the claim is renewed before every retry), so no other
sender or process sends it while a send may still be on its way, unless that process is gone
(`storage.presence`): then the timer loop takes it over at once.

Telegram has no way to ask whether a message was sent, and no idempotency key: the
duplicates left possible are a `sendMessage` Telegram carried out whose answer never reached
us (a process killed between Telegram's answer and the commit after it: the answer's way
back and one commit, a few milliseconds; a connection dropped or a try timed out after
Telegram acted, then tried again). They are sent twice rather than never.
"""

from __future__ import annotations

import html
import json
import logging
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any

from aiogram import Bot
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup
from aiogram.utils.deep_linking import create_start_link

from bot.plumbing.pacing import Coalescer
from bot.plumbing.retry import FAULTS, watching
from bot.plumbing.telegram_io import BOARD_TIMEOUT, edit_card, send_text
from bot.services.analysis import analysis_button
from core.events import Change, What
from i18n import Translator
from i18n.figures import rating_delta_text
from i18n.people import People
from storage import boards, chats, games, outbox
from storage.db import Database
from storage.errors import DatabaseBlip
from storage.models import Game as Row
from storage.models import Notice
from storage.results import PAIR_DAILY_LIMIT, PAIR_DAILY_LIMIT_REASON

log = logging.getLogger(__name__)
# What features add to a result message: its buttons (Replay, File, Dice) and lines (a
# tournament's), each from the result's payload in the reader's language; lines also get
# the reader's seat (None: a group's message) and the players' names by seat.
ResultButtons = Callable[[Row, dict[str, Any], Translator], list[InlineKeyboardButton]]
ResultLines = Callable[[Translator, dict[str, Any], int | None, tuple[str, str]], list[str]]
# How long a sender holds a notice from each try of a send (renewed before every retry and
# after each recipient): longer than a try may take, short enough that a notice a killed
# process held is sent soon after the restart.
CLAIM = timedelta(seconds=BOARD_TIMEOUT + 2)
# The message effect on the result that tells a player they won the match, in their private
# chat (Telegram allows effects there only): 🎉, one of the effects Telegram documents.
WIN_EFFECT = "5046509860389126442"
RETRY_AFTER = (5, 15, 60, 300)  # seconds before the 1st, 2nd, … retry; then the last


def _rating_skipped(t: Translator, result: dict[str, Any]) -> list[str]:
    """Why a rated game moved no rating (the daily limit per pair), as a line to add."""
    if result.get("rating_skipped") == PAIR_DAILY_LIMIT_REASON:
        return [t("rating-pair-limit", limit=PAIR_DAILY_LIMIT)]
    return []


def with_details(text: str, blocks: list[list[str]]) -> str:
    """The result message in Telegram's HTML: the result itself, then each block of details
    (a tournament's lines) in a quote that is folded until tapped, so on a phone the result
    and its buttons stay in view. The dice's proof is not here: the 🎲 Dice button sends
    it."""
    parts = [html.escape(text, quote=False)]
    for lines in blocks:
        body = "\n".join(lines).strip("\n")
        if body:
            parts.append(f"<blockquote expandable>{html.escape(body, quote=False)}</blockquote>")
    return "\n".join(parts)


class _Held:
    """Renews the claim on a notice before each retry of its send (`watching`)."""

    def __init__(self, messages: ResultMessages, notice_id: int) -> None:
        self.messages, self.notice_id = messages, notice_id

    async def before(self, attempt: int) -> None:
        await outbox.hold(self.messages.db, self.notice_id, self.messages.clock() + CLAIM)

    def after(self, error: BaseException | None) -> None:
        pass


class ResultMessages:
    def __init__(self, bot: Bot, db: Database, people: People, coalescer: Coalescer, *,
                 clock: Callable[[], datetime], result_buttons: Sequence[ResultButtons] = (),
                 result_lines: Sequence[ResultLines] = ()) -> None:
        self.bot, self.db, self.people, self.coalescer = bot, db, people, coalescer
        self.clock = clock
        self._sending: set[int] = set()  # notices this process is sending now
        # What features add to a result message: buttons under it, lines in it.
        self.result_buttons, self.result_lines = tuple(result_buttons), tuple(result_lines)

    async def on_change(self, change: Change) -> None:
        """A game ended: its result message goes out now (before its final board)."""
        if change.what is What.ENDED:
            await self.deliver(change.game_id)

    async def deliver(self, game_id: int | None = None) -> int:
        """Send the result messages waiting in the outbox (of one game, or all that are
        due); returns how many notices were completed."""
        now, sent = self.clock(), 0
        waiting = await outbox.due_notices(self.db, now, game_id)
        if game_id is None:  # and those a process that is gone was sending
            waiting += await outbox.held_by_gone(self.db, now)
        for notice in waiting:
            if notice.id in self._sending or not await outbox.claim(
                    self.db, notice, now, now + CLAIM):
                continue
            self._sending.add(notice.id)
            try:
                await self._send(notice)
            except DatabaseBlip:  # logged once per outage: the claim runs out, the next pass
                return sent
            except Exception as exc:  # Telegram or the network failed: the timer tries again
                pause = RETRY_AFTER[min(notice.attempts, len(RETRY_AFTER) - 1)]
                if isinstance(exc, FAULTS):  # the retry policy has logged why
                    log.warning("sending the result of game %s failed; again in %s s",
                                notice.game_id, pause)
                else:
                    log.exception("sending the result of game %s failed; again in %s s",
                                  notice.game_id, pause)
                await outbox.retry_at(self.db, notice.id, now + timedelta(seconds=pause))
            else:
                await outbox.remove(self.db, notice.id)
                sent += 1
            finally:
                self._sending.discard(notice.id)
        return sent

    async def _send(self, notice: Notice) -> None:
        result = json.loads(notice.payload)
        done = list(notice.done)
        row = await games.load_game(self.db, notice.game_id)
        if result["match_over"] and "card" not in done and await self.card(row, result):
            done.append("card")
            await outbox.mark_done(self.db, notice.id, done, self.clock() + CLAIM)
        shared = [m.chat_id for m in await boards.board_messages(self.db, row.id)
                  if m.player_id is None]
        failed = None
        # A group game's result goes to the group; a private game's to each player.
        for chat in shared or [p for p in row.players if p is not None]:
            if chat in done:
                continue
            t = await (self.people.chat_translator(chat, row) if shared
                       else self.people.translator(chat))
            seat = None if shared else row.seat_of(chat)
            names = await self.people.names(row, t)
            text = (_group_text(row, result, t, names) if seat is None
                    else _player_text(row, seat, result, t))
            text = with_details(text, [add(t, result, seat, names)
                                       for add in self.result_lines])
            keyboard = self._after_game(row, result, t)
            won = seat is not None and result["match_over"] and result["winner"] == seat
            try:
                # A chat that refuses it is done too; Telegram failing is tried again.
                with watching(_Held(self, notice.id)):
                    await send_text(self.bot, chat, text, keyboard, strict=True, html=True,
                                    effect=WIN_EFFECT if won else None,
                                    timeout=BOARD_TIMEOUT)
            except DatabaseBlip:
                raise
            except Exception as exc:  # the others still get theirs now
                failed = exc
                continue
            if shared:
                self.coalescer.note(chat)
            done.append(chat)
            await outbox.mark_done(self.db, notice.id, done, self.clock() + CLAIM)
        if failed is not None:
            raise failed

    def _after_game(self, row: Row, result: dict[str, Any],
                    t: Translator) -> InlineKeyboardMarkup:
        """The buttons under a result message (each checks who presses it): Analysis,
        then what other features add (Replay, File)."""
        more = [b for make in self.result_buttons for b in make(row, result, t)]
        return InlineKeyboardMarkup(inline_keyboard=[
            [analysis_button(t, row.id, result["number"])], *([more] if more else [])])

    async def card(self, row: Row, result: dict[str, Any] | None = None) -> bool:
        """Keep an inline challenge card in step with its game: playing, then the result.
        False when the game has no card."""
        card = await chats.game_card(self.db, row.id)
        if card is None:
            return False
        inline_message_id, language = card
        t = Translator(language)
        a, b = await self.people.names(row, t)
        if result is None:
            text = t("card-playing", a=a, b=b, variant=t(f"variant-{row.variant}"))
            markup = InlineKeyboardMarkup(inline_keyboard=[[InlineKeyboardButton(
                text=t("btn-open-board"), url=await create_start_link(self.bot, "play"))]])
        else:
            winner, loser = (a, b) if result["winner"] == 0 else (b, a)
            text = t("card-result", winner=winner, loser=loser, points=result["points"],
                     kind=t(f"kind-{result['kind']}"))
            markup = None
        await edit_card(self.bot, inline_message_id, text, markup)
        return True


def _group_text(row: Row, result: dict[str, Any], t: Translator, names: tuple[str, str]) -> str:
    """A group game's result, in the group's language."""
    winner = result["winner"]
    lines = [t("group-result", winner=names[winner], loser=names[1 - winner],
               points=result["points"], kind=t(f"kind-{result['kind']}"),
               reason=t(f"reason-{result['reason']}"))]
    if row.match_length > 1:  # the group follows the match as the players do
        score = result["score"]
        lines.append(t("group-match-score", length=row.match_length, a=names[0],
                       me=score[0], them=score[1], b=names[1]))
        lines.append(t("match-over", winner=names[winner], won=score[winner],
                       lost=score[1 - winner]) if result["match_over"]
                     else t("match-next", number=result["number"] + 1))
    changes = {player: (before, after) for player, before, after in result["changes"]}
    for seat, player in enumerate(row.players):
        if player in changes:
            before, after = changes[player]
            lines.append(t("group-rating-corr" if row.timing.correspondence
                           else "group-rating", name=names[seat],
                           delta=rating_delta_text(t, after - before), rating=str(after)))
    lines += _rating_skipped(t, result)
    return "\n".join(lines)


def _player_text(row: Row, seat: int, result: dict[str, Any], t: Translator) -> str:
    """The result as the player in `seat` reads it, in their language."""
    won = result["winner"] == seat
    lines = [t("result-win" if won else "result-loss", points=result["points"],
               kind=t(f"kind-{result['kind']}"), reason=t(f"reason-{result['reason']}"))]
    if row.match_length > 1:
        score = result["score"]
        lines.append(t("match-score", length=row.match_length, me=score[seat],
                       them=score[1 - seat]))
        lines.append(t("match-won" if won else "match-lost") if result["match_over"]
                     else t("match-next", number=result["number"] + 1))
    for changed, before, after in result["changes"]:
        if changed == row.players[seat]:
            lines.append(t("rating-change-corr" if row.timing.correspondence
                           else "rating-change", delta=rating_delta_text(t, after - before),
                           rating=str(after)))  # no thousands separator
    lines += _rating_skipped(t, result)
    return "\n".join(lines)
