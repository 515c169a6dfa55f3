"""The statements a piece of storage code runs, and their query plans, on either engine:
a test (or a benchmark) proves a query is answered from an index, not a scan of a table.

    async with recorded(db) as statements:
        await games.waking_games(db, now)
    for sql, params in statements:
        print(await plan(db, sql, params))
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

from storage.db import Database

Statement = tuple[str, tuple[Any, ...]]
_READS = ("fetchall", "fetchone", "fetchval")


@asynccontextmanager
async def recorded(db: Database) -> AsyncIterator[list[Statement]]:
    """Every statement `db`'s own reads (`fetchall`, `fetchone`, `fetchval`) run meanwhile,
    with its parameters, in order; the reads still run."""
    statements: list[Statement] = []

    def wrap(name: str) -> Any:
        read = getattr(db, name)

        async def recording(sql: str, params: Sequence[Any] = ()) -> Any:
            statements.append((sql, tuple(params)))
            return await read(sql, params)

        return recording

    for name in _READS:
        setattr(db, name, wrap(name))
    try:
        yield statements
    finally:
        for name in _READS:
            delattr(db, name)  # the class's methods again


async def plan(db: Database, sql: str, params: Sequence[Any] = (), *,
               as_if_large: bool = False) -> list[str]:
    """The plan of one statement, a line per step: SQLite's EXPLAIN QUERY PLAN ("SEARCH
    games USING INDEX …"), PostgreSQL's EXPLAIN ("Index Scan using … on games").
    `as_if_large`: PostgreSQL plans as for tables too large to read through
    (`enable_seqscan` off: a test's few rows are otherwise cheaper read whole); it still
    reads a table through where no index serves the query."""
    if db.engine == "sqlite":
        rows = await db.fetchall("EXPLAIN QUERY PLAN " + sql, tuple(params))
        return [str(row[3]) for row in rows]
    if not as_if_large:
        rows = await db.fetchall("EXPLAIN " + sql, tuple(params))
        return [str(row[0]) for row in rows]
    async with db.transaction() as tx:
        await tx.execute("SET LOCAL enable_seqscan = off")
        rows = await tx.fetchall("EXPLAIN " + sql, tuple(params))
    return [str(row[0]) for row in rows]


def scans(lines: Sequence[str], table: str = "games") -> list[str]:
    """The plan's lines that read the whole of `table` (PostgreSQL's "Seq Scan", SQLite's
    bare "SCAN games"). Reading an index through ("SCAN games USING INDEX …") is not one:
    the partial indexes hold the games in play only."""
    return [line for line in lines if f"Seq Scan on {table}" in line
            or line.strip() in (f"SCAN {table}", f"SCAN TABLE {table}")]
