"""The process pool the computer thinks in: results and errors come back as from a plain
call, a worker that dies or hangs does not hang the caller, workers die with the bot.

Real `spawn` processes. The timeout tests wait out a short real timeout (the function
never returns in a worker, so no result depends on how fast the machine is)."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import subprocess
import sys
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from pathlib import Path

import pytest

from bot.app import build
from bot.config import load_settings
from bot.views.callbacks import Act
from core import computer
from core.computer import Computer
from core.workers import InlineRunner, ProcessPool, ThreadRunner, default_workers
from engine.dice import FixedDice, SeededDice
from engine.game import Game, Phase
from storage import games
from testkit import workers
from testkit.clocks import FakeClock
from testkit.computer import start_game
from testkit.driver import choose, game_buttons
from testkit.fake_telegram import FakeTelegram
from testkit.fixtures import bot_for, fake_telegram  # noqa: F401 - a fixture
from testkit.harness import Harness
from testkit.processes import gone
from testkit.waiting import until as wait_until

ROOT = Path(__file__).resolve().parents[2]


until = partial(wait_until, timeout=20.0, what="the condition")


def test_default_size_leaves_a_core_to_the_event_loop() -> None:
    assert default_workers() == max(1, len(os.sched_getaffinity(0)) - 1)


async def test_a_call_runs_in_another_process_and_answers_like_a_plain_call() -> None:
    pool = ProcessPool(2)
    try:
        pids = await pool.start()
        assert len(pids) == 2 and os.getpid() not in pids
        pid, value = await pool.run(workers.pid_and, "x", twice=True)
        assert pid in pids and value == ("x", "x")
        with pytest.raises(ValueError, match="no such move"):  # the function's own error
            await pool.run(workers.refuse, "no such move")
        with pytest.raises(TimeoutError, match="own"):  # not mistaken for the pool's timeout
            await pool.run(workers.late_timeout)
        assert pool.restarts == 0 and pool.fallbacks == 0
    finally:
        await pool.close()
    assert all(gone(pid) for pid in pids)
    with pytest.raises(RuntimeError, match="closed"):
        await pool.run(workers.pid_and, 1)


async def test_start_fails_at_once_when_a_worker_dies_while_warming() -> None:
    pool = ProcessPool(1, initializer=workers.die_in_worker)
    try:
        with pytest.raises(BrokenProcessPool):
            await asyncio.wait_for(pool.start(), 60)
    finally:
        await pool.close()


async def test_a_worker_that_dies_is_replaced_and_the_call_retried(tmp_path: Path) -> None:
    pool = ProcessPool(1)
    try:
        [first] = await pool.start()
        pid = await pool.run(workers.die_once, str(tmp_path / "marker"))
        assert pid != first and gone(first)
        assert pool.restarts == 1 and pool.fallbacks == 0
        # A worker killed while idle (the OOM killer, an operator): the next call still runs.
        os.kill(pid, signal.SIGKILL)
        await until(lambda: gone(pid))
        again, _ = await pool.run(workers.pid_and, 1)
        assert again not in (first, pid) and pool.restarts == 2
    finally:
        await pool.close()


async def test_a_call_that_kills_every_worker_ends_in_a_thread() -> None:
    pool = ProcessPool(1)
    try:
        assert await pool.run(workers.die_in_worker) == "thread"
        assert pool.restarts == 2 and pool.fallbacks == 1
        assert (await pool.run(workers.pid_and, 2))[1] == 2  # the pool works again
    finally:
        await pool.close()


async def test_a_stuck_worker_is_killed_and_the_call_ends_in_a_thread() -> None:
    pool = ProcessPool(1, timeout=0.5)
    try:
        [stuck] = await pool.start()
        assert await pool.run(workers.hang_in_worker) == "thread"
        assert pool.restarts == 2 and pool.fallbacks == 1
        await until(lambda: gone(stuck))
        pid, value = await pool.run(workers.pid_and, 3)
        assert value == 3 and pid != stuck
    finally:
        await pool.close()


async def test_a_worker_stuck_before_it_is_ready_is_killed_at_close() -> None:
    """A worker whose start never ends (its initializer hangs) has not told the pool its
    pid: closing the pool still kills it (it used to outlive the pool, and hold up the
    process's exit)."""
    before = {p.pid for p in multiprocessing.active_children()}

    def started() -> set[int | None]:
        return {p.pid for p in multiprocessing.active_children()} - before

    pool = ProcessPool(1, initializer=workers.hang_in_worker)
    call = asyncio.create_task(pool.run(workers.pid_and, 1))
    try:
        await wait_until(lambda: bool(started()), 60, "the worker started")
        [stuck] = started()
    finally:
        await pool.close()
        call.cancel()
        await asyncio.gather(call, return_exceptions=True)
    assert stuck is not None
    await wait_until(lambda: gone(stuck), 30, "the stuck worker killed")


async def test_the_timeout_counts_a_calls_own_work_not_its_wait_for_a_worker() -> None:
    pool = ProcessPool(1, timeout=1.5)
    try:
        await pool.start()
        # Three calls of 0.6 s on one worker: the last waits 1.2 s, then works 0.6 s.
        pids = await asyncio.gather(*(pool.run(workers.nap, 0.6) for _ in range(3)))
        assert len(set(pids)) == 1 and pool.restarts == 0
    finally:
        await pool.close()


def test_workers_die_with_their_parent(tmp_path: Path) -> None:
    script = ("import asyncio, time\n"
              "from core.workers import ProcessPool\n"
              "async def main():\n"
              "    pool = ProcessPool(2)\n"
              "    print(*await pool.start(), flush=True)\n"
              "    await asyncio.sleep(600)\n"
              "asyncio.run(main())\n")
    parent = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, text=True,
                              stdout=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert parent.stdout is not None
        pids = [int(p) for p in parent.stdout.readline().split()]
        assert len(pids) == 2 and not any(gone(pid) for pid in pids)
        parent.send_signal(signal.SIGKILL)
        parent.wait(30)
        asyncio.run(until(lambda: all(gone(pid) for pid in pids)))
    finally:
        parent.kill()
        parent.wait(30)


@pytest.mark.parametrize("variant", ["short", "long"])
async def test_the_computer_decides_the_same_in_a_worker_as_inline(variant: str) -> None:
    game = Game.new(variant, FixedDice(6, 5, 4, 2))  # seat 0 starts
    if game.phase is Phase.ROLL:  # long nard: the starter rolls both dice
        game.roll(0, FixedDice(4, 2))
    assert game.phase is Phase.MOVE
    level = "master"
    pool = ProcessPool(1, initializer=computer.warm)
    try:
        in_worker = await Computer(pool).choose_move(game, level)
    finally:
        await pool.close()
    assert in_worker == await Computer(InlineRunner()).choose_move(game, level)
    assert in_worker == await Computer(ThreadRunner()).choose_move(game, level)
    assert in_worker in game.legal_plays()


@pytest.mark.slow
async def test_a_game_against_the_computer_survives_its_worker_dying(
        fake_telegram: FakeTelegram, tmp_path: Path) -> None:  # noqa: F811
    """The bot's own wiring: a whole game in which the computer's worker is killed after
    each of its moves; every move still comes, from a fresh worker."""
    settings = load_settings(bot_token=fake_telegram.token, telegram_api_url=fake_telegram.url,
                             database_path=str(tmp_path / "nard.sqlite3"))
    pool = ProcessPool(1)
    clock = FakeClock()
    app = await build(settings, bot=bot_for(fake_telegram), clock=clock, dice=SeededDice(3),
                      monotonic=clock.monotonic, pool=pool)
    h = Harness(fake_telegram, app, clock)
    try:
        user = await start_game(h, 1001, "Long nard", "🤖 Computer", "Beginner", "1 game")
        [row] = await games.active_games(app.db, 1001)
        killed: set[int] = set()
        for _ in range(3000):
            log = await games.move_log(app.db, row.id)
            computer_moves = sum(1 for e in log if e.kind == "move" and e.seat == 1)
            if computer_moves > len(killed) and len(killed) < 3:
                pid = await pool.run(workers.pid_and, None)
                os.kill(pid[0], signal.SIGKILL)
                await until(lambda p=pid[0]: gone(p))
                killed.add(pid[0])
            board = h.board(1001)
            if any(d.a is Act.REMATCH for _, d in game_buttons(board.buttons)):
                break
            data = choose(board.buttons)
            assert data is not None, fake_telegram.transcript(1001)
            user.press(board, data.pack())
            await h.feed()
        row = await games.load_game(app.db, row.id)
        assert row.status == "finished", fake_telegram.transcript(1001)
        assert len(killed) == 3 and pool.restarts == 3 and pool.fallbacks == 0
    finally:
        await app.db.close()
        await app.bot.session.close()
        await pool.close()
