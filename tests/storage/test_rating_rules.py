"""docs/rules.md, "Ratings": no cube in ratings, 3 rated games a pair a day."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from storage import (
    PAIR_DAILY_LIMIT,
    Database,
    create_game,
    daily_leaderboard,
    finish_game,
    player_stats,
    rating_history,
)
from storage.connect import open_database
from testkit.storage_rows import ALICE, BOB, CAROL, STATE, T0, human_game

pytestmark = pytest.mark.usefixtures("players")
TASHKENT = ZoneInfo("Asia/Tashkent")  # UTC+5, no daylight saving


async def play(db: Database, players: tuple[int, int] = (ALICE, BOB), *, winner: int = 0,
               result: str = "plain", points: int = 1, variant: str = "short",
               now: datetime = T0, zone: ZoneInfo | None = None, **options: object):
    game = await human_game(db, variant, players, **options)
    return await finish_game(db, game.id, 1, winner_seat=winner, result=result, points=points,
                             state_json="{}", now=now, zone=zone)


async def test_the_cube_does_not_multiply_ratings(db: Database) -> None:
    """A single game with the cube at 64 ending in koks between two 1500 players: ±300."""
    finish = await play(db, result="koks", points=3 * 64, cube=True)
    assert [(c.player_id, c.before, c.after) for c in finish.rating_changes] == [
        (ALICE, 1500, 1800), (BOB, 1500, 1200)
    ]
    assert (await player_stats(db, ALICE, "short")).rating == 1800


@pytest.mark.parametrize(("variant", "result", "points", "gain"), [
    ("short", "plain", 1, 100), ("short", "mars", 2, 200), ("short", "koks", 3, 300),
    ("short", "mars", 2 * 8, 200), ("long", "mars", 3, 300), ("long", "home_mars", 3, 300),
])
async def test_result_points_before_the_cube(db: Database, variant: str, result: str,
                                             points: int, gain: int) -> None:
    finish = await play(db, result=result, points=points, variant=variant,
                        cube=variant == "short")
    assert [c.delta for c in finish.rating_changes] == [gain, -gain]


async def test_the_match_score_keeps_the_cube(db: Database) -> None:
    game = await human_game(db, cube=True, match_length=7)
    await finish_game(db, game.id, 1, winner_seat=0, result="mars", points=2 * 4,
                      state_json="{}", now=T0, match_over=False)
    row = await db.fetchval("SELECT points FROM game_results WHERE game_id = ?", (game.id,))
    assert row == 8
    assert [e.delta for e in await rating_history(db, ALICE, "short")] == [200]


async def test_three_rated_games_a_pair_a_day(db: Database) -> None:
    """The 4th game of the day between the same two players (either seat order, any
    variant) is played and counted, but moves no rating; other pairs are not affected."""
    finishes = [
        await play(db, (ALICE, BOB)),
        await play(db, (BOB, ALICE), winner=1, now=T0 + timedelta(hours=1)),
        await play(db, (ALICE, BOB), variant="long", now=T0 + timedelta(hours=2)),
        await play(db, (BOB, ALICE), winner=0, result="mars", points=2,
                   now=T0 + timedelta(hours=3)),
    ]
    assert [len(f.rating_changes) for f in finishes] == [2, 2, 2, 0]
    assert [f.rating_skipped_reason for f in finishes] == [None, None, None, "pair_daily_limit"]
    alice, bob = await player_stats(db, ALICE, "short"), await player_stats(db, BOB, "short")
    assert (alice.games, alice.wins, alice.rated_games) == (3, 2, 2)
    assert (bob.games, bob.wins, bob.losses, bob.marses_given) == (3, 1, 2, 1)
    # Short: -100, then -48 (1600 beat 1400); Bob's mars in the 4th game moved nothing.
    assert bob.rating == 1500 - 100 - 48 == 1500 + sum(
        e.delta for e in await rating_history(db, BOB, "short"))
    # Carol is another pair: her game with Alice that day is rated.
    assert len((await play(db, (CAROL, ALICE), now=T0 + timedelta(hours=4))).rating_changes) == 2
    assert PAIR_DAILY_LIMIT == 3


async def test_each_game_of_a_match_is_a_rated_game(db: Database) -> None:
    game = await human_game(db, match_length=7)
    version, reasons = 1, []
    for number in range(4):
        finish = await finish_game(db, game.id, version, winner_seat=number % 2,
                                   result="plain", points=1, state_json="{}",
                                   now=T0 + timedelta(minutes=number), match_over=False)
        version = finish.version
        reasons.append(finish.rating_skipped_reason)
    assert reasons == [None, None, None, "pair_daily_limit"]
    assert len(await rating_history(db, ALICE, "short")) == 3


async def test_the_day_is_the_leaderboards_local_day(database_url: str) -> None:
    """Tashkent is UTC+5: 18:30 UTC is 23:30 there, 19:05 UTC is 00:05 the next day. Three
    games before local midnight and one after: all four are rated in Tashkent, while in
    UTC (the same instants on one day) the fourth is not."""
    late = datetime(2026, 3, 14, 18, 30, tzinfo=UTC)
    after_midnight = datetime(2026, 3, 14, 19, 5, tzinfo=UTC)
    for zone, rated in ((TASHKENT, 2), (ZoneInfo("UTC"), 0)):
        db = await open_database(database_url, day_zone=zone)
        try:
            await db_players(db)
            for minute in range(3):
                await play(db, now=late + timedelta(minutes=minute))
            finish = await play(db, (BOB, ALICE), now=after_midnight)
            assert len(finish.rating_changes) == rated, zone
            day = late.astimezone(TASHKENT).date()
            board = await daily_leaderboard(db, "short", day, TASHKENT, limit=5)
            if zone is TASHKENT:
                assert [(s.player_id, s.value) for s in board.top] == [
                    (ALICE, 100 + 48 + 31), (BOB, -(100 + 48 + 31))]
        finally:
            async with db.transaction() as tx:  # the next zone starts from no games
                for table in ("rating_events", "game_results", "player_stats", "moves",
                              "active_seats", "match_reviews", "games"):
                    await tx.execute(f"DELETE FROM {table}")
            await db.close()


async def test_an_explicit_zone_wins(db: Database) -> None:
    late = datetime(2026, 3, 14, 18, 30, tzinfo=UTC)
    for minute in range(3):
        await play(db, now=late + timedelta(minutes=minute))
    finish = await play(db, now=datetime(2026, 3, 14, 19, 5, tzinfo=UTC), zone=TASHKENT)
    assert finish.rating_skipped_reason is None  # db.day_zone is UTC: the zone given decides


async def db_players(db: Database) -> None:
    from storage import upsert_player

    for player_id, name in ((ALICE, "Alice"), (BOB, "Bob")):
        await upsert_player(db, player_id, name, username=None, language="en", now=T0)


async def test_computer_games_never_count(db: Database) -> None:
    for hour in range(4):
        game = await create_game(db, variant="short", players=(ALICE, None), level="easy",
                                 state_json=STATE, now=T0)
        finish = await finish_game(db, game.id, 1, winner_seat=0, result="plain", points=1,
                                   state_json="{}", now=T0 + timedelta(hours=hour))
        assert finish.rating_skipped_reason is None and finish.rating_changes == ()
    assert len((await play(db)).rating_changes) == 2
