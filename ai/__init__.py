"""Computer opponents: evaluators, levels, training, arena.

The synchronous API the bot calls from a worker thread (all functions are thread-safe:
networks and Open Sage analyzers are created once, lazily, under a lock, and are read-only
afterwards):

* `LEVELS[variant]`: the level names, weakest first; `LEVEL_LABELS[name]`: what to show;
* `choose_move(position, dice, level, *, first_turn=False) -> Play`;
* `cube_decision(...) -> "double" | "no_double"`, `take_decision(...) -> "take" | "drop"`,
  `cube_equities(...)` -> no double / double-take / double-pass equities;
* `evaluate(position) -> dict` of win / mars / koks probabilities for the player on roll;
* `expected_loss(position, *, leaver_on_roll, dice, first_turn) -> ResultKind`, the
  engine's ExpectedLoss hook (the position as it stands);
* `rank_plays(position, dice, ply, *, first_turn) -> [(Play, equity)]`, best first.

Every function is a picklable top-level function; each process loads what it needs once.
"""

from ai.analysis import rank_plays
from ai.cube import cube_decision, cube_equities, take_decision
from ai.evaluation import evaluate, expected_loss
from ai.levels import LEVEL_LABELS, LEVELS
from ai.play import choose_move

__all__ = [
    "LEVELS",
    "LEVEL_LABELS",
    "choose_move",
    "cube_decision",
    "cube_equities",
    "evaluate",
    "expected_loss",
    "rank_plays",
    "take_decision",
]
