"""Reading rendered pictures back: decode the bytes and say what a pixel shows."""

from __future__ import annotations

import io

from PIL import Image

from render import geometry as g
from render import theme

# The count of a tall stack is written over the fifth disc's centre; a point this far below
# the centre lies between the disc's inner ring and its rim, where only the body colour is.
BODY_DY = round(0.75 * g.CHECKER_R)


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def same_picture(a: bytes | None, b: bytes | None) -> bool:
    """Whether two encoded pictures show the same pixels. Encoded bytes are no measure: the
    PNG compressor (ISA-L) may pack the same pixels differently in another process."""
    if a is None or b is None:
        return a is b
    if a == b:
        return True
    first, second = Image.open(io.BytesIO(a)), Image.open(io.BytesIO(b))
    return (first.size == second.size
            and first.convert("RGBA").tobytes() == second.convert("RGBA").tobytes())


def distance(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5


def near(pixel: tuple[int, ...], color: tuple[int, ...], tolerance: float = 20) -> bool:
    return distance(pixel, color) <= tolerance


def disc_at(image: Image.Image, center: tuple[int, int]) -> str | None:
    """'white' or 'black' if a checker body shows at `center`, None otherwise."""
    x, y = center
    pixel = image.getpixel((x, y + BODY_DY))
    assert isinstance(pixel, tuple)
    for color in ("white", "black"):
        if near(pixel, theme.CHECKER[color][0]):
            return color
    return None
