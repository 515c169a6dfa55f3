"""Rating arithmetic (docs/rules.md, "Ratings")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ratings import (
    START_RATING,
    expected_score,
    rating_delta,
    validate_result,
)
from engine.result import KIND_POINTS


@pytest.mark.parametrize(("kind", "gain"), [("plain", 100), ("mars", 200), ("koks", 300)])
def test_short_between_equals_is_100_200_300(kind: str, gain: int) -> None:
    points = KIND_POINTS["short"][kind]
    assert rating_delta(START_RATING, START_RATING, points, "short") == gain


@pytest.mark.parametrize(("kind", "gain"), [("plain", 100), ("mars", 300), ("home_mars", 300)])
def test_long_between_equals_is_100_300_300(kind: str, gain: int) -> None:
    points = KIND_POINTS["long"][kind]
    assert rating_delta(1800, 1800, points, "long") == gain


def test_cube_multiplies_the_gain() -> None:
    assert rating_delta(1500, 1500, 2 * 4, "short") == 800  # mars with the cube on 4


def test_upset_gains_more_and_favourite_less() -> None:
    upset = rating_delta(1400, 1600, 1, "short")
    favourite = rating_delta(1600, 1400, 1, "short")
    assert upset > 100 > favourite > 0
    assert upset + favourite == 200  # E(a,b) + E(b,a) = 1
    assert upset == 152  # 200 * (1 - 1 / (1 + 10 ** 0.5)) = 151.97


def test_never_below_zero_for_the_winner() -> None:
    assert rating_delta(9000, 0, 3, "long") == 0
    assert rating_delta(0, 9000, 1, "short") == 200  # and never above 200 x points


def test_expected_score_is_elo() -> None:
    assert expected_score(1500, 1500) == 0.5
    assert expected_score(1900, 1500) == pytest.approx(10 / 11)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(0, 4000), st.integers(0, 4000), st.integers(1, 300), st.integers(1, 400)
)
def test_gain_shrinks_as_the_winner_gets_stronger(winner: int, loser: int, points: int,
                                                  step: int) -> None:
    gain = rating_delta(winner, loser, points, "short")
    assert 0 <= gain <= 200 * points
    assert rating_delta(winner + step, loser, points, "short") <= gain


@pytest.mark.parametrize(
    ("variant", "points"), [("short", 0), ("short", -1), ("medium", 1)]
)
def test_rejects_bad_input(variant: str, points: int) -> None:
    with pytest.raises(ValueError):
        rating_delta(1500, 1500, points, variant)


@pytest.mark.parametrize(
    ("variant", "kind", "points", "cube"),
    [
        ("short", "plain", 1, False),
        ("short", "koks", 3, False),
        ("short", "mars", 2 * 64, True),
        ("short", "plain", 8, True),
        ("long", "home_mars", 3, False),
        ("long", "mars", 3, False),
    ],
)
def test_valid_results(variant: str, kind: str, points: int, cube: bool) -> None:
    validate_result(variant, kind, points, cube)


@pytest.mark.parametrize(
    ("variant", "kind", "points", "cube"),
    [
        ("short", "home_mars", 3, False),  # no home mars in short nard
        ("long", "koks", 3, False),  # no koks in long nard
        ("short", "mars", 4, False),  # cube value 2 without a cube
        ("short", "plain", 3, True),  # cube values are powers of two
        ("short", "plain", 128, True),  # above 64
        ("long", "mars", 6, True),  # long nard has no cube
        ("long", "plain", 0, False),
    ],
)
def test_impossible_results(variant: str, kind: str, points: int, cube: bool) -> None:
    with pytest.raises(ValueError):
        validate_result(variant, kind, points, cube)
