"""The options of a new game, and the one refusal every start can meet, as both doors
offer and check them: the match lengths (a game's, and a tournament's among them), the
computer's levels, whether a variant has the cube. Each is defined once (the rules' own in
`engine.game`); a door lists these, never its own copy.
"""

from __future__ import annotations

from core.computer import LEVEL_NAMES
from core.games import Busy
from engine.game import OFFERED_LENGTHS, has_cube
from storage.errors import PlayerBusy

LENGTHS = OFFERED_LENGTHS  # a game's match lengths, as every door offers them
# A tournament's match lengths: the offered ones up to this many points (never 7).
TOURNAMENT_MAX_LENGTH = 5
TOURNAMENT_LENGTHS = tuple(n for n in LENGTHS if n <= TOURNAMENT_MAX_LENGTH)
LEVELS = LEVEL_NAMES  # the computer's levels, weakest first
# A start refused because a player is in a game already: the core's own check (`Busy`)
# or the database's guard, which a simultaneous start can meet (`PlayerBusy`).
BUSY: tuple[type[Exception], ...] = (Busy, PlayerBusy)


def with_cube(variant: str, wanted: bool) -> bool:
    """Whether a game of `variant` asked for with the cube (`wanted`) gets it: long nard
    never does, whatever a door was sent."""
    return wanted and has_cube(variant)


__all__ = ["BUSY", "LENGTHS", "LEVELS", "TOURNAMENT_LENGTHS", "has_cube", "with_cube"]
