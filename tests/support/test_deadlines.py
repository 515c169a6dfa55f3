"""The kit's waits end: what never happens fails with a message naming it, instead of
hanging the run (each wait here is for something that cannot happen)."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import pytest

from testkit import clocks
from testkit.processes import read_line
from testkit.waiting import within


async def test_within_fails_naming_what_never_came() -> None:
    with pytest.raises(AssertionError, match="for the event"):
        await within(asyncio.Event().wait(), 0.01, "the event")
    assert await within(asyncio.sleep(0, "done"), 30) == "done"


async def test_within_lets_the_awaitables_own_timeout_through() -> None:
    async def timing_out() -> None:
        raise TimeoutError("its own")

    with pytest.raises(TimeoutError, match="its own"):
        await within(timing_out(), 30)


async def test_a_silent_process_is_killed_and_named() -> None:
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"],
                             stdout=subprocess.PIPE, text=True)
    try:
        with pytest.raises(AssertionError, match=f"for its line from pid {child.pid}"):
            await read_line(child, 0.01, "its line", tail=lambda: "said nothing")
        assert await asyncio.to_thread(child.wait, 30) == -9
    finally:
        child.kill()
        child.wait(30)
        assert child.stdout is not None
        child.stdout.close()


async def test_settle_names_a_task_that_neither_ends_nor_sleeps_on_the_clock(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(clocks, "SETTLE", 0.01)
    stuck = asyncio.create_task(asyncio.Event().wait(), name="stuck-forever")
    try:
        with pytest.raises(AssertionError, match="stuck-forever"):
            await clocks.VirtualClock().settle(lambda: [stuck])
    finally:
        stuck.cancel()
