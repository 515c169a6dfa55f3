"""Each computer level's PR, judged by the analysis (docs/ai.md, "Levels in PR").

    nice -n 10 python -m benchmarks.level_pr [--short-games 3] [--long-games 2] [--write]

Each level plays seeded single games without the cube against the Intermediate level (the
level's seat alternates from game to game; the same dice seeds for every level), and only
the level's own decisions are judged, by the analysis itself (`ai.review`): short nard by
Open Sage at 2-ply (our network at 2-ply where bgsage is missing), long nard by **our own
network at 2-ply** (no outside judge exists for long nard). It prints, per variant and
level, the games, the decisions judged, the PR (500 × mean equity lost per decision) with
its standard error (500 × the losses' standard deviation / √decisions: decisions of one
game are not independent, so the real uncertainty is larger), and the seconds taken.
A level that plays with the judge's own evaluator at its depth or deeper (both Masters)
is marked `at_judge`: its PR is near 0 by construction, and the picker says so.
`--write` stores the PRs in `ai/level_pr.json`, the one table the level picker reads
(`ai.levels.level_pr`).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from datetime import UTC, datetime
from pathlib import Path

import ai
from ai import review
from ai.levels import LEVEL_PR_FILE, get_level
from engine.dice import SeededDice
from engine.game import Game, Phase

OPPONENT = "intermediate"
MAX_MOVES = 400


def play(variant: str, level: str, seed: int, seat: int) -> Game:
    """A seeded game without the cube: `level` in `seat`, the Intermediate level opposite."""
    return play_levels(variant, (level, OPPONENT) if seat == 0 else (OPPONENT, level), seed)


def play_levels(variant: str, levels: tuple[str, str], seed: int) -> Game:
    """A seeded game without the cube between two levels (seat 0's first), at most
    `MAX_MOVES` moves."""
    dice = SeededDice(seed)
    game = Game.new(variant, dice)
    moves = 0
    while game.phase is not Phase.OVER and moves < MAX_MOVES:
        if game.phase is Phase.ROLL:
            game.roll(game.seat, dice)
            continue
        game.play(game.seat, ai.choose_move(game.position, game.dice, levels[game.seat],
                                            first_turn=game.first_turn))
        moves += 1
    return game


def losses(game: Game, seat: int, ply: int) -> list[float]:
    """The equity lost at each of `seat`'s decisions, as the analysis judges them."""
    spots = [s for s in review.spots(game.variant, game.history) if s.seat == seat]
    found = (review.evaluate(spot, ply) for spot in spots)
    return [d.loss for d in found if d is not None]


def at_judge(variant: str, level: str, judge: str) -> bool:
    """Whether the level plays with the judge's own evaluator at its depth or deeper (its
    PR is then near 0 by construction: the judge cannot see its errors)."""
    evaluator = get_level(variant, level).evaluator
    deep = ("sage2", "sage3") if judge.startswith("bgsage") else ("network2",)
    return evaluator in deep and (variant == "short" or evaluator == "network2")


def measure(variant: str, level: str, games: int, ply: int) -> dict[str, float]:
    start, lost = time.perf_counter(), []
    for index in range(games):
        seat = index % 2
        lost += losses(play(variant, level, index + 1, seat), seat, ply)
    pr = 500 * statistics.fmean(lost)
    error = 500 * statistics.stdev(lost) / math.sqrt(len(lost)) if len(lost) > 1 else 0.0
    return {"games": games, "decisions": len(lost), "pr": round(pr, 1),
            "se": round(error, 1), "seconds": round(time.perf_counter() - start, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--short-games", type=int, default=3)
    parser.add_argument("--long-games", type=int, default=2)
    parser.add_argument("--ply", type=int, default=2, help="the judge's depth")
    parser.add_argument("--write", action="store_true", help="store ai/level_pr.json")
    args = parser.parse_args()
    table: dict[str, dict[str, dict[str, float]]] = {}
    judges: dict[str, str] = {}
    for variant, games in (("short", args.short_games), ("long", args.long_games)):
        judges[variant] = review.engine_name(variant, args.ply)
        print(f"{variant}: judged by {judges[variant]}, {games} games per level "
              f"against {OPPONENT}")
        table[variant] = {}
        for level in ai.LEVELS[variant]:
            row = measure(variant, level, games, args.ply)
            row["at_judge"] = at_judge(variant, level, judges[variant])
            table[variant][level] = row
            print(f"  {level:13} {row['games']:2.0f} games {row['decisions']:4.0f} decisions"
                  f"  PR {row['pr']:5.1f} ± {row['se']:4.1f}  {row['seconds']:6.1f} s",
                  flush=True)
    if args.write:
        stored = {"measured": datetime.now(UTC).date().isoformat(), "judges": judges,
                  "opponent": OPPONENT, "levels": table}
        Path(LEVEL_PR_FILE).write_text(json.dumps(stored, indent=1) + "\n", encoding="utf-8")
        print(f"written to {LEVEL_PR_FILE}")


if __name__ == "__main__":
    main()
