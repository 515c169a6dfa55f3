"""The picture's content: discs where the position has checkers, nothing where it has none."""

from __future__ import annotations

import pytest

from engine.position import Position
from render import Scene, render_board, theme
from render import geometry as g
from render.samples import BEAROFF, LONG_BLOCK, LONG_OPENING, MIDGAME
from testkit.pixels import decode, disc_at, distance, near

POSITIONS = {
    "short-initial": Position.initial("short"),
    "short-midgame": MIDGAME,
    "short-bearoff": BEAROFF,
    "long-initial": Position.initial("long"),
    "long-opening": LONG_OPENING,
    "long-six-block": LONG_BLOCK,
}


def _their_number(variant: str, point: int) -> int:
    """The contract, written out independently of the engine's helper."""
    if variant == "short":
        return 25 - point
    return point - 12 if point > 12 else point + 12


def _expected(position: Position, point: int, viewer: str, opponent: str) -> tuple[str | None, int]:
    if position.me[point]:
        return viewer, position.me[point]
    theirs = position.opp[_their_number(position.variant.value, point)]
    return (opponent, theirs) if theirs else (None, 0)


def _scenes() -> list:
    """Each position seen by the player on roll (in both colours) and by the other player."""
    scenes = []
    for name, position in POSITIONS.items():
        scenes += [
            pytest.param(Scene(position, viewer_color="white"), id=f"{name}-me-white"),
            pytest.param(Scene(position, viewer_color="black"), id=f"{name}-me-black"),
            pytest.param(
                Scene(position.swapped(), viewer_color="black", viewer_to_move=False),
                id=f"{name}-opp-black",
            ),
        ]
    return scenes


@pytest.mark.parametrize("scene", _scenes())
def test_every_point_shows_exactly_its_checkers(scene: Scene):
    image = decode(render_board(scene))
    viewer, opponent = scene.viewer_color, scene.opponent_color
    for point in range(1, 25):
        color, count = _expected(scene.position, point, viewer, opponent)
        for k in range(g.MAX_STACK):
            want = color if k < count else None
            got = disc_at(image, g.checker_center(point, k))
            assert got == want, f"point {point} disc {k}: {got} != {want}"


@pytest.mark.parametrize("scene", _scenes())
def test_bar_and_trays_show_their_counts(scene: Scene):
    image = decode(render_board(scene))
    for side, counts, color in (
        ("viewer", scene.position.me, scene.viewer_color),
        ("opponent", scene.position.opp, scene.opponent_color),
    ):
        for k in range(g.MAX_STACK):
            want = color if k < counts[25] else None
            assert disc_at(image, g.bar_center(side, k)) == want, (side, k)
        body = theme.CHECKER[color][0]
        for k in range(15):
            x0, y0, x1, y1 = g.slab_box(side, k)
            on_slab = near(image.getpixel(((x0 + x1) // 2, (y0 + y1) // 2)), body)
            assert on_slab == (k < counts[0]), (side, k)


def _text_pixels(image, center, color, radius=9) -> int:
    x, y = center
    ink = theme.CHECKER[color][3]
    return sum(
        near(image.getpixel((x + dx, y + dy)), ink, 60)
        for dx in range(-radius, radius + 1)
        for dy in range(-radius, radius + 1)
    )


def test_a_stack_taller_than_five_shows_its_count():
    # Long opening: 15 on each head; the viewer's head is 24, the opponent's the viewer's 12.
    image = decode(render_board(Scene(Position.initial("long"))))
    assert _text_pixels(image, g.checker_center(24, 4), "white") > 20
    assert _text_pixels(image, g.checker_center(12, 4), "black") > 20
    # Short opening: exactly five on 6 and 13 -> no number.
    image = decode(render_board(Scene(Position.initial("short"))))
    assert _text_pixels(image, g.checker_center(6, 4), "white") == 0
    assert _text_pixels(image, g.checker_center(12, 4), "black") == 0


def test_heads_sit_in_diagonally_opposite_corners_in_long_nard():
    image = decode(render_board(Scene(Position.initial("long"))))
    x, y = g.checker_center(24, 0)
    assert x > g.WIDTH / 2 and y < g.HEIGHT / 2 and disc_at(image, (x, y)) == "white"
    x, y = g.checker_center(12, 0)
    assert x < g.WIDTH / 2 and y > g.HEIGHT / 2 and disc_at(image, (x, y)) == "black"


def _die_face(image, center) -> tuple[int, int, int]:
    x, y = center
    return image.getpixel((x, y - round(0.37 * g.DIE)))  # top middle: never a pip


def test_dice_are_drawn_on_the_movers_half_and_used_ones_dimmed():
    scene = Scene(Position.initial("short"), dice=(6, 2), dice_used=(6,))
    image = decode(render_board(scene))
    first, second = g.die_centers(2, viewer_side=True)
    face = theme.DIE["white"][0]
    assert near(_die_face(image, second), face)
    dimmed = _die_face(image, first)
    assert not near(dimmed, face, 40) and distance(dimmed, theme.FIELD) > 40
    for x, y in g.die_centers(2, viewer_side=False):  # the other half stays empty
        assert near(image.getpixel((x, y)), theme.FIELD)


def test_a_double_shows_four_dice_of_the_mover():
    scene = Scene(Position.initial("long"), viewer_to_move=False, dice=(4, 4), dice_used=(4, 4, 4))
    image = decode(render_board(scene))
    faces = [_die_face(image, c) for c in g.die_centers(4, viewer_side=False)]
    black = theme.DIE["black"][0]
    assert [near(f, black) for f in faces] == [False, False, False, True]
    assert all(not near(f, theme.FIELD, 10) for f in faces)


def _ring(image, center, offset):
    x, y = center
    return image.getpixel((x + offset, y))


def test_step_highlights_selected_checker_and_destinations():
    scene = Scene(MIDGAME, dice=(4, 2), selected=25, targets=(21, 23))
    image = decode(render_board(scene))
    assert near(_ring(image, g.bar_center("viewer", 0), g.CHECKER_R + 2), theme.STEP, 40)
    for point in (21, 23):  # 21 holds an opposing blot: the ghost covers it
        assert near(_ring(image, g.checker_center(point, 0), g.CHECKER_R - 4), theme.STEP, 40)
        x, y = g.label_center(point)
        assert near(image.getpixel((x - 18, y)), theme.STEP, 40)
    plain = decode(render_board(Scene(MIDGAME, dice=(4, 2))))
    assert not near(_ring(plain, g.checker_center(23, 0), g.CHECKER_R - 4), theme.STEP, 80)


def test_bearing_off_target_lights_the_next_tray_slot():
    scene = Scene(BEAROFF, selected=5, targets=(0,))
    image = decode(render_board(scene))
    x0, y0, x1, y1 = g.slab_box("viewer", BEAROFF.me[0])
    assert near(image.getpixel(((x0 + x1) // 2, (y0 + y1) // 2)), theme.STEP)


@pytest.mark.parametrize("by_viewer", [False, True])
def test_last_move_marks_departure_and_arrival(by_viewer: bool):
    # The opponent played 13/7* 8/4: its 13, 7, 8, 4 are the viewer's 12, 18, 17, 21.
    position = MIDGAME if not by_viewer else MIDGAME.swapped()
    scene = Scene(position, last_move=((13, 7), (8, 4)), last_move_by_viewer=by_viewer)
    image = decode(render_board(scene))
    arrive = (18, 21) if not by_viewer else (7, 4)
    depart = (12, 17) if not by_viewer else (13, 8)
    for point in arrive:
        count = position.me[point] if by_viewer else position.opp[25 - point]
        top = g.checker_center(point, min(count, 5) - 1)
        assert near(_ring(image, top, g.CHECKER_R + 2), theme.LAST_MOVE, 40), point
    for point in depart:
        count = position.me[point] if by_viewer else position.opp[25 - point]
        ghost = g.checker_center(point, count)
        assert near(_ring(image, ghost, g.CHECKER_R - 4), theme.LAST_MOVE, 40), point


def test_last_move_through_a_point_marks_only_its_ends():
    scene = Scene(LONG_OPENING, last_move=((24, 18), (18, 13)))
    image = decode(render_board(scene))
    # The opponent's 24, 18, 13 are the viewer's 12, 6, 1.
    assert near(_ring(image, g.checker_center(1, 0), g.CHECKER_R + 2), theme.LAST_MOVE, 40)
    assert not near(_ring(image, g.checker_center(6, 0), g.CHECKER_R - 4), theme.LAST_MOVE, 80)


def test_bearing_off_move_outlines_the_movers_tray():
    scene = Scene(BEAROFF, last_move=((6, 0), (4, 0)))  # the opponent bore off two
    image = decode(render_board(scene))
    x0, y0, _, _ = g.slab_box("opponent", BEAROFF.opp[0] - 1)
    assert near(image.getpixel((x0 - 3, y0 + 4)), theme.LAST_MOVE, 40)


def test_cube_is_drawn_beside_its_owner():
    for owner in ("viewer", "opponent", "center"):
        image = decode(render_board(Scene(MIDGAME, cube=(2, owner))))
        x, y = g.cube_center(owner)
        assert near(image.getpixel((x - g.CUBE // 2 + 4, y)), theme.CUBE_FACE), owner


def test_score_pills_appear_only_in_a_match():
    with_score = decode(render_board(Scene(MIDGAME, score=(2, 1, 5))))
    without = decode(render_board(Scene(MIDGAME)))
    x = g.WIDTH - 24  # inside the pill's right end, clear of the digits
    for side in ("viewer", "opponent"):
        _, y0, _, y1 = g.band_box(side)
        y = (y0 + y1) // 2
        assert near(with_score.getpixel((x, y)), theme.SCORE, 40)
        assert not near(without.getpixel((x, y)), theme.SCORE, 80)


def test_png_is_small_and_wide_jpeg_on_request():
    data = render_board(Scene(MIDGAME, dice=(4, 2), names=("Oʻktam", "Алишер")))
    image = decode(data)
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) < 80_000
    assert image.size == (g.WIDTH, g.HEIGHT)
    jpeg = render_board(Scene(MIDGAME), fmt="JPEG")
    assert jpeg[:3] == b"\xff\xd8\xff"
    with pytest.raises(ValueError):
        render_board(Scene(MIDGAME), fmt="BMP")


def test_renders_from_worker_threads_match_sequential_ones():
    # The bot renders in worker threads, possibly for both players at once.
    from concurrent.futures import ThreadPoolExecutor

    from render.samples import gallery

    scenes = list(gallery().values()) * 2
    expected = [render_board(s) for s in scenes]
    with ThreadPoolExecutor(max_workers=4) as pool:
        assert list(pool.map(render_board, scenes)) == expected
