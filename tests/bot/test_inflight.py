"""A stopping process finishes the updates it has taken (Telegram will not resend them)."""

from __future__ import annotations

import asyncio

from bot.plumbing.inflight import InFlight


async def test_drained_waits_for_the_updates_being_handled() -> None:
    inflight, release = InFlight(), asyncio.Event()
    assert await inflight.drained(0)  # nothing in flight: at once

    async def handler(event: object, data: dict) -> str:
        await release.wait()
        return "handled"

    tasks = [asyncio.create_task(inflight(handler, object(), {})) for _ in range(3)]
    await asyncio.sleep(0)
    assert inflight.count == 3
    waiting = asyncio.create_task(inflight.drained(30))
    await asyncio.sleep(0)
    assert not waiting.done()
    release.set()
    assert await waiting is True
    assert [await task for task in tasks] == ["handled"] * 3 and inflight.count == 0


async def test_drained_gives_up_after_its_timeout_and_counts_failures_out() -> None:
    inflight = InFlight()

    async def stuck(event: object, data: dict) -> None:
        await asyncio.Event().wait()

    async def failing(event: object, data: dict) -> None:
        raise RuntimeError("handler failed")

    task = asyncio.create_task(inflight(stuck, object(), {}))
    await asyncio.sleep(0)
    assert await inflight.drained(0.01) is False
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    assert await asyncio.gather(inflight(failing, object(), {}), return_exceptions=True)
    assert inflight.count == 0 and await inflight.drained(0)
