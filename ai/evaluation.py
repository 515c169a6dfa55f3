"""Evaluation for analysis and the expected result of an abandoned game (docs/rules.md,
"Time, resigning and leaving"), both from our own network."""

from __future__ import annotations

import numpy as np

from ai import bearoff, model
from ai.game import mover_won, win_kind
from ai.network import LOSE_KOKS, LOSE_MARS, WIN, WIN_KOKS, WIN_MARS, equity
from ai.pubeval import is_race
from engine.movegen import legal_moves
from engine.position import CHECKERS, OFF, Position, Variant
from engine.result import ResultKind, loss_kind

MARS_THRESHOLD = 0.5


def _consistent(p: list[float]) -> list[float]:
    """Clip to [0, 1] and order: koks <= mars <= win (or loss)."""
    p = [min(1.0, max(0.0, x)) for x in p]
    p[WIN_MARS] = min(p[WIN_MARS], p[WIN])
    p[WIN_KOKS] = min(p[WIN_KOKS], p[WIN_MARS])
    p[LOSE_MARS] = min(p[LOSE_MARS], 1.0 - p[WIN])
    p[LOSE_KOKS] = min(p[LOSE_KOKS], p[LOSE_MARS])
    return p


def _impossible(position: Position, p: list[float]) -> list[float]:
    """Zero what the rules rule out: no mars against a side that has borne off; no koks in
    a short-nard race against a side with nothing on the bar or in the winner's home (in a
    race its checkers only move away from there)."""
    me, opp = position.me, position.opp
    if opp[OFF]:
        p[WIN_MARS] = p[WIN_KOKS] = 0.0
    if me[OFF]:
        p[LOSE_MARS] = p[LOSE_KOKS] = 0.0
    if position.variant is Variant.SHORT and is_race(position):
        if not any(opp[19:26]):
            p[WIN_KOKS] = 0.0
        if not any(me[19:26]):
            p[LOSE_KOKS] = 0.0
    return p


def _finished(position: Position) -> list[float] | None:
    """Exact probabilities of a finished game, else None."""
    me_won = position.me[OFF] == CHECKERS
    if not me_won and position.opp[OFF] != CHECKERS:
        return None
    # Give the finished game the form of "the move that just ended it".
    after = position.swapped() if me_won else position
    assert mover_won(after)
    kind = win_kind(after)
    big = [1.0, float(kind is not ResultKind.PLAIN),
           float(kind in (ResultKind.KOKS, ResultKind.HOME_MARS))]
    return [*big, 0.0, 0.0] if me_won else [0.0, 0.0, 0.0, big[1], big[2]]


def evaluate(position: Position) -> dict:
    """Cubeless probabilities for the player on roll (`position.me`), from our network.

    Keys: win, win_mars, lose_mars (mars or worse) and, in short nard, win_koks / lose_koks,
    in long nard win_home_mars / lose_home_mars; equity = expected points per game (no cube).
    """
    p = _finished(position)
    if p is None:
        raw = [float(x) for x in model.probabilities([position])[0]]
        p = _consistent(_impossible(position, raw))
    big = "koks" if position.variant is Variant.SHORT else "home_mars"
    return {
        "variant": position.variant.value,
        "source": "network",
        "win": p[WIN],
        "win_mars": p[WIN_MARS],
        f"win_{big}": p[WIN_KOKS],
        "lose_mars": p[LOSE_MARS],
        f"lose_{big}": p[LOSE_KOKS],
        "equity": float(equity(np.array(p), position.variant)),
    }


# -- the charge of an abandoned game (resign, timeout, leave) --------------------------------
#
# Odds are (P(the winner-to-be wins a mars or better), P(it wins a koks / home mars)).

Odds = tuple[float, float]
_ROLLS = [((d1, d2), 1 if d1 == d2 else 2) for d1 in range(1, 7) for d2 in range(d1, 7)]


def _static_odds(views: list[Position], leaver_on_roll: bool) -> list[Odds]:
    """Odds of each position (seen from the winner-to-be) without looking ahead: exact in a
    bear-off race, else our network's (one batch for all)."""
    on_roll = [v.swapped() if leaver_on_roll else v for v in views]
    odds: dict[int, Odds] = {}  # by index in views: each is found below
    rest = []
    for i, (view, pos) in enumerate(zip(views, on_roll, strict=True)):
        if view.opp[OFF]:
            odds[i] = (0.0, 0.0)
        elif bearoff.is_exact(pos):
            odds[i] = _winner_odds(list(bearoff.race_probabilities(pos)), leaver_on_roll)
        else:
            rest.append(i)
    if rest:
        raw = model.probabilities([on_roll[i] for i in rest])
        for i, row in zip(rest, raw, strict=True):
            p = _consistent(_impossible(on_roll[i], [float(x) for x in row]))
            odds[i] = _winner_odds(p, leaver_on_roll)
    return [odds[i] for i in range(len(views))]


def _winner_odds(p: list[float], leaver_on_roll: bool) -> Odds:
    """The winner-to-be's odds from probabilities of the player on roll."""
    if leaver_on_roll:
        return p[LOSE_MARS], p[LOSE_KOKS]
    return p[WIN_MARS], p[WIN_KOKS]


def _odds_after_roll(winner_view: Position, leaver_on_roll: bool, dice: tuple[int, int],
                     first_turn: bool) -> Odds:
    """The player on roll plays `dice` as is best for it: the leaver to avoid the mars (any
    play that bears a checker off saves it), the winner-to-be to win the most."""
    if leaver_on_roll:
        plays = legal_moves(winner_view.swapped(), dice, first_turn=first_turn)
        afters = [p.after for p in plays]  # seen from the winner, now on roll
        if not afters:
            return _static_odds([winner_view], False)[0]
        if any(after.opp[OFF] for after in afters):
            return 0.0, 0.0
        return min(_static_odds(afters, False))
    plays = legal_moves(winner_view, dice, first_turn=first_turn)
    if not plays:
        return _static_odds([winner_view], True)[0]
    finished = [p.after.swapped() for p in plays if mover_won(p.after)]
    if finished:
        kinds = {loss_kind(f) for f in finished}
        if ResultKind.PLAIN in kinds and len(kinds) == 1:
            return 0.0, 0.0
        return 1.0, float(bool(kinds & {ResultKind.KOKS, ResultKind.HOME_MARS}))
    return max(_static_odds([p.after.swapped() for p in plays], True))


def abandon_odds(position: Position, *, leaver_on_roll: bool = False,
                 dice: tuple[int, int] | None = None, first_turn: bool = False) -> Odds:
    """P(mars or better) and P(koks / home mars) for the winner-to-be (`position.me`) of a
    game that `position.opp` abandons, the position taken as it stands.

    Exact where the bear-off database decides the race. Otherwise the roll in hand (or,
    before the roll, each of the 21 rolls, weighted) is played by the player on roll as is
    best for it, and our network judges the positions after it; so a leaver whose roll
    bears a checker off is never marsed, and a winner-to-be that finishes with every roll
    wins the mars for certain.
    """
    if position.opp[OFF]:
        return 0.0, 0.0
    on_roll = position.swapped() if leaver_on_roll else position
    if dice is None and bearoff.is_exact(on_roll):
        return _static_odds([position], leaver_on_roll)[0]
    if dice is not None:
        return _odds_after_roll(position, leaver_on_roll, dice, first_turn)
    mars = big = 0.0
    for roll, weight in _ROLLS:
        m, b = _odds_after_roll(position, leaver_on_roll, roll, first_turn)
        mars += weight * m
        big += weight * b
    return mars / 36.0, big / 36.0


def expected_loss(position: Position, *, leaver_on_roll: bool = False,
                  dice: tuple[int, int] | None = None, first_turn: bool = False) -> ResultKind:
    """ExpectedLoss hook (`engine.result.ExpectedLoss`): the kind charged to `position.opp`,
    who abandons the game; `position.me` is the winner-to-be. The position is taken as it
    stands: `leaver_on_roll` says whose turn it is, `dice` the roll already made, if any.

    The leaver is charged a mars when the winner-to-be would more likely than not have won
    a mars (P >= 0.5, by `abandon_odds`); a koks (short) when P(koks) >= 0.5 as well; in
    long nard the mars is a home mars when that is the likelier kind of the two. A leaver
    that has borne off a checker can only lose plain.
    """
    mars, big = abandon_odds(position, leaver_on_roll=leaver_on_roll, dice=dice,
                             first_turn=first_turn)
    if mars < MARS_THRESHOLD:
        return ResultKind.PLAIN
    if position.variant is Variant.SHORT:
        return ResultKind.KOKS if big >= MARS_THRESHOLD else ResultKind.MARS
    return ResultKind.HOME_MARS if big >= mars - big else ResultKind.MARS
