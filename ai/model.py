"""The networks: loaded once per file, lazily, under a lock; then read-only.

`weights=None` means the shipped network of the variant (`ai/weights/VARIANT.npz`, or the
folder NARD_AI_WEIGHTS_DIR names); the arena may name another file for one side.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import numpy as np
from threadpoolctl import threadpool_limits

from ai.encoding import encode
from ai.game import mover_won, win_points
from ai.network import Network, equity
from engine.movegen import Play
from engine.position import Position, Variant

WEIGHTS_DIR = Path(os.environ.get("NARD_AI_WEIGHTS_DIR") or Path(__file__).parent / "weights")
_lock = threading.Lock()
_networks: dict[tuple[Variant, str | None], Network] = {}


def weights_path(variant: Variant) -> Path:
    return WEIGHTS_DIR / f"{Variant(variant).value}.npz"


def network(variant: Variant, weights: str | None = None) -> Network:
    key = (Variant(variant), weights)
    net = _networks.get(key)
    if net is None:
        with _lock:
            net = _networks.get(key)
            if net is None:
                _one_blas_thread()
                path = Path(weights) if weights else weights_path(key[0])
                net = _networks[key] = Network.load(path)
    return net


def _one_blas_thread() -> None:
    """Our matrices are tiny (tens of positions by a few hundred inputs): BLAS threads only
    add overhead and fight the bot's other work for the cores: one thread makes a resign
    charge several times faster (docs/performance.md, "The computer"). The limit is
    process-wide and set once."""
    threadpool_limits(limits=1, user_api="blas")


def probabilities(positions: list[Position], weights: str | None = None) -> np.ndarray:
    """Network probabilities (N, 5) for the player on roll in each position."""
    net = network(positions[0].variant, weights)
    return net.forward(encode(positions, net.scheme))


def scores(position: Position, plays: list[Play], weights: str | None = None) -> np.ndarray:
    """Network equity of each play for the mover: minus the opponent's equity after it."""
    afters = [p.after for p in plays]
    out = -equity(probabilities(afters, weights), position.variant)
    for i, after in enumerate(afters):
        if mover_won(after):
            out[i] = win_points(after)
    return out
