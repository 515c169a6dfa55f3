"""render_replay: a whole game as one animated GIF, one frame per move."""

from __future__ import annotations

import io
from collections.abc import Sequence

import numpy as np
from PIL import Image

from render.compose import compose_palette
from render.encode import TRANSPARENT
from render.scene import Scene


def render_replay(frames: Sequence[Scene], *, ms_per_frame: int = 900) -> bytes:
    """An animated GIF (looping) of `frames`; the last frame is held three times as long.

    GIF because Telegram plays it inline (sendAnimation) on every client. All frames share
    the board palette; in each frame after the first, pixels unchanged since the previous
    frame are transparent, so a move costs a few KB instead of a whole board. A frame
    identical to the one before it is folded into it by Pillow (durations add up).
    """
    if not frames:
        raise ValueError("a replay needs at least one frame")
    pictures = [compose_palette(scene) for scene in frames]
    palette = pictures[0].getpalette()
    out_frames = [pictures[0]]
    previous = np.asarray(pictures[0])
    for picture in pictures[1:]:
        current = np.asarray(picture)
        delta = Image.fromarray(np.where(current == previous, TRANSPARENT, current)
                                .astype(np.uint8), "P")
        delta.putpalette(palette)
        out_frames.append(delta)
        previous = current
    durations = [ms_per_frame] * len(out_frames)
    durations[-1] = ms_per_frame * 3
    out = io.BytesIO()
    out_frames[0].save(out, "GIF", save_all=True, append_images=out_frames[1:],
                       duration=durations, loop=0, disposal=1, transparency=TRANSPARENT,
                       optimize=False)
    return out.getvalue()
