"""The database: one storage API over two engines, SQLite (aiosqlite) and PostgreSQL (asyncpg).

`await storage.connect.open_database(target)` takes a file path, `sqlite:///relative.db`,
`sqlite:////absolute.db` or `postgresql://user:password@host:port/name` and applies the
engine's pending migrations. Every statement then goes through a `Tx`:

* `async with db.transaction() as tx:` one write transaction (SQLite: `BEGIN IMMEDIATE`;
  PostgreSQL: READ COMMITTED with explicit row locks), rolled back on any error or
  cancellation;
* `async with db.read() as tx:` reads, each statement seeing committed data;
* `db.fetchall/fetchone/fetchval(sql, params)`: one read;
* `db.write(sql, params)`: one statement that writes, as its own transaction.

SQL is written once, with `?` placeholders (PostgreSQL's `$1, $2, …` are made from them) in
the SQL both engines accept: `ON CONFLICT … DO NOTHING/UPDATE`, `RETURNING`, `CASE` rather
than two-argument `MAX`, `CAST(? AS BIGINT) IS NULL` for an optional parameter. Where the
engines must differ it stays hand-written per engine: `tx.lock("FOR UPDATE")` is that
locking clause on PostgreSQL and nothing on SQLite (whose `BEGIN IMMEDIATE` already
serialises writers), and `tx.engine` ("sqlite" or "postgres") picks whole statements.
Rows are `sqlite3.Row` or `asyncpg.Record`: read them by column name or position.

Constraint failures surface as `ConstraintViolation`, never as a driver's exception.
Statements are logged at DEBUG on the "storage.sql" logger without their parameters, and
aiosqlite's own DEBUG records (which print every parameter: names, whole game states) are
reduced to the statement.
"""

from __future__ import annotations

import asyncio
import logging
import re
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from functools import partial
from os import PathLike
from typing import Any, ClassVar
from urllib.parse import urlsplit, urlunsplit
from zoneinfo import ZoneInfo

from storage.errors import DatabaseUnavailable, MigrationError

Params = Sequence[Any]
Row = Any  # sqlite3.Row or asyncpg.Record: both index by column name and position

sql_log = logging.getLogger("storage.sql")


class Tx(ABC):
    """The connection as seen inside `transaction()` or `read()`: one statement per call."""

    engine: ClassVar[str]

    @abstractmethod
    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; returns the number of rows it changed."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        """Run one statement once per parameter row."""

    @abstractmethod
    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        """All rows of a query (or of a statement with RETURNING)."""

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def fetchval(self, sql: str, params: Params = ()) -> Any:
        """The first column of the first row, or None without rows."""
        row = await self.fetchone(sql, params)
        return None if row is None else row[0]

    def lock(self, clause: str) -> str:
        """A row-locking clause (`FOR UPDATE`, …) for PostgreSQL; nothing on SQLite."""
        return f" {clause}" if self.engine == "postgres" else ""

    async def notify(self, channel: str, payload: str) -> None:
        """Tell every process listening on `channel` (`Database.listen`), once this
        transaction commits. SQLite has one process: nobody else to tell."""
        return None


_held_games: ContextVar[frozenset[int]] = ContextVar("held_games", default=frozenset())


def games_locked_here() -> frozenset[int]:
    """The games whose database lock the current task holds (a guard for callers: no
    Telegram call may be made while this is not empty)."""
    return _held_games.get()


class GameLock:
    """A game's place in line across processes, held from a load to its save and released
    before any Telegram call (`release()`, or the end of the `async with`). False when
    `game_lock(..., wait=False)` found it held by somebody else."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        self.acquired = False

    def __bool__(self) -> bool:
        return self.acquired

    def _taken(self) -> None:
        self.acquired = True
        _held_games.set(_held_games.get() | {self.game_id})

    async def release(self) -> None:
        """Let the next process (or press) have the game; idempotent."""
        await self._end()

    async def _end(self) -> None:
        if self.acquired:
            _held_games.set(_held_games.get() - {self.game_id})
        self.acquired = False


class Database(ABC):
    """The process's access to the database; see the module docstring."""

    engine: ClassVar[str]

    def __init__(self, target: str, day_zone: ZoneInfo) -> None:
        self.target = target  # for messages: a path, or the URL without its password
        # The leaderboard's time zone: the "local day" of the daily pair limit.
        self.day_zone = day_zone
        # Whether every saved change of a game is told to the other processes
        # (`storage.games.GAME_CHANGED`): set by a door that shows games live.
        self.game_notices = False
        self._owners: set[asyncio.Task[Any]] = set()

    @property
    def holders(self) -> frozenset[asyncio.Task[Any]]:
        """The tasks inside a use of the database now (a read, a transaction, a game lock):
        a task that asks again goes on through its own use."""
        return frozenset(self._owners)

    # Seconds `close` waits for work still holding a connection (a task stuck inside a
    # transaction or a game's lock) before it closes under it: a stop never waits forever.
    close_wait: float = 10.0

    @abstractmethod
    async def close(self) -> None: ...

    # This process's name among the database's users once announced (`storage.presence`).
    instance: str | None = None

    async def announce(self) -> str | None:
        """Be known as running (`storage.presence`) until this process ends; the name, or
        None when this engine or place cannot keep a presence."""
        return None

    async def present(self, instance: str, tx: Tx | None = None) -> bool | None:
        """Whether the process named `instance` still runs (True), is gone (False), or
        None: cannot be told. Inside a transaction, asked through its `tx`."""
        return True if instance == self.instance else None

    async def gone(self, instance: str | None, tx: Tx | None = None) -> bool:
        """Whether the process named `instance` is known to have ended: its claims need not
        be waited out (False for no name, this process, or one that cannot be told)."""
        return instance is not None and await self.present(instance, tx) is False

    @abstractmethod
    def read(self) -> Any:
        """`async with db.read() as tx:` statements outside a write transaction."""

    @abstractmethod
    def transaction(self) -> Any:
        """`async with db.transaction() as tx:` one write transaction."""

    @asynccontextmanager
    async def game_lock(self, game_id: int, *, wait: bool = True) -> AsyncIterator[GameLock]:
        """`async with db.game_lock(game_id) as held:` one game's load–apply–save, serialised
        with every other process's (the version check on save stays the last guard).

        SQLite has one process per file (docs/hosting.md, "Polling or webhook"), whose own
        per-game locks (`KeyedLocks`) already serialise: nothing more to hold here.
        PostgreSQL overrides it with an advisory transaction lock. `wait=False` does not
        queue: the lock comes back false when another process has the game (the timer leaves
        it to that process)."""
        held = GameLock(game_id)
        held._taken()
        try:
            yield held
        finally:
            await held._end()

    async def listen(self, channel: str, callback: Callable[[str], None]) -> None:
        """Call `callback(payload)` for every `Tx.notify` on `channel` committed by any
        process (PostgreSQL's LISTEN/NOTIFY). SQLite: one process, nothing to hear."""
        return None

    def autocommit(self) -> Any:
        """`async with db.autocommit() as tx:` each statement is its own transaction (for a
        write that is one statement, e.g. PostgreSQL's data-modifying WITH)."""
        return self.read()

    async def write(self, sql: str, params: Params = ()) -> int:
        """One statement as its own transaction, atomic by itself: the rows it changed
        (SQLite waits for another program's write lock as `transaction()` does)."""
        async with self.autocommit() as tx:
            return await tx.execute(sql, params)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        async with self.read() as tx:
            return await tx.fetchall(sql, params)

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        async with self.read() as tx:
            return await tx.fetchone(sql, params)

    async def fetchval(self, sql: str, params: Params = ()) -> Any:
        async with self.read() as tx:
            return await tx.fetchval(sql, params)

    @asynccontextmanager
    async def _owned(self) -> AsyncIterator[None]:
        """Refuse nested use: on SQLite's single connection it would deadlock, and on a
        PostgreSQL pool it would take a second connection that sees other data."""
        task = asyncio.current_task()
        if task is not None and task in self._owners:
            raise RuntimeError("nested use of the database inside read()/transaction()")
        if task is not None:
            self._owners.add(task)
        try:
            yield
        finally:
            if task is not None:
                self._owners.discard(task)


def parse_target(target: str | PathLike[str]) -> tuple[str, str]:
    """("sqlite", path) or ("postgres", url) for a path or a database URL."""
    text = str(target).strip()
    lowered = text.lower()
    if lowered.startswith(("postgresql://", "postgres://", "postgresql+asyncpg://")):
        return "postgres", "postgresql://" + text.split("://", 1)[1]
    if lowered.startswith("sqlite:"):
        match = re.fullmatch(r"sqlite://(/.*)", text, flags=re.IGNORECASE)
        if match is None or match.group(1) in ("/", ""):
            raise DatabaseUnavailable(
                f"{text!r}: a SQLite URL is sqlite:///relative/path or sqlite:////absolute/path")
        return "sqlite", match.group(1)[1:]
    if "://" in text:
        raise DatabaseUnavailable(
            f"{redact(text)}: unsupported database URL (use sqlite:///path or postgresql://…)")
    if not text:
        raise DatabaseUnavailable("no database: set DATABASE_URL or DATABASE_PATH")
    return "sqlite", text


def redact(url: str) -> str:
    """The URL without its password (for messages and logs)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "<database URL>"
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)[1]
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}:***@{netloc}"))


_TOKENS = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|--[^\n]*|\?")


def _numbered(sql: str) -> str:
    counter = iter(range(1, 1_000_000))
    return _TOKENS.sub(lambda m: f"${next(counter)}" if m.group() == "?" else m.group(), sql)


_cache: dict[str, str] = {}


def placeholders(sql: str) -> str:
    """`?` → `$1, $2, …` outside quotes and comments (PostgreSQL's parameter syntax)."""
    converted = _cache.get(sql)
    if converted is None:
        converted = _cache[sql] = _numbered(sql)
        if len(_cache) > 4096:  # dynamic SQL must not grow it without bound
            _cache.clear()
    return converted


def log_statement(sql: str) -> None:
    if sql_log.isEnabledFor(logging.DEBUG):
        sql_log.debug("%s", " ".join(sql.split()))


class _WithoutParameters(logging.Filter):
    """aiosqlite logs each queued call with its arguments at DEBUG ("executing
    functools.partial(<execute>, 'UPDATE …', ('Ali', '{…state…}'))"): keep the statement,
    drop the arguments."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.args and isinstance(record.args, tuple):
            record.args = tuple(_describe(arg) for arg in record.args)
        return True


def _describe(arg: object) -> object:
    if isinstance(arg, partial):
        name = getattr(arg.func, "__name__", "call")
        sql = next((a for a in arg.args if isinstance(a, str)), None)
        return f"{name}({' '.join(sql.split())!r})" if sql else f"{name}(…)"
    if isinstance(arg, BaseException):  # the driver's message, which holds no parameters
        return f"{type(arg).__name__}: {arg}"
    return arg


logging.getLogger("aiosqlite").addFilter(_WithoutParameters())


__all__ = [
    "Database",
    "DatabaseUnavailable",
    "GameLock",
    "MigrationError",
    "Params",
    "Row",
    "Tx",
    "games_locked_here",
    "log_statement",
    "parse_target",
    "placeholders",
    "redact",
]
