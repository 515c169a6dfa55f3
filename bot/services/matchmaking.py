"""Find an opponent: rated games between people who do not know each other.

A search is a stored request (`storage.matchmaking`): it survives restarts, and pairing is
one transaction. While a player waits, one message shows how long and how many are
searching (edited at most every `REFRESH`); after `MAX_WAIT` the search ends with an offer
to play the computer or search again. A paired game runs like a friend's game: each
player in their private chat with the bot, in their own language, rated.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from aiogram import Bot
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.plumbing.telegram_io import edit_text, send_text
from bot.services.games import Busy, GameService
from bot.services.people import People
from bot.views.callbacks import MatchCb, NewGameCb
from core.live import Live
from core.settings import Toggle, register
from i18n import Translator
from storage import matchmaking, stats
from storage.fairness import Pending
from storage.matchmaking import LENGTH_BITS, WINDOWS, MatchRequest, NewGame, Pairing
from storage.models import Game as Row

log = logging.getLogger(__name__)
Clock = Callable[[], datetime]
MAX_WAIT = timedelta(minutes=10)
REFRESH = timedelta(seconds=10)
NOTICE_QUIET = timedelta(hours=1)  # a subscriber is told at most once an hour
NOTICES_PER_SEARCH = 20  # a search tells at most this many subscribers

# Opt-in (/settings): tell me when someone starts searching for an opponent in a variant.
NOTIFY = {variant: register(Toggle(f"mm_{variant}", default=False))
          for variant in ("short", "long")}


class AlreadySearching(Exception):
    """The player is searching already (their waiting message is shown again)."""


class MatchmakingService:
    def __init__(self, bot: Bot, service: GameService, people: People) -> None:
        self.bot, self.service, self.people = bot, service, people
        self.db, self.settings, self.clock = service.db, service.settings, service.clock
        service.on_begin.append(self._started_game)
        self._last_tick: datetime | None = None

    # -- asking and cancelling -----------------------------------------------------

    async def search(self, player_id: int, variant: str, lengths: int, cube: int) -> None:
        """Start a search for `player_id`, show it in their chat and pair at once if a
        partner is waiting. `Busy` when the player is in a game."""
        if await self.service.active_game(player_id):
            raise Busy
        rating = (await stats.player_stats(self.db, player_id, variant)).rating
        now = self.clock()
        try:
            request = await matchmaking.create_request(
                self.db, player_id=player_id, variant=variant, lengths=lengths, cube=cube,
                rating=rating, now=now)
        except matchmaking.AlreadySearching:
            waiting = await matchmaking.waiting_request(self.db, player_id)
            if waiting is not None:
                await self._show(waiting, new_message=True)
            raise AlreadySearching from None
        await self._show(request, new_message=True)
        if not await self._try_pair(request):
            await self._notify(request)

    async def cancel(self, player_id: int) -> bool:
        """End the player's search; False when there was none."""
        request = await matchmaking.cancel_request(self.db, player_id, self.clock())
        if request is None:
            return False
        t = await self.people.translator(player_id)
        await self._replace_message(request, t("mm-cancelled"), None)
        return True

    async def _notify(self, request: MatchRequest) -> None:
        """Tell the players who asked for it that someone is searching (each at most once an
        hour, never while they play); their Play button searches for a compatible game."""
        now = self.clock()
        toggle = NOTIFY[request.variant]
        play = MatchCb(a="go", variant=request.variant, lengths=request.lengths,
                       cube=request.cube).pack()
        for player in await matchmaking.subscribers(
                self.db, toggle.name, searcher=request.player_id, now=now, quiet=NOTICE_QUIET,
                limit=NOTICES_PER_SEARCH):
            if not await matchmaking.claim_notice(self.db, player, now, NOTICE_QUIET):
                continue
            t = await self.people.translator(player)
            keyboard = InlineKeyboardMarkup(inline_keyboard=[[InlineKeyboardButton(
                text=t("btn-mm-play"), callback_data=play)]])
            await send_text(self.bot, player, t(
                "mm-notice", variant=t(f"variant-{request.variant}"),
                rating=str(request.rating)), keyboard)

    # -- the timer ----------------------------------------------------------------------

    async def tick(self) -> None:
        """End searches that waited too long, pair those whose window has widened, and
        refresh the waiting messages (called by the timer loop every second)."""
        now = self.clock()
        for request in await matchmaking.expire_requests(self.db, now, MAX_WAIT):
            try:
                await self._expired(request)
            except Exception:
                log.exception("telling player %s their search ended failed",
                              request.player_id)
        last, self._last_tick = self._last_tick, now
        for request in await matchmaking.waiting_requests(self.db):
            try:
                refresh = request.shown_at is None or now - request.shown_at >= REFRESH
                # A waiting request is paired again when its window has just widened, and
                # with each refresh (a partner may have finished the game it was in).
                if (refresh or _widened(request, last, now)) and await self._try_pair(request):
                    continue
                if refresh:
                    await self._show(request)
            except Exception:  # one search's trouble must not hold up the others
                log.exception("matchmaking failed on request %s", request.id)

    # -- pairing ------------------------------------------------------------------------

    async def _try_pair(self, request: MatchRequest) -> bool:
        made: dict[str, Live] = {}

        def make_game(variant: str, length: int, cube: bool,
                      pending: tuple[Pending | None, ...]) -> NewGame:
            dealt = self.service.deal_from(pending)
            live = self.service.new_live(variant, length, cube, computer_seat=None,
                                         dealt=dealt)
            made["live"] = live
            opening = self.service.opening(live)
            return NewGame(opening.state_json, opening.deadline, tuple(opening.log),
                           dealt.takes if dealt else ())

        pairing = await matchmaking.pair(self.db, request.id, self.clock(), make_game)
        if pairing is None:
            return False
        await self._matched(pairing, made["live"])
        return True

    async def _matched(self, pairing: Pairing, live: Live) -> None:
        row = pairing.game
        for seat, request in enumerate(pairing.requests):
            other = pairing.requests[1 - seat]
            t = await self.people.translator(request.player_id)
            text = t("mm-found", name=await self.people.name(other.player_id),
                     rating=str(other.rating), variant=t(f"variant-{row.variant}"),
                     length=pairing.length,
                     cube=t("mm-with-cube") if pairing.cube else t("mm-without-cube"))
            await self._replace_message(request, text, None)
        await self.service.begin(row, live)

    async def _started_game(self, row: Row) -> None:
        """A player who starts any other game stops searching."""
        for player in row.players:
            if player is not None and await matchmaking.waiting_request(self.db, player):
                await self.cancel(player)

    async def _expired(self, request: MatchRequest) -> None:
        t = await self.people.translator(request.player_id)
        again = MatchCb(a="go", variant=request.variant, lengths=request.lengths,
                        cube=request.cube)
        computer = NewGameCb(variant=request.variant, opponent="ai")
        keyboard = InlineKeyboardMarkup(inline_keyboard=[
            [InlineKeyboardButton(text=t("btn-mm-computer"), callback_data=computer.pack())],
            [InlineKeyboardButton(text=t("btn-mm-again"), callback_data=again.pack())],
        ])
        minutes = int(MAX_WAIT.total_seconds() // 60)
        await self._replace_message(request, t("mm-expired", minutes=minutes), keyboard)

    # -- the waiting message ------------------------------------------------------------

    async def _show(self, request: MatchRequest, *, new_message: bool = False) -> None:
        """Send or refresh the "searching…" message of a waiting request."""
        t = await self.people.translator(request.player_id)
        now = self.clock()
        counts = await matchmaking.searching(self.db)
        text = waiting_text(t, request, now, counts[request.variant])
        keyboard = InlineKeyboardMarkup(inline_keyboard=[[InlineKeyboardButton(
            text=t("btn-mm-cancel"), callback_data=MatchCb(a="cancel").pack())]])
        if not new_message and request.message_id is not None:
            shown = await edit_text(self.bot, request.chat_id, request.message_id,  # type: ignore[arg-type]
                                    text, keyboard)
            if shown is not None:
                await matchmaking.set_message(self.db, request.id, request.player_id,
                                              shown, now)
            return
        message_id = await send_text(self.bot, request.player_id, text, keyboard)
        if message_id is not None:
            await matchmaking.set_message(self.db, request.id, request.player_id,
                                          message_id, now)

    async def _replace_message(self, request: MatchRequest, text: str,
                               keyboard: InlineKeyboardMarkup | None) -> None:
        """Turn the waiting message into `text` (or send `text` when there is none)."""
        shown = request.message_id is not None and request.chat_id is not None and (
            await edit_text(self.bot, request.chat_id, request.message_id,  # type: ignore[arg-type]
                            text, keyboard) is not None)
        if not shown:
            await send_text(self.bot, request.player_id, text, keyboard)


def _widened(request: MatchRequest, since: datetime | None, now: datetime) -> bool:
    """Whether the request's rating window grew between `since` and `now`."""
    if since is None:
        return True
    return any(since < request.created_at + timedelta(seconds=seconds) <= now
               for seconds, _ in WINDOWS[1:])


def waiting_text(t: Translator, request: MatchRequest, now: datetime, searching: int) -> str:
    waited = max(0, int(request.waited(now)))
    lengths = [str(n) for n, bit in LENGTH_BITS.items() if request.lengths & bit]
    return t("mm-waiting", variant=t(f"variant-{request.variant}"),
             lengths=t("mm-any") if len(lengths) == len(LENGTH_BITS) else ", ".join(lengths),
             minutes=waited // 60, seconds=f"{waited % 60:02d}", searching=searching)
