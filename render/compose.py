"""Draws a Scene onto a copy of the cached empty board: paste sprites, write a few numbers."""

from __future__ import annotations

import threading
from collections import Counter

from PIL import Image, ImageDraw

from engine.position import BAR, OFF
from render import art, marks, text, theme
from render import geometry as g
from render.scene import Scene, Side

# One render at a time per process: FreeType faces and the first-use caches are shared,
# and a render is a few milliseconds; encoding (outside this lock) runs in parallel.
_LOCK = threading.Lock()


def compose(scene: Scene) -> Image.Image:
    """The board picture of `scene` as an RGB image of geometry.WIDTH x geometry.HEIGHT."""
    with _LOCK:
        canvas = art.board().copy()
        draw = ImageDraw.Draw(canvas)
        stacks = scene.occupied()
        marks.draw_labels(canvas, draw, scene)
        for point, (side, count) in stacks.items():
            _stack(canvas, draw, scene.color(side), count, g.stack_centers(side, point))
        for side in ("viewer", "opponent"):
            if count := scene.counts(side)[BAR]:
                _stack(canvas, draw, scene.color(side), count, g.stack_centers(side, BAR))
            _tray(canvas, draw, scene, side)
        marks.draw_last_move(canvas, draw, scene, stacks)
        marks.draw_step(canvas, draw, scene, stacks)
        _dice(canvas, scene)
        _cube(canvas, scene)
        _caption(draw, scene)
        for side in ("viewer", "opponent"):
            _band(canvas, draw, scene, side)
        return canvas


def _stack(canvas: Image.Image, draw: ImageDraw.ImageDraw, color: str, count: int,
           centers: list[tuple[int, int]]) -> None:
    sprite = art.checker(color)
    for center in centers[: min(count, g.MAX_STACK)]:
        art.paste(canvas, sprite, center)
    if count > g.MAX_STACK:
        draw.text(centers[-1], str(count), font=text.font(26), fill=theme.CHECKER[color][3],
                  anchor="mm")


def _tray(canvas: Image.Image, draw: ImageDraw.ImageDraw, scene: Scene, side: Side) -> None:
    count = scene.counts(side)[OFF]
    sprite = art.slab(scene.color(side))
    for k in range(count):
        x0, y0, _, _ = g.slab_box(side, k)
        canvas.paste(sprite, (x0, y0), sprite)
    if count:
        # Outlined so that it stays legible over a nearly full tray.
        draw.text(g.tray_count_center(side), str(count), font=text.font(26),
                  fill=theme.FRAME_TEXT, anchor="mm", stroke_width=3, stroke_fill=theme.TRAY)


def _dice(canvas: Image.Image, scene: Scene) -> None:
    if scene.dice is None:
        return
    a, b = scene.dice
    values = [a] * 4 if a == b else [a, b]
    unused = Counter(scene.dice_used)
    color = scene.color("viewer" if scene.viewer_to_move else "opponent")
    for value, center in zip(values, g.die_centers(len(values), scene.viewer_to_move),
                             strict=True):
        used = unused[value] > 0
        unused[value] -= used
        art.paste(canvas, art.die(value, color, used), center)


def _cube(canvas: Image.Image, scene: Scene) -> None:
    if scene.cube is None:
        return
    value, owner = scene.cube
    # A centred cube at 1 shows 64, as on a real cube.
    art.paste(canvas, art.cube(value if value > 1 else 64), g.cube_center(owner))


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
    # A gold disc behind the chip marks the player to move; a grey ring keeps a black chip
    # visible on the dark band.
    if to_move:
        draw.ellipse((16, cy - 25, 66, cy + 25), fill=theme.SCORE)
    else:
        draw.ellipse((19, cy - 22, 63, cy + 22), fill=theme.BAND_MUTED)
    art.paste(canvas, art.chip(scene.color(side)), (41, cy))

    right = x1 - 16
    big = text.font(26)
    if scene.score is not None:
        mine, theirs, length = scene.score
        score = f"{mine if side == 'viewer' else theirs}/{length}"
        width = big.getlength(score) + 28
        draw.rounded_rectangle((right - width, cy - 20, right, cy + 20), radius=20,
                               fill=theme.SCORE)
        draw.text((right - width / 2, cy), score, font=big, fill=theme.BAND, anchor="mm")
        right -= int(width) + 14
    pips = str(scene.position.pips()[0 if side == "viewer" else 1])
    draw.text((right, cy), pips, font=big, fill=theme.BAND_MUTED, anchor="rm")
    right -= int(big.getlength(pips)) + 24

    name = text.fit(text.clean(scene.names[0 if side == "viewer" else 1]), 28, right - 80)
    fill = theme.BAND_TEXT if to_move else theme.BAND_MUTED
    draw.text((80, cy), name, font=text.font(28), fill=fill, anchor="lm")
