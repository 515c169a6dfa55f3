"""Legal moves: one per distinct resulting position, every rule of docs/rules.md enforced.

The rules of a single step live in one search state per variant (`ShortState`, `LongState`):
a mutable board with `steps(die)`, `apply` and `undo`. Every order of the dice is walked over
that state (the full-move and larger-die rules need the whole turn): by `search` for the step
interface in `engine.turn`, and by `_final_steps`, its specialised twin, for the full moves.
Both ask the same `steps()` for every step, so the two can never disagree.

Doubles in short nard only try steps in non-increasing order of starting point (as GNU
Backgammon does): any set of same-die steps can be reordered that way. Long nard may not use
that shortcut because the head and six-block rules make order matter; it remembers the
states it has expanded instead.

A state's `key()` is an exact integer code of its board (a byte per count, plus a bit per
point where a blot was hit), kept current by `apply` and `undo`. The full-move generator
reads the key after each move's last step straight from that code, without stepping there,
and builds a result only for the first move to reach each key.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from itertools import compress
from types import MappingProxyType
from typing import Any, NamedTuple

from engine.errors import IllegalMoveError, shown
from engine.moves import Move, Step
from engine.position import BAR, CHECKERS, OFF, Position, Variant

HEAD = 24
# Long nard: the opponent's route in my numbering is 12..1 then 24..13.
ROUTE = (*range(12, 0, -1), *range(24, 12, -1))
ROUTE_INDEX = {point: i for i, point in enumerate(ROUTE)}
_OPENING_DOUBLES_FROM_HEAD = {6, 4, 3}
_SHORT, _LONG = Variant.SHORT, Variant.LONG  # looking up an enum member is slow

RawStep = tuple[int, int, bool, int]  # src, dst, hit, die

# The board code: the 26 counts (index 0 = off .. 25 = bar) as little-endian bytes; a blot
# hit on my point p adds 1 << 208 + p. _SHIFT[die][src] is the change of one checker moving
# from src by die (to 0 when it bears off); _DOWN[top] lists the points top..1.
_UNIT = tuple(1 << 8 * i for i in range(26))
_HIT = tuple(1 << 8 * 26 + p for p in range(26))
_SHIFT = tuple(
    tuple(_UNIT[max(src - die, OFF)] - _UNIT[src] for src in range(26)) for die in range(7)
)
_DOWN = tuple(range(top, 0, -1) for top in range(25))
# The `Step` of each raw step, shared (steps are immutable values).
_STEPS = {
    (src, max(src - die, OFF), hit, die): Step(src, max(src - die, OFF), hit)
    for src in range(1, 26)
    for die in range(1, 7)
    for hit in (False, True)
}


def _code(counts: list[int]) -> int:
    return int.from_bytes(bytes(counts), "little")


def _to_bar(side: tuple[int, ...], point: int) -> tuple[int, ...]:
    """`side` with its blot on `point` (in its own numbering) hit to the bar."""
    counts = list(side)
    counts[point] -= 1
    counts[BAR] += 1
    return tuple(counts)


class Play(NamedTuple):
    """A legal move and the position it leads to, with the opponent on roll."""

    move: Move
    after: Position


class ShortState:
    """Short nard search state: my checkers, the opponent's on my points, blots hit."""

    __slots__ = ("code", "me", "occ", "opp", "outside")

    def __init__(self, position: Position) -> None:
        self.me = list(position.me)
        self.opp = position.opp
        self.occ = [0, *position.opp[24:0:-1]]  # my point p is the opponent's 25 - p
        self.outside = sum(self.me[7:26])
        self.code = _code(self.me)

    def steps(self, die: int, max_src: int = BAR) -> list[tuple[int, int, bool]]:
        me, occ = self.me, self.occ
        if me[BAR]:
            dst = BAR - die
            return [(BAR, dst, occ[dst] == 1)] if occ[dst] < 2 else []
        top = max_src if max_src < BAR else 24
        out = []
        for src in compress(_DOWN[top], me[top:0:-1]):  # the points I hold, top down
            dst = src - die
            if dst > 0:
                if occ[dst] < 2:
                    out.append((src, dst, occ[dst] == 1))
            elif not self.outside and (dst == 0 or not any(me[src + 1 : 7])):
                out.append((src, OFF, False))
        return out

    def apply(self, src: int, dst: int, hit: bool) -> None:
        self.me[src] -= 1
        self.me[dst] += 1
        self.code += _UNIT[dst] - _UNIT[src]
        if src > 6 and dst <= 6:
            self.outside -= 1
        if hit:
            self.occ[dst] = 0
            self.code += _HIT[dst]

    def undo(self, src: int, dst: int, hit: bool) -> None:
        self.me[src] += 1
        self.me[dst] -= 1
        self.code -= _UNIT[dst] - _UNIT[src]
        if src > 6 and dst <= 6:
            self.outside += 1
        if hit:
            self.occ[dst] = 1
            self.code -= _HIT[dst]

    def key(self) -> int:
        return self.code

    def result(self, steps: tuple[RawStep, ...]) -> Position:
        """The position `steps` lead to from this state's board, with the opponent on roll."""
        me, opp = self.me.copy(), self.opp
        for src, dst, hit, _ in steps:
            me[src] -= 1
            me[dst] += 1
            if hit:
                opp = _to_bar(opp, 25 - dst)
        return tuple.__new__(Position, (_SHORT, opp, tuple(me)))


class LongState:
    """Long nard search state: no hitting, the head rule, the six-block rule."""

    __slots__ = ("code", "head_limit", "head_used", "me", "occ", "opp", "opp_reach", "outside")

    def __init__(self, position: Position, first_turn: bool = False,
                 dice: tuple[int, ...] = ()) -> None:
        self.me = list(position.me)
        self.opp = position.opp
        # My point p is the opponent's p + 12 (p <= 12) or p - 12.
        self.occ = [0, *position.opp[13:25], *position.opp[1:13]]
        self.outside = sum(self.me[7:25])
        self.code = _code(self.me)
        self.head_used = 0
        opening_double = first_turn and len(dice) == 2 and dice[0] == dice[1]
        self.head_limit = 2 if opening_double and dice[0] in _OPENING_DOUBLES_FROM_HEAD else 1
        # The furthest route index of an opposing checker on the board: a six-block is
        # allowed only when some opposing checker stands past it.
        on_board = [q for q in range(1, 25) if position.opp[q]]
        self.opp_reach = 24 - min(on_board) if on_board else -1

    def steps(self, die: int, max_src: int = BAR) -> list[tuple[int, int, bool]]:
        me, occ = self.me, self.occ
        out = []
        for src in compress(_DOWN[24], me[24:0:-1]):  # the points I hold, top down
            if src == HEAD and self.head_used >= self.head_limit:
                continue
            dst = src - die
            if dst > 0:
                if not occ[dst] and (me[dst] or not self._makes_block(src, dst)):
                    out.append((src, dst, False))
            elif not self.outside and (dst == 0 or not any(me[src + 1 : 7])):
                out.append((src, OFF, False))
        return out

    def _makes_block(self, src: int, dst: int) -> bool:
        """Would moving a checker from `src` to empty `dst` make six in a row, none past it?

        Judged on the board after the step: the checker no longer holds `src`.
        """
        self.me[src] -= 1
        try:
            return self._run_blocks(dst)
        finally:
            self.me[src] += 1

    def _run_blocks(self, dst: int) -> bool:
        me, i = self.me, ROUTE_INDEX[dst]
        lo = i
        while lo > 0 and me[ROUTE[lo - 1]]:
            lo -= 1
        hi = i
        while hi < 23 and me[ROUTE[hi + 1]]:
            hi += 1
        return hi - lo >= 5 and self.opp_reach <= hi

    def apply(self, src: int, dst: int, hit: bool) -> None:
        self.me[src] -= 1
        self.me[dst] += 1
        self.code += _UNIT[dst] - _UNIT[src]
        if src == HEAD:
            self.head_used += 1
        if src > 6 and dst <= 6:
            self.outside -= 1

    def undo(self, src: int, dst: int, hit: bool) -> None:
        self.me[src] += 1
        self.me[dst] -= 1
        self.code -= _UNIT[dst] - _UNIT[src]
        if src == HEAD:
            self.head_used -= 1
        if src > 6 and dst <= 6:
            self.outside += 1

    def key(self) -> int:
        return self.code

    def result(self, steps: tuple[RawStep, ...]) -> Position:
        """The position `steps` lead to from this state's board, with the opponent on roll."""
        me = self.me.copy()
        for src, dst, _, _ in steps:
            me[src] -= 1
            me[dst] += 1
        return tuple.__new__(Position, (_LONG, self.opp, tuple(me)))


State = ShortState | LongState


def new_state(position: Position, dice: tuple[int, int], first_turn: bool = False) -> State:
    if position.variant is _SHORT:
        return ShortState(position)
    return LongState(position, first_turn, dice)


def dice_of_turn(dice: tuple[int, int]) -> tuple[int, ...]:
    """The dice to play, larger first; a double is played four times."""
    d1, d2 = check_dice(dice)
    return (d1,) * 4 if d1 == d2 else (max(d1, d2), min(d1, d2))


def check_dice(dice: Any) -> tuple[int, int]:
    try:
        d1, d2 = dice
    except (TypeError, ValueError):
        raise IllegalMoveError("dice must be two numbers") from None
    for d in (d1, d2):
        if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6:
            raise IllegalMoveError(f"a die shows 1 to 6, not {shown(d)}")
    return d1, d2


def search(
    state: State,
    remaining: tuple[int, ...],
    on_node: Callable[[list[RawStep], bool], bool | None],
) -> None:
    """Walk every playable order of `remaining` dice from `state`.

    `on_node(steps, is_leaf)` is called at each node reached (steps so far; `is_leaf` when no
    further die can be played). Returning True stops the whole walk early.
    """
    ordered = isinstance(state, ShortState) and len(set(remaining)) == 1
    long_state = state if isinstance(state, LongState) else None
    seen: set[tuple[int, int, int]] = set()
    steps: list[RawStep] = []

    def walk(remaining: tuple[int, ...], max_src: int) -> bool:
        if long_state is not None:
            mark = (long_state.code, long_state.head_used, len(remaining))
            if mark in seen:
                return False
            seen.add(mark)
        leaf = True
        for i, die in enumerate(remaining):
            if die in remaining[:i]:
                continue
            rest = remaining[:i] + remaining[i + 1 :]
            for src, dst, hit in state.steps(die, max_src):
                leaf = False
                state.apply(src, dst, hit)
                steps.append((src, dst, hit, die))
                # With no dice left the node is a leaf: report it without another call.
                stop = walk(rest, src if ordered else BAR) if rest else on_node(steps, True)
                steps.pop()
                state.undo(src, dst, hit)
                if stop:
                    return True
        return bool(on_node(steps, leaf))

    walk(remaining, BAR)


def legal_moves(
    position: Position, dice: tuple[int, int], *, first_turn: bool = False
) -> list[Play]:
    """Every legal move for `dice`, one per distinct resulting position.

    Empty when no die can be played (the turn passes). `first_turn` marks a long-nard
    player's very first roll of the game (the head rule's exception for 6-6, 4-4, 3-3).
    """
    state, found = _final_steps(position, dice, first_turn)
    # tuple.__new__ skips NamedTuple's argument handling: this is the hot path.
    new, result, step = tuple.__new__, state.result, _STEPS.__getitem__
    return [
        new(Play, (new(Move, (tuple(map(step, steps)),)), result(steps)))
        for steps in found.values()
    ]


# The bot asks for the same roll's results again and again: each press rebuilds its game's
# `Turn` from the stored state, a move played is checked against the results (`Game.play`),
# and the captions look back at earlier rolls (was that move forced?). The latest rolls'
# results are kept, 5-12 KB a roll on average in random games (short nard's doubles 31 KB):
# 0.7-1.5 MB for the 128, 4 MB if all were short nard doubles.
ROLLS_KEPT = 128


def _final_nodes(
    position: Position, dice: tuple[int, int], first_turn: bool
) -> Mapping[int, tuple[Position, tuple[RawStep, ...]]]:
    """Legal results keyed by search-state key: (position after, the steps that reach it).

    Shared by every caller that asks for the same roll (read-only: a mapping proxy)."""
    return _kept_final_nodes(position, tuple(dice), bool(first_turn))


@lru_cache(maxsize=ROLLS_KEPT)
def _kept_final_nodes(
    position: Position, dice: tuple[int, ...], first_turn: bool
) -> Mapping[int, tuple[Position, tuple[RawStep, ...]]]:
    state, found = _final_steps(position, dice, first_turn)  # type: ignore[arg-type]
    return MappingProxyType({key: (state.result(steps), steps) for key, steps in found.items()})


def has_legal_move(position: Position, dice: tuple[int, int], *, first_turn: bool = False) -> bool:
    """Whether any die of `dice` can be played (`legal_moves` is not empty)."""
    return bool(_final_nodes(position, dice, first_turn))


def is_forced(position: Position, dice: tuple[int, int], *, first_turn: bool = False) -> bool:
    """Exactly one legal move (`Turn.is_forced`, without building the Turn)."""
    return len(_final_nodes(position, dice, first_turn)) == 1


def play_reaching(
    position: Position, dice: tuple[int, int], after: Position, *, first_turn: bool = False
) -> Play | None:
    """The play `legal_moves` lists for the result `after` (the same steps in the same
    order), or None when no legal move leads there."""
    step = _STEPS.__getitem__
    for result, steps in _final_nodes(position, dice, first_turn).values():
        if result == after:
            return Play(Move(tuple(map(step, steps))), result)
    return None


def _final_steps(
    position: Position, dice: tuple[int, int], first_turn: bool
) -> tuple[State, dict[int, tuple[RawStep, ...]]]:
    """The search state (back at the start) and the steps of each legal result, by key.

    The same walk as `search`, specialised: the last die's steps are not taken one by one,
    their keys are read from the state's code (one result kept per key, the first found).
    """
    remaining = dice_of_turn(dice)
    state = new_state(position, dice, first_turn)
    if position.is_over:
        return state, {}
    steps_of, apply, undo = state.steps, state.apply, state.undo
    full = len(remaining)
    ordered = isinstance(state, ShortState) and full == 4
    long_state = state if isinstance(state, LongState) else None
    seen: set[tuple[int, int, int]] = set()
    found: dict[int, tuple[RawStep, ...]] = {}
    best = 1  # a turn that plays nothing is a pass, not a move
    path: list[RawStep] = []

    def walk(remaining: tuple[int, ...], max_src: int) -> None:
        nonlocal best
        if long_state is not None:
            mark = (long_state.code, long_state.head_used, len(remaining))
            if mark in seen:
                return
            seen.add(mark)
        if len(remaining) == 1:
            die = remaining[0]
            last = steps_of(die, max_src)
            if last:  # each step ends a move that uses every die
                if best < full:
                    found.clear()
                    best = full
                code, shift = state.code, _SHIFT[die]
                for src, dst, hit in last:
                    key = code + shift[src] + _HIT[dst] if hit else code + shift[src]
                    if key not in found:
                        found[key] = (*path, (src, dst, hit, die))
                return
        else:
            leaf = True
            for i, die in enumerate(remaining):
                if die in remaining[:i]:
                    continue
                rest = remaining[:i] + remaining[i + 1 :]
                for step in steps_of(die, max_src):
                    leaf = False
                    apply(*step)
                    path.append((*step, die))
                    walk(rest, step[0] if ordered else BAR)
                    path.pop()
                    undo(*step)
            if not leaf:
                return
        # No die left can be played. Bearing off the last checker ends the game and so uses
        # the whole roll (as Open Sage and GNU Backgammon count it): 3/off with a 3-2 is as
        # full as 3/1*/off.
        used = full if state.me[OFF] == CHECKERS else len(path)
        if used < best:
            return
        if used > best:
            found.clear()
            best = used
        if state.code not in found:
            found[state.code] = tuple(path)

    walk(remaining, BAR)
    if best == 1 and full == 2 and any(s[0][3] == remaining[0] for s in found.values()):
        found = {k: s for k, s in found.items() if s[0][3] == remaining[0]}
    return state, found
