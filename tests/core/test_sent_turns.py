"""Turns played without Done are sent by the timer loop (`GameService.expire`); each one's
showing and the computer's answer run apart, so one game's answer holds up no other's."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import timedelta
from typing import Any, TypeVar

from core.actions import Act, Action, Refusal
from core.computer import Computer
from core.live import Live
from core.settings import UNDO_WINDOW, PlayerSettings
from core.timers import Timers
from engine.game import Phase
from storage import games
from testkit.tournament_core import open_world
from testkit.waiting import until, within

T = TypeVar("T")


class GatedRunner:
    """Runs the computer's calls inline once `gate` is open; counts how many wait at once."""

    def __init__(self) -> None:
        self.gate = asyncio.Event()
        self.gate.set()
        self.waiting = self.most = 0

    async def run(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
        self.waiting += 1
        self.most = max(self.most, self.waiting)
        try:
            await self.gate.wait()
        finally:
            self.waiting -= 1
        return fn(*args, **kwargs)

    async def close(self) -> None:
        return None


async def _play_without_done(service: Any, player: int, game_id: int) -> None:
    """The player plays a legal move to its last die (no Done: it waits to be sent)."""
    row = await games.load_game(service.db, game_id)
    live = Live.load(row.state_json)
    assert live.game.phase is Phase.MOVE and row.players[live.game.to_act] == player
    answers: list[Refusal | None] = []

    async def respond(refusal: Refusal | None) -> None:
        answers.append(refusal)

    for step in live.game.turn().plays[0].move.steps:
        row = await games.load_game(service.db, game_id)
        await service.act(player, Action(game_id, row.version, Act.GO, step.src, step.dst),
                          respond)
    assert set(answers) == {None}


async def test_the_computers_answers_to_sent_turns_run_side_by_side(
        database_url: str) -> None:
    async with open_world(database_url) as w:
        runner = GatedRunner()
        w.service.computer = Computer(runner)
        w.service.player_settings = PlayerSettings(w.db, w.clock)  # no Done: the default
        ids = []
        for player in (1, 2, 3):
            row = await w.service.start_vs_computer(player, "short", "intermediate", 1, False)
            live = Live.load(row.state_json)
            await w.service.begin(row, live)
            ids.append(row.id)
        for player, game_id in zip((1, 2, 3), ids, strict=True):
            await _play_without_done(w.service, player, game_id)
            assert Live.load((await games.load_game(w.db, game_id)).state_json).pending
        runner.gate.clear()  # the computer thinks until the test lets it
        w.clock.advance(UNDO_WINDOW + 1)
        tick = asyncio.create_task(Timers(w.service, clock=w.clock).tick())
        try:  # (the gate is opened whatever happens: the answers hold their games' locks)
            await until(lambda: runner.waiting == 3 or tick.done(), 30,
                        "three computer answers under way")
            assert runner.most == 3  # all three answers under way at once, none waiting
        finally:
            runner.gate.set()
        await within(tick, 30, "the timer's pass")
        for player, game_id in zip((1, 2, 3), ids, strict=True):
            row = await games.load_game(w.db, game_id)
            assert row.players[Live.load(row.state_json).game.to_act] == player


async def test_a_restart_leaves_a_played_turn_to_be_sent_and_undo_gets_time(
        database_url: str) -> None:
    async with open_world(database_url) as w:
        w.service.player_settings = PlayerSettings(w.db, w.clock)
        row = await w.service.start_vs_computer(1, "short", "intermediate", 1, False)
        await w.service.begin(row, Live.load(row.state_json))
        turn_deadline = (await games.load_game(w.db, row.id)).deadline
        assert turn_deadline is not None
        w.clock.now = turn_deadline - timedelta(seconds=2)  # played 2 s before the end
        await _play_without_done(w.service, 1, row.id)
        played = await games.load_game(w.db, row.id)
        pending = Live.load(played.state_json).pending
        assert pending is not None and played.deadline == turn_deadline  # (the sooner)
        w.clock.advance(20)  # the process was away
        assert await w.service.grace_after_start(30) == 0  # sent, not timed out
        # Undo before the first pass sends it: the turn's time ran out while the process
        # was away, so the player gets a whole turn again, not a deadline in the past.
        answers: list[Refusal | None] = []

        async def respond(refusal: Refusal | None) -> None:
            answers.append(refusal)

        await w.service.act(1, Action(row.id, played.version, Act.UNDO), respond)
        assert answers == [None]
        undone = await games.load_game(w.db, row.id)
        assert Live.load(undone.state_json).pending is None
        assert undone.deadline is not None and undone.deadline >= w.clock.now + timedelta(
            seconds=60)


async def test_a_late_board_of_a_played_turn_gives_the_whole_moment_to_undo(
        database_url: str) -> None:
    async with open_world(database_url) as w:
        w.service.player_settings = PlayerSettings(w.db, w.clock)
        row = await w.service.start_vs_computer(1, "short", "intermediate", 1, False)
        await w.service.begin(row, Live.load(row.state_json))
        await _play_without_done(w.service, 1, row.id)
        played = await games.load_game(w.db, row.id)
        saved = w.clock.now
        assert played.deadline is not None
        w.clock.advance(3.5)  # the group's pace held the board back
        assert await w.service.board_reached(played, None, saved_at=saved, at=w.clock.now)
        moved = (await games.load_game(w.db, row.id)).deadline
        assert moved is not None and moved >= w.clock.now + timedelta(seconds=UNDO_WINDOW)
        assert not await w.service.board_reached(played, None, saved_at=saved,
                                                 at=w.clock.now)  # once


async def test_a_stuck_answer_holds_up_neither_the_timer_pass_nor_a_stop(
        database_url: str) -> None:
    """The computer never answers a sent turn: the timer's pass ends after `settle_wait`,
    the answer going on; a stop cancels it then (the repairs find the turn later)."""
    async with open_world(database_url) as w:
        runner = GatedRunner()
        w.service.computer = Computer(runner)
        w.service.player_settings = PlayerSettings(w.db, w.clock)
        w.service.settle_wait = 0.2
        row = await w.service.start_vs_computer(1, "short", "intermediate", 1, False)
        await w.service.begin(row, Live.load(row.state_json))
        await _play_without_done(w.service, 1, row.id)
        runner.gate.clear()  # and never opened
        w.clock.advance(UNDO_WINDOW + 1)
        await within(Timers(w.service, clock=w.clock).tick(), 30, "the timer's pass")
        assert runner.waiting == 1  # the answer still waits ...
        assert not await within(w.service.settle(cancel_late=True), 30, "the stop's settle")
        assert runner.waiting == 0  # ... until the stop cancels it
