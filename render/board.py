"""render_board: one Scene to PNG bytes."""

from __future__ import annotations

from render.compose import compose
from render.encode import encode
from render.scene import Scene


def render_board(scene: Scene, *, fmt: str = "PNG") -> bytes:
    """The board picture of `scene`: an 8-bit PNG (default) or a JPEG ("JPEG")."""
    return encode(compose(scene), fmt)
