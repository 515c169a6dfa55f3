"""Turning a composed RGB picture into bytes, fast and small.

A fixed 255-colour palette is built once from sample renders; each picture is then mapped to
it (about 1 ms, no dithering: flat colours stay flat) and written as an 8-bit PNG, which is
several times smaller and faster to write than a 24-bit one. The same palette serves every
frame of a replay GIF.
"""

from __future__ import annotations

import functools
import io
import math

from PIL import Image

from render import theme

PNG_LEVEL = 3  # zlib level: 1..3 cost the same here, 4+ double the time for 10 % less
# The last palette entry is never drawn: a replay frame marks "same as the previous frame"
# with it (GIF transparency). Magenta is far from every colour of the board, so no pixel
# maps to it.
TRANSPARENT = 255
_UNUSED = (255, 0, 255)


@functools.cache
def palette() -> Image.Image:
    """A P-mode image carrying the shared palette."""
    from render.samples import palette_sample  # late: samples imports the drawing code

    keys = theme.key_colors()
    # Every colour that occurs in the samples, weighted by the square root of its area so
    # that the big flat fields do not crowd out the edges of checkers and letters.
    counts = palette_sample().getcolors(maxcolors=1 << 24) or []
    pixels: list[tuple[int, int, int]] = []
    for n, color in counts:
        pixels.extend([color] * math.isqrt(n))
    spread = Image.new("RGB", (len(pixels), 1))
    spread.putdata(pixels)
    free = TRANSPARENT - len(keys)
    rest = spread.quantize(free, method=Image.Quantize.MEDIANCUT).getpalette()[: 3 * free]
    rest += [0] * (3 * free - len(rest))  # pad if the samples had fewer colours
    flat = [c for color in keys for c in color] + rest + list(_UNUSED)
    out = Image.new("P", (1, 1))
    out.putpalette(flat)
    return out


def to_palette(image: Image.Image) -> Image.Image:
    return image.quantize(palette=palette(), dither=Image.Dither.NONE)


def encode_png(image: Image.Image) -> bytes:
    """An 8-bit PNG of `image`, already in palette form."""
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=PNG_LEVEL)
    return out.getvalue()


def encode(image: Image.Image, fmt: str = "PNG") -> bytes:
    """PNG (8-bit, the default) or JPEG (quality 90, for callers that want a photo)."""
    out = io.BytesIO()
    fmt = fmt.upper()
    if fmt == "PNG":
        to_palette(image).save(out, "PNG", compress_level=PNG_LEVEL)
    elif fmt in ("JPEG", "JPG"):
        image.save(out, "JPEG", quality=90, subsampling=0)
    else:
        raise ValueError(f"unsupported format {fmt!r}: use PNG or JPEG")
    return out.getvalue()
