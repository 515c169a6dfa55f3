"""A per-user rate limit: a token bucket per user, refilled with time (a page makes a few
requests a second at most; a script looping on the API is slowed down, not the others)."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

RATE = 8.0  # requests per second, on average
BURST = 40.0  # requests at once
USERS = 10_000  # users remembered (the least recent are forgotten: a full bucket again)


class RateLimit:
    def __init__(self, rate: float = RATE, burst: float = BURST, *,
                 monotonic: Callable[[], float] = time.monotonic, users: int = USERS) -> None:
        self.rate, self.burst, self.monotonic, self.users = rate, burst, monotonic, users
        self._buckets: OrderedDict[int, tuple[float, float]] = OrderedDict()

    def allow(self, user_id: int) -> bool:
        """Take one request from the user's bucket; False when it is empty."""
        now = self.monotonic()
        tokens, then = self._buckets.pop(user_id, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        allowed = tokens >= 1.0
        self._buckets[user_id] = (tokens - 1.0 if allowed else tokens, now)
        while len(self._buckets) > self.users:
            self._buckets.popitem(last=False)
        return allowed
