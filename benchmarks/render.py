"""Board, mistake board, chart and replay rendering: speed and size.

Run: python benchmarks/render.py [--rounds N]
Prints median and p95 render time and byte size per gallery scene (PNG and JPEG), a mistake
board and the /me chart, then the replays of two whole games played by the engine. Targets
(docs/performance.md, "Pictures"): board median < 10 ms and < 80 KB at >= 800 px wide; a
60-move replay < 3 MB (Telegram plays it inline).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.figures import percentile
from render import geometry, render_board, render_mistake, render_replay, replay_scenes
from render.chart import render_rating_chart
from render.samples import ERROR_RATES, MISTAKES, RATINGS, gallery, played_game

# Seeded games of random legal moves: a short-nard game of a match to 5 with the cube
# (59 moves, doubles and takes) and a long-nard game (100 moves).
GAMES = {"short, 59 moves + cube": ("short", 9, True), "long, 100 moves": ("long", 1, False)}


def _timed(fn, rounds: int) -> tuple[float, float, float, int]:
    """Median and p95 wall time, median CPU time (ms) and the byte size of `fn()`.

    CPU time is reported too because the machine may be shared: wall time then includes
    waiting for a core, CPU time does not.
    """
    fn()  # warm the caches: the first render builds the board and its parts
    wall, cpu, size = [], [], 0
    for _ in range(rounds):
        t0, c0 = time.perf_counter(), time.process_time()
        size = len(fn())
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    wall.sort()
    p95 = percentile(wall, 0.95)
    return statistics.median(wall), p95, statistics.median(cpu), size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args()
    print(f"board {geometry.WIDTH} x {geometry.HEIGHT} px, {args.rounds} renders per scene")
    print(f"{'scene':<22} {'fmt':<5} {'median ms':>10} {'p95 ms':>8} {'cpu ms':>7} {'bytes':>8}")
    for name, scene in gallery().items():
        for fmt in ("PNG", "JPEG"):
            med, p95, cpu, size = _timed(lambda s=scene, f=fmt: render_board(s, fmt=f),
                                         args.rounds)
            print(f"{name:<22} {fmt:<5} {med:>10.2f} {p95:>8.2f} {cpu:>7.2f} {size:>8}")
    few = max(3, args.rounds // 20)  # these are drawn a few times per game, not per press
    scene, played, best = MISTAKES[0]
    med, p95, cpu, size = _timed(lambda: render_mistake(scene, played=played, best=best), few)
    print(f"{'mistake board':<22} {'PNG':<5} {med:>10.2f} {p95:>8.2f} {cpu:>7.2f} {size:>8}")
    med, p95, cpu, size = _timed(lambda: render_rating_chart(RATINGS, start=1500,
                                                             error_rates=ERROR_RATES), few)
    print(f"{'/me chart':<22} {'PNG':<5} {med:>10.2f} {p95:>8.2f} {cpu:>7.2f} {size:>8}")
    for name, (variant, seed, cube) in GAMES.items():
        game = played_game(variant, seed, cube=cube, match_length=5 if cube else 1)
        t0, c0 = time.perf_counter(), time.process_time()
        frames = replay_scenes(game, 0, ("Oʻktam", "Алишер"))
        data = render_replay(frames)
        elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
        print(f"replay ({name}): {len(frames)} frames in {elapsed:.2f} s (cpu {cpu:.2f} s), "
              f"{len(data)} bytes (GIF)")


if __name__ == "__main__":
    main()
