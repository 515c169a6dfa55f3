"""The time zone a reader's deadlines are shown in. There is no time-zone setting: the zone
follows the reader's language (where most of its readers live), and every time shown names
its zone and offset, so it is never ambiguous."""

from __future__ import annotations

from datetime import datetime
from functools import cache
from zoneinfo import ZoneInfo

ZONES = {"uz": "Asia/Tashkent", "ky": "Asia/Bishkek", "az": "Asia/Baku",
         "ru": "Europe/Moscow", "en": "UTC"}


@cache
def zone_of(language: str) -> ZoneInfo:
    """The zone of a language's readers (UTC for one without)."""
    return ZoneInfo(ZONES.get(language, "UTC"))


def offset_label(moment: datetime, zone: ZoneInfo) -> str:
    """The zone's offset at `moment` as `UTC+5`, `UTC-3:30`, or `UTC`."""
    offset = moment.astimezone(zone).utcoffset()
    minutes = round(offset.total_seconds() / 60) if offset is not None else 0
    if minutes == 0:
        return "UTC"
    sign = "+" if minutes > 0 else "-"
    hours, rest = divmod(abs(minutes), 60)
    return f"UTC{sign}{hours}" + (f":{rest:02d}" if rest else "")


def local_time(moment: datetime, language: str) -> tuple[str, str]:
    """`moment` in the reader's zone as `08.12.2026 14:05` and the zone it is in, named with
    its offset (`Asia/Tashkent, UTC+5`; `UTC` alone for UTC)."""
    zone = zone_of(language)
    local = moment.astimezone(zone)
    offset = offset_label(moment, zone)
    name = offset if zone.key == "UTC" else f"{zone.key}, {offset}"
    return local.strftime("%d.%m.%Y %H:%M"), name
