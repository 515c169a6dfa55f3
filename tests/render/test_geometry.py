"""The layout contract: the viewer's numbering, the same for both variants."""

import pytest

from render import geometry as g


def test_board_is_wide_enough_for_a_phone_photo():
    assert g.WIDTH >= 800
    assert g.WIDTH * 0.8 <= g.HEIGHT <= g.WIDTH * 1.0  # near square: big on a phone screen


def test_quadrants_follow_the_viewer_numbering():
    mid_x, mid_y = g.BAR_X + g.BAR_W / 2, g.MID_Y
    for point in range(1, 7):
        x, y = g.checker_center(point, 0)
        assert x > mid_x and y > mid_y, point  # home: bottom right
    for point in range(7, 13):
        x, y = g.checker_center(point, 0)
        assert x < mid_x and y > mid_y, point
    for point in range(13, 19):
        x, y = g.checker_center(point, 0)
        assert x < mid_x and y < mid_y, point
    for point in range(19, 25):
        x, y = g.checker_center(point, 0)
        assert x > mid_x and y < mid_y, point


def test_counter_clockwise_order_with_point_1_at_the_far_right():
    xs = [g.point_x(p) for p in range(1, 13)]
    assert xs == sorted(xs, reverse=True)  # bottom row: 1 right ... 12 left
    xs = [g.point_x(p) for p in range(13, 25)]
    assert xs == sorted(xs)  # top row: 13 left ... 24 right
    assert g.point_x(1) == max(g.point_x(p) for p in range(1, 25))
    assert g.point_x(12) == g.point_x(13) == min(g.point_x(p) for p in range(1, 25))


def test_discs_do_not_overlap_and_stay_on_their_half():
    centers = [g.checker_center(p, k) for p in range(1, 25) for k in range(g.MAX_STACK)]
    centers += [g.bar_center(s, k) for s in ("viewer", "opponent") for k in range(g.MAX_STACK)]
    for i, (x1, y1) in enumerate(centers):
        for x2, y2 in centers[i + 1:]:
            assert (x1 - x2) ** 2 + (y1 - y2) ** 2 >= (2 * g.CHECKER_R) ** 2
    for _, y in centers:
        assert g.FIELD_Y + g.CHECKER_R <= y <= g.FIELD_Y1 - g.CHECKER_R
        assert not g.MID_Y0 < y < g.MID_Y1


def test_viewer_owns_the_bottom_bar_tray_and_band():
    assert g.bar_center("viewer", 0)[1] > g.MID_Y > g.bar_center("opponent", 0)[1]
    assert g.tray_box("viewer")[1] > g.MID_Y > g.tray_box("opponent")[3]
    assert g.band_box("viewer")[1] > g.band_box("opponent")[3]
    assert g.tray_box("viewer")[0] > g.point_x(1)  # trays on the right


def test_fifteen_slabs_fit_in_a_tray():
    for side in ("viewer", "opponent"):
        x0, y0, x1, y1 = g.tray_box(side)
        for k in range(15):
            bx0, by0, bx1, by1 = g.slab_box(side, k)
            assert x0 <= bx0 < bx1 <= x1 and y0 <= by0 < by1 <= y1


def test_dice_go_to_the_movers_half():
    assert all(x > g.RIGHT_X for x, _ in g.die_centers(4, viewer_side=True))
    assert all(x < g.BAR_X for x, _ in g.die_centers(4, viewer_side=False))


@pytest.mark.parametrize("bad", [0, 25, -1])
def test_points_outside_1_to_24_are_refused(bad):
    with pytest.raises(ValueError):
        g.checker_center(bad, 0)


def test_only_five_discs_are_placed():
    with pytest.raises(ValueError):
        g.checker_center(6, g.MAX_STACK)


def _overlap(a: g.Box, b: g.Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _grown(box: g.Box, by: int) -> g.Box:
    return box[0] - by, box[1] - by, box[2] + by, box[3] + by


def test_borne_off_counts_sit_clear_of_the_trays_and_the_point_numbers():
    trays = [_grown(g.tray_box(side), g.TRAY_EDGE) for side in ("viewer", "opponent")]
    labels = [(x - g.POINT_W // 2, y - 12, x + g.POINT_W // 2, y + 12)
              for x, y in (g.label_center(p) for p in range(1, 25))]
    for side in ("viewer", "opponent"):
        badge = g.tray_count_box(side)
        assert not any(_overlap(badge, tray) for tray in trays), side
        assert not any(_overlap(badge, label) for label in labels), side
        assert not _overlap(badge, g.band_box("viewer")) and not _overlap(
            badge, g.band_box("opponent"))
        assert badge[0] >= 0 and badge[2] <= g.WIDTH
    # Each count beside its own tray: the opponent's above, the viewer's below.
    assert g.tray_count_box("opponent")[3] <= g.tray_box("opponent")[1]
    assert g.tray_count_box("viewer")[1] >= g.tray_box("viewer")[3]


def test_an_offered_cube_and_its_chevrons_stay_in_the_middle_gap():
    for side in ("viewer", "opponent"):
        for viewer_half in (True, False):
            x, y = g.offered_cube_center(side, viewer_half)
            assert y - g.CUBE // 2 - 4 > g.MID_Y0 and y + g.CUBE // 2 + 4 < g.MID_Y1
            for arrow in g.offer_arrows(side, viewer_half):
                assert all(g.MID_Y0 < py < g.MID_Y1 for _, py in arrow)
            # In the half the dice use (none are rolled while a double is on offer).
            assert (x > g.BAR_X) == viewer_half


def test_the_result_banner_fills_the_middle_gap_only():
    x0, y0, x1, y1 = g.result_box()
    assert g.MID_Y0 <= y0 < y1 <= g.MID_Y1
    assert g.LEFT_X <= x0 < x1 <= g.BOARD_X1
