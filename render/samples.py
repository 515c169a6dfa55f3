"""Real example scenes: the documentation's board pictures (docs/), the benchmark and the
palette's colour sample.

    python -m render.samples docs   # rebuild render/palette.py, then write the gallery

Nothing in render/ imports this module to draw: it only produces the palette data
(render/palette.py) and the pictures in docs/.
"""

from __future__ import annotations

import functools
import importlib
import math
import random
import re
from pathlib import Path

from PIL import Image

from engine.dice import SeededDice
from engine.game import Game, MatchState, Phase
from engine.position import Position
from render import palette, theme
from render.board import render_board
from render.chart import ChartLabels, render_rating_chart
from render.compose import compose
from render.mistake import compose_mistake, render_mistake
from render.scene import Outcome, Scene


def side_of(points: dict[int, int]) -> list[int]:
    side = [points.get(i, 0) for i in range(26)]
    side[0] = 15 - sum(side)
    return side


def _short(me: dict[int, int], opp: dict[int, int]) -> Position:
    return Position("short", side_of(me), side_of(opp))


def _long(me: dict[int, int], opp: dict[int, int]) -> Position:
    return Position("long", side_of(me), side_of(opp))


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
# The computer hit with 13/7* 8/4, the viewer could not enter with 6-6 and passed, the
# computer then played 13/5: both moves are marked, the older one fainter.
TWO_MOVES = _short(
    {25: 1, 24: 1, 13: 5, 8: 3, 6: 4, 5: 1},
    {24: 2, 13: 3, 8: 2, 7: 1, 6: 5, 5: 1, 4: 1},
)
# A finished short game: the viewer bore off all 15, the opponent none (mars).
SHORT_WON = Position("short", [15] + [0] * 25, side_of({13: 2, 8: 3, 6: 5, 5: 3, 4: 2}))
# A finished long game: the opponent bore off all 15; the viewer's are all home, none off.
LONG_LOST = Position("long", side_of({6: 4, 5: 4, 4: 3, 3: 2, 2: 1, 1: 1}), [15] + [0] * 25)


# Mistake boards: the position before the move, the move played, the best move.
MISTAKES = [
    (Scene(MIDGAME, dice=(4, 2), names=("Oʻktam", "Алишер"), score=(2, 1, 5),
           cube=(2, "viewer")), "bar/21* 13/11", "bar/23 13/9"),
    (Scene(Position.initial("short"), viewer_color="black", dice=(6, 1), names=("Ali", "Ləman")),
     "24/23 13/7", "13/7 8/7"),
]
# The /me chart: a rating history and the error rate of the analysed games.
RATINGS = [1488, 1512, 1590, 1566, 1648, 1702, 1671, 1745, 1820, 1796, 1870, 1851, 1933,
           2010, 1985, 2064, 2031, 2109, 2180, 2152, 2230, 2197, 2268, 2341, 2310, 2285,
           2351, 2322, 2296, 2334]
ERROR_RATES = [24.1, 19.8, 21.5, 16.2, 17.9, 13.4, 15.0, 11.8, 12.6, 9.7, 10.9, 8.4]


def gallery() -> dict[str, Scene]:
    """The board pictures in docs/ (README.md, docs/playing.md, docs/rules.md), by file
    stem."""
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
        "short-two-moves": Scene(
            TWO_MOVES, dice=(3, 1), names=("Ali", "Computer"), cube=(1, "center"),
            moves=((((13, 7), (8, 4)), False), (((13, 5),), False)), caption="◷ 1:58",
        ),
        "short-double-offered": Scene(
            MIDGAME, viewer_to_move=True, names=("Нурбек", "Ləman"), score=(1, 2, 7),
            cube=(4, "viewer", "offered"), last_move=((13, 7), (8, 4)), caption="◷ 0:41",
        ),
        "short-crawford": Scene(
            BEAROFF, dice=(6, 3), names=("Ali", "Oʻktam"), score=(4, 2, 5),
            cube=(1, "center", "crawford"),
        ),
        "short-match-won": Scene(
            SHORT_WON, viewer_to_move=False, names=("Oʻktam", "Алишер"), score=(1, 0, 3),
            cube=(1, "center"), last_move=((2, 0), (1, 0)), last_move_by_viewer=True,
            result=Outcome("viewer", "mars", points=2),
        ),
        "long-home-mars": Scene(
            LONG_LOST, viewer_color="black", names=("Aybek", "Ləman"),
            last_move=((3, 0), (1, 0)),
            result=Outcome("opponent", "home_mars", points=3),
        ),
    }


@functools.cache
def palette_sample() -> Image.Image:
    """Every colour a render can produce: the gallery in both colours, stacked."""
    scenes = list(gallery().values())
    scenes += [
        Scene(s.position, viewer_color=s.opponent_color, viewer_to_move=not s.viewer_to_move,
              dice=s.dice, names=s.names, targets=(0,), selected=s.selected, cube=s.cube,
              result=s.result)
        for s in scenes
    ]
    images = [compose(s) for s in scenes]
    images += [compose_mistake(scene, played, best) for scene, played, best in MISTAKES]
    sheet = Image.new("RGB", (images[0].width, sum(image.height for image in images)))
    y = 0
    for image in images:
        sheet.paste(image, (0, y))
        y += image.height
    return sheet


def build_palette() -> list[theme.RGB]:
    """The palette's 255 colours: the theme's key colours (exact), then a median cut of
    every colour in the sample renders, each weighted by the square root of its area so that
    the big flat fields do not crowd out the edges of checkers and letters."""
    keys = theme.key_colors()
    counts = palette_sample().getcolors(maxcolors=1 << 24) or []
    pixels: list[tuple[int, ...]] = []
    for n, color in counts:
        assert isinstance(color, tuple)  # an RGB image's colours are tuples
        pixels.extend([color] * math.isqrt(n))
    spread = Image.new("RGB", (len(pixels), 1))
    spread.putdata(pixels)
    free = palette.TRANSPARENT - len(keys)
    colors = spread.quantize(free, method=Image.Quantize.MEDIANCUT).getpalette()
    assert colors is not None  # a "P" image has its palette
    rest = colors[: 3 * free]
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
    """Render the gallery into `folder` (boards, a mistake board, the /me chart); returns
    the file paths."""
    pictures = {f"board-{name}.png": render_board(scene) for name, scene in gallery().items()}
    pictures["mistake-short.png"] = render_mistake(MISTAKES[0][0], played=MISTAKES[0][1],
                                                   best=MISTAKES[0][2])
    pictures["rating-chart.png"] = render_rating_chart(
        RATINGS, start=1500, title="Nurbek · Short nard", error_rates=ERROR_RATES,
        labels=ChartLabels("Rating", "Rated games", "Error rate", "Analysed games"))
    paths = []
    for name, data in pictures.items():
        path = Path(folder) / name
        path.write_bytes(data)
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


def played_game(variant: str = "short", seed: int = 1, *, cube: bool = False,
                match_length: int = 1) -> Game:
    """A whole game of random legal moves with seeded dice (doubling now and then, always
    taken, when `cube`): the replay's test and benchmark material."""
    rng = random.Random(seed)
    dice = SeededDice(seed)
    game = Game.new(variant, dice, match=MatchState(match_length), cube=cube)
    while game.phase is not Phase.OVER:
        if game.phase is Phase.ROLL:
            if game.can_double(game.seat) and rng.random() < 0.08:
                game.double(game.seat)
            else:
                game.roll(game.seat, dice)
        elif game.phase is Phase.DOUBLED:
            game.take(game.to_act)
        else:
            game.play(game.seat, rng.choice(game.legal_plays()))
    return game
