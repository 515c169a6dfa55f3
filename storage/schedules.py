"""A group's scheduled tournaments (`tournament_schedules`, migration 0025): once or every
day at a time of day. The rules (when the next start is, when its tournament opens) are
the core's (`core/schedules.py`); here is how they are kept.

A schedule's start opens its tournament in the transaction that moves `next_at` on, and
only while `next_at` is still the start it read: two processes, or two beats, that find
the same start due open one tournament between them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from storage.clock import from_epoch, opt_datetime, opt_epoch, to_epoch
from storage.db import Database, Row, Tx
from storage.errors import ConstraintViolation
from storage.tournaments import Format, Tournament, TournamentExists, insert_tournament

_COLUMNS = ("id, chat_id, creator_id, variant, format, match_length, cube, capacity,"
            " minutes, control, at_minute, zone, daily, next_at, status, tournament_id,"
            " message_id, created_at")
MAX_PER_CHAT = 5  # active schedules a group may have


@dataclass(frozen=True, slots=True)
class Schedule:
    id: int
    chat_id: int
    creator_id: int
    variant: str
    format: Format
    match_length: int
    cube: bool
    capacity: int
    minutes: int | None
    control: str | None
    at_minute: int  # minutes past midnight in `zone`
    zone: str
    daily: bool
    next_at: datetime | None  # None: done or cancelled
    status: str  # active | done | cancelled
    tournament_id: int | None
    message_id: int
    created_at: datetime


class TooManySchedules(Exception):
    """The group has `MAX_PER_CHAT` active schedules already."""


async def add_schedule(db: Database, *, chat_id: int, creator_id: int, variant: str,
                       format: Format, match_length: int, cube: bool, capacity: int,
                       minutes: int | None, control: str | None, at_minute: int, zone: str,
                       daily: bool, next_at: datetime, now: datetime) -> Schedule:
    async with db.transaction() as tx:
        count = await tx.fetchval(
            "SELECT COUNT(*) FROM tournament_schedules WHERE chat_id = ? AND status = 'active'",
            (chat_id,))
        if int(count or 0) >= MAX_PER_CHAT:
            raise TooManySchedules(chat_id)
        row = await tx.fetchone(
            "INSERT INTO tournament_schedules (chat_id, creator_id, variant, format,"
            " match_length, cube, capacity, minutes, control, at_minute, zone, daily,"
            " next_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            f" RETURNING {_COLUMNS}",
            (chat_id, creator_id, variant, format, match_length, int(cube), capacity,
             minutes, control, at_minute, zone, int(daily), to_epoch(next_at),
             to_epoch(now)))
    assert row is not None
    return _schedule(row)


async def get_schedule(db: Database, schedule_id: int) -> Schedule | None:
    row = await db.fetchone(f"SELECT {_COLUMNS} FROM tournament_schedules WHERE id = ?",
                            (schedule_id,))
    return None if row is None else _schedule(row)


async def chat_schedules(db: Database, chat_id: int) -> list[Schedule]:
    """The group's active schedules, oldest first."""
    rows = await db.fetchall(
        f"SELECT {_COLUMNS} FROM tournament_schedules WHERE chat_id = ? AND status = 'active'"
        " ORDER BY id", (chat_id,))
    return [_schedule(row) for row in rows]


async def due(db: Database, until: datetime) -> list[Schedule]:
    """The active schedules whose next start is at `until` or before, soonest first."""
    rows = await db.fetchall(
        f"SELECT {_COLUMNS} FROM tournament_schedules WHERE status = 'active'"
        " AND next_at <= ? ORDER BY next_at, id", (to_epoch(until),))
    return [_schedule(row) for row in rows]


async def open_start(db: Database, schedule: Schedule, following: datetime | None,
                     now: datetime) -> Tournament | None:
    """Open the tournament of `schedule`'s start (`schedule.next_at`) and move the schedule
    on to `following` (None: done), in one transaction, only if nobody has yet. None when
    another caller did, or the group has a tournament going (this start is skipped)."""
    assert schedule.next_at is not None
    try:
        async with db.transaction() as tx:
            if not await _move_on(tx, schedule, following):
                return None
            try:
                tournament = await insert_tournament(
                    tx, chat_id=schedule.chat_id, creator_id=schedule.creator_id,
                    variant=schedule.variant, format=schedule.format,
                    match_length=schedule.match_length, cube=schedule.cube,
                    capacity=schedule.capacity, starts_at=schedule.next_at,
                    minutes=schedule.minutes, now=now, control=schedule.control)
            except TournamentExists:
                return None  # the schedule still moves on: this start is skipped
            await tx.execute("UPDATE tournament_schedules SET tournament_id = ? WHERE id = ?",
                             (tournament.id, schedule.id))
            return tournament
    except ConstraintViolation as exc:  # PostgreSQL: a tournament opened meanwhile
        if exc.kind == "unique" and exc.table == "tournaments":
            return None
        raise


async def skip_start(db: Database, schedule: Schedule, following: datetime | None) -> bool:
    """Move the schedule past a start that is too late to open (the process was down)."""
    async with db.transaction() as tx:
        return await _move_on(tx, schedule, following)


async def _move_on(tx: Tx, schedule: Schedule, following: datetime | None) -> bool:
    """Move the schedule from the start it was read at to `following` (None: done); False
    when someone moved it first."""
    assert schedule.next_at is not None
    moved = await tx.execute(
        "UPDATE tournament_schedules SET next_at = ?, status = ?"
        " WHERE id = ? AND status = 'active' AND next_at = ?",
        (opt_epoch(following), "active" if following is not None else "done",
         schedule.id, to_epoch(schedule.next_at)))
    return moved == 1


async def cancel_schedule(db: Database, schedule_id: int, chat_id: int) -> bool:
    """Stop the schedule (in its own group): True when it was active."""
    async with db.transaction() as tx:
        changed = await tx.execute(
            "UPDATE tournament_schedules SET status = 'cancelled', next_at = NULL"
            " WHERE id = ? AND chat_id = ? AND status = 'active'", (schedule_id, chat_id))
    return changed == 1


async def record_message(db: Database, schedule_id: int, message_id: int) -> None:
    async with db.transaction() as tx:
        await tx.execute("UPDATE tournament_schedules SET message_id = ? WHERE id = ?",
                         (message_id, schedule_id))


def _schedule(row: Row) -> Schedule:
    return Schedule(
        id=row["id"], chat_id=row["chat_id"], creator_id=row["creator_id"],
        variant=row["variant"], format=row["format"], match_length=row["match_length"],
        cube=bool(row["cube"]), capacity=row["capacity"], minutes=row["minutes"],
        control=row["control"], at_minute=row["at_minute"], zone=row["zone"],
        daily=bool(row["daily"]), next_at=opt_datetime(row["next_at"]),
        status=row["status"], tournament_id=row["tournament_id"],
        message_id=row["message_id"], created_at=from_epoch(row["created_at"]))
