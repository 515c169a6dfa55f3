"""Adapter to Open Sage (`bgsage`, MPL-2.0): short-nard strength and cube decisions.

bgsage only RANKS our engine's legal resulting positions: every legal `Play.after` is turned
into bgsage's board and looked up among the boards bgsage's own `checker_play` scored. Its
move tuples are never applied. Where `bgsage` is missing (no wheel for the platform) or
disabled with NARD_AI_NO_BGSAGE=1, `available()` is False and callers fall back to our own
network.

bgsage board: 26 signed ints from the mover's side, index i in 1..24 = me[i] - opp[25 - i],
25 = my bar, 0 = the opponent's bar as a positive count; borne-off checkers are absent.
"""

from __future__ import annotations

import os
import threading
from typing import Any

import numpy as np

from engine.movegen import Play
from engine.position import BAR, Position, Variant

_lock = threading.Lock()
# One analyzer per (level, cubeful), each with its own lock: bgsage calls itself thread-safe,
# but its N-ply analyzer clears a shared cache after every call, so calls are serialised.
_analyzers: dict[tuple[str, bool], tuple[Any, threading.Lock]] = {}
_disabled = os.environ.get("NARD_AI_NO_BGSAGE", "") not in ("", "0")

try:  # pragma: no cover - depends on the platform
    import bgsage as _bgsage
except ImportError:  # pragma: no cover
    _bgsage = None


def available() -> bool:
    return _bgsage is not None and not _disabled


def set_disabled(disabled: bool) -> None:
    """Force the fallback path (tests, `--no-bgsage` in the arena)."""
    global _disabled
    _disabled = disabled


def analyzer(level: str, cubeful: bool) -> tuple[Any, threading.Lock]:
    """The shared analyzer for `level` ("1ply", "2ply", "3ply") and the lock to call it under."""
    key = (level, cubeful)
    with _lock:
        if key not in _analyzers:
            # The search runs on one thread: the bot shares a small machine.
            extra = {"parallel_threads": 1} if level != "1ply" else {}
            made = _bgsage.create_analyzer(level, cubeful=cubeful, **extra)
            _analyzers[key] = (made, threading.Lock())
        return _analyzers[key]


def board(position: Position) -> list[int]:
    """bgsage's board for `position`, from the side of the player on roll."""
    if position.variant is not Variant.SHORT:
        raise ValueError("bgsage plays short nard only")
    me, opp = position.me, position.opp
    out = [me[i] - opp[25 - i] for i in range(25)]
    out[0] = opp[BAR]
    out.append(me[BAR])
    return out


def scores(position: Position, dice: tuple[int, int], plays: list[Play], level: str,
           every_play: bool = False) -> np.ndarray:
    """bgsage's cubeless equity of each of our plays for the mover (higher is better).

    Above 1-ply bgsage searches only its best candidates and scores the others at 1-ply;
    `every_play` makes it search every play at `level` (for analysis). A play whose board
    bgsage did not list (which would be an engine disagreement) gets -inf, so it is never
    preferred to one bgsage ranked.
    """
    engine, lock = analyzer(level, cubeful=False)
    boards = [board(p.after.swapped()) for p in plays]
    force = boards if every_play and level != "1ply" else None
    with lock:
        result = engine.checker_play(board(position), dice[0], dice[1], force_boards=force)
    ranked = {tuple(m.board): m.equity for m in result.moves}
    return np.array([ranked.get(tuple(b), -np.inf) for b in boards])


def cube_action(
    position: Position, *, cube_value: int, cube_owner: str, away: tuple[int, int],
    crawford: bool, level: str,
) -> Any:
    """bgsage's cube analysis of `position` (the player on roll may double).

    Our rules, passed explicitly (docs/rules.md, "Matches and the doubling cube"): a single
    game with the cube is money play WITHOUT the Jacoby rule (mars and koks count with the
    cube centred) and WITHOUT beavers (the doubled player only takes or drops). bgsage's own
    defaults are the opposite; in match play it turns both off itself. Equities are per
    unit of the current cube value, from the side of the player on roll.
    """
    owner = {"me": "player", "opp": "opponent", "center": "centered"}[cube_owner]
    engine, lock = analyzer(level, cubeful=True)
    with lock:
        return engine.cube_action(board(position), cube_value, owner, away1=away[0],
                                  away2=away[1], is_crawford=crawford,
                                  jacoby=False, beaver=False)
