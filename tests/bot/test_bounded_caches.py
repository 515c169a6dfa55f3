"""The bounded memories of the doors (cachetools since issue 37): each forgets its least
recent keys beyond its size, and the admission's players after PLAYING_FOR."""

from __future__ import annotations

from bot.plumbing import admission as admission_module
from bot.plumbing.admission import PLAYING_FOR, Admission
from bot.plumbing.once import Once
from web.limits import RateLimit


async def _busy(query: object) -> None:
    """No press is shed here."""


def test_once_is_once_per_recent_key() -> None:
    once = Once(size=3)
    assert [once.first(key) for key in "abca"] == [True, True, True, False]
    once.first("d")  # "b" is the least recent now ("a" was asked again): it goes
    assert len(once) == 3 and once.first("b") and not once.first("a")


def test_a_rate_limit_remembers_the_recent_users_only() -> None:
    now = [0.0]
    limit: RateLimit[int] = RateLimit(rate=1.0, burst=2, monotonic=lambda: now[0], users=2)
    assert [limit.allow(1) for _ in range(3)] == [True, True, False]
    assert limit.empty(1)
    limit.allow(2)
    limit.allow(3)  # user 1 is forgotten: a full bucket again
    assert not limit.empty(1) and limit.allow(1)
    now[0] = 10.0  # buckets refill with time
    assert [limit.allow(3) for _ in range(3)] == [True, True, False]


def test_a_player_counts_as_playing_for_a_while() -> None:
    now = [0.0]
    admission = Admission(_busy, monotonic=lambda: now[0])  # type: ignore[arg-type]
    admission.playing(7)
    now[0] = PLAYING_FOR - 1
    assert admission.is_playing(7) and not admission.is_playing(8)
    now[0] = PLAYING_FOR + 1
    assert not admission.is_playing(7)
    for player in range(admission_module.PLAYERS + 5):
        admission.playing(player)
    assert not admission.is_playing(0) and admission.is_playing(admission_module.PLAYERS + 4)
