"""Distil Open Sage into our short-nard network: `python -m ai.distill --games N --seed S`.

Our network is the short-nard evaluator wherever bgsage is missing and the base of our
analysis, so it should play as close to Open Sage as a small numpy network can. Training
data come in three steps, every one reproducible from `--seed`:

1. Positions: self-play games of Open Sage 1-ply (a random legal move one time in ten so
   that positions vary; nothing depends on our shipped weights). At every turn the
   position reached and up to three other legal results of the same roll are kept (the
   network must rank bad moves too), each from the side of the player then on roll.
2. Targets: Open Sage's cubeless probabilities of each position (`batch_evaluate`, its
   1-ply: the raw network, with its bear-off database), one thread.
3. Fit: minibatch Adam on the sigmoid cross-entropy to those probabilities, the learning
   rate falling by half each epoch after the first half.

The positions and targets are cached in `--data` (so a second fit costs no evaluations).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

from ai import sage
from ai.encoding import encode_arrays, n_inputs
from ai.game import mover_won, opening_roll, roll
from ai.network import N_OUTPUTS, Network, equity
from engine.movegen import legal_moves
from engine.position import Position, Variant

MAX_PLIES = 2000
EXPLORE = 0.1
EXTRA_CANDIDATES = 3


def positions(games: int, seed: int, log=None) -> np.ndarray:
    """(N, 52) int8 boards (me + opp) met in self-play, player on roll first."""
    rng = random.Random(seed)
    rows: list[tuple[int, ...]] = []
    for game in range(games):
        pos = Position.initial(Variant.SHORT)
        dice = opening_roll(Variant.SHORT, rng)
        for _ in range(MAX_PLIES):
            plays = legal_moves(pos, dice)
            if not plays:
                pos = pos.swapped()
            else:
                afters = [p.after for p in plays if not mover_won(p.after)]
                if len(afters) < len(plays):
                    break  # the game is won
                if rng.random() < EXPLORE:
                    chosen = rng.randrange(len(afters))
                else:
                    chosen = int(np.argmax(sage.scores(pos, dice, plays, "1ply")))
                others = [i for i in range(len(afters)) if i != chosen]
                keep = [chosen, *rng.sample(others, min(EXTRA_CANDIDATES, len(others)))]
                rows.extend(afters[i].me + afters[i].opp for i in keep)
                pos = afters[chosen]
            dice = roll(rng)
        if log and (game + 1) % 2000 == 0:
            log(f"{game + 1} games, {len(rows)} positions")
    return np.array(rows, dtype=np.int8)


def targets(boards: np.ndarray, level: str = "1ply", chunk: int = 20000, log=None) -> np.ndarray:
    """Open Sage's cubeless probabilities (N, 5) for the player on roll of each board."""
    from bgsage.batch import batch_evaluate

    out = np.empty((len(boards), N_OUTPUTS), dtype=np.float32)
    for start in range(0, len(boards), chunk):
        part = boards[start:start + chunk].astype(np.int64)
        queries = [{"board": sage.board(Position._trusted(Variant.SHORT, tuple(r[:26]),
                                                         tuple(r[26:]))),
                    "cube_value": 1, "cube_owner": "centered"} for r in part]
        for i, r in enumerate(batch_evaluate(queries, eval_level=level, n_threads=1,
                                             jacoby=False, beaver=False)):
            p = r.probs
            out[start + i] = (p.win, p.gammon_win, p.backgammon_win, p.gammon_loss,
                              p.backgammon_loss)
        if log:
            log(f"{min(start + chunk, len(boards))}/{len(boards)} targets")
    return out


def fit(boards: np.ndarray, target: np.ndarray, *, hidden: int, epochs: int, seed: int,
        lr: float = 0.001, batch: int = 128, log=None) -> Network:
    """Adam on the sigmoid cross-entropy; the last 5% of the data is held out and reported."""
    rng = np.random.default_rng(seed)
    inputs = n_inputs(Variant.SHORT, 1)
    w1 = rng.normal(0.0, 1.0 / np.sqrt(inputs), (inputs, hidden)).astype(np.float32)
    b1 = np.zeros(hidden, np.float32)
    w2 = rng.normal(0.0, 1.0 / np.sqrt(hidden), (hidden, N_OUTPUTS)).astype(np.float32)
    b2 = np.zeros(N_OUTPUTS, np.float32)
    params = [w1, b1, w2, b2]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    order = rng.permutation(len(boards))
    held = order[: len(order) // 20]
    train_idx = order[len(order) // 20:]

    def encoded(idx):
        b = boards[idx].astype(np.int64)
        return encode_arrays(b[:, :26], b[:, 26:], Variant.SHORT).astype(np.float32)

    x_held, t_held = encoded(held), target[held]
    step = 0
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    for epoch in range(epochs):
        rate = lr * (0.5 ** max(0, epoch - epochs // 2))
        rng.shuffle(train_idx)
        for start in range(0, len(train_idx), batch):
            idx = train_idx[start:start + batch]
            x, t = encoded(idx), target[idx]
            h = 1.0 / (1.0 + np.exp(-np.clip(x @ w1 + b1, -40.0, 40.0)))
            y = 1.0 / (1.0 + np.exp(-(h @ w2 + b2)))
            d2 = (y - t) / len(idx)
            d1 = (d2 @ w2.T) * h * (1.0 - h)
            grads = [x.T @ d1, d1.sum(axis=0), h.T @ d2, d2.sum(axis=0)]
            step += 1
            for p, g, mi, vi in zip(params, grads, m, v, strict=True):
                mi *= beta1
                mi += (1 - beta1) * g
                vi *= beta2
                vi += (1 - beta2) * g * g
                mhat = mi / (1 - beta1**step)
                vhat = vi / (1 - beta2**step)
                p -= rate * mhat / (np.sqrt(vhat) + eps)
        if log:
            net = _network(params)
            pred = net.forward(x_held.astype(np.float64))
            err = np.abs(equity(pred, Variant.SHORT) - equity(t_held, Variant.SHORT)).mean()
            log(f"epoch {epoch + 1}: held-out mean |equity error| {err:.4f}")
    return _network(params)


def _network(params: list[np.ndarray]) -> Network:
    w1, b1, w2, b2 = (p.astype(np.float64) for p in params)
    return Network(w1, b1, w2, b2, scheme=1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.distill",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hidden", type=int, default=160)
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--lr", type=float, default=0.001)
    parser.add_argument("--data", type=Path, help="cache of positions and targets (.npz)")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    log = lambda msg: print(msg, flush=True)  # noqa: E731
    start = time.perf_counter()
    if args.data and args.data.exists():
        with np.load(args.data) as data:
            boards, target = data["boards"], data["targets"]
    else:
        boards = positions(args.games, args.seed, log)
        target = targets(boards, log=log)
        if args.data:
            np.savez_compressed(args.data, boards=boards, targets=target)
    log(f"{len(boards)} positions ready, {time.perf_counter() - start:.0f} s")
    net = fit(boards, target, hidden=args.hidden, epochs=args.epochs, seed=args.seed,
              lr=args.lr, log=log)
    net.save(args.out, variant="short", method="distilled from bgsage 1-ply",
             games=args.games, seed=args.seed, hidden=args.hidden, epochs=args.epochs,
             positions=len(boards), seconds=round(time.perf_counter() - start))
    print(f"distilled in {time.perf_counter() - start:.0f} s -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
