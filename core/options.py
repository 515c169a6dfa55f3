"""The options of a new game, and the one refusal every start can meet, as both doors
offer and check them: the match lengths (a game's, and a tournament's among them), the
computer's levels, whether a variant has the cube, what makes a tournament. Each is
defined once (the rules' own in `engine.game`); a door lists these, never its own copy.
"""

from __future__ import annotations

from core.computer import LEVEL_NAMES
from core.games import Busy
from core.timecontrol import TimeControl
from engine.game import OFFERED_LENGTHS, has_cube
from storage import tournaments as stored
from storage.errors import PlayerBusy
from storage.tournaments import MAX_PLAYERS, MIN_PLAYERS

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


def check_options(*, variant: str, format: str, length: int, cube: bool, capacity: int,
                  minutes: int | None, control: TimeControl | None) -> stored.Format:
    """The format, checked: `ValueError` unless these make a tournament this bot plays."""
    if (format not in stored.FORMATS or length not in TOURNAMENT_LENGTHS
            or not MIN_PLAYERS <= capacity <= MAX_PLAYERS
            or (format == "arena") != (minutes is not None)
            or (cube and not has_cube(variant))
            or (control is not None and control.correspondence)):
        raise ValueError("not a tournament this bot plays")
    return next(known for known in stored.FORMATS if known == format)


__all__ = ["BUSY", "LENGTHS", "LEVELS", "TOURNAMENT_LENGTHS", "check_options", "has_cube",
           "with_cube"]
