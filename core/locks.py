"""One asyncio lock per key (a game), alive only while someone holds it or waits for it.

A `defaultdict(asyncio.Lock)` keeps a lock for every game ever touched; these are freed as
soon as the last user lets go, so memory follows the games in play, not the games played.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Hashable
from contextlib import asynccontextmanager


class KeyedLocks:
    def __init__(self) -> None:
        self._locks: dict[Hashable, tuple[asyncio.Lock, int]] = {}

    @asynccontextmanager
    async def hold(self, key: Hashable) -> AsyncIterator[None]:
        lock, users = self._locks.get(key, (None, 0))
        if lock is None:
            lock = asyncio.Lock()
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[key]
            if users == 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, users - 1)

    def locked(self, key: Hashable) -> bool:
        entry = self._locks.get(key)
        return entry is not None and entry[0].locked()

    def users(self, key: Hashable) -> int:
        """How many hold `key`'s lock or wait for it."""
        return self._locks.get(key, (None, 0))[1]

    def __len__(self) -> int:
        return len(self._locks)
