"""Games: create, load, optimistic saves, the move log, board messages, queries."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from storage import (
    ConstraintViolation,
    Database,
    GameNotActive,
    GameNotFound,
    LogEntry,
    PlayerNotFound,
    VersionConflict,
    active_games,
    board_messages,
    create_game,
    due_games,
    finish_game,
    load_game,
    move_log,
    put_board_message,
    remove_board_message,
    save_game,
    upsert_player,
)
from storage.sqlite import SqliteDatabase
from testkit.storage_rows import ALICE, BOB, CAROL, DAVE, STATE, T0, human_game

ERIN, FRANK = 105, 106

pytestmark = pytest.mark.usefixtures("players")


async def test_create_and_load(db: Database) -> None:
    deadline = T0 + timedelta(minutes=2)
    game = await create_game(
        db, variant="long", players=(ALICE, BOB), state_json=STATE, now=T0,
        deadline=deadline, match_length=3, log=[LogEntry("roll", "6-5", seat=0)],
    )
    assert game.version == 1 and game.status == "active"
    assert (game.variant, game.players, game.match_length) == ("long", (ALICE, BOB), 3)
    assert game.rated and not game.cube and game.level is None
    assert game.deadline == deadline and game.state_json == STATE
    assert game.result is None and game.finished_at is None
    assert await load_game(db, game.id) == game
    [entry] = await move_log(db, game.id)
    assert (entry.version, entry.seat, entry.kind, entry.notation) == (1, 0, "roll", "6-5")


async def test_computer_game_is_not_rated(db: Database) -> None:
    game = await create_game(db, variant="short", players=(None, CAROL), state_json=STATE,
                             now=T0, level="beginner")
    assert game.players == (None, CAROL) and game.level == "beginner" and not game.rated
    assert game.seat_of(CAROL) == 1 and game.seat_of(ALICE) is None


async def test_state_json_is_stored_untouched(db: Database) -> None:
    odd = '{ "b":1,\n"a" : [1.50, "ё"] }'
    game = await create_game(db, variant="short", players=(ALICE, BOB), state_json=odd, now=T0)
    assert (await load_game(db, game.id)).state_json == odd


@pytest.mark.parametrize(
    ("players", "level", "rated"),
    [
        ((None, None), "easy", None),  # nobody human
        ((ALICE, ALICE), None, None),  # against oneself
        ((ALICE, None), None, None),  # computer without level
        ((ALICE, BOB), "easy", None),  # level without computer
        ((ALICE, None), "easy", True),  # rated against the computer
    ],
)
async def test_invalid_games_are_refused(db: Database, players: tuple[int | None, int | None],
                                         level: str | None, rated: bool | None) -> None:
    with pytest.raises(ValueError):
        await create_game(db, variant="short", players=players, state_json=STATE, now=T0,
                          level=level, rated=rated)


async def test_unknown_player_or_variant(db: Database) -> None:
    with pytest.raises(PlayerNotFound):
        await create_game(db, variant="short", players=(ALICE, 999), state_json=STATE, now=T0)
    with pytest.raises(ValueError):
        await create_game(db, variant="medium", players=(ALICE, BOB), state_json=STATE, now=T0)
    with pytest.raises(GameNotFound):
        await load_game(db, 12345)


async def test_save_bumps_version_and_appends_log(db: Database) -> None:
    game = await human_game(db)
    later, deadline = T0 + timedelta(seconds=5), T0 + timedelta(minutes=3)
    steps = [LogEntry("step", "24/18", 0), LogEntry("step", "18/13", 0)]
    version = await save_game(db, game.id, 1, state_json='{"s":2}', deadline=deadline,
                              now=later, log=steps)
    assert version == 2
    saved = await load_game(db, game.id)
    assert (saved.version, saved.state_json, saved.deadline) == (2, '{"s":2}', deadline)
    assert saved.updated_at == later
    log = await move_log(db, game.id)
    assert [(e.version, e.notation, e.created_at) for e in log] == [
        (2, "24/18", later), (2, "18/13", later)
    ]


async def test_stale_version_conflicts_and_changes_nothing(db: Database) -> None:
    game = await human_game(db)
    await save_game(db, game.id, 1, state_json='{"s":2}', deadline=None, now=T0,
                    log=[LogEntry("roll", "3-1", 0)])
    before, log_before = await load_game(db, game.id), await move_log(db, game.id)
    with pytest.raises(VersionConflict) as caught:
        await save_game(db, game.id, 1, state_json='{"stale":1}', deadline=None, now=T0,
                        log=[LogEntry("roll", "6-6", 1)])
    assert (caught.value.expected, caught.value.actual) == (1, 2)
    assert await load_game(db, game.id) == before
    assert await move_log(db, game.id) == log_before


async def test_a_save_whose_log_breaks_a_rule_writes_nothing(db: Database) -> None:
    """The game's UPDATE and its log rows are one: a bad row takes the UPDATE back too."""
    game = await human_game(db)
    with pytest.raises(ConstraintViolation):
        await save_game(db, game.id, 1, state_json='{"s":2}', deadline=None, now=T0,
                        log=[LogEntry("roll", "3-1", 0), LogEntry("step", "x", seat=5)])
    assert await load_game(db, game.id) == game
    assert await move_log(db, game.id) == []
    assert await save_game(db, game.id, 1, state_json="{}", deadline=None, now=T0) == 2


async def test_the_log_is_stored_as_given_in_order(db: Database) -> None:
    entries = [LogEntry("roll", "6-5", 0), LogEntry("timeout", "ё'\"\\", None, 2, None),
               LogEntry("move", "24/18", 1, 3, '{"a": "\\u00e9", "b": [1, 2.5, null]}'),
               *(LogEntry("step", str(i), i % 2, 1, f"[{i}]") for i in range(20))]
    game = await human_game(db)
    await save_game(db, game.id, 1, state_json="{}", deadline=None, now=T0, log=entries)
    assert [(e.kind, e.notation, e.seat, e.number, e.data, e.version)
            for e in await move_log(db, game.id)] == [
        (e.kind, e.notation, e.seat, e.number, e.data, 2) for e in entries]


async def test_a_save_is_one_statement_on_sqlite(sqlite_db: Database) -> None:
    """A press's save is one trip to aiosqlite's thread (not BEGIN, UPDATE, log, COMMIT)."""
    await upsert_player(sqlite_db, ALICE, "Alice", username=None, language="en", now=T0)
    await upsert_player(sqlite_db, BOB, "Bob", username=None, language="en", now=T0)
    game = await human_game(sqlite_db)
    assert isinstance(sqlite_db, SqliteDatabase)
    conn = sqlite_db.connection
    trips: list[str] = []
    execute = conn.execute

    def counted(sql: str, *args: object) -> object:
        trips.append(sql)
        return execute(sql, *args)

    conn.execute = counted
    try:
        await save_game(sqlite_db, game.id, 1, state_json="{}", deadline=None, now=T0,
                        log=[LogEntry("roll", "3-1", 0), LogEntry("step", "24/21", 0)])
    finally:
        del conn.execute
    assert len(trips) == 1
    assert len(await move_log(sqlite_db, game.id)) == 2


async def test_concurrent_saves_with_the_same_version(db: Database) -> None:
    """Two button presses at once: exactly one is stored, the other conflicts."""
    game = await human_game(db)

    async def press(name: str) -> int:
        return await save_game(db, game.id, 1, state_json=f'{{"by":"{name}"}}', deadline=None,
                               now=T0, log=[LogEntry("step", name, 0)])

    outcomes = await asyncio.gather(press("a"), press("b"), return_exceptions=True)
    winners = [o for o in outcomes if o == 2]
    conflicts = [o for o in outcomes if isinstance(o, VersionConflict)]
    assert len(winners) == 1 and len(conflicts) == 1
    saved = await load_game(db, game.id)
    [entry] = await move_log(db, game.id)
    assert saved.version == 2 and saved.state_json == f'{{"by":"{entry.notation}"}}'


async def test_many_concurrent_presses_one_per_version(db: Database) -> None:
    game = await human_game(db)
    outcomes = await asyncio.gather(
        *(save_game(db, game.id, 1, state_json="{}", deadline=None, now=T0,
                    log=[LogEntry("step", str(i))]) for i in range(10)),
        return_exceptions=True,
    )
    assert outcomes.count(2) == 1
    assert sum(isinstance(o, VersionConflict) for o in outcomes) == 9
    assert len(await move_log(db, game.id)) == 1


async def test_save_missing_or_finished_game(db: Database) -> None:
    with pytest.raises(GameNotFound):
        await save_game(db, 999, 1, state_json="{}", deadline=None, now=T0)
    game = await human_game(db)
    await finish_game(db, game.id, 1, winner_seat=0, result="plain", points=1,
                      state_json="{}", now=T0)
    with pytest.raises(GameNotActive):
        await save_game(db, game.id, 2, state_json="{}", deadline=None, now=T0)
    with pytest.raises(ValueError):
        await save_game(db, game.id, 2, state_json="{}", deadline=None, now=T0,
                        status="finished")


async def test_abort(db: Database) -> None:
    game = await human_game(db, deadline=T0)
    later = T0 + timedelta(hours=1)
    await save_game(db, game.id, 1, state_json="{}", deadline=None, now=later, status="aborted")
    aborted = await load_game(db, game.id)
    assert aborted.status == "aborted" and aborted.finished_at == later
    assert aborted.result is None
    assert await active_games(db, ALICE) == []


async def test_board_messages(db: Database) -> None:
    game = await human_game(db)
    assert await put_board_message(db, game.id, ALICE, 10, player_id=ALICE, now=T0) is None
    assert await put_board_message(db, game.id, BOB, 20, player_id=BOB, now=T0) is None
    assert await put_board_message(db, game.id, -100500, 30, player_id=None, now=T0) is None
    later = T0 + timedelta(seconds=1)
    assert await put_board_message(db, game.id, ALICE, 11, player_id=ALICE, now=later) == 10
    boards = await board_messages(db, game.id)
    assert [(b.chat_id, b.message_id, b.player_id) for b in boards] == [
        (-100500, 30, None), (ALICE, 11, ALICE), (BOB, 20, BOB)
    ]
    assert boards[1].updated_at == later
    assert await remove_board_message(db, game.id, BOB)
    assert not await remove_board_message(db, game.id, BOB)
    assert len(await board_messages(db, game.id)) == 2
    with pytest.raises(GameNotFound):
        await put_board_message(db, 999, ALICE, 1, player_id=ALICE, now=T0)


async def test_active_games_of_a_player(db: Database) -> None:
    done = await human_game(db, players=(ALICE, CAROL))
    await finish_game(db, done.id, 1, winner_seat=1, result="plain", points=1,
                      state_json="{}", now=T0)
    first = await human_game(db)
    vs_computer = await create_game(db, variant="long", players=(None, CAROL), state_json=STATE,
                                    now=T0, level="strong")
    assert [g.id for g in await active_games(db, ALICE)] == [first.id]
    assert [g.id for g in await active_games(db, BOB)] == [first.id]
    assert [g.id for g in await active_games(db, CAROL)] == [vs_computer.id]
    assert await active_games(db, DAVE) == []


async def test_due_games(db: Database) -> None:
    for extra in (ERIN, FRANK):
        await upsert_player(db, extra, "X", username=None, language=None, now=T0)
    soon = await human_game(db, deadline=T0 + timedelta(seconds=10))
    sooner = await human_game(db, players=(CAROL, DAVE), deadline=T0 + timedelta(seconds=5))
    await create_game(db, variant="short", players=(ERIN, None), level="easy", state_json=STATE,
                      now=T0)  # no deadline
    finished = await create_game(db, variant="short", players=(None, FRANK), level="easy",
                                 state_json=STATE, now=T0, deadline=T0)
    await finish_game(db, finished.id, 1, winner_seat=0, result="plain", points=1,
                      state_json="{}", now=T0)

    async def due_at(seconds: float) -> list[int]:
        return [g.id for g in await due_games(db, T0 + timedelta(seconds=seconds))]

    assert await due_at(4.999) == []
    assert await due_at(5) == [sooner.id]  # due at its deadline
    assert await due_at(60) == [sooner.id, soon.id]  # most overdue first
    await save_game(db, sooner.id, 1, state_json="{}", now=T0,
                    deadline=T0 + timedelta(minutes=5))
    assert await due_at(60) == [soon.id]
