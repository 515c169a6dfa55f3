"""The 📊 Analysis button of result messages, through the real Dispatcher and the fake Bot API.

The analysis runs in a worker thread at 1-ply here (the figures do not matter, only the
flow), except in the test of a known blunder, which runs the real thing: the worker process
at 2-ply. The clock only moves when a test says so: each decision analysed advances it by
two seconds, so the progress message is edited every second decision (every 3 s at most).
"""

from __future__ import annotations

import logging
import os
import signal
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

from bot.plumbing.telegram_io import send_text
from bot.views.callbacks import AnalysisCb
from core.analysis import WORKER_NICENESS, analysis_pool
from engine.dice import FixedDice, SeededDice
from engine.game import Game, Phase
from engine.result import ResultKind
from storage import analysis, games
from storage.analysis import Waiter
from testkit.analysis import analysis_button, counting, press, store
from testkit.computer import start_game
from testkit.driver import resign
from testkit.fixtures import fake_telegram  # noqa: F401 - a fixture
from testkit.friends import ALI, VALI, english_friend_game
from testkit.harness import Harness
from testkit.lifecycle import Restartable, presses

OUTSIDER = 2999


@pytest_asyncio.fixture
async def h(harness: Harness) -> AsyncIterator[Harness]:
    yield harness
    await harness.app.analysis.stop()
    await harness.app.core.stop()


def answer_of_last_press(h: Harness) -> dict | None:
    call = h.fake.calls("answerCallbackQuery")[-1]
    return h.fake.callback_answer(call.params["callback_query_id"])


async def finished_friend_game(h: Harness) -> int:
    game_id = await english_friend_game(h)
    await presses(h, game_id, 40)
    await resign(h, ALI)
    return game_id


def texts(h: Harness, chat: int) -> list[str]:
    return [m.text or m.caption or "" for m in h.fake.messages(chat)]


async def test_the_button_is_on_every_result_and_names_the_game(h: Harness) -> None:
    game_id = await finished_friend_game(h)
    for chat in (ALI, VALI):
        message, data = analysis_button(h, chat)
        assert (message.text or "").startswith(("🏆 You won", "You lost"))
        assert AnalysisCb.unpack(data) == AnalysisCb(game=game_id, n=1)
    user = await start_game(h, 1001, "Long nard", "🤖 Computer", "Beginner", "1 game")
    [row] = await games.active_games(h.app.db, 1001)
    await resign(h, 1001)
    _, data = analysis_button(h, 1001)  # a game against the computer too
    assert AnalysisCb.unpack(data) == AnalysisCb(game=row.id, n=1)
    assert user is not None


async def test_an_outsider_is_refused_and_nothing_runs(h: Harness) -> None:
    runner = counting(h)
    game_id = await finished_friend_game(h)
    before = len(h.fake.messages(ALI))
    h.fake.user(OUTSIDER, "Eve").command("/start")
    await h.feed()
    await press(h, OUTSIDER, ALI)  # a press with the data of Ali's button
    answer = answer_of_last_press(h)
    assert answer is not None and answer["show_alert"]
    assert answer["text"] == "Only the two players of this game can ask for its analysis."
    h.fake.user(OUTSIDER, "Eve").press(h.fake.messages(ALI)[-1],
                                       AnalysisCb(game=game_id + 50, n=1).pack())
    await h.feed()  # a game that does not exist: the same answer
    assert answer_of_last_press(h)["show_alert"]  # type: ignore[index]
    await h.app.analysis.drain()
    assert not runner.calls and len(h.fake.messages(ALI)) == before
    assert await analysis.status(h.app.db, game_id, 1) is None


@pytest.mark.slow
async def test_progress_then_the_result_then_an_instant_second_answer(h: Harness) -> None:
    runner = counting(h)
    game_id = await finished_friend_game(h)
    await press(h, VALI, VALI)
    await h.app.analysis.drain()
    progress = h.fake.messages(VALI)[-1 - _photos_after_summary(h, VALI)]
    shown = [e.text for e in progress.edits]
    spots = runner.calls["evaluate"]
    assert spots > 4
    assert progress.text is not None and progress.text.startswith("📊 Analysis · Short nard")
    steps = [s for s in shown if s and s.startswith("📊 Analysing: ")]
    # Every 3 s at most, with the clock moving 2 s a decision: every second decision.
    assert steps == [f"📊 Analysing: {n}/{spots} moves" for n in range(2, spots, 2)]
    assert "Vali: error rate" in progress.text and "Ali: error rate" in progress.text
    row = await games.load_game(h.app.db, game_id)
    figures = await analysis.figures(h.app.db, game_id, 1)
    assert [f.player_id for f in figures] == list(row.players)
    # Asking again is instant: the stored answer, no second job, no progress message.
    count = len(h.fake.messages(VALI))
    await press(h, VALI, VALI)
    assert runner.calls["evaluate"] == spots and runner.calls["find_spots"] == 1
    again = h.fake.messages(VALI)[count]
    assert again.text == progress.text and not again.edits


def _photos_after_summary(h: Harness, chat: int) -> int:
    """How many mistake pictures follow the newest summary."""
    n = 0
    for message in reversed(h.fake.messages(chat)):
        if message.photo is None:
            return n
        n += 1
    return n


async def test_both_players_pressing_at_once_start_one_job(h: Harness) -> None:
    runner = counting(h)
    game_id = await finished_friend_game(h)
    runner.gate.clear()  # the job waits until both have pressed
    await press(h, ALI, ALI)
    await press(h, VALI, VALI)
    await press(h, VALI, VALI)  # pressed twice: told it is on its way, no second message
    assert answer_of_last_press(h)["text"] == "The analysis is on its way."  # type: ignore[index]
    assert len(await analysis.waiting(h.app.db, game_id, 1)) == 2
    assert [t for t in texts(h, VALI) if t.startswith("📊 Analysing")] == [
        "📊 Analysing the game…"]
    runner.gate.set()
    await h.app.analysis.drain()
    assert runner.calls["find_spots"] == 1
    for chat, name in ((ALI, "Ali"), (VALI, "Vali")):
        summaries = [t for t in texts(h, chat) if t.startswith("📊 Analysis · ")]
        assert len(summaries) == 1 and f"{name}: error rate" in summaries[0]
    assert await analysis.waiting(h.app.db, game_id, 1) == []


async def test_me_shows_the_average_error_rate(h: Harness) -> None:
    counting(h)
    game_id = await finished_friend_game(h)
    await press(h, ALI, ALI)
    await h.app.analysis.drain()
    [mine] = [f for f in await analysis.figures(h.app.db, game_id, 1) if f.player_id == ALI]
    h.fake.user(ALI, "Ali").command("/me")
    await h.feed()
    shown = h.fake.messages(ALI)[-1]
    rate = 1000 * mine.total_loss / mine.decisions
    assert f"📊 Error rate {rate:.1f} on average over 1 analysed game" in (
        shown.caption or shown.text or "")


# -- a restart in the middle ---------------------------------------------------------------


@pytest_asyncio.fixture
async def app(fake_telegram: Any, database_url: str) -> AsyncIterator[Restartable]:  # noqa: F811
    runner = Restartable(fake_telegram, database_url)
    await runner.start()
    try:
        yield runner
    finally:
        if runner.h is not None:
            await runner.h.app.analysis.stop()
            await runner.h.app.core.stop()
            await runner.kill()


async def test_a_job_cut_short_by_a_restart_is_finished_after_it(app: Restartable) -> None:
    h = app.h
    assert h is not None
    runner = counting(h)
    game_id = await finished_friend_game(h)
    runner.gate.clear()
    await press(h, ALI, ALI)
    progress = h.fake.messages(ALI)[-1]
    assert progress.text == "📊 Analysing the game…"
    h.app.core.analysis.abandon()  # the process dies: nothing is cleaned up
    await app.kill()
    h = await app.start()
    counting(h)
    await h.app.timers.tick()  # at start-up the claim of the dead process still holds
    await h.app.analysis.drain()
    assert await analysis.status(h.app.db, game_id, 1) == "running"
    h.clock.advance(31)
    await h.app.timers.tick()  # the claim ran out: the job starts again
    await h.app.analysis.drain()
    assert await analysis.status(h.app.db, game_id, 1) == "done"
    final = h.fake.message(ALI, progress.message_id)
    assert (final.text or "").startswith("📊 Analysis · Short nard")


async def test_waiters_left_by_a_process_stopped_after_the_analysis_are_answered(
        h: Harness) -> None:
    counting(h)
    game_id = await finished_friend_game(h)
    await press(h, ALI, ALI)
    await h.app.analysis.drain()
    # Vali pressed on a process that stored the analysis and stopped before answering.
    message = await send_text(h.app.bot, VALI, "📊 Analysing the game…")
    assert message is not None
    await analysis.add_waiter(h.app.db, Waiter(game_id, 1, VALI, VALI, message), h.clock())
    await h.app.timers.tick()
    assert (h.fake.message(VALI, message).text or "").startswith("📊 Analysis · Short nard")
    assert await analysis.waiting(h.app.db, game_id, 1) == []


# -- the real thing: a known blunder, 2-ply, in the worker process --------------------------


def _game_with_a_blunder() -> Game:
    """Ali (seat 0) opens 3-1 with 8/5 8/7 (8/5 6/5 is about 0.4 better); a few more
    moves, then Vali resigns."""
    game = Game.new("short", FixedDice(3, 1))
    game.play(0, "8/5 8/7")
    dice = SeededDice(5)
    while len([e for e in game.history if e["type"] == "move"]) < 4:
        if game.phase is Phase.ROLL:
            game.roll(game.seat, dice)
        else:
            game.play(game.seat, game.legal_plays()[0])
    loser = game.seat
    game.resign(loser, lambda position, **stands: ResultKind.PLAIN)
    return game


async def test_cube_errors_in_a_cube_game(h: Harness) -> None:
    counting(h)
    game = Game.new("short", FixedDice(3, 1), cube=True)
    game.play(0, "8/5 6/5")
    game.double(1)  # far too early: Vali's wrong double
    game.take(0)  # an easy take
    game.resign(1, lambda position, **stands: ResultKind.PLAIN)
    game_id = await store(h, game)
    await press(h, VALI, VALI)
    await h.app.analysis.drain()
    summary = next(t for t in texts(h, VALI) if t.startswith("📊 Analysis · "))
    assert "Ali: error rate 0.0 (2 decisions)\ninaccuracies 0 · errors 0 · blunders 0\n" \
        "cube: no errors" in summary
    assert "cube: missed doubles 0 · wrong doubles 1 · wrong takes 0 · wrong drops 0" in summary
    [double] = [d for d in await analysis.decisions(h.app.db, game_id, 1) if d.kind == "double"]
    assert (double.seat, double.played, double.best) == (1, "double", "no_double")
    cube_picture = next(m for m in h.fake.messages(VALI) if m.photo is not None)
    assert (cube_picture.caption or "").startswith("Move 1 · cube · ")  # line 1 of /log
    assert "🟠 Played: double (" in (cube_picture.caption or "")


async def test_a_known_blunder_is_found_with_the_right_best_move(h: Harness) -> None:
    game_id = await store(h, _game_with_a_blunder())
    assert h.app.core.analysis.ply == 2  # the real path: 2-ply in the worker process
    await press(h, ALI, ALI)
    await h.app.analysis.drain()
    captions = [m.caption or "" for m in h.fake.messages(ALI) if m.photo is not None]
    assert 1 <= len(captions) <= 3, h.fake.transcript(ALI)  # the three worst at most
    [found] = [c for c in captions if c.startswith("Move 1 · 3-1 · blunder")]
    assert "🟠 Played: 8/5 8/7" in found and "🔵 Best: 8/5 6/5" in found
    assert "Position ID: 4HPwATDgc/ABMA" in found  # the starting position, Ali on roll
    [blunder] = [d for d in await analysis.decisions(h.app.db, game_id, 1, seat=0)
                 if d.turn == 1]
    assert blunder.best == "8/5 6/5" and blunder.best_equity - blunder.played_equity > 0.16
    assert await analysis.engine_of(h.app.db, game_id, 1) in ("bgsage-2ply", "network-2ply")


async def test_in_a_group_the_players_ask_under_the_groups_result(h: Harness) -> None:
    runner = counting(h)
    group = -100900
    h.fake.group(group, "Nard club")
    h.fake.user(ALI, "Ali", language_code="en").command("/nard long 1", chat=group)
    await h.feed()
    h.fake.user(VALI, "Vali", language_code="en").press_button(group, "🎲 Join")
    await h.feed()
    [row] = await games.active_games(h.app.db, ALI)
    await presses(h, row.id, 30)
    loser = row.players[0]
    board = h.board(group)
    flag = next(data for text, data in board.buttons if text.startswith("🏳"))
    h.fake.user(loser, "Ali").press(board, flag)
    await h.feed()
    confirm = next(data for _, data in h.fake.buttons(group, board.message_id)
                   if data and ":ry:" in data)
    h.fake.user(loser, "Ali").press(h.fake.message(group, board.message_id), confirm)
    await h.feed()
    message, data = analysis_button(h, group)
    assert AnalysisCb.unpack(data) == AnalysisCb(game=row.id, n=1)
    h.fake.user(OUTSIDER, "Eve").press(message, data)  # a group member who did not play
    await h.feed()
    assert answer_of_last_press(h)["show_alert"]  # type: ignore[index]
    h.fake.user(VALI, "Vali").press(message, data)
    await h.feed()
    await h.app.analysis.drain()
    assert runner.calls["find_spots"] == 1
    assert any(t.startswith("📊 Analysis · Long nard") for t in texts(h, group))


async def test_the_worker_process_runs_below_the_bot_and_is_replaced_when_it_dies() -> None:
    runner = analysis_pool()
    try:
        first = await runner.run(os.getpid)
        assert first != os.getpid()
        mine = os.getpriority(os.PRIO_PROCESS, 0)
        assert os.getpriority(os.PRIO_PROCESS, first) == min(19, mine + WORKER_NICENESS)
        os.kill(first, signal.SIGKILL)
        second = await runner.run(os.getpid)  # a new worker answers, below the bot too
        assert second not in (first, os.getpid())
        assert os.getpriority(os.PRIO_PROCESS, second) == min(19, mine + WORKER_NICENESS)
    finally:
        await runner.close()


# -- Telegram asking us to wait ---------------------------------------------------------------


def _cube_game() -> Game:
    """Vali's wrong double: one mistake picture in Vali's answer."""
    game = Game.new("short", FixedDice(3, 1), cube=True)
    game.play(0, "8/5 6/5")
    game.double(1)
    game.take(0)
    game.resign(1, lambda position, **stands: ResultKind.PLAIN)
    return game


async def test_a_long_429_on_the_answer_is_sent_later_without_a_traceback(
        h: Harness, caplog: pytest.LogCaptureFixture) -> None:
    """Both ways the answer goes out (at the job's end, and at once when the analysis is
    stored): a `retry_after` longer than a press may wait is waited out in the background
    (the clock's sleep), the rest of the answer then sent once, and nothing is logged as an
    error (before, the job logged a traceback, the press's handler raised)."""
    counting(h)
    await store(h, _cube_game())
    for attempt in ("the job's end", "the stored answer"):
        before = len(h.fake.messages(VALI))
        h.fake.fail_next("sendPhoto", 429, retry_after=35)
        await press(h, VALI, VALI)
        await h.app.analysis.drain()
        new = h.fake.messages(VALI)[before:]
        summaries = [m for m in new if (m.text or "").startswith("📊 Analysis · ")]
        pictures = [m for m in new if m.photo is not None]
        assert len(pictures) == 1, (attempt, h.fake.transcript(VALI))
        assert len(summaries) == 1, (attempt, h.fake.transcript(VALI))
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR], attempt


async def test_in_a_group_the_answer_is_in_the_groups_language(h: Harness) -> None:
    """A Kyrgyz player's press in a group whose language is English (its first player's, the
    tie-break) gets the answer in English: replies in a group never follow the presser."""
    counting(h)
    group = -100900  # the group `presses` plays in
    h.fake.group(group, "Nard club")
    h.fake.user(ALI, "Ali", language_code="en").command("/nard long 1", chat=group)
    await h.feed()
    h.fake.user(VALI, "Vali", language_code="ky").press_button(group, "🎲 Join")
    await h.feed()
    [row] = await games.active_games(h.app.db, ALI)
    await presses(h, row.id, 30)
    board = h.board(group)
    flag = next(data for text, data in board.buttons if text.startswith("🏳"))
    h.fake.user(ALI, "Ali").press(board, flag)
    await h.feed()
    confirm = next(data for _, data in h.fake.buttons(group, board.message_id)
                   if data and ":ry:" in data)
    h.fake.user(ALI, "Ali").press(h.fake.message(group, board.message_id), confirm)
    await h.feed()
    message, data = analysis_button(h, group)
    h.fake.user(VALI, "Vali", language_code="ky").press(message, data)
    await h.feed()
    await h.app.analysis.drain()
    answers = [t for t in texts(h, group) if t.startswith("📊")]
    assert any(t.startswith("📊 Analysis · Long nard") for t in answers), answers
    assert not any("Талдоо" in t for t in answers), answers
    # and it says whose mistakes follow: "your" would be anyone's in a group
    assert any(t.endswith(("Vali's worst mistakes:", "Vali made no mistake of 0.04 or more. "
                           "Well played!")) for t in answers), answers
