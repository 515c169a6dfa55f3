"""Why a roll cannot be played: the reason a turn passes, as data the bot can word.

A turn passes when no die can be played at all, so no step is possible from the position as
it stands; the reason is found by trying every checker with every number of the roll.

* **Bar** (short nard): checkers on the bar must enter first, and each number's entry point
  (the mover's point 25 − die, the opponent's point `die`) is closed by two or more opposing
  checkers. `PassReason.closed` lists them.
* **No checker can move** a number: for each number, every checker's try with it and what
  stops it (`Why`): the landing point is held by the opponent, the step would make a
  six-block with no opposing checker past it (long nard), or it would bear off while
  checkers are still outside home, or bear off with a number larger than its point while a
  checker stands on a higher point.

The head rule never causes a pass: at the start of a turn a checker may always leave the
head (the rule limits the second one), so a head checker's try fails for one of the reasons
above. Points are in the mover's numbering (24..1, 25 = bar, 0 = off).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.errors import EngineError
from engine.events import BlockData, PassData
from engine.movegen import LongState, check_dice, legal_moves
from engine.position import BAR, OFF, Position, Variant


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
    """A closed entry point: the number rolled and the point it would enter on."""

    die: int
    point: int  # the mover's point 25 - die (the opponent's point `die`)
    opponent_checkers: int  # how many opposing checkers hold it


@dataclass(frozen=True)
class Try:
    """One checker's try with one number, and what stops it."""

    src: int
    dst: int  # 0 = off
    why: Why


@dataclass(frozen=True)
class DieBlock:
    """Why no checker can move `die`: every checker's try with it, highest point first."""

    die: int
    tries: tuple[Try, ...]

    def points(self, why: Why) -> tuple[int, ...]:
        """The distinct landing points (0 = off) refused for `why`, highest first."""
        return tuple(sorted({t.dst for t in self.tries if t.why is why}, reverse=True))

    @property
    def reasons(self) -> tuple[Why, ...]:
        """The distinct reasons, in the order of `Why`."""
        found = {t.why for t in self.tries}
        return tuple(why for why in Why if why in found)


@dataclass(frozen=True)
class PassReason:
    """Why the roll `dice` cannot be played (see the module's description)."""

    variant: Variant
    dice: tuple[int, int]
    kind: PassKind
    bar: int = 0  # the mover's checkers on the bar
    closed: tuple[Entry, ...] = ()  # BAR: each distinct number's closed entry point
    blocks: tuple[DieBlock, ...] = ()  # NO_MOVE: each distinct number, larger first

    def to_dict(self) -> PassData:
        """Plain JSON data (for the game's history and the bot's texts)."""
        out = PassData(kind=self.kind.value, dice=list(self.dice))
        if self.kind is PassKind.BAR:
            out["bar"] = self.bar
            out["closed"] = [[e.die, e.point, e.opponent_checkers] for e in self.closed]
        else:
            out["blocks"] = [
                BlockData(die=b.die, tries=[[t.src, t.dst, t.why.value] for t in b.tries])
                for b in self.blocks
            ]
        return out

    @classmethod
    def from_dict(cls, variant: Variant | str, data: PassData) -> PassReason:
        kind = PassKind(data["kind"])
        dice = (int(data["dice"][0]), int(data["dice"][1]))
        if kind is PassKind.BAR:
            closed = tuple(Entry(*map(int, e)) for e in data["closed"])
            return cls(Variant(variant), dice, kind, int(data["bar"]), closed)
        blocks = tuple(
            DieBlock(int(b["die"]),
                     tuple(Try(int(s), int(d), Why(str(w))) for s, d, w in b["tries"]))
            for b in data["blocks"]
        )
        return cls(Variant(variant), dice, kind, blocks=blocks)


def explain(position: Position, dice: tuple[int, int], first_turn: bool = False) -> PassReason:
    """Why `dice` cannot be played from `position` (its `me` on roll).

    Raises EngineError when the roll has a legal move or the game is over: there is no pass
    to explain.
    """
    dice = check_dice(dice)
    if position.is_over:
        raise EngineError("the game is over")
    if legal_moves(position, dice, first_turn=first_turn):
        raise EngineError(f"{dice[0]}-{dice[1]} can be played: the turn does not pass")
    numbers = sorted(set(dice), reverse=True)
    me = position.me
    if me[BAR]:
        closed = tuple(
            Entry(die, BAR - die, position.opp_at(BAR - die)) for die in numbers
        )
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
            held = position.opp_at(dst)
            if held >= (1 if long_ else 2):
                tries.append(Try(src, dst, Why.HELD))
            elif state is not None and not me[dst] and state._makes_block(src, dst):
                tries.append(Try(src, dst, Why.SIX_BLOCK))
            else:  # cannot happen for a roll that passes: say so loudly, never word it
                raise AssertionError(f"{src}/{dst} is playable in a passing roll")
        elif not all_home:
            tries.append(Try(src, OFF, Why.NOT_ALL_HOME))
        elif dst < 0 and any(me[src + 1 : 7]):
            tries.append(Try(src, OFF, Why.HIGHER_CHECKER))
        else:
            raise AssertionError(f"{src}/off is playable in a passing roll")
    return tuple(tries)

