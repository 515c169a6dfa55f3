"""Waiting in tests for something another task or process does: polled, with a deadline.

Every such deadline only catches a hang: it is multiplied by `PATIENCE` (the environment's
`NARD_TEST_PATIENCE`, 4 by default), so a machine slowed down several times over (a loaded
CI host: `python -m bot` alone took 93 s to import at load 11 on two cores) still passes,
and only something that never happens fails, later.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable
from typing import Protocol, TypeVar

T = TypeVar("T")
PATIENCE = float(os.environ.get("NARD_TEST_PATIENCE", "4"))


def patient(seconds: float) -> float:
    """A hang detector's `seconds`, as long as this run's patience makes it."""
    return seconds * PATIENCE

Predicate = Callable[[], bool | Awaitable[bool]]


async def until(predicate: Predicate, timeout: float, what: str = "", *,
                tail: Callable[[], str] | None = None, pause: float = 0.05) -> None:
    """Ask `predicate` (a plain or an async one) every `pause` seconds until it holds; an
    AssertionError naming `what`, and `tail()` (e.g. the end of a process's log), once
    `timeout` seconds have gone by."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + patient(timeout)
    while True:
        value = predicate()
        if not isinstance(value, bool):
            value = await value
        if value:
            return
        if loop.time() > deadline:
            raise AssertionError(f"waited {patient(timeout):.0f} s for {what or 'a condition'}"
                                 + (f"\n{tail()}" if tail is not None else ""))
        await asyncio.sleep(pause)


async def within(awaitable: Awaitable[T], timeout: float, what: str = "") -> T:
    """`awaitable`'s result; once `timeout` seconds (times the patience) have gone by, it is
    cancelled and an AssertionError names `what`."""
    try:
        async with asyncio.timeout(patient(timeout)) as limit:
            return await awaitable
    except TimeoutError:
        if not limit.expired():
            raise  # the awaitable's own timeout
        raise AssertionError(f"waited {patient(timeout):.0f} s for {what or 'an awaitable'}"
                             ) from None


class Closable(Protocol):
    async def close(self) -> None: ...


async def close_database(db: Closable) -> None:
    """`db.close()` with a deadline: a task a failed test left inside a transaction would
    keep it waiting forever (PostgreSQL's pool waits for every connection's return)."""
    await within(db.close(), 60, "the database to close (a task still in a transaction?)")
