"""The rating-history chart: matplotlib (Agg), DejaVu Sans, numbers only (language-neutral)."""

from __future__ import annotations

import io
import threading
from collections.abc import Sequence

import matplotlib

matplotlib.use("Agg")  # no display, and safe off the main thread
from matplotlib.figure import Figure

from render import theme

_LOCK = threading.Lock()  # matplotlib's font cache and text layout are not thread-safe
WIDTH, HEIGHT, DPI = 8.0, 4.5, 100  # 800 x 450 px: readable on a phone


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def render_rating_chart(ratings: Sequence[int], *, start: int, title: str = "") -> bytes:
    """A PNG of the rating after each rated game, starting from `start` (game 0).

    The x axis counts games, so the picture needs no words; `title` (a player's name, any
    Unicode the font has) is drawn above it.
    """
    values = [start, *ratings]
    games = list(range(len(values)))
    with _LOCK:
        figure = Figure(figsize=(WIDTH, HEIGHT), dpi=DPI, facecolor=_hex(theme.BAND))
        axes = figure.add_subplot()
        axes.set_facecolor(_hex(theme.FIELD))
        axes.plot(games, values, color=_hex(theme.SCORE), linewidth=3, marker="o",
                  markersize=5 if len(values) <= 40 else 0, zorder=3)
        axes.axhline(start, color=_hex(theme.BAND_TEXT), linewidth=1, linestyle="--", zorder=2)
        best = max(range(len(values)), key=values.__getitem__)
        axes.annotate(f"{values[best]}", (best, values[best]), textcoords="offset points",
                      xytext=(0, 10), ha="center", color=_hex(theme.BAND_TEXT), fontsize=14,
                      fontweight="bold")
        axes.tick_params(colors=_hex(theme.BAND_TEXT), labelsize=13)
        for spine in axes.spines.values():
            spine.set_color(_hex(theme.BAND_TEXT))
        axes.grid(color=_hex(theme.BAND_TEXT), alpha=0.15)
        axes.set_xlim(0, max(1, len(values) - 1))
        axes.margins(y=0.18)  # room for the best-rating label
        axes.xaxis.get_major_locator().set_params(integer=True)
        if title:
            axes.set_title(title, color=_hex(theme.BAND_TEXT), fontsize=16, fontweight="bold")
        figure.tight_layout()
        out = io.BytesIO()
        figure.savefig(out, format="png", facecolor=figure.get_facecolor())
    return out.getvalue()
