"""Seeded random play: positions for tests and benchmarks, whole games for soak runs."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine.movegen import legal_moves
from engine.position import Position, Variant


def random_positions(
    variant: Variant | str, count: int, seed: int
) -> Iterator[tuple[Position, tuple[int, int], bool]]:
    """`count` (position, dice, first_turn) triples met while playing random games."""
    rng = random.Random(seed)
    produced = 0
    while True:
        position = Position.initial(variant)
        moved = [False, False]
        mover = 0
        while not position.is_over:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            first = not moved[mover]
            yield position, dice, first
            produced += 1
            if produced >= count:
                return
            plays = legal_moves(position, dice, first_turn=first)
            position = rng.choice(plays).after if plays else position.swapped()
            moved[mover] = True
            mover = 1 - mover


def random_game(variant: Variant | str, seed: int) -> tuple[int, Position]:
    """Play one game with random legal moves; (number of turns, final position)."""
    rng = random.Random(seed)
    position = Position.initial(variant)
    moved = [False, False]
    mover, turns = 0, 0
    while not position.is_over:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_moves(position, dice, first_turn=not moved[mover])
        position = rng.choice(plays).after if plays else position.swapped()
        moved[mover] = True
        mover, turns = 1 - mover, turns + 1
    return turns, position
