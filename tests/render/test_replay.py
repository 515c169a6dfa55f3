"""Replays: one GIF frame per Scene, each frame exactly the board picture of its Scene."""

import io

import pytest
from PIL import Image, ImageSequence

from render import Scene, render_board, render_replay
from render.samples import gallery

from .pixels import decode


def test_every_frame_equals_the_board_picture_of_its_scene():
    scenes = list(gallery().values())
    data = render_replay(scenes, ms_per_frame=500)
    gif = Image.open(io.BytesIO(data))
    assert gif.format == "GIF" and gif.n_frames == len(scenes)
    assert gif.info.get("loop") == 0
    durations = []
    for scene, frame in zip(scenes, ImageSequence.Iterator(gif), strict=True):
        durations.append(frame.info["duration"])
        assert frame.convert("RGB").tobytes() == decode(render_board(scene)).tobytes()
    assert durations[:-1] == [500] * (len(scenes) - 1) and durations[-1] == 1500


def test_repeated_frames_keep_their_time_and_cost_almost_nothing():
    scene = gallery()["short-opening"]
    single = render_replay([scene])
    data = render_replay([scene] * 3, ms_per_frame=900)
    gif = Image.open(io.BytesIO(data))
    # Pillow folds an unchanged frame into the one before it, adding up the durations.
    assert sum(f.info["duration"] for f in ImageSequence.Iterator(gif)) == 900 * 2 + 2700
    assert len(data) < len(single) + 2_000


def test_an_empty_replay_is_refused():
    with pytest.raises(ValueError):
        render_replay([])


def test_a_single_frame_replay_works():
    gif = Image.open(io.BytesIO(render_replay([Scene(gallery()["long-opening"].position)])))
    assert gif.n_frames == 1
