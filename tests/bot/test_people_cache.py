"""The player caches of `People` and of `PlayerMiddleware` hold the players seen lately,
not the last 10,000.

Its rows expire after `ttl` seconds (another process or /lang may change a player); an
expired row is never served again, so it must not stay in memory until 10,000 newer players
push it out (under 20,000 users the soak saw the cache fill to its bound).
"""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace

import pytest
from aiogram.types import User

from bot.config import load_settings
from bot.handlers import middlewares
from bot.handlers.middlewares import PlayerMiddleware
from i18n import people as people_module
from i18n.people import People
from storage.models import Player

NOW = datetime(2026, 1, 1, tzinfo=UTC)


@pytest.fixture
def lookups(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    seen: list[int] = []

    async def get_player(db: object, player_id: int) -> Player:
        seen.append(player_id)
        return Player(player_id, f"P{player_id}", None, "en", NOW, NOW)

    monkeypatch.setattr(people_module, "players", SimpleNamespace(get_player=get_player))
    return seen


def make(clock: list[float], size: int = 10_000) -> People:
    settings = load_settings(bot_token="1:x", database_url="unused.sqlite3")
    return People(None, settings.default_language, monotonic=lambda: clock[0], size=size,  # type: ignore[arg-type]
                  ttl=30.0)


async def test_expired_rows_leave_the_cache(lookups: list[int]) -> None:
    clock = [0.0]
    people = make(clock)
    for player_id in range(100):
        await people.player(player_id)
    assert len(people) == 100
    clock[0] = 31.0
    await people.player(1000)  # the next lookup finds the old rows expired and drops them
    assert len(people) == 1


async def test_fresh_rows_stay_and_are_served_from_memory(lookups: list[int]) -> None:
    clock = [0.0]
    people = make(clock)
    for player_id in range(50):
        await people.player(player_id)
    clock[0] = 20.0
    for player_id in range(50, 60):
        await people.player(player_id)
    clock[0] = 40.0  # the first 50 have expired, the last 10 have not
    await people.player(1000)
    assert len(people) == 11
    lookups.clear()
    for player_id in range(50, 60):
        assert (await people.player(player_id)).name == f"P{player_id}"  # type: ignore[union-attr]
    assert lookups == []


async def test_the_size_bound_still_holds(lookups: list[int]) -> None:
    clock = [0.0]
    people = make(clock, size=10)
    for player_id in range(25):
        await people.player(player_id)
    assert len(people) == 10
    lookups.clear()
    await people.player(24)
    assert lookups == []  # the most recent stay


async def test_the_middleware_drops_expired_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    stored: list[int] = []

    async def upsert_player(db: object, player_id: int, name: str, **fields: object) -> Player:
        stored.append(player_id)
        return Player(player_id, name, None, "en", NOW, NOW)

    monkeypatch.setattr(middlewares, "players", SimpleNamespace(upsert_player=upsert_player))
    clock = [0.0]
    settings = load_settings(bot_token="1:x", database_url="unused.sqlite3")
    known = PlayerMiddleware(None, settings, lambda: NOW,  # type: ignore[arg-type]
                             ttl=30.0, monotonic=lambda: clock[0])
    users = [User(id=n, is_bot=False, first_name=f"U{n}") for n in range(110)]
    for user in users[:100]:
        await known.player(user)
    clock[0] = 20.0
    for user in users[100:]:
        await known.player(user)
    for user in users:  # rows younger than 30 s are served from memory
        await known.player(user)
    assert len(known) == 110 and len(stored) == 110
    clock[0] = 31.0  # the first 100 rows have expired; the next lookup drops them
    await known.player(User(id=1000, is_bot=False, first_name="New"))
    assert len(known) == 11
    stored.clear()
    for user in users[100:]:
        assert (await known.player(user)).name == user.full_name
    assert stored == []
