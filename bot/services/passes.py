"""Why a roll could not be played, as data (RULES.md: "the player is told why").

Interim stand-in for `engine.passes` (the engine engineer's, on its way to main): the same
names and shape (`PassReason` with `kind`, `closed` entries by die, `blocks` of tries by
die and what stops each), worked out the same way, so the wording in
`bot/services/recap.py` reads the engine's data unchanged once it lands and this module
goes. A pass is decided inside the engine; the board before the roll and the dice are
recoverable from the stored history (`Live.before`), so the reason is known after a
restart too.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.movegen import LongState
from engine.position import BAR, Position, Variant


class PassKind(StrEnum):
    BAR = "bar"  # checkers on the bar cannot enter
    NO_MOVE = "no_move"  # no checker can move any number of the roll


class Why(StrEnum):
    HELD = "held"  # the landing point is held by the opponent (2+ short, any long)
    SIX_BLOCK = "six_block"  # it would make six in a row, no opposing checker past them
    NOT_ALL_HOME = "not_all_home"  # it would bear off while checkers are outside home
    HIGHER_CHECKER = "higher_checker"  # bear off by a larger number, a checker stands higher


@dataclass(frozen=True)
class Entry:
    die: int
    point: int  # the mover's point 25 - die
    opponent_checkers: int


@dataclass(frozen=True)
class Try:
    src: int
    dst: int  # 0 = off
    why: Why


@dataclass(frozen=True)
class DieBlock:
    die: int
    tries: tuple[Try, ...]

    @property
    def reasons(self) -> tuple[Why, ...]:
        found = {t.why for t in self.tries}
        return tuple(why for why in Why if why in found)


@dataclass(frozen=True)
class PassReason:
    variant: Variant
    dice: tuple[int, int]
    kind: PassKind
    bar: int = 0
    closed: tuple[Entry, ...] = ()
    blocks: tuple[DieBlock, ...] = ()

    @classmethod
    def from_dict(cls, variant: Variant | str, data: dict[str, Any]) -> PassReason:
        kind = PassKind(data["kind"])
        dice = (int(data["dice"][0]), int(data["dice"][1]))
        if kind is PassKind.BAR:
            closed = tuple(Entry(*map(int, e)) for e in data["closed"])
            return cls(Variant(variant), dice, kind, int(data["bar"]), closed)
        blocks = tuple(
            DieBlock(int(b["die"]), tuple(Try(int(s), int(d), Why(w)) for s, d, w in b["tries"]))
            for b in data["blocks"])
        return cls(Variant(variant), dice, kind, blocks=blocks)


def explain(position: Position, dice: tuple[int, int], first_turn: bool = False) -> PassReason:
    """Why `dice` cannot be played from `position` (its `me` on roll); for a roll that
    really passes (the caller knows it from the history)."""
    numbers = sorted(set(dice), reverse=True)
    me = position.me
    if me[BAR]:
        closed = tuple(Entry(die, BAR - die, position.opp_at(BAR - die)) for die in numbers)
        return PassReason(position.variant, dice, PassKind.BAR, me[BAR], closed)
    blocks = tuple(DieBlock(die, _tries(position, die)) for die in numbers)
    return PassReason(position.variant, dice, PassKind.NO_MOVE, blocks=blocks)


def _tries(position: Position, die: int) -> tuple[Try, ...]:
    me, long_ = position.me, position.variant is Variant.LONG
    all_home = not any(me[7:26])
    state = LongState(position) if long_ else None
    tries = []
    for src in range(24, 0, -1):
        if not me[src]:
            continue
        dst = src - die
        if dst > 0:
            if position.opp_at(dst) >= (1 if long_ else 2):
                tries.append(Try(src, dst, Why.HELD))
            elif state is not None and state._makes_block(src, dst):
                tries.append(Try(src, dst, Why.SIX_BLOCK))
        elif not all_home:
            tries.append(Try(src, 0, Why.NOT_ALL_HOME))
        elif dst < 0 and any(me[src + 1:7]):
            tries.append(Try(src, 0, Why.HIGHER_CHECKER))
    return tuple(tries)
