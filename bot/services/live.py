"""A game as the bot keeps it: the engine game plus the steps of the turn being built.

Everything lives in the games row's `state_json`, so a restart finds the same board and the
same half-played turn; nothing about a game is kept only in memory. The engine's history
(rolls, moves, passes, cube actions) is enough to recover the board before any of its
events (`Live.before`), which is what the captions, the move marks and `/log` read.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field

from engine.errors import EngineError
from engine.game import Game, Phase
from engine.moves import Move, Step
from engine.position import BAR, Position, opp_point
from engine.resolve import apply_steps
from engine.turn import Turn

log = logging.getLogger(__name__)


@dataclass
class Live:
    game: Game
    steps: list[tuple[int, int]] = field(default_factory=list)
    number: int = 1  # which game of the match
    _turn: tuple[tuple, Turn] | None = field(default=None, repr=False, compare=False)
    _before: _Rewind | None = field(default=None, repr=False, compare=False)
    # What readers of this state worked out once (events, captions): a redraw asks for the
    # same facts for each viewer. Each entry records the history length it was made for.
    memo: dict = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def load(cls, state_json: str) -> Live:
        data = json.loads(state_json)
        return cls(Game.from_dict(data["game"]), [tuple(s) for s in data["steps"]],
                   data.get("number", 1))

    def dump(self) -> str:
        return json.dumps(
            {"game": self.game.to_dict(), "steps": self.steps, "number": self.number},
            separators=(",", ":"), ensure_ascii=False,
        )

    def turn(self) -> Turn:
        """The turn under construction, with the steps taken so far replayed.

        Built once per state: a redraw asks for it several times (caption, buttons,
        highlights). Callers leave it as they found it (`destinations` undoes its steps).
        """
        key = (tuple(self.steps), len(self.game.history))
        if self._turn is None or self._turn[0] != key:
            turn = self.game.turn()
            for step in self.steps:
                turn.play(step)
            self._turn = (key, turn)
        return self._turn[1]

    def go(self, src: int, dst: int) -> tuple[Step, ...]:
        """Play the path a destination button (`src`→`dst`) promises; KeyError when the
        turn offers no such destination, EngineError when its steps do not replay."""
        path = self.turn().destinations(src)[dst]
        self.steps.extend((step.src, step.dst) for step in path)
        self.turn()  # the steps must replay
        return path

    def position_for(self, seat: int) -> Position:
        """What `seat` sees, with the steps of the turn being built already shown."""
        if self.game.phase is Phase.MOVE and self.steps:
            now = apply_steps(self.game.position, self.turn().steps)
            return now if seat == self.game.seat else now.swapped()
        return self.game.position_for(seat)

    def before(self, index: int) -> Position | None:
        """The board as the seat of history event `index` saw it just before that event
        (its own checkers as `me`); None for events without a seat (opening, result).

        Worked out backwards from the current board by taking moves back (their notation
        marks every hit), so it is exact after a restart, needs no move generation, and
        costs only as many steps back as the oldest event asked for.
        """
        history = self.game.history
        if self._before is None or self._before.length != len(history):
            self._before = _Rewind(self.game)
        return self._before.upto(index)

    def first_turn(self, index: int) -> bool:
        """Whether history event `index` came before its seat's first move or pass."""
        history = self.game.history
        seat = history[index].get("seat")
        return not any(event["type"] in ("move", "pass") and event.get("seat") == seat
                       for event in history[:index])


class _Rewind:
    """The boards before a game's history events, found newest first and remembered."""

    def __init__(self, game: Game) -> None:
        self.history = game.history
        self.length = len(game.history)
        self.board, self.seat = game.position, game.seat  # `board.me` is `seat`'s
        self.cursor = self.length  # events from here on are done
        self.found: dict[int, Position | None] = {}

    def upto(self, index: int) -> Position | None:
        """The board before event `index`; None also for every event before a move that
        does not take back (a history not made by the engine: nothing is shown then,
        rather than a wrong board)."""
        while self.cursor > index:
            self.cursor -= 1
            event = self.history[self.cursor]
            mover = event.get("seat")
            if mover is None:
                self.found[self.cursor] = None
                continue
            if mover != self.seat:  # see the board from the event's seat
                self.board, self.seat = self.board.swapped(), mover
            if event["type"] == "move":
                try:
                    self.board = _take_back(self.board, event["move"])
                except EngineError:
                    log.warning("a move of the history does not take back: %s", event)
                    self.found.update(dict.fromkeys(range(self.cursor + 1), None))
                    self.cursor = 0
                    break
            # A pass, a roll or a cube action leaves the board as it was.
            self.found[self.cursor] = self.board
        return self.found[index]


def _take_back(after: Position, notation: str) -> Position:
    """The mover's board before `notation`, from the mover's board after it."""
    me, opp = list(after.me), list(after.opp)
    for step in Move.parse(notation).steps if notation else ():
        me[step.dst] -= 1
        me[step.src] += 1
        if step.hit:
            opp[BAR] -= 1
            opp[opp_point(after.variant, step.dst)] += 1
    return Position(after.variant, me, opp)  # validated: PositionError if it cannot be
