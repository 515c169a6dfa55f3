"""The board sweep after a process's first (`BoardRepair.sweep`, bot/services/repair.py):
it reads the games saved since its previous sweep (less `MARGIN`) and the messages due
again, not every game in play, and still finds every board left behind: a game saved after
the last sweep, one saved by another process that stopped before drawing it (also one whose
save was stamped before this process's last sweep and written after it), and a board
another process failed to send long after its game last changed. A board behind a game
nobody saved since is left to the next start-up sweep, which looks at every game.

Each test drives the real Dispatcher against the fake Bot API on either engine; a second
process is a second app on the same database; the clock is the tests' (no sleeps).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta

import pytest
import pytest_asyncio

from bot.services import repair
from bot.services.boards import SEND_LEASE
from bot.services.repair import MARGIN, SETTLING
from storage import boards, games, presence
from storage.models import Timing
from testkit.fake_telegram import FakeTelegram
from testkit.fixtures import fake_telegram  # noqa: F401 - a fixture
from testkit.friends import english_friend_game
from testkit.harness import Harness, make_harness, stop_harness
from testkit.lifecycle import Restartable, assert_boards_show_the_stored_game


@pytest_asyncio.fixture
async def app(fake_telegram: FakeTelegram,  # noqa: F811
              database_url: str) -> AsyncIterator[Restartable]:
    runner = Restartable(fake_telegram, database_url)
    await runner.start()
    try:
        yield runner
    finally:
        if runner.h is not None:
            await runner.kill()


@pytest_asyncio.fixture
async def other(app: Restartable) -> AsyncIterator[Harness]:
    """A second process on the same database, Bot API and clock."""
    h = await make_harness(app.fake, app.database_url, seed=99, clock=app.clock, timeout=120)
    try:
        yield h
    finally:
        if id(h) not in _stopped:
            await stop_harness(h)


_stopped: set[int] = set()


async def stop(h: Harness) -> None:
    """The process stops (what it had not drawn stays undrawn)."""
    await stop_harness(h)
    _stopped.add(id(h))


async def swept_game(app: Restartable) -> tuple[Harness, int]:
    """A friend game, its boards drawn, and the process's first sweep (start-up) done."""
    h = app.h
    assert h is not None
    game_id = await english_friend_game(h)
    await h.app.timers.tick()
    return h, game_id


async def saved_undrawn(h: Harness, game_id: int, seconds_ago: float = 0) -> int:
    """A save of the game, stamped `seconds_ago`, whose process never drew it (it
    stopped): the new version."""
    row = await games.load_game(h.app.db, game_id)
    stamp = h.clock.now - timedelta(seconds=seconds_ago)
    return await games.save_game(h.app.db, game_id, row.version, state_json=row.state_json,
                                 deadline=row.deadline, now=stamp)


async def shown(h: Harness, game_id: int) -> set[int]:
    return {m.shown_version for m in await boards.board_messages(h.app.db, game_id)}


async def test_a_game_saved_after_the_last_sweep_is_redrawn(app: Restartable) -> None:
    h, game_id = await swept_game(app)
    version = await saved_undrawn(h, game_id)
    app.clock.advance(SETTLING.total_seconds() - 1)  # left to its own redraw a moment
    await h.app.timers.tick()
    assert await shown(h, game_id) == {version - 1}
    app.clock.advance(1)
    await h.app.timers.tick()
    await h.app.coalescer.drain()
    await assert_boards_show_the_stored_game(h, game_id)


async def test_a_board_behind_a_game_not_saved_since_waits_for_a_start_up_sweep(
        app: Restartable) -> None:
    h, game_id = await swept_game(app)
    app.clock.advance(MARGIN.total_seconds() + 30)
    await h.app.timers.tick()  # the game's last save is before this sweep's window
    # A board behind its game although the game was not saved since the last sweep (no
    # path of the bot leaves one so; a lost write would): later sweeps do not read it.
    async with h.app.db.transaction() as tx:
        await tx.execute("UPDATE board_messages SET shown_version = shown_version - 1"
                         " WHERE game_id = ?", (game_id,))
    for _ in range(3):
        app.clock.advance(1)
        await h.app.timers.tick()
    row = await games.load_game(h.app.db, game_id)
    assert await shown(h, game_id) == {row.version - 1}
    # The next process's first sweep looks at every game in play.
    h = await app.restart()
    await assert_boards_show_the_stored_game(h, game_id)


async def test_a_game_saved_by_another_process_that_stopped_is_redrawn(
        app: Restartable, other: Harness) -> None:
    h, game_id = await swept_game(app)
    await other.app.timers.tick()
    await saved_undrawn(other, game_id)
    await stop(other)  # it stops before drawing the change
    app.clock.advance(SETTLING.total_seconds())
    await h.app.timers.tick()
    await h.app.coalescer.drain()
    await assert_boards_show_the_stored_game(h, game_id)


async def test_a_save_stamped_before_the_last_sweep_and_written_after_it_is_redrawn(
        app: Restartable, other: Harness) -> None:
    """The other process stamped its save half a minute ago (it waited for the database,
    or its clock is behind) and wrote it after this process's last sweep, whose window
    ended before that stamp: the next sweep looks back `MARGIN` and finds it."""
    h, game_id = await swept_game(app)
    app.clock.advance(40)
    await h.app.timers.tick()  # its window ends 10 s ago
    await saved_undrawn(other, game_id, seconds_ago=30)
    await stop(other)
    app.clock.advance(1)
    await h.app.timers.tick()
    await h.app.coalescer.drain()
    await assert_boards_show_the_stored_game(h, game_id)


async def test_a_board_another_process_failed_to_send_is_redrawn_whenever_saved(
        app: Restartable, other: Harness) -> None:
    """The first process's save was stamped before the other's windows (it waited minutes
    for the database: longer than `MARGIN`), Telegram refused its boards (its sends claimed
    and finished as failed, as `BoardPublisher._deliver` records them), and it stopped.
    No window of the other process holds that save, yet its next sweep redraws the boards:
    the failed sends left them due (`recheck_at`)."""
    h, game_id = await swept_game(app)
    await other.app.timers.tick()
    app.clock.advance(100)
    await other.app.timers.tick()  # its next window begins 70 s ago
    version = await saved_undrawn(h, game_id, seconds_ago=80)
    token = presence.token_of(h.app.db.instance)
    for message in await boards.board_messages(h.app.db, game_id):
        claim = await boards.claim_send(h.app.db, game_id, message.chat_id, version,
                                        player_id=message.player_id, token=token,
                                        now=app.clock.now, lease=SEND_LEASE)
        assert claim.granted
        await boards.finish_send(h.app.db, game_id, message.chat_id, version, token=token,
                                 claimed_id=claim.message_id, shown_id=None, release=True,
                                 now=app.clock.now, claim=claim)
    await app.kill()
    app.clock.advance(1)
    assert await shown(other, game_id) == {version - 1}
    await other.app.timers.tick()
    await other.app.coalescer.drain()
    await assert_boards_show_the_stored_game(other, game_id)


async def test_games_a_sweep_could_not_catch_up_are_asked_about_a_few_at_a_time(
        app: Restartable, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two games behind whose catch-up fails (not in a send: no recheck is left) stay this
    process's to redraw after they leave every window; a sweep asks about at most `ASKED`
    of them, and keeps the others for the next."""
    h = app.h
    assert h is not None
    first = await english_friend_game(h)
    row = await games.load_game(h.app.db, first)
    # The same players' correspondence game (no live seat), stored without boards.
    second = await games.create_game(h.app.db, variant="short", players=row.players,
                                     state_json=row.state_json, now=app.clock.now,
                                     timing=Timing("d1", 6 * 3600, True))
    # The first game saved and not drawn, without a deadline (none runs out meanwhile).
    saved = await games.save_game(h.app.db, first, row.version, state_json=row.state_json,
                                  deadline=None, now=app.clock.now)
    versions = {first: saved, second.id: second.version}
    service = h.app.games
    catch_up, broken = service.catch_up, [True]

    async def failing(game_id: int) -> None:
        if broken[0]:
            raise RuntimeError("drawing failed")
        await catch_up(game_id)

    monkeypatch.setattr(service, "catch_up", failing)
    monkeypatch.setattr(repair, "ASKED", 1)
    await h.app.timers.tick()  # the start-up sweep: both found, both failed
    app.clock.advance(MARGIN.total_seconds() + SETTLING.total_seconds() + 30)
    await h.app.timers.tick()  # the last window holding their saves: failed again
    broken[0] = False
    app.clock.advance(MARGIN.total_seconds() + SETTLING.total_seconds() + 30)
    behind = []
    for _ in range(2):
        await h.app.timers.tick()
        await h.app.coalescer.drain()
        behind.append([g for g in versions if await shown(h, g) != {versions[g]}])
    assert [len(games) for games in behind] == [1, 0]
    for game in versions:
        await assert_boards_show_the_stored_game(h, game)
