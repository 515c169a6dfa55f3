"""Input encodings of a position for the network, from the side of the player on roll.

Both schemes use each side's OWN numbering, so swapping the two sides of the vector is
exactly `position.swapped()`; the network learns how the numberings meet (short nard: my p
is the opponent's 25 - p; long nard: p ± 12). A network file records its scheme.

Scheme 1 (203 inputs, both variants). Per side (me first, then opp), 101 inputs:
* points 1..24, four units each (Tesauro's truncated unary code):
  n >= 1, n >= 2, n >= 3, max(n - 3, 0) / 2                                      96
* bar / 2 (always 0 in long nard), borne off / 15                                  2
* pip count / 360, checkers at home or borne off / 15, checkers on point 24 / 15    3
  (point 24 is the long-nard head; in short nard it is the back anchor)
Then one shared input: 1 if contact remains (short nard: some checker of mine is still behind
an opposing one; long nard: always 1).

Scheme 2: short nard as scheme 1; long nard adds what decides long-nard middle games, where
nobody is hit and everything is about blocking and room to move. Per side, 8 inputs:
* mobility: for each die 1..6, the checkers that could move that number (the landing point
  is not held by the opponent; bearing off not counted) / 15                         6
* the longest run of own points along the OPPONENT's route / 6 (the six-block rule caps it
  at 6 while opposing checkers are behind it), and the opposing checkers still behind that
  run (not yet past it) / 15                                                          2
and the shared input is 1 while contact remains (0 once each side has passed the other's
start: every checker on its own points 1-12). Total 203 + 16 = 219.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from engine.position import Position, Variant

SIDE_INPUTS = 101
N_INPUTS = 2 * SIDE_INPUTS + 1  # scheme 1
LONG_EXTRA = 8
SCHEMES = (1, 2)
_POINT_WEIGHTS = np.arange(26, dtype=np.float64)  # pip weight of each index (bar = 25)
_POINT_WEIGHTS[0] = 0.0
# Tesauro's four units for a count 0..15, looked up instead of computed.
_UNITS = np.array([[n >= 1, n >= 2, n >= 3, max(n - 3, 0) / 2.0] for n in range(16)])
_HOME_OFF = np.zeros(26)
_HOME_OFF[0:7] = 1.0
# Long nard: my point p is the opponent's point _LONG_OPP[p] (p ± 12).
_LONG_OPP = np.array([0] + [p + 12 if p <= 12 else p - 12 for p in range(1, 25)])
# The opponent's route through my numbering: 12..1 then 24..13.
_ROUTE = np.array([*range(12, 0, -1), *range(24, 12, -1)])
# The opponent's own points in the order of its route (its 24 first).
_OPP_ROUTE = np.array([_LONG_OPP[p] for p in _ROUTE])
_BITS = 1 << np.arange(24, dtype=np.int64)
# _LANDING[d - 1, p - 1]: where a checker on point p lands with a die d (0: off the board).
_LANDING = np.array([[max(p - d, 0) for p in range(1, 25)] for d in range(1, 7)])


def n_inputs(variant: Variant, scheme: int) -> int:
    if scheme == 2 and variant is Variant.LONG:
        return N_INPUTS + 2 * LONG_EXTRA
    return N_INPUTS


def _side(board: np.ndarray) -> np.ndarray:
    """Scheme 1 inputs of one side: `board` is (N, 26) integer counts in its own numbering."""
    units = _UNITS[board[:, 1:25]].reshape(len(board), 96)
    extra = np.empty((len(board), 5))
    extra[:, 0] = board[:, 25] / 2.0
    extra[:, 1] = board[:, 0] / 15.0
    extra[:, 2] = board @ _POINT_WEIGHTS / 360.0
    extra[:, 3] = board @ _HOME_OFF / 15.0
    extra[:, 4] = board[:, 24] / 15.0
    return np.concatenate((units, extra), axis=1)


def _rearmost(board: np.ndarray) -> np.ndarray:
    """Highest occupied index (1..25) per row, 0 when everything is borne off."""
    occupied = board[:, 1:26] > 0
    idx = 25 - np.argmax(occupied[:, ::-1], axis=1)
    return np.where(occupied.any(axis=1), idx, 0)


def _long_side(own: np.ndarray, other: np.ndarray) -> np.ndarray:
    """Scheme 2 long-nard extras of `own` (N, 26), `other` being the opposing side."""
    n = len(own)
    out = np.empty((n, LONG_EXTRA))
    pts = own[:, 1:25]  # own points 1..24 (column p - 1)
    # free[:, q] = 1 when own point q (1..24) is not held by the other side; q = 0 stands
    # for "off the board", which mobility does not count.
    free = np.zeros((n, 25))
    free[:, 1:] = other[:, _LONG_OPP[1:25]] == 0
    out[:, :6] = np.einsum("np,ndp->nd", pts, free[:, _LANDING]) / 15.0
    # Own points along the other side's route as bits (bit i = route index i); a run of k
    # held points starting at i leaves bit i set in x & x >> 1 & ... & x >> (k - 1).
    x = (pts[:, _ROUTE - 1] > 0) @ _BITS
    best = np.zeros(n, dtype=np.int64)
    starts = x
    while True:
        alive = x != 0
        if not alive.any():
            break
        best += alive
        starts = np.where(alive, x, starts)
        x &= x >> 1
    first = starts & -starts  # the earliest longest run along the route
    best_start = np.log2(np.maximum(first, 1)).astype(np.int64)
    # The other side's checkers before the run's start along its route have not passed it.
    behind = np.concatenate((np.zeros((n, 1)), other[:, _OPP_ROUTE].cumsum(axis=1)), axis=1)
    out[:, 6] = best / 6.0
    out[:, 7] = np.where(best > 0, behind[np.arange(n), best_start], 0.0) / 15.0
    return out


def encode_arrays(me: np.ndarray, opp: np.ndarray, variant: Variant,
                  scheme: int = 1) -> np.ndarray:
    """Encode (N, 26) integer arrays of counts; returns (N, n_inputs) float64."""
    n = len(me)
    # Both sides in one batch: half the numpy calls (the hot path of training and search).
    both = np.concatenate((me, opp))
    sides = _side(both)
    if variant is Variant.SHORT:
        rear = _rearmost(both)
        contact = (rear[:n] + rear[n:] > 25).astype(np.float64)
        return np.concatenate((sides[:n], sides[n:], contact[:, None]), axis=1)
    if scheme == 1:
        return np.concatenate((sides[:n], sides[n:], np.ones((n, 1))), axis=1)
    far = np.any(both[:, 13:25], axis=1)  # the method's stub also allows a scalar
    contact = (far[:n] | far[n:]).astype(np.float64)
    extra = _long_side(both, np.concatenate((opp, me)))
    return np.concatenate((sides[:n], sides[n:], contact[:, None], extra[:n], extra[n:]),
                          axis=1)


def to_arrays(positions: Sequence[Position]) -> tuple[np.ndarray, np.ndarray]:
    """(N, 26) integer counts of each side. Counts are at most 15, so the positions go
    through one bytes buffer: four times faster than a nested np.array conversion."""
    buf = b"".join([bytes(p.me) + bytes(p.opp) for p in positions])
    rows = np.frombuffer(buf, dtype=np.uint8).reshape(-1, 52).astype(np.int64)
    return rows[:, :26], rows[:, 26:]


def encode(positions: Sequence[Position], scheme: int = 1) -> np.ndarray:
    """Encode positions of one variant (each from its player on roll)."""
    me, opp = to_arrays(positions)
    return encode_arrays(me, opp, positions[0].variant, scheme)
