"""Analysis speed: seeded computer-vs-computer games analysed with `ai.review` at 2-ply.

    nice -n 10 python -m benchmarks.analysis [--games 3] [--ply 2]

Prints, per variant, each game's moves, decisions and seconds, and the time per 60 moves
(issue 16's goal: a 60-move game in under 30 s on the development machine). The games are
played by the computer at the Intermediate level (it errs, so there is something to find),
with the cube in short nard (doubles and takes by the same level).
"""

from __future__ import annotations

import argparse
import time

import ai
from ai import review
from ai.sage import available as sage_available
from engine.dice import SeededDice
from engine.game import Game, Phase

LEVEL = "intermediate"


def play(variant: str, seed: int, *, cube: bool, level: str = LEVEL,
         max_moves: int = 400) -> Game:
    """A whole seeded game between two computer players at `level`."""
    dice = SeededDice(seed)
    game = Game.new(variant, dice, cube=cube)
    moves = 0
    while game.phase is not Phase.OVER and moves < max_moves:
        if game.phase is Phase.ROLL:
            args = review._cube_args(game)
            if game.can_double(game.seat) and ai.cube_decision(
                    game.position, **args, level=level) == "double":
                game.double(game.seat)
                answer = ai.take_decision(game.position, **args, level=level)
                (game.take if answer == "take" else game.drop)(1 - game.seat)
                continue
            game.roll(game.seat, dice)
            continue
        play_ = ai.choose_move(game.position, game.dice, level, first_turn=game.first_turn)
        game.play(game.seat, play_)
        moves += 1
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--ply", type=int, default=2)
    args = parser.parse_args()
    print(f"bgsage: {'yes' if sage_available() else 'no (our network for short nard)'}"
          f", ply {args.ply}")
    for variant, cube in (("short", True), ("long", False)):
        per60 = []
        for seed in range(1, args.games + 1):
            game = play(variant, seed, cube=cube)
            moves = sum(1 for e in game.history if e["type"] == "move")
            start = time.perf_counter()
            decisions = review.review(variant, game.history, cube=cube, ply=args.ply)
            seconds = time.perf_counter() - start
            per60.append(seconds * 60 / max(moves, 1))
            rates = [review.figures(decisions, seat).error_rate for seat in (0, 1)]
            print(f"{variant:5} seed {seed}: {moves:3} moves, {len(decisions):3} decisions, "
                  f"{seconds:6.2f} s; error rates {rates[0]:.1f} / {rates[1]:.1f}")
        print(f"{variant:5} per 60 moves: mean {sum(per60) / len(per60):.2f} s, "
              f"worst {max(per60):.2f} s")


if __name__ == "__main__":
    main()
