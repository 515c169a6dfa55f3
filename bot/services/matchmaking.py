"""Find an opponent in Telegram: the messages of a search (the search itself is the core's,
`core.matchmaking`).

While a player waits, one message shows how long and how many are searching (edited at
most every `core.matchmaking.REFRESH`); when the search ends it becomes the outcome: the
opponent found, "cancelled", or, after `MAX_WAIT`, an offer to play the computer or search
again. A paired game runs like a friend's game: each player in their private chat with the
bot, in their own language, rated.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from aiogram import Bot
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.plumbing.telegram_io import edit_text, send_text
from bot.views.callbacks import MatchCb, NewGameCb, variant_name
from bot.views.timecontrols import time_line
from core.matchmaking import MAX_WAIT
from core.timecontrol import TimeControl
from i18n import Translator
from i18n.people import People
from storage import matchmaking
from storage.db import Database
from storage.matchmaking import LENGTH_BITS, MatchRequest, Pairing


class SearchMessages:
    """The door's `core.matchmaking.SearchNews`: one message per search."""

    def __init__(self, bot: Bot, db: Database, people: People, *,
                 clock: Callable[[], datetime], control: Callable[[MatchRequest], TimeControl]
                 ) -> None:
        self.bot, self.db, self.people, self.clock = bot, db, people, clock
        self.control = control  # the time control of a search's game (the core's)

    async def waiting(self, request: MatchRequest, *, new_message: bool = False) -> None:
        """Send or refresh the "searching…" message of a waiting request."""
        t = await self.people.translator(request.player_id)
        now = self.clock()
        counts = await matchmaking.searching(self.db, request.control or "")
        text = waiting_text(t, request, now, counts[request.variant]) + "\n" + time_line(
            t, self.control(request))
        keyboard = InlineKeyboardMarkup(inline_keyboard=[[InlineKeyboardButton(
            text=t("btn-mm-cancel"), callback_data=MatchCb(a="cancel").pack())]])
        if not new_message and request.message_id is not None and request.chat_id is not None:
            shown = await edit_text(self.bot, request.chat_id, request.message_id, text,
                                    keyboard)
            if shown is not None:
                await matchmaking.set_message(self.db, request.id, request.player_id,
                                              shown, now)
            return
        message_id = await send_text(self.bot, request.player_id, text, keyboard)
        if message_id is not None:
            await matchmaking.set_message(self.db, request.id, request.player_id,
                                          message_id, now)

    async def invite(self, request: MatchRequest, player_id: int) -> None:
        """Someone is searching: the subscriber's Play button searches a compatible game."""
        t = await self.people.translator(player_id)
        play = MatchCb(a="go", variant=variant_name(request.variant), lengths=request.lengths,
                       cube=request.cube, tc=request.control or "").pack()
        keyboard = InlineKeyboardMarkup(inline_keyboard=[[InlineKeyboardButton(
            text=t("btn-mm-play"), callback_data=play)]])
        await send_text(self.bot, player_id, t(
            "mm-notice", variant=t(f"variant-{request.variant}"),
            rating=str(request.rating)) + "\n" + time_line(t, self.control(request)), keyboard)

    async def found(self, pairing: Pairing) -> None:
        row = pairing.game
        for seat, request in enumerate(pairing.requests):
            other = pairing.requests[1 - seat]
            t = await self.people.translator(request.player_id)
            text = t("mm-found", name=await self.people.name(other.player_id),
                     rating=str(other.rating), variant=t(f"variant-{row.variant}"),
                     length=pairing.length,
                     cube=t("mm-with-cube") if pairing.cube else t("mm-without-cube"))
            text += "\n" + time_line(t, self.control(request))
            await self._replace_message(request, text, None)

    async def cancelled(self, request: MatchRequest) -> None:
        t = await self.people.translator(request.player_id)
        await self._replace_message(request, t("mm-cancelled"), None)

    async def expired(self, request: MatchRequest) -> None:
        t = await self.people.translator(request.player_id)
        variant = variant_name(request.variant)
        control = self.control(request)
        again = MatchCb(a="go", variant=variant, lengths=request.lengths, cube=request.cube,
                        tc=control.token)
        # The computer under the same control, when it is one played in a sitting.
        computer = NewGameCb(variant=variant, opponent="ai",
                             tc="" if control.correspondence else control.token)
        keyboard = InlineKeyboardMarkup(inline_keyboard=[
            [InlineKeyboardButton(text=t("btn-mm-computer"), callback_data=computer.pack())],
            [InlineKeyboardButton(text=t("btn-mm-again"), callback_data=again.pack())],
        ])
        minutes = int(MAX_WAIT.total_seconds() // 60)
        await self._replace_message(request, t("mm-expired", minutes=minutes), keyboard)

    async def _replace_message(self, request: MatchRequest, text: str,
                               keyboard: InlineKeyboardMarkup | None) -> None:
        """Turn the waiting message into `text` (or send `text` when there is none)."""
        shown = request.message_id is not None and request.chat_id is not None and (
            await edit_text(self.bot, request.chat_id, request.message_id,
                            text, keyboard) is not None)
        if not shown:
            await send_text(self.bot, request.player_id, text, keyboard)


def waiting_text(t: Translator, request: MatchRequest, now: datetime, searching: int) -> str:
    waited = max(0, int(request.waited(now)))
    lengths = [str(n) for n, bit in LENGTH_BITS.items() if request.lengths & bit]
    return t("mm-waiting", variant=t(f"variant-{request.variant}"),
             lengths=t("mm-any") if len(lengths) == len(LENGTH_BITS) else ", ".join(lengths),
             minutes=waited // 60, seconds=f"{waited % 60:02d}", searching=searching)
