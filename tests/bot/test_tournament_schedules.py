"""Scheduled and daily tournaments in a group through the real Dispatcher and the fake Bot
API (getChatMember answers who is an admin), on both storage engines, with the test's
clock: only admins set and cancel a schedule; its announcement names the time in the
group's zone (its language's); the lobby opens half an hour ahead, once however many
beats; the group is reminded five minutes before; the tournament starts at its time; a
daily schedule moves on to the next day."""

from __future__ import annotations

from datetime import timedelta

from bot.views.callbacks import TourneyMenuCb
from storage import schedules
from storage import tournaments as stored
from testkit.harness import Harness
from testkit.tournament_play import (
    GROUP,
    JOINED,
    NAMES,
    PLAYERS,
    meet,
    press,
    tick,
    tournament_games,
)

ADMIN = 7001
SCHEDULED = "📅 Tournament scheduled:"
LOBBY = "♟ Swiss tournament"


def texts(h: Harness) -> list[str]:
    return [m.text or m.caption or "" for m in h.fake.messages(GROUP)]


async def say(h: Harness, player: int, text: str) -> str:
    """`player` writes `text` in the group; the bot's last message there."""
    h.fake.user(player, NAMES[player]).command(text, chat=GROUP)
    await h.feed()
    return h.fake.last_message(GROUP).text or ""


async def test_an_admin_schedules_a_daily_swiss(group_harness: Harness) -> None:
    h = group_harness
    await meet(h, PLAYERS[:6])
    h.fake.make_admin(GROUP, ADMIN, owner=True)
    start = h.clock.now.replace(hour=12, minute=40)  # the clock reads 12:00 UTC
    assert "Only the group's admins" in await say(h, 7002, "/tournament daily 12:40")
    assert "/tournament daily 20:00" in await say(h, ADMIN, "/tournament daily 25:00")
    await say(h, ADMIN, "/tournament daily 12:40")
    admin = h.fake.user(ADMIN, NAMES[ADMIN])
    for label in ("♟ Swiss", "Short nard", "1 game", "Without the cube", "8"):
        admin.press_button(GROUP, label)
        await h.feed()
    # Another member's tap on the last button is refused and leaves it to the admin.
    assert "Only the group's admins" in await press(h, 7002, "📅 Set it up")
    admin.press_button(GROUP, "📅 Set it up")
    await h.feed()
    [announced] = [text for text in texts(h) if text.startswith(SCHEDULED)]
    assert "♟ Swiss, Short nard: every day at 12:40 (UTC)" in announced
    assert "Joining opens 30 min before the start" in announced
    [plan] = await schedules.chat_schedules(h.app.db, GROUP)
    assert plan.zone == "UTC" and plan.daily and plan.next_at == start
    listed = await say(h, 7003, "/tournament schedule")
    assert "1. ♟ Swiss, Short nard: every day at 12:40 (UTC)" in listed
    # Nothing until half an hour before; then the lobby, once however many beats.
    h.clock.now = start - timedelta(minutes=31)
    await tick(h)
    assert not any(text.startswith(LOBBY) for text in texts(h))
    h.clock.now = start - timedelta(minutes=30)
    await tick(h)
    await tick(h)
    lobbies = [text for text in texts(h) if text.startswith(LOBBY)]
    assert len(lobbies) == 1 and "Starts at 12:40 UTC" in lobbies[0], texts(h)
    t = await stored.chat_tournament(h.app.db, GROUP)
    assert t is not None and t.starts_at == start and t.status == "open"
    assert plan.control is not None and t.control == plan.control  # the menu's time control
    assert "⏱ Time: 2 min a move" in lobbies[0]
    for player in PLAYERS[:5]:
        assert JOINED in await press(h, player, "✅ Join")
    # Five minutes before, a reminder; once.
    h.clock.now = start - timedelta(minutes=5)
    await tick(h)
    await tick(h)
    reminders = [text for text in texts(h) if text.startswith("⏰")]
    assert reminders == ["⏰ The tournament starts at 12:40 UTC: 5 of 8 players so far."
                         " Press Join in its message above to play!"]
    # At its time it starts; the schedule waits for tomorrow.
    h.clock.now = start
    await tick(h)
    running = await stored.get_tournament(h.app.db, t.id)
    assert running is not None and running.status == "running"
    assert len(await tournament_games(h, t.id)) == 2  # five players: two games, a bye
    moved = await schedules.get_schedule(h.app.db, plan.id)
    assert moved is not None and moved.next_at == start + timedelta(days=1)
    # A member cannot cancel it; an admin can, and the announcement says so.
    assert "Only the group's admins" in await press(h, 7003, "✖ Cancel the schedule")
    assert "The schedule is cancelled." in await press(h, ADMIN, "✖ Cancel the schedule")
    [cancelled] = [text for text in texts(h) if "Schedule cancelled" in text]
    assert cancelled.startswith("✖ Schedule cancelled: ♟ Swiss, Short nard: every day")
    assert "no scheduled tournaments" in await say(h, 7003, "/tournament schedule")


async def test_the_time_is_the_groups_languages(group_harness: Harness) -> None:
    h = group_harness
    players = PLAYERS[:3]
    for player in players:  # a Russian-speaking group: Moscow time
        h.fake.user(player, NAMES[player], language_code="ru")
    await meet(h, players)
    h.fake.make_admin(GROUP, ADMIN)
    await say(h, ADMIN, "/tournament 20:00")
    menu = h.fake.last_message(GROUP)
    last = TourneyMenuCb(f="knockout", variant="long", length=1, cube=-1, cap=8, start=0,
                         at=20 * 60, daily=0)
    h.fake.user(ADMIN, NAMES[ADMIN]).press(menu, last.pack())
    await h.feed()
    [plan] = await schedules.chat_schedules(h.app.db, GROUP)
    assert plan.zone == "Europe/Moscow" and not plan.daily
    assert plan.next_at is not None
    assert plan.next_at == h.clock.now.replace(hour=17, minute=0)  # 20:00 UTC+3
    text = h.fake.message(GROUP, menu.message_id).text or ""
    assert text.startswith("📅 Турнир назначен:")
    assert "в 20:00 (Europe/Moscow, UTC+3)" in text, text
    # Its lobby, half an hour ahead, and the reminder say Moscow time too.
    h.clock.now = plan.next_at - timedelta(minutes=30)
    await tick(h)
    [lobby] = [m.text or "" for m in h.fake.messages(GROUP)
               if "Начало в 20:00 (Europe/Moscow, UTC+3)" in (m.text or "")]
    assert "✅ Участвовать" in [text for m in h.fake.messages(GROUP)
                                if m.text == lobby for text, _ in m.buttons]
    h.clock.now = plan.next_at - timedelta(minutes=5)
    await tick(h)
    assert h.fake.last_message(GROUP).text == (
        "⏰ Турнир начнётся в 20:00 (Europe/Moscow, UTC+3): записалось 0 из 8."
        " Нажмите «Участвовать» в его сообщении выше!")
