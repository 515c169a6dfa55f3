"""A knock-out tournament's bracket: the rounds left to right, each match a box of two rows.

Language-neutral like the board: names, seeds, match scores and symbols only (a round is
written as its share of the field: 1/8, ¼, ½, and ♛ for the final). The colours are the
board's (render/theme.py): names on the felt, the winner of a match in the score's gold,
the loser muted, a match being played marked with the last move's amber.

A big field does not fit a phone in one picture: at most `MAX_ROUNDS` rounds are drawn,
from the first round still being played, so a 64-player bracket shows its first four
rounds at the start (32 matches high) and narrows as rounds finish. The champion's box
follows the final once it is decided.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render import theme
from render.encode import to_palette
from render.text import clean, fit, font, width

MAX_ROUNDS = 4
BOX_W, ROW_H = 264, 42  # a match: two rows of a name
GAP = 20  # between two matches of the first round drawn
LINK = 40  # the connectors between two rounds
MARGIN, HEAD = 24, 56
NAME_SIZE, SMALL_SIZE, HEAD_SIZE = 26, 17, 30
WINNER_BOX = 250  # the champion's box, at least: wider for a long name, never cut
CHAMPION_ROOM = 330 - 72  # a name wider than this goes on two lines (smaller, if need be)
CHAMPION_SIZES = (22, 18, 15)  # two lines' sizes, the larger first
DENSE = 16  # a first column of more matches than this is drawn with less room between

FELT = theme.FIELD
EDGE = theme.FRAME_EDGE
TEXT = theme.BAND_TEXT
MUTED = theme.BAND_MUTED
GOLD = theme.SCORE
PLAYING = theme.LAST_MOVE
LINE = theme.FRAME_TEXT


@dataclass(frozen=True)
class BracketMatch:
    """One pairing. `names[seat]` None: not known yet; "" with `bye`: nobody (a bye)."""

    names: tuple[str | None, str | None]
    seeds: tuple[int | None, int | None] = (None, None)
    winner: int | None = None  # the seat that went through
    score: tuple[int, int] | None = None  # the match's points, by seat
    playing: bool = False
    bye: bool = False
    forfeit: bool = False  # decided without a finished match (left, no-show, called off)


@dataclass(frozen=True)
class Bracket:
    rounds: tuple[tuple[BracketMatch, ...], ...]  # the first round first; halving to the final
    champion: str | None = None


def round_label(round_index: int, rounds: int) -> str:
    """1/16 … 1/8, ¼, ½, ♛: the round's share of the field, the final a crown."""
    left = rounds - 1 - round_index  # rounds after this one
    if left == 0:
        return "♛"
    return {1: "½", 2: "¼"}.get(left, f"1/{2 ** left}")


def shown_rounds(bracket: Bracket) -> range:
    """The rounds drawn: from the first one not over, at most MAX_ROUNDS, the final last."""
    total = len(bracket.rounds)
    first = next((i for i, matches in enumerate(bracket.rounds)
                  if any(m.winner is None for m in matches)), total - 1)
    first = min(first, max(0, total - MAX_ROUNDS))
    return range(first, min(total, first + MAX_ROUNDS))


def render_bracket(bracket: Bracket) -> bytes:
    """The bracket as a PNG."""
    image = draw_bracket(bracket)
    out = io.BytesIO()
    to_palette(image).save(out, "PNG")  # the board's palette: a third of the bytes, fast
    return out.getvalue()


def draw_bracket(bracket: Bracket) -> Image.Image:
    shown = shown_rounds(bracket)
    columns = list(shown)
    first_count = len(bracket.rounds[columns[0]])
    gap = GAP if first_count <= DENSE else GAP // 3  # 32 matches high: closer together
    height = HEAD + MARGIN + first_count * (2 * ROW_H + gap) - gap + MARGIN
    final_shown = columns[-1] == len(bracket.rounds) - 1 and bracket.champion is not None
    wide = MARGIN * 2 + len(columns) * BOX_W + (len(columns) - 1) * LINK
    champion = champion_layout(bracket.champion or "?")
    if final_shown:
        wide += LINK + champion[0]
    image = Image.new("RGB", (wide, height), theme.BAND)
    draw = ImageDraw.Draw(image)
    centres: list[list[float]] = []
    for column, round_index in enumerate(columns):
        x = MARGIN + column * (BOX_W + LINK)
        label = round_label(round_index, len(bracket.rounds))
        draw.text((x + BOX_W / 2, MARGIN + HEAD / 2 - 8), label, font=font(HEAD_SIZE),
                  fill=GOLD if label == "♛" else MUTED, anchor="mm")
        matches = bracket.rounds[round_index]
        span = (height - HEAD - 2 * MARGIN + gap) / len(matches)
        here = []
        for number, match in enumerate(matches):
            centre = HEAD + MARGIN + span * (number + 0.5) - gap / 2
            _match(draw, match, x, centre)
            here.append(centre)
        if centres:  # connectors from the two matches feeding each one
            before = centres[-1]
            for number, centre in enumerate(here):
                a, b = before[2 * number], before[2 * number + 1]
                mid = x - LINK / 2
                draw.line([(x - LINK, a), (mid, a), (mid, b), (x - LINK, b)], fill=LINE,
                          width=2)
                draw.line([(mid, centre), (x, centre)], fill=LINE, width=2)
        centres.append(here)
    if final_shown:
        x = MARGIN + len(columns) * (BOX_W + LINK)
        centre = centres[-1][0]
        draw.line([(x - LINK, centre), (x, centre)], fill=LINE, width=2)
        _champion(draw, champion, x, centre)
    return image


def _match(draw: ImageDraw.ImageDraw, match: BracketMatch, x: float, centre: float) -> None:
    top = centre - ROW_H
    draw.rounded_rectangle([x, top, x + BOX_W, top + 2 * ROW_H], radius=8, fill=FELT,
                           outline=PLAYING if match.playing else EDGE,
                           width=3 if match.playing else 2)
    draw.line([(x + 8, centre), (x + BOX_W - 8, centre)], fill=EDGE, width=1)
    for seat in (0, 1):
        row_top = top + seat * ROW_H
        middle = row_top + ROW_H / 2
        name = match.names[seat]
        won = match.winner == seat
        lost = match.winner is not None and not won
        colour = GOLD if won else MUTED if lost or not name else TEXT
        seed = match.seeds[seat]
        left = x + 10
        if seed is not None and name:
            draw.text((left + 12, middle), str(seed), font=font(SMALL_SIZE), fill=MUTED,
                      anchor="mm")
        left += 32
        mark = _mark(match, seat)
        room = BOX_W - (left - x) - (44 if mark else 10)
        shown = "—" if match.bye and not name else "·" if name is None else fit(
            clean(name), NAME_SIZE, room)
        draw.text((left, middle), shown, font=font(NAME_SIZE), fill=colour, anchor="lm")
        if mark:
            draw.text((x + BOX_W - 10, middle), mark, font=font(NAME_SIZE),
                      fill=GOLD if won else MUTED, anchor="rm")
        if lost:  # crossed out, so the colour is not the only sign
            length = font(NAME_SIZE).getlength(shown)
            draw.line([(left, middle + 1), (left + length, middle + 1)], fill=MUTED, width=2)


def _mark(match: BracketMatch, seat: int) -> str:
    """What stands right of a name: the match's points, ✓ for a bye, ✗ for a forfeit."""
    if match.score is not None and not match.forfeit:
        return str(match.score[seat])
    if match.winner is None:
        return ""
    if match.winner == seat:
        return "✓"
    return "✗" if match.forfeit else ""


def champion_layout(champion: str) -> tuple[int, tuple[str, ...], int]:
    """The champion's box: (its width, the name's lines, their size). The whole name, on
    one line at the names' size when it fits the room, else on two lines, smaller, and the
    box as wide as they need."""
    name = clean(champion) or "?"
    if width(name, NAME_SIZE) <= CHAMPION_ROOM:
        return max(WINNER_BOX, math.ceil(width(name, NAME_SIZE)) + 72), (name,), NAME_SIZE
    lines = _halves(name)
    widest = 0.0
    for size in CHAMPION_SIZES:
        widest = max(width(line, size) for line in lines)
        if widest <= CHAMPION_ROOM:
            break
    return max(WINNER_BOX, math.ceil(widest) + 72), lines, size


def _halves(name: str) -> tuple[str, str]:
    """The name in two lines about as wide: at the space nearest its middle (by width),
    or, for one long word, between characters."""
    words = name.split(" ")
    if len(words) > 1:
        splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    else:
        splits = [(name[:i], name[i:]) for i in range(1, len(name))]
    first, second = min(splits, key=lambda pair: max(width(pair[0], NAME_SIZE),
                                                     width(pair[1], NAME_SIZE)))
    return first, second


def _champion(draw: ImageDraw.ImageDraw, layout: tuple[int, tuple[str, ...], int],
              x: float, centre: float) -> None:
    box, lines, size = layout
    top = centre - ROW_H
    draw.rounded_rectangle([x, top, x + box, top + 2 * ROW_H], radius=10,
                           fill=theme.FRAME, outline=GOLD, width=3)
    draw.text((x + 28, centre), "♛", font=font(40), fill=GOLD, anchor="mm")
    step = size * 1.25
    for number, line in enumerate(lines):
        middle = centre + (number - (len(lines) - 1) / 2) * step
        draw.text((x + 56, middle), line, font=font(size), fill=GOLD, anchor="lm")
