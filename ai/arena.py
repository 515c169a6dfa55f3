"""Play two levels against each other with duplicate dice; print one JSON object.

    python -m ai.arena --variant short --a master --b strong --games 1000 --seed 1

Games come in pairs: each pair's dice stream is played twice with the seats swapped (A
starts the first game, B the second, with the same rolls in the same order), which cancels
most of the luck. The 95% confidence interval of A's points per game is computed over the
pairs (mean ± 1.96 standard errors), since the two games of a pair are not independent.
Decision times are given twice: wall clock (`decision_ms`) and the process's CPU time
(`decision_cpu_ms`, what the decision itself costs on a machine busy with other work).
No cube: points are the result kinds (short 1/2/3, long 1/3/3). `--a-weights FILE` /
`--b-weights FILE` give one side another network (e.g. the previous shipped weights).
`--jobs N` shares the pairs out between N processes: the same games and figures, sooner.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
import math
import multiprocessing
import random
import statistics
import time
from collections.abc import Iterator

from ai import sage
from ai.game import mover_won, opening_roll, roll, win_points
from ai.levels import Level, get_level
from ai.play import select
from engine.movegen import legal_moves
from engine.position import VARIANTS, Position, Variant

MAX_PLIES = 2000


def dice_stream(variant: Variant, seed: int) -> Iterator[tuple[int, int]]:
    rng = random.Random(seed)
    yield opening_roll(variant, rng)
    while True:
        yield roll(rng)


def play_game(
    variant: Variant, players: tuple[Level, Level], dice: Iterator[tuple[int, int]],
    times: tuple[list[tuple[float, float]], list[tuple[float, float]]],
) -> tuple[int, int]:
    """Play one game, players[0] starting; returns (winner index, points). Each decision's
    (wall, CPU) seconds are appended to its player's list in `times`."""
    pos = Position.initial(variant)
    first = [variant is Variant.LONG] * 2
    turn = 0
    for _ in range(MAX_PLIES):
        d = next(dice)
        plays = legal_moves(pos, d, first_turn=first[turn])
        first[turn] = False
        if plays:
            start, cpu = time.perf_counter(), time.process_time()
            play = select(players[turn], pos, d, plays)
            times[turn].append((time.perf_counter() - start, time.process_time() - cpu))
            if mover_won(play.after):
                return turn, win_points(play.after)
            pos = play.after
        else:
            pos = pos.swapped()
        turn = 1 - turn
    raise RuntimeError("game did not finish")


def _p95(xs: list[float]) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, math.ceil(0.95 * len(xs)) - 1)]


def _play_pairs(variant: Variant, a: str, b: str, a_weights: str | None,
                b_weights: str | None, seed: int, first: int, games: int) -> tuple:
    """Games of the pairs from `first` on, `games` of them; returns each pair's points for A,
    A's wins and the decision times. A pair's dice depend only on `seed` and its number, so
    the pairs can be shared out between processes and give what one process would."""
    la = dataclasses.replace(get_level(variant, a), weights=a_weights)
    lb = dataclasses.replace(get_level(variant, b), weights=b_weights)
    times: tuple[list, list] = ([], [])  # A's, B's decision times (wall, CPU)
    pair_points: list[float] = []
    wins_a = played = 0
    for pair in range(first, first + (games + 1) // 2):
        stream_seed = seed * 1_000_003 + pair
        total = 0
        for a_starts in (True, False):
            if played == games:
                break
            players = (la, lb) if a_starts else (lb, la)
            t = times if a_starts else (times[1], times[0])
            winner, points = play_game(variant, players, dice_stream(variant, stream_seed), t)
            a_won = (winner == 0) == a_starts
            wins_a += a_won
            total += points if a_won else -points
            played += 1
        pair_points.append(total / 2)
    return pair_points, wins_a, times


def run(variant: Variant, a: str, b: str, games: int, seed: int,
        a_weights: str | None = None, b_weights: str | None = None, jobs: int = 1) -> dict:
    pairs = (games + 1) // 2
    jobs = max(1, min(jobs, pairs))
    # Whole pairs per job (the last job takes the odd game, if any).
    bounds = [pairs * j // jobs for j in range(jobs + 1)]
    chunks = [(variant, a, b, a_weights, b_weights, seed, lo,
               min(2 * (hi - lo), games - 2 * lo)) for lo, hi in itertools.pairwise(bounds)]
    if jobs == 1:
        results = [_play_pairs(*chunks[0])]
    else:
        # Workers start afresh (spawn): they are told whether Open Sage is switched off.
        with multiprocessing.get_context("spawn").Pool(
                jobs, initializer=sage.set_disabled, initargs=(not sage.available(),)) as pool:
            results = pool.starmap(_play_pairs, chunks)
    pair_points = [p for points, _, _ in results for p in points]
    wins_a = sum(wins for _, wins, _ in results)
    times = ([t for _, _, ts in results for t in ts[0]], [t for _, _, ts in results for t in ts[1]])
    played = games
    ppg = sum(pair_points) / len(pair_points)
    half = 1.96 * statistics.stdev(pair_points) / math.sqrt(len(pair_points)) \
        if len(pair_points) > 1 else float("inf")
    weights = {k: w for k, w in (("a_weights", a_weights), ("b_weights", b_weights)) if w}
    return {
        "variant": variant.value, "a": a, "b": b, "seed": seed, **weights,
        "bgsage": sage.available(),
        "games": played,
        "wins_a": wins_a,
        "win_rate_a": round(wins_a / played, 4),
        "points_per_game_a": round(ppg, 4),
        "ci95": [round(ppg - half, 4), round(ppg + half, 4)],
        "decision_ms": _timing(times, 0),
        "decision_cpu_ms": _timing(times, 1),
    }


def _timing(times: tuple[list, list], which: int) -> dict:
    """Mean and p95 milliseconds per decision of each side: wall clock (which = 0) or the
    process's CPU time (1), which a machine busy with other work does not inflate."""
    out = {}
    for side, ts in (("a", times[0]), ("b", times[1])):
        xs = [t[which] for t in ts]
        out[side] = {"mean": round(1000 * statistics.fmean(xs), 2) if xs else 0.0,
                     "p95": round(1000 * _p95(xs), 2), "moves": len(xs)}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.arena", description=__doc__.split("\n")[0])
    parser.add_argument("--variant", choices=VARIANTS, required=True)
    parser.add_argument("--a", required=True, help="level or reference player (network, ...)")
    parser.add_argument("--b", required=True)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-bgsage", action="store_true", help="force the fallback path")
    parser.add_argument("--a-weights", help="network file for A's network evaluators")
    parser.add_argument("--b-weights", help="network file for B's network evaluators")
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes sharing the pairs out (the result is the same)")
    args = parser.parse_args(argv)
    if args.no_bgsage:
        sage.set_disabled(True)
    print(json.dumps(run(Variant(args.variant), args.a, args.b, args.games, args.seed,
                         args.a_weights, args.b_weights, args.jobs)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
