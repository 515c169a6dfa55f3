"""Immutable positions in player-relative numbering.

`me` is the player on roll, `opp` the other one. Each is a tuple of 26 counts in its *owner's*
numbering: index 0 = borne off, 1..24 = points (the owner moves from 24 towards 1), 25 = bar.
Because each side keeps its own numbering, handing the turn over is just swapping the two.

Where my point p lies for the opponent:
* short nard: 25 - p (players move in opposite directions);
* long nard: p - 12 or p + 12 (same direction, heads diagonally opposite).
"""

from __future__ import annotations

from enum import StrEnum
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from engine.errors import PositionError, shown

CHECKERS = 15
OFF = 0
BAR = 25
POINTS = range(1, 25)


class Variant(StrEnum):
    SHORT = "short"
    LONG = "long"


VARIANTS: tuple[Variant, ...] = tuple(Variant)  # in order: for `variant in VARIANTS` checks


def opp_point(variant: Variant, point: int) -> int:
    """The opponent's number for my point `point` (1..24)."""
    if variant is Variant.SHORT:
        return 25 - point
    return point - 12 if point > 12 else point + 12


_SHORT_START = tuple({24: 2, 13: 5, 8: 3, 6: 5}.get(p, 0) for p in range(26))
_LONG_START = (0,) * 24 + (CHECKERS, 0)


class Position(tuple[Any, ...]):
    """A nard position, `me` to roll. An immutable, hashable value, cheap to create."""

    __slots__ = ()

    if TYPE_CHECKING:  # what the item getters below return
        variant: Variant
        me: tuple[int, ...]
        opp: tuple[int, ...]
    else:
        variant = property(itemgetter(0))
        me = property(itemgetter(1))
        opp = property(itemgetter(2))

    def __new__(cls, variant: Variant | str, me: Any, opp: Any) -> Position:
        variant = Variant(variant)
        me_t, opp_t = _checked_side(me, "me"), _checked_side(opp, "opp")
        _check_overlap(variant, me_t, opp_t)
        return tuple.__new__(cls, (variant, me_t, opp_t))

    @classmethod
    def _trusted(cls, variant: Variant, me: tuple[int, ...], opp: tuple[int, ...]) -> Position:
        """Build without validation: for the move generator, whose results are legal."""
        return tuple.__new__(cls, (variant, me, opp))

    def __getnewargs__(self) -> tuple[Any, ...]:
        return tuple(self)

    @classmethod
    def initial(cls, variant: Variant | str) -> Position:
        variant = Variant(variant)
        start = _SHORT_START if variant is Variant.SHORT else _LONG_START
        return cls._trusted(variant, start, start)

    def __repr__(self) -> str:
        return f"Position({self.variant.value!r}, me={list(self.me)}, opp={list(self.opp)})"

    def swapped(self) -> Position:
        """The same position with the other player on roll."""
        return Position._trusted(self.variant, self.opp, self.me)

    # -- derived facts -------------------------------------------------------------

    def opp_at(self, point: int) -> int:
        """How many opposing checkers stand on my point `point` (1..24)."""
        return self.opp[opp_point(self.variant, point)]

    def pips(self) -> tuple[int, int]:
        """Pip counts (me, opp): the distance each side still has to travel."""
        return _pips(self.me), _pips(self.opp)

    @property
    def is_over(self) -> bool:
        return self.me[OFF] == CHECKERS or self.opp[OFF] == CHECKERS

    # -- interchange ---------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The interchange board: `{"variant", "me": [26], "opp": [26]}`."""
        return {"variant": self.variant.value, "me": list(self.me), "opp": list(self.opp)}

    @classmethod
    def from_dict(cls, data: Any) -> Position:
        if not isinstance(data, dict):
            raise PositionError("a board must be an object with variant, me and opp")
        missing = {"variant", "me", "opp"} - data.keys()
        if missing:
            raise PositionError(f"board lacks {', '.join(sorted(missing))}")
        try:
            variant = Variant(data["variant"])
        except ValueError:
            raise PositionError(f"unknown variant {shown(data['variant'])}") from None
        return cls(variant, data["me"], data["opp"])


def _pips(side: tuple[int, ...]) -> int:
    return sum(point * side[point] for point in range(1, 26))


def _checked_side(values: Any, name: str) -> tuple[int, ...]:
    try:
        side = tuple(values)
    except TypeError:
        raise PositionError(f"{name} must be a list of 26 counts") from None
    if len(side) != 26:
        raise PositionError(f"{name} must have 26 entries, not {len(side)}")
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in side):
        raise PositionError(f"{name} must hold non-negative integers")
    if sum(side) != CHECKERS:
        raise PositionError(f"{name} has {sum(side)} checkers, not {CHECKERS}")
    return side


def _check_overlap(variant: Variant, me: tuple[int, ...], opp: tuple[int, ...]) -> None:
    for point in POINTS:
        if me[point] and opp[opp_point(variant, point)]:
            raise PositionError(f"both players have checkers on my point {point}")
    if variant is Variant.LONG and (me[BAR] or opp[BAR]):
        raise PositionError("long nard has no bar")
    if me[OFF] == CHECKERS and opp[OFF] == CHECKERS:
        raise PositionError("both players cannot have borne off everything")
