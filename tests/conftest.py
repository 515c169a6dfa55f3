"""Both storage engines for every test that asks for `database_url`.

`database_url` is parametrised: "sqlite" (a file in the test's temporary folder) and
"postgres" (a fresh schema on a PostgreSQL server the session starts itself:
tests/support/postgres.py). `NARD_TEST_ENGINES=sqlite` (or
`postgres`) narrows a local run to one engine; CI runs both. When no PostgreSQL server can
be started, every PostgreSQL test fails with one line saying why: nothing is skipped.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import pytest

from tests.support.postgres import PostgresServer, PostgresUnavailable

ENGINES = tuple(
    e for e in os.environ.get("NARD_TEST_ENGINES", "sqlite,postgres").replace(" ", "").split(",")
    if e
)
DATABASE = "nard_tests"
_names = itertools.count(1)


class PostgresCluster:
    """The session's server: every test gets its own schema of one database.

    A schema is the cheapest fresh database PostgreSQL has (CREATE DATABASE copies files and
    took 0.2-1 s a test on a busy machine); the URL names it (`?search_path=…`, which asyncpg
    sends as a server setting), so every connection of the test, and a `python -m bot`
    started by it, sees only that schema. Opening it applies the migrations.
    """

    def __init__(self, server: PostgresServer) -> None:
        self.server = server
        self._created = False

    async def create(self) -> str:
        """A new, empty schema; returns the URL that selects it."""
        name = f"t{os.getpid()}_{next(_names)}"
        if not self._created:
            admin = await asyncpg.connect(self.server.url())
            try:
                await admin.execute(f"CREATE DATABASE {DATABASE} TEMPLATE template0")
            finally:
                await admin.close()
            self._created = True
        conn = await asyncpg.connect(self.server.url(DATABASE))
        try:
            await conn.execute(f"CREATE SCHEMA {name}")
        finally:
            await conn.close()
        return f"{self.server.url(DATABASE)}?search_path={name}"

    async def drop(self, url: str) -> None:
        name = url.rsplit("=", 1)[1]
        conn = await asyncpg.connect(self.server.url(DATABASE))
        try:
            await conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
        finally:
            await conn.close()


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresCluster]:
    try:
        server = PostgresServer.start()
    except PostgresUnavailable as exc:
        pytest.fail(f"PostgreSQL test server: {exc}", pytrace=False)
    try:
        yield PostgresCluster(server)
    finally:
        server.stop()


def _engine_params() -> list[object]:
    marks = {"postgres": [pytest.mark.postgres], "sqlite": []}
    return [pytest.param(e, marks=marks[e], id=e) for e in ENGINES]


@pytest.fixture(params=_engine_params())
def engine(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
async def database_url(engine: str, tmp_path: Path,
                       request: pytest.FixtureRequest) -> AsyncIterator[str]:
    """Where the test's database lives: a SQLite file path or a PostgreSQL URL."""
    if engine == "sqlite":
        yield str(tmp_path / "nard.sqlite3")
        return
    cluster: PostgresCluster = request.getfixturevalue("postgres")
    url = await cluster.create()
    try:
        yield url
    finally:
        await cluster.drop(url)
