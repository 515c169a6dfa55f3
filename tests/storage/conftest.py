"""Every test gets a real SQLite file in its own temporary folder."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from storage import Database, Game, create_game, upsert_player

T0 = datetime(2026, 3, 14, 12, 0, tzinfo=UTC)
STATE = '{"variant": "short", "me": [0], "opp": [0]}'
ALICE, BOB, CAROL = 101, 102, 103


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "nard.sqlite3"


@pytest.fixture
async def db(db_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(db_path)
    yield database
    await database.close()


@pytest.fixture
async def players(db: Database) -> tuple[int, int, int]:
    for player_id, name in ((ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol")):
        await upsert_player(db, player_id, name, username=name.lower(), language="en", now=T0)
    return ALICE, BOB, CAROL


async def human_game(db: Database, variant: str = "short", **options: object) -> Game:
    return await create_game(
        db, variant=variant, players=(ALICE, BOB), state_json=STATE, now=T0, **options
    )
