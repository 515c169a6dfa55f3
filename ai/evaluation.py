"""Evaluation for analysis and the expected result of an abandoned game (RULES.md "Time,
leaving and resigning"), both from our own network."""

from __future__ import annotations

import numpy as np

from ai import model
from ai.game import mover_won, win_kind
from ai.network import LOSE_KOKS, LOSE_MARS, WIN, WIN_KOKS, WIN_MARS, equity
from ai.pubeval import is_race
from engine.position import CHECKERS, OFF, Position, Variant
from engine.result import ResultKind

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


def expected_loss(position: Position) -> ResultKind:
    """ExpectedLoss hook: the kind charged to `position.opp`, who abandons the game.

    `position.me` is the winner-to-be and is assumed on roll. The leaver is charged a mars
    when, by our network, the winner-to-be would more likely than not have won a mars
    (P(win mars or better) >= 0.5); koks (short) when P(win koks) >= 0.5 as well; in long
    nard the mars is a home mars when the network finds that the likelier of the two. A
    leaver that has borne off a checker can only lose plain.
    """
    if position.opp[OFF]:
        return ResultKind.PLAIN
    p = evaluate(position)
    if p["win_mars"] < MARS_THRESHOLD:
        return ResultKind.PLAIN
    if position.variant is Variant.SHORT:
        return ResultKind.KOKS if p["win_koks"] >= MARS_THRESHOLD else ResultKind.MARS
    home = p["win_home_mars"] >= p["win_mars"] - p["win_home_mars"]
    return ResultKind.HOME_MARS if home else ResultKind.MARS
