"""Draws a Scene as the cached empty board plus a list of layers.

A layer is one independent part of the picture: a point number's badge, a point's stack with
the marks on it, a bar, a tray, a die, the cube, the caption, half of a name band. It is named
by a hashable key, `(kind, *parameters)`, and what it draws depends on its key alone, so
the picture of a key can be drawn once and reused:

* `compose(scene)`, RGB: paints every layer in order onto a copy of the empty board (for JPEG
  and for the colour sample the palette is built from);
* `compose_palette(scene)`, 8-bit: pastes each layer's cached tile onto the empty board in
  palette form. A tile is the layer painted on its patch of the empty board, mapped to the
  palette and cut to the pixels it changes; a board is then a copy and a few dozen pastes,
  with no per-picture colour mapping. The two agree pixel for pixel except where two layers
  overlap (a ring's rim over a neighbouring disc, the faint edge of a shadow): there the
  later layer wins instead of blending, which no eye can tell apart.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import numpy as np
from PIL import Image, ImageDraw

from engine.position import BAR, OFF
from render import art, encode, marks, text, theme
from render import geometry as g
from render.scene import Scene, Side

# One render at a time per process: FreeType faces and the caches are shared, and composing
# is a fraction of a millisecond; encoding (outside this lock) runs in parallel.
_LOCK = threading.Lock()

Key = tuple[Any, ...]
Origin = tuple[int, int]
_Painter = Callable[..., None]


def _at(point: tuple[float, float], o: Origin) -> tuple[float, float]:
    return point[0] - o[0], point[1] - o[1]


# --- The layers of a scene --------------------------------------------------------------


def layers(scene: Scene) -> list[Key]:
    """The scene's layers in drawing order (the empty board lies under all of them)."""
    keys: list[Key] = [("label", point, tuple(pills))
                       for point, pills in sorted(marks.label_pills(scene).items())]
    stacks = scene.occupied()
    on_stack, trays = marks.stack_marks(scene, stacks)
    marked: list[Key] = []

    def stack(spot: marks.Spot, side: Side, count: int) -> None:
        color = scene.color(side) if count else None
        if count:
            keys.append(("stack", *spot, color, count))
        if on_top := on_stack.get(spot):
            # Marks go on top of every stack: their rims reach over the neighbouring columns.
            marked.append(("marks", *spot, color, count, tuple(on_top)))

    for point in range(1, 25):
        side, count = stacks.get(point, ("viewer", 0))
        if count or (point, "viewer") in on_stack:
            stack((point, "viewer"), side, count)
    for side in ("viewer", "opponent"):
        count = scene.counts(side)[BAR]
        if count or (BAR, side) in on_stack:
            stack((BAR, side), side, count)
        tray = trays[side]
        off = scene.counts(side)[OFF]
        if off or tray.outline is not None or tray.step_slot is not None:
            keys.append(("tray", side, scene.color(side), off, tray.outline, tray.step_slot))
    keys += marked

    if scene.dice is not None:
        a, b = scene.dice
        values = [a] * 4 if a == b else [a, b]
        unused: dict[int, int] = {}
        for value in scene.dice_used:
            unused[value] = unused.get(value, 0) + 1
        color = scene.color("viewer" if scene.viewer_to_move else "opponent")
        for value, center in zip(values, g.die_centers(len(values), scene.viewer_to_move),
                                 strict=True):
            used = unused.get(value, 0) > 0
            unused[value] = unused.get(value, 0) - used
            keys.append(("die", value, color, used, center))
    if scene.cube is not None:
        value, owner = scene.cube
        keys.append(("cube", value if value > 1 else 64, owner))  # a centred cube shows 64
    caption = text.clean(scene.caption)
    if caption:
        keys.append(("caption", text.fit(caption, 24, g.HALF_W - 24), scene.viewer_to_move))
    for side in ("viewer", "opponent"):
        keys += _band(scene, side)
    return keys


def _band(scene: Scene, side: Side) -> list[Key]:
    """Name, colour, pip count and match score of one player: the left half (disc, chip,
    name) and the right half (score, pips) are separate layers, so that a new pip count
    does not redraw the name."""
    to_move = scene.viewer_to_move == (side == "viewer")
    big = text.font(26)
    right = g.WIDTH - 16
    score = None
    if scene.score is not None:
        mine, theirs, length = scene.score
        score = f"{mine if side == 'viewer' else theirs}/{length}"
        right -= int(big.getlength(score) + 28) + 14
    pips = str(scene.position.pips()[0 if side == "viewer" else 1])
    right -= int(big.getlength(pips)) + 24
    name = text.fit(text.clean(scene.names[0 if side == "viewer" else 1]), 28, right - 80)
    return [("band-left", side, scene.color(side), to_move, name),
            ("band-right", side, pips, score)]


# --- Painting one layer -----------------------------------------------------------------
# Each painter draws its layer onto `canvas`, whose top-left pixel is the board's `o`.


def _paint_label(canvas: Image.Image, draw: ImageDraw.ImageDraw, o: Origin, point: int,
                 pills: tuple[marks.Pill, ...]) -> None:
    center = _at(g.label_center(point), o)
    for color, filled in pills:
        art.paste(canvas, art.pill(color, filled), center)
        fill = theme.BAND if filled else theme.FRAME_TEXT
        draw.text(center, str(point), font=text.font(21), fill=fill, anchor="mm")


def _paint_stack(canvas: Image.Image, draw: ImageDraw.ImageDraw, o: Origin, point: int,
                 side: Side, color: str, count: int) -> None:
    centers = g.stack_centers(side, point)
    sprite = art.checker(color)
    for center in centers[: min(count, g.MAX_STACK)]:
        art.paste(canvas, sprite, _at(center, o))
    if count > g.MAX_STACK:
        draw.text(_at(centers[-1], o), str(count), font=text.font(26),
                  fill=theme.CHECKER[color][3], anchor="mm")


def _paint_marks(canvas: Image.Image, draw: ImageDraw.ImageDraw, o: Origin, point: int,
                 side: Side, color: str | None, count: int,
                 on_top: tuple[marks.Mark, ...]) -> None:
    """Rings and ghosts on a stack; the stack (`color`, `count`) is painted already."""
    centers = g.stack_centers(side, point)
    for kind, mark_color, width, k in on_top:
        sprite = art.ring(mark_color, width) if kind == "ring" else art.ghost(mark_color)
        art.paste(canvas, sprite, _at(centers[k], o))


def _outline_slabs(draw: ImageDraw.ImageDraw, o: Origin, side: Side, color: theme.RGB,
                   first: int, last: int) -> None:
    """Outline borne-off slabs first..last (inclusive) of `side`."""
    boxes = [g.slab_box(side, k) for k in (first, last)]
    x0, x1 = boxes[0][0] - 4 - o[0], boxes[0][2] + 4 - o[0]
    y0 = min(b[1] for b in boxes) - 4 - o[1]
    y1 = max(b[3] for b in boxes) + 4 - o[1]
    draw.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius=6, outline=color, width=3)


def _paint_tray(canvas: Image.Image, draw: ImageDraw.ImageDraw, o: Origin, side: Side,
                color: str, count: int, outline: tuple[int, int] | None,
                step_slot: int | None) -> None:
    sprite = art.slab(color)
    for k in range(count):
        x0, y0, _, _ = g.slab_box(side, k)
        canvas.paste(sprite, (x0 - o[0], y0 - o[1]), sprite)
    if count:
        # Outlined so that it stays legible over a nearly full tray.
        draw.text(_at(g.tray_count_center(side), o), str(count), font=text.font(26),
                  fill=theme.FRAME_TEXT, anchor="mm", stroke_width=3, stroke_fill=theme.TRAY)
    if outline is not None:  # the last move bore these off
        _outline_slabs(draw, o, side, theme.LAST_MOVE, *outline)
    if step_slot is not None:  # bearing off is a step target
        x0, y0, x1, y1 = g.slab_box(side, step_slot)
        draw.rounded_rectangle((x0 - o[0], y0 - o[1], x1 - 1 - o[0], y1 - 1 - o[1]), radius=5,
                               fill=theme.STEP)
        _outline_slabs(draw, o, side, theme.STEP, step_slot, step_slot)


def _paint_die(canvas: Image.Image, draw: ImageDraw.ImageDraw, o: Origin, value: int,
               color: str, used: bool, center: tuple[int, int]) -> None:
    art.paste(canvas, art.die(value, color, used), _at(center, o))


def _paint_cube(canvas: Image.Image, draw: ImageDraw.ImageDraw, o: Origin, value: int,
                owner: str) -> None:
    art.paste(canvas, art.cube(value), _at(g.cube_center(owner), o))


def _paint_caption(canvas: Image.Image, draw: ImageDraw.ImageDraw, o: Origin, caption: str,
                   viewer_side: bool) -> None:
    draw.text(_at(g.caption_center(viewer_side), o), caption, font=text.font(24),
              fill=theme.FRAME_TEXT, anchor="mm")


def _paint_band_left(canvas: Image.Image, draw: ImageDraw.ImageDraw, o: Origin, side: Side,
                     color: str, to_move: bool, name: str) -> None:
    _, y0, _, y1 = g.band_box(side)
    cy = (y0 + y1) // 2 - o[1]
    x = -o[0]
    # A gold disc behind the chip marks the player to move; a grey ring keeps a black chip
    # visible on the dark band.
    if to_move:
        draw.ellipse((x + 16, cy - 25, x + 66, cy + 25), fill=theme.SCORE)
    else:
        draw.ellipse((x + 19, cy - 22, x + 63, cy + 22), fill=theme.BAND_MUTED)
    art.paste(canvas, art.chip(color), (x + 41, cy))
    fill = theme.BAND_TEXT if to_move else theme.BAND_MUTED
    draw.text((x + 80, cy), name, font=text.font(28), fill=fill, anchor="lm")


def _paint_band_right(canvas: Image.Image, draw: ImageDraw.ImageDraw, o: Origin, side: Side,
                      pips: str, score: str | None) -> None:
    _, y0, x1, y1 = g.band_box(side)
    cy = (y0 + y1) // 2 - o[1]
    right = x1 - 16 - o[0]
    big = text.font(26)
    if score is not None:
        width = big.getlength(score) + 28
        draw.rounded_rectangle((right - width, cy - 20, right, cy + 20), radius=20,
                               fill=theme.SCORE)
        draw.text((right - width / 2, cy), score, font=big, fill=theme.BAND, anchor="mm")
        right -= int(width) + 14
    draw.text((right, cy), pips, font=big, fill=theme.BAND_MUTED, anchor="rm")


_PAINTERS: dict[str, _Painter] = {
    "label": _paint_label,
    "stack": _paint_stack,
    "marks": _paint_marks,
    "tray": _paint_tray,
    "die": _paint_die,
    "cube": _paint_cube,
    "caption": _paint_caption,
    "band-left": _paint_band_left,
    "band-right": _paint_band_right,
}


def _box(key: Key) -> g.Box:
    """A patch of the board that holds everything the layer draws."""
    kind = key[0]
    if kind == "label":
        x, y = g.label_center(key[1])
        return x - g.POINT_W // 2, y - g.STRIP_H // 2, x + g.POINT_W // 2, y + g.STRIP_H // 2
    if kind in ("stack", "marks"):
        point, side = key[1], key[2]
        x = g.stack_centers(side, point)[0][0]
        top = g.is_top(point) if point != BAR else side == "opponent"
        y0, y1 = (g.FIELD_Y, g.MID_Y0) if top else (g.MID_Y1, g.FIELD_Y1)
        reach = g.CHECKER_R + 2 * marks.STEP_RING + 8  # the widest ring, and a margin
        return x - reach, y0 - 8, x + reach, y1 + 8
    if kind == "tray":
        x0, y0, x1, y1 = g.tray_box(key[1])
        return x0 - 4, y0 - 4, x1 + 4, y1 + 4
    if kind in ("die", "cube"):
        x, y = key[4] if kind == "die" else g.cube_center(key[2])
        half = (g.DIE if kind == "die" else g.CUBE) // 2 + art.SHADOW + 2
        return x - half, y - half, x + half, y + half
    if kind == "caption":
        x = g.caption_center(key[2])[0]
        return x - g.HALF_W // 2, g.MID_Y0, x + g.HALF_W // 2, g.MID_Y1
    if kind in ("band-left", "band-right"):
        return g.band_box(key[1])
    raise ValueError(f"unknown layer {kind!r}")


def paint(canvas: Image.Image, key: Key, origin: Origin = (0, 0),
          draw: ImageDraw.ImageDraw | None = None) -> None:
    """Paint layer `key` onto `canvas`, an RGB patch of the board whose corner is `origin`."""
    _PAINTERS[key[0]](canvas, draw or ImageDraw.Draw(canvas), origin, *key[1:])


# --- RGB: every layer painted -----------------------------------------------------------


def compose(scene: Scene) -> Image.Image:
    """The board picture of `scene` as an RGB image of geometry.WIDTH x geometry.HEIGHT."""
    with _LOCK:
        canvas = art.board().copy()
        draw = ImageDraw.Draw(canvas)
        for key in layers(scene):
            paint(canvas, key, (0, 0), draw)
        return canvas


# --- 8-bit: cached tiles pasted ---------------------------------------------------------


class _Tile:
    """A layer in palette form: `image` goes at `xy` where `mask` (None: everywhere) is set."""

    __slots__ = ("image", "mask", "nbytes", "xy")

    def __init__(self, image: Image.Image, mask: Image.Image | None, xy: tuple[int, int]):
        self.image, self.mask, self.xy = image, mask, xy
        self.nbytes = image.width * image.height * (1 if mask is None else 2) + 200


_EMPTY = _Tile(Image.new("P", (1, 1)), None, (0, 0))  # a layer that changes no pixel
_TILE_BYTES = 48 << 20  # the tile cache's bound: a few thousand layers
_tiles: OrderedDict[Key, _Tile] = OrderedDict()
_tile_bytes = 0


@functools.cache
def board_palette() -> Image.Image:
    """The empty board in palette form."""
    return encode.to_palette(art.board())


def _build(key: Key) -> _Tile:
    x0, y0, x1, y1 = _box(key)
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(g.WIDTH, x1), min(g.HEIGHT, y1)
    patch = art.board().crop((x0, y0, x1, y1))
    under = board_palette().crop((x0, y0, x1, y1))
    if key[0] == "marks" and key[3] is not None:
        # Marks are painted over their own stack, and the tile keeps only what they change:
        # pasted after every stack, they cover the neighbours' shadows as a ring should.
        paint(patch, ("stack", *key[1:5]), (x0, y0))
        under = encode.to_palette(patch)
    paint(patch, key, (x0, y0))
    image = encode.to_palette(patch)
    changed = np.asarray(image) != np.asarray(under)
    rows, cols = np.flatnonzero(changed.any(axis=1)), np.flatnonzero(changed.any(axis=0))
    if not len(rows):
        return _EMPTY
    top, bottom, left, right = rows[0], rows[-1] + 1, cols[0], cols[-1] + 1
    changed = changed[top:bottom, left:right]
    image = image.crop((left, top, right, bottom))
    mask = None if changed.all() else Image.fromarray(changed)  # mode "1"
    return _Tile(image, mask, (x0 + int(left), y0 + int(top)))


def _tile(key: Key) -> _Tile:
    """The cached tile of `key` (call with _LOCK held)."""
    global _tile_bytes
    tile = _tiles.get(key)
    if tile is not None:
        _tiles.move_to_end(key)
        return tile
    tile = _tiles[key] = _build(key)
    _tile_bytes += tile.nbytes
    while _tile_bytes > _TILE_BYTES:
        _tile_bytes -= _tiles.popitem(last=False)[1].nbytes
    return tile


def compose_palette(scene: Scene) -> Image.Image:
    """The board picture of `scene` in palette form (see encode.palette)."""
    encode.palette()  # built (by composing samples) before the lock is taken
    with _LOCK:
        base = board_palette()
        tiles = [_tile(key) for key in layers(scene)]
    canvas = base.copy()
    for tile in tiles:
        if tile is not _EMPTY:
            canvas.paste(tile.image, tile.xy, tile.mask)
    return canvas
