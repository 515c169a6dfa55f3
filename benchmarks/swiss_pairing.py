"""Swiss pairing (core/swiss.py) over many random tournaments of each size: the search's
steps and time for the hardest round, and how often a rematch could not be avoided.

    python -m benchmarks.swiss_pairing [--tournaments 300]

Each tournament plays its `swiss_rounds` with a random winner per match; a round's search
steps are counted as the partners it considered for a first player (`preferred_partners` calls).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from core import swiss
from core.swiss import Game, Line, pair_round, swiss_rounds, table

SIZES = (4, 5, 6, 7, 8, 9, 16, 33, 64)


def play(count: int, seed: int) -> tuple[int, float, int]:
    """One random Swiss of `count`: (most steps in a round, slowest round in seconds,
    rematches made)."""
    rng = random.Random(seed)
    seeds = {p: p for p in range(1, count + 1)}
    games: list[Game] = []
    met: dict[int, set[int]] = {p: set() for p in seeds}
    steps, slowest, rematches = 0, 0.0, 0
    counted = [0]
    preferred = swiss.preferred_partners  # counted: one call a step of the search

    def counting(first: Line, rest: list[Line]) -> list[Line]:
        counted[0] += 1
        return preferred(first, rest)

    swiss.preferred_partners = counting  # type: ignore[assignment]
    try:
        for _ in range(swiss_rounds(count)):
            lines = table(seeds, games)
            counted[0] = 0
            began = time.perf_counter()
            pairs, bye = pair_round(lines, met)
            slowest = max(slowest, time.perf_counter() - began)
            steps = max(steps, counted[0])
            for a, b in pairs:
                rematches += b in met[a]
                met[a].add(b)
                met[b].add(a)
                games.append(Game(a, b, rng.choice((a, b))))
            if bye is not None:
                games.append(Game(bye, None, bye))
    finally:
        swiss.preferred_partners = preferred  # type: ignore[assignment]
    return steps, slowest, rematches


def main(tournaments: int = 300, sizes: Sequence[int] = SIZES) -> None:
    for count in sizes:
        runs = [play(count, seed) for seed in range(tournaments)]
        print(f"{count:3d} players, {swiss_rounds(count)} rounds: most search steps in a round"
              f" {max(r[0] for r in runs)}, slowest round {max(r[1] for r in runs) * 1000:.2f}"
              f" ms, tournaments with a rematch {sum(r[2] > 0 for r in runs)}/{tournaments}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=300)
    main(parser.parse_args().tournaments)
