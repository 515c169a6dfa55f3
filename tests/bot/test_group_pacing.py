"""Group boards keep up with the players: edits are spread evenly within Telegram's 20 a
minute, so a press is on the group's board within a few seconds and never stalls.

Time is virtual: the coalescer sleeps on the test's clock, and the clock moves only when
the test advances it (a sleeper wakes when its time comes, in order), so five minutes of
play take no wall-clock waiting.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest_asyncio

from storage import games
from testkit.clocks import VirtualClock
from testkit.driver import choose
from testkit.fake_telegram import EDIT_METHODS, FakeTelegram
from testkit.harness import Harness, make_harness

GROUP, ALI, VALI = -100777, 6001, 6002


@pytest_asyncio.fixture
async def paced(database_url: str) -> AsyncIterator[tuple[Harness, VirtualClock]]:
    clock = VirtualClock()
    async with FakeTelegram(monotonic=clock.monotonic) as fake:
        h = await make_harness(fake, database_url, clock=clock, seed=7,  # type: ignore[arg-type]
                               timeout=3600)
        try:
            yield h, clock
        finally:
            for task in h.app.coalescer.under_way():  # asleep on the virtual clock
                task.cancel()
            await asyncio.gather(*h.app.coalescer.under_way(), return_exceptions=True)
            await h.app.db.close()
            await h.app.bot.session.close()


async def test_two_players_pressing_every_second_never_stall(paced) -> None:
    h, clock = paced
    flushers = h.app.coalescer.under_way
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
