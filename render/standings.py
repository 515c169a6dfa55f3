"""An arena's or a Swiss's standings: rank, name, the points of each game, the score.

Language-neutral like the board: the header is the time left (◷ 12:30; a Swiss's round,
2 / 4; ♛ when it is over), a Swiss's Buchholz stands dim in brackets beside the score,
the top three ranks are gold, silver and bronze discs, a player on fire (wins count
double) has an orange ×2, the points of each game follow the name (the latest last, the
doubled ones orange, a loss a dim 0) and a player in a game now has the last move's amber
dot. The colours are the board's (render/theme.py). Up to `ROWS_PER_COLUMN` players stand
in one column, more in two: 64 players fit a phone's screen.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render import theme
from render.encode import to_palette
from render.text import clean, fit, font

ROWS_PER_COLUMN = 32
COLUMN_W, ROW_H = 620, 44
MARGIN, HEAD = 24, 64
NAME_SIZE, SMALL_SIZE, SCORE_SIZE, HEAD_SIZE = 23, 17, 26, 30
RECENT = 8  # the points of this many latest games are shown

TEXT = theme.BAND_TEXT
MUTED = theme.BAND_MUTED
GOLD = theme.SCORE
FIRE = theme.PLAYED  # orange: on fire, and the games that counted double
PLAYING = theme.LAST_MOVE
MEDALS = (theme.SCORE, (200, 204, 212), (205, 127, 50))
STRIPE = (36, 41, 48)


@dataclass(frozen=True)
class Standing:
    name: str
    score: int
    results: tuple[int, ...] = ()  # the points of each game, oldest first
    fire: bool = False  # two wins in a row: the next win counts double
    playing: bool = False
    left: bool = False  # withdrew: shown dim
    tiebreak: int | None = None  # a Swiss's Buchholz, small beside the score


@dataclass(frozen=True)
class Standings:
    rows: tuple[Standing, ...]  # in order, the leader first
    seconds_left: int | None = None  # None: the arena is over
    round_of: tuple[int, int] | None = None  # a Swiss's round being played, of how many


def render_standings(standings: Standings) -> bytes:
    image = draw_standings(standings)
    out = io.BytesIO()
    to_palette(image).save(out, "PNG")  # the board's palette: a third of the bytes, fast
    return out.getvalue()


def draw_standings(standings: Standings) -> Image.Image:
    rows = standings.rows
    columns = 1 if len(rows) <= ROWS_PER_COLUMN else 2
    per_column = max(1, -(-len(rows) // columns))
    width = MARGIN * 2 + columns * COLUMN_W + (columns - 1) * MARGIN
    height = MARGIN + HEAD + per_column * ROW_H + MARGIN
    image = Image.new("RGB", (width, height), theme.BAND)
    draw = ImageDraw.Draw(image)
    if standings.round_of is not None:
        head, colour = f"{standings.round_of[0]} / {standings.round_of[1]}", TEXT
    elif standings.seconds_left is None:
        head, colour = "♛", GOLD
    else:
        left = max(0, standings.seconds_left)
        head, colour = f"◷ {left // 60}:{left % 60:02d}", TEXT
    draw.text((width / 2, MARGIN + HEAD / 2 - 6), head, font=font(HEAD_SIZE), fill=colour,
              anchor="mm")
    for index, standing in enumerate(rows):
        column, line = divmod(index, per_column)
        x = MARGIN + column * (COLUMN_W + MARGIN)
        y = MARGIN + HEAD + line * ROW_H
        _row(draw, index + 1, standing, x, y)
    return image


def _row(draw: ImageDraw.ImageDraw, rank: int, standing: Standing, x: float,
         y: float) -> None:
    if rank % 2:
        draw.rectangle([x, y, x + COLUMN_W, y + ROW_H - 1], fill=STRIPE)
    middle = y + ROW_H / 2
    if rank <= len(MEDALS):
        draw.ellipse([x + 8, middle - 15, x + 38, middle + 15], fill=MEDALS[rank - 1])
        draw.text((x + 23, middle), str(rank), font=font(SMALL_SIZE), fill=theme.BAND,
                  anchor="mm")
    else:
        draw.text((x + 23, middle), str(rank), font=font(SMALL_SIZE), fill=MUTED,
                  anchor="mm")
    if standing.playing:
        draw.ellipse([x + 46, middle - 5, x + 56, middle + 5], fill=PLAYING)
    score_x = x + COLUMN_W - 12
    draw.text((score_x, middle), str(standing.score), font=font(SCORE_SIZE),
              fill=GOLD if rank == 1 and standing.score else TEXT, anchor="rm")
    right = score_x - font(SCORE_SIZE).getlength("000") - 12
    if standing.tiebreak is not None:
        draw.text((right, middle), f"({standing.tiebreak})", font=font(SMALL_SIZE),
                  fill=MUTED, anchor="rm")
        right -= font(SMALL_SIZE).getlength("(000)") + 12
    right = _results(draw, standing.results, right, middle)
    if standing.fire:
        badge = "×2"
        w = font(SMALL_SIZE).getlength(badge) + 12
        draw.rounded_rectangle([right - w, middle - 13, right, middle + 13], radius=8,
                               fill=FIRE)
        draw.text((right - w / 2, middle), badge, font=font(SMALL_SIZE), fill=theme.BAND,
                  anchor="mm")
        right -= w + 8
    left = x + 64
    name = fit(clean(standing.name), NAME_SIZE, max(40, int(right - left - 8)))
    draw.text((left, middle), name, font=font(NAME_SIZE),
              fill=MUTED if standing.left else TEXT, anchor="lm")


def _results(draw: ImageDraw.ImageDraw, results: tuple[int, ...], right: float,
             middle: float) -> float:
    """The latest games' points, right-aligned ending at `right`; returns where they begin."""
    shown = results[-RECENT:]
    small = font(SMALL_SIZE)
    for points in reversed(shown):
        text = str(points)
        colour = FIRE if points >= 4 else MUTED if points == 0 else TEXT
        draw.text((right, middle), text, font=small, fill=colour, anchor="rm")
        right -= small.getlength(text) + 8
    if len(results) > RECENT:
        draw.text((right, middle), "…", font=small, fill=MUTED, anchor="rm")
        right -= small.getlength("…") + 8
    return right
