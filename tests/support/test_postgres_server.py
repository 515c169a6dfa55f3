"""The PostgreSQL test server's binaries: where they are looked for, and a clear failure."""

from __future__ import annotations

from pathlib import Path

import asyncpg
import pytest

from testkit import postgres
from testkit.postgres import DATABASE, PostgresCluster


def test_no_binaries_is_one_clear_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("NARD_PG_BIN", raising=False)
    monkeypatch.setattr(postgres.shutil, "which", lambda name: None)
    monkeypatch.setattr(postgres.glob, "glob", lambda pattern: [])
    monkeypatch.setattr(postgres, "_wheel_binaries", lambda: None)
    with pytest.raises(postgres.PostgresUnavailable) as caught:
        postgres.find_binaries()
    assert "\n" not in str(caught.value) and "NARD_PG_BIN" in str(caught.value)


def test_an_explicit_folder_comes_first(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("initdb", "pg_ctl", "postgres"):
        (tmp_path / name).write_text("#!/bin/sh\n")
        (tmp_path / name).chmod(0o755)
    monkeypatch.setenv("NARD_PG_BIN", str(tmp_path))
    assert postgres.find_binaries() == tmp_path


def test_newest_distribution_version_first() -> None:
    folders = ["/usr/lib/postgresql/9.6/bin", "/usr/lib/postgresql/15/bin",
               "/usr/lib/postgresql/13/bin"]
    assert sorted(folders, key=postgres._version_key, reverse=True)[0].endswith("/15/bin")


async def test_a_connection_left_in_a_transaction_fails_the_drop_not_hangs_it(
        postgres: PostgresCluster) -> None:  # the session's server
    url = await postgres.create()
    leaked = await asyncpg.connect(url)
    try:
        await leaked.execute("CREATE TABLE t (x int)")
        await leaked.execute("BEGIN")
        await leaked.execute("INSERT INTO t VALUES (1)")  # holds a lock DROP waits for
        with pytest.raises(AssertionError, match=f"pid {leaked.get_server_pid()} idle in"):
            await postgres.drop(url, lock_wait=0.01)
        admin = await asyncpg.connect(postgres.server.url(DATABASE))
        try:
            schema = url.rsplit("=", 1)[1]
            assert await admin.fetchval(
                "SELECT count(*) FROM pg_namespace WHERE nspname = $1", schema) == 0
        finally:
            await admin.close()
        with pytest.raises((asyncpg.PostgresError, asyncpg.InterfaceError, OSError)):
            await leaked.fetchval("SELECT 1")  # ended
    finally:
        leaked.terminate()
