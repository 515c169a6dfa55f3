"""The week's best PR board (storage.leaderboard.pr_leaderboard) on both engines, on an
injected clock: the local week's matches only (its Monday midnight in the board's zone, not
UTC's), rated games only, lowest PR first, and nobody with fewer than the decisions needed,
however good their one game."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from storage import analysis
from storage.analysis import FigureRow
from storage.db import Database
from storage.leaderboard import PR_MIN_DECISIONS, local_date, pr_leaderboard
from storage.results import finish_game
from testkit.storage_rows import ALICE, BOB, CAROL, DAVE, STATE, human_game

ZONE = ZoneInfo("Asia/Tashkent")  # UTC+5, no daylight saving
# Saturday 14 March 2026, 17:00 in Tashkent: the week began Monday 9 March 00:00 local,
# which is Sunday 8 March 19:00 UTC.
NOW = datetime(2026, 3, 14, 12, 0, tzinfo=UTC)
MONDAY = datetime(2026, 3, 8, 19, 0, tzinfo=UTC)


def _figure(seat: int, player: int, decisions: int, pr: float) -> FigureRow:
    return FigureRow(seat, player, decisions, pr * decisions / 500, 0, 0, 0, 0, 0, 0, 0)


async def analysed(db: Database, at: datetime, first: tuple[int, int, float],
                   second: tuple[int, int, float], *, rated: bool = True) -> None:
    """A match of (player, decisions, PR) against (player, decisions, PR), finished at `at`
    and analysed."""
    game = await human_game(db, players=(first[0], second[0]), rated=rated)
    await finish_game(db, game.id, 1, winner_seat=0, result="plain", points=1,
                      state_json=STATE, now=at)
    assert await analysis.claim(db, game.id, 1, at, at + timedelta(seconds=30))
    await analysis.save(db, game.id, 1, engine="test", now=at, decisions=[],
                        figures=[_figure(0, *first), _figure(1, *second)])


async def test_the_weeks_best_pr_with_the_decisions_it_needs(
        db: Database, players: tuple[int, ...]) -> None:
    assert PR_MIN_DECISIONS == 120
    for hours in (1, 30, 70):  # Alice: 3 x 50 decisions at PR 6.0 this week
        await analysed(db, MONDAY + timedelta(hours=hours), (ALICE, 50, 6.0), (DAVE, 10, 20.0))
    await analysed(db, MONDAY + timedelta(hours=2), (CAROL, 130, 9.0), (DAVE, 10, 20.0))
    # Bob: one brilliant game, too few decisions to be ranked.
    await analysed(db, MONDAY + timedelta(hours=3), (BOB, 60, 1.0), (DAVE, 10, 20.0))
    # Not this week: a second before its local Monday; nor an unrated game.
    await analysed(db, MONDAY - timedelta(seconds=1), (BOB, 200, 1.0), (DAVE, 10, 20.0))
    await analysed(db, MONDAY + timedelta(hours=4), (BOB, 200, 1.0), (DAVE, 10, 20.0),
                   rated=False)
    today = local_date(NOW, ZONE)
    board = await pr_leaderboard(db, "short", today, ZONE, player_id=BOB)
    assert [(s.rank, s.player_id, s.decisions) for s in board.top] == [
        (1, ALICE, 150), (2, CAROL, 130)]
    assert [round(s.pr, 6) for s in board.top] == [6.0, 9.0]
    assert board.me is None and board.my_decisions == 60 and board.least == 120
    mine = await pr_leaderboard(db, "short", today, ZONE, player_id=CAROL, limit=1)
    assert [s.player_id for s in mine.top] == [ALICE]
    assert mine.me is not None and mine.me.rank == 2 and mine.my_decisions == 130
    # The next week (the clock a week on) starts empty; the long board is another's.
    assert (await pr_leaderboard(db, "short", today + timedelta(days=7), ZONE)).top == ()
    assert (await pr_leaderboard(db, "long", today, ZONE)).top == ()
    # In UTC the week began five hours later (9 March 00:00 UTC): the games of Tashkent's
    # first Monday hours are last week's there, and nobody has enough decisions.
    utc = await pr_leaderboard(db, "short", today, ZoneInfo("UTC"), player_id=ALICE)
    assert utc.top == () and utc.my_decisions == 100
