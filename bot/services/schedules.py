"""A group's scheduled tournaments in Telegram: the door of `core.schedules`.

Only the group's admins (getChatMember: creator or administrator) set or cancel one: an
admin writes `/tournament 20:00` or `/tournament daily 20:00`, /tournament's menu asks the
rest, and its message becomes the schedule's announcement (with its Cancel button). The
time is read in the group's time zone, the zone of its language (`i18n.zones`). The
tournaments a schedule opens are ordinary ones: their lobbies, reminders and news are
`TournamentDoor`'s."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError
from aiogram.types import InlineKeyboardMarkup

from bot.plumbing.retry import FAULTS
from bot.views.callbacks import TourneyMenuCb
from bot.views.schedules import listing, schedule_keyboard, schedule_text
from core.schedules import OPEN_AHEAD, Schedules
from core.timecontrol import Offer, UnknownControl
from i18n import Translator
from i18n.people import People
from i18n.zones import zone_of
from storage import schedules as stored
from storage.db import Database
from storage.schedules import Schedule, TooManySchedules

AHEAD_MINUTES = int(OPEN_AHEAD.total_seconds() // 60)


class ScheduleDoor:
    """What the handlers ask of schedules."""

    def __init__(self, bot: Bot, db: Database, people: People, controls: Offer,
                 core: Schedules, is_admin: Callable[[int, int], Awaitable[bool]]) -> None:
        self.bot, self.db, self.people, self.controls = bot, db, people, controls
        self.core, self.is_admin = core, is_admin  # is_admin(chat, user): the group's say

    async def create(self, chat_id: int, creator_id: int, menu: TourneyMenuCb,
                     message_id: int | None, t: Translator) -> str | None:
        """The schedule chosen in the menu (an admin's); the menu's message becomes its
        announcement. Returns why not, in the presser's words, or None."""
        if not await self.is_admin(chat_id, creator_id):
            return t("tm-schedule-admins")
        try:
            control = self.controls.choose(menu.tc, live_only=True)
        except UnknownControl:
            return t("tm-bad-option")
        group = await self.people.chat_translator(chat_id, starter=creator_id)
        try:
            schedule = await self.core.add(
                chat_id, creator_id, variant=menu.variant, format=menu.f,
                length=menu.length, cube=menu.cube == 1, capacity=menu.cap,
                minutes=menu.minutes or None, control=control, at_minute=menu.at,
                zone=zone_of(group.language).key, daily=menu.daily == 1)
        except TooManySchedules:
            return t("tm-schedule-too-many", count=stored.MAX_PER_CHAT)
        except ValueError:
            return t("tm-bad-option")
        await self._show(schedule, group, message_id)
        return None

    async def cancel(self, schedule_id: int, player_id: int, chat_id: int,
                     t: Translator) -> str:
        """The Cancel button: an admin's press stops the schedule."""
        if not await self.is_admin(chat_id, player_id):
            return t("tm-schedule-admins")
        if not await self.core.cancel(schedule_id, chat_id):
            return t("tm-schedule-gone")
        schedule = await stored.get_schedule(self.db, schedule_id)
        if schedule is not None and schedule.message_id:
            group = await self.people.chat_translator(chat_id)
            await self._show(schedule, group, schedule.message_id)
        return t("tm-schedule-cancelled-answer")

    async def listing(self, chat_id: int, t: Translator
                      ) -> tuple[str, InlineKeyboardMarkup | None]:
        """`/tournament schedule`'s text and buttons."""
        return listing(t, await stored.chat_schedules(self.db, chat_id))

    async def _show(self, schedule: Schedule, t: Translator, message_id: int | None) -> None:
        """Edit `message_id` into the schedule's announcement (a new message when it cannot
        be edited) and record where it is."""
        text, keyboard = schedule_text(t, schedule, AHEAD_MINUTES), schedule_keyboard(
            t, schedule)
        if message_id:
            try:
                await self.bot.edit_message_text(text=text, chat_id=schedule.chat_id,
                                                 message_id=message_id, reply_markup=keyboard)
                await stored.record_message(self.db, schedule.id, message_id)
                return
            except (TelegramAPIError, *FAULTS):
                pass  # posted anew below
        try:
            sent = await self.bot.send_message(schedule.chat_id, text, reply_markup=keyboard)
        except (TelegramAPIError, *FAULTS):
            return  # the schedule stands; /tournament schedule shows it
        await stored.record_message(self.db, schedule.id, sent.message_id)
