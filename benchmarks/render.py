"""Board and replay rendering speed and size.

Run: python benchmarks/render.py [--rounds N]
Prints median and p95 render time and byte size per gallery scene (PNG and JPEG), then a
60-move replay. Targets (issue 5): board median < 10 ms and < 80 KB at >= 800 px wide;
a 60-move replay < 3 s and < 3 MB.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import random

from engine.position import Position, Variant, opp_point
from render import Scene, geometry, render_board, render_replay
from render.samples import gallery


def _random_long_game(moves: int, seed: int = 5) -> list[Scene]:
    """A long-nard game of plausible random moves (no rules engine here: the renderer only
    needs positions that change the way real ones do), seen by one player throughout."""
    rng = random.Random(seed)
    sides = {"me": [0] * 24 + [15, 0], "opp": [0] * 24 + [15, 0]}
    scenes: list[Scene] = []
    mover = "me"
    for _ in range(moves):
        own, other = sides[mover], sides["opp" if mover == "me" else "me"]
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        segments = []
        for die in dice:
            home = sum(own[1:7]) + own[0] == 15
            sources = [p for p in range(1, 25) if own[p]]
            rng.shuffle(sources)
            for src in sources:
                dst = src - die
                if dst < 1 and not home:
                    continue
                dst = max(dst, 0)
                if dst and other[opp_point(Variant.LONG, dst)]:
                    continue
                own[src] -= 1
                own[dst] += 1
                segments.append((src, dst))
                break
        position = Position("long", sides["me"], sides["opp"])
        # Each frame shows the move just made with the dice that made it.
        scenes.append(Scene(position, dice=dice, viewer_to_move=mover == "me",
                            last_move=tuple(segments), last_move_by_viewer=mover == "me",
                            names=("Oʻktam", "Алишер")))
        if position.is_over:
            break
        mover = "opp" if mover == "me" else "me"
    return scenes


def _timed(fn, rounds: int) -> tuple[float, float, float, int]:
    """Median and p95 wall time, median CPU time (ms) and the byte size of `fn()`.

    CPU time is reported too because the machine may be shared: wall time then includes
    waiting for a core, CPU time does not.
    """
    fn()  # warm the caches: the first render builds the board and the palette
    wall, cpu, size = [], [], 0
    for _ in range(rounds):
        t0, c0 = time.perf_counter(), time.process_time()
        size = len(fn())
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    wall.sort()
    p95 = wall[min(len(wall) - 1, int(0.95 * len(wall)))]
    return statistics.median(wall), p95, statistics.median(cpu), size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args()
    print(f"board {geometry.WIDTH} x {geometry.HEIGHT} px, {args.rounds} renders per scene")
    print(f"{'scene':<16} {'fmt':<5} {'median ms':>10} {'p95 ms':>8} {'cpu ms':>7} {'bytes':>8}")
    for name, scene in gallery().items():
        for fmt in ("PNG", "JPEG"):
            med, p95, cpu, size = _timed(lambda s=scene, f=fmt: render_board(s, fmt=f),
                                         args.rounds)
            print(f"{name:<16} {fmt:<5} {med:>10.2f} {p95:>8.2f} {cpu:>7.2f} {size:>8}")
    frames = _random_long_game(60)
    t0, c0 = time.perf_counter(), time.process_time()
    data = render_replay(frames)
    elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
    print(f"replay: {len(frames)} frames in {elapsed:.2f} s (cpu {cpu:.2f} s), "
          f"{len(data)} bytes (GIF)")


if __name__ == "__main__":
    main()
