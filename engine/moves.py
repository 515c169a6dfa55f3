"""Steps, moves and their notation (`24/18 13/11*`, `bar/22`, `6/off`, `24/18(2)`, `13/7*/1`).

A `Step` moves one checker by one die: `src` is a point 1..24 or 25 (the bar), `dst` a point
or 0 (borne off), both in the mover's numbering. A `Move` is the steps of one turn. Formatting
follows GNU Backgammon: one checker's consecutive steps are joined (`24/13`), intermediate
points are shown only where it hits (`13/7*/1`), equal parts are counted (`24/18(2)`), and the
parts are listed from the highest starting point down.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import NamedTuple

from engine.errors import NotationError
from engine.position import BAR, OFF, Variant, opp_point


class Step(NamedTuple):
    src: int
    dst: int
    hit: bool = False

    def __str__(self) -> str:
        return f"{_point_name(self.src)}/{_point_name(self.dst)}{'*' if self.hit else ''}"


class Move(NamedTuple):
    """The steps of one turn, in a playable order. The empty move is a pass."""

    steps: tuple[Step, ...] = ()

    def __str__(self) -> str:
        return format_steps(self.steps)

    def __bool__(self) -> bool:
        return bool(self.steps)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Parse notation into steps as written (chains expanded, `(n)` repeated).

        Each segment `a/b` becomes one step even when it spans several dice; the engine
        resolves it against the legal moves by the position it produces.
        """
        return cls(tuple(parse_segments(text)))


_POINT = re.compile(r"(?<![(\d])\d{1,2}(?![\d)])")  # a point of the notation, not a count


def seen_from_other_side(text: str, variant: Variant | str) -> str:
    """A move's notation in the other player's numbers (`13/7*(2)` is `12/18*(2)` in short
    nard, `24/18` is `12/6` in long nard); the bar and off stay as they are."""
    variant = Variant(variant)
    return _POINT.sub(lambda m: str(opp_point(variant, int(m.group()))), text)


def _point_name(point: int) -> str:
    if point == BAR:
        return "bar"
    if point == OFF:
        return "off"
    return str(point)


_PART = re.compile(r"^(bar|\d{1,2})((?:/(?:off|\d{1,2})\*?)+)(?:\((\d)\))?$")
_HOP = re.compile(r"/(off|\d{1,2})(\*?)")


def parse_segments(text: str) -> list[Step]:
    if not isinstance(text, str):
        raise NotationError("a move must be text")
    parts = text.lower().replace(",", " ").split()
    if not parts:
        raise NotationError("empty move")
    steps: list[Step] = []
    for part in parts:
        match = _PART.match(part)
        if not match:
            raise NotationError(f"cannot read {part!r}: write moves like 24/18 13/11* or 6/off")
        src = BAR if match.group(1) == "bar" else int(match.group(1))
        chain: list[Step] = []
        for hop in _HOP.finditer(match.group(2)):
            dst = OFF if hop.group(1) == "off" else int(hop.group(1))
            if not 1 <= src <= BAR or not OFF <= dst <= 24 or dst >= src:
                raise NotationError(f"{part!r}: a checker moves from a higher point to a lower")
            chain.append(Step(src, dst, hop.group(2) == "*"))
            src = dst
        count = int(match.group(3) or 1)
        if not 1 <= count <= 4:
            raise NotationError(f"{part!r}: a count must be 1 to 4")
        steps.extend(chain * count)
    return steps


def format_steps(steps: tuple[Step, ...] | list[Step]) -> str:
    """GNU-style text for the steps of one turn; `""` for a pass."""
    chains: list[list[Step]] = []
    open_chains: dict[int, list[list[Step]]] = {}  # chain end point -> chains ending there
    # Highest starting point first, so a checker's later steps always join its chain and
    # the same result always reads the same, whatever order the steps were played in.
    for step in sorted(steps, key=lambda s: -s.src):
        waiting = open_chains.get(step.src)
        if waiting:
            chain = waiting.pop()
            chain.append(step)
        else:
            chain = [step]
            chains.append(chain)
        open_chains.setdefault(step.dst, []).append(chain)
    texts = Counter(_format_chain(chain) for chain in chains)
    order = sorted(texts, key=lambda t: (-_start_of(t), t))
    return " ".join(t if texts[t] == 1 else f"{t}({texts[t]})" for t in order)


def _format_chain(chain: list[Step]) -> str:
    out = [_point_name(chain[0].src)]
    for i, step in enumerate(chain):
        last = i == len(chain) - 1
        if step.hit or last:
            out.append(_point_name(step.dst) + ("*" if step.hit else ""))
    return "/".join(out)


def _start_of(text: str) -> int:
    head = text.split("/", 1)[0]
    return BAR if head == "bar" else int(head)
