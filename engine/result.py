"""How a game ends and what it is worth (RULES.md "Result"), and the expected-loss rule.

Kinds: short nard plain 1, mars (gammon) 2, koks (backgammon) 3; long nard plain 1, mars 3,
home mars 3. The points of a game are the kind's value times the cube.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from engine.position import BAR, CHECKERS, OFF, Position, Variant


class ResultKind(StrEnum):
    PLAIN = "plain"
    MARS = "mars"
    KOKS = "koks"
    HOME_MARS = "home_mars"


KIND_POINTS = {
    Variant.SHORT: {ResultKind.PLAIN: 1, ResultKind.MARS: 2, ResultKind.KOKS: 3},
    Variant.LONG: {ResultKind.PLAIN: 1, ResultKind.MARS: 3, ResultKind.HOME_MARS: 3},
}


def kind_points(variant: Variant, kind: ResultKind) -> int:
    return KIND_POINTS[variant][kind]


def loss_kind(position: Position) -> ResultKind:
    """The kind of a finished game; `position.me` is the winner (all 15 borne off)."""
    loser = position.opp
    if loser[OFF]:
        return ResultKind.PLAIN
    if position.variant is Variant.LONG:
        all_home = sum(loser[1:7]) == CHECKERS
        return ResultKind.HOME_MARS if all_home else ResultKind.MARS
    # Short nard: the winner's home (my 1..6) is the loser's 19..24.
    if loser[BAR] or any(loser[19:25]):
        return ResultKind.KOKS
    return ResultKind.MARS


# -- the expected result of a game abandoned (resignation, timeout, leaving) --------------

ExpectedLoss = Callable[[Position], ResultKind]
"""Estimate how a game would end; `position.me` is the winner-to-be, `opp` the leaver."""


def race_estimate(position: Position) -> ResultKind:
    """The documented default rule for a game abandoned by `position.opp`.

    The leaver is charged a mars only when it has borne off nothing and, counting pips as a
    race, could not bear off its first checker before the winner bears off all of its own:
    the leaver needs the pips that bring every checker home plus one to bear one off, the
    winner needs its whole pip count, and both roll the same dice on average. Ties go to the
    leaver (plain). A short-nard mars becomes koks when the leaver still has a checker
    on the bar or in the winner's home. In long nard a mars with all 15 of the leaver's
    checkers at home is a home mars. So the opening position is a plain loss and a hopeless
    race with nothing borne off is a mars.
    """
    loser, winner = position.opp, position.me
    if loser[OFF]:
        return ResultKind.PLAIN
    to_first_off = sum((point - 6) * loser[point] for point in range(7, 26)) + 1
    winner_pips = sum(point * winner[point] for point in range(1, 26))
    if to_first_off <= winner_pips:  # both sides roll the same dice on average
        return ResultKind.PLAIN
    return loss_kind(position)
