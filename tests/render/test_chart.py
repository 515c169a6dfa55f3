"""The /me chart: nothing clipped, and the error-rate panel below the rating."""

from __future__ import annotations

import io

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from PIL import Image

from render import theme
from render.chart import DPI, ChartLabels, chart_figure, render_rating_chart

RISING = [1520, 1490, 1560, 1610, 1580, 1650, 1700]  # the best rating is the last one
PEAKED = [1520, 1610, 1750, 1700, 1640, 1660, 1600]


def _inside(inner, outer, slack: float = 0.5) -> bool:
    return (inner.x0 >= outer.x0 - slack and inner.x1 <= outer.x1 + slack
            and inner.y0 >= outer.y0 - slack and inner.y1 <= outer.y1 + slack)


@pytest.mark.parametrize("ratings", [RISING, PEAKED, [], list(range(1500, 2500, 10))])
@pytest.mark.parametrize("errors", [(), (12.5, 8.0, 20.1, 4.2), (0.0,), (0.0, 0.3)])
def test_no_point_or_label_is_clipped(ratings, errors):
    figure = chart_figure(ratings, start=1500, title="Алишер · Short", error_rates=errors,
                          labels=ChartLabels("Рейтинг", "Рейтинговые партии", "Уровень ошибок",
                                             "Разобранные партии"))
    renderer = FigureCanvasAgg(figure).get_renderer()
    assert len(figure.axes) == (2 if errors else 1)
    for axes in figure.axes:
        line = axes.lines[-1]  # the series (drawn after the dashed reference line)
        xs, ys = line.get_data()
        radius = line.get_markersize() / 2 * DPI / 72 + line.get_linewidth() * DPI / 72 / 2
        for x, y in ((xs[0], ys[0]), (xs[-1], ys[-1])):
            px, py = axes.transData.transform((x, y))
            box = axes.bbox
            assert box.x0 + radius <= px <= box.x1 - radius, (x, y)
            assert box.y0 + radius <= py <= box.y1 - radius, (x, y)
        for text in axes.texts:  # the last value beside its point, the best rating
            assert _inside(text.get_window_extent(renderer), axes.bbox), text.get_text()
        # Everything drawn for the axes (tick labels, title, texts) is inside the picture.
        assert _inside(axes.get_tightbbox(renderer), figure.bbox)


def test_the_last_rating_is_written_beside_its_point():
    figure = chart_figure(PEAKED, start=1500)
    labels = [t.get_text() for t in figure.axes[0].texts]
    assert labels == ["1600", "1750"]  # the current rating, then the best
    figure = chart_figure(RISING, start=1500)
    assert [t.get_text() for t in figure.axes[0].texts] == ["1700"]


def test_the_error_panel_makes_the_picture_taller_and_draws_its_series():
    plain = Image.open(io.BytesIO(render_rating_chart(PEAKED, start=1500))).convert("RGB")
    both = Image.open(io.BytesIO(render_rating_chart(PEAKED, start=1500,
                                                     error_rates=[10.0, 6.5, 8.0])))
    both = both.convert("RGB")
    assert plain.size == (800, 450) and both.size[0] == 800 and both.size[1] > 600
    lower = both.crop((0, both.size[1] * 2 // 3, 800, both.size[1]))
    assert _pixels_near(lower, theme.STEP) > 300
    assert _pixels_near(plain, theme.STEP) == 0


def _pixels_near(image, color, tolerance: float = 40) -> int:
    rgb = np.asarray(image, dtype=float)
    return int((np.sqrt(((rgb - color) ** 2).sum(axis=2)) <= tolerance).sum())


def test_axes_are_named_and_one_game_has_one_whole_tick():
    names = ChartLabels("Rating", "Rated games", "Error rate", "Analysed games")
    figure = chart_figure([1516], start=1500, error_rates=[12.5], labels=names)
    FigureCanvasAgg(figure).draw()
    top, below = figure.axes
    assert (top.get_ylabel(), top.get_xlabel()) == ("Rating", "Rated games")
    assert (below.get_ylabel(), below.get_xlabel()) == ("Error rate", "Analysed games")
    assert [t.get_text() for t in below.get_xticklabels()] == ["1"]
    assert [t.get_text() for t in top.get_xticklabels()] == ["0", "1"]
    many = chart_figure(list(range(1500, 1560)), start=1500)
    FigureCanvasAgg(many).draw()
    ticks = many.axes[0].get_xticks()
    assert all(float(x).is_integer() for x in ticks) and len(ticks) < 15


@pytest.mark.parametrize("ratings", [[1512], [1516, 1490], list(range(1500, 1800, 3))])
@pytest.mark.parametrize("errors", [[4.2], [0.0], [0.0, 0.0, 0.3], [12.5, 8.0, 20.1] * 30])
def test_value_ticks_are_round_for_any_number_of_games(ratings, errors):
    """Issue 42: a rating axis read 1502.5, 1507.5 and an error axis 0.00, 0.25 …: ratings
    tick at whole numbers, errors at round values from 0 up, written without zeros."""
    figure = chart_figure(ratings, start=1500, error_rates=errors)
    FigureCanvasAgg(figure).draw()
    top, below = figure.axes
    low, high = top.get_ylim()
    shown = [v for v in top.get_yticks() if low <= v <= high]
    assert len(shown) >= 2 and all(float(v).is_integer() for v in shown), shown
    assert _round(shown[1] - shown[0]), shown
    xs = below.get_xticks() if len(errors) > 10 else top.get_xticks()
    assert _round(xs[1] - xs[0]), xs
    low, high = below.get_ylim()
    ticks = [(v, t.get_text()) for v, t in zip(below.get_yticks(), below.get_yticklabels(),
                                               strict=True) if low <= v <= high]
    assert ticks[0][0] == 0 and 3 <= len(ticks) <= 7, ticks
    assert _round(ticks[1][0] - ticks[0][0]), ticks
    assert all(text == f"{value:g}" for value, text in ticks), ticks  # "0.5", not "0.50"


def _round(step: float) -> bool:
    """1, 2, 2.5 or 5 times a power of ten."""
    return any(abs(step / 10 ** e - s) < 1e-9 for s in (1, 2, 2.5, 5) for e in range(-3, 4))
