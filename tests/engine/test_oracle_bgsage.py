"""Cross-check with Open Sage: the same resulting positions on 2,500 random-play positions."""

from __future__ import annotations

import pytest

from engine.movegen import legal_moves
from engine.position import Position
from engine.randomplay import random_positions

bgsage = pytest.importorskip("bgsage", reason="bgsage has wheels for this CI platform")


def sage_board(position: Position) -> list[int]:
    """Open Sage's board: 26 signed ints from the mover's side (index 0 = opponent's bar)."""
    board = [0] * 26
    for point in range(1, 25):
        board[point] = position.me[point] - position.opp[25 - point]
    board[25] = position.me[25]
    board[0] = position.opp[25]
    return board


def test_sage_board_of_the_opening() -> None:
    assert sage_board(Position.initial("short")) == bgsage.STARTING_BOARD


@pytest.mark.parametrize("seed", range(5))
def test_same_results_as_open_sage(seed: int) -> None:
    checked = 0
    for position, dice, _ in random_positions("short", 500, seed=seed):
        ours = {tuple(sage_board(play.after.swapped())) for play in legal_moves(position, dice)}
        theirs = {tuple(board) for board in bgsage.possible_moves(sage_board(position), *dice)}
        if not ours:  # we say "pass"; Open Sage returns nothing or the unchanged board
            ours = {tuple(sage_board(position))}
            theirs = theirs or ours
        assert ours == theirs, (position, dice)
        checked += 1
    assert checked == 500
