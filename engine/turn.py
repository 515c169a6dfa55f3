"""The step interface the buttons need: build one turn a checker step at a time.

Only steps that begin some legal full move are offered, so a player can never reach a dead
end, and every legal full move can be reached by single steps. The rules come from the same
search state as the full-move generator (`engine.movegen`).

The turn's partial states form a small graph: a node is the board code, the dice left and
(long nard) how many checkers left the head. Whether a node still leads to a legal full
move is remembered per node, so walking a whole turn (as the buttons do, with undo) asks the
rules once per node, not once per step offered.

Each step taken remembers its die (`TurnStep.die`). A step's points fix its die except when
a checker bears off with a die larger than its point: with 6-3 and checkers on 3 and 1,
`3/off` may use the 6 or the 3. The interface then plays the larger die (the other die is
left for the next checker); both choices lead to the same positions, since a die at least
as large as the highest checker left can only bear that checker off.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from engine.errors import IllegalMoveError
from engine.movegen import (
    _STEPS,
    LongState,
    Play,
    RawStep,
    _final_nodes,
    check_dice,
    dice_of_turn,
    new_state,
)
from engine.moves import Move, Step
from engine.position import OFF, Position


class TurnStep(NamedTuple):
    """A step taken in a turn, with the die it used."""

    src: int
    dst: int
    hit: bool
    die: int

    @property
    def step(self) -> Step:
        return _STEPS[self]  # the shared Step of (src, dst, hit, die): no new object

    def __str__(self) -> str:
        return str(self.step)


Node = tuple[int, int, tuple[int, ...]]  # board code, checkers gone from the head, dice left


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
        self._taken: list[TurnStep] = []
        self._left: tuple[int, ...] = dice_of_turn(self.dice)  # larger die first
        self._lefts: list[tuple[int, ...]] = []  # the dice left before each step taken
        self._reaches: dict[Node, bool] = {}  # node -> leads to a legal full move
        self._good: dict[Node, tuple[TurnStep, ...]] = {}  # node -> steps that do
        self._offers: dict[Node, tuple[TurnStep, ...]] = {}  # the same, one per pair
        self._legal: dict[Node, tuple[Step, ...]] = {}  # the same as plain steps
        self._destinations: dict[tuple[Node, int], dict[int, tuple[Step, ...]]] = {}

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
    def length(self) -> int:
        """How many dice a full move of this turn plays (every legal full move plays as
        many: as many as can be played); 0 for a pass."""
        return max((len(steps) for _, steps in self._finals.values()), default=0)

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(Step(s, d, h) for s, d, h, _ in self._taken)

    @property
    def taken(self) -> tuple[TurnStep, ...]:
        """The steps taken so far, each with the die it used."""
        return tuple(self._taken)

    @property
    def remaining_dice(self) -> tuple[int, ...]:
        return self._left

    @property
    def node(self) -> Node:
        """Where the turn stands, as a hashable value: equal for every order of steps that
        leads to the same board (blots hit included) with the same dice left."""
        return self._node()

    def legal_steps(self) -> list[Step]:
        """The next steps that still lead to a legal full move, highest point first."""
        node = self._node()
        steps = self._legal.get(node)
        if steps is None:
            steps = self._legal[node] = tuple(raw.step for raw in self._offered())
        return list(steps)

    def destinations(self, src: int) -> dict[int, tuple[Step, ...]]:
        """Where the checker on `src` can go now, each destination with the steps it takes.

        * A point one die away maps to that single step: `6→off` is the 6 bearing the
          checker off, even when 6/2/off (the 4, then the 6) would also get it off.
        * A point that only several dice reach (13→2 with 6-5) maps to one checker's steps
          in a row, each legal in turn, offered only when every way of getting there ends
          in the same position (same blots hit, same dice left). When the ways differ
          (13/7*/2 hits a blot on 7, 13/8/2 does not) no combined button could say which
          is meant, so the player goes step by step (13→7, then 7→2).

        Every legal full move stays reachable by single steps, whichever combined ones
        are offered.
        """
        node = self._node()
        key = (node, src)
        if key not in self._destinations:
            direct: dict[int, tuple[Step, ...]] = {
                raw.dst: (raw.step,) for raw in self._offered() if raw.src == src}
            ways: dict[int, tuple[tuple[Step, ...], Node]] = {}
            unclear: set[int] = set()
            self._follow(src, (), direct, ways, unclear)
            combined = {dst: path for dst, (path, _) in ways.items() if dst not in unclear}
            self._destinations[key] = {**direct, **combined}
        return dict(self._destinations[key])

    def _follow(self, at: int, path: tuple[Step, ...], direct: dict[int, tuple[Step, ...]],
                ways: dict[int, tuple[tuple[Step, ...], Node]],
                unclear: set[int]) -> None:
        """Walk the checker on `at` on through further dice, noting where each way ends."""
        for raw in self._offered():
            if raw[0] != at:
                continue
            here = (*path, raw.step)
            self._apply(raw)
            try:
                dst = raw[1]
                if len(here) > 1 and dst not in direct:
                    node = self._node()
                    if dst not in ways:
                        ways[dst] = (here, node)
                    elif ways[dst][1] != node:
                        unclear.add(dst)
                if dst != OFF:
                    self._follow(dst, here, direct, ways, unclear)
            finally:
                self._retract()

    # -- changing it ---------------------------------------------------------------

    def play(self, step: Step | tuple[int, int], die: int | None = None) -> Step:
        """Take one step (`Step` or `(src, dst)`); IllegalMoveError if it is not offered.

        `die` picks the die when a bear-off could use either (a saved turn being restored);
        without it the interface's choice (the larger die) is played. `taken` tells the
        die each step used.
        """
        src, dst = (step.src, step.dst) if isinstance(step, Step) else step[:2]
        for raw in self._good_steps() if die is not None else self._offered():
            if raw[0] == src and raw[1] == dst and (die is None or raw[3] == die):
                self._apply(raw)
                return raw.step
        with_die = f" with the {die}" if die is not None else ""
        raise IllegalMoveError(f"{Step(src, dst)}{with_die} is not a legal step here")

    def undo(self) -> Step | None:
        """Take back the last step; None when there is nothing to undo."""
        if not self._taken:
            return None
        return self._retract().step

    def reset(self) -> None:
        while self._taken:
            self._retract()

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

    # -- the graph of partial turns -----------------------------------------------------

    def _apply(self, raw: TurnStep) -> None:
        self._state.apply(raw[0], raw[1], raw[2])
        self._taken.append(raw)
        self._lefts.append(self._left)
        left = self._left
        i = left.index(raw[3])
        self._left = left[:i] + left[i + 1:]

    def _retract(self) -> TurnStep:
        raw = self._taken.pop()
        self._state.undo(raw[0], raw[1], raw[2])
        self._left = self._lefts.pop()
        return raw

    def _node(self) -> Node:
        head = self._state.head_used if isinstance(self._state, LongState) else 0
        return self._state.code, head, self._left

    def _offered(self) -> tuple[TurnStep, ...]:
        """The good steps with one die per pair of points (the larger), as offered."""
        node = self._node()
        offers = self._offers.get(node)
        if offers is None:
            seen: set[tuple[int, int]] = set()
            kept = []
            for raw in self._good_steps():
                if raw[:2] not in seen:
                    seen.add(raw[:2])
                    kept.append(raw)
            offers = self._offers[node] = tuple(kept)
        return offers

    def _good_steps(self) -> tuple[TurnStep, ...]:
        """Every step from here (any die) that leads to a legal full move, highest first."""
        node = self._node()
        good = self._good.get(node)
        if good is None:
            good = tuple(sorted(
                (raw for raw in self._children() if self._leads_on(raw)),
                key=lambda raw: (-raw[0], -raw[1], -raw[3]),
            ))
            self._good[node] = good
        return good

    def _children(self) -> list[TurnStep]:
        if self.is_pass:
            return []
        out: list[TurnStep] = []
        left, new = self._left, tuple.__new__
        for i, die in enumerate(left):
            if die not in left[:i]:
                out.extend(new(TurnStep, (src, dst, hit, die))
                           for src, dst, hit in self._state.steps(die))
        return out

    def _leads_on(self, raw: TurnStep) -> bool:
        self._apply(raw)
        try:
            return self._reaches_final()
        finally:
            self._retract()

    def _reaches_final(self) -> bool:
        node = self._node()
        known = self._reaches.get(node)
        if known is None:
            # A legal result ends its turn (no die left playable), so a node whose board
            # is a legal result needs no further look.
            known = self._state.key() in self._finals or any(
                self._leads_on(raw) for raw in self._children()
            )
            self._reaches[node] = known
        return known


def _move(steps: Sequence[RawStep]) -> Move:
    return Move(tuple(Step(s, d, h) for s, d, h, _ in steps))

