"""The core's one people service (`core.people.Players`): both doors sign people in
through it and every reader of a player's row reads its one cache, which holds the
players seen lately, not the last 10,000.

Its rows expire after `ttl` seconds (another process or /lang may change a player); an
expired row is never served again, so it must not stay in memory until 10,000 newer players
push it out (under 20,000 users the soak saw the cache fill to its bound).
"""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace

import pytest

from core import people as people_module
from core.people import Players
from storage.models import Player

NOW = datetime(2026, 1, 1, tzinfo=UTC)


@pytest.fixture
def stored(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """The database's side, as (what, player id) for each call: read or stored."""
    calls: list[tuple[str, int]] = []
    rows: dict[int, Player] = {}

    async def get_player(db: object, player_id: int) -> Player | None:
        calls.append(("read", player_id))
        return rows.get(player_id, Player(player_id, f"P{player_id}", None, "en", NOW, NOW))

    async def upsert_player(db: object, player_id: int, name: str, *,
                            username: str | None, language: str | None,
                            now: datetime) -> Player:
        calls.append(("stored", player_id))
        rows[player_id] = Player(player_id, name, username, language, NOW, now)
        return rows[player_id]

    monkeypatch.setattr(people_module, "players", SimpleNamespace(
        get_player=get_player, upsert_player=upsert_player))
    return calls


def make(clock: list[float], size: int = 10_000) -> Players:
    return Players(None, clock=lambda: NOW, size=size, ttl=30.0,  # type: ignore[arg-type]
                   monotonic=lambda: clock[0])


async def test_expired_rows_leave_the_cache(stored: list[tuple[str, int]]) -> None:
    clock = [0.0]
    people = make(clock)
    for player_id in range(100):
        await people.player(player_id)
    assert len(people) == 100
    clock[0] = 31.0
    await people.player(1000)  # the old rows have expired and are gone
    assert len(people) == 1 and not people.remembers(1)


async def test_fresh_rows_stay_and_are_served_from_memory(
        stored: list[tuple[str, int]]) -> None:
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
    stored.clear()
    for player_id in range(50, 60):
        assert (await people.player(player_id)).name == f"P{player_id}"  # type: ignore[union-attr]
    assert stored == []


async def test_the_size_bound_still_holds(stored: list[tuple[str, int]]) -> None:
    clock = [0.0]
    people = make(clock, size=10)
    for player_id in range(25):
        await people.player(player_id)
    assert len(people) == 10
    stored.clear()
    await people.player(24)
    assert stored == []  # the most recent stay


async def test_a_signed_in_player_is_stored_once_and_read_from_the_same_cache(
        stored: list[tuple[str, int]]) -> None:
    """Both doors sign in through here: the row stored is the row every reader gets, with
    no read of its own; stored again when the name changes, after `ttl`, or `forget`."""
    clock = [0.0]
    people = make(clock)
    ali = await people.sign_in(7, "Ali", username="ali", language="uz")
    assert (await people.player(7)) is ali
    assert await people.sign_in(7, "Ali", username="ali") is ali
    assert stored == [("stored", 7)]
    renamed = await people.sign_in(7, "Ali V", username="ali")
    assert renamed.name == "Ali V" and (await people.player(7)) is renamed
    clock[0] = 31.0
    await people.sign_in(7, "Ali V", username="ali")
    people.forget(7)  # e.g. /lang, or another process's notice
    assert not people.remembers(7)
    await people.player(7)
    assert stored == [("stored", 7)] * 3 + [("read", 7)]
