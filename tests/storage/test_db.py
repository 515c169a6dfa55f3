"""The connection on both engines: transactions, the lock, errors, logging, file modes."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import stat
from pathlib import Path

import pytest

from storage import (
    ConstraintViolation,
    Database,
    DatabaseUnavailable,
    LogEntry,
    save_game,
    upsert_player,
)
from storage.connect import open_database
from storage.db import parse_target, placeholders, redact
from storage.sqlite import AUTOCHECKPOINT_PAGES, BUSY_TIMEOUT_MS, CHECKPOINT_EVERY
from testkit.postgres import free_port
from testkit.storage_rows import T0, human_game
from testkit.waiting import until, within

INSERT_PLAYER = "INSERT INTO players (id, name, created_at, updated_at) VALUES (?, 'a', 0, 0)"


async def count_players(db: Database) -> int:
    return int(await db.fetchval("SELECT COUNT(*) FROM players"))


async def test_pragmas(sqlite_db: Database) -> None:
    assert await sqlite_db.pragma("journal_mode") == "wal"
    assert await sqlite_db.pragma("foreign_keys") == 1
    assert await sqlite_db.pragma("busy_timeout") == BUSY_TIMEOUT_MS
    assert await sqlite_db.pragma("synchronous") == 1  # NORMAL
    assert await sqlite_db.pragma("wal_autocheckpoint") == AUTOCHECKPOINT_PAGES


async def test_checkpoints_run_beside_the_commits(sqlite_db: Database, db_path: Path) -> None:
    """A few hundred WAL pages, far below SQLite's own threshold: the background checkpoint
    has copied them all into the database (without it none would be)."""
    for n in range(CHECKPOINT_EVERY):
        async with sqlite_db.transaction() as tx:
            await tx.execute(INSERT_PLAYER.replace("?", str(n + 1)))
    await sqlite_db.checkpointed()  # type: ignore[attr-defined]
    # The database file alone (its WAL left behind) already holds every row.
    alone = db_path.with_name("alone.sqlite3")
    alone.write_bytes(db_path.read_bytes())
    probe = sqlite3.connect(alone)
    try:
        assert probe.execute("SELECT COUNT(*) FROM players").fetchone()[0] == CHECKPOINT_EVERY
    finally:
        probe.close()


async def test_files_are_private(sqlite_db: Database, db_path: Path) -> None:
    """The database, its WAL and its shared-memory file are created 0600."""
    await upsert_player(sqlite_db, 1, "Ali", username=None, language="en", now=T0)
    assert sqlite_db.path == str(db_path)
    for suffix in ("", "-wal", "-shm"):
        mode = stat.S_IMODE((db_path.parent / (db_path.name + suffix)).stat().st_mode)
        assert mode == 0o600, (suffix, oct(mode))


async def test_backup_is_a_private_copy(sqlite_db: Database, tmp_path: Path) -> None:
    await upsert_player(sqlite_db, 1, "Ali", username=None, language="en", now=T0)
    copy = tmp_path / "backup.sqlite3"
    await sqlite_db.backup(str(copy))  # type: ignore[attr-defined]
    assert stat.S_IMODE(copy.stat().st_mode) == 0o600
    restored = await open_database(copy)
    try:
        assert await count_players(restored) == 1
    finally:
        await restored.close()


async def test_foreign_keys_are_enforced(db: Database) -> None:
    with pytest.raises(ConstraintViolation) as caught:
        async with db.transaction() as tx:
            await tx.execute(
                "INSERT INTO challenges (code, creator_id, variant, created_at, expires_at)"
                " VALUES ('x', 999, 'short', 0, 1)"
            )
    assert caught.value.kind == "foreign_key"


async def test_unique_violation_names_its_table(db: Database) -> None:
    async with db.transaction() as tx:
        await tx.execute(INSERT_PLAYER, (1,))
    with pytest.raises(ConstraintViolation) as caught:
        async with db.transaction() as tx:
            await tx.execute(INSERT_PLAYER, (1,))
    assert (caught.value.kind, caught.value.table) == ("unique", "players")


async def test_transaction_commits(db: Database) -> None:
    async with db.transaction() as tx:
        assert await tx.execute(INSERT_PLAYER, (1,)) == 1
        assert await tx.execute("UPDATE players SET name = 'b' WHERE id > ?", (0,)) == 1
    assert await db.fetchval("SELECT name FROM players WHERE id = 1") == "b"


async def test_transaction_rolls_back_on_error(db: Database) -> None:
    with pytest.raises(RuntimeError):
        async with db.transaction() as tx:
            await tx.execute(INSERT_PLAYER, (1,))
            raise RuntimeError("boom")
    assert await db.fetchone("SELECT 1 FROM players") is None
    async with db.transaction() as tx:  # and the connection is usable again
        await tx.execute(INSERT_PLAYER, (1,))
    assert await count_players(db) == 1


async def test_cancelled_transaction_rolls_back(db: Database) -> None:
    entered = asyncio.Event()

    async def writer() -> None:
        async with db.transaction() as tx:
            await tx.execute(INSERT_PLAYER, (1,))
            entered.set()
            await asyncio.Event().wait()  # until cancelled

    task = asyncio.create_task(writer())
    await within(entered.wait(), 30, "the writer's transaction")
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await db.fetchone("SELECT 1 FROM players") is None


async def test_cancelled_in_the_middle_of_a_statement(db: Database) -> None:
    """Cancelled while a statement runs: nothing of the transaction stays, and the
    database serves the next one."""

    async def writer() -> None:
        async with db.transaction() as tx:
            await tx.execute(INSERT_PLAYER, (1,))
            await tx.execute(INSERT_PLAYER, (2,))

    for turns in range(6):  # cancel after 0, 1, … loop turns: at BEGIN, inside, at COMMIT
        task = asyncio.create_task(writer())
        for _ in range(turns):
            await asyncio.sleep(0)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        assert await count_players(db) in (0, 2)
        async with db.transaction() as tx:
            await tx.execute("DELETE FROM players")


async def test_nested_use_is_refused(db: Database) -> None:
    with pytest.raises(RuntimeError, match="nested"):
        async with db.transaction():
            await db.fetchone("SELECT 1")


async def test_a_use_cancelled_while_waiting_leaves_the_connection_as_it_was(
        sqlite_db: Database) -> None:
    """Waiting for SQLite's one connection (another task's transaction holds it) and
    cancelled: the task is no longer counted as using it, and the holder and later uses go
    on. (PostgreSQL's pool has a connection for each.)"""
    db = sqlite_db
    holding, release = asyncio.Event(), asyncio.Event()

    async def holder() -> None:
        async with db.transaction() as tx:
            holding.set()
            await release.wait()
            await tx.execute(INSERT_PLAYER, (1,))

    held = asyncio.create_task(holder())
    try:  # (a holder left waiting would keep the database from closing)
        await within(holding.wait(), 30, "the holder's transaction")
        waiting = asyncio.create_task(db.fetchone("SELECT 1"))
        for _ in range(5):  # it reaches the connection's lock without any I/O
            await asyncio.sleep(0)
        assert not waiting.done()
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        assert waiting not in db.holders
    finally:
        release.set()
        await held
    assert await count_players(db) == 1
    assert not db.holders
    async with db.transaction() as tx:
        await tx.execute("DELETE FROM players")


async def test_reads_never_see_uncommitted_rows(db: Database) -> None:
    inserted = asyncio.Event()
    release = asyncio.Event()

    async def writer() -> None:
        async with db.transaction() as tx:
            await tx.execute(INSERT_PLAYER, (1,))
            inserted.set()
            await release.wait()
            raise RuntimeError("roll back")

    task = asyncio.create_task(writer())
    try:  # (a writer left waiting would keep the database from closing)
        await within(inserted.wait(), 30, "the writer's insert")
        reader = asyncio.create_task(db.fetchone("SELECT 1 FROM players"))
        await asyncio.sleep(0)
        if db.engine == "sqlite":  # one connection: the reader queues behind the lock
            assert not reader.done()
        else:  # another pooled connection: it reads at once, without the uncommitted row
            assert await reader is None
    finally:
        release.set()
        with pytest.raises(RuntimeError):
            await task
    assert await reader is None


async def test_two_connections_wait_for_each_other(db: Database, database_url: str) -> None:
    """A second process's writers wait for the first one's instead of failing."""
    other = await open_database(database_url)
    try:
        async def write(database: Database, player_id: int) -> None:
            async with database.transaction() as tx:
                await tx.execute(INSERT_PLAYER, (player_id,))

        await asyncio.gather(*(write(d, i) for i, d in enumerate([db, other] * 20)))
        assert await count_players(db) == 40
    finally:
        await other.close()


async def test_cancelled_while_beginning(db: Database) -> None:
    """Cancelled while BEGIN is queued: the BEGIN still runs, so it must be rolled back."""

    async def writer() -> None:
        async with db.transaction() as tx:
            await tx.execute(INSERT_PLAYER, (1,))

    task = asyncio.create_task(writer())
    await asyncio.sleep(0)  # one turn of the loop: the task is now awaiting its BEGIN
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await writer()  # a new transaction can begin
    assert await count_players(db) == 1


async def test_returning_and_fetchval(db: Database) -> None:
    async with db.transaction() as tx:
        assert await tx.fetchval(INSERT_PLAYER + " RETURNING id", (7,)) == 7
        row = await tx.fetchone("SELECT id, name FROM players WHERE id = ?", (7,))
    assert (row["id"], row["name"], row[0], tuple(row)) == (7, "a", 7, (7, "a"))
    assert await db.fetchval("SELECT id FROM players WHERE id = ?", (8,)) is None


async def test_debug_logs_hold_no_parameters(db: Database, players: object,
                                             caplog: pytest.LogCaptureFixture) -> None:
    """At DEBUG the statements are logged, never their parameters (names, game states)."""
    secret_state = '{"secret": "state-7f3a"}'
    caplog.set_level(logging.DEBUG)
    game = await human_game(db)
    await upsert_player(db, 555, "Secret Name 9c2e", username="hidden_user", language="en",
                        now=T0)
    await save_game(db, game.id, 1, state_json=secret_state, deadline=None, now=T0,
                    log=[LogEntry("step", "24/18", 0)])
    text = "\n".join(record.getMessage() for record in caplog.records)
    # statements are there (SQLite saves through its connection's view: storage.games)
    assert ("INSERT INTO game_save" if db.engine == "sqlite"
            else "UPDATE games SET state_json") in text
    for secret in ("state-7f3a", "Secret Name 9c2e", "hidden_user"):
        assert secret not in text


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        ("nard.sqlite3", ("sqlite", "nard.sqlite3")),
        ("sqlite:///data/nard.db", ("sqlite", "data/nard.db")),
        ("sqlite:////var/lib/nard.db", ("sqlite", "/var/lib/nard.db")),
        ("postgresql://u:p@h:5/d", ("postgres", "postgresql://u:p@h:5/d")),
        ("postgres://h/d", ("postgres", "postgresql://h/d")),
    ],
)
def test_parse_target(target: str, expected: tuple[str, str]) -> None:
    assert parse_target(target) == expected


@pytest.mark.parametrize("target", ["mysql://u:secret@h/d", "sqlite://", "sqlite:///", ""])
def test_unsupported_targets(target: str) -> None:
    with pytest.raises(DatabaseUnavailable) as caught:
        parse_target(target)
    assert "secret" not in str(caught.value)


def test_redact_and_placeholders() -> None:
    assert redact("postgresql://nard:s3cr3t@db:5432/nard") == "postgresql://nard:***@db:5432/nard"
    assert redact("postgresql://db/nard") == "postgresql://db/nard"
    assert placeholders("SELECT '?', \"a?\" FROM t -- ?\nWHERE a = ? AND b = ?") == (
        "SELECT '?', \"a?\" FROM t -- ?\nWHERE a = $1 AND b = $2")


async def test_unusable_paths_say_so_in_one_line(tmp_path: Path) -> None:
    corrupt = tmp_path / "corrupt.sqlite3"
    corrupt.write_bytes(b"this is not a database" * 100)
    for target in (tmp_path / "missing" / "nard.db", tmp_path, corrupt):
        with pytest.raises(DatabaseUnavailable) as caught:
            await open_database(target)
        message = str(caught.value)
        assert str(target) in message and "\n" not in message


async def test_unreachable_server_hides_the_password() -> None:
    url = f"postgresql://nard:hunter2@127.0.0.1:{free_port()}/nard"
    with pytest.raises(DatabaseUnavailable) as caught:
        await open_database(url)
    message = str(caught.value)
    assert "hunter2" not in message and "127.0.0.1" in message and "\n" not in message


async def test_close_cuts_a_connection_held_for_good(database_url: str) -> None:
    """A task stuck inside a game's lock and another inside a transaction (a hung handler)
    do not keep `close` waiting: after `close_wait` it closes under them."""
    db = await open_database(database_url)
    db.close_wait = 0.2
    held = asyncio.Event()
    inside = 0

    async def stuck_in_lock() -> None:
        nonlocal inside
        async with db.game_lock(1):
            inside += 1
            held.set()
            await asyncio.Event().wait()  # never let go

    async def stuck_in_transaction() -> None:
        nonlocal inside
        async with db.transaction() as tx:
            await tx.execute(INSERT_PLAYER, (1,))
            inside += 1
            await asyncio.Event().wait()

    tasks = [asyncio.create_task(stuck_in_lock()), asyncio.create_task(stuck_in_transaction())]
    try:
        await within(held.wait(), 30, "the lock taken")
        await until(lambda: inside == 2, 30, "both tasks inside")
        await within(db.close(), 30, "the close")  # it used to wait for ever
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
