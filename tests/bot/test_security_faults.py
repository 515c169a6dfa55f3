"""Telegram faults (docs/architecture.md, "Telegram faults"), at start-up too: every Bot API
call goes through one retry policy, a fault never leaves a game without a board for the
player to move, and nothing logs a traceback.

Every wait goes through the harness's fake clock (`FakeClock.sleep`): no test waits on the
wall clock, and the waits can be read off the clock.
"""

from __future__ import annotations

import asyncio
import logging
import socket

import pytest

from bot.app import App, start_up
from bot.plumbing.retry import URGENT_WAIT
from bot.views.callbacks import Act
from core.live import Live
from engine.dice import SeededDice
from storage import boards, games
from testkit.clocks import FakeClock
from testkit.computer import start_game
from testkit.driver import choose, game_buttons
from testkit.faults import FaultyTelegram
from testkit.friends import ALI, VALI, friend_game
from testkit.harness import Harness, make_harness
from testkit.scenarios import GROUP, SCENARIOS, USER, to_move


@pytest.mark.parametrize("method", SCENARIOS)
async def test_a_short_429_on_any_method_is_waited_out(
        harness: Harness, method: str, caplog: pytest.LogCaptureFixture) -> None:
    h = harness
    h.fake.fail_next(method, 429, retry_after=1)
    start = h.clock()
    await SCENARIOS[method](h)
    answers = [r.error_code for r in h.fake.calls(method)]
    assert answers[:2] == [429, None], answers  # refused once, then tried again and done
    assert (h.clock() - start).total_seconds() >= 1  # waited as Telegram asked
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


@pytest.mark.parametrize("method", SCENARIOS)
async def test_5xx_answers_on_any_method_are_retried_with_back_off(
        harness: Harness, method: str, caplog: pytest.LogCaptureFixture) -> None:
    h = harness
    h.fake.fail_next(method, 502, times=2)
    await SCENARIOS[method](h)
    answers = [r.error_code for r in h.fake.calls(method)]
    assert answers[:3] == [502, 502, None], answers
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


# -- faults that outlast the policy: the board comes later ----------------------------------


async def mover_has_a_board(h: Harness, game_id: int) -> None:
    """The player to act has a board message showing buttons of the stored version."""
    row = await games.load_game(h.app.db, game_id)
    mover = row.players[Live.load(row.state_json).game.to_act]
    stored = {m.chat_id: m for m in await boards.board_messages(h.app.db, game_id)}
    group = [m for m in stored.values() if m.player_id is None]
    message = group[0] if group else stored[mover]
    shown = h.fake.message(message.chat_id, message.message_id)
    versions = {d.v for _, d in game_buttons(shown.buttons) if d.a is not Act.RESIGN}
    assert versions == {row.version}, (versions, row.version, h.fake.transcript(mover))


async def mover(h: Harness, game_id: int) -> int:
    row = await games.load_game(h.app.db, game_id)
    return row.players[Live.load(row.state_json).game.to_act]  # type: ignore[return-value]


async def play_a_turn(h: Harness, game_id: int) -> int:
    """Press the mover's buttons until the turn passes to the other player (as stored);
    returns who moved."""
    chat = await mover(h, game_id)
    user = h.fake.user(chat, "X")
    for _ in range(12):
        board = h.board(chat)
        user.press(board, choose(board.buttons).pack())
        await h.feed()
        if await mover(h, game_id) != chat:
            break
    return chat


@pytest.mark.parametrize("fault", ["429", "5xx", "disconnect", "html"])
async def test_a_redraw_telegram_will_not_take_now_is_made_later(
        database_url: str, caplog: pytest.LogCaptureFixture, fault: str) -> None:
    async with FaultyTelegram() as fake:
        h = await make_harness(fake, database_url)
        later = asyncio.Event()
        asked: list[float] = []

        async def repair_sleep(seconds: float) -> None:  # the repair waits for the test
            asked.append(seconds)
            await later.wait()
            h.clock.advance(seconds)

        h.app.repair.sleep = repair_sleep
        h.app.games.dice = SeededDice(1)  # the turns this test was written for
        try:
            game_id = await friend_game(h)
            chat = to_move(h)
            other = VALI if chat == ALI else ALI
            on_other = {"when": lambda p: p.get("chat_id") == other}
            # Every try at the other player's board fails while the turn is played.
            if fault == "429":
                fake.fail_next("editMessageMedia", 429, retry_after=30, **on_other)
            elif fault == "5xx":
                fake.fail_next("editMessageMedia", 500, times=3, **on_other)
            else:
                fake.fault("editMessageMedia", fault, times=3, **on_other)  # type: ignore[arg-type]
            start = h.clock()
            assert await play_a_turn(h, game_id) == chat
            # The press did not wait the fault out under the game's lock ...
            assert (h.clock() - start).total_seconds() <= URGENT_WAIT
            assert await mover(h, game_id) == other and to_move(h) is None
            # ... the board is drawn when Telegram allows (30 s; 5 s after a failing one).
            await h.app.repair.planned()
            assert asked == [30.0 if fault == "429" else 5.0]
            later.set()
            await h.app.repair.drain()
            await mover_has_a_board(h, game_id)
            assert to_move(h) == other
        finally:
            await h.app.repair.close()
            await h.app.db.close()
            await h.app.bot.session.close()
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


async def test_a_slow_telegram_holds_up_only_its_own_call(database_url: str) -> None:
    async with FaultyTelegram() as fake:
        h = await make_harness(fake, database_url)
        try:
            game_id = await friend_game(h)
            fast = to_move(h)
            # A newcomer's game starts while Telegram sits on their board upload.
            fake.fault("sendPhoto", "hold", when=lambda p: p.get("chat_id") == USER)
            newcomer = asyncio.create_task(start_game(
                h, USER, "Short nard", "🤖 Computer", "Beginner", "1 game", "Without the cube"))
            await asyncio.wait_for(fake.holding.wait(), 10)  # the upload is being held
            # The other game goes on meanwhile.
            version = (await games.load_game(h.app.db, game_id)).version
            board = h.board(fast)
            h.fake.user(fast, "X").press(board, choose(board.buttons).pack())
            await h.fake.feed(h.app.dispatcher, h.app.bot)
            row = await games.load_game(h.app.db, game_id)
            assert row.version > version or h.board(fast).edits
            assert not newcomer.done()
            fake.release()
            await newcomer
            assert h.board(USER).buttons
        finally:
            await h.app.db.close()
            await h.app.bot.session.close()


# -- start-up -----------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def test_an_unreachable_bot_api_at_start_up_is_waited_for(
        database_url: str, caplog: pytest.LogCaptureFixture) -> None:
    fake = FaultyTelegram(port=free_port())  # not started yet: connections are refused
    clock = FakeClock()
    delays: list[float] = []

    async def sleep(seconds: float) -> None:
        delays.append(seconds)
        await clock.sleep(seconds)
        if len(delays) == 8:  # the server comes up after a while
            await fake.start()

    h = await make_harness(fake, database_url, clock=clock)
    app: App = h.app
    try:
        await start_up(app, sleep)
        assert (await app.bot.me()).username == "nard_test_bot"
        assert fake.commands() and fake.commands(language_code="uz")
    finally:
        await app.db.close()
        await app.bot.session.close()
        await fake.stop()
    # Each getMe try is the retry policy's (short back-off), then start-up's growing pause.
    pauses = [d for d in delays if d >= 1]
    assert pauses[:2] == [1.0, 2.0] and pauses == sorted(pauses)
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


async def test_a_failing_bot_api_at_start_up_is_retried(
        harness: Harness, caplog: pytest.LogCaptureFixture) -> None:
    h = harness
    h.fake.fail_next("getMe", 500, times=9)
    h.fake.fail_next("setMyCommands", 429, retry_after=120)  # too long: start-up's pause
    await start_up(h.app, h.clock.sleep)
    assert [r.error_code for r in h.fake.calls("getMe")][-1] is None
    assert h.fake.commands(language_code="az")
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


async def test_a_429_on_the_first_group_board_is_waited_out_not_fatal(
        group_harness: Harness, caplog: pytest.LogCaptureFixture) -> None:
    h = group_harness
    h.fake.group(GROUP, "Club")
    h.fake.user(ALI, "Ali").command("/nard", chat=GROUP)
    await h.feed()
    # The group's first board meets a long 429: no lock is held yet, so it is waited out
    # rather than the game being called off for want of a board.
    h.fake.fail_next("sendPhoto", 429, retry_after=20)
    h.fake.user(VALI, "Vali").press_button(GROUP, "🎲 Join")
    await h.feed()
    [row] = await games.active_games(h.app.db, ALI)
    assert row.status == "active"
    await mover_has_a_board(h, row.id)
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
