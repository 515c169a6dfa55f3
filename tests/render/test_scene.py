"""Scene refuses values that cannot be drawn, with a message saying what is wrong."""

import pytest

from engine.position import Position
from render import Outcome, Scene
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
        {"cube": (3, "viewer")},
        {"cube": (2, "viewer", "pending")},
        {"cube": (2, "center", "offered")},
        {"cube": (1, "viewer", "offered")},
        {"cube": (2, "viewer", "crawford")},
        {"moves": ((((13, 7),), False),), "last_move": ((8, 4),)},
        {"moves": ((((13, 26),), False),)},
        {"moves": (((13, 7),),)},
        {"result": "viewer"},
    ],
)
def test_bad_scenes_are_refused(kwargs):
    with pytest.raises(ValueError):
        Scene(START, **kwargs)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"winner": "nobody"},
        {"winner": "viewer", "kind": "gammon"},
        {"winner": "viewer", "reason": "boredom"},
        {"winner": "viewer", "points": 0},
        {"winner": "viewer", "cube": 3},
    ],
)
def test_bad_outcomes_are_refused(kwargs):
    with pytest.raises(ValueError):
        Outcome(**kwargs)


def test_the_old_forms_still_work():
    old = Scene(START, cube=(2, "viewer"), last_move=((13, 7),))
    assert old.cube_view() == (2, "viewer", "normal")
    assert old.marked_moves() == ((((13, 7),), False),)
    assert Scene(START).cube_view() is None and Scene(START).marked_moves() == ()
    assert Scene(START, score=(1, 2, 5)).shown_score() == (1, 2, 5)
    won = Scene(START, score=(1, 2, 5), result=Outcome("opponent", "koks", 3))
    assert won.shown_score() == (1, 5, 5)


def test_scene_is_a_frozen_value():
    scene = Scene(START, dice=(3, 1))
    assert scene == Scene(START, dice=(3, 1))
    assert scene.opponent_color == "black"
    with pytest.raises(AttributeError):
        scene.dice = (6, 6)  # type: ignore[misc]


def test_no_render_uses_the_replays_transparent_index():
    for scene in gallery().values():
        assert to_palette(compose(scene)).histogram()[TRANSPARENT] == 0
