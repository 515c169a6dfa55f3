"""Players: upsert from Telegram updates, chosen language."""

from __future__ import annotations

from datetime import timedelta

import pytest

from storage import Database, PlayerNotFound, get_player, set_language, upsert_player
from testkit.storage_rows import T0


async def test_insert_then_refresh(db: Database) -> None:
    first = await upsert_player(db, 7, "Ann", username="ann", language="ru", now=T0)
    assert (first.id, first.name, first.username, first.language) == (7, "Ann", "ann", "ru")
    later = T0 + timedelta(days=1)
    again = await upsert_player(db, 7, "Anna", username=None, language="en", now=later)
    assert (again.name, again.username) == ("Anna", None)
    assert again.language == "ru"  # a stored language is kept
    assert again.created_at == T0 and again.updated_at == later
    assert await get_player(db, 7) == again


async def test_language_filled_when_unknown(db: Database) -> None:
    await upsert_player(db, 7, "Ann", username=None, language=None, now=T0)
    player = await upsert_player(db, 7, "Ann", username=None, language="uz", now=T0)
    assert player.language == "uz"


async def test_set_language(db: Database) -> None:
    await upsert_player(db, 7, "Ann", username=None, language="ru", now=T0)
    await set_language(db, 7, "az", now=T0)
    await upsert_player(db, 7, "Ann", username=None, language="ru", now=T0)
    player = await get_player(db, 7)
    assert player is not None and player.language == "az"


async def test_unknown_player(db: Database) -> None:
    assert await get_player(db, 404) is None
    with pytest.raises(PlayerNotFound):
        await set_language(db, 404, "en", now=T0)
