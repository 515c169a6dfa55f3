"""render_board: one Scene to PNG bytes."""

from __future__ import annotations

from render.compose import compose, compose_scanlines
from render.encode import encode, encode_png
from render.scene import Scene


def render_board(scene: Scene, *, fmt: str = "PNG") -> bytes:
    """The board picture of `scene`: an 8-bit PNG (default) or a JPEG ("JPEG")."""
    if fmt.upper() == "PNG":
        return encode_png(compose_scanlines(scene))
    return encode(compose(scene), fmt)
