"""Fonts and safe text: DejaVu Sans as shipped inside matplotlib, nothing downloaded.

Pillow's default font has no Cyrillic; DejaVu covers Latin (Uzbek ʻ, Azerbaijani ə ğ ş),
Cyrillic (Kyrgyz ң ө ү) and a few symbols. Characters it lacks (most emoji) are replaced by
one neutral mark so a name never crashes a render nor shows a row of empty boxes.
"""

from __future__ import annotations

import functools
import os
import unicodedata

import matplotlib
from PIL import ImageFont

REPLACEMENT = "□"
_FONT_FILE = "DejaVuSans-Bold.ttf"
# Modifiers that only make sense attached to a (missing) emoji: dropped with it.
_JOINERS = {"\u200d", "\ufe0e", "\ufe0f", "\u20e3"}
_PRIVATE_USE = "\U0010fffd"  # no font has it, so it draws the .notdef box


def font_path() -> str:
    return os.path.join(matplotlib.get_data_path(), "fonts", "ttf", _FONT_FILE)


@functools.cache
def font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(font_path(), size)


@functools.cache
def _probe() -> ImageFont.FreeTypeFont:
    # Basic layout maps each character straight to one glyph (no shaping, no fallback), so
    # a character the font lacks draws exactly the .notdef box.
    return ImageFont.truetype(font_path(), 20, layout_engine=ImageFont.Layout.BASIC)


def _signature(ch: str) -> tuple[tuple[int, int], bytes, float]:
    mask = _probe().getmask(ch)
    return mask.size, bytes(mask), _probe().getlength(ch)


@functools.cache
def has_glyph(ch: str) -> bool:
    """Whether DejaVu Sans draws `ch` (agrees with the font's character map)."""
    return _signature(ch) != _signature(_PRIVATE_USE)


def _is_skin_tone(ch: str) -> bool:
    return 0x1F3FB <= ord(ch) <= 0x1F3FF


@functools.lru_cache(maxsize=4096)  # names and captions recur on every board of a game
def clean(text: str) -> str:
    """`text` with line breaks and tabs as spaces, other invisible characters dropped and
    characters the font lacks replaced.

    A run of missing characters (an emoji with its joiners, skin tones and variation
    selectors, a flag's two regional indicators) becomes a single replacement mark.
    """
    out: list[str] = []
    missing_run = False
    for ch in unicodedata.normalize("NFC", text):
        category = unicodedata.category(ch)
        if category == "Cc":
            ch = " "
        elif category[0] == "C" and ch not in _JOINERS:
            continue  # format marks, private use, unassigned: nothing to draw
        if has_glyph(ch) and not (missing_run and ch in _JOINERS):
            out.append(ch)
            missing_run = False
        elif not missing_run and not (ch in _JOINERS or _is_skin_tone(ch)):
            out.append(REPLACEMENT)
            missing_run = True
    return " ".join("".join(out).split())


@functools.lru_cache(maxsize=4096)
def width(text: str, size: int) -> float:
    """The advance width of `text` at `size` px (cached: pip counts and scores recur)."""
    return font(size).getlength(text)


@functools.lru_cache(maxsize=4096)
def fit(text: str, size: int, max_width: int) -> str:
    """`text` shortened with an ellipsis until it fits `max_width` pixels."""
    f = font(size)
    if f.getlength(text) <= max_width:
        return text
    while text and f.getlength(text + "…") > max_width:
        text = text[:-1]
    return text.rstrip() + "…"


@functools.lru_cache(maxsize=4096)
def fit_sizes(text: str, sizes: tuple[int, ...], max_width: int) -> tuple[str, int]:
    """`text` at the largest of `sizes` (largest first) at which it fits `max_width`, or
    shortened with an ellipsis at the smallest."""
    for size in sizes:
        if width(text, size) <= max_width:
            return text, size
    return fit(text, sizes[-1], max_width), sizes[-1]
