"""Two-ply search with our network: the candidates that look best at 1-ply are re-scored by
averaging, over the opponent's 21 rolls, the position after the opponent's best reply.

Used by the long-nard Master and by the short-nard levels when bgsage is missing. Only the
top `width` candidates (within `window` points of the best) are searched, which keeps the
decision well under a tenth of a second on this machine.
"""

from __future__ import annotations

import numpy as np

from ai import model
from ai.encoding import encode
from ai.game import mover_won, win_points
from ai.network import equity
from engine.movegen import Play, legal_moves
from engine.position import CHECKERS, Position, Variant

ROLLS = [(d1, d2, 1 if d1 == d2 else 2) for d1 in range(1, 7) for d2 in range(d1, 7)]


def first_turn_of(after: Position) -> bool:
    """In long nard a player on roll with all 15 on the head has not moved yet (the head
    rule's opening exception applies to their roll)."""
    return after.variant is Variant.LONG and after.me[24] == CHECKERS


def two_ply_value(after: Position, weights: str | None = None) -> float:
    """The mover's expected equity after `after`, the opponent replying with its 1-ply best."""
    if mover_won(after):
        return float(win_points(after))
    net = model.network(after.variant, weights)
    first = first_turn_of(after)
    replies: list[Position] = []
    starts: list[int] = []
    roll_weights: list[int] = []
    fixed = 0.0  # rolls the opponent cannot play, or wins with
    for d1, d2, w in ROLLS:
        plays = legal_moves(after, (d1, d2), first_turn=first)
        if not plays:
            starts.append(len(replies))
            replies.append(after.swapped())
            roll_weights.append(w)
            continue
        won = [p.after for p in plays if mover_won(p.after)]
        if won:  # the opponent wins at once: the biggest win
            fixed -= w * max(win_points(a) for a in won)
            continue
        starts.append(len(replies))
        replies.extend(p.after for p in plays)
        roll_weights.append(w)
    total = fixed
    if replies:
        # Each reply position has the mover back on roll: its equity is the mover's.
        values = equity(net.forward(encode(replies, net.scheme)), after.variant)
        best_for_opp = np.minimum.reduceat(values, starts)
        total += float(np.dot(best_for_opp, roll_weights))
    return total / 36.0


def scores(position: Position, plays: list[Play], width: int = 4, window: float = 0.3,
           weights: str | None = None) -> np.ndarray:
    """1-ply scores with the top candidates replaced by their 2-ply values."""
    base = model.scores(position, plays, weights)
    order = np.argsort(-base)[:width]
    out = base - 1000.0  # unsearched candidates rank below every searched one
    for i in order:
        if base[i] >= base[order[0]] - window:
            out[i] = two_ply_value(plays[i].after, weights)
    return out
