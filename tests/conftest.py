"""Both storage engines for every test that asks for `database_url`.

`database_url` is parametrised: "sqlite" (a file in the test's temporary folder) and
"postgres" (a fresh schema on a PostgreSQL server the session starts itself:
testkit/postgres.py). `NARD_TEST_ENGINES=sqlite` (or
`postgres`) narrows a local run to one engine; CI runs both. When no PostgreSQL server can
be started, every PostgreSQL test fails with one line saying why: nothing is skipped.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from storage.outage import OUTAGE
from testkit.postgres import PostgresCluster, PostgresServer, PostgresUnavailable

# No process of a test (the harness's, a started `python -m bot`) analyses finished matches
# unasked unless the test says so: that work would change what the tests count and wait for
# (tests/core/test_reviews.py and tests/bot/test_reviews.py turn it on).
os.environ.setdefault("AUTO_ANALYSIS_MATCHES", "0")

ENGINES = tuple(
    e for e in os.environ.get("NARD_TEST_ENGINES", "sqlite,postgres").replace(" ", "").split(",")
    if e
)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Worker processes a test left running (a process pool never closed) would keep this
    process from exiting, since Python waits for them: they are killed, and named."""
    left = multiprocessing.active_children()
    for child in left:
        child.kill()
    for child in left:
        child.join(10)
    if left:
        print(f"\nkilled {len(left)} process(es) a test left running: "
              + ", ".join(f"{child.name} (pid {child.pid})" for child in left), file=sys.stderr)


@pytest.fixture(autouse=True)
def database_answering() -> Iterator[None]:
    """Every test starts with the process's outage record (`storage.outage.OUTAGE`) saying
    the database answers: one that ended in an outage (a database closed under a stuck
    task, a server stopped) would change what the next test's log shows."""
    yield
    if OUTAGE.down:
        OUTAGE.answered()


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


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On several workers (`-n 3`, pyproject's default), the slow tests go first: xdist deals
    the tests out one at a time (`--maxschedchunk=1`), so the long ones are shared between
    the workers and none of them starts last. A run in one process (`-n 0`) keeps the
    collection order."""
    if not hasattr(config, "workerinput"):  # not an xdist worker
        return

    def rank(item: pytest.Item) -> int:
        if item.get_closest_marker("slow") is None:
            return 2
        return 0 if "tests/e2e/" in item.nodeid else 1  # real processes: the longest waits

    items.sort(key=rank)  # stable: the same order on every worker, as xdist requires


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
