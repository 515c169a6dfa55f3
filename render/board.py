"""render_board: one Scene to PNG bytes."""

from __future__ import annotations

import threading

from render.compose import compose, compose_scanlines, scanlines_buffer
from render.encode import encode, encode_png
from render.scene import Scene

# Each thread composes its boards in one buffer of its own (0.8 MB), encoded before the
# thread composes the next: a fresh buffer per board is a large block, which the bot's
# allocator maps afresh each time (bot/plumbing/allocator.py), and faulting its pages in
# slowed every board (docs/performance.md, "Pictures").
_local = threading.local()


def render_board(scene: Scene, *, fmt: str = "PNG") -> bytes:
    """The board picture of `scene`: an 8-bit PNG (default) or a JPEG ("JPEG")."""
    if fmt.upper() == "PNG":
        lines = getattr(_local, "lines", None)
        if lines is None:
            lines = _local.lines = scanlines_buffer()
        return encode_png(compose_scanlines(scene, out=lines))
    return encode(compose(scene), fmt)
