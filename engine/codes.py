"""Text codes for positions: GNU Backgammon Position IDs and the long-nard code.

GNU Backgammon Position ID (short nard): an 80-bit key, base64 in 14 characters. For each
side, first the player NOT on roll, then the player on roll, for its points 1..24 in its own
numbering and then its bar: a 1 per checker, then a 0; padded with 0s to 80 bits, stored
little-endian bit by bit. (GNU Backgammon's `anBoard[1]` is the side on roll and is written
second, whatever its manual's prose says; tests check against gnubg's own code.)

Long-nard code: `L/<id>` or `L/<id>/first`, where `<id>` is the same 80-bit key of the two
sides (the bar is always empty) and `/first` marks that the player on roll has not moved yet,
which the head rule's opening exception needs.
"""

from __future__ import annotations

import base64
import binascii

from engine.errors import PositionError, shown
from engine.position import CHECKERS, Position, Variant

_LONG_PREFIX = "L/"
_FIRST_SUFFIX = "/first"


def position_id(position: Position) -> str:
    """The 14-character key of the two sides (a GNU Backgammon Position ID in short nard)."""
    bits: list[int] = []
    for side in (position.opp, position.me):
        for index in range(1, 26):
            bits.extend([1] * side[index])
            bits.append(0)
    key = bytearray(10)
    for i, bit in enumerate(bits):
        if bit:
            key[i // 8] |= 1 << (i % 8)
    return base64.b64encode(bytes(key)).decode("ascii")[:14]


def from_position_id(text: str, variant: Variant | str = Variant.SHORT) -> Position:
    """Decode a 14-character position key; PositionError when it is not a valid position."""
    if not isinstance(text, str) or len(text.strip()) != 14:
        raise PositionError("a position id has 14 characters")
    try:
        key = base64.b64decode(text.strip() + "==", validate=True)
    except (binascii.Error, ValueError):
        raise PositionError(f"{shown(text)} is not a base64 position id") from None
    bits = [key[i // 8] >> (i % 8) & 1 for i in range(80)]
    sides: list[list[int]] = []
    i = 0
    for _ in range(2):
        side = [0] * 26
        for index in range(1, 26):
            while i < 80 and bits[i]:
                side[index] += 1
                i += 1
            i += 1
        on_board = sum(side)
        if on_board > CHECKERS:
            raise PositionError(f"{shown(text)} has more than {CHECKERS} checkers for one side")
        side[0] = CHECKERS - on_board
        sides.append(side)
    if i > 80 or any(bits[min(i, 80):]):
        raise PositionError(f"{shown(text)} is not a valid position id")
    opp, me = sides
    return Position(variant, me, opp)


def long_code(position: Position, *, first_turn: bool = False) -> str:
    if position.variant is not Variant.LONG:
        raise PositionError("the long-nard code is for long-nard positions")
    return _LONG_PREFIX + position_id(position) + (_FIRST_SUFFIX if first_turn else "")


def from_long_code(text: str) -> tuple[Position, bool]:
    """(position, first_turn) from a long-nard code."""
    if not isinstance(text, str) or not text.startswith(_LONG_PREFIX):
        raise PositionError("a long-nard code starts with L/")
    body = text[len(_LONG_PREFIX) :]
    first = body.endswith(_FIRST_SUFFIX)
    if first:
        body = body[: -len(_FIRST_SUFFIX)]
    return from_position_id(body, Variant.LONG), first
