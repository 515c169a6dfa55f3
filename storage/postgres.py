"""PostgreSQL through an asyncpg pool: many processes, one database.

`transaction()` takes a pooled connection and runs READ COMMITTED; storage code that reads
then writes locks the rows it depends on (`tx.lock("FOR UPDATE")`), always in the order
players → games → player_stats by ascending id, so concurrent transactions never deadlock.
Optimistic version checks on games stay the last guard. Migrations run under an advisory
transaction lock, so processes starting together apply each file once.

A connection that fails under a statement (the server restarting or shut down, a connection
cut or refused, asyncpg's protocol left in a broken state) raises `DatabaseBlip` from
`transaction()`, `read()` and `game_lock()`, with the outage logged once (`storage.outage`);
the pool replaces broken connections on the next use. The process's own connection (LISTEN,
and its presence: `storage.presence`) is opened again when it is lost, with a growing pause.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

import asyncpg

from storage.db import (
    Database,
    GameLock,
    Params,
    Row,
    Tx,
    log_statement,
    placeholders,
    redact,
)
from storage.errors import (
    ConstraintViolation,
    DatabaseBlip,
    DatabaseUnavailable,
    MigrationError,
)
from storage.migrations import Migration, check_not_newer, load_migrations, log_migrated
from storage.outage import OUTAGE, describe
from storage.presence import PRESENCE_SPACE, new_name, number, valid_name

MIGRATION_LOCK = 0x6E617264  # "nard": the advisory lock key held while migrating
# A game's advisory lock key: this namespace in the high 32 bits, the game's id below
# (ids stay far below 2**32; the migration lock's key has a zero high half).
GAME_LOCK_SPACE = 0x6761 << 32  # "ga"
POOL_MIN, POOL_MAX = 1, 10
CONNECT_TIMEOUT = 10.0
RELISTEN = (0.5, 1.0, 2.0, 5.0, 10.0, 30.0)  # pauses before opening LISTEN again, then 30 s
log = logging.getLogger(__name__)

# The connection failed, not the statement: worth trying again once the server answers.
_CONNECTION_ERRORS = (asyncpg.PostgresConnectionError, asyncpg.AdminShutdownError,
                      asyncpg.CrashShutdownError, asyncpg.CannotConnectNowError,
                      asyncpg.TooManyConnectionsError, asyncpg.InternalClientError,
                      ConnectionError, OSError)


def connection_failed(error: BaseException) -> bool:
    """Whether `error` says the connection failed (see the module docstring); a statement
    that timed out is not that."""
    if isinstance(error, TimeoutError):
        return False
    if isinstance(error, asyncpg.InterfaceError):
        return "closed" in str(error) or "connection" in str(error).lower()
    return isinstance(error, _CONNECTION_ERRORS)


@contextlib.asynccontextmanager
async def _blips() -> AsyncIterator[None]:
    """Turn a failed connection into `DatabaseBlip` (logged once per outage)."""
    try:
        yield
    except Exception as exc:
        if not connection_failed(exc):
            raise
        OUTAGE.failed(exc)
        raise DatabaseBlip(describe(exc)) from exc
    if OUTAGE.down:
        OUTAGE.answered()


class PostgresTx(Tx):
    engine = "postgres"

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Params = ()) -> int:
        log_statement(sql)
        try:
            status = await self._conn.execute(placeholders(sql), *params)
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise violation(exc) from exc
        # "UPDATE 1", "INSERT 0 1", "DELETE 3": the last word is the row count.
        last = status.rsplit(" ", 1)[-1]
        return int(last) if last.isdigit() else 0

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        log_statement(sql)
        try:
            await self._conn.executemany(placeholders(sql), list(rows))
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise violation(exc) from exc

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        log_statement(sql)
        try:
            return list(await self._conn.fetch(placeholders(sql), *params))
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise violation(exc) from exc

    async def notify(self, channel: str, payload: str) -> None:
        await self._conn.execute("SELECT pg_notify($1, $2)", channel, payload)


_KINDS = {"23505": "unique", "23503": "foreign_key", "23514": "check", "23502": "not_null"}


def violation(exc: asyncpg.IntegrityConstraintViolationError) -> ConstraintViolation:
    return ConstraintViolation(str(exc), getattr(exc, "table_name", None),
                               _KINDS.get(exc.sqlstate, "other"))


class PostgresDatabase(Database):
    engine = "postgres"

    def __init__(self, pool: asyncpg.Pool, url: str, day_zone: ZoneInfo,
                 lock_pool: asyncpg.Pool) -> None:
        super().__init__(redact(url), day_zone)
        self._pool = pool
        # Game locks live on connections of their own: a lock's transaction stays open
        # while its holder loads and saves through the main pool, so sharing that pool
        # could leave every connection held by a lock waiting for a connection to save.
        self._lock_pool = lock_pool
        self._url = url
        # The process's own connection: LISTEN, and the lock that says it runs (presence).
        self._session: asyncpg.Connection | None = None
        self._channels: dict[str, Callable[[str], None]] = {}
        self._relisten: asyncio.Task[None] | None = None
        self._names: set[str] = set()  # every name this process has had (`announce`)
        self._closing = False

    @classmethod
    async def connect(
        cls,
        url: str,
        day_zone: ZoneInfo,
        migrations: Sequence[Migration] | None = None,
        *,
        min_size: int = POOL_MIN,
        max_size: int = POOL_MAX,
    ) -> PostgresDatabase:
        try:
            pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size,
                                             timeout=CONNECT_TIMEOUT, command_timeout=60,
                                             reset=_keep_session)
        except (OSError, TimeoutError, ValueError, asyncpg.PostgresError,
                asyncpg.InterfaceError) as exc:
            raise DatabaseUnavailable(
                f"cannot connect to {redact(url)}: {_one_line(exc, url)}") from None
        try:
            async with pool.acquire() as conn:
                before = await schema_version(conn)
                after = await apply_migrations(
                    conn, load_migrations("postgres") if migrations is None else list(migrations))
        except MigrationError as exc:
            await pool.close()
            raise MigrationError(f"{redact(url)}: {exc}") from exc.__cause__
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            await pool.close()
            raise DatabaseUnavailable(
                f"cannot use {redact(url)}: {_one_line(exc, url)}") from None
        except BaseException:
            await pool.close()
            raise
        log_migrated(redact(url), before, after)
        try:
            lock_pool = await asyncpg.create_pool(url, min_size=min(1, max_size),
                                                  max_size=max_size, timeout=CONNECT_TIMEOUT,
                                                  reset=_keep_session)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, url, day_zone, lock_pool)

    async def close(self) -> None:
        self._closing = True
        if self._relisten is not None:
            self._relisten.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._relisten
        if self._session is not None:
            with contextlib.suppress(asyncpg.PostgresError, asyncpg.InterfaceError, OSError,
                                     TimeoutError):
                await self._session.close(timeout=self.close_wait)
        for pool in (self._lock_pool, self._pool):
            try:
                await asyncio.wait_for(pool.close(), self.close_wait)
            except TimeoutError:
                log.warning("closing the database: connections still in use after %.0f s"
                            " were cut", self.close_wait)
                pool.terminate()

    async def listen(self, channel: str, callback: Callable[[str], None]) -> None:
        self._channels[channel] = callback
        if self._relisten is not None:  # the session is being opened again: it adds it
            return
        if self._session is None:
            self._session = await self._connect_session()
        else:
            await self._add_listener(self._session, channel, callback)

    async def announce(self) -> str | None:
        if self.instance is not None:
            return self.instance
        self.instance = new_name()  # its own once the session holds its lock
        if self._relisten is not None:  # the session is being opened again: it takes it
            return self.instance
        if self._session is None:
            self._session = await self._connect_session()
        else:
            await self._hold_presence(self._session)
        return self.instance

    async def present(self, instance: str, tx: Tx | None = None) -> bool | None:
        if instance in self._names:  # (held now, or lost with a session and not yet seen)
            return True
        if not valid_name(instance):
            return None
        return bool(await (tx or self).fetchval(
            "SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory'"
            " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
            " AND classid = ? AND objid = ? AND objsubid = 2 AND granted)",
            (PRESENCE_SPACE, number(instance))))

    async def _connect_session(self) -> asyncpg.Connection:
        conn = await asyncpg.connect(self._url, timeout=CONNECT_TIMEOUT)
        try:
            for channel, callback in self._channels.items():
                await self._add_listener(conn, channel, callback)
            await self._hold_presence(conn)
        except BaseException:
            with contextlib.suppress(asyncpg.PostgresError, asyncpg.InterfaceError, OSError):
                await conn.close()
            raise
        conn.add_termination_listener(self._session_lost)
        return conn

    async def _hold_presence(self, conn: asyncpg.Connection) -> None:
        """Take this process's presence lock on its session (`storage.presence`). Its name
        may still be held by the connection it lost (a backend the server has not yet seen
        go): then it takes a new name, since the old lock ends whenever that backend does."""
        if self.instance is None:
            return
        for _ in range(5):
            if await conn.fetchval("SELECT pg_try_advisory_lock($1::integer, $2::integer)",
                                   PRESENCE_SPACE, number(self.instance)):
                self._names.add(self.instance)
                return
            self.instance = new_name()
        log.warning("this process's presence could not be held: other processes may take "
                    "its board sends for a dead process's")

    @staticmethod
    async def _add_listener(conn: asyncpg.Connection, channel: str,
                            callback: Callable[[str], None]) -> None:
        await conn.add_listener(
            channel, lambda _conn, _pid, _channel, payload: callback(payload))

    def _session_lost(self, conn: asyncpg.Connection) -> None:
        """The session closed (a server restart): open it again in the background (notices
        sent meanwhile are lost, the caches they clear expire on their own; other processes
        meanwhile take this one for gone, see `storage.boards`)."""
        if self._closing or conn is not self._session or self._relisten is not None:
            return
        self._session = None
        self._relisten = asyncio.get_running_loop().create_task(self._reconnect_session())

    async def _reconnect_session(self) -> None:
        try:
            for attempt in range(1_000_000):
                await asyncio.sleep(RELISTEN[min(attempt, len(RELISTEN) - 1)])
                try:
                    self._session = await self._connect_session()
                except Exception as exc:
                    if not connection_failed(exc):
                        log.warning("listening for changes failed: %s", describe(exc))
                    continue
                return
        finally:
            self._relisten = None

    @asynccontextmanager
    async def game_lock(self, game_id: int, *, wait: bool = True) -> AsyncIterator[GameLock]:
        """An advisory transaction lock on the game (see `Database.game_lock`): held by an
        open transaction on a lock connection, so a process that dies releases it with
        its connection."""
        key = GAME_LOCK_SPACE | game_id
        async with _blips(), self._lock_pool.acquire() as conn:
            transaction = conn.transaction()
            await transaction.start()
            held = _HeldLock(game_id, transaction)
            try:
                if wait:
                    await conn.execute("SELECT pg_advisory_xact_lock($1)", key)
                    held._taken()
                elif await conn.fetchval("SELECT pg_try_advisory_xact_lock($1)", key):
                    held._taken()
                yield held
            finally:
                await held._end()

    @asynccontextmanager
    async def read(self) -> AsyncIterator[PostgresTx]:
        async with _blips(), self._owned(), self._pool.acquire() as conn:
            yield PostgresTx(conn)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresTx]:
        async with _blips(), self._owned(), self._pool.acquire() as conn, conn.transaction():
            yield PostgresTx(conn)


class _HeldLock(GameLock):
    def __init__(self, game_id: int, transaction: Any) -> None:
        super().__init__(game_id)
        self._transaction: Any = transaction

    async def _end(self) -> None:
        """Roll the lock's transaction back (it wrote nothing): the lock is released."""
        await super()._end()
        transaction, self._transaction = self._transaction, None
        if transaction is not None:
            # A failed rollback (e.g. a wait cancelled mid-query) leaves the connection to
            # the pool, which rolls back or drops it: the lock goes with either.
            with contextlib.suppress(asyncpg.PostgresError, asyncpg.InterfaceError, OSError):
                await transaction.rollback()


async def _keep_session(conn: asyncpg.Connection) -> None:
    """Skip the pool's reset query on release (RESET ALL, UNLISTEN *, …: one more round trip
    per use). Storage leaves no session state behind: no SET, LISTEN, cursor or session-level
    advisory lock; an open transaction is still rolled back by asyncpg itself."""


def _one_line(exc: BaseException, url: str) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    password = urlsplit(url).password
    return text.replace(password, "***") if password else text


async def apply_migrations(
    conn: asyncpg.Connection, migrations: list[Migration], target: int | None = None
) -> int:
    """Bring the schema to `target` (default: the latest); returns the version reached."""
    target = len(migrations) if target is None else target
    current = await schema_version(conn)
    check_not_newer(current, migrations)
    for migration in migrations[current:target]:
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY,"
                " name TEXT NOT NULL, applied_at BIGINT NOT NULL)")
            found = await schema_version(conn)  # another process may have migrated meanwhile
            check_not_newer(found, migrations)
            if found >= migration.number:
                continue
            try:
                await conn.execute(migration.sql)
            except asyncpg.PostgresError as exc:
                raise MigrationError(f"migration {migration.name} failed: {exc}") from exc
            await conn.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
                migration.number, migration.name, int(time.time()))
    return max(current, target)


async def schema_version(conn: asyncpg.Connection) -> int:
    if await conn.fetchval("SELECT to_regclass('schema_migrations')") is None:
        return 0
    return int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations"))
