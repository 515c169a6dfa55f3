"""Cube decisions (short nard): Open Sage's `cube_action` with the match score and the
Crawford flag; without bgsage, a money-game rule on our network's cubeless equity.

Both calls describe the position at the moment of the offer: `position.me` is the player on
roll, the one who may double; `cube_owner` ("me" | "opp" | "center"), `score` (me, opp) and
`match_length` (0 = a money game) are from that player's side. `take_decision` is asked with
exactly the same arguments and answers for the OTHER player (`position.opp`), the one
offered the double.
"""

from __future__ import annotations

from typing import Literal

from ai import sage
from ai.evaluation import evaluate
from ai.levels import get_level
from engine.position import Position, Variant

MAX_CUBE = 64
# Fallback thresholds on the doubler's cubeless equity E (points per game at cube 1):
# doubling gains once E is about 0.4 (a 68-70% game without gammons) unless E > 1 (too good:
# play on for the mars); the taker accepts while 2E stays below the 1 point it would pay by
# dropping, plus a little for owning the cube (recube vig).
DOUBLE_FROM, TOO_GOOD, TAKE_UP_TO = 0.4, 1.0, 0.55


def _check(position: Position, cube_value: int, cube_owner: str,
           match_length: int, score: tuple[int, int]) -> None:
    if position.variant is not Variant.SHORT:
        raise ValueError("long nard is played without the doubling cube")
    if cube_owner not in ("me", "opp", "center"):
        raise ValueError(f"cube_owner must be me, opp or center, not {cube_owner!r}")
    if cube_value < 1 or cube_value > MAX_CUBE or cube_value & (cube_value - 1):
        raise ValueError(f"bad cube value {cube_value}")
    if match_length < 0 or any(s < 0 or (match_length and s >= match_length) for s in score):
        raise ValueError(f"bad score {score} for a match to {match_length}")


def _away(match_length: int, score: tuple[int, int]) -> tuple[int, int]:
    if not match_length:
        return 0, 0
    return match_length - score[0], match_length - score[1]


def _sage_level(level: str) -> str:
    return "2ply" if level == "master" else "1ply"


def cube_decision(
    position: Position, *, cube_value: int, cube_owner: str, match_length: int,
    score: tuple[int, int], crawford: bool, level: str,
) -> Literal["double", "no_double"]:
    """Should the player on roll double before rolling?"""
    _check(position, cube_value, cube_owner, match_length, score)
    get_level(position.variant, level)
    away = _away(match_length, score)
    if cube_owner == "opp" or crawford or cube_value >= MAX_CUBE or position.is_over:
        return "no_double"
    if match_length and cube_value >= away[0]:
        return "no_double"  # the cube already wins the match: doubling is pointless
    if sage.available():
        r = sage.cube_action(position, cube_value=cube_value, cube_owner=cube_owner,
                             away=away, crawford=crawford, level=_sage_level(level))
        return "double" if r.should_double else "no_double"
    e = evaluate(position)["equity"]
    return "double" if DOUBLE_FROM <= e <= TOO_GOOD else "no_double"


def take_decision(
    position: Position, *, cube_value: int, cube_owner: str, match_length: int,
    score: tuple[int, int], crawford: bool, level: str,
) -> Literal["take", "drop"]:
    """Should `position.opp`, offered a double by `position.me` (on roll), take it?"""
    _check(position, cube_value, cube_owner, match_length, score)
    get_level(position.variant, level)
    if sage.available():
        r = sage.cube_action(position, cube_value=cube_value, cube_owner=cube_owner,
                             away=_away(match_length, score), crawford=crawford,
                             level=_sage_level(level))
        return "take" if r.should_take else "drop"
    return "take" if evaluate(position)["equity"] <= TAKE_UP_TO else "drop"
