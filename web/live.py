"""Live boards: each committed change pushed to the open pages of its game.

A page opens one WebSocket per game it shows and names the version it has; it is sent the
stored game at once when that is newer (a reconnect resumes by version), then every change:
the game core announces each one to `on_change` (with the game as stored, nothing read
back), and with several processes on one PostgreSQL the others hear it through LISTEN /
NOTIFY (`storage.games.GAME_CHANGED`, sent in the transaction that saved it) and read it
from the database. A page is never sent an older version than it has.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from core.events import Change, What
from core.live import Live
from storage import games
from storage.db import Database
from storage.errors import GameNotFound
from storage.models import Game as Row

log = logging.getLogger(__name__)
Send = Callable[[dict[str, Any]], Awaitable[None]]
# The viewer's state of a game: (row, live, the connection) -> the JSON-ready dict.
StateOf = Callable[[Row, Live, "Watcher"], Awaitable[dict[str, Any]]]


@dataclass(eq=False)
class Watcher:
    """One open page of one game: who looks (their seat, None a watcher)."""

    user_id: int
    game_id: int
    seat: int | None
    send: Send
    version: int = 0  # the newest version this page has been sent
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class LiveBoards:
    def __init__(self, db: Database, state_of: StateOf) -> None:
        self.db, self.state_of = db, state_of
        self._watchers: dict[int, set[Watcher]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def __len__(self) -> int:
        """Open pages."""
        return sum(len(found) for found in self._watchers.values())

    async def open(self, watcher: Watcher) -> None:
        """Register a page, and send it the stored game when it is newer than its own."""
        self._watchers.setdefault(watcher.game_id, set()).add(watcher)
        try:
            row = await games.load_game(self.db, watcher.game_id)
        except GameNotFound:
            return
        await self._push(watcher, row, Live.load(row.state_json))

    def has_shown(self, game_id: int, user_id: int, version: int) -> bool:
        """Whether an open page of `user_id` has been sent `version` of the game (or newer)."""
        return any(w.user_id == user_id and w.version >= version
                   for w in self._watchers.get(game_id, ()))

    def close(self, watcher: Watcher) -> None:
        found = self._watchers.get(watcher.game_id)
        if found is not None:
            found.discard(watcher)
            if not found:
                del self._watchers[watcher.game_id]

    async def on_change(self, change: Change) -> None:
        """The core's listener: push the change to the pages that show it."""
        watchers = self._watchers.get(change.game_id)
        if not watchers:
            return
        what, seat = change.what, change.seat
        for watcher in list(watchers):
            if what is What.WARNING:
                if watcher.seat == seat:
                    await self._send(watcher, {"type": "warning", "game": change.game_id})
                continue
            if what in (What.STEP, What.SHOW) and watcher.seat != seat:
                continue  # a step shows on the mover's board only
            await self._push(watcher, change.row, change.live,
                             again=what in (What.SHOW, What.REFUSED))

    def on_notice(self, payload: str) -> None:
        """Another process saved a game (`storage.games.GAME_CHANGED`: "id:version")."""
        try:
            game_id, version = (int(part) for part in payload.split(":"))
        except ValueError:
            return
        watchers = self._watchers.get(game_id)
        if watchers and any(w.version < version for w in watchers):
            task = asyncio.ensure_future(self._reload(game_id))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _reload(self, game_id: int) -> None:
        try:
            row = await games.load_game(self.db, game_id)
        except Exception:  # the database is away: the next change brings the page up to date
            log.warning("reading game %s for its live pages failed", game_id)
            return
        live = Live.load(row.state_json)
        for watcher in list(self._watchers.get(game_id, ())):
            await self._push(watcher, row, live)

    async def _push(self, watcher: Watcher, row: Row, live: Live, *,
                    again: bool = False) -> None:
        """Send `row` unless the page has it (or newer); `again` sends the same version."""
        async with watcher.lock:
            if row.version < watcher.version or (row.version == watcher.version and not again):
                return
            if live.steps and live.game.to_act != watcher.seat and not again \
                    and row.status == "active":
                return  # a step of the turn being built: only its mover sees it (a game
                # that ended mid-turn, resigned or timed out, is everybody's news)
            state = await self.state_of(row, live, watcher)
            watcher.version = row.version
            await self._send(watcher, {"type": "state", "state": state})

    async def _send(self, watcher: Watcher, message: dict[str, Any]) -> None:
        try:
            await watcher.send(message)
        except Exception:  # the page went away: it reconnects and resumes by version
            self.close(watcher)

    async def close_all(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._watchers.clear()
