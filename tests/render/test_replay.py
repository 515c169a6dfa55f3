"""Replays: one GIF frame per Scene, each frame exactly the board picture of its Scene, and
the frames of a whole engine game with every move written on its frame."""

import io

import pytest
from PIL import Image, ImageSequence

from engine.game import Phase
from engine.moves import seen_from_other_side
from engine.position import Position
from render import Scene, render_board, render_replay, replay_scenes, theme
from render import geometry as g
from render.replay import LAST_FRAME_MS, MS_PER_FRAME, PASS
from render.samples import gallery, played_game
from testkit.pixels import decode, near


def test_every_frame_equals_the_board_picture_of_its_scene():
    scenes = list(gallery().values())
    data = render_replay(scenes, ms_per_frame=500, last_frame_ms=2000)
    gif = Image.open(io.BytesIO(data))
    assert gif.format == "GIF" and gif.n_frames == len(scenes)
    assert gif.info.get("loop") == 0
    durations = []
    for scene, frame in zip(scenes, ImageSequence.Iterator(gif), strict=True):
        durations.append(frame.info["duration"])
        assert frame.convert("RGB").tobytes() == decode(render_board(scene)).tobytes()
    assert durations[:-1] == [500] * (len(scenes) - 1) and durations[-1] == 2000


def test_repeated_frames_keep_their_time_and_cost_almost_nothing():
    scene = gallery()["short-opening"]
    single = render_replay([scene])
    data = render_replay([scene] * 3, ms_per_frame=900, last_frame_ms=2700)
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


@pytest.fixture(scope="module")
def cube_game():
    """A short-nard game of a match to 5 with the cube: 59 moves, doubles and takes."""
    game = played_game("short", 9, cube=True, match_length=5)
    assert game.phase is Phase.OVER
    return game


def test_a_game_gives_one_frame_per_move_pass_and_cube_action(cube_game):
    kinds = [event["type"] for event in cube_game.history]
    for seat in (0, 1):
        frames = replay_scenes(cube_game, seat, ("Oʻktam", "Алишер"))
        shown = kinds.count("move") + kinds.count("pass") + kinds.count("double") \
            + kinds.count("take")
        assert len(frames) == 1 + shown + 1  # the start, the turns, the result
        assert frames[0].position == Position.initial("short")
        assert frames[-1].position == cube_game.position_for(seat)
        assert frames[-1].result is not None
        assert frames[-1].result.winner == ("viewer" if cube_game.result.winner == seat
                                            else "opponent")
        moves = [e for e in cube_game.history if e["type"] in ("move", "pass")]
        captions = [f.caption for f in frames if f.caption]
        assert captions == [PASS if e["type"] == "pass" else e["move"] if e["seat"] == seat
                            else seen_from_other_side(e["move"], "short") for e in moves]
        assert {f.numbering for f in frames} == {"viewer"}  # the numbers stay put
        offered = [f for f in frames if f.cube and len(f.cube) == 3 and f.cube[2] == "offered"]
        assert len(offered) == kinds.count("double") > 0


def test_each_move_is_written_on_its_frame(cube_game):
    frames = replay_scenes(cube_game, 0)
    frame = next(f for f in frames if f.last_move)
    image = decode(render_board(frame))
    bare = decode(render_board(Scene(frame.position, viewer_to_move=frame.viewer_to_move,
                                     dice=frame.dice, last_move=frame.last_move,
                                     last_move_by_viewer=frame.last_move_by_viewer,
                                     cube=frame.cube, score=frame.score)))
    x, y = g.caption_center(frame.viewer_to_move)
    box = (x - g.HALF_W // 2, y - 18, x + g.HALF_W // 2, y + 18)
    ink = sum(near(image.getpixel((px, py)), theme.FRAME_TEXT, 40)
              for px in range(box[0], box[2]) for py in range(box[1], box[3]))
    assert ink > 300  # the notation, in letters about 30 px high
    assert image.crop(box).tobytes() != bare.crop(box).tobytes()


def test_a_60_move_game_fits_telegram_and_plays_at_a_readable_pace(cube_game):
    frames = replay_scenes(cube_game, 1, ("Oʻktam", "Алишер"))
    data = render_replay(frames)
    gif = Image.open(io.BytesIO(data))
    assert gif.n_frames == len(frames)
    durations = [f.info["duration"] for f in ImageSequence.Iterator(gif)]
    assert durations[0] == MS_PER_FRAME and durations[-1] == LAST_FRAME_MS
    assert 800 <= MS_PER_FRAME <= 2000
    assert len(data) <= 3_000_000
