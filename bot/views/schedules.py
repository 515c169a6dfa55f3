"""Words and buttons of a group's scheduled tournaments: `/tournament 20:00` and
`/tournament daily 20:00` (the time read), the announcement of a schedule with its Cancel
button, and `/tournament schedule`'s list."""

from __future__ import annotations

import re
from zoneinfo import ZoneInfo

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.views.callbacks import ScheduleCb
from i18n import Translator
from i18n.zones import offset_label
from storage.schedules import Schedule

_TIME = re.compile(r"^([01]?\d|2[0-3])[:.]([0-5]\d)$")
DAILY_WORDS = ("daily", "every-day", "everyday")  # `/tournament daily 20:00`
LIST_WORDS = ("schedule", "schedules")  # `/tournament schedule`
FORMAT_NAMES = {"knockout": "btn-tm-knockout", "swiss": "btn-tm-swiss", "arena": "btn-tm-arena"}


def parse_schedule(args: str) -> tuple[int, bool] | None:
    """`/tournament`'s words after the command as (minutes past midnight, every day), or
    None when they are not a time (`20:00`, `daily 20:00`, `8.30`)."""
    words = args.lower().split()
    daily = bool(words) and words[0] in DAILY_WORDS
    if daily:
        words = words[1:]
    if len(words) != 1:
        return None
    match = _TIME.match(words[0])
    if match is None:
        return None
    return int(match.group(1)) * 60 + int(match.group(2)), daily


def at_text(at_minute: int) -> str:
    return f"{at_minute // 60:02d}:{at_minute % 60:02d}"


def schedule_line(t: Translator, schedule: Schedule) -> str:
    """What it is and when: "Swiss, short nard: every day at 20:00 (Asia/Tashkent, UTC+5)"
    or "… on 08.12.2026 at 20:00 (…)"."""
    kind = t(FORMAT_NAMES[schedule.format])
    variant = t(f"variant-{schedule.variant}")
    zone = ZoneInfo(schedule.zone)
    when = schedule.next_at or schedule.created_at
    label = offset_label(when, zone)
    zone_name = label if schedule.zone == "UTC" else f"{schedule.zone}, {label}"
    if schedule.daily:
        return t("tm-schedule-daily", kind=kind, variant=variant,
                 time=at_text(schedule.at_minute), zone=zone_name)
    return t("tm-schedule-once", kind=kind, variant=variant,
             date=when.astimezone(zone).strftime("%d.%m.%Y"),
             time=at_text(schedule.at_minute), zone=zone_name)


def schedule_text(t: Translator, schedule: Schedule, ahead_minutes: int) -> str:
    """The group's announcement of a schedule (or that it is cancelled)."""
    if schedule.status == "cancelled":
        return t("tm-schedule-cancelled", line=schedule_line(t, schedule))
    return "\n".join((t("tm-schedule-set"), schedule_line(t, schedule),
                      t("tm-schedule-lobby", minutes=ahead_minutes)))


def schedule_keyboard(t: Translator, schedule: Schedule) -> InlineKeyboardMarkup | None:
    if schedule.status != "active":
        return None
    return InlineKeyboardMarkup(inline_keyboard=[[InlineKeyboardButton(
        text=t("btn-tm-schedule-cancel"),
        callback_data=ScheduleCb.model_validate({"id": schedule.id}).pack())]])


def listing(t: Translator, schedules: list[Schedule]
            ) -> tuple[str, InlineKeyboardMarkup | None]:
    """`/tournament schedule`: the group's schedules, a Cancel button for each."""
    if not schedules:
        return t("tm-schedule-none"), None
    lines = [t("tm-schedule-list")]
    lines += [f"{n}. {schedule_line(t, s)}" for n, s in enumerate(schedules, start=1)]
    buttons = [[InlineKeyboardButton(
        text=t("btn-tm-schedule-cancel-n", number=n),
        callback_data=ScheduleCb.model_validate({"id": s.id}).pack())]
        for n, s in enumerate(schedules, start=1)]
    return "\n".join(lines), InlineKeyboardMarkup(inline_keyboard=buttons)
