"""The step interface the buttons need: build one turn a checker step at a time.

Only steps that begin some legal full move are offered, so a player can never reach a dead
end; every legal full move can be reached. The rules come from the same search state as the
full-move generator (`engine.movegen`).
"""

from __future__ import annotations

from engine.errors import IllegalMoveError
from engine.movegen import (
    Play,
    RawStep,
    _final_nodes,
    check_dice,
    dice_of_turn,
    new_state,
    search,
)
from engine.moves import Move, Step
from engine.position import Position


class Turn:
    """One player's turn under construction: `legal_steps()`, `play(step)`, `undo()`."""

    def __init__(
        self, position: Position, dice: tuple[int, int], *, first_turn: bool = False
    ) -> None:
        self.position = position
        self.dice = check_dice(dice)
        self.first_turn = first_turn
        self._finals = _final_nodes(position, self.dice, first_turn)
        self._state = new_state(position, self.dice, first_turn)
        self._taken: list[RawStep] = []
        self._destinations: dict[tuple, dict[int, tuple[Step, ...]]] = {}

    # -- what the turn allows ------------------------------------------------------

    @property
    def plays(self) -> list[Play]:
        """Every legal full move of this turn."""
        return [Play(_move(steps), after) for after, steps in self._finals.values()]

    @property
    def is_pass(self) -> bool:
        """No die can be played: the turn passes."""
        return not self._finals

    @property
    def is_forced(self) -> bool:
        """Exactly one legal full move: it can play itself."""
        return len(self._finals) == 1

    @property
    def is_complete(self) -> bool:
        """The steps taken form a legal full move (or the turn is a pass)."""
        return self.is_pass or self._state.key() in self._finals

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(Step(s, d, h) for s, d, h, _ in self._taken)

    @property
    def remaining_dice(self) -> tuple[int, ...]:
        left = list(dice_of_turn(self.dice))
        for *_, die in self._taken:
            left.remove(die)
        return tuple(left)

    def legal_steps(self) -> list[Step]:
        """The next steps that still lead to a legal full move, highest point first."""
        return [Step(s, d, h) for s, d, h, _ in self._next_raw_steps()]

    def destinations(self, src: int) -> dict[int, tuple[Step, ...]]:
        """Where the checker on `src` can go this turn, by one die or several in a row.

        Maps each destination to the steps that take it there (e.g. 13→7, 13→2 for 6-5),
        each step legal in turn, so the buttons can offer combined moves.
        """
        key = (tuple(self._taken), src)
        if key not in self._destinations:
            found: dict[int, tuple[Step, ...]] = {}
            self._collect(src, (), found)
            self._destinations[key] = found
        return dict(self._destinations[key])

    def _collect(self, src: int, path: tuple[Step, ...], found: dict) -> None:
        for step in self.legal_steps():
            if step.src != src or step.dst in found:
                continue
            found[step.dst] = (*path, step)
            self.play(step)
            try:
                if step.dst:
                    self._collect(step.dst, found[step.dst], found)
            finally:
                self.undo()

    # -- changing it ---------------------------------------------------------------

    def play(self, step: Step | tuple[int, int]) -> Step:
        """Take one step (`Step` or `(src, dst)`); IllegalMoveError if it is not offered."""
        src, dst = (step.src, step.dst) if isinstance(step, Step) else step
        for raw in self._next_raw_steps():
            if raw[0] == src and raw[1] == dst:
                self._state.apply(*raw[:3])
                self._taken.append(raw)
                return Step(*raw[:3])
        raise IllegalMoveError(f"{Step(src, dst)} is not a legal step here")

    def undo(self) -> Step | None:
        """Take back the last step; None when there is nothing to undo."""
        if not self._taken:
            return None
        raw = self._taken.pop()
        self._state.undo(*raw[:3])
        return Step(*raw[:3])

    def reset(self) -> None:
        while self._taken:
            self.undo()

    def move(self) -> Move:
        return _move(self._taken)

    def finish(self) -> Play:
        """The finished turn as a Play; IllegalMoveError while it is not complete."""
        if self.is_pass:
            return Play(Move(), self.position.swapped())
        key = self._state.key()
        if key not in self._finals:
            raise IllegalMoveError("the turn is not complete: play the remaining dice")
        return Play(_move(self._taken), self._finals[key][0])

    # -- the search --------------------------------------------------------------------

    def _next_raw_steps(self) -> list[RawStep]:
        if self.is_pass:
            return []
        remaining = self.remaining_dice
        out: list[RawStep] = []
        seen: set[tuple[int, int]] = set()
        for i, die in enumerate(remaining):
            if die in remaining[:i]:
                continue
            rest = remaining[:i] + remaining[i + 1 :]
            for src, dst, hit in self._state.steps(die):
                if (src, dst) not in seen and self._leads_to_final((src, dst, hit), rest):
                    seen.add((src, dst))
                    out.append((src, dst, hit, die))
        out.sort(key=lambda raw: (-raw[0], -raw[1]))
        return out

    def _leads_to_final(self, step: tuple[int, int, bool], rest: tuple[int, ...]) -> bool:
        state, finals = self._state, self._finals
        state.apply(*step)
        try:
            reached = False

            def on_node(_steps: list[RawStep], _leaf: bool) -> bool:
                nonlocal reached
                reached = state.key() in finals
                return reached

            search(state, rest, on_node)
            return reached
        finally:
            state.undo(*step)


def _move(steps: list[RawStep] | tuple[RawStep, ...]) -> Move:
    return Move(tuple(Step(s, d, h) for s, d, h, _ in steps))
