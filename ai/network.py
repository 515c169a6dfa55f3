"""A small numpy network: inputs -> sigmoid hidden layer -> five sigmoid outputs.

Outputs, for the player on roll: P(win), P(win a mars or better), P(win a koks),
P(lose a mars or worse), P(lose a koks). In long nard the "koks" slots hold the home mars
(ev marsı), a kind of mars worth the same 3 points, so they do not change the equity there.

Pure functions of the weights: a loaded network is never mutated, so one instance can be
shared by any number of threads.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ai.encoding import N_INPUTS, n_inputs
from engine.position import Variant

N_OUTPUTS = 5
WIN, WIN_MARS, WIN_KOKS, LOSE_MARS, LOSE_KOKS = range(N_OUTPUTS)


def _sigmoid(z: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(z, -40.0, 40.0)))


def flip(probs: np.ndarray) -> np.ndarray:
    """The same probabilities seen by the other player."""
    out = np.empty_like(probs)
    out[..., WIN] = 1.0 - probs[..., WIN]
    out[..., WIN_MARS] = probs[..., LOSE_MARS]
    out[..., WIN_KOKS] = probs[..., LOSE_KOKS]
    out[..., LOSE_MARS] = probs[..., WIN_MARS]
    out[..., LOSE_KOKS] = probs[..., WIN_KOKS]
    return out


def equity(probs: np.ndarray, variant: Variant) -> np.ndarray:
    """Expected points per game (no cube) for the player the probabilities belong to."""
    plain = 2.0 * probs[..., WIN] - 1.0
    mars = probs[..., WIN_MARS] - probs[..., LOSE_MARS]
    if variant is Variant.SHORT:  # 1 / 2 / 3 points
        return plain + mars + probs[..., WIN_KOKS] - probs[..., LOSE_KOKS]
    return plain + 2.0 * mars  # long: 1 / 3 / 3 points


@dataclass(frozen=True)
class Network:
    w1: np.ndarray  # (N_INPUTS, hidden)
    b1: np.ndarray
    w2: np.ndarray  # (hidden, N_OUTPUTS)
    b2: np.ndarray
    scheme: int = 1  # the input encoding (`ai.encoding`)

    @classmethod
    def random(cls, hidden: int, seed: int, inputs: int = N_INPUTS, scheme: int = 1) -> Network:
        rng = np.random.default_rng(seed)
        return cls(
            rng.normal(0.0, 0.1, (inputs, hidden)),
            np.zeros(hidden),
            rng.normal(0.0, 0.1, (hidden, N_OUTPUTS)),
            np.zeros(N_OUTPUTS),
            scheme,
        )

    @classmethod
    def for_variant(cls, variant: Variant, hidden: int, seed: int, scheme: int) -> Network:
        return cls.random(hidden, seed, n_inputs(Variant(variant), scheme), scheme)

    def forward(self, x: np.ndarray) -> np.ndarray:
        """Probabilities (N, 5) for encoded positions x (N, N_INPUTS)."""
        return _sigmoid(_sigmoid(x @ self.w1 + self.b1) @ self.w2 + self.b2)

    def train_step(self, x: np.ndarray, targets: np.ndarray, lr: float) -> None:
        """One gradient step on the cross-entropy to `targets` (updates in place).

        Only the trainer calls this, on its own private network.
        """
        h = _sigmoid(x @ self.w1 + self.b1)
        y = _sigmoid(h @ self.w2 + self.b2)
        d2 = y - targets  # d(cross-entropy)/d(logit) of a sigmoid output
        d1 = (d2 @ self.w2.T) * h * (1.0 - h)
        self.w2[...] -= lr * (h.T @ d2)
        self.b2[...] -= lr * d2.sum(axis=0)
        self.w1[...] -= lr * (x.T @ d1)
        self.b1[...] -= lr * d1.sum(axis=0)

    def save(self, path: Path, dtype=np.float32, **meta: object) -> None:
        """Weights (float32 to ship; float64 for an exact training checkpoint) and a
        `meta` dict of how they were made, the input scheme included."""
        np.savez_compressed(
            path,
            w1=self.w1.astype(dtype),
            b1=self.b1.astype(dtype),
            w2=self.w2.astype(dtype),
            b2=self.b2.astype(dtype),
            meta=np.array(repr({**meta, "scheme": self.scheme})),
        )

    @classmethod
    def load(cls, path: Path) -> Network:
        with np.load(path) as data:
            meta = read_meta(data)
            w1, b1, w2, b2 = (data[k].astype(np.float64) for k in ("w1", "b1", "w2", "b2"))
            return cls(w1, b1, w2, b2, scheme=int(meta.get("scheme", 1)))


def read_meta(data) -> dict:
    """The `meta` dict of a weights file (older files: the scheme is 1)."""
    return ast.literal_eval(str(data["meta"])) if "meta" in data else {}
