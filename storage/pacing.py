"""Group pacing shared by every process: Telegram allows a group about 20 messages a minute
from a bot, whichever process sends them.

Per chat, one row keeps the send times of the last window. `claim` reads it under the
row's lock (PostgreSQL: `FOR UPDATE`; SQLite: `BEGIN IMMEDIATE`), decides with the same
rule as the in-process pacer (`bot.plumbing.pacing`): even spacing after the last send
and at most `limit` within the window, and either records the send (returns 0) or returns
how long to wait. `note` records a message that went out some other way. Times are wall
clock seconds: every process must share them, so they come from the caller's clock.
"""

from __future__ import annotations

import json

from storage.db import Database, Tx

# A wait shorter than this is no wait: clocks that round (to microseconds, as datetimes do)
# would otherwise leave a send waiting a millisecond for nothing.
TOLERANCE = 0.001


async def claim(db: Database, chat_id: int, now: float, *, limit: int, window: float,
                spacing: float) -> float:
    """Record a send to `chat_id` at `now` and return 0 when the pace allows it, else the
    seconds to wait (nothing recorded)."""
    async with db.transaction() as tx:
        sent = await _recent(tx, chat_id, now, window)
        wait = 0.0
        if sent:
            wait = sent[-1] + spacing - now
            if len(sent) >= limit:
                wait = max(wait, sent[0] + window - now)
        if wait > TOLERANCE:
            # Half the tolerance early: the claim made on waking is then granted, whatever
            # the rounding of epoch seconds in a float (about 2e-7 s today).
            return wait - TOLERANCE / 2
        await _store(tx, chat_id, [*sent, now])
        return 0.0


async def note(db: Database, chat_id: int, now: float, *, window: float) -> None:
    """Count a message sent to `chat_id` some other way: it uses the same allowance."""
    async with db.transaction() as tx:
        sent = await _recent(tx, chat_id, now, window)
        await _store(tx, chat_id, sorted([*sent, now]))


async def sent_within(db: Database, chat_id: int, now: float, window: float) -> list[float]:
    """The recorded sends of the last `window` seconds (tests, diagnostics)."""
    row = await db.fetchone("SELECT sent FROM chat_pace WHERE chat_id = ?", (chat_id,))
    return [] if row is None else [t for t in json.loads(row[0]) if now - t < window]


async def forget_quiet(db: Database, before: float) -> int:
    """Delete the rows of chats with nothing sent since `before`; returns how many."""
    async with db.transaction() as tx:
        return await tx.execute("DELETE FROM chat_pace WHERE last_at < ?", (before,))


async def _recent(tx: Tx, chat_id: int, now: float, window: float) -> list[float]:
    # The row exists before it is locked, so two first sends to a chat queue on it too.
    await tx.execute("INSERT INTO chat_pace (chat_id) VALUES (?) ON CONFLICT (chat_id) DO NOTHING",
                     (chat_id,))
    sent = await tx.fetchval("SELECT sent FROM chat_pace WHERE chat_id = ?"
                             + tx.lock("FOR UPDATE"), (chat_id,))
    return [t for t in json.loads(sent) if now - t < window]


async def _store(tx: Tx, chat_id: int, sent: list[float]) -> None:
    await tx.execute("UPDATE chat_pace SET sent = ?, last_at = ? WHERE chat_id = ?",
                     (json.dumps(sent), max(sent, default=0.0), chat_id))
