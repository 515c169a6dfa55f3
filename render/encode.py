"""Turning a composed picture into bytes, fast and small.

A fixed 255-colour palette (render.palette, generated from sample renders) is shared by
every picture. Boards are composed in it directly (compose.compose_scanlines: no
per-picture colour mapping) and written as an 8-bit PNG, several times smaller and faster
to write than a 24-bit one; the same palette serves every frame of a replay GIF.
`to_palette` maps an RGB picture to it (no dithering: flat colours stay flat).
"""

from __future__ import annotations

import functools
import io
import struct
import zlib
from types import ModuleType

import numpy as np
from PIL import Image

from render import palette as palette_data

isal_zlib: ModuleType | None
try:  # Intel ISA-L: wheels for the common platforms; zlib does the same job elsewhere
    from isal import isal_zlib
except ImportError:  # pragma: no cover - platforms without an isal wheel
    isal_zlib = None

# zlib levels 1 to 3 cost about the same here and 2 is smaller than 1; 4 and up cost far
# more for little. ISA-L's level 1 gives zlib level 2's size. Figures: docs/performance.md,
# "Pictures".
ISAL_LEVEL = 1
PNG_LEVEL = 2
# zlib slides its window once the input reaches 64 KB less 262 bytes of lookahead.
_UNSLID = (1 << 16) - 262
TRANSPARENT = palette_data.TRANSPARENT  # a replay frame's "same as before" pixels


@functools.cache
def palette() -> Image.Image:
    """A P-mode image carrying the shared palette (render.palette.COLORS)."""
    flat = [c for color in palette_data.COLORS for c in color] + list(palette_data.UNUSED)
    out = Image.new("P", (1, 1))
    out.putpalette(flat)
    return out


def to_palette(image: Image.Image) -> Image.Image:
    return image.quantize(palette=palette(), dither=Image.Dither.NONE)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data,
                                                                                 zlib.crc32(kind)))


@functools.cache
def _png_head(width: int, height: int) -> bytes:
    """Signature, header and palette: the same for every board."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit palette, no interlace
    colors = palette().getpalette()
    assert colors is not None  # a "P" image has its palette
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr)
            + _chunk(b"PLTE", bytes(colors[: 3 * 256])))


def encode_png(lines: np.ndarray) -> bytes:
    """An 8-bit PNG of PNG scanlines in the shared palette (compose.compose_scanlines).

    Written here rather than by Pillow (a few tenths of a millisecond less for the same
    bytes), and compressed in pieces: zlib slides its window, rewriting its hash tables,
    every 32 KB of input once 64 KB have gone in, unless a full flush after each piece of
    less than 64 KB sends it back to the window's start. A piece then refers to nothing
    before it, which costs a few hundred bytes; the slides would cost a tenth of the time.
    """
    height, stride = lines.shape
    data = np.ascontiguousarray(lines).data.cast("B")
    if isal_zlib is not None:  # the same deflate stream, several times faster
        idat = isal_zlib.compress(data, ISAL_LEVEL)
        return b"".join((_png_head(stride - 1, height), _chunk(b"IDAT", idat),
                         _chunk(b"IEND", b"")))
    rows = _UNSLID // stride
    packer = zlib.compressobj(PNG_LEVEL)
    parts = []
    for y in range(0, height, rows):
        parts.append(packer.compress(data[y * stride:(y + rows) * stride]))
        parts.append(packer.flush(zlib.Z_FULL_FLUSH if y + rows < height else zlib.Z_FINISH))
    return b"".join((_png_head(stride - 1, height), _chunk(b"IDAT", b"".join(parts)),
                     _chunk(b"IEND", b"")))


def scanlines(image: Image.Image) -> np.ndarray:
    """The PNG scanlines of a picture in the shared palette: a filter byte (0) per row."""
    pixels = np.asarray(image)
    lines = np.zeros((pixels.shape[0], pixels.shape[1] + 1), np.uint8)
    lines[:, 1:] = pixels
    return lines


def encode(image: Image.Image, fmt: str = "PNG") -> bytes:
    """An RGB picture as PNG (8-bit, the default) or JPEG (quality 90, for callers that want
    a photo). Boards take the faster way: compose.compose_scanlines, then encode_png."""
    fmt = fmt.upper()
    if fmt == "PNG":
        return encode_png(scanlines(to_palette(image)))
    out = io.BytesIO()
    if fmt in ("JPEG", "JPG"):
        image.save(out, "JPEG", quality=90, subsampling=0)
    else:
        raise ValueError(f"unsupported format {fmt!r}: use PNG or JPEG")
    return out.getvalue()
