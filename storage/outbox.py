"""The outbox: messages that must go out exactly once, such as a game's result.

A notice is written in the transaction that decides it (`finish_game` writes the result's),
so a crash cannot lose it; a sender claims it (`claim`, which also pushes `due_at` out, so
another process or loop leaves it alone while it is being sent), records every recipient
served (`mark_done`, so a fault half-way resends nothing) and deletes it when every
recipient has it (`remove`). A notice whose sending failed is tried again at `due_at`.

A claim names its process (`sender`, its presence: `storage.presence`): a notice held by a
process that is gone is taken over at once (`held_by_gone`) instead of after its claim.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime

from storage.clock import from_epoch, to_epoch
from storage.db import Database, Row, Tx
from storage.models import Notice

_COLUMNS = "id, game_id, kind, payload, done, attempts, due_at, sender"


async def add_notice(tx: Tx, game_id: int, kind: str, payload: str, now: datetime) -> None:
    """Queue a notice inside the caller's transaction, due at once."""
    stamp = to_epoch(now)
    await tx.execute(
        "INSERT INTO outbox (game_id, kind, payload, due_at, created_at) VALUES (?, ?, ?, ?, ?)",
        (game_id, kind, payload, stamp, stamp),
    )


async def due_notices(db: Database, now: datetime, game_id: int | None = None) -> list[Notice]:
    """Notices due at `now` (of one game, or of every game), oldest first."""
    if game_id is None:
        rows = await db.fetchall(
            f"SELECT {_COLUMNS} FROM outbox WHERE due_at <= ? ORDER BY id", (to_epoch(now),))
    else:
        rows = await db.fetchall(
            f"SELECT {_COLUMNS} FROM outbox WHERE game_id = ? AND due_at <= ? ORDER BY id",
            (game_id, to_epoch(now)))
    return [_notice(row) for row in rows]


async def pending_notices(db: Database) -> list[Notice]:
    """Every notice not yet sent, due or not (tests, diagnostics)."""
    return [_notice(row) for row in await db.fetchall(
        f"SELECT {_COLUMNS} FROM outbox ORDER BY id")]


async def held_by_gone(db: Database, now: datetime) -> list[Notice]:
    """Notices another process claimed (not due yet) whose process is gone, oldest first."""
    rows = await db.fetchall(
        f"SELECT {_COLUMNS} FROM outbox WHERE due_at > ? AND sender IS NOT NULL"
        " ORDER BY id", (to_epoch(now),))
    gone: dict[str, bool] = {}
    found = []
    for row in rows:
        name = row["sender"]
        if name not in gone:
            gone[name] = await db.gone(name)
        if gone[name]:
            found.append(_notice(row))
    return found


async def claim(db: Database, notice: Notice, now: datetime, until: datetime) -> bool:
    """Take `notice` for sending until `until`, in this process's name; False when someone
    else has it or it is gone. A notice from `held_by_gone` is taken from the claim it was
    found under (unless that changed since). Counts the attempt."""
    async with db.transaction() as tx:
        changed = await tx.execute(
            "UPDATE outbox SET due_at = ?, attempts = attempts + 1, sender = ?"
            " WHERE id = ? AND (due_at <= ? OR (due_at = ? AND sender = ?))",
            (to_epoch(until), db.instance, notice.id, to_epoch(now), to_epoch(notice.due_at),
             notice.sender),
        )
    return changed == 1


async def mark_done(db: Database, notice_id: int, done: Sequence[int | str],
                    until: datetime) -> None:
    """Remember the recipients already served, and keep the claim until `until`."""
    async with db.transaction() as tx:
        await tx.execute("UPDATE outbox SET done = ?, due_at = ? WHERE id = ?",
                         (json.dumps(list(done)), to_epoch(until), notice_id))


async def hold(db: Database, notice_id: int, until: datetime) -> None:
    """Keep the claim on the notice until `until` (a sender about to try again)."""
    async with db.transaction() as tx:
        await tx.execute("UPDATE outbox SET due_at = ? WHERE id = ?",
                         (to_epoch(until), notice_id))


async def retry_at(db: Database, notice_id: int, due_at: datetime) -> None:
    """Give the claim up: the notice is tried again at `due_at` (by any process)."""
    async with db.transaction() as tx:
        await tx.execute("UPDATE outbox SET due_at = ?, sender = NULL WHERE id = ?",
                         (to_epoch(due_at), notice_id))


async def remove(db: Database, notice_id: int) -> None:
    async with db.transaction() as tx:
        await tx.execute("DELETE FROM outbox WHERE id = ?", (notice_id,))


def _notice(row: Row) -> Notice:
    return Notice(row["id"], row["game_id"], row["kind"], row["payload"],
                  tuple(json.loads(row["done"])), row["attempts"], from_epoch(row["due_at"]),
                  row["sender"])
