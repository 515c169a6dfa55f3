"""Each computer level's error rate on the reference sets (docs/ai.md, "Error rates").

    nice -n 10 python -m benchmarks.error_rates [--variant short|long] [--limit N]

Every level chooses its move (`ai.choose_move`, as in play) in every position of
`ai/reference/<variant>.jsonl.gz` (benchmarks/reference_set.py); the equity it loses there is
the best move's rollout equity minus its choice's. It prints, per variant and level, the
positions, the mean equity lost per move ×1000 (the field's "error rate") with its standard
error (1000 × the losses' standard deviation / √positions), how often the level chose the
best move, and the seconds taken.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ai
from ai import review
from benchmarks.reference_set import REFERENCE_DIR, read, reference_path
from engine.position import Position

Record = Mapping[str, Any]  # one line of a reference set
Chooser = Callable[[Record], str]  # the move chosen in a position, in the engine's notation


@dataclass(frozen=True)
class ErrorRate:
    positions: int
    rate: float  # mean equity lost per move, ×1000 (`ai.review.error_rate`, the analysis's)
    se: float  # its standard error, ×1000
    best: float  # the share of positions where the best move was chosen

    def __str__(self) -> str:
        return (f"{self.positions:4d} positions  {self.rate:6.1f} ± {self.se:4.1f}"
                f"  best move {100 * self.best:5.1f} %")


def loss(record: Record, move: str) -> float:
    """The equity `move` loses against the record's best move (0 for the best)."""
    scored = {m["move"]: float(m["equity"]) for m in record["moves"]}
    if move not in scored:
        raise ValueError(f"{move!r} is not a legal move of {record['id']}")
    return max(scored.values()) - scored[move]


def error_rate(records: Iterable[Record], choose: Chooser) -> ErrorRate:
    """The mean loss of `choose`'s moves over `records`, ×1000, with its standard error."""
    losses = [loss(record, choose(record)) for record in records]
    if not losses:
        raise ValueError("no positions")
    se = statistics.stdev(losses) / math.sqrt(len(losses)) if len(losses) > 1 else 0.0
    return ErrorRate(len(losses), review.error_rate(sum(losses), len(losses)),
                     review.error_rate(se, 1),
                     sum(1 for value in losses if value == 0) / len(losses))


def level_chooser(level: str) -> Chooser:
    """`level`'s move in a record's position, as it plays it in a game."""
    def choose(record: Record) -> str:
        position = Position.from_dict(record["position"])
        dice = (int(record["dice"][0]), int(record["dice"][1]))
        return str(ai.choose_move(position, dice, level,
                                  first_turn=bool(record["first_turn"])).move)
    return choose


def describe(records: Sequence[Record]) -> str:
    """The set in figures: its games, moves, how they were scored, the rollouts' median
    standard error, and the judge most of it had."""
    moves = [m for record in records for m in record["moves"]]
    by = Counter(m["by"] for m in moves)
    rolled = sorted(m["se"] for m in moves if m["by"] == "rollout")
    judge = Counter(record["judge"] for record in records).most_common(1)[0][0]
    median = statistics.median(rolled) if rolled else 0.0
    return (f"from {len({r['from']['game'] for r in records})} games; {len(moves)} moves: "
            + ", ".join(f"{count} {how}" for how, count in sorted(by.items()))
            + f"; median s.e. of a rollout {median:.4f}\n  judged by {judge}")


def main(argv: Sequence[str] | None = None, folder: Path = REFERENCE_DIR) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", choices=("short", "long"), action="append")
    parser.add_argument("--limit", type=int, default=None, help="the first N positions")
    args = parser.parse_args(argv)
    for variant in args.variant or ("short", "long"):
        records = read(reference_path(variant, folder))[:args.limit]
        print(f"{variant}: {len(records)} positions, {describe(records)}")
        for level in ai.LEVELS[variant]:
            start = time.perf_counter()
            found = error_rate(records, level_chooser(level))
            print(f"  {level:13} {found}  {time.perf_counter() - start:6.1f} s", flush=True)


if __name__ == "__main__":
    main()
