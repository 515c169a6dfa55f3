"""Find an opponent: rated games between people who do not know each other.

A search is a stored request (`storage.matchmaking`): it survives restarts, and pairing is
one transaction. While a player waits, the door shows how long and how many are searching
(refreshed at most every `REFRESH`); after `MAX_WAIT` the search ends. Players who asked
for it (a setting) are invited when someone starts searching. A paired game runs like a
friend's game, rated, under the time control both searched with (only searches with the
same control are paired). A correspondence search may be made while playing a live game:
its games take no live seat. What the players are told is the door's (`SearchNews`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Protocol

from core.games import Busy, GameService
from core.live import Live
from core.settings import Toggle, register
from core.timecontrol import TimeControl, stored_control
from engine.position import VARIANTS
from storage import matchmaking, stats
from storage.db import Database
from storage.errors import DatabaseBlip
from storage.fairness import Pending
from storage.matchmaking import WINDOWS, MatchRequest, NewGame, Pairing
from storage.models import Game as Row

log = logging.getLogger(__name__)
Clock = Callable[[], datetime]
MAX_WAIT = timedelta(minutes=10)
REFRESH = timedelta(seconds=10)
NOTICE_QUIET = timedelta(hours=1)  # a subscriber is told at most once an hour
NOTICES_PER_SEARCH = 20  # a search tells at most this many subscribers

# Opt-in (/settings): tell me when someone starts searching for an opponent in a variant.
NOTIFY: dict[str, Toggle] = {variant: register(Toggle(f"mm_{variant}", default=False))
          for variant in VARIANTS}


class AlreadySearching(Exception):
    """The player is searching already (their waiting search is shown again)."""


class SearchNews(Protocol):
    """What the players hear about searches (a door's messages)."""

    async def waiting(self, request: MatchRequest, *, new_message: bool = False) -> None:
        """Show (or refresh) the searching player's "searching…" view."""

    async def invite(self, request: MatchRequest, player_id: int) -> None:
        """Tell `player_id` (who asked for it) that someone searches a game."""

    async def found(self, pairing: Pairing) -> None:
        """Tell both players who they play (before the game begins)."""

    async def cancelled(self, request: MatchRequest) -> None: ...

    async def expired(self, request: MatchRequest) -> None: ...


class Matchmaking:
    def __init__(self, db: Database, service: GameService, news: SearchNews, *,
                 clock: Clock) -> None:
        self.db, self.service, self.news, self.clock = db, service, news, clock
        service.on_begin.append(self._started_game)
        self._last_tick: datetime | None = None

    # -- asking and cancelling -----------------------------------------------------

    async def search(self, player_id: int, variant: str, lengths: int, cube: int,
                     control: TimeControl | None = None) -> MatchRequest:
        """Start a search for `player_id` for a game under `control` (None: the host's move
        window), show it and pair at once if a partner is waiting. `Busy` when the player
        is in a live game and the search is for one, `AlreadySearching` when they search
        already (their search is shown again). Returns the search as it stands after the
        first try to pair it (`status` matched, with its `game_id`, when it paired at once)."""
        control = control or self.service.default_control
        if not control.correspondence and await self.service.active_game(player_id):
            raise Busy
        rating = (await stats.player_stats(self.db, player_id, variant)).rating
        now = self.clock()
        try:
            request = await matchmaking.create_request(
                self.db, player_id=player_id, variant=variant, lengths=lengths, cube=cube,
                rating=rating, now=now, control=control.token)
        except matchmaking.AlreadySearching:
            waiting = await matchmaking.waiting_request(self.db, player_id)
            if waiting is not None:
                await self.news.waiting(waiting, new_message=True)
            raise AlreadySearching from None
        await self.news.waiting(request, new_message=True)
        game_id = await self._try_pair(request)
        if game_id is None:
            await self._invite(request)
        return await matchmaking.get_request(self.db, request.id) or request

    async def request_of(self, player_id: int, request_id: int) -> MatchRequest | None:
        """The player's own search `request_id` as it stands (None: no such search of
        theirs): waiting, or matched with the game it made, or ended."""
        request = await matchmaking.get_request(self.db, request_id)
        return request if request is not None and request.player_id == player_id else None

    async def cancel(self, player_id: int) -> bool:
        """End the player's search; False when there was none."""
        request = await matchmaking.cancel_request(self.db, player_id, self.clock())
        if request is None:
            return False
        await self.news.cancelled(request)
        return True

    async def _invite(self, request: MatchRequest) -> None:
        """Invite the players who asked for it (each at most once an hour, never while
        they play)."""
        now = self.clock()
        for player in await matchmaking.subscribers(
                self.db, NOTIFY[request.variant].name, searcher=request.player_id, now=now,
                quiet=NOTICE_QUIET, limit=NOTICES_PER_SEARCH):
            if await matchmaking.claim_notice(self.db, player, now, NOTICE_QUIET):
                await self.news.invite(request, player)

    # -- the timer ----------------------------------------------------------------------

    async def tick(self) -> None:
        """End searches that waited too long, pair those whose window has widened, and
        refresh the waiting views (called by the timer loop every second)."""
        now = self.clock()
        for request in await matchmaking.expire_requests(self.db, now, MAX_WAIT):
            try:
                await self.news.expired(request)
            except DatabaseBlip:
                raise  # the timer's next pass
            except Exception:
                log.exception("telling player %s their search ended failed",
                              request.player_id)
        last, self._last_tick = self._last_tick, now
        for request in await matchmaking.waiting_requests(self.db):
            try:
                refresh = request.shown_at is None or now - request.shown_at >= REFRESH
                # A waiting request is paired again when its window has just widened, and
                # with each refresh (a partner may have finished the game it was in).
                if (refresh or _widened(request, last, now)) \
                        and await self._try_pair(request) is not None:
                    continue
                if refresh:
                    await self.news.waiting(request)
            except DatabaseBlip:
                raise  # the timer's next pass
            except Exception:  # one search's trouble must not hold up the others
                log.exception("matchmaking failed on request %s", request.id)

    # -- pairing ------------------------------------------------------------------------

    def control(self, request: MatchRequest) -> TimeControl:
        """The time control a search's game is played under."""
        token = request.control
        return self.service.default_control if token is None else stored_control(token)

    async def _try_pair(self, request: MatchRequest) -> int | None:
        """Pair `request` with a waiting partner: the id of the game made, or None."""
        made: dict[str, Live] = {}
        control = self.control(request)  # the partner's is the same

        def make_game(variant: str, length: int, cube: bool,
                      pending: tuple[Pending | None, ...]) -> NewGame:
            dealt = self.service.deal_from(pending)
            live = self.service.new_live(variant, length, cube, computer_seat=None,
                                         dealt=dealt)
            made["live"] = live
            opening = self.service.opening(live, control=control)
            return NewGame(opening.state_json, opening.deadline, tuple(opening.log),
                           dealt.takes if dealt else (), opening.timing)

        pairing = await matchmaking.pair(self.db, request.id, self.clock(), make_game,
                                         live=not control.correspondence)
        if pairing is None:
            return None
        await self.news.found(pairing)
        await self.service.begin(pairing.game, made["live"])
        return pairing.game.id

    async def _started_game(self, row: Row) -> None:
        """A player who starts another live game stops searching for a live one (a
        correspondence game and a correspondence search stand beside a live game)."""
        if row.timing.correspondence:
            return
        for player in row.players:
            if player is None:
                continue
            waiting = await matchmaking.waiting_request(self.db, player)
            if waiting is not None and not self.control(waiting).correspondence:
                await self.cancel(player)


def _widened(request: MatchRequest, since: datetime | None, now: datetime) -> bool:
    """Whether the request's rating window grew between `since` and `now`."""
    if since is None:
        return True
    return any(since < request.created_at + timedelta(seconds=seconds) <= now
               for seconds, _ in WINDOWS[1:])
