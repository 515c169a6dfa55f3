"""Group boards keep up with the players: edits are spread evenly within Telegram's 20 a
minute, so a press is on the group's board within a few seconds and never stalls.

Time is virtual: the coalescer sleeps on the test's clock, and the clock moves only when
the test advances it (a sleeper wakes when its time comes, in order), so five minutes of
play take no wall-clock waiting.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import AsyncIterator, Callable, Iterable
from datetime import UTC, datetime, timedelta

import pytest_asyncio

from storage import games
from tests.bot.conftest import Harness, make_harness
from tests.bot.driver import choose
from tests.support.fake_telegram import EDIT_METHODS, FakeTelegram

GROUP, ALI, VALI = -100777, 6001, 6002


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
        """Until every background task is finished or asleep on this clock."""
        while True:
            busy = [t for t in tasks() if not t.done() and t not in self._asleep]
            if not busy:
                return
            await asyncio.wait(busy, timeout=0.01)


@pytest_asyncio.fixture
async def paced(database_url: str) -> AsyncIterator[tuple[Harness, VirtualClock]]:
    clock = VirtualClock()
    async with FakeTelegram(monotonic=clock.monotonic) as fake:
        h = await make_harness(fake, database_url, clock=clock, seed=7,  # type: ignore[arg-type]
                               timeout=3600)
        try:
            yield h, clock
        finally:
            for task in h.app.coalescer._flushers.values():  # asleep on the virtual clock
                task.cancel()
            await asyncio.gather(*h.app.coalescer._flushers.values(), return_exceptions=True)
            await h.app.db.close()
            await h.app.bot.session.close()


async def test_two_players_pressing_every_second_never_stall(paced) -> None:
    h, clock = paced
    flushers = lambda: list(h.app.coalescer._flushers.values())  # noqa: E731
    h.fake.group(GROUP, "Nard club")
    users = {ALI: h.fake.user(ALI, "Ali"), VALI: h.fake.user(VALI, "Vali")}
    users[ALI].command("/nard long", chat=GROUP)
    await h.fake.feed(h.app.dispatcher, h.app.bot)
    users[VALI].press_button(GROUP, "🎲 Join")
    await h.fake.feed(h.app.dispatcher, h.app.bot)
    await clock.settle(flushers)
    [row] = await games.active_games(h.app.db, ALI)

    accepted: list[tuple[float, int]] = []  # (time, the first request after it)
    waiting: list[int] = []  # presses answered "the board is being updated"
    stale: list[tuple[int, int]] = []  # (version pressed, version stored)
    for _ in range(300):  # five minutes
        for player in (ALI, VALI):  # each presses once a second, on the board they see
            board = h.board(GROUP)
            if f"{users[player].first_name} to move" not in (board.caption or ""):
                continue  # the board shows the other player to move
            data = choose(board.buttons)
            assert data is not None, board.buttons
            before = len(h.fake.requests)
            update = users[player].press(board, data.pack())
            await h.fake.feed(h.app.dispatcher, h.app.bot)
            stored = await games.load_game(h.app.db, row.id)
            assert stored.status == "active", "the game ended: play a longer one"
            answer = h.fake.callback_answer(update) or {}
            if answer.get("show_alert"):
                stale.append((data.v, stored.version))
            elif answer.get("text"):
                assert "being updated" in answer["text"], answer
                waiting.append(data.v)
            else:
                accepted.append((clock.monotonic(), before))
        await clock.advance(1.0, flushers)
    await clock.advance(10.0, flushers)

    assert len(accepted) > 80, len(accepted)  # a real stretch of play was measured
    # Telegram's limit: never more than 20 edits of the group in any 60 seconds.
    assert h.fake.edits_per_window(GROUP, 60) <= 20
    # Every accepted press is on the board within 4 seconds. Edits are drawn from the
    # game as stored when they are sent, so the first edit after a press shows it.
    edits = [(index, r.time) for index, r in enumerate(h.fake.requests)
             if r.method in EDIT_METHODS and r.chat_id == GROUP and r.ok]
    delays = [next(t for index, t in edits if index >= before) - moment
              for moment, before in accepted]
    assert max(delays) <= 4.0, max(delays)
    # The players only ever press the newest board sent to the group: none of those
    # presses is "out of date", even while the next board waits for its turn.
    assert not stale, stale
    print(f"paced group: {len(accepted)} presses applied, {len(waiting)} waited for the "
          f"board, {h.fake.edits_per_window(GROUP, 60)} edits/60 s, "
          f"longest delay {max(delays):.1f} s")
