"""Input encoding of a position for the network: one implementation for both variants.

The encoding is from the point of view of the player on roll (`position.me`) and uses each
side's OWN numbering, so swapping the two halves of the vector is exactly
`position.swapped()`; the network learns how the two numberings meet (short nard: my p is
the opponent's 25 - p; long nard: p ± 12).

Per side (me first, then opp), 101 inputs:
* points 1..24, four units each (Tesauro's truncated unary code):
  n >= 1, n >= 2, n >= 3, max(n - 3, 0) / 2                                      96
* bar / 2 (always 0 in long nard), borne off / 15                                  2
* pip count / 360, checkers at home or borne off / 15, checkers on point 24 / 15    3
  (point 24 is the long-nard head; in short nard it is the back anchor)
Then one shared input: 1 if contact remains (short nard: some checker of mine is still behind
an opposing one; long nard: always 1, since paths cross until the end).   Total: 203.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from engine.position import Position, Variant

SIDE_INPUTS = 101
N_INPUTS = 2 * SIDE_INPUTS + 1
_POINT_WEIGHTS = np.arange(26, dtype=np.float64)  # pip weight of each index (bar = 25)
_POINT_WEIGHTS[0] = 0.0


def _side(board: np.ndarray) -> np.ndarray:
    """Encode one side: `board` is (N, 26) counts in the owner's numbering."""
    pts = board[:, 1:25]
    units = np.stack(
        (pts >= 1, pts >= 2, pts >= 3, np.maximum(pts - 3, 0) / 2.0), axis=2
    ).reshape(len(board), 96)
    extra = np.stack(
        (
            board[:, 25] / 2.0,
            board[:, 0] / 15.0,
            board @ _POINT_WEIGHTS / 360.0,
            (board[:, 0] + board[:, 1:7].sum(axis=1)) / 15.0,
            board[:, 24] / 15.0,
        ),
        axis=1,
    )
    return np.concatenate((units, extra), axis=1)


def _rearmost(board: np.ndarray) -> np.ndarray:
    """Highest occupied index (1..25) per row, 0 when everything is borne off."""
    occupied = board[:, 1:26] > 0
    idx = 25 - np.argmax(occupied[:, ::-1], axis=1)
    return np.where(occupied.any(axis=1), idx, 0)


def encode_arrays(me: np.ndarray, opp: np.ndarray, variant: Variant) -> np.ndarray:
    """Encode (N, 26) arrays of counts; returns (N, N_INPUTS) float64."""
    if variant is Variant.SHORT:
        contact = (_rearmost(me) + _rearmost(opp) > 25).astype(np.float64)
    else:
        contact = np.ones(len(me))
    return np.concatenate((_side(me), _side(opp), contact[:, None]), axis=1)


def encode(positions: Sequence[Position]) -> np.ndarray:
    """Encode positions of one variant (each from its player on roll)."""
    rows = np.array([p.me + p.opp for p in positions], dtype=np.float64).reshape(-1, 52)
    return encode_arrays(rows[:, :26], rows[:, 26:], positions[0].variant)
