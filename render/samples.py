"""Real example scenes: the README gallery, the benchmark and the palette's colour sample.

    python -m render.samples docs   # rebuild render/palette.py, then write the gallery

Nothing in render/ imports this module to draw: it only produces the palette data
(render/palette.py) and the pictures in docs/.
"""

from __future__ import annotations

import functools
import importlib
import math
import re
from pathlib import Path

from PIL import Image

from engine.position import Position
from render import palette, theme
from render.board import render_board
from render.compose import compose
from render.scene import Scene


def _side(points: dict[int, int]) -> list[int]:
    side = [points.get(i, 0) for i in range(26)]
    side[0] = 15 - sum(side)
    return side


def _short(me: dict[int, int], opp: dict[int, int]) -> Position:
    return Position("short", _side(me), _side(opp))


def _long(me: dict[int, int], opp: dict[int, int]) -> Position:
    return Position("long", _side(me), _side(opp))


# Short nard, mid-game: the opponent has just hit (13/7* 8/4) and both sides have a checker
# on the bar. Points are each owner's own numbers; 25 is the bar.
MIDGAME = _short(
    {25: 1, 24: 1, 13: 4, 8: 2, 6: 5, 5: 2},
    {25: 1, 24: 1, 13: 3, 8: 2, 7: 2, 6: 4, 4: 1, 3: 1},
)
BEAROFF = _short({6: 2, 5: 2, 4: 2, 3: 1, 2: 1, 1: 1}, {6: 3, 5: 3, 4: 2, 3: 1, 1: 1})
# Long nard: a six-block on the viewer's 22..17, legal because an opposing checker (on its
# own point 1, the viewer's 13) is already past it.
LONG_BLOCK = _long(
    {24: 3, 22: 2, 21: 2, 20: 2, 19: 2, 18: 2, 17: 2},
    {24: 8, 20: 2, 19: 2, 15: 2, 1: 1},
)
LONG_OPENING = _long({24: 15}, {24: 14, 13: 1})
NAMES = ("Oʻktam", "Алишер")


def gallery() -> dict[str, Scene]:
    """The README's pictures, by file stem."""
    return {
        "short-opening": Scene(
            Position.initial("short"), dice=(3, 1), names=("Oʻktam", "Ləman Ağayeva"),
            score=(0, 0, 5), cube=(1, "center"),
        ),
        "short-midgame": Scene(
            MIDGAME, dice=(4, 2), last_move=((13, 7), (8, 4)), names=("Нурбек", "Ali 🔥👍🏽"),
            score=(2, 1, 5), cube=(2, "viewer"), caption="◷ 1:45",  # the turn timer
        ),
        "short-step": Scene(
            MIDGAME, dice=(4, 2), last_move=((13, 7), (8, 4)), names=("Нурбек", "Ali 🔥👍🏽"),
            score=(2, 1, 5), cube=(2, "viewer"), selected=25, targets=(21, 23),
        ),
        "short-bearoff": Scene(
            BEAROFF, viewer_color="black", dice=(5, 5), dice_used=(5, 5),
            last_move=((6, 0), (4, 0)), names=("Ləman", "Алишер"), score=(4, 4, 5),
            cube=(4, "opponent"), selected=5, targets=(0,),
        ),
        "long-opening": Scene(
            LONG_OPENING, dice=(5, 3), last_move=((24, 18), (18, 13)), names=NAMES,
        ),
        "long-six-block": Scene(
            LONG_BLOCK, viewer_color="black", viewer_to_move=False, dice=(4, 4),
            dice_used=(4,), last_move=((24, 18), (21, 18)), last_move_by_viewer=True,
            names=("Aybek ңөү", "Oʻktam"),
        ),
    }


@functools.cache
def palette_sample() -> Image.Image:
    """Every colour a render can produce: the gallery in both colours, stacked."""
    scenes = list(gallery().values())
    scenes += [
        Scene(s.position, viewer_color=s.opponent_color, viewer_to_move=not s.viewer_to_move,
              dice=s.dice, names=s.names, targets=(0,), selected=s.selected)
        for s in scenes
    ]
    images = [compose(s) for s in scenes]
    sheet = Image.new("RGB", (images[0].width, images[0].height * len(images)))
    for i, image in enumerate(images):
        sheet.paste(image, (0, i * image.height))
    return sheet


def build_palette() -> list[theme.RGB]:
    """The palette's 255 colours: the theme's key colours (exact), then a median cut of
    every colour in the sample renders, each weighted by the square root of its area so that
    the big flat fields do not crowd out the edges of checkers and letters."""
    keys = theme.key_colors()
    counts = palette_sample().getcolors(maxcolors=1 << 24) or []
    pixels: list[theme.RGB] = []
    for n, color in counts:
        pixels.extend([color] * math.isqrt(n))
    spread = Image.new("RGB", (len(pixels), 1))
    spread.putdata(pixels)
    free = palette.TRANSPARENT - len(keys)
    rest = spread.quantize(free, method=Image.Quantize.MEDIANCUT).getpalette()[: 3 * free]
    rest += [0] * (3 * free - len(rest))  # pad if the samples had fewer colours
    return keys + [(rest[i], rest[i + 1], rest[i + 2]) for i in range(0, len(rest), 3)]


def write_palette(colors: list[theme.RGB]) -> Path:
    """Rewrite the COLORS table of render/palette.py."""
    path = Path(palette.__file__)
    rows = [", ".join(f"({r}, {g}, {b})" for r, g, b in colors[i:i + 5])
            for i in range(0, len(colors), 5)]
    table = "COLORS: tuple[RGB, ...] = (\n" + "".join(f"    {row},\n" for row in rows) + ")\n"
    source = re.sub(r"^COLORS: .*?^\)\n", lambda _: table, path.read_text(encoding="utf-8"),
                    count=1, flags=re.MULTILINE | re.DOTALL)
    path.write_text(source, encoding="utf-8")
    return path


def write_gallery(folder: str) -> list[str]:
    """Render the gallery into `folder`; returns the file paths."""
    paths = []
    for name, scene in gallery().items():
        path = Path(folder) / f"board-{name}.png"
        path.write_bytes(render_board(scene))
        paths.append(str(path))
    return paths


def main(folder: str) -> None:
    # The palette first: nothing has been encoded yet in this process, so the gallery is
    # written in the palette just built.
    print(write_palette(build_palette()))
    importlib.reload(palette)
    for written in write_gallery(folder):
        print(written)


if __name__ == "__main__":  # python -m render.samples docs
    import sys

    main(sys.argv[1] if len(sys.argv) > 1 else "docs")
