"""TD(lambda) self-play training of the network: `python -m ai.train --variant long --games N`.

Both sides play greedily with the network being trained (1-ply: every legal resulting
position is evaluated and the best for the mover is played). After each game the lambda-
returns of its positions are computed backwards (the offline, forward view of TD(lambda)):

    G_T-1 = result;   G_t = flip((1 - lambda) * V(s_t+1) + lambda * G_t+1)

where V(s_t+1) is the network's value of the next position when it was played and `flip`
turns the other player's probabilities into the mover's. One gradient step of the sigmoid
cross-entropy towards G_t then updates the network on all positions of the game.
Everything (dice, initial weights) comes from `--seed`, so a run is reproducible.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

from ai.encoding import encode
from ai.game import mover_won, opening_roll, roll, win_kind
from ai.network import LOSE_KOKS, LOSE_MARS, N_OUTPUTS, Network, equity, flip
from engine.movegen import legal_moves
from engine.position import Position, Variant
from engine.result import ResultKind

WEIGHTS_DIR = Path(__file__).parent / "weights"
MAX_PLIES = 2000  # a guard only; real games end long before


def terminal_value(after: Position) -> np.ndarray:
    """Exact outcome of a finished game for the player on roll at `after` (the loser)."""
    kind = win_kind(after)
    out = np.zeros(N_OUTPUTS)
    if kind is not ResultKind.PLAIN:
        out[LOSE_MARS] = 1.0
    if kind in (ResultKind.KOKS, ResultKind.HOME_MARS):
        out[LOSE_KOKS] = 1.0
    return out


def play_game(
    net: Network, variant: Variant, rng: random.Random
) -> tuple[list[Position], list[np.ndarray]]:
    """One greedy self-play game: the positions met (player on roll) and V of each next one."""
    pos = Position.initial(variant)
    first = [variant is Variant.LONG] * 2
    dice = opening_roll(variant, rng)
    states: list[Position] = []
    next_values: list[np.ndarray] = []
    turn = 0
    for _ in range(MAX_PLIES):
        states.append(pos)
        plays = legal_moves(pos, dice, first_turn=first[turn])
        first[turn] = False
        if not plays:
            nxt = pos.swapped()
            value = net.forward(encode([nxt]))[0]
        else:
            afters = [p.after for p in plays]
            won = [i for i, a in enumerate(afters) if mover_won(a)]
            if won:  # a winning move: take the biggest win
                best = max(won, key=lambda i: terminal_value(afters[i])[LOSE_MARS:].sum())
                next_values.append(terminal_value(afters[best]))
                return states, next_values
            probs = net.forward(encode(afters))
            best = int(np.argmin(equity(probs, variant)))  # the opponent's worst
            nxt, value = afters[best], probs[best]
        next_values.append(value)
        pos, turn, dice = nxt, 1 - turn, roll(rng)
    raise RuntimeError("game did not finish")


def lambda_returns(next_values: list[np.ndarray], lam: float) -> np.ndarray:
    """Targets G_t for every state, from the next-state values (the last one exact)."""
    targets = np.empty((len(next_values), N_OUTPUTS))
    g = flip(next_values[-1])
    targets[-1] = g
    for t in range(len(next_values) - 2, -1, -1):
        g = flip((1.0 - lam) * next_values[t] + lam * g)
        targets[t] = g
    return targets


def train(
    variant: Variant,
    games: int,
    seed: int,
    *,
    hidden: int = 80,
    lam: float = 0.7,
    lr: float = 0.01,
    out: Path | None = None,
    checkpoint_every: int = 0,
    log=print,
) -> Network:
    """Train from scratch; the learning rate falls linearly to lr / 4 over the second half."""
    rng = random.Random(seed)
    net = Network.random(hidden, seed)
    start = time.perf_counter()
    plies = 0
    for game in range(1, games + 1):
        states, next_values = play_game(net, variant, rng)
        plies += len(states)
        rate = lr * min(1.0, max(0.25, 2.0 - 2.0 * game / games) if game > games / 2 else 1.0)
        net.train_step(encode(states), lambda_returns(next_values, lam), rate)
        if checkpoint_every and game % checkpoint_every == 0:
            elapsed = time.perf_counter() - start
            log(f"{game} games, {plies / game:.1f} plies/game, {elapsed:.0f} s")
            if out is not None:
                _save(net, out, variant, game, seed, hidden, lam, lr, elapsed)
    if out is not None:
        _save(net, out, variant, games, seed, hidden, lam, lr, time.perf_counter() - start)
    return net


def _save(net, out, variant, games, seed, hidden, lam, lr, elapsed) -> None:
    tmp = out.with_name(out.stem + ".tmp.npz")
    net.save(tmp, variant=variant.value, games=games, seed=seed, hidden=hidden, lam=lam,
             lr=lr, seconds=round(elapsed))
    tmp.replace(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.train", description=__doc__.split("\n")[0])
    parser.add_argument("--variant", choices=["short", "long"], required=True)
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hidden", type=int, default=80)
    parser.add_argument("--lam", type=float, default=0.7)
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--out", type=Path, help="weights file (default: ai/weights/VARIANT.npz)")
    parser.add_argument("--checkpoint-every", type=int, default=500)
    args = parser.parse_args(argv)
    variant = Variant(args.variant)
    out = args.out or WEIGHTS_DIR / f"{variant.value}.npz"
    start = time.perf_counter()
    train(variant, args.games, args.seed, hidden=args.hidden, lam=args.lam, lr=args.lr,
          out=out, checkpoint_every=args.checkpoint_every,
          log=lambda msg: print(msg, flush=True))
    print(f"trained {args.games} games in {time.perf_counter() - start:.0f} s -> {out}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
