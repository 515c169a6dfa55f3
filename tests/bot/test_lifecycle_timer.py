"""One timer window per turn (docs/rules.md, "Time, resigning and leaving"): Roll keeps
the deadline, a double pauses the doubler's window while the opponent answers, and the
warning comes at exactly a quarter."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta

import pytest_asyncio

from bot.views.callbacks import Act
from storage import games
from testkit.driver import choose, press, press_until, to_act
from testkit.fake_telegram import FakeTelegram
from testkit.fixtures import fake_telegram  # noqa: F401 - a fixture
from testkit.friends import english_friend_game
from testkit.harness import Harness, make_harness


@pytest_asyncio.fixture
async def short_window(fake_telegram: FakeTelegram,  # noqa: F811
                       database_url: str) -> AsyncIterator[Harness]:
    h = await make_harness(fake_telegram, database_url, timeout=20)
    try:
        yield h
    finally:
        await h.app.db.close()
        await h.app.bot.session.close()


async def deadline(h: Harness, game_id: int):  # type: ignore[no-untyped-def]
    return (await games.load_game(h.app.db, game_id)).deadline


async def test_pressing_roll_keeps_the_turns_window(harness: Harness) -> None:
    h = harness
    game_id = await english_friend_game(h, "1 game", "With the cube")
    roller = await press_until(h, game_id, Act.ROLL)  # may double or roll: the cube is live
    before = await deadline(h, game_id)
    h.clock.advance(50)
    press(h, roller, Act.ROLL)
    await h.feed()
    row = await games.load_game(h.app.db, game_id)
    assert await to_act(h, game_id) == roller  # (these dice can be played: no pass)
    assert row.deadline == before  # one window for the cube decision and the move
    h.clock.advance(60)
    await h.app.timers.tick()
    assert (await games.load_game(h.app.db, game_id)).status == "active"
    h.clock.advance(11)  # 121 s after the turn began: its one window is over
    await h.app.timers.tick()
    row = await games.load_game(h.app.db, game_id)
    assert row.status == "finished" and row.players[1 - row.winner_seat] == roller  # type: ignore[operator]


async def test_a_double_pauses_the_doublers_window_until_the_take(harness: Harness) -> None:
    h = harness
    game_id = await english_friend_game(h, "1 game", "With the cube")
    doubler = await press_until(h, game_id, Act.DOUBLE)
    taker = await games.load_game(h.app.db, game_id)
    taker_id = next(p for p in taker.players if p != doubler)
    start = await deadline(h, game_id)
    h.clock.advance(40)  # 80 s of the doubler's window left
    press(h, doubler, Act.DOUBLE)
    await h.feed()
    assert await to_act(h, game_id) == taker_id
    assert await deadline(h, game_id) == h.clock.now + timedelta(seconds=120)  # a full window
    h.clock.advance(100)  # the doubled player thinks long: not the doubler's time
    press(h, taker_id, Act.TAKE)
    await h.feed()
    assert await to_act(h, game_id) == doubler
    resumed = await deadline(h, game_id)
    assert resumed == h.clock.now + timedelta(seconds=80)  # the doubler's 80 s go on
    assert start is not None and resumed - start == timedelta(seconds=100)
    # The doubler no longer owns the cube: their dice were rolled for them. Steps taken
    # later in the turn keep the same deadline.
    h.clock.advance(30)
    # One step (a checker chosen, or a move button; never Done) keeps the turn and its
    # deadline; a move button may finish the move, which Done then confirms.
    board = h.board(doubler)
    step = choose(board.buttons)
    assert step is not None and step.a in (Act.PICK, Act.GO)
    h.fake.user(doubler, "D").press(board, step.pack())
    await h.feed()
    assert await to_act(h, game_id) == doubler  # (a step, not the whole move)
    assert await deadline(h, game_id) == resumed


async def test_the_warning_comes_when_a_quarter_of_the_window_is_left(
        short_window: Harness) -> None:
    h = short_window
    game_id = await english_friend_game(h)
    player = await to_act(h, game_id)
    started = h.clock.now
    assert await deadline(h, game_id) == started + timedelta(seconds=20)

    def warnings() -> list[str]:
        return [m.text or "" for m in h.fake.messages(player) if (m.text or "").startswith("⏱")]

    h.clock.advance(10)
    assert await h.app.timers.tick() == 5.0  # the loop sleeps until the warning is due
    h.clock.advance(4.5)
    assert await h.app.timers.tick() == 0.5
    assert warnings() == []
    h.clock.advance(0.5)  # exactly 5 s (a quarter of 20 s) left
    await h.app.timers.tick()
    assert warnings() == ["⏱ Hurry: 5 seconds left to move, or you lose on time."]
    await h.app.timers.tick()
    assert len(warnings()) == 1  # once per turn
    h.clock.advance(5)
    await h.app.timers.tick()
    assert (await games.load_game(h.app.db, game_id)).status == "finished"
