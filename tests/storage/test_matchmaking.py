"""Matchmaking requests: compatibility, the widening rating window, pairing once."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from storage import Database, upsert_player
from storage.games import active_games
from storage.matchmaking import (
    ANY_LENGTH,
    CUBE_EITHER,
    CUBE_OFF,
    CUBE_ON,
    AlreadySearching,
    NewGame,
    cancel_request,
    create_request,
    expire_requests,
    lengths_mask,
    pair,
    searching,
    waiting_request,
    window,
)
from testkit.storage_rows import STATE, T0

NEW = NewGame(STATE, None)


def make_game(variant: str, length: int, cube: bool, pending: tuple = ()) -> NewGame:
    return NEW


async def player(db: Database, player_id: int) -> int:
    await upsert_player(db, player_id, f"P{player_id}", username=None, language="en", now=T0)
    return player_id


async def ask(db: Database, player_id: int, *, variant: str = "short", lengths: int = 1,
              cube: int = CUBE_OFF, rating: int = 1500, at: float = 0.0):
    await player(db, player_id)
    return await create_request(db, player_id=player_id, variant=variant, lengths=lengths,
                                cube=cube, rating=rating, now=T0 + timedelta(seconds=at))


def test_the_window_widens_with_the_wait() -> None:
    assert window(0) == 150
    assert window(19.9) == 150
    assert window(20) == 300
    assert window(45) == 600
    assert window(60) is None


def test_lengths_mask() -> None:
    assert lengths_mask([1]) == 1 and lengths_mask([3, 7]) == 10
    assert lengths_mask([1, 3, 5, 7]) == ANY_LENGTH
    with pytest.raises(ValueError):
        lengths_mask([9])


async def test_one_search_at_a_time_and_cancel(db: Database) -> None:
    await ask(db, 1)
    with pytest.raises(AlreadySearching):
        await ask(db, 1)
    cancelled = await cancel_request(db, 1, T0)
    assert cancelled is not None and await waiting_request(db, 1) is None
    assert await cancel_request(db, 1, T0) is None
    await ask(db, 1)  # a new search after the cancelled one


async def test_compatible_requests_are_paired_into_a_rated_game(db: Database) -> None:
    first = await ask(db, 1, lengths=lengths_mask([3, 5]), cube=CUBE_EITHER, at=0)
    second = await ask(db, 2, lengths=ANY_LENGTH, cube=CUBE_ON, at=5)
    pairing = await pair(db, second.id, T0 + timedelta(seconds=5), make_game)
    assert pairing is not None
    game = pairing.game
    assert game.players == (1, 2) and game.rated and game.level is None  # longer wait: seat 0
    assert (pairing.length, pairing.cube) == (3, True)
    assert (game.match_length, game.cube) == (3, True)
    assert all(r.status == "matched" and r.game_id == game.id for r in pairing.requests)
    assert await pair(db, first.id, T0, make_game) is None  # both are matched now
    assert await searching(db) == {"short": 0, "long": 0}


@pytest.mark.parametrize(("a", "b"), [
    ({"variant": "short"}, {"variant": "long"}),
    ({"lengths": lengths_mask([1, 3])}, {"lengths": lengths_mask([5, 7])}),
    ({"cube": CUBE_ON}, {"cube": CUBE_OFF}),
])
async def test_incompatible_requests_are_not_paired(db: Database, a: dict, b: dict) -> None:
    await ask(db, 1, **a)
    second = await ask(db, 2, **b)
    assert await pair(db, second.id, T0 + timedelta(minutes=5), make_game) is None


async def test_long_nard_ignores_the_cube(db: Database) -> None:
    await ask(db, 1, variant="long", cube=CUBE_ON)
    second = await ask(db, 2, variant="long", cube=CUBE_OFF)
    pairing = await pair(db, second.id, T0, make_game)
    assert pairing is not None and pairing.cube is False


async def test_never_with_oneself(db: Database) -> None:
    request = await ask(db, 1)
    assert await pair(db, request.id, T0 + timedelta(minutes=5), make_game) is None


async def test_the_closest_rating_wins_then_the_longest_wait(db: Database) -> None:
    await ask(db, 1, rating=1600, at=0)
    await ask(db, 2, rating=1440, at=1)
    await ask(db, 3, rating=1460, at=2)
    await ask(db, 4, rating=1460, at=3)  # as close as player 3, but waited less
    newcomer = await ask(db, 5, rating=1500, at=4)
    pairing = await pair(db, newcomer.id, T0 + timedelta(seconds=4), make_game)
    assert pairing is not None and pairing.game.players == (3, 5)


async def test_the_gap_allowed_widens_with_the_time_waited(db: Database) -> None:
    await ask(db, 1, rating=1500, at=0)
    near = await ask(db, 2, rating=1740, at=10)  # 240 apart: not at once
    assert await pair(db, near.id, T0 + timedelta(seconds=10), make_game) is None
    # Player 1 has waited 20 s: its window is ±300 now, and the wider window decides.
    pairing = await pair(db, near.id, T0 + timedelta(seconds=20), make_game)
    assert pairing is not None and pairing.game.players == (1, 2)


async def test_after_a_minute_any_gap(db: Database) -> None:
    await ask(db, 1, rating=1000, at=0)
    far = await ask(db, 2, rating=2400, at=59)
    assert await pair(db, far.id, T0 + timedelta(seconds=59), make_game) is None
    assert await pair(db, far.id, T0 + timedelta(seconds=60), make_game) is not None


async def test_a_player_in_a_game_is_not_paired(db: Database) -> None:
    from storage.games import create_game
    await ask(db, 1)
    await player(db, 9)
    await create_game(db, variant="long", players=(1, 9), state_json=STATE, now=T0)
    second = await ask(db, 2)
    assert await pair(db, second.id, T0, make_game) is None


async def test_twenty_at_once_make_ten_games_and_nobody_plays_twice(db: Database) -> None:
    requests = [await ask(db, n, rating=1500 + n) for n in range(1, 21)]
    results = await asyncio.gather(*(pair(db, r.id, T0, make_game) for r in requests))
    pairings = [p for p in results if p is not None]
    assert len(pairings) == 10
    seated = [seat for p in pairings for seat in p.game.players]
    assert sorted(seated) == list(range(1, 21))
    for n in range(1, 21):
        assert len(await active_games(db, n)) == 1


async def test_searches_expire_after_the_longest_wait(db: Database) -> None:
    await ask(db, 1, at=0)
    await ask(db, 2, variant="long", at=300)
    expired = await expire_requests(db, T0 + timedelta(minutes=10), timedelta(minutes=10))
    assert [r.player_id for r in expired] == [1]
    assert await searching(db) == {"short": 0, "long": 1}
