"""Positions for the computer's tests."""

from __future__ import annotations

import random

from engine.movegen import legal_moves
from engine.position import CHECKERS, OFF, Position


def random_positions(variant, n, seed):
    """Positions from random play, with the dice to play in them."""
    rng = random.Random(seed)
    pos, out = Position.initial(variant), []
    while len(out) < n:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_moves(pos, dice, first_turn=variant == "long" and not out)
        if not plays:
            pos = pos.swapped()
            continue
        out.append((pos, dice))
        pos = rng.choice(plays).after
        if pos.is_over:
            pos = Position.initial(variant)
    return out


def position_of(variant: str, me: dict[int, int], opp: dict[int, int]) -> Position:
    """A position from {point: count} maps, each side in its own numbering (the rest of its
    checkers borne off)."""
    sides = []
    for counts in (me, opp):
        side = [0] * 26
        for point, n in counts.items():
            side[point] = n
        side[OFF] = CHECKERS - sum(counts.values())
        sides.append(side)
    return Position(variant, *sides)
