"""Pictures of bot messages as a Telegram client shows them, for the README and docs/.

The fake Bot API keeps every message the bot sent (text or caption, photo, inline
keyboard); this draws them in Telegram's dark theme: a bubble with the photo and the text,
the inline buttons below it. Emoji are drawn with Noto Color Emoji when it is installed
(`apt install fonts-noto-color-emoji`), else as DejaVu's replacement mark. A documentation
tool only: nothing in the bot imports it.
"""

from __future__ import annotations

import functools
import io
import os
import unicodedata

from PIL import Image, ImageDraw, ImageFont

from render.text import font_path, has_glyph
from testkit.fake_telegram import StoredMessage

WIDTH = 720
MARGIN = 16
PAD = 14
BUBBLE_WIDTH = WIDTH - 2 * MARGIN - 40
TEXT_SIZE = 22
LINE = 31
BACKGROUND = (14, 22, 33)
BUBBLE = (24, 37, 51)
TEXT = (245, 245, 245)
BUTTON = (43, 82, 120)
EMOJI_FONT = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"


@functools.cache
def _regular(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(font_path().replace("-Bold", ""), size)


@functools.cache
def _emoji_font() -> ImageFont.FreeTypeFont | None:
    return ImageFont.truetype(EMOJI_FONT, 109) if os.path.exists(EMOJI_FONT) else None


def _is_emoji(ch: str) -> bool:
    """A pictograph DejaVu Sans cannot draw (and the joiners that glue emoji together)."""
    return ch in "\ufe0f\u200d" or (unicodedata.category(ch) == "So" and not has_glyph(ch))


@functools.cache
def _emoji(ch: str, size: int) -> Image.Image | None:
    emoji = _emoji_font()
    if emoji is None or ch in "\ufe0f\u200d":
        return None
    canvas = Image.new("RGBA", (136, 128), (0, 0, 0, 0))
    ImageDraw.Draw(canvas).text((0, 0), ch, font=emoji, embedded_color=True)
    box = canvas.getbbox()
    if box is None:
        return None
    glyph = canvas.crop(box)
    scale = size / max(glyph.size)
    return glyph.resize((max(1, round(glyph.width * scale)), max(1, round(glyph.height * scale))),
                        Image.Resampling.LANCZOS)


def _runs(line: str) -> list[tuple[bool, str]]:
    runs: list[tuple[bool, str]] = []
    for ch in line:
        emoji = _is_emoji(ch)
        if runs and runs[-1][0] == emoji and not emoji:
            runs[-1] = (False, runs[-1][1] + ch)
        else:
            runs.append((emoji, ch))
    return runs


def _length(text: str, size: int) -> float:
    return sum(size * 1.15 if emoji else _regular(size).getlength(run)
               for emoji, run in _runs(text))


def _wrap(text: str, size: int, width: int) -> list[str]:
    lines = []
    for paragraph in text.split("\n"):
        words, line = paragraph.split(" "), ""
        for word in words:
            candidate = f"{line} {word}" if line else word
            if line and _length(candidate, size) > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


def _draw_line(image: Image.Image, xy: tuple[float, float], line: str, size: int,
               color: tuple[int, int, int]) -> None:
    draw = ImageDraw.Draw(image)
    x, y = xy
    for emoji, run in _runs(line):
        if emoji:
            glyph = _emoji(run, size)
            if glyph is not None:
                image.paste(glyph, (round(x), round(y + 2)), glyph)
            x += size * 1.15 if glyph is not None or run not in "\ufe0f\u200d" else 0
        else:
            draw.text((x, y), run, font=_regular(size), fill=color)
            x += _regular(size).getlength(run)


def render_message(message: StoredMessage) -> Image.Image:
    """One message: the bubble (photo, text) and its inline keyboard below."""
    inner = BUBBLE_WIDTH - 2 * PAD
    photo = None
    if message.photo is not None:
        photo = Image.open(io.BytesIO(message.photo)).convert("RGB")
        photo = photo.resize((BUBBLE_WIDTH, round(photo.height * BUBBLE_WIDTH / photo.width)),
                             Image.Resampling.LANCZOS)
    lines = _wrap(message.content or "", TEXT_SIZE, inner) if message.content else []
    text_height = len(lines) * LINE + (2 * PAD if lines else 0)
    bubble_height = (photo.height if photo else 0) + text_height
    rows = _rows(message)
    keyboard_height = len(rows) * 52
    image = Image.new("RGB", (WIDTH, bubble_height + keyboard_height + 2 * MARGIN), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((MARGIN, MARGIN, MARGIN + BUBBLE_WIDTH, MARGIN + bubble_height),
                           radius=16, fill=BUBBLE)
    y = MARGIN
    if photo is not None:
        mask = Image.new("L", photo.size, 0)
        ImageDraw.Draw(mask).rounded_rectangle((0, 0, *photo.size), radius=16, fill=255)
        image.paste(photo, (MARGIN, y), mask)
        y += photo.height
    y += PAD if lines else 0
    for line in lines:
        _draw_line(image, (MARGIN + PAD, y), line, TEXT_SIZE, TEXT)
        y += LINE
    y = MARGIN + bubble_height + 6
    for row in rows:
        width = (BUBBLE_WIDTH - 6 * (len(row) - 1)) / len(row)
        for i, label in enumerate(row):
            x = MARGIN + i * (width + 6)
            draw.rounded_rectangle((x, y, x + width, y + 44), radius=10, fill=BUTTON)
            shown = label
            while _length(shown, 20) > width - 12 and len(shown) > 2:
                shown = shown[:-2] + "…"
            _draw_line(image, (x + (width - _length(shown, 20)) / 2, y + 9), shown, 20, TEXT)
        y += 52
    return image


def _rows(message: StoredMessage) -> list[list[str]]:
    return [[button["text"] for button in row] for row in message.inline_keyboard]


def render_chat(messages: list[StoredMessage]) -> bytes:
    """Several messages one under the other, as a PNG."""
    pictures = [render_message(m) for m in messages]
    image = Image.new("RGB", (WIDTH, sum(p.height for p in pictures)), BACKGROUND)
    y = 0
    for picture in pictures:
        image.paste(picture, (0, y))
        y += picture.height
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()
