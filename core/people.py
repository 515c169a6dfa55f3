"""Who plays, for both doors: signing a person in (their player row stored once, again when
their name changes) and the stored rows, cached for a short time, in one cache.

A door signs in whoever it hears from (a chat update, a web request) with what Telegram
says of them; every reader of a player's row (names on a board, a language) asks the same
object, so a row signed in through one door is the row the other reads. The cache is a
`cachetools.TTLCache`: least recently used rows go beyond `size`, and a row is read again
after `ttl` seconds (another process may have changed the player), at once after `forget`
(a /lang press, or another process's notice on PostgreSQL). Memory follows the players
active in the last `ttl` seconds, not every player ever seen.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime

from cachetools import TTLCache

from storage import players
from storage.db import Database
from storage.models import Player

SIZE = 10_000  # rows remembered at most (the least recently used go first)
SECONDS = 30.0  # and for how long (other processes may change a player)


class Players:
    def __init__(self, db: Database, *, clock: Callable[[], datetime],
                 size: int = SIZE, ttl: float = SECONDS,
                 monotonic: Callable[[], float] = time.monotonic) -> None:
        self.db, self.clock, self.size = db, clock, size
        self._rows: TTLCache[int, Player | None] = TTLCache(size, ttl, timer=monotonic)

    async def sign_in(self, player_id: int, name: str, *, username: str | None = None,
                      language: str | None = None) -> Player:
        """The player `player_id` as stored, stored first unless a row of theirs with
        this name and username was read lately; `language` is what Telegram says they
        read."""
        known = self._rows.get(player_id)
        if known is not None and (known.name, known.username) == (name, username):
            return known
        player = await players.upsert_player(self.db, player_id, name, username=username,
                                             language=language, now=self.clock())
        self._rows[player_id] = player
        return player

    async def player(self, player_id: int) -> Player | None:
        """A stored player (None: never signed in), cached for a short time."""
        if player_id in self._rows:
            return self._rows[player_id]
        found = await players.get_player(self.db, player_id)
        self._rows[player_id] = found
        return found

    def forget(self, player_id: int) -> None:
        """Drop the cached row after the player changed (name, language)."""
        self._rows.pop(player_id, None)

    def remembers(self, player_id: int) -> bool:
        """Whether `player_id`'s row is cached now (and not expired)."""
        return player_id in self._rows

    def __len__(self) -> int:
        """The rows cached now."""
        return len(self._rows)
