"""The mistake board: a position with the move played and the best move drawn as arrows.

Orange for the move played, blue for the best one (theme.PLAYED, theme.BEST: apart for
red-green colour-blind eyes too). Each checker's path is one arrow from the checker that
moves to the spot where it lands; the two moves bend to opposite sides, so a part they share
shows twice. A legend under the board writes both moves in numbers after a sample of their
arrows. No words: the bot's caption gives the equities and the Position ID.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace

from PIL import Image, ImageDraw

from engine.moves import Move, Step, format_steps
from engine.position import BAR, OFF
from render import geometry as g
from render import text, theme
from render.compose import compose
from render.encode import encode
from render.scene import Scene

MoveLike = str | Sequence[tuple[int, int]] | Sequence[tuple[int, int, bool]]
Point = tuple[float, float]

SS = 3  # supersampling of the arrows
SHAFT = 9  # arrow width, px
EDGE = 2  # dark edge each side of an arrow
HEAD = 26  # arrowhead length
LEGEND_SIZES = (32, 28, 24)


def steps_of(move: MoveLike) -> tuple[Step, ...]:
    """A move as steps in the mover's numbering: notation (`13/7* 8/7`) or segments."""
    if isinstance(move, str):
        return Move.parse(move).steps
    steps = []
    for part in move:
        src, dst, *hit = part
        if not (1 <= src <= BAR and OFF <= dst < src):
            raise ValueError(f"bad move segment {part!r}")
        steps.append(Step(src, dst, bool(hit and hit[0])))
    return tuple(steps)


def _chains(steps: tuple[Step, ...]) -> list[tuple[int, int]]:
    """Each checker's path as (start, end): consecutive steps of one checker joined, as in
    the notation (24/18/13 is one path)."""
    paths: list[list[int]] = []
    open_ends: dict[int, list[list[int]]] = {}
    for step in sorted(steps, key=lambda s: -s.src):
        waiting = open_ends.get(step.src)
        path = waiting.pop() if waiting else None
        if path is None:
            path = [step.src, step.dst]
            paths.append(path)
        else:
            path[1] = step.dst
        open_ends.setdefault(step.dst, []).append(path)
    return [(a, b) for a, b in paths]


def _ends(scene: Scene, paths: list[tuple[int, int]]) -> list[tuple[Point, Point]]:
    """Where each arrow starts (the checker that moves) and ends (where it lands)."""
    me = scene.position.me
    stacks = scene.occupied()
    left: Counter[int] = Counter()
    came: Counter[int] = Counter()
    out: list[tuple[Point, Point]] = []
    for src, dst in paths:
        here = me[src] - left[src]
        left[src] += 1
        start = g.stack_centers("viewer", src)[max(0, min(here, g.MAX_STACK) - 1)]
        if dst == OFF:
            x0, y0, x1, y1 = g.slab_box("viewer", min(me[OFF] + came[OFF], 14))
            end: Point = ((x0 + x1) / 2, (y0 + y1) / 2)
        else:
            owner, count = stacks.get(dst, ("viewer", 0))
            count = count if owner == "viewer" else 0  # onto a blot: it is hit
            end = g.checker_center(dst, min(count + came[dst] - left[dst], g.MAX_STACK - 1))
        came[dst] += 1
        out.append((start, end))
    return out


def _curve(a: Point, b: Point, bend: float) -> list[Point]:
    """A gentle arc from a to b, bulging `bend` times its length to the left of a→b."""
    (ax, ay), (bx, by) = a, b
    length = math.hypot(bx - ax, by - ay) or 1.0
    nx, ny = -(by - ay) / length, (bx - ax) / length
    offset = bend * max(length, 120)
    cx, cy = (ax + bx) / 2 + nx * offset, (ay + by) / 2 + ny * offset
    return [((1 - t) ** 2 * ax + 2 * (1 - t) * t * cx + t * t * bx,
             (1 - t) ** 2 * ay + 2 * (1 - t) * t * cy + t * t * by)
            for t in (i / 32 for i in range(33))]


def _arrow(draw: ImageDraw.ImageDraw, points: list[Point], color: theme.RGB,
           edge: bool) -> None:
    """An arrow along `points` (picture pixels) drawn at SS x scale: its dark edge when
    `edge`, else its colour."""
    tip = points[-1]
    # The shaft stops where the head begins.
    shaft = [p for p in points if math.dist(p, tip) >= HEAD * 0.8] or points[:1]
    back = shaft[-1]
    dx, dy = tip[0] - back[0], tip[1] - back[1]
    norm = math.hypot(dx, dy) or 1.0
    ux, uy = dx / norm, dy / norm
    base = (tip[0] - ux * HEAD, tip[1] - uy * HEAD)
    half = HEAD * 0.55
    head = [tip, (base[0] - uy * half, base[1] + ux * half),
            (base[0] + uy * half, base[1] - ux * half)]
    grow = EDGE if edge else 0
    fill = theme.BAND if edge else color
    scaled = [(x * SS, y * SS) for x, y in [*shaft, base]]
    draw.line(scaled, fill=fill, width=(SHAFT + 2 * grow) * SS, joint="curve")
    r = (SHAFT / 2 + 3 + grow) * SS
    x, y = points[0][0] * SS, points[0][1] * SS
    draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)
    if edge:  # the head's edge: the same triangle pushed out by EDGE on every side
        cx = sum(p[0] for p in head) / 3
        cy = sum(p[1] for p in head) / 3
        grown = [(cx + (px - cx) * 1.25, cy + (py - cy) * 1.25) for px, py in head]
        draw.polygon([(px * SS, py * SS) for px, py in grown], fill=fill)
    else:
        draw.polygon([(px * SS, py * SS) for px, py in head], fill=fill)


LEGEND_ROW = 46  # the legend under the board: one row per move
LEGEND_PAD = 10


def _legend_rows(count: int) -> list[float]:
    top = g.HEIGHT + LEGEND_PAD
    return [top + (i + 0.5) * LEGEND_ROW for i in range(count)]


def _legend(canvas: Image.Image, rows: list[tuple[str, theme.RGB]]) -> None:
    """Under the board: each move in numbers after its sample arrow (drawn with the
    others)."""
    ink = ImageDraw.Draw(canvas)
    for y, (notation, _) in zip(_legend_rows(len(rows)), rows, strict=True):
        label, size = text.fit_sizes(notation, LEGEND_SIZES, g.WIDTH - 140)
        ink.text((124, y), label, font=text.font(size), fill=theme.BAND_TEXT, anchor="lm")


def _paste(canvas: Image.Image, overlay: Image.Image) -> None:
    small = overlay.reduce(SS)  # a box filter: smooth enough for arrows, and fast
    canvas.paste(small, (0, 0), small)


def compose_mistake(scene: Scene, played: MoveLike, best: MoveLike,
                    notation: Callable[[str], str] | None = None) -> Image.Image:
    """The RGB picture of render_mistake."""
    moves = [(steps_of(played), theme.PLAYED, 0.16), (steps_of(best), theme.BEST, -0.16)]
    plain = replace(scene, caption="", last_move=(), moves=(), selected=None, targets=())
    canvas = Image.new("RGB", (g.WIDTH, g.HEIGHT + 2 * LEGEND_ROW + 2 * LEGEND_PAD),
                       theme.BAND)
    canvas.paste(compose(plain), (0, 0))
    overlay = Image.new("RGBA", (canvas.width * SS, canvas.height * SS), (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    arrows = [(_curve(a, b, bend), color)
              for steps, color, bend in moves
              for a, b in _ends(plain, _chains(steps))]
    arrows += [([(32, y), (100, y)], color)  # the legend's samples
               for y, (_, color, _) in zip(_legend_rows(len(moves)), moves, strict=True)]
    for edge in (True, False):  # every edge first, so no edge cuts across another arrow
        for points, color in arrows:
            _arrow(draw, points, color, edge)
    _paste(canvas, overlay)
    written = notation or (lambda move: move)
    _legend(canvas, [(written(format_steps(steps)), color) for steps, color, _ in moves])
    return canvas


def render_mistake(scene: Scene, *, played: MoveLike, best: MoveLike,
                   notation: Callable[[str], str] | None = None) -> bytes:
    """A PNG of `scene` with the move played (orange) and the best move (blue) drawn.

    `scene` is the position before the move, seen by the player who made it (on roll, with
    the dice); the moves are notation (`"13/7* 8/7"`) or segments `(from, to)` in that
    player's numbering (25 bar, 0 off). Marks of earlier moves and the step interface are
    left out. `notation` rewrites a move as written below the board (the reader's words for
    the bar and off).
    """
    return encode(compose_mistake(scene, played, best, notation))
