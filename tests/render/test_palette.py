"""The shared palette: generated data, current with the theme, imported without the gallery."""

import subprocess
import sys

import numpy as np

from render import palette, theme
from render.encode import TRANSPARENT
from render.encode import palette as palette_image
from render.samples import palette_sample
from testkit.waiting import patient


def test_drawing_a_board_does_not_import_the_gallery():
    code = ("import sys; from render import Scene, render_board; from engine.position import "
            "Position; render_board(Scene(Position.initial('short'))); "
            "print('render.samples' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=patient(60))
    assert out.stdout.strip() == "False"


def test_key_colours_are_exact_and_the_last_index_is_reserved():
    assert len(palette.COLORS) == TRANSPARENT == 255
    flat = palette_image().getpalette()
    assert tuple(flat[3 * TRANSPARENT:3 * TRANSPARENT + 3]) == palette.UNUSED
    for color in theme.key_colors():
        assert color in palette.COLORS, f"{color} missing: run python -m render.samples docs"


def test_every_colour_the_samples_draw_is_close_to_the_palette():
    # A stale table (a sprite or colour changed, the palette not rebuilt) maps whole areas to
    # a wrong colour; today the mean error is about 0.5 of 441.
    colors = palette_sample().getcolors(maxcolors=1 << 24)
    counts = np.array([n for n, _ in colors], float)
    rgb = np.array([c for _, c in colors], float)
    table = np.array(palette.COLORS, float)
    nearest = np.full(len(rgb), np.inf)
    for entry in table:  # row by row: 10,000 colours x 255 entries stays small
        nearest = np.minimum(nearest, np.sqrt(((rgb - entry) ** 2).sum(axis=1)))
    assert (counts * nearest).sum() / counts.sum() < 1.0
    assert counts[nearest > 30].sum() / counts.sum() < 0.002
