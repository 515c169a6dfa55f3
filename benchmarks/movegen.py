"""Legal-move generation speed, ours against Open Sage, and a random self-play soak.

    python benchmarks/movegen.py [--positions 20000] [--games 10000] [--seed 1]

Prints median and p99 microseconds per call by roll type for our `legal_moves` and for
`bgsage.possible_moves` on the same short-nard positions (same process), the ratio, the worst
double, long-nard figures, and games per second of random self-play in each variant.
"""

from __future__ import annotations

import argparse
import statistics
import time

from benchmarks.figures import percentile
from engine.movegen import legal_moves
from engine.randomplay import random_game, random_positions


def sage_board(position) -> list[int]:
    board = [0] * 26
    for point in range(1, 25):
        board[point] = position.me[point] - position.opp[25 - point]
    board[25], board[0] = position.me[25], position.opp[25]
    return board


def time_calls(fn, samples) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {"non-double": [], "double": []}
    for args, dice in samples:
        start = time.perf_counter()
        fn(*args)
        times["double" if dice[0] == dice[1] else "non-double"].append(
            (time.perf_counter() - start) * 1e6)
    return times


def report(name: str, times: dict[str, list[float]]) -> None:
    for kind, values in times.items():
        print(f"{name:>12} {kind:>10}: n={len(values):6d} median={statistics.median(values):8.1f}"
              f" us  p99={percentile(values, 0.99):8.1f} us  max={max(values):8.1f} us")


def worst_doubles(samples, variant: str, count: int = 20) -> None:
    """The doubles with the most legal moves, each timed 5 times (the best time counts)."""
    doubles = [(p, d, f) for p, d, f in samples if d[0] == d[1]]
    doubles.sort(key=lambda s: -len(legal_moves(s[0], s[1], first_turn=s[2])))
    worst = 0.0
    for position, dice, first in doubles[:count]:
        best = min(_timed(position, dice, first) for _ in range(5))
        worst = max(worst, best)
    most = len(legal_moves(doubles[0][0], doubles[0][1], first_turn=doubles[0][2]))
    print(f"{variant} complex doubles: the {count} with most moves (up to {most}): "
          f"slowest {worst * 1000:.2f} ms")


def _timed(position, dice, first) -> float:
    start = time.perf_counter()
    legal_moves(position, dice, first_turn=first)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=20_000)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    short = list(random_positions("short", args.positions, args.seed))
    ours = time_calls(legal_moves, [((p, d), d) for p, d, _ in short])
    report("ours short", ours)
    try:
        import bgsage
    except ImportError:
        print("bgsage not installed: no comparison")
    else:
        sage = time_calls(bgsage.possible_moves,
                          [((sage_board(p), *d), d) for p, d, _ in short])
        report("bgsage short", sage)
        for kind in ours:
            ratio = statistics.median(ours[kind]) / statistics.median(sage[kind])
            print(f"median ratio ours/bgsage {kind}: {ratio:.1f}x")
    worst_doubles(short, "short")
    long = list(random_positions("long", args.positions, args.seed))
    report("ours long", time_calls(
        lambda p, d, f: legal_moves(p, d, first_turn=f), [((p, d, f), d) for p, d, f in long]))
    worst_doubles(long, "long")

    for variant in ("short", "long"):
        start = time.perf_counter()
        turns = sum(random_game(variant, args.seed * 1_000_003 + i)[0]
                    for i in range(args.games))
        elapsed = time.perf_counter() - start
        print(f"self-play {variant}: {args.games} games, {turns} turns, no exception, "
              f"{args.games / elapsed:.1f} games/s")


if __name__ == "__main__":
    main()
