"""Everything static, drawn once per process and cached: the empty board and the sprites.

Shapes are drawn at 4x and scaled down, which gives smooth edges without per-render cost;
a render only pastes these images and writes a few numbers.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from PIL import Image, ImageDraw, ImageFilter

from render import geometry as g
from render import theme
from render.text import font

SS = 4  # supersampling factor
SHADOW = 4  # room around a sprite for its soft shadow
_Draw = Callable[[ImageDraw.ImageDraw, int], None]


def paste(canvas: Image.Image, sprite: Image.Image, center: tuple[float, float]) -> None:
    """Paste an RGBA sprite centred on `center`, blending by its alpha."""
    x, y = center
    canvas.paste(sprite, (round(x - sprite.width / 2), round(y - sprite.height / 2)), sprite)


def _sprite(w: int, h: int, paint: _Draw, *, shadow: bool = True) -> Image.Image:
    """An RGBA sprite of w x h (plus a shadow margin) painted at SS x scale by `paint`."""
    m = SHADOW if shadow else 0
    big = Image.new("RGBA", ((w + 2 * m) * SS, (h + 2 * m) * SS), (0, 0, 0, 0))
    if shadow:
        # The same shape in translucent black, blurred and shifted down-right.
        mask = Image.new("RGBA", big.size, (0, 0, 0, 0))
        paint(ImageDraw.Draw(mask), m * SS)
        alpha = mask.getchannel("A").point(lambda a: a * 90 // 255)
        alpha = alpha.filter(ImageFilter.GaussianBlur(1.5 * SS))
        big.paste((0, 0, 0, 255), (SS, 2 * SS), alpha)
    paint(ImageDraw.Draw(big), m * SS)
    return big.resize((w + 2 * m, h + 2 * m), Image.Resampling.LANCZOS)


@functools.cache
def checker(color: str) -> Image.Image:
    body, rim, ring, _ = theme.CHECKER[color]
    d = 2 * g.CHECKER_R

    def paint(draw: ImageDraw.ImageDraw, o: int) -> None:
        r = d * SS
        draw.ellipse((o, o, o + r - 1, o + r - 1), fill=rim)
        inset = 3 * SS
        draw.ellipse((o + inset, o + inset, o + r - 1 - inset, o + r - 1 - inset), fill=body)
        inner = round(0.2 * r)  # a ring at 60 % of the radius, like a turned checker
        draw.ellipse(
            (o + inner, o + inner, o + r - 1 - inner, o + r - 1 - inner),
            outline=ring,
            width=2 * SS,
        )

    return _sprite(d, d, paint)


@functools.cache
def slab(color: str) -> Image.Image:
    """A borne-off checker seen edge-on."""
    body, rim, _, _ = theme.CHECKER[color]
    w, h = g.TRAY_W - 16, g.SLAB_H

    def paint(draw: ImageDraw.ImageDraw, o: int) -> None:
        draw.rounded_rectangle(
            (o, o, o + w * SS - 1, o + h * SS - 1), radius=5 * SS, fill=body, outline=rim,
            width=2 * SS,
        )

    return _sprite(w, h, paint, shadow=False)


_PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


@functools.cache
def die(value: int, color: str, used: bool) -> Image.Image:
    """A die face. A used die keeps its full outline but its face and pips fade into the
    felt: still countable, plainly spent."""
    face, pip = theme.DIE[color]
    edge = theme.CHECKER[color][1]
    alpha = 80 if used else 255
    n = g.DIE

    def paint(draw: ImageDraw.ImageDraw, o: int) -> None:
        s = n * SS
        draw.rounded_rectangle(
            (o, o, o + s - 1, o + s - 1), radius=10 * SS, fill=(*face, alpha), outline=edge,
            width=(2 if used else 1) * SS,
        )
        c, step, r = o + s / 2, 0.26 * s, 0.095 * s
        for dx, dy in _PIPS[value]:
            x, y = c + dx * step, c + dy * step
            draw.ellipse((x - r, y - r, x + r, y + r), fill=(*pip, alpha))

    return _sprite(n, n, paint, shadow=not used)


def _cube_face(draw: ImageDraw.ImageDraw, o: int, n: int, alpha: int = 255) -> None:
    s = n * SS
    draw.rounded_rectangle(
        (o, o, o + s - 1, o + s - 1), radius=8 * SS, fill=(*theme.CUBE_FACE, alpha),
        outline=theme.FRAME_EDGE, width=SS,
    )


def _cube_value(sprite: Image.Image, value: int, margin: int,
                color: tuple[int, ...] = theme.CUBE_TEXT) -> None:
    text = str(value)
    size = 24 if len(text) < 3 else 18
    ImageDraw.Draw(sprite).text((margin + g.CUBE / 2, margin + g.CUBE / 2), text,
                                font=font(size), fill=color, anchor="mm")


@functools.cache
def cube(value: int) -> Image.Image:
    sprite = _sprite(g.CUBE, g.CUBE, lambda draw, o: _cube_face(draw, o, g.CUBE))
    _cube_value(sprite, value, SHADOW)
    return sprite


OFFER_RING = 4  # the gold frame round an offered cube


@functools.cache
def offered_cube(value: int) -> Image.Image:
    """A double on offer: the cube at its new value in a gold frame."""
    m = OFFER_RING + 2
    n = g.CUBE + 2 * m

    def paint(draw: ImageDraw.ImageDraw, o: int) -> None:
        s = n * SS
        draw.rounded_rectangle((o, o, o + s - 1, o + s - 1), radius=12 * SS,
                               outline=theme.BAND, width=(OFFER_RING + 2) * SS)
        draw.rounded_rectangle((o + SS, o + SS, o + s - 1 - SS, o + s - 1 - SS),
                               radius=11 * SS, outline=theme.SCORE, width=OFFER_RING * SS)
        _cube_face(draw, o + m * SS, g.CUBE)

    sprite = _sprite(n, n, paint)
    _cube_value(sprite, value, SHADOW + m)
    return sprite


@functools.cache
def crossed_cube() -> Image.Image:
    """The Crawford game: the cube faded and crossed out, doubling is not allowed."""
    n = g.CUBE
    sprite = _sprite(n, n, lambda draw, o: _cube_face(draw, o, n, alpha=215), shadow=False)
    _cube_value(sprite, 64, 0, (*theme.CUBE_TEXT, 170))
    big = Image.new("RGBA", (sprite.width * SS, sprite.height * SS), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    a, b = 5 * SS, (n - 5) * SS
    for width, color in ((11, theme.BAND), (6, theme.CROSS)):
        draw.line((a, a, b, b), fill=color, width=width * SS)
        draw.line((a, b, b, a), fill=color, width=width * SS)
    cross = big.resize(sprite.size, Image.Resampling.LANCZOS)
    return Image.alpha_composite(sprite, cross)


@functools.cache
def count_badge(color: str) -> Image.Image:
    """The badge behind a borne-off count, in the side's checker colour."""
    body, rim, _, _ = theme.CHECKER[color]
    w, h = g.COUNT_W, g.COUNT_H

    def paint(draw: ImageDraw.ImageDraw, o: int) -> None:
        draw.rounded_rectangle((o, o, o + w * SS - 1, o + h * SS - 1), radius=h * SS // 2,
                               fill=body, outline=rim, width=2 * SS)

    return _sprite(w, h, paint, shadow=False)


@functools.cache
def banner() -> Image.Image:
    """The result banner's plate: dark, framed in gold."""
    x0, y0, x1, y1 = g.result_box()
    w, h = x1 - x0, y1 - y0

    def paint(draw: ImageDraw.ImageDraw, o: int) -> None:
        draw.rounded_rectangle((o, o, o + w * SS - 1, o + h * SS - 1), radius=18 * SS,
                               fill=(*theme.BAND, 238), outline=theme.SCORE, width=3 * SS)

    return _sprite(w, h, paint)


@functools.cache
def winner_chip(color: str) -> Image.Image:
    """The winner's colour on the result banner: a checker on a gold disc."""
    d = 56

    def paint(draw: ImageDraw.ImageDraw, o: int) -> None:
        draw.ellipse((o, o, o + d * SS - 1, o + d * SS - 1), fill=theme.SCORE)

    sprite = _sprite(d, d, paint, shadow=False)
    disc = checker(color).resize((d - 4, d - 4), Image.Resampling.LANCZOS)  # shadow included
    sprite.alpha_composite(disc, (2, 2))
    return sprite


@functools.cache
def ring(color: tuple[int, int, int], width: int = 4) -> Image.Image:
    """A ring hugging a checker: the last move's arrival, the selected checker. A dark
    hairline on both sides keeps it visible on cream, red and green alike."""
    d = 2 * g.CHECKER_R + 2 * width + 4

    def paint(draw: ImageDraw.ImageDraw, o: int) -> None:
        box = (o, o, o + d * SS - 1, o + d * SS - 1)
        draw.ellipse(box, outline=theme.BAND, width=(width + 4) * SS)
        inset = 2 * SS
        draw.ellipse((box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset),
                     outline=color, width=width * SS)

    return _sprite(d, d, paint, shadow=False)


@functools.cache
def ghost(color: tuple[int, int, int], width: int = 4) -> Image.Image:
    """Where a checker left: a dashed circle, nothing inside, so that the point or the bar
    shows through and it never reads as a checker. Dark edges keep it visible on cream, red,
    green and walnut alike."""
    d = 2 * g.CHECKER_R
    dashes, gap = 12, 11  # 12 dashes of 19 degrees

    def paint(draw: ImageDraw.ImageDraw, o: int) -> None:
        inset = SS
        box = (o + inset, o + inset, o + d * SS - 1 - inset, o + d * SS - 1 - inset)
        for i in range(dashes):  # a dash centred on every 30 degrees, 0 (right) included
            start = (i - 0.5) * 360 / dashes + gap / 2
            end = (i + 0.5) * 360 / dashes - gap / 2
            draw.arc(box, start - 2, end + 2, fill=theme.BAND, width=(width + 4) * SS)
            inner = (box[0] + 2 * SS, box[1] + 2 * SS, box[2] - 2 * SS, box[3] - 2 * SS)
            draw.arc(inner, start, end, fill=color, width=width * SS)

    sprite = _sprite(d, d, paint, shadow=False)
    # Resampling leaves a faint haze of alpha next to the dashes: cleared, so that inside the
    # circle the board stays exactly as it is.
    sprite.putalpha(sprite.getchannel("A").point(lambda a: 0 if a < 16 else a))
    return sprite


@functools.cache
def target(color: tuple[int, int, int]) -> Image.Image:
    """A translucent disc where the selected checker may go (covering a blot it would hit)."""
    d = 2 * g.CHECKER_R

    def paint(draw: ImageDraw.ImageDraw, o: int) -> None:
        box = (o, o, o + d * SS - 1, o + d * SS - 1)
        draw.ellipse(box, fill=(*color, 80), outline=theme.BAND, width=7 * SS)
        inset = SS
        draw.ellipse((box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset),
                     outline=color, width=5 * SS)

    return _sprite(d, d, paint, shadow=False)


@functools.cache
def pill(color: tuple[int, int, int], filled: bool) -> Image.Image:
    """The badge behind a point number that the last move or the step interface marks."""
    w, h = 44, 28

    def paint(draw: ImageDraw.ImageDraw, o: int) -> None:
        box = (o, o, o + w * SS - 1, o + h * SS - 1)
        if filled:
            draw.rounded_rectangle(box, radius=h * SS // 2, fill=color)
        else:
            draw.rounded_rectangle(box, radius=h * SS // 2, outline=color, width=3 * SS)

    return _sprite(w, h, paint, shadow=False)


@functools.cache
def chip(color: str) -> Image.Image:
    """A small checker beside a player's name, showing their colour."""
    return checker(color).resize((40, 40), Image.Resampling.LANCZOS)


def _paint_board(draw: ImageDraw.ImageDraw, s: int) -> None:
    """The empty board at scale `s`."""

    def box(x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
        return x0 * s, y0 * s, x1 * s - 1, y1 * s - 1

    draw.rectangle(box(0, 0, g.WIDTH, g.HEIGHT), fill=theme.BAND)
    draw.rectangle(box(0, g.HEADER_H, g.WIDTH, g.FOOTER_Y), fill=theme.FRAME)
    for x0 in (g.LEFT_X, g.RIGHT_X):
        draw.rectangle(box(x0 - 3, g.FIELD_Y - 3, x0 + g.HALF_W + 3, g.FIELD_Y1 + 3),
                       fill=theme.FRAME_EDGE)
        draw.rectangle(box(x0, g.FIELD_Y, x0 + g.HALF_W, g.FIELD_Y1), fill=theme.FIELD)
    for point in range(1, 25):
        color = theme.POINT_LIGHT if point % 2 else theme.POINT_DARK
        draw.polygon([(x * s, y * s) for x, y in g.triangle(point)], fill=color)
    for side in ("viewer", "opponent"):
        x0, y0, x1, y1 = g.tray_box(side)
        draw.rounded_rectangle(box(x0 - 3, y0 - 3, x1 + 3, y1 + 3), radius=8 * s,
                               fill=theme.FRAME_EDGE)
        draw.rounded_rectangle(box(x0, y0, x1, y1), radius=6 * s, fill=theme.TRAY)


@functools.cache
def board() -> Image.Image:
    """The empty board with its point numbers, RGB, ready to be copied for each render."""
    big = Image.new("RGB", (g.WIDTH * SS, g.HEIGHT * SS))
    _paint_board(ImageDraw.Draw(big), SS)
    image = big.resize((g.WIDTH, g.HEIGHT), Image.Resampling.LANCZOS)
    draw = ImageDraw.Draw(image)
    for point in range(1, 25):
        draw.text(g.label_center(point), str(point), font=font(21), fill=theme.FRAME_TEXT,
                  anchor="mm")
    return image
