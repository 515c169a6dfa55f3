"""A hand-written evaluator: the baseline and the base of the Beginner and Casual levels.

It scores the position a move leads to from the MOVER's side, roughly in points per game,
from what a club player counts: the race (pips), safety (blots in reach of an opposing
checker), made points and primes, and in long nard head discipline and blocking.
"""

from __future__ import annotations

import numpy as np

from engine.movegen import Play
from engine.position import BAR, OFF, Position, Variant

PIP_VALUE = 0.012  # equity of one pip of race lead, roughly, early in the game


def _run_lengths(held: list[bool]) -> int:
    """Length of the longest run of True."""
    best = run = 0
    for h in held:
        run = run + 1 if h else 0
        best = max(best, run)
    return best


def _short(mover: tuple[int, ...], other: tuple[int, ...]) -> float:
    pips_m = sum(p * mover[p] for p in range(1, 26))
    pips_o = sum(p * other[p] for p in range(1, 26))
    score = PIP_VALUE * (pips_o - pips_m) + 0.1 * (mover[OFF] - other[OFF]) / 15
    # Opposing checkers in my numbering: their point q is my 25 - q; their bar enters from 0.
    opp_at = [0] * 26
    for q in range(1, 25):
        opp_at[25 - q] = other[q]
    mine_back = max((p for p in range(1, 26) if mover[p]), default=0)
    their_back = max((p for p in range(1, 26) if other[p]), default=0)
    if mine_back + their_back <= 25:
        return score  # a pure race: only pips count
    for p in range(1, 25):
        if mover[p] != 1:
            continue
        # Opposing checkers move up my numbering; a blot at p is hit from below it (or the bar).
        shooters = sum(opp_at[q] for q in range(max(1, p - 11), p))
        direct = sum(opp_at[q] for q in range(max(1, p - 6), p)) + (other[BAR] if p <= 6 else 0)
        if shooters or direct:
            score -= (0.05 + 0.004 * (25 - p)) * (1.0 if direct else 0.4)
    made = [mover[p] >= 2 for p in range(1, 25)]
    score += 0.05 * sum(made[0:7])  # home board and bar point
    score += 0.03 * _run_lengths(made[0:12]) ** 1.5
    score += 0.03 * sum(made[18:24])  # anchors in the opponent's home
    score += 0.12 * other[BAR] - 0.12 * mover[BAR]
    score -= 0.02 * sum(max(0, mover[p] - 4) for p in range(1, 25))  # heavy stacks
    return score


def _long(mover: tuple[int, ...], other: tuple[int, ...]) -> float:
    pips_m = sum(p * mover[p] for p in range(1, 25))
    pips_o = sum(p * other[p] for p in range(1, 25))
    score = 0.8 * PIP_VALUE * (pips_o - pips_m) + 0.1 * (mover[OFF] - other[OFF]) / 15
    # Head discipline: checkers left on the head get more costly as the game goes on.
    progress = 1.0 - pips_m / 360.0
    score -= 0.02 * progress * 10 * max(0, mover[24] - 1) / 14
    held = [mover[p] > 0 for p in range(1, 25)]
    # Blocking: the opponent's route through my numbering is 12..1 then 24..13.
    route = [held[p - 1] for p in (*range(12, 0, -1), *range(24, 12, -1))]
    score += 0.04 * _run_lengths(route) ** 1.5
    score += 0.03 * sum(held[12:18])  # points in the opponent's home (my 13..18)
    score += 0.015 * sum(held[6:12])
    score -= 0.015 * sum(max(0, mover[p] - 3) for p in range(1, 24))  # stacks off the head
    # The opponent's blocking, symmetric.
    theirs = [other[p] > 0 for p in range(1, 25)]
    their_route = [theirs[p - 1] for p in (*range(12, 0, -1), *range(24, 12, -1))]
    score -= 0.04 * _run_lengths(their_route) ** 1.5
    return score


def score(after: Position) -> float:
    """Heuristic value of `after` (the opponent on roll) for the player who just moved."""
    mover, other = after.opp, after.me
    if mover[OFF] == 15:
        return 100.0
    if after.variant is Variant.SHORT:
        return _short(mover, other)
    return _long(mover, other)


def scores(position: Position, plays: list[Play]) -> np.ndarray:
    return np.array([score(p.after) for p in plays])
