"""Correspondence games in storage: the correspondence rating kept apart from the live one
(docs/rules.md, "Ratings"), and the "your turn" message claimed once per turn."""

from __future__ import annotations

from datetime import timedelta

import pytest

from engine.ratings import START_RATING
from storage import Database, finish_game, load_game, player_stats, rating_history
from storage.games import claim_turn, open_games
from storage.leaderboard import alltime_leaderboard, daily_leaderboard, local_date
from storage.models import Timing
from storage.stats import correspondence_rating
from testkit.storage_rows import ALICE, BOB, T0, human_game

pytestmark = pytest.mark.usefixtures("players")
BY_POST = Timing("d1", 21_600, True)


async def test_a_correspondence_game_moves_only_the_correspondence_rating(
        db: Database) -> None:
    game = await human_game(db, timing=BY_POST)
    later = T0 + timedelta(days=2)
    finish = await finish_game(db, game.id, 1, winner_seat=1, result="plain", points=1,
                               state_json="{}", now=later)
    [winner, loser] = finish.rating_changes
    assert (winner.player_id, loser.player_id) == (BOB, ALICE) and winner.delta > 0
    assert await correspondence_rating(db, BOB, "short") == (winner.after, 1)
    assert await correspondence_rating(db, ALICE, "short") == (loser.after, 1)
    # The live rating did not move; the game counts in the statistics.
    bob = await player_stats(db, BOB, "short")
    assert (bob.rating, bob.rated_games, bob.games, bob.wins) == (START_RATING, 0, 1, 1)
    assert await rating_history(db, BOB, "short") == []
    [event] = await rating_history(db, BOB, "short", pool="correspondence")
    assert event.rating_after == winner.after
    # Each board ranks its own rating.
    assert (await alltime_leaderboard(db, "short")).top == ()
    board = await alltime_leaderboard(db, "short", pool="correspondence")
    assert [(s.player_id, s.value) for s in board.top] == [(BOB, winner.after),
                                                           (ALICE, loser.after)]
    zone = db.day_zone
    day = local_date(later, zone)
    assert (await daily_leaderboard(db, "short", day, zone)).top == ()
    daily = await daily_leaderboard(db, "short", day, zone, pool="correspondence")
    assert [s.value for s in daily.top] == [winner.delta, loser.delta]


async def test_a_live_game_leaves_the_correspondence_rating(db: Database) -> None:
    game = await human_game(db)
    await finish_game(db, game.id, 1, winner_seat=0, result="plain", points=1,
                      state_json="{}", now=T0)
    assert (await player_stats(db, ALICE, "short")).rating > START_RATING
    assert await correspondence_rating(db, ALICE, "short") == (START_RATING, 0)
    assert (await alltime_leaderboard(db, "short", pool="correspondence")).top == ()


async def test_a_turn_is_claimed_once(db: Database) -> None:
    game = await human_game(db, timing=BY_POST)
    assert await claim_turn(db, game.id, 1, "1:0:0")
    assert not await claim_turn(db, game.id, 1, "1:0:0")  # another process, a restart
    assert not await claim_turn(db, game.id, 0, "1:1:1")  # a late announcement
    assert await claim_turn(db, game.id, 1, "1:1:1")  # the next turn
    await finish_game(db, game.id, 1, winner_seat=0, result="plain", points=1,
                      state_json="{}", now=T0)
    assert not await claim_turn(db, game.id, 2, "1:2:0")  # over: nothing more to tell
    assert (await load_game(db, game.id)).status == "finished"


async def test_open_games_are_the_live_one_then_correspondence(db: Database) -> None:
    first = await human_game(db, timing=BY_POST, deadline=T0 + timedelta(days=1))
    live = await human_game(db)
    soon = await human_game(db, timing=BY_POST, deadline=T0 + timedelta(hours=1))
    assert [g.id for g in await open_games(db, ALICE)] == [live.id, soon.id, first.id]
