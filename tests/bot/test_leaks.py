"""Memory follows what is in play, not everything ever seen (benchmarks/soak_games.py measures
the whole; these pin the pieces)."""

from __future__ import annotations

from bot.plumbing.pacing import SWEEP_EVERY, Coalescer
from testkit.clocks import Clock


async def test_the_coalescer_forgets_groups_gone_quiet_but_keeps_their_allowance() -> None:
    clock = Clock()
    coalescer = Coalescer(limit=20, window=60, clock=clock, sleep=clock.sleep)
    for _ in range(20):  # a busy group uses its whole allowance
        coalescer.note("busy")
    for group in range(3 * SWEEP_EVERY):  # then a great many groups, one board each
        coalescer.note(group)
        clock.now += 0.01
    # Still within the busy group's minute: it is remembered and must wait.
    assert coalescer.remembers("busy") and coalescer.wait_time("busy") > 0
    clock.now += 61
    for group in range(SWEEP_EVERY):  # a minute later, another sweep
        coalescer.note(f"later-{group}")
    assert len(coalescer) <= SWEEP_EVERY + 1
    assert not coalescer.remembers("busy") and not coalescer.remembers(0)
