"""Every test gets a fresh database on each engine (tests/conftest.py: `database_url`)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from storage import Database, Game, create_game, upsert_player
from storage.connect import open_database

T0 = datetime(2026, 3, 14, 12, 0, tzinfo=UTC)
STATE = '{"variant": "short", "me": [0], "opp": [0]}'
ALICE, BOB, CAROL, DAVE = 101, 102, 103, 104


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A SQLite file, for the tests of SQLite itself (pragmas, crashes, file modes)."""
    return tmp_path / "nard.sqlite3"


@pytest.fixture
async def db(database_url: str) -> AsyncIterator[Database]:
    database = await open_database(database_url)
    yield database
    await database.close()


@pytest.fixture
async def sqlite_db(db_path: Path) -> AsyncIterator[Database]:
    database = await open_database(db_path)
    yield database
    await database.close()


@pytest.fixture
async def players(db: Database) -> tuple[int, int, int, int]:
    for player_id, name in ((ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol"), (DAVE, "Dave")):
        await upsert_player(db, player_id, name, username=name.lower(), language="en", now=T0)
    return ALICE, BOB, CAROL, DAVE


async def human_game(db: Database, variant: str = "short", players: tuple[int, int] = (ALICE, BOB),
                     **options: object) -> Game:
    return await create_game(
        db, variant=variant, players=players, state_json=STATE, now=T0, **options
    )
