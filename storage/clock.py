"""Time as stored: integer Unix epoch seconds (UTC), converted at the edges.

Every function that needs "now" takes it as an argument, so tests never sleep; the bot
passes `utc_now()` or any other `Clock`.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


def to_epoch(moment: datetime) -> int:
    """Whole seconds since the epoch, rounded down so a moment never moves to a later day."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"naive datetime {moment!r}: storage needs aware datetimes")
    return int(moment.timestamp() // 1)


def from_epoch(seconds: int) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


def opt_epoch(moment: datetime | None) -> int | None:
    return None if moment is None else to_epoch(moment)


def opt_datetime(seconds: int | None) -> datetime | None:
    return None if seconds is None else from_epoch(seconds)
