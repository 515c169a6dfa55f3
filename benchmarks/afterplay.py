"""After the game, the bot's own path: a finished game rebuilt from its stored log, drawn as
the Replay GIF, written as the match File, and its fair dice checked.

Run: python benchmarks/afterplay.py [--games N]
Plays N seeded games of each variant with random legal moves and provably fair dice
(deterministic server seeds), keeps the shortest, the one nearest 60 moves and the longest,
and prints for each: moves, frames, GIF bytes and the time to draw it (wall and CPU), the
`.mat` bytes and time, the time to rebuild the game from its log, and to verify its dice.
Target (docs/performance.md, "After the game"): the replay of a 60-move game is at most
3 MB.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.services.afterplay import match_text, replay_gif
from core.rebuild import games_of_log
from engine.fairness import FairDice, dice_of_history, verify
from engine.game import Game, MatchState, Phase
from storage.models import Game as Row
from storage.models import LoggedMove

NAMES = ("Oʻktam", "Алишер")
_T = datetime(2026, 11, 30, tzinfo=UTC)


def fair_game(variant: str, seed: int) -> tuple[Game, FairDice]:
    rng = random.Random(seed)
    fair = FairDice(rng.randbytes(32).hex(), f"bench{seed}", ("", ""))
    game = Game.new(variant, fair, match=MatchState(1))
    while game.phase is not Phase.OVER:
        if game.phase is Phase.ROLL:
            game.roll(game.seat, fair)
        else:
            game.play(game.seat, rng.choice(game.legal_plays()))
    return game, fair


def stored_log(game: Game) -> dict[int, list[LoggedMove]]:
    return {1: [LoggedMove(i, 1, 1, e.get("seat"), e["type"], "", None, 1,  # type: ignore[arg-type]
                           json.dumps(e)) for i, e in enumerate(game.history)]}


def timed(fn):
    t0, c0 = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - t0, time.process_time() - c0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="seeded games per variant")
    args = parser.parse_args()
    print(f"{'game':<22} {'moves':>5} {'frames':>6} {'GIF bytes':>10} {'draw s':>7} "
          f"{'cpu s':>6} {'.mat B':>7} {'.mat ms':>7} {'rebuild ms':>10} {'verify ms':>9}")
    for variant in ("short", "long"):
        played = []
        for seed in range(1, args.games + 1):
            game, fair = fair_game(variant, seed)
            moves = sum(e["type"] == "move" for e in game.history)
            played.append((moves, seed, game, fair))
        played.sort(key=lambda p: p[0])
        picks = {"shortest": played[0], "nearest 60": min(played, key=lambda p: abs(p[0] - 60)),
                 "longest": played[-1]}
        for label, (moves, seed, game, fair) in picks.items():
            log = stored_log(game)
            [rebuilt], _, rebuild_cpu = timed(
                lambda log=log, v=variant: games_of_log(log, v, 1, False))
            assert rebuilt.history == game.history
            gif, wall, cpu = timed(lambda g=rebuilt: replay_gif(g, 0, NAMES))
            row = Row(1, variant, (1, None), "beginner", 1, False, False,  # type: ignore[arg-type]
                      "finished", "{}", 1, None, None, None, None, _T, _T, _T)
            text, _, mat_cpu = timed(lambda g=rebuilt, r=row: match_text(r, [g], NAMES))
            dice = dice_of_history(game.history)
            verdict, _, verify_cpu = timed(
                lambda d=dice, f=fair: verify(f.seed, f.game, d, f.client_seeds, f.commitment))
            assert verdict.ok
            frames = 1 + sum(e["type"] in ("move", "pass", "double", "take", "result")
                             for e in game.history)
            print(f"{variant + ' ' + label + f' (#{seed})':<22} {moves:>5} {frames:>6} "
                  f"{len(gif):>10} {wall:>7.2f} {cpu:>6.2f} {len(text.encode()):>7} "
                  f"{mat_cpu * 1000:>7.1f} {rebuild_cpu * 1000:>10.1f} "
                  f"{verify_cpu * 1000:>9.2f}")

if __name__ == "__main__":
    main()
