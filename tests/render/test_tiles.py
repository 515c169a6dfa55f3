"""The board's tile cache (render/compose.py) and the reused scanline buffer (render/board.py).

* Tiles are kept in one byte a pixel: what a layer leaves unchanged holds the palette's
  unused index (encode.TRANSPARENT), and pasting them gives the same picture as painting
  every layer (`compose`, mapped to the palette).
* A layer that draws that index itself keeps a mask instead, and still pastes right.
* A thread's buffer, reused from board to board, leaves nothing of the board before.
"""

from __future__ import annotations

from collections import OrderedDict

import numpy as np
import pytest

from render import compose, encode, render_board
from render.samples import gallery


@pytest.fixture
def cold_tiles(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compose, "_tiles", OrderedDict())
    monkeypatch.setattr(compose, "_tile_bytes", 0)


def fresh(scene: object) -> np.ndarray:
    return compose.compose_scanlines(scene)  # type: ignore[arg-type]


def test_tiles_take_one_byte_a_pixel_and_paste_the_painted_picture(cold_tiles: None) -> None:
    for scene in gallery().values():
        painted = np.asarray(encode.to_palette(compose.compose(scene)))
        pasted = fresh(scene)[:, 1:]
        # Equal but where a stack's faint shadow edge meets its neighbour (module docs).
        assert np.count_nonzero(pasted != painted) < 200
    tiles = [tile for tile in compose._tiles.values() if tile.pixels.size]
    assert tiles and all(tile.keyed and tile.mask is None for tile in tiles)
    assert compose._tile_bytes == sum(tile.pixels.size + 300 for tile in compose._tiles.values())


def test_a_layer_drawing_the_unused_index_keeps_a_mask(
        cold_tiles: None, monkeypatch: pytest.MonkeyPatch) -> None:
    scenes = list(gallery().values())
    expected = [fresh(scene) for scene in scenes]
    # Pretend the checkers' commonest colour were the unused index: those tiles need masks.
    stack = next(t for k, t in compose._tiles.items() if k[0] == "stack")
    values, counts = np.unique(stack.pixels[stack.pixels != encode.TRANSPARENT],
                               return_counts=True)
    monkeypatch.setattr(compose, "_tiles", OrderedDict())
    monkeypatch.setattr(encode, "TRANSPARENT", int(values[counts.argmax()]))
    assert all(np.array_equal(fresh(scene), lines) for scene, lines in zip(scenes, expected,
                                                                           strict=True))
    masked = [t for t in compose._tiles.values() if t.mask is not None]
    assert masked and not any(t.keyed for t in masked)


def test_the_reused_buffer_leaves_nothing_of_the_board_before() -> None:
    scenes = list(gallery().values())
    for before, scene in zip(scenes, scenes[1:] + scenes[:1], strict=True):
        render_board(before)
        assert render_board(scene) == encode.encode_png(fresh(scene))
