"""Move choice: score every legal result with the level's evaluator, add the level's noise."""

from __future__ import annotations

import numpy as np

from ai import bearoff, heuristic, model, pubeval, sage, search
from ai.game import mover_won, win_points
from ai.levels import Level, get_level
from ai.network import equity
from ai.noise import noise
from engine.movegen import Play, legal_moves
from engine.position import Position


def _scores(level: Level, position: Position, dice: tuple[int, int], plays: list[Play]):
    """Scores for the mover and the noise to use (which depends on the fallback)."""
    ev, sigma = level.evaluator, level.noise
    if ev in ("sage1", "sage2", "sage3"):
        if sage.available():
            level_ = {"sage1": "1ply", "sage2": "2ply", "sage3": "3ply"}[ev]
            return sage.scores(position, dice, plays, level_), sigma
        ev, sigma = level.fallback, level.fallback_noise
    if ev == "heuristic":
        return heuristic.scores(position, plays), sigma
    if ev == "pubeval":
        return pubeval.scores(position, plays), sigma
    if ev == "network2":
        return search.scores(position, plays, weights=level.weights), sigma
    return model.scores(position, plays, level.weights), sigma


def exact_scores(position: Position, plays: list[Play]) -> np.ndarray:
    """Exact equities of the plays of a bear-off race (`bearoff.is_exact(position)`): the
    database's cubeless equity of the opponent's position after each, negated."""
    return np.array([
        win_points(p.after) if mover_won(p.after)
        else -float(equity(bearoff.race_probabilities(p.after), position.variant))
        for p in plays
    ])


def select(level: Level, position: Position, dice: tuple[int, int], plays: list[Play]) -> Play:
    """The level's choice among `plays` (non-empty); deterministic for the same inputs."""
    if len(plays) == 1:
        return plays[0]
    if level.exact_bearoff and bearoff.is_exact(position):
        return plays[int(np.argmax(exact_scores(position, plays)))]
    scores, sigma = _scores(level, position, dice, plays)
    scores = scores + noise(level.name, position, [p.after for p in plays], sigma)
    for i, play in enumerate(plays):  # a game-ending move is never missed, the biggest first
        if mover_won(play.after):
            scores[i] = 1e9 + win_points(play.after)
    return plays[int(np.argmax(scores))]


def choose_move(
    position: Position, dice: tuple[int, int], level: str, *, first_turn: bool = False
) -> Play:
    """The computer's move at `level`: one of `legal_moves(position, dice, first_turn=...)`.

    Deterministic for the same position, dice and level. Raises ValueError when there is no
    legal move (the turn passes) or the level is unknown.
    """
    lvl = get_level(position.variant, level)
    plays = legal_moves(position, dice, first_turn=first_turn)
    if not plays:
        raise ValueError("no legal move: the turn passes")
    return select(lvl, position, dice, plays)
