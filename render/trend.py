"""A small picture of a player's PR over their last matches, for /me.

Pillow, drawn at twice the size and scaled down (smooth lines). Language-neutral: numbers
only, no words, so every reader gets the same picture. The colours are the rating chart's
(`render.chart`): its band around, the felt inside, the error-rate cyan for the line. Each
match is a point, oldest on the left; the dashed line is the average; the last value is
written beside its point. Lower is better, as on the chart's error-rate panel.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render import theme
from render.text import font

WIDTH, HEIGHT = 640, 240  # pixels as sent
SCALE = 2  # drawn at this multiple, then scaled down
_LEFT, _RIGHT, _TOP, _BOTTOM = 64, 84, 20, 24  # the plot's margins, in sent pixels
GRID_STEPS = (1, 2, 2.5, 5, 10)  # tick spacing: one of these times a power of ten


def _step(top: float) -> float:
    """A round tick spacing giving three to five gridlines from 0 to `top`."""
    magnitude = 10 ** math.floor(math.log10(max(top, 1e-9) / 4))
    return next((s * magnitude for s in GRID_STEPS if top / (s * magnitude) <= 5),
                10 * magnitude)


def ceiling(values: Sequence[float]) -> float:
    """The top of the value axis: a whole tick above the largest value and a little room."""
    step = _step(max(values) * 1.15)
    return step * math.ceil(max(values) * 1.15 / step) or step


def frame() -> tuple[int, int, int, int]:
    """The plot's box (left, top, right, bottom) in sent pixels."""
    return _LEFT, _TOP, WIDTH - _RIGHT, HEIGHT - _BOTTOM


def points(values: Sequence[float]) -> list[tuple[float, float]]:
    """Where each value's marker is drawn, in sent pixels: oldest left, 0 at the bottom."""
    left, top, right, bottom = frame()
    top_value = ceiling(values)
    inner = 14  # room inside the frame for the first and last markers
    if len(values) == 1:
        xs = [(left + right) / 2]
    else:
        xs = [left + inner + (right - left - 2 * inner) * i / (len(values) - 1)
              for i in range(len(values))]
    return [(x, bottom - (bottom - top) * v / top_value) for x, v in zip(xs, values,
                                                                        strict=True)]


def render_pr_trend(values: Sequence[float]) -> bytes:
    """A PNG of `values` (PRs, oldest first; at least one)."""
    if not values:
        raise ValueError("a trend needs at least one value")
    s = SCALE
    image = Image.new("RGB", (WIDTH * s, HEIGHT * s), theme.BAND)
    draw = ImageDraw.Draw(image)
    left, top, right, bottom = (edge * s for edge in frame())
    draw.rectangle((left, top, right, bottom), fill=theme.FIELD, outline=theme.BAND_TEXT,
                   width=s)
    top_value, step = ceiling(values), _step(max(values) * 1.15)
    small = font(13 * s)
    tick = 0.0
    while tick <= top_value + 1e-9:
        y = bottom - (bottom - top) * tick / top_value
        draw.line((left, y, right, y), fill=theme.BAND_MUTED, width=1)
        draw.text((left - 8 * s, y), f"{tick:g}", font=small, fill=theme.BAND_TEXT,
                  anchor="rm")
        tick += step
    scaled = [(x * s, y * s) for x, y in points(values)]
    mean = sum(values) / len(values)
    mean_y = bottom - (bottom - top) * mean / top_value
    for dash in range(left, right, 12 * s):  # the average, dashed
        draw.line((dash, mean_y, min(dash + 6 * s, right), mean_y), fill=theme.STEP, width=s)
    if len(scaled) > 1:
        draw.line(scaled, fill=theme.STEP, width=3 * s, joint="curve")
    radius = 4 * s
    for x, y in scaled:
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=theme.STEP)
    last_x, last_y = scaled[-1]
    draw.text((last_x + 10 * s, last_y), f"{values[-1]:.1f}", font=font(16 * s),
              fill=theme.STEP, anchor="lm")
    out = io.BytesIO()
    image.resize((WIDTH, HEIGHT), Image.Resampling.LANCZOS).save(out, format="PNG", optimize=True)
    return out.getvalue()
