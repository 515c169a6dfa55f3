"""Every test gets a fresh database on each engine (tests/conftest.py: `database_url`)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage import Database, upsert_player
from storage.connect import open_database
from testkit.storage_rows import ALICE, BOB, CAROL, DAVE, T0
from testkit.waiting import close_database


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A SQLite file, for the tests of SQLite itself (pragmas, crashes, file modes)."""
    return tmp_path / "nard.sqlite3"


@pytest.fixture
async def db(database_url: str) -> AsyncIterator[Database]:
    database = await open_database(database_url)
    yield database
    await close_database(database)


@pytest.fixture
async def sqlite_db(db_path: Path) -> AsyncIterator[Database]:
    database = await open_database(db_path)
    yield database
    await close_database(database)


@pytest.fixture
async def players(db: Database) -> tuple[int, int, int, int]:
    for player_id, name in ((ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol"), (DAVE, "Dave")):
        await upsert_player(db, player_id, name, username=name.lower(), language="en", now=T0)
    return ALICE, BOB, CAROL, DAVE


