"""What resigning costs now, charged exactly as the game core will charge it."""

from __future__ import annotations

from core import computer
from engine.game import Game, GameResult, MatchState


def resign_cost(game: Game, seat: int) -> tuple[GameResult, MatchState]:
    """The result `seat` would get by resigning now, and the match state after it.

    A copy of the game resigns with the same estimate `GameService` passes to
    `Game.resign` (the position as it stands), so a question asked about it says what
    resigning does.
    """
    copy = Game.from_dict(game.to_dict())
    result = copy.resign(seat, computer.expected_loss)
    return result, copy.match.after(result)
