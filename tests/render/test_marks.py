"""Marked moves: several moves since the viewer's last turn, and ghosts that are outlines."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.position import Position
from render import Scene, render_board, theme
from render import geometry as g
from render.samples import MIDGAME, TWO_MOVES
from testkit.pixels import decode, near

# The computer played 13/7* 8/4, the viewer passed, the computer played 13/5. In the
# viewer's numbers: 12 -> 18 (hitting), 17 -> 21, then 12 -> 20.
EARLIER, LATER = ((13, 7), (8, 4)), ((13, 5),)
BOTH = Scene(TWO_MOVES, moves=((EARLIER, False), (LATER, False)))


def _ring(image, center, offset):
    x, y = center
    return image.getpixel((x + offset, y))


def _top(position: Position, point: int) -> tuple[int, int]:
    """The top disc of the opponent's stack on viewer point `point` (short nard)."""
    return g.checker_center(point, min(position.opp[25 - point], g.MAX_STACK) - 1)


def test_every_move_since_the_viewers_turn_is_marked_the_older_fainter():
    image = decode(render_board(BOTH))
    # The newer move: bright amber ring where it arrived.
    assert near(_ring(image, _top(TWO_MOVES, 20), g.CHECKER_R + 2), theme.LAST_MOVE, 30)
    # The older move, the hit included: fainter amber rings on 18 (the hitter) and 21.
    for point in (18, 21):
        pixel = _ring(image, _top(TWO_MOVES, point), g.CHECKER_R + 2)
        assert near(pixel, theme.LAST_MOVE_OLD, 30), point
        assert not near(pixel, theme.LAST_MOVE, 40), point
    # Where they left: both moves left 12 (two ghosts), the older one also 17.
    count = TWO_MOVES.opp[13]
    newer, older = g.checker_center(12, count), g.checker_center(12, count + 1)
    assert near(_ring(image, newer, g.CHECKER_R - 5), theme.LAST_MOVE, 40)
    assert near(_ring(image, older, g.CHECKER_R - 5), theme.LAST_MOVE_OLD, 40)
    assert near(_ring(image, g.checker_center(17, TWO_MOVES.opp[8]), g.CHECKER_R - 5),
                theme.LAST_MOVE_OLD, 40)
    # Point numbers: 20 badged bright (filled), 18 and 21 faint (filled).
    for point, color in ((20, theme.LAST_MOVE), (18, theme.LAST_MOVE_OLD),
                         (21, theme.LAST_MOVE_OLD)):
        x, y = g.label_center(point)
        assert near(image.getpixel((x - 18, y)), color, 30), point


def test_only_the_last_move_is_marked_when_given_alone():
    image = decode(render_board(Scene(TWO_MOVES, last_move=LATER)))
    assert near(_ring(image, _top(TWO_MOVES, 20), g.CHECKER_R + 2), theme.LAST_MOVE, 30)
    for point in (18, 21):
        pixel = _ring(image, _top(TWO_MOVES, point), g.CHECKER_R + 2)
        assert not near(pixel, theme.LAST_MOVE_OLD, 40) and not near(pixel, theme.LAST_MOVE, 40)


def test_moves_with_one_move_draw_like_last_move():
    one = Scene(MIDGAME, moves=((((13, 7), (8, 4)), False),))
    assert render_board(one) == render_board(Scene(MIDGAME, last_move=((13, 7), (8, 4))))


def test_a_checker_that_moved_on_marks_only_its_start_and_where_it_stands():
    # The opponent played 13/7, then the same checker 7/3: viewer points 12 -> 18 -> 22.
    position = Position("short", MIDGAME.me, _moved(MIDGAME.opp, (13, 3)))
    scene = Scene(position, moves=((((13, 7),), False), (((7, 3),), False)))
    image = decode(render_board(scene))
    assert near(_ring(image, _top(position, 22), g.CHECKER_R + 2), theme.LAST_MOVE, 30)
    x, y = g.label_center(18)
    assert not near(image.getpixel((x - 18, y)), theme.LAST_MOVE_OLD, 40)  # passed through
    ghost = g.checker_center(12, position.opp[13])
    assert near(_ring(image, ghost, g.CHECKER_R - 5), theme.LAST_MOVE_OLD, 40)


def _moved(side: tuple[int, ...], move: tuple[int, int]) -> list[int]:
    out = list(side)
    out[move[0]] -= 1
    out[move[1]] += 1
    return out


@pytest.mark.parametrize("where", ["point", "bar"])
def test_the_ghost_where_a_checker_left_is_an_outline_only(where: str):
    if where == "point":  # the opponent left its 8 (the viewer's 17, a cream point)
        scene = Scene(MIDGAME, last_move=((13, 7), (8, 4)))
        center = g.checker_center(17, MIDGAME.opp[8])
    else:  # the viewer entered from the bar: the ghost stands on the walnut bar
        position = Position("short", _moved(MIDGAME.me, (25, 23)), MIDGAME.opp)
        scene = Scene(position, last_move=((25, 23),), last_move_by_viewer=True)
        center = g.bar_center("viewer", 0)
    image = decode(render_board(scene))
    unmarked = decode(render_board(replace(scene, last_move=())))
    x, y = center
    # Inside the dashed circle the picture is what it is with no mark: no fill, no tint.
    inside = [(x + dx, y + dy) for dx in range(-16, 17) for dy in range(-16, 17)
              if dx * dx + dy * dy <= 16 * 16]  # the dashes and their edge: radius 19..27
    assert [image.getpixel(p) for p in inside] == [unmarked.getpixel(p) for p in inside]
    assert not near(image.getpixel(center), theme.LAST_MOVE, 150)
    # ... and the outline is there.
    assert near(_ring(image, center, g.CHECKER_R - 5), theme.LAST_MOVE, 40)


def test_the_turn_being_built_is_marked_beside_the_opponents_last_move():
    # The opponent's 13/5 (viewer 12 -> 20) stays the bright amber move; the viewer's step
    # 8/5, taken so far, is marked in the step interface's colour.
    scene = Scene(TWO_MOVES, moves=((LATER, False),), built=((8, 5),))
    image = decode(render_board(scene))
    assert near(_ring(image, _top(TWO_MOVES, 20), g.CHECKER_R + 2), theme.LAST_MOVE, 30)
    arrived = g.checker_center(5, TWO_MOVES.me[5] - 1)
    assert near(_ring(image, arrived, g.CHECKER_R + 2), theme.STEP, 30)
    left = g.checker_center(8, TWO_MOVES.me[8])
    assert near(_ring(image, left, g.CHECKER_R - 5), theme.STEP, 40)
    x, y = g.label_center(5)
    assert near(image.getpixel((x - 18, y)), theme.STEP, 30)
