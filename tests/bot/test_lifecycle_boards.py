"""Boards never left stale, deadlines never run out unseen, results sent exactly once.

Each test drives the real Dispatcher against the fake Bot API. A "restart" closes the app
the way a killed process stops (nothing more reaches Telegram) and builds a new one on the
same database: what the first process left undone must be done by the second.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest_asyncio

from bot.services.boards import SEND_LEASE
from bot.views.callbacks import Act
from core.live import Live
from storage import boards, games, outbox
from testkit.driver import game_buttons, press, press_until, resign, to_act
from testkit.fake_telegram import FakeTelegram
from testkit.fixtures import fake_telegram  # noqa: F401 - a fixture
from testkit.friends import ALI, VALI, challenge, english_friend_game
from testkit.harness import Harness
from testkit.lifecycle import (
    GRACE,
    WINDOW,
    Restartable,
    assert_boards_show_the_stored_game,
    results,
)


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


async def turn_to_end(app: Restartable) -> tuple[Harness, int, int]:
    """A friend game whose player to act has only Done left to press: (harness, game,
    that player)."""
    h = app.h
    assert h is not None
    game_id = await english_friend_game(h)
    return h, game_id, await press_until(h, game_id, Act.DONE)


# -- boards --------------------------------------------------------------------------------


async def saved_not_drawn(app: Restartable) -> tuple[Harness, int, int]:
    """A turn ended and saved by a process that dies before drawing it: no board changes
    (every edit fails until the restart, beyond the retry policy's tries and the repair's).
    Returns (harness, game, the player who ended the turn)."""
    h, game_id, mover = await turn_to_end(app)
    dead = [True]
    h.fake.fail_next("editMessageMedia", 500, times=1000, when=lambda _: dead[0])
    press(h, mover, Act.DONE)
    await h.feed()
    await h.app.repair.close()
    dead[0] = False
    return h, game_id, mover


async def test_boards_left_behind_by_a_killed_process_are_redrawn_at_start(
        app: Restartable) -> None:
    h, game_id, mover = await saved_not_drawn(app)
    row = await games.load_game(h.app.db, game_id)
    shown = {m.chat_id: m.shown_version for m in await boards.board_messages(h.app.db, game_id)}
    assert shown == {ALI: row.version - 1, VALI: row.version - 1}
    # The waiting player still holds the move's buttons, the other has none.
    assert any(d.a is Act.DONE for _, d in game_buttons(h.board(mover).buttons))

    h = await app.restart()
    await assert_boards_show_the_stored_game(h, game_id)
    # The player to act never saw this turn's board before: their window starts now.
    row = await games.load_game(h.app.db, game_id)
    assert row.deadline == app.clock.now.replace(microsecond=0) + __import__(
        "datetime").timedelta(seconds=WINDOW)


async def test_a_game_stored_before_its_first_board_gets_its_boards_at_start(
        app: Restartable) -> None:
    h = app.h
    assert h is not None
    code = await challenge(h, "Long nard", "👥 A friend", "1 game")
    # The process dies right after storing the accepted challenge's game.
    h.app.games.begin = _nothing  # type: ignore[method-assign]
    h.fake.user(VALI, "Vali").command(f"/start {code}")
    await h.feed()
    [row] = await games.active_games(h.app.db, VALI)
    assert not [m for m in h.fake.messages(VALI) if m.photo is not None]
    h = await app.restart()
    await assert_boards_show_the_stored_game(h, row.id)


async def _nothing(*args: object, **kwargs: object) -> None:
    return None


async def test_sends_of_a_killed_process_do_not_hold_the_boards_back_at_start(
        app: Restartable) -> None:
    h, game_id, _ = await saved_not_drawn(app)
    # The killed process's sends of the version before were on their way, fate unknown:
    # their leases run 12 s more, and their token names a process that is gone.
    until = int(app.clock.now.timestamp()) + SEND_LEASE
    async with h.app.db.transaction() as tx:
        await tx.execute("UPDATE board_messages SET sending_version = shown_version,"
                         " sending_until = ?, sending_token = '0badcafe.1'"
                         " WHERE game_id = ?", (until, game_id))
    h = await app.restart()
    # Drawn at once, not after the leases.
    await assert_boards_show_the_stored_game(h, game_id)
    stored = await boards.board_messages(h.app.db, game_id)
    assert {m.recheck_at for m in stored} == {datetime.fromtimestamp(until, UTC)}
    # Telegram might still carry the old edits out until then: both boards are sent again.
    edits = len(h.fake.calls("editMessageMedia"))
    app.clock.advance(SEND_LEASE - 1)
    await h.app.timers.tick()
    assert len(h.fake.calls("editMessageMedia")) == edits
    app.clock.advance(1)
    await h.app.timers.tick()
    await h.app.coalescer.drain()
    assert len(h.fake.calls("editMessageMedia")) == edits + 2
    assert {m.recheck_at for m in await boards.board_messages(h.app.db, game_id)} == {None}
    await assert_boards_show_the_stored_game(h, game_id)


async def test_a_redraw_never_replaces_a_newer_board(app: Restartable) -> None:
    h = app.h
    assert h is not None
    game_id = await english_friend_game(h)
    old = await games.load_game(h.app.db, game_id)
    mover = await press_until(h, game_id, Act.DONE)
    press(h, mover, Act.DONE)
    await h.feed()
    new = await games.load_game(h.app.db, game_id)
    assert new.version > old.version
    edits = len(h.fake.calls("editMessageMedia")) + len(h.fake.calls("sendPhoto"))
    # A late redraw of the older version (another process, a slow task) changes nothing.
    await h.app.boards.publish(old, Live.load(old.state_json))
    assert len(h.fake.calls("editMessageMedia")) + len(h.fake.calls("sendPhoto")) == edits
    assert not await boards.record_shown(h.app.db, game_id, ALI, 1, player_id=ALI,
                                         version=old.version, now=app.clock.now)
    await assert_boards_show_the_stored_game(h, game_id)


async def test_a_telegram_fault_is_repaired_by_the_timer_loop(app: Restartable) -> None:
    h, game_id, mover = await turn_to_end(app)
    # Beyond the retry policy's tries within a press (3) and the repair's five attempts.
    broken = [True]
    h.fake.fail_next("editMessageMedia", 502, "Bad Gateway", times=1000,
                     when=lambda _: broken[0])
    press(h, mover, Act.DONE)
    await h.feed()
    await h.app.repair.drain()
    broken[0] = False
    app.clock.advance(11)  # the press is done with its game: the loop takes over
    await h.app.timers.tick()
    await assert_boards_show_the_stored_game(h, game_id)


# -- deadlines -----------------------------------------------------------------------------


async def test_a_player_never_shown_their_turn_does_not_lose_on_time(app: Restartable) -> None:
    h, game_id, mover = await turn_to_end(app)
    other = VALI if mover == ALI else ALI
    # The board that hands the turn to the other player never reaches them ...
    broken = [True]
    h.fake.fail_next("editMessageMedia", 500, times=1000,
                     when=lambda p: broken[0] and p["chat_id"] == other)
    press(h, mover, Act.DONE)
    await h.feed()
    await h.app.repair.drain()  # its tries fail too
    broken[0] = False
    assert await to_act(h, game_id) == other
    app.clock.advance(WINDOW + 60)  # ... and their deadline passes
    await h.app.timers.tick()
    row = await games.load_game(h.app.db, game_id)
    assert row.status == "active"  # not lost on time: shown the board, with a new window
    await assert_boards_show_the_stored_game(h, game_id)
    assert (row.deadline - app.clock.now).total_seconds() == WINDOW  # type: ignore[operator]
    app.clock.advance(WINDOW)  # now they have seen it: the window runs out as usual
    await h.app.timers.tick()
    row = await games.load_game(h.app.db, game_id)
    assert row.status == "finished" and row.players[row.winner_seat] == mover  # type: ignore[index]


async def test_a_deadline_passed_while_down_fires_only_after_the_restarts_grace(
        app: Restartable) -> None:
    """A crash never decides a game: the board was seen and the deadline passed while the
    bot was down, yet the player to move gets RESTART_GRACE_SECONDS (30) from the start."""
    h = app.h
    assert h is not None
    game_id = await english_friend_game(h)
    mover = await to_act(h, game_id)
    version = (await games.load_game(h.app.db, game_id)).version
    app.clock.advance(WINDOW + 1000)  # the bot was down past the deadline
    h = await app.restart()
    row = await games.load_game(h.app.db, game_id)
    assert row.status == "active" and row.version == version  # the buttons stay valid
    assert row.deadline == app.clock.now + timedelta(seconds=GRACE)
    app.clock.advance(GRACE - 1)
    await h.app.timers.tick()
    assert (await games.load_game(h.app.db, game_id)).status == "active"
    app.clock.advance(1)
    await h.app.timers.tick()
    row = await games.load_game(h.app.db, game_id)
    assert row.status == "finished" and row.players[1 - row.winner_seat] == mover  # type: ignore[operator]


async def test_the_grace_leaves_later_deadlines_alone(app: Restartable) -> None:
    h = app.h
    assert h is not None
    game_id = await english_friend_game(h)
    before = (await games.load_game(h.app.db, game_id)).deadline
    app.clock.advance(WINDOW - GRACE - 10)  # 40 s of the turn left: more than the grace
    h = await app.restart()
    assert (await games.load_game(h.app.db, game_id)).deadline == before


# -- result messages -----------------------------------------------------------------------


async def test_a_result_message_survives_a_telegram_fault_and_is_sent_once(
        app: Restartable) -> None:
    h = app.h
    assert h is not None
    game_id = await english_friend_game(h)
    # Three tries: the retry policy's within a press.
    h.fake.fail_next("sendMessage", 500, times=3, when=lambda p: p["chat_id"] == VALI)
    await resign(h, VALI)
    assert (await games.load_game(h.app.db, game_id)).status == "finished"
    assert (len(results(h, ALI)), len(results(h, VALI))) == (1, 0)
    [notice] = await outbox.pending_notices(h.app.db)
    assert notice.done == (ALI,)  # Ali is served: a retry must not send him another
    await h.app.timers.tick()  # too early: it waits before trying again
    assert len(results(h, VALI)) == 0
    app.clock.advance(5)
    for _ in range(3):
        await h.app.timers.tick()
        app.clock.advance(60)
    assert (len(results(h, ALI)), len(results(h, VALI))) == (1, 1)
    assert await outbox.pending_notices(h.app.db) == []
    h = await app.restart()
    assert (len(results(h, ALI)), len(results(h, VALI))) == (1, 1)


async def test_a_result_decided_just_before_a_kill_is_sent_after_the_restart(
        app: Restartable) -> None:
    h = app.h
    assert h is not None
    game_id = await english_friend_game(h, "To 3 points", "Without the cube")
    # The process dies right after the game's result is saved, before any message.
    h.app.results.deliver = _nothing  # type: ignore[method-assign]
    await resign(h, VALI)
    assert (len(results(h, ALI)), len(results(h, VALI))) == (0, 0)
    h = await app.restart()
    assert (len(results(h, ALI)), len(results(h, VALI))) == (1, 1)
    assert "Game 2" in results(h, ALI)[0] or "game 2" in results(h, ALI)[0].lower()
    h = await app.restart()
    assert (len(results(h, ALI)), len(results(h, VALI))) == (1, 1)
    await assert_boards_show_the_stored_game(h, game_id)


async def test_a_result_a_killed_process_was_sending_is_sent_at_once_after_the_restart(
        app: Restartable) -> None:
    h = app.h
    assert h is not None
    await english_friend_game(h)
    h.app.results.deliver = _nothing  # type: ignore[method-assign]
    await resign(h, VALI)
    # The process claimed the result (12 s) and died sending it: Telegram never got it.
    async with h.app.db.transaction() as tx:
        await tx.execute("UPDATE outbox SET due_at = ?, sender = ?", (
            int(app.clock.now.timestamp()) + 12, h.app.db.instance))
    h = await app.restart()
    # The start's first pass sends it, not the first pass 12 s later.
    assert (len(results(h, ALI)), len(results(h, VALI))) == (1, 1)
    assert await outbox.pending_notices(h.app.db) == []


async def test_a_press_whose_answer_fails_is_saved_and_drawn(app: Restartable) -> None:
    h, game_id, mover = await turn_to_end(app)
    before = await games.load_game(h.app.db, game_id)
    h.fake.fail_next("answerCallbackQuery", 429, retry_after=30)  # answered after the save
    press(h, mover, Act.DONE)
    await h.feed()
    assert (await games.load_game(h.app.db, game_id)).version > before.version
    await assert_boards_show_the_stored_game(h, game_id)
