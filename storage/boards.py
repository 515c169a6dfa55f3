"""The messages showing each game's board, and the game version each one shows.

A board message records the version it was drawn from (`shown_version`). A redraw of an
older version never replaces a newer one, and the messages behind their game
(`games_behind`) are the ones to bring up to date after a restart or a Telegram fault.
`message_id` 0 means "no message in that chat yet" (a group board promised before it is
posted, or a chat that refused the board).

Sending is claimed first (`claim_send`), in every process: the right to send version v of
a message is granted only when v is at least every version claimed or shown for it, and
when no other send of the message may still be on its way to Telegram (a lease,
`sending_until`, renewed before each try: `renew_send`). Another send of the same version
may go at once (the same board in either order; for a board not sent yet, a killed sender's
message may appear beside the new one, whose id is kept), but then nobody may send a newer
one until the lease is over, unless the process holding the lease is gone (`storage.presence`):
the send is then taken over at once, and since the dead process's request (an older board, or
the same version drawn before a deadline moved) may still be carried out by Telegram until
its lease would have ended, the message is due to be sent again then (`recheck_at`, found by
`games_behind`). `finish_send` records what Telegram got:
the version shown only when it is still the newest claimed, and the lease released only
when the sender knows what became of its request. So a board edit for a version is never
sent after one for a newer version of the same message, and what the database records as
shown is what Telegram last received.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from storage import presence
from storage.clock import from_epoch, to_epoch
from storage.db import Database, Row
from storage.errors import GameNotFound
from storage.models import BoardMessage

_COLUMNS = "game_id, chat_id, message_id, player_id, updated_at, shown_version, recheck_at"
_STALE = ("EXISTS (SELECT 1 FROM board_messages b WHERE b.game_id = g.id"
          " AND b.shown_version < g.version)")
_NO_BOARD = ("(g.player{seat}_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM board_messages b"
             " WHERE b.game_id = g.id AND b.chat_id = g.player{seat}_id))")
# An active game's boards behind it: a message showing an older version, or (a game in
# private chats) a player without a board message.
_ACTIVE_BEHIND = (f"({_STALE} OR (NOT EXISTS (SELECT 1 FROM board_messages b"
                  " WHERE b.game_id = g.id AND b.player_id IS NULL)"
                  f" AND ({_NO_BOARD.format(seat=0)} OR {_NO_BOARD.format(seat=1)})))")


async def put_board_message(
    db: Database,
    game_id: int,
    chat_id: int,
    message_id: int,
    *,
    player_id: int | None,
    now: datetime,
    version: int | None = None,
) -> int | None:
    """Add the board message of `game_id` in `chat_id`, or replace the one there.

    Returns the replaced message id (to delete it) or None. `player_id` is None for the
    shared board in a group chat. `version` is the game version the message shows (None:
    keep the stored one; a new row then counts as showing nothing yet).
    """
    async with db.transaction() as tx:
        if await tx.fetchone("SELECT 1 FROM games WHERE id = ?", (game_id,)) is None:
            raise GameNotFound(f"game {game_id} does not exist")
        old = await tx.fetchone(
            "SELECT message_id FROM board_messages WHERE game_id = ? AND chat_id = ?"
            + tx.lock("FOR UPDATE"),
            (game_id, chat_id),
        )
        await tx.execute(
            "INSERT INTO board_messages"
            " (game_id, chat_id, message_id, player_id, updated_at, shown_version)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, chat_id) DO UPDATE SET"
            " message_id = excluded.message_id, player_id = excluded.player_id,"
            " updated_at = excluded.updated_at, shown_version = CASE"
            " WHEN CAST(? AS INTEGER) IS NULL THEN board_messages.shown_version"
            " ELSE excluded.shown_version END, sending_version = CASE"
            " WHEN board_messages.sending_version > excluded.shown_version"
            " THEN board_messages.sending_version ELSE excluded.shown_version END",
            (game_id, chat_id, message_id, player_id, to_epoch(now), version or 0, version),
        )
    return None if old is None else int(old["message_id"])


async def record_shown(
    db: Database,
    game_id: int,
    chat_id: int,
    message_id: int,
    *,
    player_id: int | None,
    version: int,
    now: datetime,
) -> bool:
    """Record that `message_id` in `chat_id` now shows `version` of the game.

    False, and nothing written, when the stored message already shows a newer version:
    the caller's edit may then have covered a newer board and must draw the latest again.
    One statement, atomic by itself: no transaction around it (on SQLite one trip to the
    database thread instead of three, once for every board drawn).
    """
    async with db.autocommit() as tx:
        changed = await tx.execute(
            "INSERT INTO board_messages"
            " (game_id, chat_id, message_id, player_id, updated_at, shown_version)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, chat_id) DO UPDATE SET"
            " message_id = excluded.message_id, player_id = excluded.player_id,"
            " updated_at = excluded.updated_at, shown_version = excluded.shown_version"
            " WHERE board_messages.shown_version <= excluded.shown_version",
            (game_id, chat_id, message_id, player_id, to_epoch(now), version),
        )
    return changed == 1


@dataclass(frozen=True, slots=True)
class SendClaim:
    """What `claim_send` decided. `granted`: send now, into `message_id` (0: a new message).
    Refused with `wait` > 0: another send of the message may still be on its way, try again
    in `wait` seconds; with `wait` 0: a newer version is claimed or shown already."""

    granted: bool
    message_id: int
    wait: float = 0.0
    until: int = 0  # the lease this claim wrote (Unix seconds)
    at: int = 0  # when it was granted (Unix seconds)
    # Granted beside another send of the same version still on its way: that send's lease,
    # to put back once this one is known to be done (`finish_send`).
    restore: int | None = None


# A claim's statement up to what it sets besides the version (parameters: game, chat,
# player, now, version, lease end, token); its conditions follow.
_CLAIM = ("INSERT INTO board_messages (game_id, chat_id, message_id, player_id, updated_at,"
          " shown_version, sending_version, sending_until, sending_token)"
          " VALUES (?, ?, 0, ?, ?, 0, ?, ?, ?) ON CONFLICT (game_id, chat_id) DO UPDATE SET"
          " sending_version = excluded.sending_version,")


async def claim_send(
    db: Database,
    game_id: int,
    chat_id: int,
    version: int,
    *,
    player_id: int | None,
    token: str,
    now: datetime,
    lease: float,
) -> SendClaim:
    """Claim the right to send `version` of the board message of `game_id` in `chat_id`
    (see the module docstring); a message not stored yet is added (message_id 0)."""
    stamp = to_epoch(now)
    until = stamp + math.ceil(lease)
    # The usual case first, in one statement (one trip): no other send's lease is running,
    # and the version is at least every one claimed or shown. It grants exactly what the
    # transaction below would grant then (no lease to share, none to restore).
    async with db.autocommit() as tx:
        free = await tx.fetchone(
            _CLAIM + " sending_token = excluded.sending_token,"
            " sending_until = excluded.sending_until"
            " WHERE excluded.sending_version >= board_messages.shown_version"
            " AND excluded.sending_version >= board_messages.sending_version"
            " AND (board_messages.sending_until IS NULL OR board_messages.sending_until <= ?)"
            " RETURNING message_id",
            (game_id, chat_id, player_id, stamp, version, until, token, stamp),
        )
    if free is not None:
        return SendClaim(True, int(free["message_id"]), until=until, at=stamp)
    async with db.transaction() as tx:
        held = await tx.fetchone(
            "SELECT sending_until, sending_token, sending_version, shown_version"
            " FROM board_messages WHERE game_id = ? AND chat_id = ?"
            + tx.lock("FOR UPDATE"), (game_id, chat_id))
        before: int | None = None if held is None else held["sending_until"]
        if (held is not None and before is not None and before > stamp
                and version >= max(held["sending_version"], held["shown_version"])
                and await db.gone(presence.owner(held["sending_token"]), tx)):
            taken = await tx.fetchone(
                "UPDATE board_messages SET sending_version = ?, sending_token = ?,"
                " sending_until = ?, recheck_at = CASE WHEN recheck_at > sending_until"
                " THEN recheck_at ELSE sending_until END"
                " WHERE game_id = ? AND chat_id = ? RETURNING message_id",
                (version, token, until, game_id, chat_id))
            assert taken is not None  # the row is locked (PostgreSQL) or the writer is us
            return SendClaim(True, int(taken["message_id"]), until=until, at=stamp)
        granted = await tx.fetchone(
            _CLAIM + " sending_token = CASE WHEN board_messages.sending_until IS NULL"
            " OR board_messages.sending_until <= ? THEN excluded.sending_token ELSE NULL END,"
            " sending_until = CASE WHEN board_messages.sending_until IS NULL"
            " OR board_messages.sending_until <= ?"
            " OR board_messages.sending_until < excluded.sending_until"
            " THEN excluded.sending_until ELSE board_messages.sending_until END"
            " WHERE excluded.sending_version >= board_messages.shown_version"
            " AND excluded.sending_version >= board_messages.sending_version"
            " AND (board_messages.sending_until IS NULL OR board_messages.sending_until <= ?"
            " OR board_messages.sending_version = excluded.sending_version)"
            " RETURNING message_id",
            (game_id, chat_id, player_id, stamp, version, until, token, stamp, stamp, stamp),
        )
        if granted is not None:
            restore = before if before is not None and stamp < before < until else None
            return SendClaim(True, int(granted["message_id"]), until=max(until, before or 0),
                             restore=restore, at=stamp)
        found = await tx.fetchone(
            "SELECT message_id, shown_version, sending_version, sending_until"
            " FROM board_messages WHERE game_id = ? AND chat_id = ?", (game_id, chat_id))
    assert found is not None  # the INSERT above found the row
    if version < max(found["shown_version"], found["sending_version"]):
        return SendClaim(False, int(found["message_id"]))
    return SendClaim(False, int(found["message_id"]),
                     max(1.0, float(found["sending_until"] - stamp)))


async def renew_send(
    db: Database, game_id: int, chat_id: int, version: int, *, token: str, now: datetime,
    lease: float
) -> bool:
    """Extend the lease of the send `token` (or of the sends of its version sharing it)
    before another try of it; False when the send no longer holds it (a newer version was
    claimed after it ran out): the try must not be made."""
    until = to_epoch(now) + math.ceil(lease)
    async with db.transaction() as tx:
        changed = await tx.execute(
            "UPDATE board_messages SET sending_until = CASE WHEN sending_until > ?"
            " THEN sending_until ELSE ? END WHERE game_id = ? AND chat_id = ?"
            " AND sending_version = ? AND (sending_token = ? OR sending_token IS NULL)"
            " AND sending_until IS NOT NULL",
            (until, until, game_id, chat_id, version, token),
        )
    return changed == 1


async def finish_send(
    db: Database,
    game_id: int,
    chat_id: int,
    version: int,
    *,
    token: str,
    claimed_id: int,
    shown_id: int | None,
    release: bool,
    now: datetime,
    claim: SendClaim | None = None,
    whole: bool = True,
) -> bool:
    """After a claimed send: `shown_id` is the message now showing `version` (None: the
    send failed), recorded only while `version` is still the newest claimed and the stored
    message is still the one the claim named (`claimed_id`); `release` frees the lease, for
    a sender that knows what became of its request (answered, or never sent): its own, or,
    beside another send of the same version (`claim.restore`), back to that one's. A
    recorded send claimed at or after the message's `recheck_at` settles it, if it was
    `whole` (a new picture, not only a caption). A failed send (`shown_id` None) of the
    newest version claimed makes the message due again (`recheck_at`: now, or when the
    send's lease ends), so any process's sweep finds it. True when recorded."""
    # Each statement is one write: no BEGIN and COMMIT around them (a claim in between sees
    # the lease still held, as it would before the first). The usual finish, a send that
    # reached Telegram and frees its own lease, is one statement: one trip to the database.
    restore = claim.restore if release and claim is not None else None
    free_own = release and restore is None
    async with db.autocommit() as tx:
        recorded = released = False
        if shown_id is not None:
            recorded = await tx.execute(
                "UPDATE board_messages SET message_id = ?, updated_at = ?, shown_version ="
                " CASE WHEN shown_version < ? THEN ? ELSE shown_version END, recheck_at ="
                " CASE WHEN recheck_at <= ? THEN NULL ELSE recheck_at END"
                + (", sending_until = CASE WHEN sending_token = ? THEN NULL"
                   " ELSE sending_until END, sending_token = CASE WHEN sending_token = ?"
                   " THEN NULL ELSE sending_token END" if free_own else "")
                + " WHERE game_id = ? AND chat_id = ? AND sending_version = ?"
                " AND message_id = ?",
                (shown_id, to_epoch(now), version, version,
                 claim.at if claim is not None and whole else -1,
                 *((token, token) if free_own else ()),
                 game_id, chat_id, version, claimed_id),
            ) == 1
            released = recorded and free_own
        if restore is not None and claim is not None:
            await tx.execute(
                "UPDATE board_messages SET sending_until = ? WHERE game_id = ? AND chat_id = ?"
                " AND sending_token IS NULL AND sending_until = ?",
                (restore, game_id, chat_id, claim.until),
            )
        elif free_own and not released:
            await tx.execute(
                "UPDATE board_messages SET sending_until = NULL, sending_token = NULL"
                " WHERE game_id = ? AND chat_id = ? AND sending_token = ?",
                (game_id, chat_id, token),
            )
        if shown_id is None:
            # Failed, and still the newest version claimed: the message is due to be sent
            # again (once no send of it may be on its way), whichever process looks next
            # (`games_behind` finds it by `recheck_at`, however long ago the game changed).
            stamp = to_epoch(now)
            await tx.execute(
                "UPDATE board_messages SET recheck_at = COALESCE(recheck_at, CASE WHEN"
                " sending_until > ? THEN sending_until ELSE ? END) WHERE game_id = ?"
                " AND chat_id = ? AND sending_version = ? AND shown_version < ?",
                (stamp, stamp, game_id, chat_id, version, version),
            )
    return recorded


async def replace_board_message(
    db: Database, game_id: int, chat_id: int, message_id: int, *, player_id: int | None,
    version: int, now: datetime
) -> None:
    """A new message (sent anew, e.g. after /games) is the board now, showing `version`:
    sends still on their way to the old one no longer count, and no older version may be
    claimed for the new one."""
    async with db.transaction() as tx:
        await tx.execute(
            "INSERT INTO board_messages (game_id, chat_id, message_id, player_id, updated_at,"
            " shown_version, sending_version) VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (game_id, chat_id) DO UPDATE SET message_id = excluded.message_id,"
            " player_id = excluded.player_id, updated_at = excluded.updated_at,"
            " shown_version = excluded.shown_version, sending_version = CASE"
            " WHEN board_messages.sending_version > excluded.sending_version"
            " THEN board_messages.sending_version ELSE excluded.sending_version END",
            (game_id, chat_id, message_id, player_id, to_epoch(now), version, version),
        )


async def carry_forward(
    db: Database, game_id: int, chat_ids: Iterable[int], before: int, version: int
) -> None:
    """Messages that showed `before` count as showing `version`: a step inside a turn
    changes only the mover's board, so the waiting player's board is still current."""
    chats = list(chat_ids)
    if not chats:
        return
    update = ("UPDATE board_messages SET shown_version = ?"
              " WHERE game_id = ? AND chat_id = ? AND shown_version = ?")
    if len(chats) == 1:  # a private game's other player: one statement, atomic by itself
        async with db.autocommit() as tx:
            await tx.execute(update, (version, game_id, chats[0], before))
        return
    async with db.transaction() as tx:
        for chat_id in chats:
            await tx.execute(update, (version, game_id, chat_id, before))


async def board_messages(db: Database, game_id: int) -> list[BoardMessage]:
    rows = await db.fetchall(
        f"SELECT {_COLUMNS} FROM board_messages WHERE game_id = ? ORDER BY chat_id",
        (game_id,),
    )
    return [_message(row) for row in rows]


async def games_behind(
    db: Database, finished_since: datetime, changed_before: datetime | None = None,
    *, now: datetime | None = None, changed_since: datetime | None = None,
    also: Iterable[int] = ()
) -> list[int]:
    """Games whose boards do not show them as stored, oldest change first: an active game
    (or one finished at or after `finished_since`) with a board message showing an older
    version or due to be sent again by `now` (`recheck_at`), or an active game between
    players in private chats with a player who has no board message at all (the process
    stopped before its first board was sent). With `changed_before`, only games last saved
    at or before then.

    With `changed_since`, only the games saved at or after then (read from the index
    `games_active_change`, finished ones from `games_by_finish`: the cost follows the games
    saved lately, not the games waiting), the games `also` names (by id), and the messages
    due again; without it every active game is looked at (a process's first sweep)."""
    until = to_epoch(changed_before) if changed_before is not None else 2**62
    due = to_epoch(now) if now is not None else -1
    since = to_epoch(finished_since)
    if changed_since is None:
        active, finished = "" if changed_before is None else " AND g.updated_at <= ?", since
        params: tuple[int, ...] = () if changed_before is None else (until,)
    else:
        active, finished = " AND g.updated_at >= ? AND g.updated_at <= ?", max(
            since, to_epoch(changed_since))
        params = (to_epoch(changed_since), until)
    named = sorted(set(also))
    # Index-friendly halves (the active games, the lately finished ones, the games named,
    # the messages due to be sent again: not held back by `changed_before`), not one OR.
    marks = ", ".join("?" * len(named))
    rows = await db.fetchall(
        f"SELECT g.id, g.updated_at FROM games g WHERE g.status = 'active'{active}"
        f" AND {_ACTIVE_BEHIND}"
        f" UNION SELECT g.id, g.updated_at FROM games g WHERE g.finished_at >= ?"
        f" AND g.updated_at <= ? AND {_STALE}"
        + (f" UNION SELECT g.id, g.updated_at FROM games g WHERE g.id IN ({marks})"
           f" AND g.updated_at <= ? AND ((g.status = 'active' AND {_ACTIVE_BEHIND})"
           f" OR (g.finished_at >= ? AND {_STALE}))" if named else "")
        + " UNION SELECT g.id, g.updated_at FROM board_messages b JOIN games g"
        " ON g.id = b.game_id WHERE b.recheck_at <= ?"
        " AND (g.status = 'active' OR g.finished_at >= ?) ORDER BY 2, 1",
        (*params, finished, until, *((*named, until, since) if named else ()), due, since),
    )
    return [int(row[0]) for row in rows]


async def remove_board_message(db: Database, game_id: int, chat_id: int) -> bool:
    async with db.transaction() as tx:
        removed = await tx.execute(
            "DELETE FROM board_messages WHERE game_id = ? AND chat_id = ?", (game_id, chat_id)
        )
    return removed == 1


async def boards_in_chat(db: Database, chat_id: int, limit: int = 20) -> list[BoardMessage]:
    """The board messages in `chat_id`, of the newest games first (for /log)."""
    rows = await db.fetchall(
        f"SELECT {_COLUMNS} FROM board_messages WHERE chat_id = ? ORDER BY game_id DESC"
        " LIMIT ?",
        (chat_id, limit),
    )
    return [_message(row) for row in rows]


def _message(row: Row) -> BoardMessage:
    recheck = row["recheck_at"]
    return BoardMessage(row["game_id"], row["chat_id"], row["message_id"], row["player_id"],
                        from_epoch(row["updated_at"]), row["shown_version"],
                        None if recheck is None else from_epoch(recheck))
