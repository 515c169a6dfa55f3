"""A database outage in the log: what `QuietOutages` keeps and what it drops."""

from __future__ import annotations

import logging
import sys

import asyncpg

from storage.errors import DatabaseBlip
from storage.outage import QuietOutages
from storage.postgres import connection_failed


def record(logger: str, error: BaseException | None, message: str = "failed") -> logging.LogRecord:
    try:
        if error is not None:
            raise error
    except BaseException:
        exc_info = sys.exc_info()
    else:
        exc_info = None
    return logging.LogRecord(logger, logging.WARNING, __file__, 1, message, (), exc_info)


def test_asyncpgs_pool_reconnecting_while_the_server_restarts_is_dropped() -> None:
    """Found by benchmarks/deployment.py: two PostgreSQL restarts left 12 tracebacks of
    asyncpg's pool restoring its connections (CannotConnectNowError is no OSError)."""
    quiet = QuietOutages(connection_failed)
    shutting_down = asyncpg.CannotConnectNowError("the database system is shutting down")
    floor = "Failed to restore the pool connection floor; retrying"
    assert not quiet.filter(record("asyncpg.pool", shutting_down, floor))
    assert not quiet.filter(record("asyncpg.pool", ConnectionRefusedError(111, "refused")))
    # Without the PostgreSQL predicate only OSErrors are known as a failed connection.
    assert QuietOutages().filter(record("asyncpg.pool", shutting_down, floor))


def test_a_blip_is_dropped_whoever_logs_it_and_other_errors_are_kept() -> None:
    quiet = QuietOutages(connection_failed)
    assert not quiet.filter(record("asyncio", DatabaseBlip("cut")))
    try:
        try:
            raise DatabaseBlip("cut")
        except DatabaseBlip:
            raise RuntimeError("while handling it") from None
    except RuntimeError as error:  # raised while handling one: its context is the blip
        assert not quiet.filter(record("bot", error))
    assert quiet.filter(record("asyncpg.pool", asyncpg.UniqueViolationError("duplicate")))
    assert quiet.filter(record("bot", ValueError("a bug")))
    assert quiet.filter(record("bot", None, "no traceback"))
