"""The queue of finished matches to analyse without a press (docs/ai.md, "PR on every
match"): one row per match, added by the transaction that finishes it (`enqueue`, from
`storage.results.finish_game`), claimed by one process at a time (`claim`), renewed while it
works, then `told` (or `failed` once its tries ran out). A claim that runs out (its process
stopped) makes the row claimable again: nothing is lost to a kill or a restart.
"""

from __future__ import annotations

from datetime import datetime

from storage.clock import to_epoch
from storage.db import Database, Tx

TRIES = 3  # a match whose analysis failed this many times is given up ('failed')


async def enqueue(tx: Tx, game_id: int, now: datetime) -> None:
    """Queue a finished match (in the transaction that finishes it)."""
    await tx.execute(
        "INSERT INTO match_reviews (game_id, queued_at) VALUES (?, ?)"
        " ON CONFLICT (game_id) DO NOTHING", (game_id, to_epoch(now)))


async def claim(db: Database, now: datetime, until: datetime, limit: int) -> list[int]:
    """Claim up to `limit` queued matches whose claim (or retry pause) is over, oldest
    first, until `until`; each is claimed by one caller only (the outer conditions are
    checked again on a row another transaction changed meanwhile)."""
    if limit <= 0:
        return []
    async with db.transaction() as tx:
        rows = await tx.fetchall(
            "UPDATE match_reviews SET claimed_until = ?"
            " WHERE status = 'queued' AND claimed_until <= ? AND game_id IN ("
            "SELECT game_id FROM match_reviews WHERE status = 'queued' AND claimed_until <= ?"
            " ORDER BY queued_at, game_id LIMIT ?" + tx.lock("FOR UPDATE SKIP LOCKED") + ")"
            " RETURNING game_id",
            (to_epoch(until), to_epoch(now), to_epoch(now), limit))
    return sorted(int(row["game_id"]) for row in rows)


async def renew(db: Database, game_id: int, until: datetime) -> None:
    async with db.transaction() as tx:
        await tx.execute("UPDATE match_reviews SET claimed_until = ?"
                         " WHERE game_id = ? AND status = 'queued'", (to_epoch(until), game_id))


async def release(db: Database, game_id: int) -> None:
    """Give up a claim (a graceful stop): the next beat, here or elsewhere, takes it."""
    async with db.transaction() as tx:
        await tx.execute("UPDATE match_reviews SET claimed_until = 0"
                         " WHERE game_id = ? AND status = 'queued'", (game_id,))


async def retry(db: Database, game_id: int, at: datetime, *, failed: bool) -> str:
    """Try the match again at `at`: after a failure (`failed`, counted: the TRIES-th gives
    it up) or because another process holds one of its games (not counted). Returns the
    status now stored."""
    async with db.transaction() as tx:
        await tx.execute(
            "UPDATE match_reviews SET claimed_until = ?, attempts = attempts + ?,"
            " status = CASE WHEN attempts + ? >= ? THEN 'failed' ELSE status END"
            " WHERE game_id = ? AND status = 'queued'",
            (to_epoch(at), int(failed), int(failed), TRIES, game_id))
        return str(await tx.fetchval("SELECT status FROM match_reviews WHERE game_id = ?",
                                     (game_id,)))


async def told(db: Database, game_id: int) -> None:
    """The players were told: the match leaves the queue for good."""
    async with db.transaction() as tx:
        await tx.execute("UPDATE match_reviews SET status = 'told' WHERE game_id = ?",
                         (game_id,))


async def status(db: Database, game_id: int) -> str | None:
    """'queued', 'told', 'failed', or None (never queued)."""
    return await db.fetchval("SELECT status FROM match_reviews WHERE game_id = ?", (game_id,))
