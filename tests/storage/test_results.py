"""Finishing games: result, statistics, ratings and rating events in one transaction."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from storage import (
    START_RATING,
    ConstraintViolation,
    Database,
    GameNotActive,
    LogEntry,
    VersionConflict,
    create_game,
    finish_game,
    game_results,
    load_game,
    move_log,
    player_stats,
    rating_history,
    save_game,
)
from testkit.storage_rows import ALICE, BOB, CAROL, STATE, T0, human_game

pytestmark = pytest.mark.usefixtures("players")


async def snapshot(db: Database) -> dict[str, list[tuple[object, ...]]]:
    tables = ("games", "game_results", "moves", "player_stats", "rating_events")
    return {t: [tuple(r) for r in await db.fetchall(f"SELECT * FROM {t} ORDER BY 1, 2")]
            for t in tables}


async def test_rated_win(db: Database) -> None:
    game = await human_game(db, deadline=T0)
    later = T0 + timedelta(minutes=7)
    finish = await finish_game(db, game.id, 1, winner_seat=1, result="mars", points=2,
                               state_json='{"over":1}', now=later,
                               log=[LogEntry("step", "2/off", 1)])
    assert finish.version == 2 and finish.match_over
    assert [(c.player_id, c.before, c.after) for c in finish.rating_changes] == [
        (BOB, 1500, 1700), (ALICE, 1500, 1300)
    ]
    done = await load_game(db, game.id)
    assert (done.status, done.winner_seat, done.result, done.points) == ("finished", 1, "mars", 2)
    assert done.finished_at == later and done.deadline is None
    assert done.state_json == '{"over":1}'
    assert [e.notation for e in await move_log(db, game.id)] == ["2/off"]
    [result] = await game_results(db, game.id)
    assert (result.winner_seat, result.result, result.points) == (1, "mars", 2)

    bob, alice = await player_stats(db, BOB, "short"), await player_stats(db, ALICE, "short")
    assert (bob.rating, bob.rated_games, bob.games, bob.wins, bob.losses) == (1700, 1, 1, 1, 0)
    assert (bob.marses_given, bob.marses_taken, bob.streak, bob.best_streak) == (1, 0, 1, 1)
    assert (alice.rating, alice.games, alice.losses, alice.marses_taken) == (1300, 1, 1, 1)
    [event] = await rating_history(db, BOB, "short")
    assert (event.delta, event.rating_after, event.game_id, event.created_at) == (
        200, 1700, game.id, later
    )
    [event] = await rating_history(db, ALICE, "short")
    assert (event.delta, event.rating_after) == (-200, 1300)
    assert (await player_stats(db, BOB, "long")).games == 0  # variants are separate


async def test_computer_game_counts_statistics_only(db: Database) -> None:
    game = await create_game(db, variant="long", players=(CAROL, None), state_json=STATE,
                             now=T0, level="easy")
    finish = await finish_game(db, game.id, 1, winner_seat=1, result="home_mars", points=3,
                               state_json="{}", now=T0)
    assert finish.rating_changes == ()
    carol = await player_stats(db, CAROL, "long")
    assert (carol.rating, carol.rated_games, carol.games, carol.losses) == (START_RATING, 0, 1, 1)
    assert carol.marses_taken == 1  # home mars counts as a mars
    assert await rating_history(db, CAROL, "long") == []


async def test_unrated_human_game(db: Database) -> None:
    game = await human_game(db, rated=False)
    finish = await finish_game(db, game.id, 1, winner_seat=0, result="koks", points=3,
                               state_json="{}", now=T0)
    assert finish.rating_changes == ()
    alice = await player_stats(db, ALICE, "short")
    assert (alice.rating, alice.wins, alice.koks_given) == (START_RATING, 1, 1)
    assert (await player_stats(db, BOB, "short")).koks_taken == 1


async def test_upset_win_gains_more(db: Database) -> None:
    for _ in range(2):  # Alice climbs to 1700 (+100, then +100 against 1400)
        game = await human_game(db)
        await finish_game(db, game.id, 1, winner_seat=0, result="plain", points=1,
                          state_json="{}", now=T0)
    assert (await player_stats(db, BOB, "short")).rating < START_RATING
    upset = await human_game(db)
    finish = await finish_game(db, upset.id, 1, winner_seat=1, result="plain", points=1,
                               state_json="{}", now=T0)
    gained = finish.rating_changes[0].delta
    assert finish.rating_changes[0].player_id == BOB and gained > 100
    assert finish.rating_changes[1].delta == -gained


async def test_match_goes_on_then_ends(db: Database) -> None:
    game = await human_game(db, match_length=3)
    next_deadline = T0 + timedelta(minutes=2)
    first = await finish_game(db, game.id, 1, winner_seat=0, result="mars", points=2,
                              state_json='{"score":[2,0]}', now=T0, match_over=False,
                              deadline=next_deadline)
    assert not first.match_over and first.version == 2
    going = await load_game(db, game.id)
    assert going.status == "active" and going.result is None
    assert going.deadline == next_deadline
    version = await save_game(db, game.id, first.version, state_json="{}", deadline=None,
                              now=T0, log=[LogEntry("roll", "4-2", 0)])
    last = await finish_game(db, game.id, version, winner_seat=0, result="plain", points=1,
                             state_json='{"score":[3,0]}', now=T0)
    assert last.match_over
    assert [(r.result, r.points) for r in await game_results(db, game.id)] == [
        ("mars", 2), ("plain", 1)
    ]
    alice = await player_stats(db, ALICE, "short")
    # +200 between equals, then 1700 beats 1300: 200 x (1 - 10/11) = 18.2 -> 18.
    assert (alice.games, alice.wins, alice.rating) == (2, 2, 1500 + 200 + 18)


async def test_finishing_twice_rates_once(db: Database) -> None:
    game = await human_game(db)
    args = dict(winner_seat=0, result="plain", points=1, state_json="{}", now=T0)
    outcomes = await asyncio.gather(finish_game(db, game.id, 1, **args),
                                    finish_game(db, game.id, 1, **args),
                                    return_exceptions=True)
    assert sum(isinstance(o, VersionConflict) for o in outcomes) == 1
    assert (await player_stats(db, ALICE, "short")).rating == 1600
    assert len(await rating_history(db, ALICE, "short")) == 1
    with pytest.raises(GameNotActive):
        await finish_game(db, game.id, 2, **args)


async def test_impossible_result_writes_nothing(db: Database) -> None:
    game = await human_game(db, variant="long")
    before = await snapshot(db)
    with pytest.raises(ValueError):
        await finish_game(db, game.id, 1, winner_seat=0, result="koks", points=3,
                          state_json="{}", now=T0)
    with pytest.raises(ValueError):
        await finish_game(db, game.id, 1, winner_seat=2, result="plain", points=1,
                          state_json="{}", now=T0)
    assert await snapshot(db) == before


async def test_failure_half_way_rolls_everything_back(db: Database) -> None:
    """The last write of finish_game fails: the game, stats and ratings stay as they were."""
    game = await human_game(db)
    async with db.transaction() as tx:
        if tx.engine == "sqlite":
            await tx.execute("CREATE TRIGGER refuse BEFORE INSERT ON rating_events"
                             " BEGIN SELECT RAISE(ABORT, 'disk on fire'); END")
        else:
            await tx.execute(
                "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
                " RAISE EXCEPTION 'disk on fire' USING ERRCODE = 'check_violation'; END $$")
            await tx.execute("CREATE TRIGGER refuse BEFORE INSERT ON rating_events"
                             " FOR EACH ROW EXECUTE FUNCTION refuse()")
    before = await snapshot(db)
    with pytest.raises(ConstraintViolation, match="disk on fire"):
        await finish_game(db, game.id, 1, winner_seat=0, result="plain", points=1,
                          state_json="{}", now=T0, log=[LogEntry("step", "1/off", 0)])
    assert await snapshot(db) == before
    assert (await load_game(db, game.id)).status == "active"


async def test_streaks(db: Database) -> None:
    for day, winner in enumerate((0, 0, 0, 1, 0)):  # a day each: all five are rated
        game = await human_game(db)
        await finish_game(db, game.id, 1, winner_seat=winner, result="plain", points=1,
                          state_json="{}", now=T0 + timedelta(days=day))
    alice, bob = await player_stats(db, ALICE, "short"), await player_stats(db, BOB, "short")
    assert (alice.wins, alice.losses, alice.streak, alice.best_streak) == (4, 1, 1, 3)
    assert (bob.wins, bob.losses, bob.streak, bob.best_streak) == (1, 4, 0, 1)
    history = await rating_history(db, ALICE, "short")
    assert len(history) == 5 and history[-1].rating_after == alice.rating
    assert [e.rating_after for e in await rating_history(db, ALICE, "short", limit=2)] == [
        history[-2].rating_after, history[-1].rating_after
    ]


async def test_stats_of_a_new_player(db: Database) -> None:
    stats = await player_stats(db, CAROL, "short")
    assert stats.rating == START_RATING and stats.games == stats.best_streak == 0
