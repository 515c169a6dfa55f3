"""The analysis of finished games: one job per game of a match, run once, in the background.

A door asks for a game's analysis (`AnalysisJobs.ensure`): the job runs here unless it is
done already or another process holds it (`storage.analysis.claim` decides who runs it).
The work runs off the event loop: `ai.review` in a worker process (`analysis_pool`, one
process made on first use, spawned, so the process's own state is not copied), one decision
per call, so the loop stays free and two games' jobs take turns; then the luck of every
roll (`ai.luck.game_luck`, one call per game). PR comes from the stored figures (`Skill`).
A job whose process stopped keeps its stored claim until it runs out (`CLAIM`); then the
next request or the timer loop (`resume`) starts it again.

What the players see of a job (a progress message, the answer, a failure) is the doors':
each door that shows analyses hears `AnalysisNews` (given to `AnalysisJobs` through the
assembly, `core.assembly`). The core stores the figures and decisions; it words nothing.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol

from ai import review
from ai.luck import Luck, adjusted, game_luck, pr, result_points
from ai.review import Decision
from core.workers import ProcessPool, Runner
from engine.events import Event, loaded, result_of
from engine.game import MatchState
from engine.position import Position
from storage import analysis, games
from storage.analysis import DecisionRow, FigureRow, MatchFigures
from storage.db import Database
from storage.errors import DatabaseBlip
from storage.models import Game as Row

log = logging.getLogger(__name__)
# Progress is told at most this often (NARD_ANALYSIS_EDIT_SECONDS: tests of a process that
# must see progress early, as a fast machine finishes a game in a second).
EDIT_EVERY = timedelta(seconds=float(os.environ.get("NARD_ANALYSIS_EDIT_SECONDS", "3")))
CLAIM = timedelta(seconds=30)  # a job's claim; renewed while it runs
RENEW_AFTER = timedelta(seconds=10)
WORKER_NICENESS = 10  # the worker yields the CPU to the process's own work
DECISION_SECONDS = 300.0  # one decision's analysis; its worker is replaced after that
Clock = Callable[[], datetime]


def analysis_pool() -> ProcessPool:
    """One worker process, spawned on first use (the `ai` package loads its networks once
    in it), below the process's priority; apart from the computer's workers."""
    return ProcessPool(1, niceness=WORKER_NICENESS, timeout=DECISION_SECONDS)


class AnalysisNews(Protocol):
    """What a door shows of a game's analysis."""

    async def progress(self, game_id: int, number: int, done: int, total: int) -> None:
        """`done` of the game's `total` decisions are analysed."""

    async def done(self, row: Row, number: int) -> None:
        """The analysis is stored: answer whoever waits for it."""

    async def failed(self, game_id: int, number: int) -> None:
        """The job failed (it is forgotten right after: a new request starts it afresh)."""


class Unheard:
    """`AnalysisNews` nobody hears (no door shows analyses)."""

    async def progress(self, game_id: int, number: int, done: int, total: int) -> None:
        pass

    async def done(self, row: Row, number: int) -> None:
        pass

    async def failed(self, game_id: int, number: int) -> None:
        pass


class AnalysisJobs:
    """This process's analysis jobs; `news` hears what becomes of them."""

    def __init__(self, db: Database, *, clock: Clock, news: AnalysisNews | None = None,
                 runner: Runner | None = None, ply: int = 2) -> None:
        self.db, self.clock = db, clock
        self.news: AnalysisNews = news or Unheard()
        self.runner: Runner = runner or analysis_pool()
        self.ply = ply
        self._jobs: dict[tuple[int, int], asyncio.Task[None]] = {}

    async def history(self, row: Row, number: int) -> tuple[list[Event], MatchState] | None:
        """The engine history of a finished game of the match and the match state before
        it; None when that game is not over (or not logged)."""
        log_ = await games.match_log(self.db, row.id)
        histories = {n: loaded(json.loads(line.data) for line in lines if line.data is not None)
                     for n, lines in log_.items()}
        history = histories.get(number)
        if not history or result_of(history) is None:
            return None
        match = review.match_state(row.match_length, [histories[n] for n in range(1, number)])
        return history, match

    def running(self, game_id: int, number: int) -> bool:
        """Whether the game's job runs in this process."""
        return (game_id, number) in self._jobs

    def active(self) -> int:
        """How many jobs run in this process."""
        return len(self._jobs)

    async def ensure(self, game_id: int, number: int) -> None:
        """Make sure a job runs for the game: this process's, or another's that holds it."""
        key = (game_id, number)
        if key in self._jobs:
            return
        now = self.clock()
        if await analysis.status(self.db, *key) == "done":
            return
        if await analysis.claim(self.db, game_id, number, now, now + CLAIM):
            self._jobs[key] = asyncio.create_task(self._job(game_id, number))

    async def complete(self, game_id: int, number: int) -> bool:
        """Run the game's job here (unless done) and wait for it: True when its analysis is
        stored; False when another process holds it or it failed."""
        await self.ensure(game_id, number)
        job = self._jobs.get((game_id, number))
        if job is not None:
            await asyncio.shield(job)  # a cancelled waiter leaves the job running
        return await analysis.status(self.db, game_id, number) == "done"

    async def resume(self) -> None:
        """Start again the jobs whose process stopped (their claim ran out): at start-up
        and on the timer's beat."""
        for game_id, number in await analysis.abandoned(self.db, self.clock()):
            await self.ensure(game_id, number)

    async def drain(self) -> None:
        """Wait for the jobs running in this process (tests, a graceful stop)."""
        while self._jobs:
            await asyncio.gather(*list(self._jobs.values()), return_exceptions=True)

    def abandon(self) -> None:
        """Cancel the jobs as a process that dies would leave them: their claims stay
        until they run out (tests of a restart)."""
        for job in self._jobs.values():
            job.cancel()

    async def stop(self) -> None:
        """Stop this process's jobs and give up their claims: the next start (or another
        process's timer) takes them over at once, and their waiters still get an answer."""
        jobs = dict(self._jobs)
        for job in jobs.values():
            job.cancel()
        await asyncio.gather(*jobs.values(), return_exceptions=True)
        for game_id, number in jobs:
            await analysis.release(self.db, game_id, number)
        await self.runner.close()

    # -- the job ------------------------------------------------------------------------

    async def _job(self, game_id: int, number: int) -> None:
        try:
            await self._analyse(game_id, number)
        except asyncio.CancelledError:
            raise
        except DatabaseBlip:  # logged once per outage; its claim runs out, it is resumed
            pass
        except Exception:
            log.exception("analysing game %s/%s failed", game_id, number)
            await self._fail(game_id, number)
        finally:
            self._jobs.pop((game_id, number), None)

    async def _analyse(self, game_id: int, number: int) -> None:
        row = await games.load_game(self.db, game_id)
        found = await self.history(row, number)
        assert found is not None
        history, match = found
        spots = await self.runner.run(review.find_spots, row.variant, history, match, row.cube)
        decisions: list[Decision] = []
        shown = renewed = self.clock()
        for i, spot in enumerate(spots):
            decision = await self.runner.run(review.evaluate, spot, self.ply)
            if decision is not None:
                decisions.append(decision)
            now = self.clock()
            if now - renewed >= RENEW_AFTER:
                await analysis.renew(self.db, game_id, number, now + CLAIM)
                renewed = now
            if now - shown >= EDIT_EVERY and i + 1 < len(spots):
                await self.news.progress(game_id, number, i + 1, len(spots))
                shown = now
        # Each roll's luck: the whole game in one call (well under a second of work).
        luck = await self.runner.run(game_luck, row.variant, history, match, row.cube)
        figures = [_figure_row(review.figures(decisions, seat), row.players[seat], luck,
                               result_points(history, seat)) for seat in (0, 1)]
        await analysis.save(self.db, game_id, number,
                            engine=review.engine_name(row.variant, self.ply),
                            figures=figures, decisions=[_decision_row(d) for d in decisions],
                            now=self.clock())
        await self.news.done(row, number)

    async def _fail(self, game_id: int, number: int) -> None:
        """Tell the doors and forget the job, so that a new request starts it afresh."""
        await self.news.failed(game_id, number)
        await analysis.forget(self.db, game_id, number)


# -- PR and luck, as the doors show them -----------------------------------------------------


@dataclass(frozen=True)
class Skill:
    """One player's PR and luck (a game's or a match's): `pr` None when there were too
    few decisions (`ai.luck.MIN_DECISIONS`), `luck` and `adjusted` None when no roll was
    judged (an analysis stored before luck was)."""

    decisions: int
    pr: float | None
    luck: float | None
    adjusted: float | None
    result: float
    games: int = 1  # the analysed games it sums


def skill(decisions: int, total_loss: float, luck: float, opponent_luck: float,
          luck_rolls: int, result: float, games: int = 1) -> Skill:
    judged = luck_rolls > 0
    return Skill(decisions, pr(total_loss, decisions), luck if judged else None,
                 adjusted(result, luck, opponent_luck) if judged else None, result, games)


def game_skills(figures: Sequence[FigureRow]) -> dict[int, Skill]:
    """Each seat's skill in one analysed game (its two figure rows)."""
    by_seat = {f.seat: f for f in figures}
    return {f.seat: skill(f.decisions, f.total_loss, f.luck, by_seat[1 - f.seat].luck,
                          f.luck_rolls, f.result)
            for f in figures if 1 - f.seat in by_seat}


def match_skill(m: MatchFigures) -> Skill:
    """A player's skill over the analysed games of a match."""
    return skill(m.decisions, m.total_loss, m.luck, m.opponent_luck, m.luck_rolls, m.result,
                 m.games)


# -- rows ------------------------------------------------------------------------------------


def _figure_row(f: review.Figures, player: int | None, luck: Luck,
                result: float) -> FigureRow:
    return FigureRow(f.seat, player, f.decisions, f.total_loss, f.inaccuracies, f.errors,
                     f.blunders, f.missed_doubles, f.wrong_doubles, f.wrong_takes,
                     f.wrong_drops, luck.luck[f.seat], luck.rolls[f.seat], result)


def _decision_row(d: Decision) -> DecisionRow:
    dice = f"{d.dice[0]}-{d.dice[1]}" if d.dice else ""
    return DecisionRow(d.index, d.turn, d.seat, d.kind, json.dumps(d.position.to_dict()), dice,
                       d.played, d.best, d.played_equity, d.best_equity, d.cube_value,
                       d.cube_owner)


def stored_decision(row: DecisionRow) -> Decision:
    """A decision as `_decision_row` stored it."""
    first, _, second = row.dice.partition("-")  # "6-5", as _decision_row writes it
    dice = (int(first), int(second)) if row.dice else None
    return Decision(row.idx, row.turn, row.seat, row.kind,
                    Position.from_dict(json.loads(row.position)), dice,
                    row.played, row.best, row.played_equity, row.best_equity, row.cube_value,
                    row.cube_owner)
