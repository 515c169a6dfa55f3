"""The mistake board: the move played (orange) and the best move (blue) drawn as arrows."""

from __future__ import annotations

import pytest

from engine.position import Position
from render import Scene, render_mistake, theme
from render import geometry as g
from testkit.pixels import decode, near

OPENING = Scene(Position.initial("short"), dice=(6, 1), names=("Oʻktam", "Алишер"))


def _count(image, color, box, tolerance=30) -> int:
    x0, y0, x1, y1 = box
    return sum(near(image.getpixel((x, y)), color, tolerance)
               for x in range(x0, x1, 2) for y in range(y0, y1, 2))


def _around(center, r=14):
    x, y = center
    return x - r, y - r, x + r, y + r


def test_both_moves_are_drawn_in_their_colours_where_they_go():
    image = decode(render_mistake(OPENING, played="24/23 13/7", best="13/7 8/7"))
    assert image.size[0] == g.WIDTH and image.size[1] > g.HEIGHT  # the legend below
    board = (0, 0, g.WIDTH, g.HEIGHT)
    assert _count(image, theme.PLAYED, board) > 300
    assert _count(image, theme.BEST, board) > 300
    # Played 24/23: an orange arrowhead on 23, no blue there.
    assert _count(image, theme.PLAYED, _around(g.checker_center(23, 0))) > 5
    assert _count(image, theme.BEST, _around(g.checker_center(23, 0))) == 0
    # Best 8/7 lands second on 7: blue there; the 6 point, which neither move uses, is bare.
    assert _count(image, theme.BEST, _around(g.checker_center(7, 1))) > 5
    six = _around(g.checker_center(6, 2), 20)
    assert _count(image, theme.PLAYED, six) == _count(image, theme.BEST, six) == 0
    # The legend: a sample arrow of each colour under the board.
    legend = (0, g.HEIGHT, 120, image.size[1])
    assert _count(image, theme.PLAYED, legend) > 20 and _count(image, theme.BEST, legend) > 20


def test_a_part_both_moves_share_shows_in_both_colours():
    # Both play 13/7: the two arrows bend to opposite sides, so both colours show.
    image = decode(render_mistake(OPENING, played="13/7 24/23", best="13/7 8/7"))
    start, end = g.checker_center(13, 4), g.checker_center(7, 0)
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    box = _around(mid, 60)
    assert _count(image, theme.PLAYED, box) > 20 and _count(image, theme.BEST, box) > 20


def test_moves_may_be_notation_or_segments():
    by_text = render_mistake(OPENING, played="24/23 13/7", best="13/7 8/7")
    by_segments = render_mistake(OPENING, played=[(24, 23), (13, 7)], best=((13, 7), (8, 7)))
    assert by_text == by_segments
    with pytest.raises(ValueError):
        render_mistake(OPENING, played=[(3, 7)], best="13/7 8/7")


def test_earlier_marks_are_left_out_and_the_picture_is_small():
    marked = Scene(OPENING.position, dice=(6, 1), last_move=((13, 7),), caption="◷ 1:00")
    data = render_mistake(marked, played="24/23 13/7", best="13/7 8/7")
    assert data == render_mistake(Scene(OPENING.position, dice=(6, 1)),
                                  played="24/23 13/7", best="13/7 8/7")
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) < 120_000
