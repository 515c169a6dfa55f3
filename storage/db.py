"""One aiosqlite connection per process, serialised by an asyncio lock.

Every statement goes through `db.transaction()` (writes, `BEGIN IMMEDIATE`), `db.run()`
(a whole write transaction in one trip to the connection's thread) or `db.read()` (reads).
All hold the same lock: on a single connection a read issued while another coroutine's
transaction is open would see that transaction's uncommitted rows.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager, suppress
from os import PathLike
from typing import Any, TypeVar

import aiosqlite

from storage.migrations import Migration, apply_migrations, load_migrations

BUSY_TIMEOUT_MS = 5_000

Params = Sequence[Any] | dict[str, Any]
T = TypeVar("T")


class Tx:
    """The connection as seen inside `transaction()` or `read()`: one statement per call."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; returns the number of rows it changed."""
        cursor = await self._conn.execute(sql, params)
        return cursor.rowcount

    async def insert(self, sql: str, params: Params = ()) -> int:
        """Run one INSERT; returns the new row id."""
        cursor = await self._conn.execute(sql, params)
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        await self._conn.executemany(sql, rows)

    async def fetchall(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        return list(await self._conn.execute_fetchall(sql, params))

    async def fetchone(self, sql: str, params: Params = ()) -> sqlite3.Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None


class Database:
    """The process's single connection: WAL, foreign keys, busy timeout, write lock."""

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None
        self.path = path

    @classmethod
    async def open(
        cls,
        path: str | PathLike[str],
        *,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
        migrations: Sequence[Migration] | None = None,
    ) -> Database:
        """Open (creating if needed) the database and apply pending migrations."""
        # isolation_level=None: the sqlite3 module opens no implicit transactions; we do.
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            await _configure(conn, busy_timeout_ms, in_memory=str(path) == ":memory:")
            await apply_migrations(conn, load_migrations() if migrations is None else migrations)
        except BaseException:
            await conn.close()
            raise
        return cls(conn, str(path))

    async def close(self) -> None:
        async with self._lock:
            await self._conn.close()

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Tx]:
        """Exclusive use of the connection for reads (each statement sees committed data)."""
        async with self._hold():
            yield Tx(self._conn)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """`BEGIN IMMEDIATE` … `COMMIT`, or `ROLLBACK` when anything raises or is cancelled.

        IMMEDIATE takes SQLite's write lock at the start, so a second process waits out
        the busy timeout at BEGIN instead of failing half-way through.
        """
        async with self._hold():
            try:
                await self._conn.execute("BEGIN IMMEDIATE")
                yield Tx(self._conn)
                await self._conn.execute("COMMIT")
            except BaseException:
                await self._rollback()
                raise

    async def run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run `work(connection)` between BEGIN IMMEDIATE and COMMIT in one thread trip.

        For the hot path (a game step): `transaction()` costs one round trip to aiosqlite's
        worker thread per statement, this costs one in all, and a cancelled caller cannot
        interrupt it half-way. `work` is synchronous, runs in the worker thread on the raw
        sqlite3 connection, and must not touch the event loop; any exception rolls back.
        """
        async with self._hold():
            # aiosqlite has no public "call this in your thread"; _execute is what its own
            # execute() uses (stable since 0.17; the whole test suite goes through it).
            raw: sqlite3.Connection = self._conn._conn
            return await self._conn._execute(_atomically, raw, work)

    async def _rollback(self) -> None:
        # aiosqlite runs statements in queue order, and a statement whose await was
        # cancelled still runs. So ROLLBACK is queued unconditionally: it lands after a
        # cancelled BEGIN or statement; when nothing is open (BEGIN failed, or a cancelled
        # COMMIT ran first) SQLite answers "no transaction is active", which is fine.
        with suppress(sqlite3.OperationalError):
            await self._conn.execute("ROLLBACK")

    @asynccontextmanager
    async def _hold(self) -> AsyncIterator[None]:
        task = asyncio.current_task()
        if task is not None and task is self._owner:
            raise RuntimeError("nested use of the database inside read()/transaction()/run()")
        async with self._lock:
            self._owner = task
            try:
                yield
            finally:
                self._owner = None

    async def fetchall(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        async with self.read() as tx:
            return await tx.fetchall(sql, params)

    async def fetchone(self, sql: str, params: Params = ()) -> sqlite3.Row | None:
        async with self.read() as tx:
            return await tx.fetchone(sql, params)

    async def pragma(self, name: str) -> Any:
        row = await self.fetchone(f"PRAGMA {name}")
        return None if row is None else row[0]


def _atomically(conn: sqlite3.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    conn.execute("BEGIN IMMEDIATE")
    try:
        result = work(conn)
        conn.execute("COMMIT")
    except BaseException:
        with suppress(sqlite3.OperationalError):  # a failed COMMIT may have ended it
            conn.execute("ROLLBACK")
        raise
    return result


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
