"""Scheduled tournaments (core/schedules.py) on both storage engines, with a clock the test
moves: the next start in the group's zone, the tournament opened ahead of it once however
many processes tick, a daily schedule moving on, a start missed while the bot was down
skipped, a cancelled schedule opening nothing."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from core.schedules import OPEN_AHEAD, next_start
from core.tournaments import Tournaments
from storage import schedules
from storage import tournaments as stored
from testkit.tournament_core import T0, News, World, open_world

GROUP = -1003
TASHKENT = ZoneInfo("Asia/Tashkent")  # UTC+5


def test_the_next_start_is_the_time_of_day_in_the_groups_zone() -> None:
    # 18:00 UTC is 23:00 in Tashkent: 20:00 there is tomorrow, 15:00 UTC.
    assert next_start(T0, 20 * 60, TASHKENT) == datetime(2026, 5, 2, 15, 0, tzinfo=UTC)
    assert next_start(T0, 23 * 60 + 30, TASHKENT) == datetime(2026, 5, 1, 18, 30,
                                                              tzinfo=UTC)
    assert next_start(T0, 18 * 60, ZoneInfo("UTC")) == T0 + timedelta(days=1)  # not now
    moscow = next_start(T0, 20 * 60, ZoneInfo("Europe/Moscow"))
    assert moscow == datetime(2026, 5, 2, 17, 0, tzinfo=UTC)
    with pytest.raises(ValueError):
        next_start(T0, 24 * 60, TASHKENT)


@pytest.fixture
async def world(database_url: str) -> AsyncIterator[World]:
    async with open_world(database_url) as w:
        yield w


async def _daily(w: World) -> schedules.Schedule:
    return await w.core.schedules.add(
        GROUP, 1, variant="short", format="swiss", length=1, cube=False, capacity=8,
        minutes=None, control=None, at_minute=20 * 60, zone="Asia/Tashkent", daily=True)


async def test_a_daily_schedule_opens_each_start_once(world: World) -> None:
    w = world
    plan = await _daily(w)
    start = datetime(2026, 5, 2, 15, 0, tzinfo=UTC)
    assert plan.next_at == start and plan.status == "active"
    await w.core.tick()
    assert await stored.chat_tournament(w.db, GROUP) is None  # not yet: too early
    # Half an hour before 20:00 in Tashkent, two processes tick at once: one tournament.
    w.clock.now = start - OPEN_AHEAD
    heard = News()
    other = Tournaments(w.db, w.service, heard, clock=w.clock)
    await asyncio.gather(w.core.tick(), other.tick(), w.core.tick())
    opened = await stored.chat_tournament(w.db, GROUP)
    assert opened is not None and opened.status == "open" and opened.starts_at == start
    assert opened.format == "swiss" and opened.creator_id == 1
    rows = await w.db.fetchall("SELECT id FROM tournaments WHERE chat_id = ?", (GROUP,))
    assert len(rows) == 1
    moved = await schedules.get_schedule(w.db, plan.id)
    assert moved is not None and moved.next_at == start + timedelta(days=1)
    assert moved.tournament_id == opened.id
    assert w.news.changes + heard.changes == [opened.version]  # a door heard of it once
    # Players join; at 20:00 it starts like any tournament with a start time.
    for player in range(1, 5):
        await w.core.join(opened.id, player)
    w.clock.now = start
    await w.core.tick()
    running = await stored.get_tournament(w.db, opened.id)
    assert running is not None and running.status == "running"
    # The next day the group has it again only if this one is over: a start while a
    # tournament is going is skipped, and the schedule moves on.
    w.clock.now = start + timedelta(days=1) - OPEN_AHEAD
    await w.core.tick()
    assert (await stored.chat_tournament(w.db, GROUP)).id == opened.id  # type: ignore[union-attr]
    skipped = await schedules.get_schedule(w.db, plan.id)
    assert skipped is not None and skipped.next_at == start + timedelta(days=2)


async def test_a_missed_start_is_skipped_and_a_cancelled_schedule_opens_nothing(
        world: World) -> None:
    w = world
    plan = await _daily(w)
    start = datetime(2026, 5, 2, 15, 0, tzinfo=UTC)
    w.clock.now = start + timedelta(minutes=1)  # the bot was down through the start
    await w.core.tick()
    assert await stored.chat_tournament(w.db, GROUP) is None
    moved = await schedules.get_schedule(w.db, plan.id)
    assert moved is not None and moved.next_at == start + timedelta(days=1)
    assert await w.core.schedules.cancel(plan.id, GROUP)
    assert not await w.core.schedules.cancel(plan.id, GROUP)  # once
    w.clock.now = start + timedelta(days=1) - OPEN_AHEAD
    await w.core.tick()
    assert await stored.chat_tournament(w.db, GROUP) is None
    assert await schedules.chat_schedules(w.db, GROUP) == []


async def test_a_one_off_schedule_is_done_once_opened(world: World) -> None:
    w = world
    plan = await w.core.schedules.add(
        GROUP, 2, variant="long", format="knockout", length=1, cube=False, capacity=4,
        minutes=None, control=None, at_minute=18 * 60 + 20, zone="UTC", daily=False)
    assert plan.next_at == T0 + timedelta(minutes=20)
    w.clock.advance(60)  # within half an hour of the start: opened at the next beat
    await w.core.tick()
    opened = await stored.chat_tournament(w.db, GROUP)
    assert opened is not None and opened.starts_at == plan.next_at
    done = await schedules.get_schedule(w.db, plan.id)
    assert done is not None and done.status == "done" and done.next_at is None
    with pytest.raises(schedules.TooManySchedules):
        for _ in range(schedules.MAX_PER_CHAT + 1):
            await _daily(w)


async def test_a_group_the_bot_left_keeps_no_schedule(world: World) -> None:
    w = world
    await _daily(w)
    await _daily(w)
    assert len(await schedules.chat_schedules(w.db, GROUP)) == 2
    assert await w.core.schedules.stop_chat(GROUP) == 2
    assert await schedules.chat_schedules(w.db, GROUP) == []
    assert await w.core.schedules.stop_chat(GROUP) == 0
