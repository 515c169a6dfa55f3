"""The last board (result banner, final match score) and the cube as the game has it."""

from __future__ import annotations

import pytest

from engine.game import GameResult, Reason
from engine.position import Position
from engine.result import ResultKind
from render import Scene, render_board, theme
from render import geometry as g
from render.compose import layers
from render.samples import LONG_LOST, MIDGAME, SHORT_WON
from render.scene import Outcome
from testkit.pixels import decode, near


def _banner_pixels(image) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """The banner's gold frame (left edge, mid height) and its dark plate (a spot where
    the felt would otherwise show)."""
    x0, y0, _, y1 = g.result_box()
    cy = (y0 + y1) // 2
    return image.getpixel((x0 + 1, cy)), image.getpixel((x0 + 30, cy))


def _final(result: Outcome | None, **kw) -> Scene:
    return Scene(SHORT_WON, viewer_to_move=False, names=("Oʻktam", "Алишер"),
                 score=(1, 0, 3), result=result, **kw)


def test_a_finished_game_shows_the_result_banner():
    image = decode(render_board(_final(Outcome("viewer", "mars", points=2))))
    frame, plate = _banner_pixels(image)
    assert near(frame, theme.SCORE, 40) and near(plate, theme.BAND, 12)
    x0, y0, x1, y1 = g.result_box()
    gold = sum(near(image.getpixel((x, y)), theme.SCORE, 40)
               for x in range(x0 + 40, x1 - 40, 2) for y in range(y0 + 10, y1 - 10, 2))
    assert gold > 200  # the +2, the crown, the disc behind the winner's checker
    plain = decode(render_board(_final(None)))
    frame, plate = _banner_pixels(plain)
    assert not near(frame, theme.SCORE, 60) and near(plate, theme.FIELD, 12)


def test_the_final_match_score_counts_the_last_game():
    # 1-0 in a match to 3, the viewer wins a mars: 3-0, and the match is won (crown).
    keys = layers(_final(Outcome("viewer", "mars", points=2)))
    scores = {key[1]: key[3] for key in keys if key[0] == "band-right"}
    assert scores == {"viewer": "3/3", "opponent": "0/3"}
    result = next(key for key in keys if key[0] == "result")
    assert result[1:] == ("white", 2, "×2", 1, "", True)
    # The same game lost by the viewer: the opponent's score moves.
    keys = layers(_final(Outcome("opponent", "plain", points=1)))
    assert {k[1]: k[3] for k in keys if k[0] == "band-right"} == {"viewer": "1/3",
                                                                 "opponent": "1/3"}


def test_the_winner_is_lit_in_its_band():
    for winner in ("viewer", "opponent"):
        image = decode(render_board(_final(Outcome(winner, "plain", points=1))))
        for side in ("viewer", "opponent"):
            _, y0, _, y1 = g.band_box(side)
            disc = image.getpixel((18, (y0 + y1) // 2))  # the disc's left edge, beyond the chip
            assert near(disc, theme.SCORE, 60) == (side == winner), (winner, side)


@pytest.mark.parametrize("outcome", [
    Outcome("viewer", "plain", 1), Outcome("viewer", "mars", 2), Outcome("viewer", "koks", 3),
    Outcome("viewer", "plain", 4, cube=4), Outcome("viewer", "plain", 2, cube=2, reason="drop"),
    Outcome("viewer", "mars", 2, reason="resign"), Outcome("viewer", "plain", 1, reason="timeout"),
])
def test_each_kind_of_result_draws_a_different_banner(outcome: Outcome):
    x0, y0, x1, y1 = g.result_box()
    plain = decode(render_board(_final(Outcome("viewer", "plain", 1)))).crop((x0, y0, x1, y1))
    image = decode(render_board(_final(outcome))).crop((x0, y0, x1, y1))
    assert (image.tobytes() == plain.tobytes()) == (outcome == Outcome("viewer", "plain", 1))


def test_home_mars_and_mars_differ_in_long_nard():
    home = layers(Scene(LONG_LOST, result=Outcome("opponent", "home_mars", 3)))
    mars = layers(Scene(LONG_LOST, result=Outcome("opponent", "mars", 3)))
    assert next(k for k in home if k[0] == "result")[3] == "⌂×3"
    assert next(k for k in mars if k[0] == "result")[3] == "×3"


def test_outcome_from_the_engines_result():
    result = GameResult(winner=1, kind=ResultKind.KOKS, cube=2, points=6, reason=Reason.RESIGN)
    assert Outcome.of(result, 1) == Outcome("viewer", "koks", 6, 2, "resign")
    assert Outcome.of(result, 0) == Outcome("opponent", "koks", 6, 2, "resign")


# --- the cube ---------------------------------------------------------------------------


def _cube_face_at(image, center) -> bool:
    x, y = center
    return near(image.getpixel((x - g.CUBE // 2 + 5, y)), theme.CUBE_FACE, 25)


def test_the_cube_states_look_different():
    position = Position.initial("short")
    centred = decode(render_board(Scene(position, cube=(1, "center"))))
    old_form = decode(render_board(Scene(position, cube=(1, "center", "normal"))))
    assert centred.tobytes() == old_form.tobytes()
    crawford = decode(render_board(Scene(position, cube=(1, "center", "crawford"))))
    offered = decode(render_board(Scene(position, viewer_to_move=True,
                                        cube=(2, "viewer", "offered"))))
    column = g.cube_center("center")
    assert _cube_face_at(centred, column)
    # Crawford: the cube crossed out in red where the strokes meet.
    assert near(crawford.getpixel(column), theme.CROSS, 40)
    assert not near(centred.getpixel(column), theme.CROSS, 120)
    # Offered: the column is empty, the cube lies in the middle gap in a gold frame, pushed
    # towards the player asked, with chevrons pointing at them.
    assert not _cube_face_at(offered, column)
    center = g.offered_cube_center("viewer", viewer_half=False)
    assert _cube_face_at(offered, center)
    x, y = center
    assert near(offered.getpixel((x - g.CUBE // 2 - 4, y)), theme.SCORE, 40)  # the frame
    for arrow in g.offer_arrows("viewer", viewer_half=False):
        cx = sum(p[0] for p in arrow) // 3
        cy = sum(p[1] for p in arrow) // 3
        assert near(offered.getpixel((cx, cy)), theme.SCORE, 30)


def test_an_offered_cube_points_at_the_player_asked():
    for side in ("viewer", "opponent"):
        # The player asked is the one to act; the cube lies in the doubler's half.
        image = decode(render_board(Scene(MIDGAME, viewer_to_move=side == "viewer",
                                          cube=(4, side, "offered"))))
        doubler_half = side == "opponent"
        arrow = g.offer_arrows(side, viewer_half=doubler_half)[0]
        tip = arrow[2]
        base_y = arrow[0][1]
        assert (tip[1] > base_y) == (side == "viewer")  # down to the viewer, up otherwise
        assert _cube_face_at(image, g.offered_cube_center(side, viewer_half=doubler_half))
    below = g.offered_cube_center("viewer", True)[1]
    above = g.offered_cube_center("opponent", True)[1]
    assert below > g.MID_Y > above


def test_the_owned_cube_stays_beside_its_owner():
    for owner in ("viewer", "opponent"):
        image = decode(render_board(Scene(MIDGAME, cube=(8, owner))))
        assert _cube_face_at(image, g.cube_center(owner))
        other = "opponent" if owner == "viewer" else "viewer"
        assert not _cube_face_at(image, g.cube_center(other))
