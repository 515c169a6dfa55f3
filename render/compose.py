"""Draws a Scene onto a copy of the cached empty board: paste sprites, write a few numbers."""

from __future__ import annotations

from collections import Counter

from PIL import Image, ImageDraw

from engine.position import BAR, OFF, Variant, opp_point
from render import art, text, theme
from render import geometry as g
from render.geometry import Side
from render.scene import Scene

LAST_MOVE_RING = 4
STEP_RING = 5


def compose(scene: Scene) -> Image.Image:
    """The board picture of `scene` as an RGB image of geometry.WIDTH x geometry.HEIGHT."""
    canvas = art.board().copy()
    draw = ImageDraw.Draw(canvas)
    stacks = _stacks(scene)
    came_from, went_to = _last_move(scene)
    mover: Side = "viewer" if scene.last_move_by_viewer else "opponent"

    _mark_labels(canvas, draw, scene, came_from, went_to)
    for point, (side, count) in stacks.items():
        _stack(canvas, draw, scene, side, count, _slots(side, point))
    for side in ("viewer", "opponent"):
        _bar(canvas, draw, scene, side)
        _tray(canvas, draw, scene, side)
    _last_move_marks(canvas, draw, scene, stacks, came_from, went_to, mover)
    _step_marks(canvas, draw, scene, stacks)
    _dice(canvas, scene)
    _cube(canvas, scene)
    _caption(draw, scene)
    for side in ("viewer", "opponent"):
        _band(canvas, draw, scene, side)
    return canvas


# -- what stands where, in the viewer's numbering ------------------------------------


def _color(scene: Scene, side: Side) -> str:
    return scene.viewer_color if side == "viewer" else scene.opponent_color


def _side_counts(scene: Scene, side: Side) -> tuple[int, ...]:
    return scene.position.me if side == "viewer" else scene.position.opp


def _stacks(scene: Scene) -> dict[int, tuple[Side, int]]:
    """Occupied viewer points: who stands there and how many."""
    pos = scene.position
    out: dict[int, tuple[Side, int]] = {}
    for point in range(1, 25):
        if pos.me[point]:
            out[point] = ("viewer", pos.me[point])
        elif theirs := pos.opp[opp_point(pos.variant, point)]:
            out[point] = ("opponent", theirs)
    return out


def _to_viewer(variant: Variant, by_viewer: bool, point: int) -> int:
    if point in (OFF, BAR) or by_viewer:
        return point
    return opp_point(variant, point)


def _last_move(scene: Scene) -> tuple[Counter[int], Counter[int]]:
    """Net departures and arrivals of the last move, in viewer points (25 bar, 0 off).

    A checker playing on through a point (24/18/13) leaves no mark on the point it passed.
    """
    net: Counter[int] = Counter()
    for src, dst in scene.last_move:
        net[_to_viewer(scene.position.variant, scene.last_move_by_viewer, src)] -= 1
        net[_to_viewer(scene.position.variant, scene.last_move_by_viewer, dst)] += 1
    came_from = Counter({p: -n for p, n in net.items() if n < 0})
    went_to = Counter({p: n for p, n in net.items() if n > 0})
    return came_from, went_to


# -- drawing helpers ------------------------------------------------------------------


def _paste(canvas: Image.Image, sprite: Image.Image, center: tuple[float, float]) -> None:
    x, y = center
    canvas.paste(sprite, (round(x - sprite.width / 2), round(y - sprite.height / 2)), sprite)


def _slots(side: Side, point: int) -> list[tuple[int, int]]:
    if point == BAR:
        return [g.bar_center(side, k) for k in range(g.MAX_STACK)]
    return [g.checker_center(point, k) for k in range(g.MAX_STACK)]


def _stack(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    scene: Scene,
    side: Side,
    count: int,
    slots: list[tuple[int, int]],
) -> None:
    color = _color(scene, side)
    sprite = art.checker(color)
    for center in slots[: min(count, g.MAX_STACK)]:
        _paste(canvas, sprite, center)
    if count > g.MAX_STACK:
        draw.text(slots[-1], str(count), font=text.font(26), fill=theme.CHECKER[color][3],
                  anchor="mm")


def _bar(canvas: Image.Image, draw: ImageDraw.ImageDraw, scene: Scene, side: Side) -> None:
    count = _side_counts(scene, side)[BAR]
    if count:
        _stack(canvas, draw, scene, side, count, _slots(side, BAR))


def _tray(canvas: Image.Image, draw: ImageDraw.ImageDraw, scene: Scene, side: Side) -> None:
    count = _side_counts(scene, side)[OFF]
    sprite = art.slab(_color(scene, side))
    for k in range(count):
        x0, y0, _, _ = g.slab_box(side, k)
        canvas.paste(sprite, (x0, y0), sprite)
    if count:
        # Outlined so that it stays legible over a nearly full tray.
        draw.text(g.tray_count_center(side), str(count), font=text.font(26),
                  fill=theme.FRAME_TEXT, anchor="mm", stroke_width=3, stroke_fill=theme.TRAY)


def _label(canvas: Image.Image, draw: ImageDraw.ImageDraw, point: int, color: theme.RGB,
           filled: bool) -> None:
    center = g.label_center(point)
    _paste(canvas, art.pill(color, filled), center)
    fill = theme.BAND if filled else theme.FRAME_TEXT
    draw.text(center, str(point), font=text.font(21), fill=fill, anchor="mm")


def _mark_labels(canvas: Image.Image, draw: ImageDraw.ImageDraw, scene: Scene,
                 came_from: Counter[int], went_to: Counter[int]) -> None:
    """Badge the point numbers: a player reads '13 → 7' off the frame at a glance."""
    for point in came_from:
        if 1 <= point <= 24:
            _label(canvas, draw, point, theme.LAST_MOVE, filled=False)
    for point in went_to:
        if 1 <= point <= 24:
            _label(canvas, draw, point, theme.LAST_MOVE, filled=True)
    if scene.selected is not None and scene.selected != BAR:
        _label(canvas, draw, scene.selected, theme.STEP, filled=False)
    for point in scene.targets:
        if point != OFF:
            _label(canvas, draw, point, theme.STEP, filled=True)


def _ring_tray(draw: ImageDraw.ImageDraw, side: Side, color: theme.RGB, first: int,
               last: int) -> None:
    """Outline borne-off slabs first..last (inclusive) of `side`."""
    boxes = [g.slab_box(side, k) for k in (first, last)]
    x0, x1 = boxes[0][0] - 4, boxes[0][2] + 4
    y0 = min(b[1] for b in boxes) - 4
    y1 = max(b[3] for b in boxes) + 4
    draw.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius=6, outline=color, width=3)


def _last_move_marks(canvas: Image.Image, draw: ImageDraw.ImageDraw, scene: Scene,
                     stacks: dict[int, tuple[Side, int]], came_from: Counter[int],
                     went_to: Counter[int], mover: Side) -> None:
    ring = art.ring(theme.LAST_MOVE, LAST_MOVE_RING)
    ghost = art.ghost(theme.LAST_MOVE)
    for point, n in went_to.items():
        if point == OFF:
            off = _side_counts(scene, mover)[OFF]
            if off:
                _ring_tray(draw, mover, theme.LAST_MOVE, max(0, off - n), off - 1)
            continue
        count = stacks.get(point, (mover, 0))[1]
        shown = min(count, g.MAX_STACK)
        for center in _slots(mover, point)[max(0, shown - n):shown]:
            _paste(canvas, ring, center)
    for point, n in came_from.items():
        if point == BAR:
            count = _side_counts(scene, mover)[BAR]
        else:
            count = stacks.get(point, (mover, 0))[1]
        for center in _slots(mover, point)[count:count + n]:
            _paste(canvas, ghost, center)


def _step_marks(canvas: Image.Image, draw: ImageDraw.ImageDraw, scene: Scene,
                stacks: dict[int, tuple[Side, int]]) -> None:
    me = scene.position.me
    if scene.selected is not None:
        count = me[scene.selected]
        if count:
            top = _slots("viewer", scene.selected)[min(count, g.MAX_STACK) - 1]
            _paste(canvas, art.ring(theme.STEP, STEP_RING), top)
    ghost = art.ghost(theme.STEP)
    for point in scene.targets:
        if point == OFF:
            k = min(me[OFF], 14)
            x0, y0, x1, y1 = g.slab_box("viewer", k)
            draw.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius=5, fill=theme.STEP)
            _ring_tray(draw, "viewer", theme.STEP, k, k)
            continue
        side, count = stacks.get(point, ("viewer", 0))
        # Onto an opposing blot the ghost covers it: the hit is visible before it happens.
        slot = min(count, g.MAX_STACK - 1) if side == "viewer" else 0
        _paste(canvas, ghost, g.checker_center(point, slot))


def _dice(canvas: Image.Image, scene: Scene) -> None:
    if scene.dice is None:
        return
    a, b = scene.dice
    values = [a] * 4 if a == b else [a, b]
    unused = Counter(scene.dice_used)
    color = scene.viewer_color if scene.viewer_to_move else scene.opponent_color
    for value, center in zip(values, g.die_centers(len(values), scene.viewer_to_move),
                             strict=True):
        used = unused[value] > 0
        unused[value] -= used
        _paste(canvas, art.die(value, color, used), center)


def _cube(canvas: Image.Image, scene: Scene) -> None:
    if scene.cube is None:
        return
    value, owner = scene.cube
    # A centred cube at 1 shows 64, as on a real cube.
    _paste(canvas, art.cube(value if value > 1 else 64), g.cube_center(owner))


def _caption(draw: ImageDraw.ImageDraw, scene: Scene) -> None:
    caption = text.clean(scene.caption)
    if caption:
        caption = text.fit(caption, 24, g.HALF_W - 24)
        draw.text(g.caption_center(scene.viewer_to_move), caption, font=text.font(24),
                  fill=theme.FRAME_TEXT, anchor="mm")


def _band(canvas: Image.Image, draw: ImageDraw.ImageDraw, scene: Scene, side: Side) -> None:
    """Name, colour, pip count and match score of one player; the player to move is lit."""
    _, y0, x1, y1 = g.band_box(side)
    cy = (y0 + y1) // 2
    to_move = scene.viewer_to_move == (side == "viewer")
    chip = art.chip(_color(scene, side))
    # A gold disc behind the chip marks the player to move; a grey ring keeps a black chip
    # visible on the dark band.
    if to_move:
        draw.ellipse((16, cy - 25, 66, cy + 25), fill=theme.SCORE)
    else:
        draw.ellipse((19, cy - 22, 63, cy + 22), fill=theme.BAND_MUTED)
    _paste(canvas, chip, (41, cy))

    right = x1 - 16
    if scene.score is not None:
        mine, theirs, length = scene.score
        score = f"{mine if side == 'viewer' else theirs}/{length}"
        width = text.font(26).getlength(score) + 28
        draw.rounded_rectangle((right - width, cy - 20, right, cy + 20), radius=20,
                               fill=theme.SCORE)
        draw.text((right - width / 2, cy), score, font=text.font(26), fill=theme.BAND,
                  anchor="mm")
        right -= int(width) + 14
    pips = str(scene.position.pips()[0 if side == "viewer" else 1])
    draw.text((right, cy), pips, font=text.font(26), fill=theme.BAND_MUTED, anchor="rm")
    right -= int(text.font(26).getlength(pips)) + 24

    name = text.fit(text.clean(scene.names[0 if side == "viewer" else 1]), 28, right - 80)
    fill = theme.BAND_TEXT if to_move else theme.BAND_MUTED
    draw.text((80, cy), name, font=text.font(28), fill=fill, anchor="lm")
