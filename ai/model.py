"""The shipped networks: loaded once per variant, lazily, under a lock; then read-only."""

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

# NARD_AI_WEIGHTS_DIR points the arena at candidate weights without touching the shipped ones.
WEIGHTS_DIR = Path(os.environ.get("NARD_AI_WEIGHTS_DIR") or Path(__file__).parent / "weights")
_lock = threading.Lock()
_networks: dict[Variant, Network] = {}


def weights_path(variant: Variant) -> Path:
    return WEIGHTS_DIR / f"{Variant(variant).value}.npz"


def network(variant: Variant) -> Network:
    variant = Variant(variant)
    net = _networks.get(variant)
    if net is None:
        with _lock:
            net = _networks.get(variant)
            if net is None:
                _one_blas_thread()
                net = _networks[variant] = Network.load(weights_path(variant))
    return net


def _one_blas_thread() -> None:
    """Our matrices are tiny (tens of positions by a few hundred inputs): BLAS threads only
    add overhead and fight the bot's other work for the cores. Measured on the shared
    2-core machine, a resign charge took 60-75 ms with OpenBLAS's default threads and 18 ms
    with one. The limit is process-wide and set once."""
    threadpool_limits(limits=1, user_api="blas")


def probabilities(positions: list[Position]) -> np.ndarray:
    """Network probabilities (N, 5) for the player on roll in each position."""
    net = network(positions[0].variant)
    return net.forward(encode(positions, net.scheme))


def scores(position: Position, plays: list[Play]) -> np.ndarray:
    """Network equity of each play for the mover: minus the opponent's equity after it."""
    afters = [p.after for p in plays]
    out = -equity(probabilities(afters), position.variant)
    for i, after in enumerate(afters):
        if mover_won(after):
            out[i] = win_points(after)
    return out
