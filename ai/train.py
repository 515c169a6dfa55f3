"""TD(lambda) self-play training of the network: `python -m ai.train --variant long --games N`.

Both sides play greedily with the network being trained (1-ply: every legal resulting
position is evaluated and the best for the mover is played). After each game the lambda-
returns of its positions are computed backwards (the offline, forward view of TD(lambda)):

    G_T-1 = result;   G_t = flip((1 - lambda) * V(s_t+1) + lambda * G_t+1)

where V(s_t+1) is the network's value of the next position when it was played and `flip`
turns the other player's probabilities into the mover's. One gradient step of the sigmoid
cross-entropy towards G_t then updates the network on all positions of the game.

A game also ends when it reaches a race the bear-off database decides exactly (both sides
home, no contact): its exact probabilities are the final target, and candidate positions
of that kind are valued exactly when choosing moves. So the network never spends capacity
on what the database knows, and training games are shorter.

Everything (dice, initial weights) comes from `--seed`, so a run is reproducible; a run
writes a checkpoint (`--checkpoint`, float64 weights and the dice generator's state) every
`--checkpoint-every` games and `--resume` continues it to the same result as an unbroken run.
"""

from __future__ import annotations

import argparse
import pickle
import random
import sys
import time
from pathlib import Path

import numpy as np

from ai import bearoff
from ai.encoding import encode
from ai.game import mover_won, opening_roll, roll, win_kind
from ai.network import LOSE_KOKS, LOSE_MARS, N_OUTPUTS, Network, equity, flip
from engine.movegen import legal_moves
from engine.position import VARIANTS, Position, Variant
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


def _values(net: Network, pos: Position, afters: list[Position], exact: bool) -> np.ndarray:
    """Probabilities (for the opponent, on roll after each candidate): the network's, or
    the bear-off database's where it decides the race exactly."""
    probs = net.forward(encode(afters, net.scheme))
    # Cheap test first: the opponent (not moving now) must already be home.
    if exact and bearoff.all_home(pos.opp):
        for i, after in enumerate(afters):
            if bearoff.is_exact(after):
                probs[i] = bearoff.race_probabilities(after)
    return probs


def play_game(
    net: Network, variant: Variant, rng: random.Random, *, exact: bool = True
) -> tuple[list[Position], list[np.ndarray]]:
    """One greedy self-play game: the positions met (player on roll) and V of each next one.

    With `exact`, the game stops at the first position the bear-off database decides, whose
    exact value is then the last one.
    """
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
            value = net.forward(encode([nxt], net.scheme))[0]
        else:
            afters = [p.after for p in plays]
            won = [i for i, a in enumerate(afters) if mover_won(a)]
            if won:  # a winning move: take the biggest win
                best = max(won, key=lambda i: terminal_value(afters[i])[LOSE_MARS:].sum())
                next_values.append(terminal_value(afters[best]))
                return states, next_values
            probs = _values(net, pos, afters, exact)
            best = int(np.argmin(equity(probs, variant)))  # the opponent's worst
            nxt, value = afters[best], probs[best]
            if exact and bearoff.all_home(pos.opp) and bearoff.is_exact(nxt):
                next_values.append(value)
                return states, next_values
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


def learning_rate(lr: float, game: int, games: int, final: float) -> float:
    """lr for the first half, then falling linearly to lr * final at the last game."""
    half = games / 2
    if game <= half:
        return lr
    return lr * (1.0 - (1.0 - final) * (game - half) / (games - half))


def train(
    variant: Variant,
    games: int,
    seed: int,
    *,
    hidden: int = 128,
    lam: float = 0.7,
    lr: float = 0.01,
    final_lr: float = 0.1,
    scheme: int = 2,
    exact: bool = True,
    out: Path | None = None,
    checkpoint: Path | None = None,
    checkpoint_every: int = 0,
    resume: bool = False,
    log=print,
) -> Network:
    """Train from scratch (or from `checkpoint` with `resume`)."""
    settings = dict(variant=variant.value, games=games, seed=seed, hidden=hidden, lam=lam,
                    lr=lr, final_lr=final_lr, scheme=scheme, exact=exact)
    rng = random.Random(seed)
    net = Network.for_variant(variant, hidden, seed, scheme)
    done = plies = 0
    elapsed = 0.0
    if resume and checkpoint is not None and checkpoint.exists():
        with checkpoint.open("rb") as f:
            state = pickle.load(f)
        if state["settings"] != settings:
            raise SystemExit(f"{checkpoint} was made with {state['settings']}")
        w1, b1, w2, b2 = state["weights"]
        net = Network(w1, b1, w2, b2, scheme=scheme)
        rng.setstate(state["rng"])
        done, plies, elapsed = state["games"], state["plies"], state["seconds"]
        if log:
            log(f"resumed at {done} games")
    start = time.perf_counter() - elapsed
    for game in range(done + 1, games + 1):
        states, next_values = play_game(net, variant, rng, exact=exact)
        plies += len(states)
        rate = learning_rate(lr, game, games, final_lr)
        net.train_step(encode(states, scheme), lambda_returns(next_values, lam), rate)
        if checkpoint_every and game % checkpoint_every == 0:
            elapsed = time.perf_counter() - start
            if log:
                log(f"{game} games, {plies / game:.1f} plies/game, {elapsed:.0f} s")
            if checkpoint is not None:
                _checkpoint(checkpoint, net, rng, settings, game, plies, elapsed)
            if out is not None:
                _save(net, out, settings, game, elapsed)
    if out is not None:
        _save(net, out, settings, games, time.perf_counter() - start)
    return net


def _checkpoint(path: Path, net: Network, rng: random.Random, settings: dict, game: int,
                plies: int, elapsed: float) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("wb") as f:
        pickle.dump({"settings": settings, "weights": (net.w1, net.b1, net.w2, net.b2),
                     "rng": rng.getstate(), "games": game, "plies": plies,
                     "seconds": elapsed}, f)
    tmp.replace(path)


def _save(net: Network, out: Path, settings: dict, games: int, elapsed: float) -> None:
    tmp = out.with_name(out.stem + ".tmp.npz")
    net.save(tmp, **{**settings, "trained_games": games, "seconds": round(elapsed)})
    tmp.replace(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.train", description=__doc__.split("\n")[0])
    parser.add_argument("--variant", choices=VARIANTS, required=True)
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--lam", type=float, default=0.7)
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--final-lr", type=float, default=0.1,
                        help="the last game's learning rate as a share of --lr")
    parser.add_argument("--scheme", type=int, choices=[1, 2], default=2)
    parser.add_argument("--no-exact", action="store_true",
                        help="do not end games at exact bear-off races")
    parser.add_argument("--out", type=Path, help="weights file (default: ai/weights/VARIANT.npz)")
    parser.add_argument("--checkpoint", type=Path, help="resumable state (float64, pickled)")
    parser.add_argument("--checkpoint-every", type=int, default=1000)
    parser.add_argument("--resume", action="store_true", help="continue from --checkpoint")
    args = parser.parse_args(argv)
    variant = Variant(args.variant)
    out = args.out or WEIGHTS_DIR / f"{variant.value}.npz"
    start = time.perf_counter()
    train(variant, args.games, args.seed, hidden=args.hidden, lam=args.lam, lr=args.lr,
          final_lr=args.final_lr, scheme=args.scheme, exact=not args.no_exact, out=out,
          checkpoint=args.checkpoint, checkpoint_every=args.checkpoint_every,
          resume=args.resume, log=lambda msg: print(msg, flush=True))
    print(f"trained {args.games} games in {time.perf_counter() - start:.0f} s -> {out}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
