"""Whole games the computer plays against itself, and such a game stored finished as the
bot stores one: shared by the analysis benchmark and the chat pictures (screenshots.py)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import ai
from ai import review
from engine.dice import SeededDice
from engine.game import Game, Phase

LEVEL = "intermediate"


def play(variant: str, seed: int, *, cube: bool, level: str = LEVEL,
         max_moves: int = 400) -> Game:
    """A whole seeded game between two computer players at `level` (with the cube: doubles
    and takes by the same level)."""
    dice = SeededDice(seed)
    game = Game.new(variant, dice, cube=cube)
    moves = 0
    while game.phase is not Phase.OVER and moves < max_moves:
        if game.phase is Phase.ROLL:
            args = review.cube_args(game)
            if game.can_double(game.seat) and ai.cube_decision(
                    game.position, **args, level=level) == "double":
                game.double(game.seat)
                answer = ai.take_decision(game.position, **args, level=level)
                (game.take if answer == "take" else game.drop)(1 - game.seat)
                continue
            game.roll(game.seat, dice)
            continue
        assert game.dice is not None
        play_ = ai.choose_move(game.position, game.dice, level, first_turn=game.first_turn)
        game.play(game.seat, play_)
        moves += 1
    return game


async def stored_finished_game(app: Any, game: Game, players_: tuple[int, int],
                               now: datetime | None = None) -> int:
    """Store a finished engine game as the bot does (its log, result and result notice)."""
    from core.eventlog import since
    from core.games import result_notice
    from core.live import Live
    from storage import games, results

    live, now = Live(game), now or datetime.now(UTC)
    row = await games.create_game(app.db, variant=game.variant.value, players=players_,
                                  state_json=live.dump(), now=now, log=since(None, live),
                                  cube=game.cube_enabled)
    assert game.result is not None
    await results.finish_game(app.db, row.id, row.version, winner_seat=game.result.winner,
                              result=game.result.kind.value, points=game.result.points,
                              state_json=live.dump(), now=now, notice=result_notice(live))
    return row.id
