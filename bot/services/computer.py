"""The computer opponent as the game service sees it: `ai` called in a worker thread."""

from __future__ import annotations

import asyncio

import ai
from engine.game import Game
from engine.movegen import Play

LEVEL_NAMES = ("beginner", "casual", "intermediate", "strong", "master")


def _owner(game: Game) -> str:
    if game.cube_owner is None:
        return "center"
    return "me" if game.cube_owner == game.to_act else "opp"


def _cube_args(game: Game, level: str) -> dict:
    seat = game.to_act
    return {
        "cube_value": game.cube_value,
        "cube_owner": _owner(game),
        "match_length": game.match.length,
        "score": (game.match.score[seat], game.match.score[1 - seat]),
        "crawford": game.match.crawford,
        "level": level,
    }


async def choose_move(game: Game, level: str) -> Play:
    """Think off the event loop: the search may take a few hundred milliseconds."""
    return await asyncio.to_thread(
        ai.choose_move, game.position, game.dice, level, first_turn=game.first_turn)


async def wants_to_double(game: Game, level: str) -> bool:
    decision = await asyncio.to_thread(ai.cube_decision, game.position, **_cube_args(game, level))
    return decision == "double"


async def takes(game: Game, level: str) -> bool:
    """Answer a double; the taker is the seat to act, `game.position` is the doubler's."""
    position = game.position_for(game.to_act)
    decision = await asyncio.to_thread(ai.take_decision, position, **_cube_args(game, level))
    return decision == "take"


def expected_loss(position):
    return ai.expected_loss(position)
