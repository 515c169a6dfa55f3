"""Equities of every legal play, for analysis: `ai.rank_plays`."""

from __future__ import annotations

import numpy as np

from ai import bearoff, model, sage, search
from ai.game import mover_won, win_points
from ai.play import exact_scores
from engine.movegen import Play, legal_moves
from engine.position import Position, Variant


def rank_plays(
    position: Position, dice: tuple[int, int], ply: int = 2, *, first_turn: bool = False
) -> list[tuple[Play, float]]:
    """Every legal play with its cubeless equity for the mover (points per game), best first.

    * short nard: Open Sage at `ply` (1, 2 or 3; every play searched at that depth), or,
      without bgsage, our network (1-ply, or 2-ply for ply >= 2);
    * long nard: our network at 1-ply, or 2-ply for ply >= 2 (every play searched);
    * a race the bear-off database decides (both sides home, no contact): exact, any ply;
    * a play that ends the game: what it wins (1, 2 or 3).
    Empty when no die can be played.
    """
    if ply not in (1, 2, 3):
        raise ValueError("ply must be 1, 2 or 3")
    plays = legal_moves(position, dice, first_turn=first_turn)
    if not plays:
        return []
    if bearoff.is_exact(position):
        values = exact_scores(position, plays)
    elif position.variant is Variant.SHORT and sage.available():
        values = sage.scores(position, dice, plays, f"{ply}ply", every_play=True)
    elif ply == 1:
        values = model.scores(position, plays)
    else:
        values = np.array([search.two_ply_value(p.after) for p in plays])
    for i, p in enumerate(plays):
        if mover_won(p.after):
            values[i] = win_points(p.after)
    order = np.argsort(-values, kind="stable")
    return [(plays[i], float(values[i])) for i in order]
