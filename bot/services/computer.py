"""The computer opponent as the game service sees it: `ai` called in a worker thread.

The computer thinks in threads of its own, not in asyncio's default pool (which renders
boards and may grow to min(32, cores + 4) threads): Open Sage keeps about 20 MB of search
memory per analyzer in every thread that ever ran it, for good (measured: the same Strong
and Master games need 171 MB in one thread, 392 MB across six). Its analyzers serialise
calls of one level anyway, so `THREADS` threads lose no speed that matters.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

import ai
from engine.game import Game
from engine.movegen import Play
from engine.position import Position
from engine.result import ResultKind

LEVEL_NAMES = ai.LEVELS["short"]
THREADS = 2
_thinking = ThreadPoolExecutor(max_workers=THREADS, thread_name_prefix="computer")
T = TypeVar("T")


async def _think(work: Callable[..., T], *args: object, **kwargs: object) -> T:
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_thinking, functools.partial(work, *args, **kwargs))


def _cube_args(game: Game, level: str) -> dict:
    """The cube situation from the side of the seat on roll (the doubler), as `ai` wants it."""
    seat = game.seat
    owner = "center" if game.cube_owner is None else ("me" if game.cube_owner == seat else "opp")
    single = game.match.length == 1  # a single game with the cube is scored like money play
    return {
        "cube_value": game.cube_value,
        "cube_owner": owner,
        "match_length": 0 if single else game.match.length,
        "score": (0, 0) if single else (game.match.score[seat], game.match.score[1 - seat]),
        "crawford": game.match.crawford,
        "level": level,
    }


async def choose_move(game: Game, level: str) -> Play:
    """Think off the event loop: the search may take a few hundred milliseconds."""
    return await _think(
        ai.choose_move, game.position, game.dice, level, first_turn=game.first_turn)


async def wants_to_double(game: Game, level: str) -> bool:
    decision = await _think(ai.cube_decision, game.position, **_cube_args(game, level))
    return decision == "double"


async def takes(game: Game, level: str) -> bool:
    """Answer the double offered by the seat on roll (`game.position` is the doubler's)."""
    decision = await _think(ai.take_decision, game.position, **_cube_args(game, level))
    return decision == "take"


def expected_loss(
    position: Position, *, leaver_on_roll: bool = False,
    dice: tuple[int, int] | None = None, first_turn: bool = False,
) -> ResultKind:
    """The engine's ExpectedLoss hook, from the evaluator: the game passes the position as
    it stands (whose turn it is, the dice already rolled)."""
    return ai.expected_loss(position, leaver_on_roll=leaver_on_roll, dice=dice,
                            first_turn=first_turn)
