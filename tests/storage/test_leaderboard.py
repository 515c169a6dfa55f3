"""Leaderboards: local-day and week boundaries in non-UTC zones, ranks, all-time."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from storage import (
    Database,
    alltime_leaderboard,
    create_game,
    daily_leaderboard,
    day_bounds,
    finish_game,
    local_date,
    rating_delta,
    upsert_player,
    week_bounds,
    weekly_leaderboard,
)
from testkit.storage_rows import ALICE, BOB, CAROL, STATE, T0

pytestmark = pytest.mark.usefixtures("players")
TASHKENT = ZoneInfo("Asia/Tashkent")  # UTC+5, no daylight saving
NEW_YORK = ZoneInfo("America/New_York")


async def win(db: Database, winner: int, loser: int, at: datetime, points: int = 1,
              variant: str = "short") -> None:
    """A rated game that `winner` wins at the instant `at`."""
    game = await create_game(db, variant=variant, players=(winner, loser), state_json=STATE,
                             now=at)
    kind = {1: "plain", 2: "mars", 3: "koks" if variant == "short" else "mars"}[points]
    await finish_game(db, game.id, 1, winner_seat=0, result=kind, points=points,
                      state_json="{}", now=at)


def test_day_bounds_in_tashkent() -> None:
    start, end = day_bounds(date(2026, 3, 14), TASHKENT)
    assert start == datetime(2026, 3, 13, 19, 0, tzinfo=UTC)
    assert end == datetime(2026, 3, 14, 19, 0, tzinfo=UTC)


def test_day_bounds_across_daylight_saving() -> None:
    start, end = day_bounds(date(2026, 3, 8), NEW_YORK)  # clocks jump at 02:00
    assert end - start == timedelta(hours=23)
    start, end = day_bounds(date(2026, 11, 1), NEW_YORK)  # and fall back
    assert end - start == timedelta(hours=25)
    assert start == datetime(2026, 11, 1, 4, 0, tzinfo=UTC)


def test_week_bounds_start_on_monday() -> None:
    start, end = week_bounds(date(2026, 3, 14), TASHKENT)  # a Saturday
    assert start == datetime(2026, 3, 8, 19, 0, tzinfo=UTC)  # Monday 9th, 00:00 local
    assert end - start == timedelta(days=7)


def test_local_date() -> None:
    assert local_date(datetime(2026, 3, 13, 18, 59, 59, tzinfo=UTC), TASHKENT) == date(2026, 3, 13)
    assert local_date(datetime(2026, 3, 13, 19, 0, tzinfo=UTC), TASHKENT) == date(2026, 3, 14)


async def test_daily_board_around_local_midnight(db: Database) -> None:
    midnight = datetime(2026, 3, 13, 19, 0, tzinfo=UTC)  # 14 March 00:00 in Tashkent
    await win(db, ALICE, BOB, midnight - timedelta(seconds=1))  # 13th, 23:59:59 local
    await win(db, BOB, CAROL, midnight)  # 14th, 00:00:00 local
    await win(db, CAROL, ALICE, midnight + timedelta(hours=23, minutes=59, seconds=59.9))
    await win(db, ALICE, CAROL, midnight + timedelta(days=1))  # 15th, 00:00 local

    async def board(day: int) -> list[tuple[int, int, int]]:
        result = await daily_leaderboard(db, "short", date(2026, 3, day), TASHKENT)
        return [(s.rank, s.player_id, s.value) for s in result.top]

    assert await board(13) == [(1, ALICE, 100), (2, BOB, -100)]
    # 14th: Bob (1400) beat Carol (1500), then Carol beat Alice (1600).
    bob_gain = rating_delta(1400, 1500, 1, "short")
    carol_gain = rating_delta(1500 - bob_gain, 1600, 1, "short")
    assert (bob_gain, carol_gain) == (128, 158)
    assert await board(14) == [
        (1, BOB, bob_gain), (2, CAROL, carol_gain - bob_gain), (3, ALICE, -carol_gain)
    ]
    assert [player for _, player, _ in await board(15)] == [ALICE, CAROL]
    utc_day = await daily_leaderboard(db, "short", date(2026, 3, 13), ZoneInfo("UTC"))
    assert {s.player_id for s in utc_day.top} == {ALICE, BOB, CAROL}  # all before 24:00 UTC


async def test_daily_board_is_per_variant(db: Database) -> None:
    await win(db, ALICE, BOB, T0, points=3, variant="long")
    day = local_date(T0, TASHKENT)
    assert (await daily_leaderboard(db, "short", day, TASHKENT)).top == ()
    long_board = await daily_leaderboard(db, "long", day, TASHKENT)
    assert [(s.player_id, s.value) for s in long_board.top] == [(ALICE, 300), (BOB, -300)]


async def test_ties_top_n_and_own_rank(db: Database) -> None:
    for player_id in range(1, 8):
        await upsert_player(db, player_id, f"P{player_id}", username=None, language=None, now=T0)
    # Winners 5, 3, 1 each gain 100 from fresh opponents (ties broken by smaller id).
    for winner, loser in ((5, 6), (3, 4), (1, 2)):
        await win(db, winner, loser, T0)
    await win(db, 7, ALICE, T0, points=2)
    board = await daily_leaderboard(db, "short", T0.date(), ZoneInfo("UTC"), limit=3,
                                    player_id=6)
    assert [(s.rank, s.player_id, s.value) for s in board.top] == [
        (1, 7, 200), (2, 1, 100), (3, 3, 100)
    ]
    assert board.me is not None and (board.me.rank, board.me.value) == (7, -100)
    assert (board.me.name, board.me.username) == ("P6", None)
    inside = await daily_leaderboard(db, "short", T0.date(), ZoneInfo("UTC"), limit=3,
                                     player_id=1)
    assert inside.me == inside.top[1]
    nobody = await daily_leaderboard(db, "short", T0.date(), ZoneInfo("UTC"), player_id=CAROL)
    assert nobody.me is None  # Carol played no rated game that day


async def test_weekly_board(db: Database) -> None:
    monday = datetime(2026, 3, 8, 19, 0, tzinfo=UTC)  # Monday 9 March 00:00 in Tashkent
    await win(db, ALICE, BOB, monday - timedelta(seconds=1))  # previous week
    await win(db, BOB, ALICE, monday)
    await win(db, BOB, CAROL, monday + timedelta(days=6, hours=23))
    board = await weekly_leaderboard(db, "short", date(2026, 3, 11), TASHKENT)
    first = rating_delta(1400, 1600, 1, "short")  # Bob's upset on Monday
    second = rating_delta(1400 + first, 1500, 1, "short")  # late on Sunday
    assert [(s.player_id, s.value) for s in board.top] == [
        (BOB, first + second), (CAROL, -second), (ALICE, -first)
    ]
    next_week = await weekly_leaderboard(db, "short", date(2026, 3, 16), TASHKENT)
    assert next_week.top == ()


async def test_alltime_board_by_rating(db: Database) -> None:
    await win(db, ALICE, BOB, T0)
    await win(db, ALICE, BOB, T0)
    board = await alltime_leaderboard(db, "short", player_id=BOB)
    assert [s.player_id for s in board.top] == [ALICE, BOB]  # Carol has no rated game
    assert board.top[0].value == 1600 + rating_delta(1600, 1400, 1, "short") == 1648
    assert board.me == board.top[1] and board.me.value == 1352
    assert (await alltime_leaderboard(db, "long")).top == ()
