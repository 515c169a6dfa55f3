"""Deterministic, position-dependent noise (as GNU Backgammon's "deterministic noise").

A level below the top adds to each candidate's score a Gaussian number drawn from a hash of
(level, position before the move, position after it). The same decision therefore always
gets the same mistake, and the mistakes fall where the evaluation is already close, like a
person's, instead of being random coin flips.
"""

from __future__ import annotations

import hashlib
import math
import struct

import numpy as np

from engine.position import Position


def _gaussian(key: bytes) -> float:
    digest = hashlib.blake2b(key, digest_size=16).digest()
    a, b = struct.unpack("<QQ", digest)
    u1 = (a + 1) / 2.0**64  # in (0, 1]
    u2 = b / 2.0**64
    return math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)


def noise(salt: str, before: Position, afters: list[Position], sigma: float) -> np.ndarray:
    """One N(0, sigma) number per candidate, a pure function of its arguments."""
    if sigma <= 0.0:
        return np.zeros(len(afters))
    head = salt.encode() + bytes(before.me) + bytes(before.opp)
    return sigma * np.array([_gaussian(head + bytes(a.me) + bytes(a.opp)) for a in afters])
