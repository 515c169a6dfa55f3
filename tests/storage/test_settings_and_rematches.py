"""Per-player settings and the one open rematch challenge of a finished game."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from storage import Database, accept_challenge, get_challenge, save_game
from storage.challenges import rematch_challenge
from storage.settings import player_setting, player_settings, put_player_setting
from testkit.storage_rows import ALICE, BOB, STATE, T0, human_game

pytestmark = pytest.mark.usefixtures("players")
HOUR = timedelta(hours=1)


async def test_a_setting_is_stored_per_player_and_replaced(db: Database) -> None:
    assert await player_settings(db, ALICE) == {}
    assert await player_setting(db, ALICE, "confirm") is None
    await put_player_setting(db, ALICE, "confirm", "0", now=T0)
    await put_player_setting(db, ALICE, "confirm", "1", now=T0 + HOUR)
    await put_player_setting(db, ALICE, "notify", "0", now=T0)
    assert await player_settings(db, ALICE) == {"confirm": "1", "notify": "0"}
    assert await player_setting(db, ALICE, "confirm") == "1"
    assert await player_settings(db, BOB) == {}


async def rematch(db: Database, game_id: int, creator: int, now=T0):
    return await rematch_challenge(db, game_id=game_id, creator_id=creator, variant="short",
                                   now=now, expires_at=now + HOUR, match_length=3)


async def test_the_second_player_gets_the_first_players_rematch(db: Database) -> None:
    game = await human_game(db)
    await save_game(db, game.id, game.version, state_json=STATE, deadline=None, now=T0,
                    status="aborted")  # over: both players are free again
    first, made = await rematch(db, game.id, ALICE)
    assert made and first.creator_id == ALICE and first.match_length == 3
    second, made = await rematch(db, game.id, BOB)
    assert not made and second == first
    # Once it is accepted, Play again after the *same* game makes a new one.
    await accept_challenge(db, first.code, BOB, now=T0, state_json=STATE)
    third, made = await rematch(db, game.id, BOB)
    assert made and third.code != first.code


async def test_simultaneous_rematches_make_one(db: Database) -> None:
    game = await human_game(db)
    results = await asyncio.gather(rematch(db, game.id, ALICE), rematch(db, game.id, BOB))
    assert results[0][0] == results[1][0]
    assert sorted(made for _, made in results) == [False, True]


async def test_an_expired_rematch_does_not_block_a_new_one(db: Database) -> None:
    game = await human_game(db)
    old, _ = await rematch(db, game.id, ALICE)
    new, made = await rematch(db, game.id, BOB, now=T0 + 2 * HOUR)
    assert made and new.creator_id == BOB
    assert (await get_challenge(db, old.code)).status == "expired"
