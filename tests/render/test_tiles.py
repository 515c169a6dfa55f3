"""The board's tile cache (render/compose.py) and the reused scanline buffer (render/board.py).

* Tiles are kept in one byte a pixel: what a layer leaves unchanged holds the palette's
  unused index (encode.TRANSPARENT), and pasting them gives the same picture as painting
  every layer (`compose`, mapped to the palette).
* A layer that draws that index itself keeps a mask instead, and still pastes right.
* A thread's buffer, reused from board to board, leaves nothing of the board before.
"""

from __future__ import annotations

import numpy as np
import pytest

from engine.position import Position
from render import compose, encode, render_board
from render.samples import gallery, side_of
from render.scene import Scene


@pytest.fixture
def cold_tiles(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compose, "TILES", compose.TileCache())


def fresh(scene: object) -> np.ndarray:
    return compose.compose_scanlines(scene)  # type: ignore[arg-type]


def test_tiles_take_one_byte_a_pixel_and_paste_the_painted_picture(cold_tiles: None) -> None:
    for scene in gallery().values():
        painted = np.asarray(encode.to_palette(compose.compose(scene)))
        pasted = fresh(scene)[:, 1:]
        # Equal but where a stack's faint shadow edge meets its neighbour (module docs).
        assert np.count_nonzero(pasted != painted) < 200
    tiles = [tile for _, tile in compose.TILES.items() if tile.pixels.size]
    assert tiles and all(tile.keyed and tile.mask is None for tile in tiles)
    assert compose.TILES.nbytes == sum(tile.pixels.size + 300 for _, tile in compose.TILES.items())
    assert compose.TILES.built == len(compose.TILES) <= compose.TILES.lookups


def test_a_layer_drawing_the_unused_index_keeps_a_mask(
        cold_tiles: None, monkeypatch: pytest.MonkeyPatch) -> None:
    scenes = list(gallery().values())
    expected = [fresh(scene) for scene in scenes]
    # Pretend the checkers' commonest colour were the unused index: those tiles need masks.
    stack = next(t for k, t in compose.TILES.items() if k[0] == "stack")
    values, counts = np.unique(stack.pixels[stack.pixels != encode.TRANSPARENT],
                               return_counts=True)
    compose.TILES.clear()
    monkeypatch.setattr(encode, "TRANSPARENT", int(values[counts.argmax()]))
    assert all(np.array_equal(fresh(scene), lines) for scene, lines in zip(scenes, expected,
                                                                           strict=True))
    masked = [t for _, t in compose.TILES.items() if t.mask is not None]
    assert masked and not any(t.keyed for t in masked)


def test_the_reused_buffer_leaves_nothing_of_the_board_before() -> None:
    scenes = list(gallery().values())
    for before, scene in zip(scenes, scenes[1:] + scenes[:1], strict=True):
        render_board(before)
        assert render_board(scene) == encode.encode_png(fresh(scene))


def _beside(height: int) -> Scene:
    """A ring on a lone checker at the viewer's 7 beside a stack of `height` on the 8."""
    me = {7: 1, 8: height, 6: 15 - 1 - height}
    return Scene(Position("short", side_of(me), side_of({24: 15})), dice=(4, 2),
                 last_move=((11, 7),), last_move_by_viewer=True)


def test_a_ring_beside_stacks_of_any_height_shares_one_tile_and_draws_each_right(
        cold_tiles: None) -> None:
    """A marks tile is keyed by what reaches its box: the stack beside it cut to the discs
    that paint there. Every height (up to a count printed on the fifth disc) still comes
    out as if composed from cold, whatever was cached before it."""
    heights = [1, 2, 3, 4, 5, 6, 9, 3, 1, 7]
    expected = []
    for height in heights:
        compose.TILES.clear()
        expected.append(fresh(_beside(height)))
    compose.TILES.clear()
    for height, cold in zip(heights, expected, strict=True):
        assert np.array_equal(fresh(_beside(height)), cold), height
    rings = {key for key, _ in compose.TILES.items() if key[0] == "marks"}
    assert 1 <= len(rings) < len(set(heights))


def test_every_gallery_board_is_the_same_after_any_other(cold_tiles: None) -> None:
    scenes = list(gallery().values())
    expected = []
    for scene in scenes:
        compose.TILES.clear()
        expected.append(fresh(scene))
    compose.TILES.clear()
    for scene, cold in zip(scenes[::-1] + scenes, expected[::-1] + expected, strict=True):
        assert np.array_equal(fresh(scene), cold)
