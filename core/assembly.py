"""The composition root: the game core, assembled once from the settings and the database,
with the doors attached to it as peers.

```
   the Telegram door (bot/)          the web door (web/)
        │ Door: results, boards,         │ Door: open pages,
        │ sight, timer work, news        │ sight
        └──────── Core.attach ───────────┘
   Core: games, the gate, timers and their loop, challenges, matchmaking, tournaments,
         analysis jobs, after-game requests (built here, in this order)
        │
   engine/ · storage/ · ai/
```

Each door is built on the core (its constructor gets what it uses of it) and hands the core
what it shows once, as a `Door`: nothing is assigned onto another object after it is built.
The process's entry (`bot/launch.py`) starts the doors that are configured.

The order every committed change is heard in is stated here, once (`Core.__init__`):
1. every door's `results` (the Telegram door sends a finished game's result message);
2. every door's `shows` (board messages, open pages), in the order the doors attached;
3. the core's own followers: tournaments settle a match that ended and pair its players
   again, so a match's final board is drawn before its players are paired again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol

from core.aftergame import AfterGame, AfterGameNews, Unavailable
from core.analysis import AnalysisJobs, AnalysisNews, Skill
from core.challenges import Challenges
from core.computer import Computer
from core.events import Announcements, Listener
from core.fairness import Fairness
from core.games import GameService, Sight
from core.gate import ActionGate
from core.hints import Hints
from core.matchmaking import Matchmaking, SearchNews
from core.people import Players
from core.reviews import MatchReviews, ReviewNews
from core.settings import PlayerSettings
from core.sharing import Shares
from core.timecontrol import Offer, offered
from core.timers import Timers, Work
from core.tournaments import TournamentNews, Tournaments
from core.workers import Runner, ThreadRunner
from engine.dice import DiceSource
from engine.fairness import new_seed as fairness_seed
from storage.db import Database
from storage.errors import DatabaseBlip
from storage.matchmaking import MatchRequest, Pairing
from storage.models import Game as Row
from storage.tournaments import Pairing as TournamentPairing
from storage.tournaments import Tournament

log = logging.getLogger(__name__)
TIMER_INTERVAL = 1.0  # the timer loop's longest sleep
Clock = Callable[[], datetime]
Sleep = Callable[[float], Awaitable[None]]


class CoreSettings(Protocol):
    """What the core reads of the settings (`bot.config.Settings` has it all)."""

    @property
    def move_timeout_seconds(self) -> int: ...

    @property
    def restart_grace_seconds(self) -> int: ...

    @property
    def time_controls(self) -> str: ...

    @property
    def auto_analysis_matches(self) -> int: ...  # finished matches analysed at once; 0: off


@dataclass(frozen=True)
class Door:
    """What a door shows of the core, handed over once (`Core.attach`). Every part is
    optional: a door gives what it has."""

    results: Listener | None = None  # heard first of every change: results
    shows: Listener | None = None  # heard after every door's results: its views
    sight: Sight | None = None  # whether it has shown a player the stored game
    first: Sequence[Work] = ()  # a timer pass's first work (e.g. the outbox, repairs)
    also: Sequence[Work] = ()  # a timer pass's last work, after the core's own
    # Around each timer pass (e.g. the Telegram door's short waits: timeouts hold locks).
    scope: Callable[[], AbstractContextManager[object]] | None = None
    # A timeout, when the door must see it first (the Telegram door calls off a game a
    # player could never be shown); at most one door does. Else `GameService.expire`.
    expire: Callable[[int], Awaitable[None]] | None = None
    # Who of a called-off game's players could not be shown it (tournaments count them
    # absent); at most one door says.
    absent: Callable[[Row], Awaitable[list[int]]] | None = None
    search: SearchNews | None = None  # what players hear of their searches
    tournaments: TournamentNews | None = None  # what the groups see of tournaments
    analysis: AnalysisNews | None = None  # what players see of an analysis job
    reviews: ReviewNews | None = None  # a finished match's PR and luck, analysed unasked
    after_game: AfterGameNews | None = None  # sends rematches, analyses and replays
    sharing: Shares | None = None  # prepares messages a player shares (core/sharing.py)


class Core:
    """The game core of one process, assembled from the settings and the database."""

    def __init__(self, settings: CoreSettings, db: Database, *, clock: Clock,
                 dice: DiceSource | None = None, new_seed: Callable[[], str] | None = None,
                 pool: Runner | None = None, analysis_runner: Runner | None = None,
                 sleep: Sleep = asyncio.sleep) -> None:
        """`pool` runs the computer's decisions (threads without one); the analysis has a
        worker of its own (`analysis_runner`, default `core.analysis.analysis_pool`).
        Dice: `dice` (tests, benchmarks) throws every game's dice; otherwise each game has
        its provably fair dice from its players' seeds, each drawn by `new_seed`."""
        self.db, self.clock = db, clock
        self.window = timedelta(seconds=settings.move_timeout_seconds)
        self.restart_grace = settings.restart_grace_seconds
        # The time controls this host offers (the first is the default for new games).
        self.controls = Offer(offered(settings.time_controls,
                                      default_move=settings.move_timeout_seconds))
        self.doors: list[Door] = []
        self.player_settings = PlayerSettings(db, clock)
        # Who plays: signed in by either door, one cache of their rows (core.people).
        self.players = Players(db, clock=clock)
        self.fairness = Fairness(db, clock=clock, new_seed=new_seed or fairness_seed)
        self.games = GameService(db, clock=clock, window=self.window, dice=dice,
                                 fairness=self.fairness, player_settings=self.player_settings,
                                 computer=Computer(pool or ThreadRunner()), sleep=sleep)
        # The order of hearing a change, once: the doors' results, then the doors' views,
        # then the core's followers (the tournaments subscribe when they are made, below).
        self.results, self.shows = Announcements(), Announcements()
        self.games.announcements.subscribe(self.results.announce)
        self.games.announcements.subscribe(self.shows.announce)
        # One gate for every door: a double tap is one, wherever it came from.
        self.gate = ActionGate(self.games, db)
        self.challenges = Challenges(db, self.games, clock=clock)
        self.matchmaking = Matchmaking(db, self.games, _SearchNews(self.doors), clock=clock)
        self.tournaments = Tournaments(db, self.games, _TournamentNews(self.doors),
                                       clock=clock, absent=self._absent)
        self.analysis = AnalysisJobs(db, clock=clock, news=_AnalysisNews(self.doors),
                                     runner=analysis_runner)
        # Every finished match analysed unasked (core.reviews), after the doors heard it.
        self.reviews = MatchReviews(db, self.analysis, _ReviewNews(self.doors), clock=clock,
                                    limit=settings.auto_analysis_matches)
        self.games.announcements.subscribe(self.reviews.on_change)
        # Hints while learning (unrated games against the computer), in the computer's pool.
        self.hints = Hints(db, self.games.computer.runner, clock=clock)
        self.after_game = AfterGame(self.games, _AfterGameNews(self.doors))
        self.sharing: Shares = _Shares(self.doors)
        # A timer pass: the doors' first work, deadlines, then the core's work on the same
        # beat (matchmaking, analyses a stopped process left, tournaments), then the doors'.
        self._first: list[Work] = []
        self._also: list[Work] = [self.matchmaking.tick, self.analysis.resume,
                                  self.reviews.tick, self.tournaments.tick]
        self.timers = Timers(self.games, clock=clock, expire=self._expire,
                             first=self._first, also=self._also)

    def attach(self, door: Door) -> None:
        """A door starts hearing the core and showing it."""
        if door.expire is not None and any(d.expire for d in self.doors):
            raise ValueError("one door at most sees timeouts first")
        if door.absent is not None and any(d.absent for d in self.doors):
            raise ValueError("one door at most says who was absent")
        self.doors.append(door)
        if door.results is not None:
            self.results.subscribe(door.results)
        if door.shows is not None:
            self.shows.subscribe(door.shows)
        if door.sight is not None:
            self.games.sights.append(door.sight)
        self._first.extend(door.first)
        self._also.extend(door.also)

    # -- the timer loop ----------------------------------------------------------------

    async def _expire(self, game_id: int) -> None:
        for door in self.doors:
            if door.expire is not None:
                await door.expire(game_id)
                return
        await self.games.expire(game_id)

    async def _absent(self, row: Row) -> list[int]:
        for door in self.doors:
            if door.absent is not None:
                return await door.absent(row)
        return []

    def _scope(self) -> contextlib.ExitStack:
        stack = contextlib.ExitStack()
        for door in self.doors:
            if door.scope is not None:
                stack.enter_context(door.scope())
        return stack

    async def give_grace(self) -> int:
        """A crash never decides a game: no turn times out within the restart's grace of
        now (`GameService.grace_after_start`); how many turns were moved."""
        moved = await self.games.grace_after_start(self.restart_grace)
        if moved:
            log.info("restart: %d turn(s) due within %d s get until then", moved,
                     self.restart_grace)
        return moved

    async def run_timers(self, stop: asyncio.Event, *, interval: float = TIMER_INTERVAL,
                         first_pass: asyncio.Event | None = None,
                         after_pass: Sequence[Callable[[], object]] = ()) -> None:
        """Until `stop` is set: a timer pass (`Timers.tick`) now, then at least every
        `interval` seconds and exactly when the next deadline or warning is due. A pass in
        progress when `stop` is set is finished. `first_pass` is set once the first pass is
        over; `after_pass` is called after each (the process's own upkeep)."""
        while not stop.is_set():
            wait = interval
            with self._scope():
                try:
                    wait = min(interval, await self.timers.tick())
                except DatabaseBlip:  # logged once per outage (storage.outage); the next pass
                    pass
                except Exception:  # a bad game must not stop every other game's timer
                    log.exception("timer tick failed")
            if first_pass is not None:
                first_pass.set()
            for upkeep in after_pass:
                upkeep()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), wait)

    async def stop(self) -> None:
        """Stop the work this process runs in the background (an analysis cut short starts
        again at the next start, or in another process)."""
        await self.games.settle(cancel_late=True)  # turns the timer sent, shown and answered
        await self.reviews.stop()
        await self.analysis.stop()


# -- the doors' news, told to every door that shows it ----------------------------------------


class _SearchNews:
    def __init__(self, doors: list[Door]) -> None:
        self.doors = doors

    def _told(self) -> list[SearchNews]:
        return [door.search for door in self.doors if door.search is not None]

    async def waiting(self, request: MatchRequest, *, new_message: bool = False) -> None:
        for news in self._told():
            await news.waiting(request, new_message=new_message)

    async def invite(self, request: MatchRequest, player_id: int) -> None:
        for news in self._told():
            await news.invite(request, player_id)

    async def found(self, pairing: Pairing) -> None:
        for news in self._told():
            await news.found(pairing)

    async def cancelled(self, request: MatchRequest) -> None:
        for news in self._told():
            await news.cancelled(request)

    async def expired(self, request: MatchRequest) -> None:
        for news in self._told():
            await news.expired(request)


class _TournamentNews:
    def __init__(self, doors: list[Door]) -> None:
        self.doors = doors

    def _told(self) -> list[TournamentNews]:
        return [door.tournaments for door in self.doors if door.tournaments is not None]

    async def changed(self, tournament: Tournament) -> None:
        for news in self._told():
            await news.changed(tournament)

    async def paired(self, tournament: Tournament, pairing: TournamentPairing,
                     game: Row) -> None:
        for news in self._told():
            await news.paired(tournament, pairing, game)


class _AnalysisNews:
    def __init__(self, doors: list[Door]) -> None:
        self.doors = doors

    def _told(self) -> list[AnalysisNews]:
        return [door.analysis for door in self.doors if door.analysis is not None]

    async def progress(self, game_id: int, number: int, done: int, total: int) -> None:
        for news in self._told():
            await news.progress(game_id, number, done, total)

    async def done(self, row: Row, number: int) -> None:
        for news in self._told():
            await news.done(row, number)

    async def failed(self, game_id: int, number: int) -> None:
        for news in self._told():
            await news.failed(game_id, number)


class _ReviewNews:
    def __init__(self, doors: list[Door]) -> None:
        self.doors = doors

    async def reviewed(self, row: Row, skills: dict[int, Skill]) -> None:
        for door in self.doors:
            if door.reviews is not None:
                await door.reviews.reviewed(row, skills)


class _AfterGameNews:
    """Sent by the first door that sends such things (a player gets one rematch offer)."""

    def __init__(self, doors: list[Door]) -> None:
        self.doors = doors

    def _sender(self) -> AfterGameNews:
        for door in self.doors:
            if door.after_game is not None:
                return door.after_game
        raise Unavailable("no door of this process sends it")

    async def rematch(self, player_id: int, game_id: int) -> None:
        await self._sender().rematch(player_id, game_id)

    async def analysis(self, player_id: int, game_id: int, number: int) -> None:
        await self._sender().analysis(player_id, game_id, number)

    async def replay(self, player_id: int, game_id: int, number: int) -> None:
        await self._sender().replay(player_id, game_id, number)


class _Shares:
    """Prepared by the first door that prepares messages; else `Unavailable`."""

    def __init__(self, doors: list[Door]) -> None:
        self.doors = doors

    def _door(self) -> Shares:
        for door in self.doors:
            if door.sharing is not None:
                return door.sharing
        raise Unavailable("no door of this process prepares messages")

    async def result_card(self, player_id: int, game_id: int, number: int,
                          picture_url: str | None) -> str:
        return await self._door().result_card(player_id, game_id, number, picture_url)

    async def challenge(self, player_id: int, game_id: int) -> str:
        return await self._door().challenge(player_id, game_id)
