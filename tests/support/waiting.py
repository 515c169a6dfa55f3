"""Waiting in tests for something another task or process does: polled, with a deadline."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

Predicate = Callable[[], bool | Awaitable[bool]]


async def until(predicate: Predicate, timeout: float, what: str = "", *,
                tail: Callable[[], str] | None = None, pause: float = 0.05) -> None:
    """Ask `predicate` (a plain or an async one) every `pause` seconds until it holds; an
    AssertionError naming `what`, and `tail()` (e.g. the end of a process's log), once
    `timeout` seconds have gone by."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        value = predicate()
        if not isinstance(value, bool):
            value = await value
        if value:
            return
        if loop.time() > deadline:
            raise AssertionError(f"waited {timeout:.0f} s for {what or 'a condition'}"
                                 + (f"\n{tail()}" if tail is not None else ""))
        await asyncio.sleep(pause)
