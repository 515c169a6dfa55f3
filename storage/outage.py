"""Database outages logged as two lines, not one traceback per failed statement.

A PostgreSQL restart (under half a second) fails every statement on the way: the presses
of that moment, the timer's pass, the redraws, the outbox. The storage layer turns each such
failure into `DatabaseBlip` and tells `OUTAGE`: the first failure logs one warning (what
failed, and that it is retried), the first success after it one line saying how long it
lasted and how many operations failed meanwhile. The callers then retry or leave the work to
their next pass without logging it again.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

from storage.errors import DatabaseBlip

log = logging.getLogger("storage")
T = TypeVar("T")
# Pauses between tries of an operation while the database does not answer (about 5 s).
PAUSES = (0.1, 0.2, 0.4, 0.8, 1.5, 2.0)


class Outage:
    def __init__(self, monotonic: Callable[[], float] = time.monotonic) -> None:
        self.monotonic = monotonic
        self.since: float | None = None  # when the current outage began
        self.failures = 0  # operations failed in the current outage
        self.outages = 0  # outages since the start

    def failed(self, error: BaseException) -> None:
        if self.since is None:
            self.since, self.failures = self.monotonic(), 0
            self.outages += 1
            log.warning("the database is not answering (%s); what failed is tried again",
                        describe(error))
        self.failures += 1

    def answered(self) -> None:
        if self.since is not None:
            log.warning("the database answers again after %.1f s (%d operation(s) failed "
                        "meanwhile)", self.monotonic() - self.since, self.failures)
            self.since = None

    @property
    def down(self) -> bool:
        return self.since is not None


def describe(error: BaseException) -> str:
    """The error's class and first line, without a traceback."""
    text = " ".join(str(error).split())[:160]
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


OUTAGE = Outage()


async def retrying(work: Callable[[], Awaitable[T]],
                   sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
                   pauses: tuple[float, ...] = PAUSES) -> T:
    """`work()`, tried again after each of `pauses` while the database does not answer
    (`DatabaseBlip`, raised once they are used up). Only for work that is safe to repeat."""
    for pause in pauses:
        try:
            return await work()
        except DatabaseBlip:
            await sleep(pause)
    return await work()


def carries_blip(error: BaseException | None) -> bool:
    """Whether `error` is a `DatabaseBlip` or was raised while handling one."""
    seen = 0
    while error is not None and seen < 10:
        if isinstance(error, DatabaseBlip):
            return True
        error, seen = error.__cause__ or error.__context__, seen + 1
    return False


class QuietOutages(logging.Filter):
    """Drops log records whose traceback is a database outage (`DatabaseBlip`, or asyncpg's
    pool failing to connect: "Failed to restore the pool connection floor" while the server
    restarts): whoever logs it (asyncio's "Task exception was never retrieved", a library's
    error line), the outage has its two lines from `Outage` already.

    `connection_failed` tells a failed connection from a failed statement
    (`storage.postgres.connection_failed`; by default any OSError)."""

    def __init__(self, connection_failed: Callable[[BaseException], bool] | None = None
                 ) -> None:
        super().__init__()
        self.connection_failed = connection_failed or _os_error

    def filter(self, record: logging.LogRecord) -> bool:
        if not record.exc_info:
            return True
        error = record.exc_info[1]
        if carries_blip(error):
            return False
        # asyncpg's pool keeping its connections up while the server is away.
        return not (record.name.startswith("asyncpg") and error is not None
                    and self.connection_failed(error))


def _os_error(error: BaseException) -> bool:
    return isinstance(error, OSError)


def install(logger: logging.Logger | None = None,
            connection_failed: Callable[[BaseException], bool] | None = None) -> None:
    """Add `QuietOutages` to every handler of `logger` (default: the root logger)."""
    for handler in (logger or logging.getLogger()).handlers:
        if not any(isinstance(f, QuietOutages) for f in handler.filters):
            handler.addFilter(QuietOutages(connection_failed))
