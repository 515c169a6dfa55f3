"""Truncated rollouts with our network (long nard's reference set, `benchmarks/reference_set.py`).

A position reached by a move (the opponent on roll) is played on for `truncation` plies,
`trials` times, both sides choosing with the network at 1-ply; each trial ends at a win
(its points) or at the truncation, valued by the network (exactly in a bear-off race). Two
variance reductions: the first roll is stratified (trial k throws the k-th of the 36
ordered rolls, so `trials` should be a multiple of 36), and the later dice are common
random numbers (trial k throws the same dice after every candidate of one decision, so the
differences between candidates carry less noise than each value).
"""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import dataclass

import numpy as np

from ai import bearoff, model
from ai.game import mover_won, win_points
from ai.network import equity
from ai.search import first_turn_of
from engine.movegen import legal_moves
from engine.position import Position

ORDERED = [(d1, d2) for d1 in range(1, 7) for d2 in range(1, 7)]


@dataclass(frozen=True)
class Rolled:
    equity: float  # cubeless points per game for the player who made the move
    se: float  # the standard error of `equity` over the trials


def _on_roll_value(position: Position) -> float:
    """The equity of the player on roll, before the roll: exact in a database race."""
    if bearoff.is_exact(position):
        probs = bearoff.race_probabilities(position)
    else:
        probs = model.probabilities([position])[0]
    return float(equity(probs[None, :], position.variant)[0])


def trial(after: Position, dice: list[tuple[int, int]]) -> float:
    """One trial from `after` (the opponent on roll), throwing `dice` in turn: the mover's
    points when a side wins, else the network's value when the dice run out."""
    position, mine = after, False  # mine: the player on roll is the one who moved
    for roll in dice:
        plays = legal_moves(position, roll, first_turn=first_turn_of(position))
        if plays:
            won = [p.after for p in plays if mover_won(p.after)]
            if won:
                points = max(win_points(a) for a in won)
                return float(points if mine else -points)
            best = plays[int(np.argmax(model.scores(position, plays)))]
            position = best.after
        else:
            position = position.swapped()
        mine = not mine
    value = _on_roll_value(position)
    return value if mine else -value


def dice_of(seed: int, trials: int, truncation: int) -> list[list[tuple[int, int]]]:
    """Each trial's dice: the k-th ordered roll first, then seeded random rolls."""
    rng = random.Random(seed)
    return [[ORDERED[k % 36]] + [(rng.randint(1, 6), rng.randint(1, 6))
                                 for _ in range(truncation - 1)] for k in range(trials)]


def rollout(after: Position, dice: list[list[tuple[int, int]]]) -> Rolled:
    """The mover's equity after the move that reached `after`, over the trials' `dice`."""
    if mover_won(after):
        return Rolled(float(win_points(after)), 0.0)
    values = [trial(after, throws) for throws in dice]
    se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return Rolled(statistics.fmean(values), se)
