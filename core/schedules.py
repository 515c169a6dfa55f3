"""Scheduled tournaments (docs/playing.md, "Scheduled tournaments"): a group's admins set
a tournament for a time of day, once or every day, in the group's time zone (the zone of
its language, `i18n.zones`: the door names it).

A schedule is stored (`storage.schedules`) with its next start. The timer loop
(`Tournaments.tick`) opens that start's tournament `OPEN_AHEAD` before it (an open
tournament with a start time: its lobby is the announcement, Join is open, and the group
is reminded `REMIND` before the start, `storage.tournaments.reminders_due`: the door's
news), in the transaction that moves the
schedule on to its next start, so one process opens it once. A start found already past
(the bot was down) is skipped; one while the group has a tournament going is skipped
too. Nothing waits in memory: a restart finds the next start where it was stored.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, time, timedelta
from typing import TYPE_CHECKING, Protocol
from zoneinfo import ZoneInfo

from core.options import check_options
from core.timecontrol import TimeControl
from storage import schedules as stored
from storage.schedules import Schedule

if TYPE_CHECKING:
    from storage.db import Database
    from storage.tournaments import Tournament


class Opener(Protocol):
    """What opens a schedule's tournaments (`core.tournaments.Tournaments`)."""

    db: Database
    clock: Callable[[], datetime]

    async def tell(self, tournament: Tournament) -> None: ...

OPEN_AHEAD = timedelta(minutes=30)  # a start's tournament opens (its lobby) this early
REMIND = timedelta(minutes=5)  # the group is reminded this long before a start
DAY = 24 * 60


def next_start(after: datetime, at_minute: int, zone: ZoneInfo) -> datetime:
    """The first moment later than `after` that is `at_minute` past midnight in `zone`
    (in UTC)."""
    if not 0 <= at_minute < DAY:
        raise ValueError(f"not a time of day: {at_minute}")
    local = after.astimezone(zone)
    clock = time(at_minute // 60, at_minute % 60)
    moment = datetime.combine(local.date(), clock, tzinfo=zone)
    if moment <= after:
        moment = datetime.combine(local.date() + timedelta(days=1), clock, tzinfo=zone)
    return moment.astimezone(UTC)


class Schedules:
    """A group's scheduled tournaments: set, cancelled, opened when due."""

    def __init__(self, tournaments: Opener) -> None:
        self.tournaments = tournaments
        self.db, self.clock = tournaments.db, tournaments.clock

    async def add(self, chat_id: int, creator_id: int, *, variant: str, format: str,
                  length: int, cube: bool, capacity: int, minutes: int | None,
                  control: TimeControl | None, at_minute: int, zone: str,
                  daily: bool) -> Schedule:
        """A schedule for `at_minute` past midnight in `zone` (the next such moment; every
        day when `daily`). The door checks that the asker is an admin of the group.
        `storage.schedules.TooManySchedules` past `MAX_PER_CHAT`."""
        checked = check_options(variant=variant, format=format, length=length, cube=cube,
                                capacity=capacity, minutes=minutes, control=control)
        now = self.clock()
        return await stored.add_schedule(
            self.db, chat_id=chat_id, creator_id=creator_id, variant=variant, format=checked,
            match_length=length, cube=cube, capacity=capacity, minutes=minutes,
            control=control.token if control is not None else None, at_minute=at_minute,
            zone=zone, daily=daily, next_at=next_start(now, at_minute, ZoneInfo(zone)),
            now=now)

    async def cancel(self, schedule_id: int, chat_id: int) -> bool:
        """Stop the schedule (a tournament it opened already is called off on its own)."""
        return await stored.cancel_schedule(self.db, schedule_id, chat_id)

    async def stop_chat(self, chat_id: int) -> int:
        """Stop every schedule of a group the bot was removed from (nobody there could see
        what they open); how many were stopped."""
        return sum([await stored.cancel_schedule(self.db, schedule.id, chat_id)
                    for schedule in await stored.chat_schedules(self.db, chat_id)])

    async def tick(self) -> None:
        """The timer's beat: open the tournaments of the starts due within `OPEN_AHEAD`."""
        now = self.clock()
        for schedule in await stored.due(self.db, now + OPEN_AHEAD):
            assert schedule.next_at is not None
            following = (next_start(schedule.next_at, schedule.at_minute,
                                    ZoneInfo(schedule.zone)) if schedule.daily else None)
            if schedule.next_at <= now:  # found too late (the bot was down): skipped
                await stored.skip_start(self.db, schedule, following)
                continue
            opened = await stored.open_start(self.db, schedule, following, now)
            if opened is not None:
                await self.tournaments.tell(opened)  # the door posts its lobby
