"""The board's geometry and colours for the web page, from the picture's own modules.

The SVG board draws from these numbers, so it has the PNG board's geometry and colours
(home bottom right, points numbered for the viewer) by construction: `render.geometry`
places everything on the picture and `render.theme` colours it. Sent once per session.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TypeVar

from render import geometry as g
from render import theme
from web.schema import Layout, LayoutPoint, Sides

Side = g.Side
T = TypeVar("T")


def _sides(of: Callable[[Side], T]) -> Sides[T]:
    return {"viewer": of("viewer"), "opponent": of("opponent")}


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


@cache
def layout() -> Layout:
    """Everything the page needs to draw a board, in the picture's pixels."""
    points: dict[str, LayoutPoint] = {}
    for point in range(1, 25):
        points[str(point)] = {
            "triangle": [[round(x, 1), round(y, 1)] for x, y in g.triangle(point)],
            "stack": [list(g.checker_center(point, k)) for k in range(g.MAX_STACK)],
            "label": list(g.label_center(point)),
            "top": g.is_top(point),
            "dark": point % 2 == 0,
        }
    return {
        "width": g.WIDTH, "height": g.HEIGHT,
        "checker_r": g.CHECKER_R, "max_stack": g.MAX_STACK, "point_w": g.POINT_W,
        "die": g.DIE, "cube": g.CUBE, "slab_h": g.SLAB_H,
        "frame": [0, g.HEADER_H, g.WIDTH, g.FOOTER_Y + 0],
        "field": [g.LEFT_X, g.FIELD_Y, g.BOARD_X1, g.FIELD_Y1],
        "bar_x": [g.BAR_X, g.RIGHT_X],
        "mid_y": g.MID_Y,
        "points": points,
        "bar": _sides(lambda side: [list(g.bar_center(side, k)) for k in range(g.MAX_STACK)]),
        "tray": _sides(lambda side: list(g.tray_box(side))),
        "slabs": _sides(lambda side: [list(g.slab_box(side, k)) for k in range(15)]),
        "tray_count": _sides(lambda side: list(g.tray_count_center(side))),
        "dice": {"viewer": [list(c) for c in g.die_centers(2, True)],
                 "opponent": [list(c) for c in g.die_centers(2, False)],
                 "viewer4": [list(c) for c in g.die_centers(4, True)],
                 "opponent4": [list(c) for c in g.die_centers(4, False)]},
        "cube_at": {"viewer": list(g.cube_center("viewer")),
                    "opponent": list(g.cube_center("opponent")),
                    "center": list(g.cube_center("center"))},
        "bands": _sides(lambda side: list(g.band_box(side))),
        "result": list(g.result_box()),
        "colors": {
            "band": _hex(theme.BAND), "band_text": _hex(theme.BAND_TEXT),
            "band_muted": _hex(theme.BAND_MUTED), "frame": _hex(theme.FRAME),
            "frame_edge": _hex(theme.FRAME_EDGE), "frame_text": _hex(theme.FRAME_TEXT),
            "field": _hex(theme.FIELD), "point_light": _hex(theme.POINT_LIGHT),
            "point_dark": _hex(theme.POINT_DARK), "tray": _hex(theme.TRAY),
            "last_move": _hex(theme.LAST_MOVE), "last_move_old": _hex(theme.LAST_MOVE_OLD),
            "step": _hex(theme.STEP), "score": _hex(theme.SCORE),
            "cube_face": _hex(theme.CUBE_FACE), "cube_text": _hex(theme.CUBE_TEXT),
            "cross": _hex(theme.CROSS),
            "checker": {color: [_hex(c) for c in parts]
                        for color, parts in theme.CHECKER.items()},
            "die": {color: [_hex(c) for c in parts] for color, parts in theme.DIE.items()},
        },
    }
