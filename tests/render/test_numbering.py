"""Point numbers of the player on roll: a scene may print the opponent's numbers (the picture
keeps who sits where); a replay prints the viewer's numbers on every frame and writes every
move in them."""

from __future__ import annotations

import re

import pytest

from engine.position import Position
from render import Scene, render_board, replay_scenes
from render import geometry as g
from render.replay import PASS
from render.samples import played_game
from testkit.pixels import decode


def _their_number(variant: str, point: int) -> int:
    """The contract, written out independently of the engine's helper."""
    if variant == "short":
        return 25 - point
    return point - 12 if point > 12 else point + 12


def _label(image, point: int):
    """The pixels of the number printed beyond `point` (inside the frame strip's edges)."""
    x, y = g.label_center(point)
    return image.crop((x - 24, y - 12, x + 24, y + 12)).tobytes()


@pytest.mark.parametrize("variant", ["short", "long"])
def test_the_opponents_numbering_is_printed_point_by_point(variant: str) -> None:
    start = Position.initial(variant)
    mine = decode(render_board(Scene(start)))
    theirs = decode(render_board(Scene(start, numbering="opponent")))
    for point in range(1, 25):
        number = _their_number(variant, point)
        assert Scene(start, numbering="opponent").point_label(point) == number
        assert Scene(start).point_label(point) == point
        # Drawn exactly as the viewer's own board draws that number (no trace of the old).
        assert _label(theirs, point) == _label(mine, number), (variant, point)


def test_a_lit_label_prints_the_number_of_its_numbering() -> None:
    start = Position.initial("short")
    lit = Scene(start, numbering="opponent", viewer_to_move=False, dice=(6, 5),
                selected=12, targets=(7,))
    plain = Scene(start, viewer_to_move=False, dice=(6, 5), selected=13, targets=(18,))
    # The selection at the viewer's 12 is the opponent's 13: the same badge, "13" in it.
    lit_image, plain_image = decode(render_board(lit)), decode(render_board(plain))
    assert _label(lit_image, 12) == _label(plain_image, 13)
    assert _label(lit_image, 7) == _label(plain_image, 18)


def test_a_numbering_must_be_a_side() -> None:
    with pytest.raises(ValueError, match="numbering"):
        Scene(Position.initial("short"), numbering="top")  # type: ignore[arg-type]


@pytest.mark.parametrize(("variant", "seed"), [("short", 3), ("long", 4)])
def test_every_replay_move_lands_where_its_frame_prints_it(variant: str, seed: int) -> None:
    game = played_game(variant, seed)
    moves = [event for event in game.history if event["type"] == "move"]
    for seat in (0, 1):
        frames = [f for f in replay_scenes(game, seat) if f.caption not in ("", PASS)]
        assert len(frames) == len(moves) and {e["seat"] for e in moves} == {0, 1}
        for frame, event in zip(frames, moves, strict=True):
            mover = "viewer" if event["seat"] == seat else "opponent"
            assert frame.numbering == "viewer"
            written = event["move"] if mover == "viewer" else re.sub(
                r"(?<!\()\b\d+\b(?!\))",
                lambda m: str(_their_number(variant, int(m.group()))), event["move"])
            assert frame.caption == written
            printed = {frame.point_label(point): point for point in range(1, 25)}
            # Each part `a/b` of the written move ends on the point printed `b`, where the
            # mover's checker now stands.
            for part in frame.caption.split():
                landing = re.findall(r"/(\d+)", part)
                if not landing:
                    continue  # borne off
                side = frame.occupied().get(printed[int(landing[-1])], ("nobody",))[0]
                assert side == mover, (seat, frame.caption, part)
