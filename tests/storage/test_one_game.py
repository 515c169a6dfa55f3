"""One game at a time, in the database: the active-seat guard on both engines."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from storage import (
    ConstraintViolation,
    Database,
    PlayerBusy,
    accept_challenge,
    active_games,
    create_challenge,
    create_game,
    finish_game,
    get_challenge,
    save_game,
)
from storage.connect import open_database
from testkit.storage_rows import ALICE, BOB, CAROL, DAVE, STATE, T0, human_game

pytestmark = pytest.mark.usefixtures("players")


async def count_games(db: Database) -> int:
    return int(await db.fetchval("SELECT COUNT(*) FROM games"))


async def seats(db: Database) -> dict[int, int]:
    rows = await db.fetchall("SELECT player_id, game_id FROM active_seats")
    return {row["player_id"]: row["game_id"] for row in rows}


@pytest.mark.parametrize("second", [(ALICE, CAROL), (CAROL, ALICE), (None, ALICE), (BOB, None)])
async def test_a_seated_player_cannot_start_another_game(
        db: Database, second: tuple[int | None, int | None]) -> None:
    first = await human_game(db)
    level = "easy" if None in second else None
    with pytest.raises(PlayerBusy) as caught:
        await create_game(db, variant="long", players=second, level=level, state_json=STATE,
                          now=T0)
    assert caught.value.player_id in (ALICE, BOB) and caught.value.game_id == first.id
    assert await count_games(db) == 1
    assert await seats(db) == {ALICE: first.id, BOB: first.id}


async def test_finishing_or_aborting_frees_the_seats(db: Database) -> None:
    game = await human_game(db)
    await finish_game(db, game.id, 1, winner_seat=0, result="plain", points=1,
                      state_json="{}", now=T0)
    assert await seats(db) == {}
    again = await human_game(db, players=(BOB, ALICE))
    await save_game(db, again.id, 1, state_json="{}", deadline=None, now=T0, status="aborted")
    assert await seats(db) == {}
    computer = await create_game(db, variant="short", players=(ALICE, None), level="easy",
                                 state_json=STATE, now=T0)
    assert await seats(db) == {ALICE: computer.id}


async def test_the_next_game_of_a_match_keeps_the_seats(db: Database) -> None:
    match = await human_game(db, match_length=3)
    finish = await finish_game(db, match.id, 1, winner_seat=0, result="plain", points=1,
                               state_json="{}", now=T0, match_over=False)
    assert await seats(db) == {ALICE: match.id, BOB: match.id}
    with pytest.raises(PlayerBusy):
        await human_game(db, players=(BOB, CAROL))
    await finish_game(db, match.id, finish.version, winner_seat=0, result="plain", points=1,
                      state_json="{}", now=T0)
    assert await seats(db) == {}


async def test_accepting_while_the_creator_plays_changes_nothing(db: Database) -> None:
    await create_challenge(db, creator_id=ALICE, variant="short", now=T0,
                           expires_at=T0 + timedelta(hours=1), code="abc")
    busy = await create_game(db, variant="short", players=(ALICE, None), level="easy",
                             state_json=STATE, now=T0)
    with pytest.raises(PlayerBusy) as caught:
        await accept_challenge(db, "abc", BOB, now=T0, state_json=STATE)
    assert (caught.value.player_id, caught.value.game_id) == (ALICE, busy.id)
    assert (await get_challenge(db, "abc")).status == "open"  # type: ignore[union-attr]
    assert await count_games(db) == 1


async def connections(database_url: str, count: int) -> list[Database]:
    """Separate connections (SQLite: separate files handles; PostgreSQL: separate pools)."""
    return [await open_database(database_url) for _ in range(count)]


async def test_simultaneous_creations_make_one_game(db: Database, database_url: str) -> None:
    """Eight creations for one player at the same moment, each on its own connection."""
    others = await connections(database_url, 8)
    try:
        opponents = [BOB, CAROL, DAVE, None, None, None, None, None]
        outcomes = await asyncio.gather(
            *(create_game(conn, variant="short", players=(ALICE, opponent), state_json=STATE,
                          now=T0, level=None if opponent else "easy")
              for conn, opponent in zip(others, opponents, strict=True)),
            return_exceptions=True)
    finally:
        for conn in others:
            await conn.close()
    made = [o for o in outcomes if not isinstance(o, BaseException)]
    assert len(made) == 1, outcomes
    assert all(isinstance(o, PlayerBusy) for o in outcomes if o not in made)
    assert [g.id for g in await active_games(db, ALICE)] == [made[0].id]
    assert await count_games(db) == 1


async def test_a_creators_two_challenges_accepted_at_once(db: Database,
                                                          database_url: str) -> None:
    for code in ("one", "two"):
        await create_challenge(db, creator_id=ALICE, variant="short", now=T0,
                               expires_at=T0 + timedelta(hours=1), code=code)
    others = await connections(database_url, 2)
    try:
        outcomes = await asyncio.gather(
            accept_challenge(others[0], "one", BOB, now=T0, state_json=STATE),
            accept_challenge(others[1], "two", CAROL, now=T0, state_json=STATE),
            return_exceptions=True)
    finally:
        for conn in others:
            await conn.close()
    assert sum(isinstance(o, tuple) for o in outcomes) == 1, outcomes
    assert sum(isinstance(o, PlayerBusy) for o in outcomes) == 1
    assert len(await active_games(db, ALICE)) == 1


async def test_the_guard_holds_against_raw_inserts(db: Database, database_url: str) -> None:
    """Writers that skip storage's own check still cannot seat a player twice: the key of
    active_seats refuses, also for two transactions at the same moment."""
    insert = ("INSERT INTO games (variant, player0_id, player1_id, level, state_json,"
              " created_at, updated_at) VALUES ('short', ?, NULL, 'easy', '{}', 0, 0)")
    others = await connections(database_url, 2)

    async def raw(conn: Database) -> None:
        async with conn.transaction() as tx:
            await tx.execute(insert, (CAROL,))

    try:
        outcomes = await asyncio.gather(*(raw(conn) for conn in others),
                                        return_exceptions=True)
    finally:
        for conn in others:
            await conn.close()
    failures = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(failures) == 1, outcomes
    assert isinstance(failures[0], ConstraintViolation), failures
    assert len(await active_games(db, CAROL)) == 1
    with pytest.raises(ConstraintViolation) as caught:
        async with db.transaction() as tx:
            await tx.execute(insert, (CAROL,))
    assert caught.value.table == "active_seats"
