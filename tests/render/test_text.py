"""Names in any script render; what the font lacks is replaced, never a crash."""

import pytest

from engine.position import Position
from render import Scene, render_board, theme
from render import geometry as g
from render.text import REPLACEMENT, clean, fit, font, has_glyph
from testkit.pixels import decode, near

NAMES = [
    "Oʻktam Gʻayratov",  # Uzbek Latin with the turned comma
    "Нурбек Төлөгөнов ң ү",  # Kyrgyz
    "Ləman Ağayeva Şəki",  # Azerbaijani
    "Алишер Навоий",  # Russian
    "Ann-Marie O'Neil",  # English
    "Ali 🔥👍🏽🇺🇿",  # emoji the font lacks
    "😎 ♟ ★",  # symbols it has
    "👨‍👩‍👧 family",  # a joined emoji sequence
    "a\tb\nc\x00d",  # control characters
    "",
    "W" * 200,  # far too long
]


@pytest.mark.parametrize("name", NAMES)
def test_any_name_renders_in_both_bands(name):
    image = decode(render_board(Scene(Position.initial("short"), names=(name, name))))
    if not name:
        return
    for side in ("viewer", "opponent"):
        _, y0, _, y1 = g.band_box(side)
        ink = sum(
            not near(image.getpixel((x, y)), theme.BAND, 30)
            for x in range(80, 400, 2)
            for y in range(y0 + 8, y1 - 8, 2)
        )
        assert ink > 30, side


def test_letters_of_the_five_languages_are_kept():
    for name in NAMES[:5]:
        assert clean(name) == name


def test_missing_characters_become_one_mark_per_run():
    assert clean("Ali 🔥👍🏽🇺🇿") == f"Ali {REPLACEMENT}"
    assert clean("👨‍👩‍👧 family") == f"{REPLACEMENT} family"
    assert clean("😎 ♟ ★") == "😎 ♟ ★"  # DejaVu has these
    assert clean("a\tb\nc\x00d") == "a b c d"
    assert clean("soft\u00adhyphen\u200f") == "softhyphen"


def test_glyph_probe_agrees_with_the_fonts_character_map():
    from fontTools.ttLib import TTFont  # matplotlib's own dependency, used only here

    from render.text import font_path

    cmap = TTFont(font_path(), lazy=True)["cmap"].getBestCmap()
    ranges = [range(0x20, 0x530), range(0x2000, 0x27C0), range(0x1F300, 0x1F650)]
    wrong = [hex(cp) for r in ranges for cp in r if has_glyph(chr(cp)) != (cp in cmap)]
    assert wrong == []


def test_long_names_are_shortened_to_fit():
    text = fit("W" * 200, 28, 300)
    assert text.endswith("…") and font(28).getlength(text) <= 300
    assert fit("Oʻktam", 28, 300) == "Oʻktam"


def test_caption_is_drawn_on_the_free_half():
    scene = Scene(Position.initial("short"), dice=(6, 5), caption="24/18/13 ⚀")
    image = decode(render_board(scene))
    x, y = g.caption_center(viewer_side=True)
    ink = sum(
        near(image.getpixel((x + dx, y + dy)), theme.FRAME_TEXT, 40)
        for dx in range(-100, 100, 2)
        for dy in range(-10, 10, 2)
    )
    assert ink > 20
