"""The coalescer keeps to the rate and always ends with the latest board."""

from __future__ import annotations

import itertools

import pytest

from bot.plumbing.pacing import Coalescer
from testkit.clocks import Clock


async def test_a_burst_is_coalesced_and_the_latest_wins() -> None:
    clock = Clock()
    coalescer = Coalescer(limit=20, window=60, clock=clock, sleep=clock.sleep)
    sent: list[tuple[float, int]] = []

    def board(n: int):
        async def send() -> None:
            sent.append((clock.now, n))
        return send

    for n in range(30):
        await coalescer.submit("group", board(n))
        clock.now += 0.1  # thirty redraws within three seconds
    await coalescer.drain()
    # The first goes at once; the other 29 collapse into the latest, sent one step later.
    assert [n for _, n in sent] == [0, 29]
    assert sent[1][0] - sent[0][0] == pytest.approx(coalescer.spacing)


async def test_steady_redraws_are_spread_evenly_within_the_limit() -> None:
    clock = Clock()
    coalescer = Coalescer(limit=20, window=60, clock=clock, sleep=clock.sleep)
    sent: list[float] = []

    async def send() -> None:
        sent.append(clock.now)

    start = clock.now
    while clock.now < start + 300:  # a redraw asked for every half second, five minutes
        await coalescer.submit("group", send)
        await clock.sleep(0.5)
    await coalescer.drain()
    gaps = [b - a for a, b in itertools.pairwise(sent)]
    # Even (this clock moves for every sleeper, so a gap can grow by the asker's step).
    assert min(gaps) >= 60 / 18 - 1e-9 and max(gaps) <= 60 / 18 + 0.5 + 1e-9
    assert all(sum(1 for u in sent if t <= u < t + 60) <= 20 for t in sent)


async def test_messages_sent_elsewhere_use_the_allowance() -> None:
    clock = Clock()
    coalescer = Coalescer(limit=20, window=60, clock=clock, sleep=clock.sleep)
    sent: list[float] = []

    async def send() -> None:
        sent.append(clock.now)

    for _ in range(25):  # a flood of messages the coalescer did not send itself
        coalescer.note("group")
    await coalescer.submit("group", send)
    await coalescer.drain()
    assert sent == [1060.0]  # after the window has passed


def recorder(sent: list[str]):
    """A factory of redraws that note their name when sent."""
    def board(name: str):
        async def send() -> None:
            sent.append(name)
        return send
    return board


async def test_two_boards_in_one_chat_share_the_rate_but_not_the_queue() -> None:
    clock = Clock()
    coalescer = Coalescer(limit=1, window=60, clock=clock, sleep=clock.sleep)
    sent: list[str] = []
    board = recorder(sent)

    await coalescer.submit("g", board("game1-a"), slot=1)
    await coalescer.submit("g", board("game2-a"), slot=2)
    await coalescer.submit("g", board("game1-b"), slot=1)
    await coalescer.drain()
    assert sent == ["game1-a", "game2-a", "game1-b"]


async def test_chats_do_not_wait_for_each_other() -> None:
    clock = Clock()
    coalescer = Coalescer(limit=1, window=60, clock=clock, sleep=clock.sleep)
    sent: list[str] = []
    board = recorder(sent)

    await coalescer.submit("a", board("a1"))
    await coalescer.submit("b", board("b1"))
    assert sent == ["a1", "b1"]


async def test_a_board_is_waiting_while_queued_and_while_sent_from_the_queue() -> None:
    clock = Clock()
    coalescer = Coalescer(limit=20, window=60, clock=clock, sleep=clock.sleep)
    seen: list[bool] = []

    async def first() -> None:
        seen.append(coalescer.waiting(7))

    async def second() -> None:
        seen.append(coalescer.waiting(7))

    await coalescer.submit("g", first, slot=7)  # sent at once: nothing waits
    assert coalescer.waiting(7) is False
    await coalescer.submit("g", second, slot=7)  # queued behind the pace
    assert coalescer.waiting(7) is True and coalescer.waiting(8) is False
    await coalescer.drain()
    assert seen == [False, True]  # still "waiting" while it goes out
    assert coalescer.waiting(7) is False
