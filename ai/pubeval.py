"""Tesauro's pubeval: the classic linear benchmark evaluator for backgammon (short nard).

Weights are the ones Gerry Tesauro published with pubeval.c ("provided as a public service
to the backgammon programming community"); the encoding follows his `setx`. Separate weight
vectors are used for contact and race positions, the choice being made on the position
BEFORE the move, as the original requires.
"""

from __future__ import annotations

import numpy as np

from engine.movegen import Play
from engine.position import BAR, OFF, Position

# fmt: off
_RACE = np.array([
    .00000, -.17160, .27010, .29906, -.08471, .00000, -1.40375,
    -1.05121, .07217, -.01351, .00000, -1.29506, -2.16183, .13246,
    -1.03508, .00000, -2.29847, -2.34631, .17253, .08302, .00000,
    -1.27266, -2.87401, -.07456, -.34240, .00000, -1.34640, -2.46556,
    -.13022, -.01591, .00000, .27448, .60015, .48302, .25236, .00000,
    .39521, .68178, .05281, .09266, .00000, .24855, -.06844, -.37646,
    .05685, .00000, .17405, .00430, .74427, .00576, .00000, .12392,
    .31202, -.91035, -.16270, .00000, .01418, -.10839, -.02781, -.88035,
    .00000, 1.07274, 2.00366, 1.16242, .22520, .00000, .85631, 1.06349,
    1.49549, .18966, .00000, .37183, -.50352, -.14818, .12039, .00000,
    .13681, .13978, 1.11245, -.12707, .00000, -.22082, .20178, -.06285,
    -.52728, .00000, -.13597, -.19412, -.09308, -1.26062, .00000, 3.05454,
    5.16874, 1.50680, 5.35000, .00000, 2.19605, 3.85390, .88296, 2.30052,
    .00000, .92321, 1.08744, -.11696, -.78560, .00000, -.09795, -.83050,
    -1.09167, -4.94251, .00000, -1.00316, -3.66465, -2.56906, -9.67677,
    .00000, -2.77982, -7.26713, -3.40177, -12.32252, .00000, 3.42040,
])
_CONTACT = np.array([
    .25696, -.66937, -1.66135, -2.02487, -2.53398, -.16092, -1.11725,
    -1.06654, -.92830, -1.99558, -1.10388, -.80802, .09856, -.62086,
    -1.27999, -.59220, -.73667, .89032, -.38933, -1.59847, -1.50197,
    -.60966, 1.56166, -.47389, -1.80390, -.83425, -.97741, -1.41371,
    .24500, .10970, -1.36476, -1.05572, 1.15420, .11069, -.38319, -.74816,
    -.59244, .81116, -.39511, .11424, -.73169, -.56074, 1.09792, .15977,
    .13786, -1.18435, -.43363, 1.06169, -.21329, .04798, -.94373, -.22982,
    1.22737, -.13099, -.06295, -.75882, -.13658, 1.78389, .30416, .36797,
    -.69851, .13003, 1.23070, .40868, -.21081, -.64073, .31061, 1.59554,
    .65718, .25429, -.80789, .08240, 1.78964, .54304, .41174, -1.06161,
    .07851, 2.01451, .49786, .91936, -.90750, .05941, 1.83120, .58722,
    1.28777, -.83711, -.33248, 2.64983, .52698, .82132, -.58897, -1.18223,
    3.35809, .62017, .57353, -.07276, -.36214, 4.37655, .45481, .21746,
    .10504, -.61977, 3.54001, .04612, -.18108, .63211, -.87046, 2.47673,
    -.48016, -1.27157, .86505, -1.11342, 1.24612, -.82385, -2.77082,
    1.23606, -1.59529, .10438, -1.30206, -4.11520, 5.62596, -2.75800,
])
# fmt: on
WIN_SCORE = 99999999.0  # pubeval's score for a position with all 15 borne off


def is_race(position: Position) -> bool:
    """No contact left: every checker of mine is past every opposing one."""
    mine = [p for p in range(1, BAR + 1) if position.me[p]]
    theirs = [p for p in range(1, BAR + 1) if position.opp[p]]
    return not mine or not theirs or max(mine) + max(theirs) <= 25


def inputs(mover: tuple[int, ...], other: tuple[int, ...]) -> np.ndarray:
    """Tesauro's 122 inputs for the board after `mover`'s move (each side in own numbering).

    For each of the mover's points 24..1: one opposing blot, 1+ own, 2+ own, exactly 3 own,
    (n - 3) / 2 for n >= 4; then half the opponent's bar checkers; the mover's
    checkers off / 15. The mover's own bar is not an input (as in the original).
    """
    x = np.zeros(122)
    for j in range(1, 25):
        base = 5 * (j - 1)
        n = mover[25 - j]
        if n == 0 and other[j] == 1:  # the mover's point 25 - j is the opponent's j
            x[base] = 1.0
        elif n == 1:
            x[base + 1] = 1.0
        elif n >= 2:
            x[base + 2] = 1.0
            if n == 3:
                x[base + 3] = 1.0
            elif n >= 4:
                x[base + 4] = (n - 3) / 2.0
    x[120] = other[BAR] / 2.0  # the original: -pos[0] / 2 with pos[0] <= 0
    x[121] = mover[OFF] / 15.0
    return x


def score(after: Position, race: bool) -> float:
    """pubeval's score of a resulting position for the player who just moved."""
    mover, other = after.opp, after.me
    if mover[OFF] == 15:
        return WIN_SCORE
    return float((_RACE if race else _CONTACT) @ inputs(mover, other))


def scores(position: Position, plays: list[Play]) -> np.ndarray:
    race = is_race(position)
    return np.array([score(p.after, race) for p in plays])
