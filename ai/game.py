"""Game mechanics shared by training and the arena: opening rolls, dice, results."""

from __future__ import annotations

import random

from engine.position import CHECKERS, OFF, Position, Variant
from engine.result import ResultKind, kind_points, loss_kind


def opening_roll(variant: Variant, rng: random.Random) -> tuple[int, int]:
    """The first roll of a game: never a double in short nard (docs/rules.md, "Common
    ground")."""
    if variant is Variant.SHORT:
        d1, d2 = rng.sample(range(1, 7), 2)
        return d1, d2
    return roll(rng)


def roll(rng: random.Random) -> tuple[int, int]:
    return rng.randint(1, 6), rng.randint(1, 6)


def mover_won(after: Position) -> bool:
    """`after` is the position reached by a move, the opponent on roll."""
    return after.opp[OFF] == CHECKERS


def win_kind(after: Position) -> ResultKind:
    """Kind of the win just completed by the move that reached `after`."""
    return loss_kind(after.swapped())


def win_points(after: Position) -> int:
    return kind_points(after.variant, win_kind(after))
