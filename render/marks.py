"""Highlights: the last move (amber) and the step interface (cyan).

The last move is given in the mover's numbering; it is shown in the viewer's: a ring round
the checkers that arrived, a hollow ghost where checkers left, and the point numbers
badged, so '12 → 18' can be read off the frame at a glance.
"""

from __future__ import annotations

from collections import Counter

from PIL import Image, ImageDraw

from engine.position import BAR, OFF, opp_point
from render import art, text, theme
from render import geometry as g
from render.scene import Scene, Side

Stacks = dict[int, tuple[Side, int]]
LAST_MOVE_RING = 4
STEP_RING = 5


def mover(scene: Scene) -> Side:
    return "viewer" if scene.last_move_by_viewer else "opponent"


def last_move(scene: Scene) -> tuple[Counter[int], Counter[int]]:
    """Net departures and arrivals of the last move, in viewer points (25 bar, 0 off).

    A checker playing on through a point (24/18/13) leaves no mark on the point it passed.
    """

    def viewer_point(point: int) -> int:
        if point in (OFF, BAR) or scene.last_move_by_viewer:
            return point
        return opp_point(scene.position.variant, point)

    net: Counter[int] = Counter()
    for src, dst in scene.last_move:
        net[viewer_point(src)] -= 1
        net[viewer_point(dst)] += 1
    came_from = Counter({p: -n for p, n in net.items() if n < 0})
    went_to = Counter({p: n for p, n in net.items() if n > 0})
    return came_from, went_to


def _label(canvas: Image.Image, draw: ImageDraw.ImageDraw, point: int, color: theme.RGB,
           filled: bool) -> None:
    center = g.label_center(point)
    art.paste(canvas, art.pill(color, filled), center)
    fill = theme.BAND if filled else theme.FRAME_TEXT
    draw.text(center, str(point), font=text.font(21), fill=fill, anchor="mm")


def draw_labels(canvas: Image.Image, draw: ImageDraw.ImageDraw, scene: Scene) -> None:
    """Badge the point numbers: hollow where a move starts, filled where it ends."""
    came_from, went_to = last_move(scene)
    for points, filled in ((came_from, False), (went_to, True)):
        for point in points:
            if 1 <= point <= 24:
                _label(canvas, draw, point, theme.LAST_MOVE, filled)
    if scene.selected is not None and scene.selected != BAR:
        _label(canvas, draw, scene.selected, theme.STEP, filled=False)
    for point in scene.targets:
        if point != OFF:
            _label(canvas, draw, point, theme.STEP, filled=True)


def _outline_slabs(draw: ImageDraw.ImageDraw, side: Side, color: theme.RGB, first: int,
                   last: int) -> None:
    """Outline borne-off slabs first..last (inclusive) of `side`."""
    boxes = [g.slab_box(side, k) for k in (first, last)]
    x0, x1 = boxes[0][0] - 4, boxes[0][2] + 4
    y0 = min(b[1] for b in boxes) - 4
    y1 = max(b[3] for b in boxes) + 4
    draw.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius=6, outline=color, width=3)


def draw_last_move(canvas: Image.Image, draw: ImageDraw.ImageDraw, scene: Scene,
                   stacks: Stacks) -> None:
    came_from, went_to = last_move(scene)
    side = mover(scene)
    ring = art.ring(theme.LAST_MOVE, LAST_MOVE_RING)
    ghost = art.ghost(theme.LAST_MOVE)
    for point, n in went_to.items():
        if point == OFF:
            off = scene.counts(side)[OFF]
            if off:
                _outline_slabs(draw, side, theme.LAST_MOVE, max(0, off - n), off - 1)
            continue
        shown = min(stacks.get(point, (side, 0))[1], g.MAX_STACK)
        for center in g.stack_centers(side, point)[max(0, shown - n):shown]:
            art.paste(canvas, ring, center)
    for point, n in came_from.items():
        count = scene.counts(side)[BAR] if point == BAR else stacks.get(point, (side, 0))[1]
        for center in g.stack_centers(side, point)[count:count + n]:
            art.paste(canvas, ghost, center)


def draw_step(canvas: Image.Image, draw: ImageDraw.ImageDraw, scene: Scene,
              stacks: Stacks) -> None:
    me = scene.position.me
    if scene.selected is not None and me[scene.selected]:
        top = g.stack_centers("viewer", scene.selected)[min(me[scene.selected], g.MAX_STACK) - 1]
        art.paste(canvas, art.ring(theme.STEP, STEP_RING), top)
    ghost = art.ghost(theme.STEP)
    for point in scene.targets:
        if point == OFF:
            k = min(me[OFF], 14)
            x0, y0, x1, y1 = g.slab_box("viewer", k)
            draw.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius=5, fill=theme.STEP)
            _outline_slabs(draw, "viewer", theme.STEP, k, k)
            continue
        side, count = stacks.get(point, ("viewer", 0))
        # Onto an opposing blot the ghost covers it: the hit is visible before it happens.
        slot = min(count, g.MAX_STACK - 1) if side == "viewer" else 0
        art.paste(canvas, ghost, g.checker_center(point, slot))
