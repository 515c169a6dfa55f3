"""The coalescer keeps to the rate and always ends with the latest board."""

from __future__ import annotations

import asyncio

from bot.services.coalesce import Coalescer


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds
        await asyncio.sleep(0)


async def test_a_burst_is_coalesced_to_the_rate_and_the_latest_wins() -> None:
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
    assert sent[-1][1] == 29  # the final board is the latest one
    assert [n for _, n in sent[:20]] == list(range(20))  # the first twenty go at once
    assert len(sent) == 21  # the other ten collapse into one
    times = [t for t, _ in sent]
    assert all(sum(1 for u in times if t <= u < t + 60) <= 20 for t in times)


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
