"""Rate limits: a token bucket per key, refilled with time. Keyed by the user for signed-in
requests (a page makes a few requests a second at most; a script looping on the API is
slowed down, not the others), and by the peer's address for requests whose init data is
missing or refused (`UNSIGNED_RATE`: answered 429 before any signature is checked once the
address's bucket is empty)."""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from cachetools import LRUCache

RATE = 8.0  # requests per second, on average
BURST = 40.0  # requests at once
USERS = 10_000  # keys remembered (the least recent are forgotten: a full bucket again)
# Refused sign-ins per address: a page whose init data expired tries a few times.
UNSIGNED_RATE, UNSIGNED_BURST = 2.0, 20.0

K = TypeVar("K", bound=Hashable)


class RateLimit(Generic[K]):
    def __init__(self, rate: float = RATE, burst: float = BURST, *,
                 monotonic: Callable[[], float] = time.monotonic, users: int = USERS) -> None:
        self.rate, self.burst, self.monotonic, self.users = rate, burst, monotonic, users
        self._buckets: LRUCache[K, tuple[float, float]] = LRUCache(users)

    def allow(self, key: K) -> bool:
        """Take one request from the key's bucket; False when it is empty."""
        now = self.monotonic()
        tokens = self._tokens(key, now)
        allowed = tokens >= 1.0
        self._buckets[key] = (tokens - 1.0 if allowed else tokens, now)  # the most recent
        return allowed

    def empty(self, key: K) -> bool:
        """Whether the key's bucket has no request left (nothing is taken)."""
        return key in self._buckets and self._tokens(key, self.monotonic()) < 1.0

    def _tokens(self, key: K, now: float) -> float:
        tokens, then = self._buckets.get(key, (self.burst, now))
        return min(self.burst, tokens + (now - then) * self.rate)
