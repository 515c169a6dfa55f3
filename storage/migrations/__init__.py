"""Numbered SQL migrations (`0001_initial.sql`, `0002_….sql`, …) tracked by `user_version`.

Each file runs in its own `BEGIN IMMEDIATE` transaction together with
`PRAGMA user_version = N`, so a crash or an error leaves the schema at the previous
version. Files must not contain BEGIN/COMMIT themselves. Foreign keys stay on while a
migration runs (they cannot be switched inside a transaction): a table rebuild has to
copy rows in an order the constraints accept, or use `PRAGMA defer_foreign_keys = ON`.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

import aiosqlite

from storage.errors import MigrationError

_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


@dataclass(frozen=True, slots=True)
class Migration:
    number: int
    name: str
    sql: str


def load_migrations(source: Traversable | Path | None = None) -> list[Migration]:
    """The migrations in `source` (default: this package), numbered 1, 2, … without gaps."""
    folder = files(__package__) if source is None else source
    found = []
    for entry in folder.iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append(Migration(int(match.group(1)), entry.name, entry.read_text("utf-8")))
    found.sort(key=lambda m: m.number)
    numbers = [m.number for m in found]
    if numbers != list(range(1, len(found) + 1)):
        raise MigrationError(f"migrations must be numbered 1..N without gaps, got {numbers}")
    return found


def latest_version(migrations: list[Migration] | None = None) -> int:
    return len(load_migrations() if migrations is None else migrations)


def split_statements(sql: str) -> list[str]:
    """Split a script at the semicolons that end statements (not those in strings/triggers)."""
    *pieces, tail = sql.split(";")
    statements, pending = [], ""
    for piece in pieces:
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            if _code(pending):
                statements.append(pending.strip())
            pending = ""
    if pending or _code(tail):
        raise MigrationError(f"SQL statement without its ';': {(pending + tail).strip()[:80]!r}")
    return statements


def _code(text: str) -> str:
    """`text` without comments and blank space: empty when it holds no statement."""
    lines = (line.split("--", 1)[0] for line in text.splitlines())
    return "".join(lines).strip().strip(";").strip()


async def apply_migrations(
    conn: aiosqlite.Connection, migrations: list[Migration], target: int | None = None
) -> int:
    """Bring the schema to `target` (default: the latest); returns the version reached."""
    target = len(migrations) if target is None else target
    current = await _user_version(conn)
    if current > len(migrations):
        raise MigrationError(
            f"database schema version {current} is newer than this code ({len(migrations)})"
        )
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
