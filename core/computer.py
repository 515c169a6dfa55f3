"""The computer opponent as the game service sees it: `ai`, called through a runner.

In production the runner is the process pool (`core.workers.ProcessPool`, warmed by
`warm`), so the search never holds the event loop's GIL; tests may pass a thread or an
inline runner. What crosses to a worker is a position, the dice and a few plain values;
what comes back is a `Play` or a word ("double", "take"), all small and picklable.
Without a process pool (`COMPUTER_WORKERS=0`, tests) the runner is a `ThreadRunner`: two
threads of the computer's own (see its docstring for why not asyncio's default pool).
"""

from __future__ import annotations

from typing import Any

import ai
from ai.review import cube_args
from core.workers import Runner, ThreadRunner
from engine.game import Game
from engine.movegen import Play
from engine.position import VARIANTS, Position
from engine.result import ResultKind

LEVEL_NAMES = ai.LEVELS["short"]


def _cube_args(game: Game, level: str) -> dict[str, Any]:
    """The cube situation from the side of the seat on roll (the doubler), as `ai` wants it,
    and the level deciding."""
    return {**cube_args(game), "level": level}


class Computer:
    """The computer's decisions, each one call of `runner` (a worker process in production:
    the search may take a few hundred milliseconds)."""

    def __init__(self, runner: Runner | None = None) -> None:
        self.runner: Runner = runner or ThreadRunner()

    async def choose_move(self, game: Game, level: str) -> Play:
        return await self.runner.run(ai.choose_move, game.position, game.dice, level,
                                     first_turn=game.first_turn)

    async def wants_to_double(self, game: Game, level: str) -> bool:
        decision = await self.runner.run(ai.cube_decision, game.position,
                                         **_cube_args(game, level))
        return decision == "double"

    async def takes(self, game: Game, level: str) -> bool:
        """Answer the double offered by the seat on roll (`game.position` is the doubler's)."""
        decision = await self.runner.run(ai.take_decision, game.position,
                                         **_cube_args(game, level))
        return decision == "take"


def warm() -> None:
    """Load everything the levels use (weights, Open Sage's analyzers) before the first real
    decision: a worker's initializer, so no player waits for the loading."""
    for variant in VARIANTS:
        position = Position.initial(variant)
        for level in ai.LEVELS[variant]:
            ai.choose_move(position, (3, 1), level, first_turn=True)
        ai.evaluate(position)
    for level in ai.LEVELS["short"]:
        ai.cube_decision(Position.initial("short"), cube_value=1, cube_owner="center",
                         match_length=0, score=(0, 0), crawford=False, level=level)


def expected_loss(
    position: Position, *, leaver_on_roll: bool = False,
    dice: tuple[int, int] | None = None, first_turn: bool = False,
) -> ResultKind:
    """The engine's ExpectedLoss hook, from the evaluator: the game passes the position as
    it stands (whose turn it is, the dice already rolled)."""
    return ai.expected_loss(position, leaver_on_roll=leaver_on_roll, dice=dice,
                            first_turn=first_turn)
