"""Draws a Scene as the cached empty board plus a list of layers.

A layer is one independent part of the picture: a point number's badge, a stack, the rings
and ghosts on a few stacks, a tray, a die, the cube, the caption, half of a name band. It is
named by a hashable key, `(kind, *parameters)`, and what it draws depends on its key alone,
so the picture of a key can be drawn once and reused:

* `compose(scene)`, RGB: paints every layer in order onto a copy of the empty board (JPEG,
  and the colour sample the palette is built from);
* `compose_scanlines(scene)`, 8-bit, for the PNG: copies the empty board in palette form and
  pastes each layer's tile. A tile is the layer painted on its patch of the empty board
  (rings and ghosts: on the layers beneath them), mapped to the palette once and cut to the
  pixels it changes; tiles are cached (`TILES`: least recently used out past 16 MB). A board
  is then a copy and a few dozen pastes, and no picture is mapped to the palette whole.
  The result is `compose` mapped to the palette, pixel for pixel, except where the faint
  edge of a stack's shadow reaches a neighbouring stack: there the later stack's pixel is
  taken rather than blended (at most 11 levels of 255, on a few dozen pixels).
"""

from __future__ import annotations

import functools
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import numpy as np
from PIL import Image, ImageDraw

from engine.position import BAR, OFF
from render import art, encode, marks, text, theme
from render import geometry as g
from render.scene import Scene, Side

# One composition at a time per process: FreeType faces and the caches are shared, and
# choosing the tiles is a small part of a millisecond; pasting them and encoding (outside
# this lock) run in parallel.
_LOCK = threading.Lock()

Key = tuple[Any, ...]
Origin = tuple[int, int]
_Painter = Callable[..., None]


def _at(point: tuple[float, float], o: Origin) -> tuple[float, float]:
    return point[0] - o[0], point[1] - o[1]


# --- The layers of a scene --------------------------------------------------------------


def layers(scene: Scene) -> list[Key]:
    """The scene's layers in drawing order (the empty board lies under all of them)."""
    pills = marks.label_pills(scene)
    # The empty board prints the viewer's numbers: another numbering relabels every point.
    labelled = range(1, 25) if scene.numbering != "viewer" else sorted(pills)
    keys: list[Key] = [("label", point, tuple(pills.get(point, ())), scene.point_label(point))
                       for point in labelled]
    stacks = scene.occupied()
    on_stack, trays = marks.stack_marks(scene, stacks)
    for point, (side, count) in stacks.items():
        keys.append(("stack", point, "viewer", scene.color(side), count))
    for side in ("viewer", "opponent"):
        if count := scene.counts(side)[BAR]:
            keys.append(("stack", BAR, side, scene.color(side), count))
        tray = trays[side]
        off = scene.counts(side)[OFF]
        if off or tray.outlines or tray.step_slot is not None:
            keys.append(("tray", side, scene.color(side), off, tray.outlines, tray.step_slot))
        if off:
            keys.append(("count", side, scene.color(side), off))
    keys += _mark_layers(on_stack, keys)

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
    keys += _cube(scene)
    caption = text.clean(scene.caption)
    if caption:
        keys.append(("caption", *text.fit_sizes(caption, CAPTION_SIZES, g.HALF_W - 24),
                     _busy_half(scene)))
    if scene.result is not None:
        keys.append(_result(scene))
    for side in ("viewer", "opponent"):
        keys += _band(scene, side)
    return keys


CAPTION_SIZES = (30, 27, 24)  # the largest that fits: a move or a timer readable on a phone


def _busy_half(scene: Scene) -> bool:
    """Whether the viewer's half of the middle gap (the right) holds the dice, or an offered
    cube, which lies where the doubler's dice would (the player asked to take is the one to
    act, but the doubler offered it); the caption takes the other half."""
    view = scene.cube_view()
    if view is not None and view[2] == "offered":
        return view[1] == "opponent"
    return scene.viewer_to_move


def _cube(scene: Scene) -> list[Key]:
    view = scene.cube_view()
    if view is None:
        return []
    value, owner, state = view
    if state == "offered":
        return [("offer", value, owner, _busy_half(scene))]
    if state == "crawford":
        return [("crawford",)]
    return [("cube", value if value > 1 else 64, owner)]  # a centred cube shows 64


# How a game was won, in symbols: the kind's multiplier (a house for home mars), and a flag
# for a resignation, a clock for a timeout, a cross for a dropped double.
_REASON_MARK = {"borne_off": "", "resign": "⚑", "timeout": "◷", "drop": "✗"}


def _result(scene: Scene) -> Key:
    result = scene.result
    assert result is not None
    multiplier = result.points // result.cube
    kind = {"plain": "", "home_mars": f"⌂×{multiplier}"}.get(result.kind, f"×{multiplier}")
    score = scene.shown_score()
    crowned = score is not None and max(score[0], score[1]) >= score[2]  # the match is won
    return ("result", scene.color(result.winner), result.points, kind, result.cube,
            _REASON_MARK[result.reason], crowned)


@functools.cache
def _sprite_box(center: tuple[int, int], size: int) -> g.Box:
    """Room for a sprite of `size` px (shadow included) centred on `center`, and a pixel."""
    x, y = center
    half = size // 2 + 1
    return x - half, y - half, x + half, y + half


@functools.cache
def _stack_box(point: int, side: Side, count: int) -> g.Box:
    centers = g.stack_centers(side, point)[: min(count, g.MAX_STACK)]
    size = art.checker("white").width
    return _union([_sprite_box(centers[0], size), _sprite_box(centers[-1], size)])


def _mark_sprite(mark: marks.Mark) -> Image.Image:
    kind, color, width, _ = mark
    if kind == "ring":
        return art.ring(color, width)
    return art.ghost(color, width) if kind == "ghost" else art.target(color)


@functools.cache
def _mark_box(spot: marks.Spot, mark: marks.Mark) -> g.Box:
    return _sprite_box(g.stack_centers(spot[1], spot[0])[mark[3]], _mark_sprite(mark).width)


def _overlap(a: g.Box, b: g.Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _mark_layers(on_stack: list[tuple[marks.Spot, marks.Mark]], below: list[Key]) -> list[Key]:
    """Rings and ghosts, drawn after every stack: one layer per group of marks whose sprites
    overlap. Its key names the layers it is drawn over (`below`, those reaching into its
    patch), so that its tile blends the rims with exactly what lies beneath."""
    groups: list[list[tuple[marks.Spot, marks.Mark]]] = []
    for item in on_stack:
        box = _mark_box(*item)
        near = [grp for grp in groups if any(_overlap(box, _mark_box(*m)) for m in grp)]
        merged = sorted([item, *(m for grp in near for m in grp)], key=on_stack.index)
        groups = [grp for grp in groups if grp not in near] + [merged]
    layers: list[Key] = []
    boxes = [(_box(key), key) for key in below]
    for group in groups:
        box = _union([_mark_box(*m) for m in group])
        under = tuple(reach for b, key in boxes
                      if _overlap(b, box) and (reach := _within(key, box)) is not None)
        layers.append(("marks", under, tuple(group)))
    return layers


def _within(key: Key, box: g.Box) -> Key | None:
    """What of layer `key` can show in `box`: a stack cut to the discs whose sprites reach
    the box (those above them never paint a pixel there), None if none does. A marks tile
    keeps only pixels in its box, so it is the same for every stack that shows the same
    discs there: a ring on a neighbour's edge does not need a tile per height of the
    stack beside it."""
    if key[0] != "stack":
        return key
    _, point, side, color, count = key
    reach = _stack_reach(point, side, min(count, g.MAX_STACK), box)
    if not reach:
        return None
    if count > g.MAX_STACK and reach == g.MAX_STACK:
        return key  # the count printed on the top disc shows in the box
    return ("stack", point, side, color, reach)


@functools.cache
def _stack_reach(point: int, side: Side, discs: int, box: g.Box) -> int:
    """How many of a stack's lowest `discs` discs paint into `box`: one more than the
    highest whose sprite overlaps it (0: none does)."""
    size = art.checker("white").width
    centers = g.stack_centers(side, point)[:discs]
    return max((k + 1 for k, c in enumerate(centers) if _overlap(_sprite_box(c, size), box)),
               default=0)


def _union(boxes: list[g.Box]) -> g.Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


def _band(scene: Scene, side: Side) -> list[Key]:
    """Name, colour, pip count and match score of one player: the left half (disc, chip,
    name) and the right half (score, pips) are separate layers, so that a new pip count
    does not redraw the name."""
    if scene.result is not None:  # the gold disc marks the winner once the game is over
        to_move = scene.result.winner == side
    else:
        to_move = scene.viewer_to_move == (side == "viewer")
    right = g.WIDTH - 16
    score = None
    if (shown := scene.shown_score()) is not None:
        mine, theirs, length = shown
        score = f"{mine if side == 'viewer' else theirs}/{length}"
        right -= int(text.width(score, 26) + 28) + 14
    pips = str(scene.position.pips()[0 if side == "viewer" else 1])
    right -= int(text.width(pips, 26)) + 24
    name = text.fit(text.clean(scene.names[0 if side == "viewer" else 1]), 28, right - 80)
    return [("band-left", side, scene.color(side), to_move, name),
            ("band-right", side, pips, score)]


# --- Painting one layer -----------------------------------------------------------------
# Each painter draws its layer onto `canvas`, whose top-left pixel is the board's `o`.


def _paint_label(canvas: Image.Image, draw: ImageDraw.ImageDraw, o: Origin, point: int,
                 pills: tuple[marks.Pill, ...], number: int) -> None:
    center = _at(g.label_center(point), o)
    if number != point:  # wipe the empty board's number (inside the strip's edges)
        x, y = center
        draw.rectangle((x - 26, y - 14, x + 25, y + 13), fill=theme.FRAME)
        draw.text(center, str(number), font=text.font(21), fill=theme.FRAME_TEXT, anchor="mm")
    for color, filled in pills:
        art.paste(canvas, art.pill(color, filled), center)
        fill = theme.BAND if filled else theme.FRAME_TEXT
        draw.text(center, str(number), font=text.font(21), fill=fill, anchor="mm")


def _paint_stack(canvas: Image.Image, draw: ImageDraw.ImageDraw, o: Origin, point: int,
                 side: Side, color: str, count: int) -> None:
    centers = g.stack_centers(side, point)
    sprite = art.checker(color)
    for center in centers[: min(count, g.MAX_STACK)]:
        art.paste(canvas, sprite, _at(center, o))
    if count > g.MAX_STACK:
        draw.text(_at(centers[-1], o), str(count), font=text.font(26),
                  fill=theme.CHECKER[color][3], anchor="mm")


def _paint_marks(canvas: Image.Image, draw: ImageDraw.ImageDraw, o: Origin,
                 under: tuple[Key, ...],
                 on_top: tuple[tuple[marks.Spot, marks.Mark], ...]) -> None:
    """Rings and ghosts on stacks; the layers `under` them are painted already."""
    for (point, side), mark in on_top:
        art.paste(canvas, _mark_sprite(mark), _at(g.stack_centers(side, point)[mark[3]], o))


def _outline_slabs(draw: ImageDraw.ImageDraw, o: Origin, side: Side, color: theme.RGB,
                   first: int, last: int) -> None:
    """Outline borne-off slabs first..last (inclusive) of `side`."""
    boxes = [g.slab_box(side, k) for k in (first, last)]
    x0, x1 = boxes[0][0] - 4 - o[0], boxes[0][2] + 4 - o[0]
    y0 = min(b[1] for b in boxes) - 4 - o[1]
    y1 = max(b[3] for b in boxes) + 4 - o[1]
    draw.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius=6, outline=color, width=3)


def _paint_tray(canvas: Image.Image, draw: ImageDraw.ImageDraw, o: Origin, side: Side,
                color: str, count: int, outlines: tuple[marks.Outline, ...],
                step_slot: int | None) -> None:
    sprite = art.slab(color)
    for k in range(count):
        x0, y0, _, _ = g.slab_box(side, k)
        canvas.paste(sprite, (x0 - o[0], y0 - o[1]), sprite)
    for first, last, mark_color in outlines:  # the marked moves bore these off
        _outline_slabs(draw, o, side, mark_color, first, last)
    if step_slot is not None:  # bearing off is a step target
        x0, y0, x1, y1 = g.slab_box(side, step_slot)
        draw.rounded_rectangle((x0 - o[0], y0 - o[1], x1 - 1 - o[0], y1 - 1 - o[1]), radius=5,
                               fill=theme.STEP)
        _outline_slabs(draw, o, side, theme.STEP, step_slot, step_slot)


def _paint_count(canvas: Image.Image, draw: ImageDraw.ImageDraw, o: Origin, side: Side,
                 color: str, count: int) -> None:
    """The borne-off count on a badge of the side's colour, beyond the tray's outer end."""
    center = _at(g.tray_count_center(side), o)
    art.paste(canvas, art.count_badge(color), center)
    draw.text(center, str(count), font=text.font(21), fill=theme.CHECKER[color][3], anchor="mm")


def _paint_die(canvas: Image.Image, draw: ImageDraw.ImageDraw, o: Origin, value: int,
               color: str, used: bool, center: tuple[int, int]) -> None:
    art.paste(canvas, art.die(value, color, used), _at(center, o))


def _paint_cube(canvas: Image.Image, draw: ImageDraw.ImageDraw, o: Origin, value: int,
                owner: str) -> None:
    art.paste(canvas, art.cube(value), _at(g.cube_center(owner), o))


def _paint_offer(canvas: Image.Image, draw: ImageDraw.ImageDraw, o: Origin, value: int,
                 side: Side, viewer_half: bool) -> None:
    """A double offered to `side`: in the middle gap, pushed towards them, chevrons beside
    it pointing their way."""
    for arrow in g.offer_arrows(side, viewer_half):
        draw.polygon([_at(p, o) for p in arrow], fill=theme.SCORE, outline=theme.BAND, width=2)
    art.paste(canvas, art.offered_cube(value), _at(g.offered_cube_center(side, viewer_half), o))


def _paint_crawford(canvas: Image.Image, draw: ImageDraw.ImageDraw, o: Origin) -> None:
    art.paste(canvas, art.crossed_cube(), _at(g.cube_center("center"), o))


def _paint_caption(canvas: Image.Image, draw: ImageDraw.ImageDraw, o: Origin, caption: str,
                   size: int, viewer_side: bool) -> None:
    draw.text(_at(g.caption_center(viewer_side), o), caption, font=text.font(size),
              fill=theme.FRAME_TEXT, anchor="mm")


_RESULT_GAP = 18


def _paint_result(canvas: Image.Image, draw: ImageDraw.ImageDraw, o: Origin, color: str,
                  points: int, kind: str, cube: int, reason: str, crowned: bool) -> None:
    """The result banner: [♛ match won] winner's colour, +points, ×kind, cube, how it ended.
    Symbols and numbers only; the winner's name is lit in its band."""
    x0, y0, x1, y1 = g.result_box()
    art.paste(canvas, art.banner(), _at(((x0 + x1) / 2, (y0 + y1) / 2), o))
    big, mid = text.font(40), text.font(32)
    items: list[tuple[str, Any, float]] = []  # (what, value, width)
    if crowned:
        items.append(("text", ("♛", big, theme.SCORE), big.getlength("♛")))
    chip = art.winner_chip(color)
    items.append(("sprite", chip, chip.width))
    plus = f"+{points}"
    items.append(("text", (plus, big, theme.SCORE), big.getlength(plus)))
    if kind:
        items.append(("pill", kind, mid.getlength(kind) + 28))
    if cube > 1:
        items.append(("sprite", art.cube(cube), g.CUBE))
    if reason:
        items.append(("text", (reason, mid, theme.BAND_TEXT), mid.getlength(reason)))
    total = sum(width for _, _, width in items) + _RESULT_GAP * (len(items) - 1)
    x, cy = (x0 + x1 - total) / 2 - o[0], (y0 + y1) / 2 - o[1]
    for what, value, width in items:
        if what == "sprite":
            art.paste(canvas, value, (x + width / 2, cy))
        elif what == "pill":
            draw.rounded_rectangle((x, cy - 22, x + width, cy + 22), radius=22,
                                   outline=theme.SCORE, width=3)
            draw.text((x + width / 2, cy), value, font=mid, fill=theme.BAND_TEXT, anchor="mm")
        else:
            label, face, fill = value
            draw.text((x + width / 2, cy), label, font=face, fill=fill, anchor="mm")
        x += width + _RESULT_GAP


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
    "count": _paint_count,
    "die": _paint_die,
    "cube": _paint_cube,
    "offer": _paint_offer,
    "crawford": _paint_crawford,
    "caption": _paint_caption,
    "result": _paint_result,
    "band-left": _paint_band_left,
    "band-right": _paint_band_right,
}


@functools.cache
def _offer_box(side: Side, viewer_half: bool) -> g.Box:
    cube = _sprite_box(g.offered_cube_center(side, viewer_half), art.offered_cube(2).width)
    xs, ys = zip(*(p for arrow in g.offer_arrows(side, viewer_half) for p in arrow),
                 strict=True)
    return _union([cube, (min(xs) - 2, min(ys) - 2, max(xs) + 3, max(ys) + 3)])


@functools.cache
def _label_box(point: int) -> g.Box:
    x, y = g.label_center(point)
    return x - g.POINT_W // 2, y - g.STRIP_H // 2, x + g.POINT_W // 2, y + g.STRIP_H // 2


def _box(key: Key) -> g.Box:
    """A patch of the board that holds everything the layer draws."""
    kind = key[0]
    if kind == "label":
        return _label_box(key[1])
    if kind == "stack":
        return _stack_box(key[1], key[2], key[4])
    if kind == "marks":
        return _union([_mark_box(*m) for m in key[2]])
    if kind == "tray":
        x0, y0, x1, y1 = g.tray_box(key[1])
        return x0 - 4, y0 - 4, x1 + 4, y1 + 4
    if kind in ("die", "cube"):
        x, y = key[4] if kind == "die" else g.cube_center(key[2])
        half = (g.DIE if kind == "die" else g.CUBE) // 2 + art.SHADOW + 2
        return x - half, y - half, x + half, y + half
    if kind == "count":
        x0, y0, x1, y1 = g.tray_count_box(key[1])
        return x0 - 1, y0 - 1, x1 + 1, y1 + 1
    if kind == "offer":
        return _offer_box(key[2], key[3])
    if kind == "crawford":
        x, y = g.cube_center("center")
        half = g.CUBE // 2 + 2
        return x - half, y - half, x + half, y + half
    if kind == "result":
        x0, y0, x1, y1 = g.result_box()
        return x0 - art.SHADOW - 2, y0 - art.SHADOW - 2, x1 + art.SHADOW + 2, y1 + art.SHADOW + 2
    if kind == "caption":
        x = g.caption_center(key[3])[0]
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
    """A layer in palette form: `pixels` go at row `y`, column `x`. Where the layer leaves
    the board as it is, a `keyed` tile holds encode.TRANSPARENT (the palette's unused
    index): one byte a pixel where a separate mask took a second. A layer drawing that
    index itself (never seen: it is the unused magenta) keeps a `mask` of the pixels to
    paste instead; a tile with neither is pasted whole."""

    __slots__ = ("keyed", "mask", "nbytes", "pixels", "x", "y")

    def __init__(self, pixels: np.ndarray, mask: np.ndarray | None, x: int, y: int,
                 keyed: bool = False) -> None:
        pixels.flags.writeable = False  # shared between threads: never changed after this
        if mask is not None:
            mask.flags.writeable = False
        self.pixels, self.mask, self.x, self.y, self.keyed = pixels, mask, x, y, keyed
        self.nbytes = pixels.size * (1 if mask is None else 2) + 300

    def paste(self, lines: np.ndarray) -> None:
        """Onto PNG scanlines (a filter byte before each row)."""
        height, width = self.pixels.shape
        patch = lines[self.y:self.y + height, self.x + 1:self.x + 1 + width]
        if self.keyed:
            np.copyto(patch, self.pixels, where=self.pixels != encode.TRANSPARENT)
        elif self.mask is None:
            patch[...] = self.pixels
        else:
            np.copyto(patch, self.pixels, where=self.mask)


_EMPTY = _Tile(np.zeros((0, 0), np.uint8), None, 0, 0)  # a layer that changes no pixel
_TILE_BYTES = 16 << 20  # the tile cache's bound: a few thousand layers


class TileCache:
    """The layers' tiles, least recently used out past `limit` bytes (call `tile` with
    _LOCK held; `items` and `clear` take it themselves). What it holds and its counts are
    readable (tests, the memory probe)."""

    def __init__(self, limit: int = _TILE_BYTES) -> None:
        self.limit = limit
        self._tiles: OrderedDict[Key, _Tile] = OrderedDict()
        self.nbytes = 0  # the tiles' bytes, as `_Tile.nbytes` counts them
        self.lookups = 0
        self.built = 0
        self.build_seconds = 0.0  # the time the `built` tiles took

    def items(self) -> list[tuple[Key, _Tile]]:
        """The cached tiles by key, least recently used first."""
        with _LOCK:
            return list(self._tiles.items())

    def __len__(self) -> int:
        return len(self._tiles)

    def clear(self) -> None:
        """Forget every tile (the counts stay)."""
        with _LOCK:
            self._tiles.clear()
            self.nbytes = 0

    def tile(self, key: Key) -> _Tile:
        """The cached tile of `key`, built on a miss."""
        self.lookups += 1
        tile = self._tiles.get(key)
        if tile is not None:
            self._tiles.move_to_end(key)
            return tile
        started = time.perf_counter()
        tile = self._tiles[key] = _build(key)
        self.built += 1
        self.build_seconds += time.perf_counter() - started
        self.nbytes += tile.nbytes
        while self.nbytes > self.limit:
            self.nbytes -= self._tiles.popitem(last=False)[1].nbytes
        return tile


TILES = TileCache()  # the process's one tile cache


@functools.cache
def board_palette() -> Image.Image:
    """The empty board in palette form."""
    return encode.to_palette(art.board())


@functools.cache
def _empty_scanlines() -> np.ndarray:
    """The empty board as PNG scanlines: a filter byte (0, none) before each row."""
    lines = encode.scanlines(board_palette())
    lines.flags.writeable = False
    return lines


def _build(key: Key) -> _Tile:
    x0, y0, x1, y1 = _box(key)
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(g.WIDTH, x1), min(g.HEIGHT, y1)
    patch = art.board().crop((x0, y0, x1, y1))
    under = _empty_scanlines()[y0:y1, x0 + 1:x1 + 1]
    if key[0] == "marks" and key[1]:
        # Marks are painted over the stacks under and beside them, and the tile keeps only
        # what they change: pasted after every stack, it is what painting them would give.
        draw = ImageDraw.Draw(patch)
        for below in key[1]:
            paint(patch, below, (x0, y0), draw)
        under = np.asarray(encode.to_palette(patch))
    paint(patch, key, (x0, y0))
    pixels = np.asarray(encode.to_palette(patch))
    changed = pixels != under
    rows, cols = np.flatnonzero(changed.any(axis=1)), np.flatnonzero(changed.any(axis=0))
    if not len(rows):
        return _EMPTY
    top, bottom, left, right = int(rows[0]), int(rows[-1]) + 1, int(cols[0]), int(cols[-1]) + 1
    changed, pixels = changed[top:bottom, left:right], pixels[top:bottom, left:right]
    x, y = x0 + left, y0 + top
    if changed.all():
        return _Tile(pixels.copy(), None, x, y)
    if not (pixels[changed] == encode.TRANSPARENT).any():
        return _Tile(np.where(changed, pixels, np.uint8(encode.TRANSPARENT)), None, x, y,
                     keyed=True)
    return _Tile(pixels.copy(), changed.copy(), x, y)


def compose_scanlines(scene: Scene, out: np.ndarray | None = None) -> np.ndarray:
    """The board picture of `scene` as 8-bit PNG scanlines: an array of geometry.HEIGHT rows
    of a filter byte (0) and geometry.WIDTH palette indices (see encode.palette). Drawn into
    `out` when given (an array of that shape from an earlier call: `scanlines_buffer`)."""
    encode.palette()  # built (by composing samples) before the lock is taken
    with _LOCK:
        empty = _empty_scanlines()
        tiles = [TILES.tile(key) for key in layers(scene)]
    if out is None:
        lines = empty.copy()
    else:
        lines = out
        np.copyto(lines, empty)
    for tile in tiles:
        tile.paste(lines)
    return lines


def scanlines_buffer() -> np.ndarray:
    """An array for `compose_scanlines(scene, out=...)`."""
    return np.empty_like(_empty_scanlines())


def compose_palette(scene: Scene) -> Image.Image:
    """The board picture of `scene` as a P image in the shared palette."""
    image = Image.fromarray(compose_scanlines(scene)[:, 1:])
    colors = encode.palette().getpalette()
    assert colors is not None  # a "P" image has its palette
    image.putpalette(colors)
    return image
