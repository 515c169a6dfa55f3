"""Live boards: each committed change pushed to the open pages of its game.

A page opens one WebSocket per game it shows and names the version (and deadline) it has;
it is sent the stored game at once when that is newer (a reconnect resumes by version),
then every change: the game core announces each one to `on_change` (with the game as
stored, nothing read back), and with several processes on one PostgreSQL the others hear
it through LISTEN / NOTIFY (`storage.games.GAME_CHANGED`, sent in the transaction that
saved it) and read it from the database. A page is never sent an older version than it
has; a deadline moved without a new version (a restart's grace, a late board) is sent as
the same version again.

Nothing here waits for a page while the core holds a game: `on_change` only works out
each page's message (once per seat and language, however many pages show it) and leaves
it in the page's slot, which keeps the newest message alone; each page's own sender takes
it from there. A page that does not take a message within `SEND_TIMEOUT` is dropped (it
reconnects and resumes by version, if it is still there).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field
from datetime import datetime

from core.events import Change, What
from core.live import Live
from i18n import Translator
from storage import games
from storage.db import Database
from storage.errors import GameNotFound
from storage.models import Game as Row
from web.schema import GameState, StatePush, WarningPush

log = logging.getLogger(__name__)
SEND_TIMEOUT = 10.0  # seconds a page has to take one message before it is dropped
PAGES_PER_USER = 12  # open live pages one user may have in a process
Send = Callable[[str], Awaitable[None]]  # one message (JSON text) to the page
# What the viewer in `seat` (None: a watcher) sees of the stored game, in `t`'s language.
StateOf = Callable[[Row, Live, int | None, Translator], Awaitable[GameState]]
TranslatorOf = Callable[[int], Awaitable[Translator]]


class Unknown:
    """A page's deadline it did not name."""


UNKNOWN = Unknown()


class TooManyPages(Exception):
    """The user has `PAGES_PER_USER` live pages open in this process already."""


@dataclass(eq=False)
class Watcher:
    """One open page of one game: who looks (their seat, None a watcher)."""

    user_id: int
    game_id: int
    seat: int | None
    send: Send
    version: int = 0  # the newest version this page has been given (sent or on its way)
    # That version's deadline as given; UNKNOWN: the page did not say which it has.
    deadline: datetime | Unknown | None = field(default_factory=lambda: UNKNOWN)
    drop: Callable[[], None] = lambda: None  # cut the page off (it did not read in time)
    shown: int = -1  # the newest version sent to the page (written to its connection)
    _next: tuple[int, str] | None = field(default=None, repr=False)  # (version, message)
    _warn: bool = field(default=False, repr=False)
    _sender: asyncio.Task[None] | None = field(default=None, repr=False)

    @property
    def waiting(self) -> int | None:
        """The version waiting to be sent to the page (only the newest waits), if any."""
        return None if self._next is None else self._next[0]

    @property
    def sending(self) -> bool:
        """Whether a message is being written to the page now."""
        return self._sender is not None


@dataclass
class _Fanout:
    """The messages of one change, worked out once per (seat, language)."""

    row: Row
    live: Live
    state_of: StateOf
    translator_of: TranslatorOf
    states: dict[Hashable, GameState] = field(default_factory=dict)
    made: dict[Hashable, str] = field(default_factory=dict)

    async def message(self, watcher: Watcher, again: bool) -> str:
        t = await self.translator_of(watcher.user_id)
        key = (watcher.seat, t.language, again)
        text = self.made.get(key)
        if text is None:
            view = key[:2]
            state = self.states.get(view)
            if state is None:  # the same state whether or not it is marked "again"
                state = self.states[view] = await self.state_of(
                    self.row, self.live, watcher.seat, t)
            message: StatePush = {"type": "state", "state": state}
            if again:
                message["again"] = True
            text = self.made[key] = json.dumps(message, separators=(",", ":"),
                                               ensure_ascii=False)
        return text


class LiveBoards:
    def __init__(self, db: Database, state_of: StateOf, translator_of: TranslatorOf, *,
                 send_timeout: float = SEND_TIMEOUT,
                 pages_per_user: int = PAGES_PER_USER) -> None:
        self.db, self.state_of, self.translator_of = db, state_of, translator_of
        self.send_timeout, self.pages_per_user = send_timeout, pages_per_user
        self._watchers: dict[int, set[Watcher]] = {}
        self._pages: dict[int, int] = {}  # open pages by user
        self._tasks: set[asyncio.Task[None]] = set()

    def __len__(self) -> int:
        """Open pages."""
        return sum(len(found) for found in self._watchers.values())

    def pages(self, game_id: int) -> list[Watcher]:
        """The pages open on `game_id`."""
        return list(self._watchers.get(game_id, ()))

    def pages_of(self, user_id: int) -> int:
        return self._pages.get(user_id, 0)

    async def open(self, watcher: Watcher) -> None:
        """Register a page, and send it the stored game when it is newer than its own
        (or the same version with another deadline). `TooManyPages` past the user's cap."""
        if self._pages.get(watcher.user_id, 0) >= self.pages_per_user:
            raise TooManyPages(watcher.user_id)
        self._pages[watcher.user_id] = self._pages.get(watcher.user_id, 0) + 1
        self._watchers.setdefault(watcher.game_id, set()).add(watcher)
        try:
            row = await games.load_game(self.db, watcher.game_id)
        except GameNotFound:
            return
        # A page coming back is sent what it lacks, mid-turn too (only the mover's own
        # steps are left out of what the others see: `web.state`).
        await self._offer(watcher, _Fanout(row, Live.load(row.state_json), self.state_of,
                                           self.translator_of), reconnect=True)

    def has_shown(self, game_id: int, user_id: int, version: int) -> bool:
        """Whether an open page of `user_id` has been sent `version` of the game (or newer)."""
        return any(w.user_id == user_id and w.shown >= version
                   for w in self._watchers.get(game_id, ()))

    def close(self, watcher: Watcher) -> None:
        found = self._watchers.get(watcher.game_id)
        if found is None or watcher not in found:
            return
        found.discard(watcher)
        if not found:
            del self._watchers[watcher.game_id]
        left = self._pages.get(watcher.user_id, 1) - 1
        if left > 0:
            self._pages[watcher.user_id] = left
        else:
            self._pages.pop(watcher.user_id, None)
        watcher._next, watcher._warn = None, False

    async def on_change(self, change: Change) -> None:
        """The core's listener: leave the change for the pages that show it (never waits
        for a page)."""
        watchers = self._watchers.get(change.game_id)
        if not watchers:
            return
        what, seat = change.what, change.seat
        fanout = _Fanout(change.row, change.live, self.state_of, self.translator_of)
        for watcher in list(watchers):
            if what is What.WARNING:
                if watcher.seat == seat:
                    watcher._warn = True
                    self._wake(watcher)
                continue
            if what in (What.STEP, What.SHOW) and watcher.seat != seat:
                continue  # a step shows on the mover's board only
            await self._offer(watcher, fanout, again=what in (What.SHOW, What.REFUSED))

    def on_notice(self, payload: str) -> None:
        """Another process saved a game, or moved its deadline (`storage.games.GAME_CHANGED`:
        "id:version", or "id:version:deadline" with the deadline's epoch seconds)."""
        try:
            game, version, *rest = payload.split(":")
            game_id, number = int(game), int(version)
            moved = [int(rest[0]) if rest[0] else None] if rest else []
        except ValueError:
            return
        watchers = self._watchers.get(game_id)
        if not watchers:
            return
        stale = any(w.version < number for w in watchers) or any(
            w.version == number and (isinstance(w.deadline, Unknown)
                                     or _epoch(w.deadline) != moved[0])
            for w in watchers if moved)
        if stale:
            task = asyncio.ensure_future(self._reload(game_id))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _reload(self, game_id: int) -> None:
        try:
            row = await games.load_game(self.db, game_id)
        except Exception:  # the database is away: the next change brings the page up to date
            log.warning("reading game %s for its live pages failed", game_id)
            return
        fanout = _Fanout(row, Live.load(row.state_json), self.state_of, self.translator_of)
        for watcher in list(self._watchers.get(game_id, ())):
            await self._offer(watcher, fanout)

    async def _offer(self, watcher: Watcher, fanout: _Fanout, *, again: bool = False,
                     reconnect: bool = False) -> None:
        """Leave `fanout`'s game for the page unless it has it (or newer); `again` sends the
        same version (so does a moved deadline)."""
        row, live = fanout.row, fanout.live
        if row.version < watcher.version:
            return
        if row.version == watcher.version:
            if isinstance(watcher.deadline, Unknown):  # a change may have moved it
                moved = not reconnect
            else:
                moved = _deadline(row) != watcher.deadline
            if not (again or moved):
                return
        elif live.steps and live.game.to_act != watcher.seat and not again \
                and not reconnect and row.status == "active" \
                and (isinstance(watcher.deadline, Unknown)
                     or _deadline(row) == watcher.deadline):
            return  # a step of the turn being built: only its mover sees it (a game that
            # ended mid-turn, resigned or timed out, is everybody's news; so is a moved
            # deadline)
        text = await fanout.message(watcher, again=row.version == watcher.version)
        if row.version < watcher.version:  # a newer one came while this one was made
            return
        watcher.version, watcher.deadline = row.version, _deadline(row)
        watcher._next = (row.version, text)
        self._wake(watcher)

    def _wake(self, watcher: Watcher) -> None:
        if watcher._sender is None or watcher._sender.done():
            task = watcher._sender = asyncio.ensure_future(self._sending(watcher))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _sending(self, watcher: Watcher) -> None:
        """The page's sender: the newest message until none is left; a page that takes
        longer than `send_timeout` over one is dropped."""
        while watcher._warn or watcher._next is not None:
            if watcher._warn:
                watcher._warn = False
                warning: WarningPush = {"type": "warning", "game": watcher.game_id}
                version, text = -1, json.dumps(warning)
            else:
                assert watcher._next is not None
                (version, text), watcher._next = watcher._next, None
            try:
                async with asyncio.timeout(self.send_timeout):  # no task of its own
                    await watcher.send(text)
            except TimeoutError:
                log.info("a live page of user %s did not read for %.0f s: dropped",
                         watcher.user_id, self.send_timeout)
                self.close(watcher)
                watcher.drop()
                return
            except Exception:  # the page went away: it reconnects and resumes by version
                self.close(watcher)
                return
            watcher.shown = max(watcher.shown, version)

    async def close_all(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._watchers.clear()
        self._pages.clear()


def _deadline(row: Row) -> datetime | None:
    """The deadline a page is shown (`web.state`): none once the game is over."""
    return row.deadline if row.status == "active" else None


def _epoch(moment: datetime | None) -> int | None:
    return None if moment is None else int(moment.timestamp())
