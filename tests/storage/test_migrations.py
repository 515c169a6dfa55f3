"""Numbered SQL migrations tracked by PRAGMA user_version."""

from __future__ import annotations

import sqlite3
from importlib.resources import files
from pathlib import Path

import aiosqlite
import pytest

from storage import Database, MigrationError
from storage.migrations import apply_migrations, latest_version, load_migrations, split_statements

LATEST = latest_version()


def schema(path: Path) -> list[tuple[str, str, str]]:
    with sqlite3.connect(path) as conn:
        rows = conn.execute(
            "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
            " ORDER BY type, name"
        ).fetchall()
    return rows


def user_version(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        return conn.execute("PRAGMA user_version").fetchone()[0]


async def migrate_to(path: Path, target: int) -> None:
    conn = await aiosqlite.connect(str(path), isolation_level=None)
    try:
        await apply_migrations(conn, load_migrations(), target)
    finally:
        await conn.close()


def test_sql_files_ship_inside_the_package() -> None:
    names = sorted(p.name for p in files("storage.migrations").iterdir() if p.name.endswith(".sql"))
    assert names[0] == "0001_initial.sql"
    assert len(names) == LATEST >= 1


async def test_from_empty(tmp_path: Path) -> None:
    path = tmp_path / "fresh.sqlite3"
    db = await Database.open(path)
    await db.close()
    assert user_version(path) == LATEST
    tables = {name for kind, name, _ in schema(path) if kind == "table"}
    assert tables == {"players", "player_stats", "games", "game_results", "moves",
                      "board_messages", "challenges", "rating_events", "chat_settings",
                      "chat_members", "game_cards"}


@pytest.mark.parametrize("start", range(LATEST))
async def test_from_each_older_version(tmp_path: Path, start: int) -> None:
    fresh, old = tmp_path / "fresh.sqlite3", tmp_path / "old.sqlite3"
    await (await Database.open(fresh)).close()
    await migrate_to(old, start)
    assert user_version(old) == start
    await (await Database.open(old)).close()
    assert user_version(old) == LATEST
    assert schema(old) == schema(fresh)


async def test_reopening_applies_nothing(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    await (await Database.open(path)).close()
    before = schema(path)
    await (await Database.open(path)).close()
    assert schema(path) == before and user_version(path) == LATEST


async def test_newer_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {LATEST + 1}")
    with pytest.raises(MigrationError, match="newer"):
        await Database.open(path)


# A synthetic chain exercises the runner beyond the one real migration.
CHAIN = {
    "0001_people.sql": "CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT);",
    "0002_age.sql": "-- a comment; with a semicolon\nALTER TABLE people ADD COLUMN age INTEGER;"
                    "\nINSERT INTO people (name, age) VALUES ('semi;colon', 3);",
    "0003_trigger.sql": "CREATE TABLE log (what TEXT);\n"
                        "CREATE TRIGGER people_log AFTER INSERT ON people BEGIN\n"
                        "  INSERT INTO log VALUES (NEW.name);\nEND;",
}


def write_chain(folder: Path, chain: dict[str, str]) -> Path:
    folder.mkdir()
    for name, sql in chain.items():
        (folder / name).write_text(sql, encoding="utf-8")
    return folder


@pytest.mark.parametrize("start", range(len(CHAIN)))
async def test_chain_from_each_version_keeps_data(tmp_path: Path, start: int) -> None:
    chain = load_migrations(write_chain(tmp_path / "m", CHAIN))
    path = tmp_path / "db.sqlite3"
    conn = await aiosqlite.connect(str(path), isolation_level=None)
    try:
        assert await apply_migrations(conn, chain, start) == start
        if start >= 1:
            await conn.execute("INSERT INTO people (name) VALUES ('kept')")
        assert await apply_migrations(conn, chain) == len(CHAIN)
    finally:
        await conn.close()
    with sqlite3.connect(path) as check:
        names = {row[0] for row in check.execute("SELECT name FROM people")}
        assert "semi;colon" in names
        assert ("kept" in names) == (start >= 1)
        assert check.execute("PRAGMA user_version").fetchone()[0] == len(CHAIN)


async def test_failing_migration_changes_nothing(tmp_path: Path) -> None:
    broken = dict(CHAIN, **{"0003_trigger.sql": "CREATE TABLE log (x);\nSELECT * FROM nowhere;"})
    chain = load_migrations(write_chain(tmp_path / "m", broken))
    path = tmp_path / "db.sqlite3"
    with pytest.raises(MigrationError, match=r"0003_trigger\.sql"):
        await Database.open(path, migrations=chain)
    assert user_version(path) == 2
    assert "log" not in {name for _, name, _ in schema(path)}  # rolled back with the error


def test_numbering_gaps_are_refused(tmp_path: Path) -> None:
    gappy = {"0001_a.sql": "SELECT 1;", "0003_c.sql": "SELECT 1;"}
    with pytest.raises(MigrationError, match="gaps"):
        load_migrations(write_chain(tmp_path / "m", gappy))


def test_split_statements() -> None:
    sql = "CREATE TABLE a (x TEXT DEFAULT ';');\n-- note; here\n\nINSERT INTO a VALUES (1);\n"
    assert split_statements(sql) == [
        "CREATE TABLE a (x TEXT DEFAULT ';');",
        "-- note; here\n\nINSERT INTO a VALUES (1);",
    ]
    with pytest.raises(MigrationError):
        split_statements("CREATE TABLE a (x")
