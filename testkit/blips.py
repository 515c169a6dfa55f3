"""A database that stops answering, on either engine: its reads and transactions raise
`DatabaseBlip` and tell `storage.outage.OUTAGE`, as storage/postgres.py does while
PostgreSQL restarts (tests/bot/test_database_blips.py cuts a real server instead)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterator
from typing import Any

from storage.db import Database
from storage.errors import DatabaseBlip
from storage.outage import OUTAGE


class Down:
    """What fails: `fail(n)` the next `n` uses of the database (None: every use until
    `fail(0)`); `failed` counts the uses refused."""

    def __init__(self) -> None:
        self.left: int | None = 0
        self.failed = 0

    def fail(self, times: int | None) -> None:
        self.left = times

    def refuses(self) -> bool:
        if self.left == 0:
            if OUTAGE.down:
                OUTAGE.answered()
            return False
        if self.left is not None:
            self.left -= 1
        self.failed += 1
        OUTAGE.failed(ConnectionRefusedError("the test's outage"))
        return True


@contextlib.asynccontextmanager
async def _refused() -> AsyncIterator[Any]:
    raise DatabaseBlip("ConnectionRefusedError: the test's outage")
    yield  # (an async generator)


@contextlib.contextmanager
def outage_of(db: Database) -> Iterator[Down]:
    """`db`'s `read`, `transaction` and `autocommit` refuse as the yielded `Down` says."""
    down = Down()
    originals = {name: getattr(db, name) for name in ("read", "transaction", "autocommit")}

    def wrap(name: str) -> Any:
        def use() -> Any:
            return _refused() if down.refuses() else originals[name]()
        return use

    for name in originals:
        setattr(db, name, wrap(name))
    try:
        yield down
    finally:
        for name in originals:
            delattr(db, name)
        if OUTAGE.down:
            OUTAGE.answered()
