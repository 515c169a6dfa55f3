"""One-sided bear-off database: every position of up to 15 checkers on the six home points.

A side whose checkers are all home (or off) bears off the same way in both variants, and
without contact it does so alone: its chances depend only on its own checkers. For each of
the C(21, 6) = 54,264 such positions the database holds, under the play that minimises the
expected number of turns (GNU Backgammon's one-sided database does the same):

* `finish`: the distribution of the number of turns (rolls of its own) to bear off all;
* `first_off` (positions with all 15 checkers on the board): the distribution of the number
  of turns to bear off the FIRST checker, under the play that minimises that. This decides
  mars: a side with nothing off is marsed when the other finishes first.

Two one-sided distributions give exact race chances (`race_probabilities`): with me on roll,
I win when I finish in no more turns than the opponent needs minus one. The whole race is
exact whenever both sides are in the database and no contact remains.

Built with `python -m ai.bearoff` (about a minute; the file is cached next to the weights,
or under NARD_AI_BEAROFF if set), or at first use when the file is missing.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import threading
import time
from itertools import combinations
from pathlib import Path

import numpy as np

from engine.position import BAR, CHECKERS, OFF, Position, Variant

HOME = 6
MAX_TURNS = 32  # the longest bear-off (15 checkers on the 6-point) needs at most 30 turns
FORMAT = 1
_lock = threading.Lock()
_db: BearoffDB | None = None

Board = tuple[int, ...]  # checkers on points 1..6 (six counts)


def db_path() -> Path:
    env = os.environ.get("NARD_AI_BEAROFF")
    return Path(env) if env else Path(__file__).parent / "weights" / "bearoff.npz"


def all_boards() -> list[Board]:
    """Every home board of 0..15 checkers, fewest pips first (moves only lower the pips)."""
    boards = []
    for bars in combinations(range(21), 6):  # stars and bars: 15 checkers + 6 separators
        counts, prev = [], -1
        for b in bars:
            counts.append(b - prev - 1)
            prev = b
        boards.append(tuple(counts))
    return sorted(boards, key=lambda b: (sum((i + 1) * n for i, n in enumerate(b)), b))


def _die_moves(board: Board, die: int) -> set[Board]:
    """Every legal single move of `die` in the bear-off (some checker always can move)."""
    out = set()
    b = list(board)
    if b[die - 1]:  # bear off from the die's own point
        b[die - 1] -= 1
        out.add(tuple(b))
        b[die - 1] += 1
    higher = False
    for p in range(die + 1, HOME + 1):
        if b[p - 1]:
            higher = True
            b[p - 1] -= 1
            b[p - 1 - die] += 1
            out.add(tuple(b))
            b[p - 1 - die] += -1
            b[p - 1] += 1
    if not higher and not b[die - 1]:  # nothing on the die's point or above: the highest
        for p in range(die - 1, 0, -1):
            if b[p - 1]:
                b[p - 1] -= 1
                out.add(tuple(b))
                break
    return out


def results(board: Board, dice: tuple[int, int]) -> set[Board]:
    """Boards after a full move. Every die can be played while a checker remains, so the
    full-move rules come down to: play all dice (or finish)."""
    d1, d2 = dice
    orders = [(d1,) * 4] if d1 == d2 else [(d1, d2), (d2, d1)]
    out: set[Board] = set()
    for order in orders:
        level = {board}
        for die in order:
            nxt: set[Board] = set()
            for b in level:
                if sum(b):
                    nxt |= _die_moves(b, die)
                else:
                    nxt.add(b)
            level = nxt
        out |= level
    return out


ROLLS = [((d1, d2), 1 if d1 == d2 else 2) for d1 in range(1, 7) for d2 in range(d1, 7)]


class BearoffDB:
    """The tables, indexed by `index[board]`."""

    def __init__(self, boards: list[Board], finish: np.ndarray, first_off: np.ndarray):
        self.boards = boards
        self.index = {b: i for i, b in enumerate(boards)}
        self.finish = finish  # (N, MAX_TURNS) P(all off after exactly t turns)
        self.first_off = first_off  # (N, MAX_TURNS), rows of 15-checker boards only
        self.mean_finish = finish @ np.arange(MAX_TURNS)
        self.mean_first = first_off @ np.arange(MAX_TURNS)

    @classmethod
    def build(cls, log=None) -> BearoffDB:
        boards = all_boards()
        index = {b: i for i, b in enumerate(boards)}
        n = len(boards)
        finish = np.zeros((n, MAX_TURNS))
        first = np.zeros((n, MAX_TURNS))
        mean_f = np.zeros(n)
        mean_1 = np.zeros(n)
        finish[index[(0,) * 6], 0] = 1.0
        start = time.perf_counter()
        for i, board in enumerate(boards):
            if not sum(board):
                continue
            full = sum(board) == CHECKERS
            acc_f = np.zeros(MAX_TURNS)
            acc_1 = np.zeros(MAX_TURNS)
            for dice, w in ROLLS:
                outs = [index[r] for r in results(board, dice)]
                best = min(outs, key=mean_f.__getitem__)
                acc_f[1:] += w * finish[best, :-1]
                if full:
                    # A result with a checker off ends the wait for the first one at once.
                    if any(sum(r) < CHECKERS for r in (boards[j] for j in outs)):
                        acc_1[1] += w
                    else:
                        best1 = min(outs, key=mean_1.__getitem__)
                        acc_1[1:] += w * first[best1, :-1]
            finish[i] = acc_f / 36.0
            finish[i, -1] += 1.0 - finish[i].sum()  # keep the (tiny) tail in the last slot
            mean_f[i] = finish[i] @ np.arange(MAX_TURNS)
            if full:
                first[i] = acc_1 / 36.0
                mean_1[i] = first[i] @ np.arange(MAX_TURNS)
            if log and i % 10000 == 0:
                log(f"{i}/{n} boards, {time.perf_counter() - start:.0f} s")
        return cls(boards, finish, first)

    def save(self, path: Path) -> None:
        # 16-bit fixed point keeps the file small; rows are renormalised on loading.
        q = lambda a: np.round(a * 65535).astype(np.uint16)  # noqa: E731
        tmp = path.with_name(path.stem + ".tmp.npz")
        np.savez_compressed(tmp, format=FORMAT, finish=q(self.finish),
                            first_off=q(self.first_off[self._full_rows()]))
        tmp.replace(path)

    def _full_rows(self) -> np.ndarray:
        return np.array([sum(b) == CHECKERS for b in self.boards])

    @classmethod
    def load(cls, path: Path) -> BearoffDB:
        boards = all_boards()
        with np.load(path) as data:
            if int(data["format"]) != FORMAT:
                raise ValueError("old bear-off database format")
            finish = data["finish"].astype(np.float64) / 65535
            full = data["first_off"].astype(np.float64) / 65535
        first = np.zeros_like(finish)
        first[np.array([sum(b) == CHECKERS for b in boards])] = full
        for table in (finish, first):
            sums = table.sum(axis=1, keepdims=True)
            np.divide(table, sums, out=table, where=sums > 0)
        return cls(boards, finish, first)

    # -- lookups ------------------------------------------------------------------------

    def finish_dist(self, side: tuple[int, ...]) -> np.ndarray:
        return self.finish[self.index[tuple(side[1:7])]]

    def first_off_dist(self, side: tuple[int, ...]) -> np.ndarray:
        """Turns to the first checker off; all zeros but t = 0 once one is off."""
        if side[OFF]:
            out = np.zeros(MAX_TURNS)
            out[0] = 1.0
            return out
        return self.first_off[self.index[tuple(side[1:7])]]


def database() -> BearoffDB:
    """The database, loaded (or built and saved) once per process."""
    global _db
    if _db is None:
        with _lock:
            if _db is None:
                path = db_path()
                if path.exists():
                    _db = BearoffDB.load(path)
                else:
                    db = BearoffDB.build()
                    with contextlib.suppress(OSError):  # read-only: keep it in memory
                        db.save(path)
                    _db = BearoffDB.load(path) if path.exists() else db
    return _db


# -- when the database decides a position ---------------------------------------------------


def all_home(side: tuple[int, ...]) -> bool:
    return not any(side[7:BAR + 1])


def no_contact(position: Position) -> bool:
    """No checker can meet an opposing one again.

    Short nard: every checker of mine is past every opposing one. Long nard (both sides
    travel the same way, heads 12 points apart): all of my checkers are on my points 1-12
    and all of the opponent's on its 1-12, each side past the other's start.
    """
    me, opp = position.me, position.opp
    if position.variant is Variant.LONG:
        return not any(me[13:25]) and not any(opp[13:25])
    mine = max((p for p in range(1, BAR + 1) if me[p]), default=0)
    theirs = max((p for p in range(1, BAR + 1) if opp[p]), default=0)
    return mine + theirs <= 25


def is_exact(position: Position) -> bool:
    """Both sides home (or off) and apart: the database plays and scores it exactly."""
    return all_home(position.me) and all_home(position.opp) and no_contact(position)


def _at_least(dist: np.ndarray) -> np.ndarray:
    """P(T >= t) for t = 0..MAX_TURNS-1."""
    return dist[::-1].cumsum()[::-1]


def race_probabilities(position: Position) -> np.ndarray:
    """Exact cubeless probabilities for the player on roll of a database race, in the
    network's five outputs: win, win mars, win koks (home mars), lose mars, lose koks.

    I am on roll, so my t-th turn comes before the opponent's t-th: I win when I finish at
    my turn t and the opponent needs t or more. I win a mars when the opponent's FIRST
    checker would need t turns or more; I lose a mars when it bears off all before my first
    is off. No koks in such a race (nobody is on the bar or in the other's home); in long
    nard every such mars is a home mars (all 15 of the loser at home).
    """
    db = database()
    me_f, opp_f = db.finish_dist(position.me), db.finish_dist(position.opp)
    opp_ge = _at_least(opp_f)
    win = float(me_f @ opp_ge)
    win_mars = 0.0
    if not position.opp[OFF]:
        win_mars = float(me_f @ _at_least(db.first_off_dist(position.opp)))
    lose_mars = 0.0
    if not position.me[OFF]:
        # The opponent finishes at its turn t, after my t turns: I am marsed when my first
        # checker needs more than t turns.
        me_first_gt = np.append(_at_least(db.first_off_dist(position.me))[1:], 0.0)
        lose_mars = float(opp_f @ me_first_gt)
    home = position.variant is Variant.LONG
    return np.array([win, win_mars, win_mars if home else 0.0, lose_mars,
                     lose_mars if home else 0.0])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.bearoff",
                                     description="Build the one-sided bear-off database.")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    out = args.out or db_path()
    start = time.perf_counter()
    db = BearoffDB.build(log=lambda m: print(m, flush=True))
    db.save(out)
    print(f"{len(db.boards)} boards in {time.perf_counter() - start:.0f} s -> {out} "
          f"({out.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
