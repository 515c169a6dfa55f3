"""Where everything sits on the board picture, in pixels.

One layout for both variants, in the VIEWER's numbering: points 1..6 bottom right (1 at the
far right), 7..12 bottom left, 13..18 top left, 19..24 top right, the bar in the middle, the
borne-off trays on the right (the opponent's on top, the viewer's below), the cube column on
the left. Everything the viewer owns sits in the bottom half: their bar checkers, their tray,
their name. Tests use these functions to sample the picture where a checker must or must not
be, so the drawing code uses nothing else to place things.
"""

from __future__ import annotations

import functools
from typing import Literal

Side = Literal["viewer", "opponent"]
Box = tuple[int, int, int, int]  # x0, y0, x1, y1 (x1, y1 exclusive)

POINT_W = 60  # one point column
CHECKER_R = 28  # checker radius: 56 px discs leave a 4 px gap between columns
STACK_STEP = 2 * CHECKER_R
MAX_STACK = 5  # discs drawn per point; a taller stack shows its count on the fifth
HALF_W = 6 * POINT_W
BAR_W = 64
CUBE_COL_W = 56  # the left frame, wide enough for the cube
TRAY_W = 76

LEFT_X = CUBE_COL_W  # left edge of points 12/13
BAR_X = LEFT_X + HALF_W
RIGHT_X = BAR_X + BAR_W  # left edge of points 6/19
BOARD_X1 = RIGHT_X + HALF_W
TRAY_X = BOARD_X1 + 12
WIDTH = TRAY_X + TRAY_W + 16

HEADER_H = 64  # the opponent's name band
STRIP_H = 36  # point numbers on the frame
HALF_H = MAX_STACK * STACK_STEP + 8
MID_H = 80  # the gap between the rows: dice and caption
FIELD_Y = HEADER_H + STRIP_H
MID_Y0 = FIELD_Y + HALF_H
MID_Y1 = MID_Y0 + MID_H
MID_Y = (MID_Y0 + MID_Y1) // 2
FIELD_Y1 = MID_Y1 + HALF_H
FOOTER_Y = FIELD_Y1 + STRIP_H  # the viewer's name band
HEIGHT = FOOTER_Y + HEADER_H

DIE = 52
DIE_STEP = 64
CUBE = 46
SLAB_H = 17  # a borne-off checker seen edge-on
SLAB_STEP = 18

_BAR_CX = BAR_X + BAR_W // 2
_TRIANGLE_H = HALF_H - 40


def _check_point(point: int) -> None:
    if not 1 <= point <= 24:
        raise ValueError(f"not a point 1..24: {point}")


def is_top(point: int) -> bool:
    """Points 13..24 hang from the top edge."""
    _check_point(point)
    return point >= 13


def point_x(point: int) -> int:
    """Centre x of the column of viewer point `point`."""
    _check_point(point)
    column = point - 13 if point >= 13 else 12 - point  # 0 = far left
    left = LEFT_X + column * POINT_W + (BAR_W if column >= 6 else 0)
    return left + POINT_W // 2


def _stack_y(top: bool, k: int) -> int:
    if not 0 <= k < MAX_STACK:
        raise ValueError(f"only {MAX_STACK} discs are drawn per stack: k={k}")
    if top:
        return FIELD_Y + 2 + CHECKER_R + k * STACK_STEP
    return FIELD_Y1 - 2 - CHECKER_R - k * STACK_STEP


def checker_center(point: int, k: int) -> tuple[int, int]:
    """Centre of the k-th disc (0 = at the edge) on viewer point `point` (1..24)."""
    return point_x(point), _stack_y(is_top(point), k)


def bar_center(side: Side, k: int) -> tuple[int, int]:
    """Centre of the k-th bar disc of `side`; stacks grow from the middle outwards."""
    if not 0 <= k < MAX_STACK:
        raise ValueError(f"only {MAX_STACK} discs are drawn per stack: k={k}")
    if side == "viewer":
        return _BAR_CX, MID_Y1 + 2 + CHECKER_R + k * STACK_STEP
    return _BAR_CX, MID_Y0 - 2 - CHECKER_R - k * STACK_STEP


@functools.cache
def stack_centers(side: Side, point: int) -> tuple[tuple[int, int], ...]:
    """The disc centres of a stack on viewer point `point`, or on `side`'s bar (25)."""
    if point == 25:
        return tuple(bar_center(side, k) for k in range(MAX_STACK))
    return tuple(checker_center(point, k) for k in range(MAX_STACK))


def triangle(point: int) -> list[tuple[float, float]]:
    """The three corners of a point's triangle."""
    x = point_x(point)
    half = POINT_W / 2
    if is_top(point):
        return [(x - half, FIELD_Y), (x + half, FIELD_Y), (x, FIELD_Y + _TRIANGLE_H)]
    return [(x - half, FIELD_Y1), (x + half, FIELD_Y1), (x, FIELD_Y1 - _TRIANGLE_H)]


def label_center(point: int) -> tuple[int, int]:
    """Centre of the point number printed on the frame beyond the point's base."""
    y = HEADER_H + STRIP_H // 2 if is_top(point) else FIELD_Y1 + STRIP_H // 2
    return point_x(point), y


def tray_box(side: Side) -> Box:
    """The borne-off tray of `side`: the opponent's beside the top row, the viewer's below."""
    if side == "viewer":
        return TRAY_X, MID_Y1, TRAY_X + TRAY_W, FIELD_Y1
    return TRAY_X, FIELD_Y, TRAY_X + TRAY_W, MID_Y0


def slab_box(side: Side, k: int) -> Box:
    """The k-th borne-off checker (0 = at the tray's outer end)."""
    if not 0 <= k < 15:
        raise ValueError(f"a side has 15 checkers: k={k}")
    x0, y0, x1, y1 = tray_box(side)
    if side == "viewer":
        bottom = y1 - 5 - k * SLAB_STEP
        return x0 + 8, bottom - SLAB_H, x1 - 8, bottom
    top = y0 + 5 + k * SLAB_STEP
    return x0 + 8, top, x1 - 8, top + SLAB_H


TRAY_EDGE = 3  # the frame drawn round a tray
COUNT_W, COUNT_H = 52, 26  # the borne-off count's badge


def tray_count_box(side: Side) -> Box:
    """The borne-off count's badge: on the frame beyond the tray's outer end, in the row of
    point numbers (the opponent's above its tray, the viewer's below), clear of the tray."""
    cx = TRAY_X + TRAY_W // 2
    cy = HEADER_H + STRIP_H // 2 if side == "opponent" else FIELD_Y1 + STRIP_H // 2
    cy += -2 if side == "opponent" else 2  # a little away from the tray's frame
    return cx - COUNT_W // 2, cy - COUNT_H // 2, cx + COUNT_W // 2, cy + COUNT_H // 2


def tray_count_center(side: Side) -> tuple[int, int]:
    """Where the borne-off count is printed (the centre of its badge)."""
    x0, y0, x1, y1 = tray_count_box(side)
    return (x0 + x1) // 2, (y0 + y1) // 2


def die_centers(count: int, viewer_side: bool) -> list[tuple[int, int]]:
    """Dice lie in the middle gap of the mover's half: right for the viewer, left otherwise."""
    cx = RIGHT_X + HALF_W // 2 if viewer_side else LEFT_X + HALF_W // 2
    return [(round(cx + (i - (count - 1) / 2) * DIE_STEP), MID_Y) for i in range(count)]


def caption_center(viewer_side: bool) -> tuple[int, int]:
    """The caption takes the half the dice leave free."""
    return (LEFT_X + HALF_W // 2 if viewer_side else RIGHT_X + HALF_W // 2), MID_Y


def cube_center(owner: str) -> tuple[int, int]:
    """A centred cube sits level with the middle gap, an owned one beside its owner's row."""
    x = CUBE_COL_W // 2
    if owner == "viewer":
        return x, FIELD_Y1 - CUBE // 2 - 6
    if owner == "opponent":
        return x, FIELD_Y + CUBE // 2 + 6
    return x, MID_Y


OFFER_SHIFT = 6  # how far an offered cube is pushed towards the player it is offered to
OFFER_ARROW_DX = 64  # the chevrons either side of an offered cube


def offered_cube_center(side: Side, viewer_half: bool) -> tuple[int, int]:
    """An offered double lies in the middle gap where the dice would be (no dice are rolled
    while it is on offer; `viewer_half` as for die_centers), pushed towards `side`, the
    player who must take or drop it (the viewer below, the opponent above)."""
    x = die_centers(1, viewer_half)[0][0]
    return x, MID_Y + (OFFER_SHIFT if side == "viewer" else -OFFER_SHIFT)


def offer_arrows(side: Side, viewer_half: bool) -> list[list[tuple[int, int]]]:
    """The two chevrons beside an offered cube, pointing towards `side`."""
    cx, _ = offered_cube_center(side, viewer_half)
    down = side == "viewer"
    base, tip = (MID_Y - 9, MID_Y + 13) if down else (MID_Y + 9, MID_Y - 13)
    return [[(x - 17, base), (x + 17, base), (x, tip)]
            for x in (cx - OFFER_ARROW_DX, cx + OFFER_ARROW_DX)]


def result_box() -> Box:
    """The result banner of a finished game: across the middle gap of the whole field."""
    return LEFT_X + 6, MID_Y0 + 5, BOARD_X1 - 6, MID_Y1 - 5


def band_box(side: Side) -> Box:
    """The name band: the opponent's above the board, the viewer's below."""
    if side == "viewer":
        return 0, FOOTER_Y, WIDTH, HEIGHT
    return 0, 0, WIDTH, HEADER_H
