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
from fontTools.ttLib import TTFont  # a matplotlib dependency: reads the font's character map
from PIL import ImageFont

REPLACEMENT = "□"
_FONT_FILE = "DejaVuSans-Bold.ttf"
# Modifiers that only make sense attached to a (missing) emoji: dropped with it.
_JOINERS = {"\u200d", "\ufe0e", "\ufe0f", "\u20e3"}


def font_path() -> str:
    return os.path.join(matplotlib.get_data_path(), "fonts", "ttf", _FONT_FILE)


@functools.cache
def font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(font_path(), size)


@functools.cache
def _charset() -> frozenset[int]:
    return frozenset(TTFont(font_path(), lazy=True)["cmap"].getBestCmap())


def _is_skin_tone(ch: str) -> bool:
    return 0x1F3FB <= ord(ch) <= 0x1F3FF


def clean(text: str) -> str:
    """`text` with controls turned to spaces and characters the font lacks replaced.

    A run of missing characters (an emoji with its joiners, skin tones and variation
    selectors, a flag's two regional indicators) becomes a single replacement mark.
    """
    charset = _charset()
    out: list[str] = []
    missing_run = False
    for ch in unicodedata.normalize("NFC", text):
        if unicodedata.category(ch)[0] == "C" and ch not in _JOINERS:
            ch = " "
        if ord(ch) in charset and not (missing_run and ch in _JOINERS):
            out.append(ch)
            missing_run = False
        elif not missing_run and not (ch in _JOINERS or _is_skin_tone(ch)):
            out.append(REPLACEMENT)
            missing_run = True
    return " ".join("".join(out).split())


def fit(text: str, size: int, max_width: int) -> str:
    """`text` shortened with an ellipsis until it fits `max_width` pixels."""
    f = font(size)
    if f.getlength(text) <= max_width:
        return text
    while text and f.getlength(text + "…") > max_width:
        text = text[:-1]
    return text.rstrip() + "…"
