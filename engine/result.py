"""How a game ends and what it is worth (docs/rules.md, the results in "Short nard" and
"Long nard"), and the expected-loss rule.

Kinds: short nard plain 1, mars (gammon) 2, koks (backgammon) 3; long nard plain 1, mars 3,
home mars 3. The points of a game are the kind's value times the cube.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol

from engine.movegen import legal_moves
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


class ExpectedLoss(Protocol):
    """Estimate the kind of loss charged to a player who abandons a game, as it stands.

    `position` is seen from the winner-to-be (`me`); `opp` is the leaver. `leaver_on_roll`
    says whose turn it is (the leaver's, or the winner-to-be's); `dice` is the roll of the
    player whose turn it is when it has already rolled (None before the roll); `first_turn`
    says that player has not moved yet (long nard's opening exception of the head rule).
    The arguments are plain values, so an estimate can run in another process.
    """

    def __call__(
        self, position: Position, /, *, leaver_on_roll: bool = False,
        dice: tuple[int, int] | None = None, first_turn: bool = False,
    ) -> ResultKind: ...


AVERAGE_ROLL = 8  # pips; one roll moves 8.17 pips on average (49 / 6)
_ROLLS = tuple(((d1, d2), 1 if d1 == d2 else 2) for d1 in range(1, 7) for d2 in range(d1, 7))


def race_estimate(
    position: Position, *, leaver_on_roll: bool = False,
    dice: tuple[int, int] | None = None, first_turn: bool = False,
) -> ResultKind:
    """The documented default rule for a game abandoned by `position.opp`.

    1. A leaver that has borne off a checker loses plain.
    2. The player on roll plays its roll, each side for itself: a leaver whose roll can bear
       a checker off loses plain; a winner-to-be whose roll finishes the game wins what
       that finish is worth; otherwise the leaver plays to come closest to its first
       checker off (the winner: to its fewest pips), and the pip rule judges the position
       after it, the other side to move.
    3. Pip rule: the leaver is charged a mars when the pips it needs to bear off its first
       checker (the pips that bring every checker home, plus one), less AVERAGE_ROLL when
       it is the side to move, exceed the winner's whole pip count; ties go to the leaver.
    Dice already rolled are played as in 2. Before the roll, each of the 21 rolls is
    played as in 2: the leaver is charged a mars when at least half of the 36 rolls lead
    to a mars or worse, a koks when at least half lead to a koks, and in long nard a home
    mars when that is the likelier kind of mars; else it loses plain.

    A short-nard mars becomes koks when the leaver still has a checker on the bar or in the
    winner's home; in long nard a mars with all 15 of the leaver's checkers at home is a
    home mars. So the opening position is a plain loss, a hopeless race with nothing borne
    off is a mars, and so is a race the winner-to-be finishes with every roll.
    """
    if position.opp[OFF]:
        return ResultKind.PLAIN
    if dice is not None:
        return _after_roll(position, leaver_on_roll, dice, first_turn)
    mars = big = 0  # rolls (of 36) leading to a mars or worse, to a koks / home mars
    for roll, weight in _ROLLS:
        kind = _after_roll(position, leaver_on_roll, roll, first_turn)
        if kind is not ResultKind.PLAIN:
            mars += weight
            big += weight if kind is not ResultKind.MARS else 0
    if mars < 18:
        return ResultKind.PLAIN
    if position.variant is Variant.SHORT:
        return ResultKind.KOKS if big >= 18 else ResultKind.MARS
    return ResultKind.HOME_MARS if big >= mars - big else ResultKind.MARS


def _pip_rule(position: Position, leaver_on_roll: bool) -> ResultKind:
    winner, leaver = position.me, position.opp
    if leaver[OFF]:
        return ResultKind.PLAIN
    to_first_off = sum((point - 6) * leaver[point] for point in range(7, 26)) + 1
    winner_pips = sum(point * winner[point] for point in range(1, 26))
    ahead = AVERAGE_ROLL if leaver_on_roll else 0
    if to_first_off - ahead <= winner_pips:  # both sides roll the same dice on average
        return ResultKind.PLAIN
    return loss_kind(position)


def _after_roll(
    position: Position, leaver_on_roll: bool, dice: tuple[int, int], first_turn: bool
) -> ResultKind:
    """Rule 2: the player on roll plays `dice`; the pip rule judges the result."""
    if leaver_on_roll:
        plays = legal_moves(position.swapped(), dice, first_turn=first_turn)
        afters = [p.after for p in plays]  # seen from the winner, now on roll
        if not afters:  # the leaver passes
            return _pip_rule(position, leaver_on_roll=False)
        if any(after.opp[OFF] for after in afters):
            return ResultKind.PLAIN
        closest = min(afters, key=lambda a: sum((p - 6) * a.opp[p] for p in range(7, 26)))
        return _pip_rule(closest, leaver_on_roll=False)
    plays = legal_moves(position, dice, first_turn=first_turn)
    if not plays:  # the winner passes
        return _pip_rule(position, leaver_on_roll=True)
    finished = [p.after.swapped() for p in plays if p.after.opp[OFF] == CHECKERS]
    if finished:  # the biggest win this roll offers
        return max((loss_kind(f) for f in finished),
                   key=lambda kind: KIND_POINTS[position.variant][kind])
    fewest = min((p.after for p in plays), key=lambda a: sum(i * a.opp[i] for i in range(26)))
    return _pip_rule(fewest.swapped(), leaver_on_roll=True)
