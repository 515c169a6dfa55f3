"""SQLite through aiosqlite's public API: one connection per process, one asyncio lock.

Every statement is one trip to aiosqlite's thread (a write transaction is `BEGIN IMMEDIATE`,
its statements, `COMMIT`; a write of one statement, `write`, is one trip). The lock serialises
`transaction()` and `read()`: on a single connection a read issued while another coroutine's
transaction is open would see that transaction's uncommitted rows. A new database file is
created 0600 (its WAL and shared-memory files take the same mode), since it holds every
player's name and games.

A database locked by another program (the `sqlite3` shell in a write transaction, a backup
tool) makes `BEGIN IMMEDIATE` fail with "database is locked" once the busy timeout (5 s) is
over. The transaction is not lost: its BEGIN (or the one statement of `write`) is tried again
with a growing pause (0.1 s … 2 s) for up to `LOCKED_WAIT` seconds in all, one warning when the
wait starts and one line when it ends. Nothing was written when it fails, so trying it again is
safe; the callers (presses, the timer) wait meanwhile, as they waited for the busy timeout
before.

Checkpoints run beside the writers, not inside them: SQLite's automatic checkpoint copies the
WAL into the database inside the COMMIT that crosses 1,000 pages, so one press in a few
hundred waited for it (docs/performance.md, "Storage" and "Matchmaking"). Here every
`CHECKPOINT_EVERY` commits a second connection, in its own thread, runs a PASSIVE checkpoint
(it never blocks writers or readers); the automatic one stays as a safety net far above.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any, TypeVar
from zoneinfo import ZoneInfo

import aiosqlite

from storage.db import Database, Params, Row, Tx, log_statement
from storage.errors import ConstraintViolation, DatabaseUnavailable, MigrationError
from storage.games import SQLITE_SESSION
from storage.migrations import (
    Migration,
    check_not_newer,
    load_migrations,
    log_migrated,
    split_statements,
)
from storage.presence import FilePresence, new_name

log = logging.getLogger(__name__)
T = TypeVar("T")

BUSY_TIMEOUT_MS = 5_000
LOCKED_WAIT = 60.0  # seconds a transaction waits in all for another program's lock
LOCKED_PAUSES = (0.1, 0.2, 0.5, 1.0, 2.0)  # between tries of BEGIN, then the last again
CHECKPOINT_EVERY = 64  # commits between background checkpoints (a few pages each)
AUTOCHECKPOINT_PAGES = 20_000  # the commit-path checkpoint, only if the background one lags


class SqliteTx(Tx):
    engine = "sqlite"

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Params = ()) -> int:
        log_statement(sql)
        try:
            cursor = await self._conn.execute(sql, params)
        except sqlite3.IntegrityError as exc:
            raise violation(exc) from exc
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        log_statement(sql)
        try:
            await self._conn.executemany(sql, rows)
        except sqlite3.IntegrityError as exc:
            raise violation(exc) from exc

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        log_statement(sql)
        try:
            return list(await self._conn.execute_fetchall(sql, params))
        except sqlite3.IntegrityError as exc:
            raise violation(exc) from exc


_KINDS = {"UNIQUE": "unique", "FOREIGN KEY": "foreign_key", "CHECK": "check",
          "NOT NULL": "not_null", "PRIMARY KEY": "unique"}


def violation(exc: sqlite3.IntegrityError) -> ConstraintViolation:
    # "UNIQUE constraint failed: challenges.code", "FOREIGN KEY constraint failed"
    message = str(exc)
    match = re.search(r"constraint failed: (\w+)\.", message)
    kind = next((k for prefix, k in _KINDS.items() if message.startswith(prefix)), "other")
    return ConstraintViolation(message, match.group(1) if match else None, kind)


class SqliteDatabase(Database):
    """The process's single connection: WAL, foreign keys, busy timeout, one lock."""

    engine = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, path: str, day_zone: ZoneInfo) -> None:
        super().__init__(path, day_zone)
        self._conn = conn
        self._lock = asyncio.Lock()
        self.path = path
        self._in_memory = path == ":memory:"
        self._commits = 0
        self._checkpointer: aiosqlite.Connection | None = None
        self._checkpoint: asyncio.Task[None] | None = None
        # The waits for another program's lock (tests pass fakes: no wall-clock waits).
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
        self.monotonic: Callable[[], float] = time.monotonic
        # Beside the file itself, however it was named (a symlink, a relative path).
        self._presence = None if self._in_memory else FilePresence(
            Path(f"{os.path.realpath(path)}-presence"))

    @property
    def connection(self) -> aiosqlite.Connection:
        """The one aiosqlite connection, for what watches it from outside (a statement
        trace, a progress handler, a count of trips to its thread); use the database's
        own methods for everything else."""
        return self._conn

    @classmethod
    async def connect(
        cls,
        path: str,
        day_zone: ZoneInfo,
        migrations: Sequence[Migration] | None = None,
        *,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
    ) -> SqliteDatabase:
        in_memory = path == ":memory:"
        try:
            if not in_memory:
                create_private(path)
                # A path SQLite cannot open fails here, in this thread: when aiosqlite's
                # connect fails, its worker thread outlives the call and may report into a
                # closed event loop (a traceback at exit).
                sqlite3.connect(path).close()
            # isolation_level=None: the sqlite3 module opens no implicit transactions; we do.
            conn = await aiosqlite.connect(path, isolation_level=None)
        except (OSError, sqlite3.Error) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            raise DatabaseUnavailable(f"cannot open the database {path}: {reason}") from None
        try:
            conn.row_factory = sqlite3.Row
            await _configure(conn, busy_timeout_ms, in_memory)
            before = await _user_version(conn)
            after = await apply_migrations(
                conn, load_migrations("sqlite") if migrations is None else list(migrations))
            for statement in SQLITE_SESSION:  # this connection's own (TEMP) view
                await conn.execute(statement)
        except MigrationError as exc:
            await conn.close()
            raise MigrationError(f"{path}: {exc}") from exc.__cause__
        except sqlite3.Error as exc:  # "file is not a database", "disk I/O error", …
            await conn.close()
            raise DatabaseUnavailable(f"cannot use the database {path}: {exc}") from None
        except BaseException:
            await conn.close()
            raise
        log_migrated(path, before, after)
        return cls(conn, path, day_zone)

    async def announce(self) -> str | None:
        if self.instance is not None:
            return self.instance
        if self._presence is None:  # in memory: nobody else can use the database
            self.instance = new_name()
        else:
            self.instance = self._presence.announce()
        return self.instance

    async def present(self, instance: str, tx: Tx | None = None) -> bool | None:
        if self._presence is None:
            return instance == self.instance
        return self._presence.present(instance)

    async def close(self) -> None:
        if self._presence is not None:
            self._presence.close()
        try:
            await asyncio.wait_for(self._lock.acquire(), self.close_wait)
        except TimeoutError:  # closed under it: its transaction is rolled back
            log.warning("closing the database: a transaction still open after %.0f s was"
                        " cut", self.close_wait)
            held = False
        else:
            held = True
        try:
            if held:
                await self.checkpointed()
            if self._checkpointer is not None:
                await self._checkpointer.close()
            await self._conn.close()
        finally:
            if held:
                self._lock.release()

    def _committed(self) -> None:
        """Count a commit; every CHECKPOINT_EVERY of them start a background checkpoint."""
        self._commits += 1
        if self._in_memory or self._commits < CHECKPOINT_EVERY:
            return
        if self._checkpoint is None or self._checkpoint.done():
            self._commits = 0
            self._checkpoint = asyncio.create_task(self._run_checkpoint())

    async def _run_checkpoint(self) -> None:
        try:
            if self._checkpointer is None:
                self._checkpointer = await aiosqlite.connect(self.path, isolation_level=None)
            await self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except (sqlite3.Error, ValueError):
            # Another process's checkpoint is running, or the file went away: the next
            # round (or SQLite's own checkpoint) catches up.
            pass

    async def checkpointed(self) -> None:
        """Wait for a background checkpoint in progress (tests, close)."""
        if self._checkpoint is not None:
            await self._checkpoint

    def read(self) -> _Use:
        """Exclusive use of the connection for reads (each statement sees committed data)."""
        return _Use(self, committing=False)

    def autocommit(self) -> _Use:
        """Each statement its own transaction: a write of one statement is one trip to
        aiosqlite's thread, where `transaction()` takes three (BEGIN, it, COMMIT). Counted
        among the commits that start a checkpoint."""
        return _Use(self, committing=True)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteTx]:
        """`BEGIN IMMEDIATE` … `COMMIT`, or `ROLLBACK` when anything raises or is cancelled.

        IMMEDIATE takes SQLite's write lock at the start, so a second process waits out
        the busy timeout at BEGIN instead of failing half-way through.
        """
        async with self._hold():
            try:
                await self._begin()
                yield SqliteTx(self._conn)
                log_statement("COMMIT")
                await self._conn.execute("COMMIT")
                self._committed()
            except BaseException:
                await self._rollback()
                raise

    async def _begin(self) -> None:
        """`BEGIN IMMEDIATE`, tried again while another program holds the write lock (see
        the module's docstring); raises once `LOCKED_WAIT` seconds have gone by."""
        await self._unlocked(lambda: self._conn.execute("BEGIN IMMEDIATE"))

    async def write(self, sql: str, params: Params = ()) -> int:
        """One statement as its own transaction, in one trip to aiosqlite's thread (see
        `Database.write`); tried again as BEGIN is while another program holds the write
        lock (a statement that failed so wrote nothing)."""
        log_statement(sql)
        async with self._hold():
            try:
                cursor = await self._unlocked(lambda: self._conn.execute(sql, params))
            except sqlite3.IntegrityError as exc:
                raise violation(exc) from exc
        self._committed()
        return cursor.rowcount

    async def _unlocked(self, start: Callable[[], Awaitable[T]]) -> T:
        """`start()` (a statement that takes the write lock), tried again with a growing
        pause while another program holds the lock, for up to `LOCKED_WAIT` seconds."""
        started = self.monotonic()
        tries = 0
        while True:
            try:
                result = await start()
            except sqlite3.OperationalError as exc:
                if not locked(exc):
                    raise
                pause = LOCKED_PAUSES[min(tries, len(LOCKED_PAUSES) - 1)]
                tries += 1
                waited = self.monotonic() - started
                if waited + pause > LOCKED_WAIT:
                    log.error("the database %s is still locked by another program after "
                              "%.0f s (%d tries): giving up this transaction", self.path,
                              waited, tries)
                    raise
                if tries == 1:
                    log.warning("the database %s is locked by another program (%s); trying "
                                "again for up to %.0f s", self.path, exc, LOCKED_WAIT)
                await self.sleep(pause)
                continue
            if tries:
                log.info("the database %s is free again after %.1f s (%d tries)",
                         self.path, self.monotonic() - started, tries + 1)
            return result

    async def _rollback(self) -> None:
        # aiosqlite runs statements in queue order, and a statement whose await was
        # cancelled still runs. So ROLLBACK is queued unconditionally: it lands after a
        # cancelled BEGIN or statement; when nothing is open (BEGIN failed, or a cancelled
        # COMMIT ran first) SQLite answers "no transaction is active", which is fine.
        with suppress(sqlite3.OperationalError, ValueError):
            await self._conn.execute("ROLLBACK")

    def _hold(self) -> _Use:
        return _Use(self, committing=False)

    async def pragma(self, name: str) -> Any:
        return await self.fetchval(f"PRAGMA {name}")

    async def backup(self, destination: str) -> None:
        """A consistent copy of the live database (SQLite's online backup API), 0600."""
        create_private(destination)
        target = await aiosqlite.connect(destination)
        try:
            async with self._lock:
                await self._conn.backup(target)
        finally:
            await target.close()


class _Use:
    """`async with`: the connection held by the current task, as `Database._owned` and the
    lock would hold it (nested use refused with its RuntimeError; the task's claim given
    back when waiting for the lock is cancelled), yielding a `SqliteTx`; `committing`: a
    use left without an error counts as a commit (`autocommit`). One object, where three
    generator-based context managers cost a press several times as much: every statement
    takes one (docs/performance-press-cpu.md, "third pass")."""

    __slots__ = ("_committing", "_db", "_task")

    def __init__(self, db: SqliteDatabase, *, committing: bool) -> None:
        self._db, self._committing = db, committing
        self._task: asyncio.Task[Any] | None = None

    async def __aenter__(self) -> SqliteTx:
        db, task = self._db, asyncio.current_task()
        if task is not None:
            if task in db._owners:
                raise RuntimeError("nested use of the database inside read()/transaction()")
            db._owners.add(task)
            self._task = task
        try:
            await db._lock.acquire()
        except BaseException:
            if task is not None:
                db._owners.discard(task)
            raise
        return SqliteTx(db._conn)

    async def __aexit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        db = self._db
        db._lock.release()
        if self._task is not None:
            db._owners.discard(self._task)
        if self._committing and kind is None:
            db._committed()


def locked(exc: sqlite3.OperationalError) -> bool:
    """SQLITE_BUSY: another connection holds the lock ("database is locked")."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF == sqlite3.SQLITE_BUSY
    return "database is locked" in str(exc)


def create_private(path: str) -> None:
    """Create the database file readable by its owner only, unless it exists already."""
    try:
        fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    except FileExistsError:
        return
    os.close(fd)


async def _configure(conn: aiosqlite.Connection, busy_timeout_ms: int, in_memory: bool) -> None:
    await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
    rows = list(await conn.execute_fetchall("PRAGMA journal_mode = WAL"))
    mode = rows[0][0]
    if mode != "wal" and not (in_memory and mode == "memory"):
        raise sqlite3.OperationalError(f"cannot switch the database to WAL (got {mode!r})")
    # In WAL mode NORMAL never corrupts and survives a killed process; only a power cut can
    # lose the last few commits. FULL would fsync every commit (one per button press).
    await conn.execute("PRAGMA synchronous = NORMAL")
    await conn.execute("PRAGMA foreign_keys = ON")
    if not in_memory:
        await conn.execute(f"PRAGMA wal_autocheckpoint = {AUTOCHECKPOINT_PAGES}")


async def apply_migrations(
    conn: aiosqlite.Connection, migrations: list[Migration], target: int | None = None
) -> int:
    """Bring the schema to `target` (default: the latest); returns the version reached."""
    target = len(migrations) if target is None else target
    current = await _user_version(conn)
    check_not_newer(current, migrations)
    for migration in migrations[current:target]:
        await _apply_one(conn, migration)
    return max(current, target)


async def _apply_one(conn: aiosqlite.Connection, migration: Migration) -> None:
    statements = split_statements(migration.sql)
    await conn.execute("BEGIN IMMEDIATE")
    try:
        # Another process may have migrated while we waited for the write lock.
        if await _user_version(conn) >= migration.number:
            await conn.execute("COMMIT")
            return
        for statement in statements:
            await conn.execute(statement)
        await conn.execute(f"PRAGMA user_version = {migration.number}")
        await conn.execute("COMMIT")
    except sqlite3.Error as exc:
        await conn.execute("ROLLBACK")
        raise MigrationError(f"migration {migration.name} failed: {exc}") from exc
    except BaseException:
        await conn.execute("ROLLBACK")
        raise


async def _user_version(conn: aiosqlite.Connection) -> int:
    rows = list(await conn.execute_fetchall("PRAGMA user_version"))
    return int(rows[0][0])
