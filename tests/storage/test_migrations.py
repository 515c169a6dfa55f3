"""Numbered SQL migrations per engine: SQLite's user_version, PostgreSQL's schema_migrations."""

from __future__ import annotations

import logging
import sqlite3
from importlib.resources import files
from pathlib import Path

import aiosqlite
import asyncpg
import pytest

from storage import MigrationError
from storage import postgres as pg
from storage import sqlite as lite
from storage.connect import open_database
from storage.migrations import ENGINES, latest_version, load_migrations, split_statements

LATEST = latest_version("sqlite")
TABLES = {"players", "player_stats", "games", "game_results", "moves", "board_messages",
          "challenges", "rating_events", "chat_settings", "chat_members", "game_cards",
          "active_seats", "match_requests", "player_settings", "outbox", "cards",
          "challenge_chats", "match_notices",
          "analyses", "analysis_figures", "analysis_decisions", "analysis_waiters",
          "chat_pace", "fair_dice", "sent_media",
          "tournaments", "tournament_players", "tournament_games", "tournament_messages",
          "tournament_news", "correspondence_ratings", "match_reviews", "hints",
          "tournament_schedules"}


def test_both_engines_have_the_same_migrations() -> None:
    """A schema version means the same on both engines: same numbers, same names."""
    names = {e: sorted(p.name for p in files("storage.migrations").joinpath(e).iterdir()
                       if p.name.endswith(".sql")) for e in ENGINES}
    assert names["sqlite"] == names["postgres"]
    assert names["sqlite"][0] == "0001_initial.sql"
    assert len(names["sqlite"]) == LATEST == latest_version("postgres") >= 4


# -- both engines -----------------------------------------------------------------------

async def tables(database_url: str) -> set[str]:
    db = await open_database(database_url)
    try:
        if db.engine == "sqlite":
            rows = await db.fetchall("SELECT name FROM sqlite_master WHERE type = 'table'")
        else:
            rows = await db.fetchall("SELECT tablename FROM pg_tables"
                                     " WHERE schemaname = current_schema()")
    finally:
        await db.close()
    return {row[0] for row in rows} - {"schema_migrations"}


async def schema_version(database_url: str) -> int:
    if not database_url.startswith("postgresql://"):
        with sqlite3.connect(database_url) as conn:
            return int(conn.execute("PRAGMA user_version").fetchone()[0])
    conn = await asyncpg.connect(database_url)
    try:
        return await pg.schema_version(conn)
    finally:
        await conn.close()


async def migrate_to(database_url: str, target: int) -> None:
    if database_url.startswith("postgresql://"):
        conn = await asyncpg.connect(database_url)
        try:
            await pg.apply_migrations(conn, load_migrations("postgres"), target)
        finally:
            await conn.close()
    else:
        conn = await aiosqlite.connect(database_url, isolation_level=None)
        try:
            await lite.apply_migrations(conn, load_migrations("sqlite"), target)
        finally:
            await conn.close()


async def test_from_empty(database_url: str) -> None:
    assert await tables(database_url) == TABLES
    assert await schema_version(database_url) == LATEST


async def test_reopening_applies_nothing(database_url: str) -> None:
    await (await open_database(database_url)).close()
    await (await open_database(database_url)).close()
    assert await schema_version(database_url) == LATEST


async def test_each_start_says_in_one_line_which_version_it_migrated_to(
        database_url: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="storage")
    for _ in range(2):
        await (await open_database(database_url)).close()
    lines = [r.getMessage() for r in caplog.records if "migrated to version" in r.getMessage()]
    assert len(lines) == 2, lines
    assert lines[0].endswith(f"migrated to version {LATEST} ({LATEST} applied now)")
    assert lines[1].endswith(f"migrated to version {LATEST} (nothing to apply)")
    assert "password" not in " ".join(lines)


@pytest.mark.parametrize("start", range(LATEST))
async def test_from_each_older_version_keeps_data(database_url: str, start: int) -> None:
    await migrate_to(database_url, start)
    assert await schema_version(database_url) == start
    db = await open_database(database_url)
    try:
        assert await db.fetchval("SELECT COUNT(*) FROM players") == 0
    finally:
        await db.close()
    assert await schema_version(database_url) == LATEST
    assert await tables(database_url) == TABLES


async def test_seats_of_games_active_before_the_guard(database_url: str) -> None:
    """Migrating to the active-seat guard: a player an old race put in two active games
    keeps the seat of the older one, and the database opens."""
    await migrate_to(database_url, 2)
    stmts = [
        "INSERT INTO players (id, name, created_at, updated_at) VALUES (1, 'a', 0, 0)",
        "INSERT INTO players (id, name, created_at, updated_at) VALUES (2, 'b', 0, 0)",
        "INSERT INTO games (id, variant, player0_id, player1_id, state_json, created_at,"
        " updated_at) VALUES (10, 'short', 1, 2, '{}', 0, 0)",
        "INSERT INTO games (id, variant, player0_id, player1_id, level, state_json, created_at,"
        " updated_at) VALUES (11, 'short', NULL, 1, 'easy', '{}', 0, 0)",
    ]
    if database_url.startswith("postgresql://"):
        conn = await asyncpg.connect(database_url)
        try:
            for statement in stmts:
                await conn.execute(statement)
        finally:
            await conn.close()
    else:
        with sqlite3.connect(database_url) as raw:
            for statement in stmts:
                raw.execute(statement)
    db = await open_database(database_url)
    try:
        rows = await db.fetchall("SELECT player_id, game_id FROM active_seats ORDER BY player_id")
        assert [tuple(row) for row in rows] == [(1, 10), (2, 10)]
    finally:
        await db.close()


async def test_newer_database_is_refused(database_url: str) -> None:
    await (await open_database(database_url)).close()
    if database_url.startswith("postgresql://"):
        conn = await asyncpg.connect(database_url)
        try:
            await conn.execute("INSERT INTO schema_migrations VALUES ($1, 'future.sql', 0)",
                               LATEST + 1)
        finally:
            await conn.close()
    else:
        with sqlite3.connect(database_url) as conn:
            conn.execute(f"PRAGMA user_version = {LATEST + 1}")
    with pytest.raises(MigrationError, match="newer") as caught:
        await open_database(database_url)
    assert "\n" not in str(caught.value)


# -- the runner, on a synthetic chain -------------------------------------------------------

CHAIN = {
    "sqlite": {
        "0001_people.sql": "CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT);",
        "0002_age.sql": "-- a comment; with a semicolon\nALTER TABLE people ADD COLUMN age INTEGER;"
                        "\nINSERT INTO people (name, age) VALUES ('semi;colon', 3);",
        "0003_trigger.sql": "CREATE TABLE log (what TEXT);\n"
                            "CREATE TRIGGER people_log AFTER INSERT ON people BEGIN\n"
                            "  INSERT INTO log VALUES (NEW.name);\nEND;",
    },
    "postgres": {
        "0001_people.sql": "CREATE TABLE people (id BIGINT GENERATED BY DEFAULT AS IDENTITY"
                           " PRIMARY KEY, name TEXT);",
        "0002_age.sql": "-- a comment; with a semicolon\nALTER TABLE people ADD COLUMN age INTEGER;"
                        "\nINSERT INTO people (name, age) VALUES ('semi;colon', 3);",
        "0003_trigger.sql": "CREATE TABLE log (what TEXT);\n"
                            "CREATE FUNCTION people_log() RETURNS trigger LANGUAGE plpgsql AS $$"
                            " BEGIN INSERT INTO log VALUES (NEW.name); RETURN NULL; END $$;\n"
                            "CREATE TRIGGER people_log AFTER INSERT ON people"
                            " FOR EACH ROW EXECUTE FUNCTION people_log();",
    },
}


def write_chain(folder: Path, chain: dict[str, str]) -> Path:
    folder.mkdir()
    for name, sql in chain.items():
        (folder / name).write_text(sql, encoding="utf-8")
    return folder


@pytest.mark.parametrize("start", range(3))
async def test_chain_from_each_version_keeps_data(database_url: str, engine: str,
                                                  tmp_path: Path, start: int) -> None:
    chain = load_migrations(engine, write_chain(tmp_path / "m", CHAIN[engine]))
    if engine == "postgres":
        conn = await asyncpg.connect(database_url)
        try:
            assert await pg.apply_migrations(conn, chain, start) == start
            if start >= 1:
                await conn.execute("INSERT INTO people (name) VALUES ('kept')")
            assert await pg.apply_migrations(conn, chain) == 3
            names = {row[0] for row in await conn.fetch("SELECT name FROM people")}
            logged = await conn.fetchval("SELECT COUNT(*) FROM log")
        finally:
            await conn.close()
    else:
        conn = await aiosqlite.connect(database_url, isolation_level=None)
        try:
            assert await lite.apply_migrations(conn, chain, start) == start
            if start >= 1:
                await conn.execute("INSERT INTO people (name) VALUES ('kept')")
            assert await lite.apply_migrations(conn, chain) == 3
            names = {row[0] for row in await conn.execute_fetchall("SELECT name FROM people")}
            logged = 0
        finally:
            await conn.close()
    assert "semi;colon" in names
    assert ("kept" in names) == (start >= 1)
    assert logged == 0  # the trigger came after the rows
    assert await schema_version(database_url) == 3


async def test_failing_migration_changes_nothing(database_url: str, engine: str,
                                                 tmp_path: Path) -> None:
    broken = dict(CHAIN[engine],
                  **{"0003_trigger.sql": "CREATE TABLE log (x TEXT);\nSELECT * FROM nowhere;"})
    chain = load_migrations(engine, write_chain(tmp_path / "m", broken))
    with pytest.raises(MigrationError, match=r"0003_trigger\.sql"):
        await open_database(database_url, migrations=chain)
    assert await schema_version(database_url) == 2
    db = await open_database(database_url, migrations=chain[:2])
    try:  # the table of the failed file was rolled back with it
        with pytest.raises(Exception, match="log"):
            await db.fetchval("SELECT COUNT(*) FROM log")
    finally:
        await db.close()


def test_numbering_gaps_are_refused(tmp_path: Path) -> None:
    gappy = {"0001_a.sql": "SELECT 1;", "0003_c.sql": "SELECT 1;"}
    with pytest.raises(MigrationError, match="gaps"):
        load_migrations("sqlite", write_chain(tmp_path / "m", gappy))


def test_split_statements() -> None:
    sql = "CREATE TABLE a (x TEXT DEFAULT ';');\n-- note; here\n\nINSERT INTO a VALUES (1);\n"
    assert split_statements(sql) == [
        "CREATE TABLE a (x TEXT DEFAULT ';');",
        "-- note; here\n\nINSERT INTO a VALUES (1);",
    ]
    with pytest.raises(MigrationError):
        split_statements("CREATE TABLE a (x")
