"""Cube decisions (short nard): Open Sage's `cube_action` with the match score and the
Crawford flag; without bgsage, Janowski's cubeful model on our network's probabilities.

Both paths play by OUR rules (docs/rules.md, "Matches and the doubling cube"): a single
game with the cube is money play without the Jacoby rule (mars and koks count whether or not
the cube was turned) and without beavers (a doubled player only takes or drops).

Every call describes the position at the moment of the offer: `position.me` is the player on
roll, the one who may double; `cube_owner` ("me" | "opp" | "center"), `score` (me, opp) and
`match_length` (0 = a money game, which is how the bot scores a single game with the cube)
are from that player's side. `take_decision` is asked with exactly the same arguments and
answers for the OTHER player (`position.opp`), the one offered the double.
"""

from __future__ import annotations

from typing import Literal

from ai import sage
from ai.evaluation import evaluate
from ai.levels import get_level
from ai.pubeval import is_race
from engine.game import MAX_CUBE
from engine.position import Position, Variant

# Janowski's cube efficiency x: the share of the "live cube" (perfectly efficient doubling)
# in the cubeful equity, the rest being the dead-cube (cubeless) equity. GNU Backgammon's
# values: 0.68 in contact; in a race it grows with the pip count of the player on roll.
CONTACT_EFFICIENCY = 0.68


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


# -- the fallback: Janowski's money-game model (no Jacoby, no beavers) ---------------------


def _live(p: float, w: float, lose: float, owner: str) -> float:
    """Live-cube equity (per cube unit) of the player on roll, who wins with probability p,
    winning `w` points on average when it wins and losing `lose` when it loses.

    Janowski's piecewise-linear model: the taker's point TP and the cash point CP are where
    a double is dropped; the owner of the cube can cash from CP, the opponent from TP.
    """
    tp = (lose - 0.5) / (w + lose + 0.5)
    cp = (lose + 1.0) / (w + lose + 0.5)
    if owner == "me":
        if p < cp:
            return -lose + (1.0 + lose) * p / cp
        return 1.0 + (w - 1.0) * (p - cp) / (1.0 - cp)
    if p < tp:
        return -lose + (lose - 1.0) * p / tp
    if owner == "opp":
        return -1.0 + (w + 1.0) * (p - tp) / (1.0 - tp)
    if p < cp:
        return -1.0 + 2.0 * (p - tp) / (cp - tp)
    return 1.0 + (w - 1.0) * (p - cp) / (1.0 - cp)


def _efficiency(position: Position) -> float:
    if not is_race(position):
        return CONTACT_EFFICIENCY
    return min(0.7, max(0.6, 0.55 + 0.00125 * position.pips()[0]))


def _janowski(position: Position, cube_owner: str) -> dict[str, float]:
    """Money-game cube equities from our network's cubeless probabilities.

    Mars and koks count at every cube (no Jacoby rule): they enter the average win W and
    loss L. No beavers: after double/take the taker owns a 2-cube, nothing more.
    """
    e = evaluate(position)
    p = e["win"]
    w = 1.0 + (e["win_mars"] + e["win_koks"]) / p if p > 1e-7 else 1.0
    lose = 1.0 + (e["lose_mars"] + e["lose_koks"]) / (1.0 - p) if p < 1 - 1e-7 else 1.0
    x = _efficiency(position)
    dead = e["equity"]

    def cubeful(owner: str) -> float:
        return x * _live(p, w, lose, owner) + (1.0 - x) * dead

    return {"no_double": cubeful(cube_owner), "double_take": 2.0 * cubeful("opp"),
            "double_pass": 1.0}


# -- the API ----------------------------------------------------------------------------


def cube_equities(
    position: Position, *, cube_value: int, cube_owner: str, match_length: int,
    score: tuple[int, int], crawford: bool, level: str = "master",
) -> dict[str, float | str]:
    """Cubeful equities of no double / double-take / double-pass for the player on roll.

    Per unit of the current cube value (double-pass is 1.0 in a money game; in a match the
    equities are bgsage's, scaled the same way). `source` says which evaluator answered:
    "bgsage-1ply" / "bgsage-2ply" (Master) or "network" (Janowski's model on our network,
    money play: the match score is not modelled on that path).
    """
    _check(position, cube_value, cube_owner, match_length, score)
    get_level(position.variant, level)
    if sage.available():
        r = sage.cube_action(position, cube_value=cube_value, cube_owner=cube_owner,
                             away=_away(match_length, score), crawford=crawford,
                             level=_sage_level(level))
        return {"no_double": r.equity_nd, "double_take": r.equity_dt,
                "double_pass": r.equity_dp, "source": f"bgsage-{_sage_level(level)}"}
    return {**_janowski(position, cube_owner), "source": "network"}


def _may_double(position: Position, cube_value: int, cube_owner: str, match_length: int,
                score: tuple[int, int], crawford: bool) -> bool:
    if cube_owner == "opp" or crawford or cube_value >= MAX_CUBE or position.is_over:
        return False
    # In a match a cube that already wins the match for the doubler is pointless.
    return not (match_length and cube_value >= _away(match_length, score)[0])


def cube_decision(
    position: Position, *, cube_value: int, cube_owner: str, match_length: int,
    score: tuple[int, int], crawford: bool, level: str,
) -> Literal["double", "no_double"]:
    """Should the player on roll double before rolling?

    Double when doubling gains: min(double/take, double/pass) > no double. A position too
    good to double (the mars is worth more than the 1 point a drop gives) stays undoubled.
    """
    _check(position, cube_value, cube_owner, match_length, score)
    get_level(position.variant, level)
    if not _may_double(position, cube_value, cube_owner, match_length, score, crawford):
        return "no_double"
    if sage.available():
        r = sage.cube_action(position, cube_value=cube_value, cube_owner=cube_owner,
                             away=_away(match_length, score), crawford=crawford,
                             level=_sage_level(level))
        return "double" if r.should_double else "no_double"
    eq = _janowski(position, cube_owner)
    return "double" if min(eq["double_take"], eq["double_pass"]) > eq["no_double"] else \
        "no_double"


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
    eq = _janowski(position, cube_owner)
    return "take" if eq["double_take"] <= eq["double_pass"] else "drop"
