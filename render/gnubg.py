"""GNU Backgammon Position IDs, read for the operators' command line.

The engine is to read and write these IDs too; until it does, this reader keeps
`python -m render --gnubg-id` working. It follows gnubg's own key layout: 80 bits, least
significant bit of each byte first; for each player 25 unary counts (points 1..24 from that
player's side, then the bar), each a run of 1s closed by a 0. The player NOT on roll comes
first, the player on roll second (as gnubg and other readers write it; checked against IDs
whose bar checker belongs to the side on roll).
"""

from __future__ import annotations

import base64
import binascii

from engine.errors import PositionError
from engine.position import CHECKERS, Position, Variant


def _side(counts: list[int]) -> list[int]:
    """gnubg's 25 counts (points 1..24, bar) as our 26 (off, points 1..24, bar)."""
    on_board = sum(counts)
    if on_board > CHECKERS:
        raise PositionError(f"the ID puts {on_board} checkers on one side")
    return [CHECKERS - on_board, *counts]


def position_from_gnubg_id(position_id: str) -> Position:
    """The short-nard Position of a 14-character Position ID; `me` is the player on roll."""
    text = position_id.strip()
    if len(text) != 14:
        raise PositionError(f"a GNU Backgammon Position ID has 14 characters: {text!r}")
    try:
        key = base64.b64decode(text + "==", validate=True)
    except (binascii.Error, ValueError):
        raise PositionError(f"not a Position ID: {text!r}") from None
    counts: list[int] = []
    run = 0
    for byte in key:
        for bit in range(8):
            if len(counts) == 50:
                break
            if byte >> bit & 1:
                run += 1
            else:
                counts.append(run)
                run = 0
    if len(counts) < 50:
        raise PositionError(f"the Position ID {text!r} does not describe two sides")
    return Position(Variant.SHORT, _side(counts[25:]), _side(counts[:25]))
