"""Hints while learning: the best three moves of the roll, with how far each is behind
the best, for the player to move in an unrated game against the computer (a rated game,
a game between people, offers none: `offers_hints`, checked again on every request).

The moves are ranked by the analysis's own judge (`ai.rank_plays` at the analysis's ply:
Open Sage in short nard, our network in long nard), in the computer's worker pool, so the
event loop is never held; each move hinted is stored (`storage.hints`) and the game's
analysis says how many hints each player used.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

import ai
from core.live import Live
from core.workers import Runner
from engine.game import Phase
from storage import games, hints
from storage.db import Database
from storage.errors import GameNotFound
from storage.models import Game as Row

HINT_MOVES = 3  # the best moves a hint shows
HINT_PLY = 2  # the analysis's depth (core.analysis.AnalysisJobs' default)


class HintRefusal(StrEnum):
    NOT_YOURS = "not-yours"  # not a player of the game (or no such game)
    RATED = "rated"  # a rated game, or one between people: no hints there
    NOT_NOW = "not-now"  # not the player's move (or nothing to choose)


@dataclass(frozen=True)
class HintMove:
    move: str  # the engine's notation
    equity: float  # cubeless points per game for the mover
    behind: float  # how much less than the best (0 for the best)


@dataclass(frozen=True)
class Hint:
    dice: tuple[int, int]
    moves: tuple[HintMove, ...]  # best first


def offers_hints(row: Row) -> bool:
    """Whether the game offers hints: unrated and against the computer."""
    return not row.rated and row.computer_seat is not None


class Hints:
    def __init__(self, db: Database, runner: Runner, *, clock: Callable[[], datetime],
                 ply: int = HINT_PLY) -> None:
        self.db, self.runner, self.clock, self.ply = db, runner, clock, ply

    async def ask(self, game_id: int, player_id: int) -> Hint | HintRefusal:
        """The best moves for `player_id`'s roll now, stored as a hint used; or why not."""
        try:
            row = await games.load_game(self.db, game_id)
        except GameNotFound:
            return HintRefusal.NOT_YOURS
        seat = row.seat_of(player_id)
        if seat is None:
            return HintRefusal.NOT_YOURS
        if not offers_hints(row):
            return HintRefusal.RATED
        live = Live.load(row.state_json)
        game = live.game
        if row.status != "active" or game.phase is not Phase.MOVE or game.to_act != seat \
                or live.steps or live.pending is not None:  # (hints rank the whole roll)
            return HintRefusal.NOT_NOW
        assert game.dice is not None
        ranked = await self.runner.run(ai.rank_plays, game.position, game.dice, self.ply,
                                       first_turn=game.first_turn)
        if not ranked:
            return HintRefusal.NOT_NOW
        best = ranked[0][1]
        moves = tuple(HintMove(str(play.move), equity, best - equity)
                      for play, equity in ranked[:HINT_MOVES])
        played = sum(1 for event in game.history if event["type"] == "move")
        await hints.record(self.db, row.id, live.number, played, seat, player_id, self.clock())
        return Hint(game.dice, moves)
