"""Opening a database: the engine named by its target (a SQLite path or URL, or a
PostgreSQL URL), connected and migrated. Kept apart from `storage.db` so the engines'
modules import the base class and nothing imports back."""

from __future__ import annotations

from collections.abc import Sequence
from os import PathLike
from typing import Any
from zoneinfo import ZoneInfo

from storage.db import Database, parse_target
from storage.migrations import Migration
from storage.postgres import PostgresDatabase
from storage.sqlite import SqliteDatabase


async def open_database(
    target: str | PathLike[str],
    *,
    migrations: Sequence[Migration] | None = None,
    day_zone: ZoneInfo | None = None,
    **options: Any,
) -> Database:
    """Open the database named by `target` and apply pending migrations.

    Raises `DatabaseUnavailable` (cannot connect, not a database, unusable path) or
    `MigrationError` (e.g. a schema newer than this code); both name the target, never
    a password.
    """
    engine, location = parse_target(target)
    zone = day_zone or ZoneInfo("UTC")
    if engine == "postgres":
        return await PostgresDatabase.connect(location, zone, migrations, **options)
    return await SqliteDatabase.connect(location, zone, migrations, **options)
