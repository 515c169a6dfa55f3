"""The /me chart: rating history, and below it the error rate per analysed game.

matplotlib (Agg), DejaVu Sans. The chart is drawn for one reader: its title and axis names
come in that reader's language (`ChartLabels`); the x axes count games, in whole numbers.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Sequence
from dataclasses import dataclass

import matplotlib

matplotlib.use("Agg")  # no display, and safe off the main thread
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter, MaxNLocator

from render import theme

_LOCK = threading.Lock()  # matplotlib's font cache and text layout are not thread-safe
WIDTH, HEIGHT, DPI = 8.0, 4.5, 100  # 800 x 450 px: readable on a phone
ERRORS_HEIGHT = 2.2  # the error-rate panel adds 220 px
MARKERS_UP_TO = 40  # games; beyond that the line alone
EVERY_GAME_UP_TO = 10  # games; up to that many, each has its tick
ROUND_STEPS = (1, 2, 2.5, 5, 10)  # value ticks: one of these times a power of ten
_FLOOR_ROOM = 0.1  # room below 0 on the error axis, so a game without errors shows whole
# Room right of the last point for its value, as a share of the x range: the value is
# written beside the point, where no part of the line can be.
_LABEL_ROOM = 0.12
_EDGE_ROOM = 0.03  # and on the left, so that the first marker is not cut in half


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


TEXT = _hex(theme.BAND_TEXT)


@dataclass(frozen=True)
class ChartLabels:
    """The axes' names, in the reader's language ("" leaves an axis unnamed)."""

    rating: str = ""
    games: str = ""
    errors: str = ""
    analysed: str = ""


def _style(axes: Axes, xs: list[int], x_name: str, y_name: str) -> None:
    axes.set_facecolor(_hex(theme.FIELD))
    axes.tick_params(colors=TEXT, labelsize=13)
    for spine in axes.spines.values():
        spine.set_color(TEXT)
    axes.grid(color=TEXT, alpha=0.15)
    span = max(1, xs[-1] - xs[0])
    axes.set_xlim(xs[0] - _EDGE_ROOM * span, xs[-1] + _LABEL_ROOM * span)
    if len(xs) <= EVERY_GAME_UP_TO:  # whole games only, even for one game
        axes.set_xticks(xs)
    else:
        axes.xaxis.set_major_locator(MaxNLocator(integer=True, steps=list(ROUND_STEPS)))
    for name, set_name in ((x_name, axes.set_xlabel), (y_name, axes.set_ylabel)):
        if name:
            set_name(name, color=TEXT, fontsize=12)


def _series(axes: Axes, xs: list[int], values: Sequence[float], color: str, fmt: str) -> None:
    """A line with markers (up to MARKERS_UP_TO points) and its last value beside it."""
    axes.plot(xs, values, color=color, linewidth=3, marker="o",
              markersize=5 if len(xs) <= MARKERS_UP_TO else 0, zorder=3)
    axes.annotate(fmt.format(values[-1]), (xs[-1], values[-1]), textcoords="offset points",
                  xytext=(8, 0), ha="left", va="center", color=color, fontsize=14,
                  fontweight="bold", annotation_clip=False)


def chart_figure(ratings: Sequence[int], *, start: int, title: str = "",
                 error_rates: Sequence[float] = (), labels: ChartLabels = ChartLabels()
                 ) -> Figure:
    """The chart as a matplotlib Figure (render_rating_chart saves it; tests measure it)."""
    values = [start, *ratings]
    games = list(range(len(values)))
    height = HEIGHT + (ERRORS_HEIGHT if error_rates else 0)
    figure = Figure(figsize=(WIDTH, height), dpi=DPI, facecolor=_hex(theme.BAND))
    if error_rates:
        axes, below = figure.subplots(2, 1, height_ratios=[HEIGHT - 0.9, ERRORS_HEIGHT - 0.2])
    else:
        axes, below = figure.add_subplot(), None
    _style(axes, games, labels.games, labels.rating)
    axes.axhline(start, color=TEXT, linewidth=1, linestyle="--", zorder=2)
    _series(axes, games, values, _hex(theme.SCORE), "{:.0f}")
    best = max(range(len(values)), key=values.__getitem__)
    if best != games[-1]:  # the last value is written beside its point already
        axes.annotate(f"{values[best]}", (best, values[best]), textcoords="offset points",
                      xytext=(0, 10), ha="center", color=TEXT, fontsize=14,
                      fontweight="bold")
    axes.margins(y=0.18)  # room for the best rating's label
    # A rating is a whole number: ticks at round whole steps (2, 5, 10, 25, 50, …).
    axes.yaxis.set_major_locator(MaxNLocator(integer=True, steps=list(ROUND_STEPS)))
    if title:
        axes.set_title(title, color=TEXT, fontsize=16, fontweight="bold")
    if below is not None:
        # Error rate (mean equity lost per decision x 1000) per analysed game, numbered
        # from 1; the dashed line is the player's average.
        rates = list(error_rates)
        numbers = list(range(1, len(rates) + 1))
        _style(below, numbers, labels.analysed, labels.errors)
        mean = sum(rates) / len(rates)
        below.axhline(mean, color=_hex(theme.STEP), linewidth=1, linestyle="--", zorder=2)
        _series(below, numbers, rates, _hex(theme.STEP), "{:.1f}")
        top = max(rates) * 1.25 or 1
        below.set_ylim(-_FLOOR_ROOM * top, top)
        # Round ticks from 0 up ("0.5", "1", not "0.50", "1.00"), whatever the values.
        below.yaxis.set_major_locator(MaxNLocator(nbins=5, steps=list(ROUND_STEPS)))
        below.yaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:g}"))
    figure.tight_layout()
    return figure


def render_rating_chart(ratings: Sequence[int], *, start: int, title: str = "",
                        error_rates: Sequence[float] = (),
                        labels: ChartLabels = ChartLabels()) -> bytes:
    """A PNG of the rating after each rated game, starting from `start` (game 0).

    `title` (a player's name, any Unicode the font has) is drawn above it. With
    `error_rates` (one per analysed game, oldest first: mean equity lost per decision
    x 1000) a second, smaller panel below shows them, with their average dashed.
    """
    with _LOCK:
        figure = chart_figure(ratings, start=start, title=title, error_rates=error_rates,
                              labels=labels)
        out = io.BytesIO()
        figure.savefig(out, format="png", facecolor=figure.get_facecolor())
    return out.getvalue()
