"""Scene refuses values that cannot be drawn, with a message saying what is wrong."""

import pytest

from engine.position import Position
from render import Scene
from render.compose import compose
from render.encode import TRANSPARENT, to_palette
from render.samples import gallery

START = Position.initial("short")


@pytest.mark.parametrize(
    "kwargs",
    [
        {"viewer_color": "red"},
        {"dice": (0, 3)},
        {"dice": (1, 2, 3)},
        {"dice_used": (7,)},
        {"dice_used": (1, 1, 1, 1, 1)},
        {"last_move": ((26, 3),)},
        {"last_move": ((3, 25),)},
        {"selected": 0},
        {"targets": (25,)},
        {"names": ("only one",)},
        {"cube": (2, "nobody")},
    ],
)
def test_bad_scenes_are_refused(kwargs):
    with pytest.raises(ValueError):
        Scene(START, **kwargs)


def test_scene_is_a_frozen_value():
    scene = Scene(START, dice=(3, 1))
    assert scene == Scene(START, dice=(3, 1))
    assert scene.opponent_color == "black"
    with pytest.raises(AttributeError):
        scene.dice = (6, 6)  # type: ignore[misc]


def test_no_render_uses_the_replays_transparent_index():
    for scene in gallery().values():
        assert to_palette(compose(scene)).histogram()[TRANSPARENT] == 0
