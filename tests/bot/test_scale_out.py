"""Several processes on one PostgreSQL database: two complete bots (`build`),
each with its own pool, locks and caches, share the database and the fake Bot API, as two
`python -m bot` processes behind a load balancer do. Updates are handed to one or the
other, or to both at the same moment.

* a press delivered to both processes at once is applied once (the game's database lock
  around load–apply–save; the version check behind it);
* both processes' timer loops on the same overdue turn: one timeout, one result, one
  warning;
* a language chosen through one process is the next answer's language in the other;
* a group's edits from both processes keep one allowance (at most 20 a minute, spaced).
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator

import asyncpg
import pytest
import pytest_asyncio
from aiogram.types import Update

from bot.plumbing.pacing import Coalescer, SharedPace
from storage import Database, games, outbox
from storage.connect import open_database
from storage.postgres import GAME_LOCK_SPACE
from testkit.clocks import FakeClock, VirtualClock
from testkit.driver import choose, to_act
from testkit.fake_telegram import FakeTelegram
from testkit.friends import VALI, english_friend_game
from testkit.harness import Harness, make_harness
from testkit.postgres import PostgresCluster

pytestmark = pytest.mark.postgres


@pytest_asyncio.fixture
async def pg_url(postgres: PostgresCluster) -> AsyncIterator[str]:
    url = await postgres.create()
    try:
        yield url
    finally:
        await postgres.drop(url)


@pytest_asyncio.fixture
async def two(pg_url: str) -> AsyncIterator[tuple[Harness, Harness]]:
    """Two processes' worth of bot on one database, one fake Bot API and one clock."""
    clock = FakeClock()
    async with FakeTelegram(monotonic=clock.monotonic) as fake:
        first = await make_harness(fake, pg_url, clock=clock, timeout=20)
        second = await make_harness(fake, pg_url, clock=clock, timeout=20)
        try:
            yield first, second
        finally:
            for h in (first, second):
                await h.app.coalescer.drain()
                await h.app.repair.close()
                await h.app.db.close()
                await h.app.bot.session.close()


async def to_both(first: Harness, second: Harness) -> None:
    """Hand each queued update to both processes at the same moment (a retried delivery,
    or a double tap spread by the balancer), and wait for their redraws: also those put off
    because the other process's send of the board was on its way (`BoardRepair.later`)."""
    raw = first.fake.pop_updates()
    await asyncio.gather(*(h.app.dispatcher.feed_update(
        h.app.bot, Update.model_validate(u, context={"bot": h.app.bot}))
        for u in raw for h in (first, second)))
    for h in (first, second):
        await h.app.coalescer.drain()
        await h.app.repair.drain()
        await h.app.coalescer.drain()


async def test_a_press_taken_by_two_processes_at_once_is_applied_once(two) -> None:
    first, second = two
    game_id = await english_friend_game(first)
    for _ in range(12):  # a stretch of play, every press to both processes at once
        chat = await to_act(first, game_id)
        before = await games.load_game(first.app.db, game_id)
        board = first.board(chat)
        first.fake.user(chat, "P").press(board, choose(board.buttons).pack())
        await to_both(first, second)
        after = await games.load_game(first.app.db, game_id)
        assert after.version == before.version + 1  # once, not twice
    log = await games.move_log(first.app.db, game_id)
    versions = [entry.version for entry in log]
    assert versions == sorted(versions)


async def test_two_timer_loops_time_a_turn_out_once_and_warn_once(two) -> None:
    first, second = two
    game_id = await english_friend_game(first)
    player = await to_act(first, game_id)

    def warnings() -> list[str]:
        return [m.text or "" for m in first.fake.messages(player)
                if (m.text or "").startswith("⏱")]

    first.clock.advance(15)  # a quarter of the 20 s window left
    await asyncio.gather(first.app.timers.tick(), second.app.timers.tick())
    await asyncio.gather(first.app.timers.tick(), second.app.timers.tick())
    assert len(warnings()) == 1
    first.clock.advance(6)
    await asyncio.gather(first.app.timers.tick(), second.app.timers.tick())
    await asyncio.gather(first.app.timers.tick(), second.app.timers.tick())
    row = await games.load_game(first.app.db, game_id)
    assert row.status == "finished"
    assert await first.app.db.fetchval(
        "SELECT COUNT(*) FROM game_results WHERE game_id = ?", (game_id,)) == 1
    assert await first.app.db.fetchval(
        "SELECT COUNT(*) FROM moves WHERE game_id = ? AND kind = 'result'", (game_id,)) == 1
    # The result message reached each player once (the outbox's claim), whoever sent it.
    for chat in row.players:
        assert chat is not None
        finals = [m for m in first.fake.messages(chat) if "time ran out" in (m.text or "")]
        assert len(finals) == 1, first.fake.transcript(chat)
    assert len(warnings()) == 1
    assert not await outbox.pending_notices(first.app.db)


async def test_a_language_chosen_through_one_process_is_spoken_by_the_other(two) -> None:
    first, second = two
    user = first.fake.user(VALI, "Vali")
    user.command("/help")
    await second.fake.feed(second.app.dispatcher, second.app.bot)  # process 2 knows Vali
    english = first.fake.last_message(VALI).text
    user.command("/lang")
    await first.feed()
    user.press_button(VALI, "Русский")
    await first.feed()  # chosen through process 1
    # Process 2 hears of it (LISTEN/NOTIFY) before its next update, not after its cache ages.
    for _ in range(500):
        if not second.app.core.players.remembers(VALI):
            break
        await asyncio.sleep(0.01)
    user.command("/help")
    await second.fake.feed(second.app.dispatcher, second.app.bot)
    russian = first.fake.last_message(VALI).text
    assert russian != english and any("а" <= ch <= "я" for ch in russian or ""), russian


async def test_a_groups_edits_from_two_processes_keep_one_allowance(pg_url: str) -> None:
    clock = VirtualClock()  # sleepers wake when the test moves time on
    sent: list[tuple[float, int]] = []
    dbs = [await open_database(pg_url), await open_database(pg_url)]
    try:
        pacers = [Coalescer(clock=clock.monotonic, sleep=clock.sleep,
                            shared=SharedPace(db, clock.monotonic)) for db in dbs]

        def busy() -> list[asyncio.Task]:
            return [task for pacer in pacers for task in pacer.under_way()]

        def redraw(process: int):  # type: ignore[no-untyped-def]
            async def send() -> None:
                sent.append((clock.monotonic(), process))
            return send

        for second in range(120):  # two processes each redraw a board every second
            await asyncio.gather(*(pacer.submit(-100500, redraw(n), slot=n)
                                   for n, pacer in enumerate(pacers)))
            if second % 30 == 0:
                pacers[0].note(-100500)  # a result or a join, sent some other way
            await clock.advance(1.0, busy)
        await clock.advance(10.0, busy)
        times = [moment for moment, _ in sent]
        assert {process for _, process in sent} == {0, 1}
        assert len(times) >= 30
        for index, start in enumerate(times):  # never more than 20 in any 60 seconds
            assert len([t for t in times[index:] if t - start < 60]) <= 20
        gaps = [b - a for a, b in itertools.pairwise(times)]
        assert min(gaps) >= 60 / 18 - 0.01, min(gaps)
    finally:
        for db in dbs:
            await db.close()


async def test_a_games_lock_is_one_processes_at_a_time(pg_url: str) -> None:
    a, b = await open_database(pg_url), await open_database(pg_url)
    try:
        async with a.game_lock(7) as held:
            assert held
            async with b.game_lock(7, wait=False) as other:
                assert not other  # the timer's way: leave it to the holder
            async with b.game_lock(8, wait=False) as other:
                assert other  # another game is free
            waiting = asyncio.ensure_future(_hold(b, 7))
            for _ in range(200):  # until b's session is seen waiting for the lock
                if await _waiters(a):
                    break
                await asyncio.sleep(0.01)
            assert await _waiters(a) == 1 and not waiting.done()
        assert await asyncio.wait_for(waiting, 10)  # released at the block's end
        # A holder that dies (its connection gone) frees the game with it: a session of
        # its own holding game 9's key, as a process's lock connection would.
        holder = await asyncpg.connect(pg_url)
        await holder.execute("SELECT pg_advisory_lock($1)", GAME_LOCK_SPACE | 9)
        async with b.game_lock(9, wait=False) as other:
            assert not other  # held by the living session
        await holder.close()
        async with b.game_lock(9, wait=False) as other:
            assert other
    finally:
        await a.close()
        await b.close()


async def _hold(db: Database, game_id: int) -> bool:
    async with db.game_lock(game_id) as held:
        return bool(held)


async def _waiters(db: Database) -> int:
    return int(await db.fetchval(
        "SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"))
