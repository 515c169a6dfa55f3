"""Clocks the tests drive by hand: time moves only when a test (or a sleeper) says so."""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta

from testkit.waiting import patient

SETTLE = 30.0  # real seconds `VirtualClock.settle` waits for busy work (only catches a hang)


class FakeClock:
    """Time that moves only when a test says so (or a coalesced redraw waits)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)

    def monotonic(self) -> float:
        return self.now.timestamp()

    async def sleep(self, seconds: float) -> None:
        self.advance(seconds)
        await asyncio.sleep(0)


class Clock:
    """Monotonic seconds, moved on only by `sleep` (the coalescer's clock alone)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds
        await asyncio.sleep(0)


class VirtualClock:
    """A clock whose `sleep` waits until the test advances time past the sleeper's due time."""

    START = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

    def __init__(self) -> None:
        self.seconds = 0.0  # kept as a float: datetimes round to microseconds
        self._sleepers: list[tuple[float, int, asyncio.Future[None], asyncio.Task]] = []
        self._order = itertools.count()
        self._asleep: set[asyncio.Task[object]] = set()

    def __call__(self) -> datetime:
        return self.START + timedelta(seconds=self.seconds)

    def monotonic(self) -> float:
        return self.seconds

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        task = asyncio.current_task()
        assert task is not None
        heapq.heappush(self._sleepers,
                       (self.monotonic() + seconds, next(self._order), future, task))
        self._asleep.add(task)
        try:
            await future
        finally:
            self._asleep.discard(task)

    async def advance(self, seconds: float, tasks: Callable[[], Iterable[asyncio.Task]]) -> None:
        """Move time on by `seconds`, waking each sleeper at its due time and letting the
        woken work (its HTTP calls included) finish before time moves further. Work in
        progress (e.g. a redraw claiming its place in the database) goes to sleep first."""
        await self.settle(tasks)
        end = self.monotonic() + seconds
        while self._sleepers and self._sleepers[0][0] <= end:
            due, _, future, task = heapq.heappop(self._sleepers)
            self.seconds = max(due, self.seconds)
            self._asleep.discard(task)  # awake from now on, so `settle` waits for it
            future.set_result(None)
            await self.settle(tasks)
        self.seconds = end
        await self.settle(tasks)

    async def settle(self, tasks: Callable[[], Iterable[asyncio.Task]]) -> None:
        """Until every background task is finished or asleep on this clock; an
        AssertionError naming the busy ones if that takes `SETTLE` seconds (times the
        patience) of real time."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + patient(SETTLE)
        while True:
            busy = [t for t in tasks() if not t.done() and t not in self._asleep]
            if not busy:
                return
            if loop.time() > deadline:
                raise AssertionError(f"tasks still busy (neither done nor asleep on the"
                                     f" virtual clock) after {patient(SETTLE):.0f} s: "
                                     + "; ".join(repr(t) for t in busy))
            await asyncio.wait(busy, timeout=0.01)
