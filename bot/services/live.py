"""A game as the bot keeps it: the engine game plus the steps of the turn being built.

Everything lives in the games row's `state_json`, so a restart finds the same board and the
same half-played turn; nothing about a game is kept only in memory.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from engine.game import Game, Phase
from engine.moves import Move, Step
from engine.position import Position
from engine.resolve import apply_steps
from engine.turn import Turn


@dataclass
class Live:
    game: Game
    steps: list[tuple[int, int]] = field(default_factory=list)
    number: int = 1  # which game of the match
    _turn: tuple[tuple, Turn] | None = field(default=None, repr=False, compare=False)

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

    def last_move(self) -> tuple[int | None, str, tuple[tuple[int, int], ...]]:
        """(seat, text, segments) of the latest move or pass in this game."""
        for event in reversed(self.game.history):
            if event["type"] in ("move", "pass"):
                text = event.get("move", "")
                return event["seat"], text, _segments(text)
        return None, "", ()


def _segments(text: str) -> tuple[tuple[int, int], ...]:
    return tuple((step.src, step.dst) for step in Move.parse(text).steps) if text else ()
