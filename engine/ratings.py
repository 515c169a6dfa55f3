"""Rating arithmetic (docs/rules.md, "Ratings"): pure functions, no I/O.

Every player starts each variant at `START_RATING` = 1500. After a rated game the winner
gains and the loser loses the same amount (zero-sum)::

    E     = 1 / (1 + 10 ** ((loser - winner) / 400))     # winner's Elo expectation
    delta = round_half_up(100 * points * 2 * (1 - E))

`points` are the result's points before the cube (`result_points`): the cube counts for a
match's score, never for ratings (docs/rules.md). Between equal ratings E = 1/2, so the winner
gains exactly 100 x those points: 100 / 200 / 300 in short nard, 100 / 300 / 300 in long
nard, whatever the cube. An upset (winner rated lower) gains more, up to 200 x points; a
favourite gains less, never below 0. Ratings have no floor.
"""

from __future__ import annotations

import math

from engine.game import MAX_CUBE
from engine.position import Variant
from engine.result import KIND_POINTS, ResultKind

START_RATING = 1500
POINT_VALUE = 100  # rating points per result point between equal players
ELO_SCALE = 400  # a 400-point gap makes the favourite a 10:1 expectation


def expected_score(rating: int, opponent: int) -> float:
    """The Elo expectation of the player rated `rating` against `opponent`."""
    odds: float = 10.0 ** ((opponent - rating) / ELO_SCALE)
    return 1.0 / (1.0 + odds)


def rating_delta(winner_rating: int, loser_rating: int, result_points: int, variant: str) -> int:
    """Rating points the winner gains and the loser loses (see the module docstring)."""
    _check_variant(variant)
    if result_points < 1:
        raise ValueError(f"result points must be positive, got {result_points}")
    gain = POINT_VALUE * result_points * 2 * (1 - expected_score(winner_rating, loser_rating))
    return max(0, math.floor(gain + 0.5))


def result_points(variant: str, kind: str) -> int:
    """The result's points before the cube: short 1/2/3, long 1/3/3 (what ratings use)."""
    _check_variant(variant)
    try:
        return KIND_POINTS[Variant(variant)][ResultKind(kind)]
    except (KeyError, ValueError):
        raise ValueError(f"{kind!r} is not a {variant} nard result") from None


def validate_result(variant: str, kind: str, points: int, cube: bool) -> None:
    """Raise ValueError unless `points` can be the score of a `kind` win in `variant`.

    Points are the kind's base (short 1/2/3, long 1/3/3) times the cube value: a power of
    two up to 64, and only 1 when the game has no cube. Long nard has no cube.
    """
    base = result_points(variant, kind)
    cube_value, remainder = divmod(points, base)
    max_cube = MAX_CUBE if cube and variant == "short" else 1
    if remainder or cube_value < 1 or cube_value > max_cube or cube_value & (cube_value - 1):
        raise ValueError(f"{points} points cannot be a {kind} win in {variant} nard")


def is_mars(kind: ResultKind | str) -> bool:
    """Counted as a mars in the statistics: mars and home mars (koks is counted apart)."""
    return kind in ("mars", "home_mars")


def _check_variant(variant: Variant | str) -> None:
    if variant not in Variant.__members__.values():
        raise ValueError(f"unknown variant {variant!r}")
