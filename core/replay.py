"""A finished game played again, frame by frame, for any door: the positions, the
mistakes the analysis found on them, and the games of a match that have ended.

The frames are `render.replay_scenes`' (the start, one per move, pass and cube action, the
result), seen by one seat, rebuilt from the stored move log (`core.rebuild`). The chat
sends them as a GIF; the web board steps through them (`web/replay.py`). A mistake names
the frame that shows its move, so a viewer can jump to it; there are none before the game
is analysed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ai.review import CHECKER, DOUBLE, grade
from core.rebuild import games_of_log
from engine.events import seat_of
from engine.game import Game
from engine.moves import seen_from_other_side
from engine.numbering import line_numbers
from render.replay import framed, replay_scenes
from render.scene import Scene
from storage import analysis, games
from storage.analysis import DecisionRow
from storage.db import Database
from storage.models import Game as Row

# The history events a decision of each kind was made at (a "no double" is the roll's).
DECIDED_AT = {CHECKER: ("move",), DOUBLE: ("double", "roll"), "take": ("take", "drop")}


@dataclass(frozen=True, slots=True)
class Mistake:
    """One graded decision: `frame` shows its move (or the cube action)."""

    frame: int
    seat: int
    grade: str  # inaccuracy, error, blunder (ai.review.grade)
    kind: str  # checker, double, take
    played: str  # a move in the viewer's numbers, or a cube action
    best: str
    loss: float  # equity lost


@dataclass(frozen=True, slots=True)
class Replay:
    """Game `number` of a match, seen from `seat`: its frames and its mistakes."""

    number: int
    seat: int
    frames: list[Scene]
    mistakes: list[Mistake]
    analysed: bool


async def finished_games(db: Database, row: Row, upto: int) -> list[Game]:
    """Games 1..`upto` of `row`'s match that have ended, rebuilt from the log (in a worker
    thread: a long match takes tens of milliseconds of engine work)."""
    log = await games.match_log(db, row.id)
    wanted = {n: lines for n, lines in log.items() if n <= upto}
    played = await asyncio.to_thread(games_of_log, wanted, row.variant, row.match_length,
                                     row.cube)
    return [game for game in played if game.result is not None]


async def replay_of(db: Database, row: Row, number: int, seat: int, names: tuple[str, str],
                    notation: Callable[[str], str] | None = None) -> Replay | None:
    """Game `number` of `row`'s match as `seat` sees it again (`names` by seat), or None
    while it has not ended."""
    played = await finished_games(db, row, number)
    if number < 1 or len(played) < number:
        return None
    game = played[number - 1]
    frames = await asyncio.to_thread(replay_scenes, game, seat, names, notation)
    done = await analysis.status(db, row.id, number) == "done"
    decided = await analysis.decisions(db, row.id, number) if done else []
    return Replay(number, seat, frames, mistakes(game, decided, seat, notation), done)


def mistakes(game: Game, decided: Sequence[DecisionRow], seat: int,
             notation: Callable[[str], str] | None = None) -> list[Mistake]:
    """The graded decisions of `game`, each on the frame that shows it, in order."""
    numbers = line_numbers(game.history)
    shown = framed(game)
    out = []
    for decision in decided:
        loss = max(0.0, decision.best_equity - decision.played_equity)
        graded = grade(loss)
        if graded is None:
            continue
        at = next((i for i, event in enumerate(game.history)
                   if numbers[i] == decision.turn and seat_of(event) == decision.seat
                   and event["type"] in DECIDED_AT.get(decision.kind, ())), None)
        if at is None:
            continue
        frame = next((k + 1 for k, index in enumerate(shown) if index >= at), len(shown))
        played, best = decision.played, decision.best
        if decision.kind == CHECKER:
            played, best = (_seen(move, decision.seat, seat, game.variant, notation)
                            for move in (played, best))
        out.append(Mistake(frame, decision.seat, graded, decision.kind, played, best,
                           round(loss, 3)))
    return out


def _seen(move: str, mover: int, seat: int, variant: str,
          notation: Callable[[str], str] | None) -> str:
    """A move of `mover` in `seat`'s numbers (as the frames write moves)."""
    mine = move if mover == seat else seen_from_other_side(move, variant)
    return notation(mine) if notation is not None else mine
