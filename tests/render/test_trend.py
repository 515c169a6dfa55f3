"""/me's PR trend picture: its size, each match's marker where its value is, the scale
from 0 to a round top, and numbers only."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render import theme
from render.trend import HEIGHT, WIDTH, ceiling, frame, points, render_pr_trend

PRS = [14.2, 11.8, 16.5, 9.4, 10.1, 7.9, 8.6]


def _image(values: list[float]) -> Image.Image:
    return Image.open(io.BytesIO(render_pr_trend(values))).convert("RGB")


def _near(a: tuple[int, ...], b: tuple[int, ...], slack: int = 40) -> bool:
    return all(abs(x - y) <= slack for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize("values", [PRS, [6.3], [45.0, 120.5, 31.0], [0.0, 0.0]])
def test_each_match_is_a_marker_at_its_value(values):
    image = _image(values)
    assert image.size == (WIDTH, HEIGHT)
    assert _near(image.getpixel((2, 2)), theme.BAND, 0)  # the band around
    for x, y in points(values):
        assert _near(image.getpixel((round(x), round(y))), theme.STEP)
    left, _, right, _ = frame()
    xs = [x for x, _ in points(values)]
    assert all(left < x < right for x in xs) and xs == sorted(xs)


def test_the_scale_runs_from_zero_to_a_round_top():
    assert ceiling(PRS) == 20.0  # 16.5 and room: 20, ticks every 5
    assert ceiling([6.3]) == 8.0
    assert ceiling([45.0, 120.5, 31.0]) == 150.0
    _, top, _, bottom = frame()
    [(_, y_high), (_, y_zero)] = points([16.5, 0.0])  # the scale is 0 to 20 again
    assert y_zero == bottom
    assert y_high == pytest.approx(bottom - (bottom - top) * 16.5 / 20)


def test_no_values_no_picture():
    with pytest.raises(ValueError):
        render_pr_trend([])
