"""Position IDs (checked against GNU Backgammon's own code when present) and long codes."""

from __future__ import annotations

import pytest

from engine.codes import from_long_code, from_position_id, long_code, position_id
from engine.errors import PositionError
from engine.position import Position
from engine.randomplay import random_positions


def side(**points: int) -> list[int]:
    counts = [0] * 26
    for name, n in points.items():
        counts[{"bar": 25}.get(name) or int(name.lstrip("p"))] = n
    counts[0] = 15 - sum(counts)
    return counts


def test_opening_id_is_the_well_known_one() -> None:
    assert position_id(Position.initial("short")) == "4HPwATDgc/ABMA"
    assert from_position_id("4HPwATDgc/ABMA") == Position.initial("short")


def test_the_side_not_on_roll_is_encoded_first() -> None:
    # Opponent: one checker on its point 1; on roll: two on point 6 (values from gnubg).
    position = Position("short", side(p6=2), side(p1=1))
    assert position_id(position) == "AQAAgAEAAAAAAA"
    assert position_id(position.swapped()) == "YAAACAAAAAAAAA"


@pytest.mark.parametrize("bad", ["", "4HPwATDgc/ABM", "!!!!!!!!!!!!!!", "//////////////", 42])
def test_bad_ids_are_position_errors(bad: object) -> None:
    with pytest.raises(PositionError):
        from_position_id(bad)  # type: ignore[arg-type]


def test_long_code_keeps_the_first_turn_flag() -> None:
    start = Position.initial("long")
    assert from_long_code(long_code(start, first_turn=True)) == (start, True)
    assert from_long_code(long_code(start)) == (start, False)
    with pytest.raises(PositionError):
        long_code(Position.initial("short"))
    with pytest.raises(PositionError):
        from_long_code("4HPwATDgc/ABMA")


def test_ids_agree_with_gnubg() -> None:
    gnubg_nn = pytest.importorskip("gnubg_nn")
    for position, _, _ in random_positions("short", 300, seed=7):
        # gnubg boards: [side not on roll, side on roll], points 1..24 then the bar.
        board = [list(position.opp[1:26]), list(position.me[1:26])]
        assert position_id(position) == gnubg_nn.position_id(board)
        assert from_position_id(gnubg_nn.position_id(board)) == position
