"""Each player's next dice seed: taken only with the game that uses it, never twice, never
lost (storage.fairness; both engines)."""

from __future__ import annotations

import pytest

from storage import Database, PlayerBusy, create_game, save_game
from storage.fairness import (
    Pending,
    SeedTake,
    SeedTaken,
    next_seed,
    pending_seeds,
    set_client_seed,
)
from testkit.storage_rows import ALICE, BOB, CAROL, STATE, T0, human_game

A, B, C = "a1" * 32, "b2" * 32, "c3" * 32


async def stored_next(db: Database, player_id: int) -> str | None:
    return await db.fetchval("SELECT next_seed FROM players WHERE id = ?", (player_id,))


async def test_a_next_seed_is_drawn_once_then_kept(db: Database, players) -> None:
    assert await stored_next(db, ALICE) is None
    assert await next_seed(db, ALICE, A) == A
    assert await next_seed(db, ALICE, B) == A  # a drawn seed stays until a game takes it
    [alice, computer] = await pending_seeds(db, (ALICE, None))
    assert computer is None and alice == Pending(ALICE, A, "")


async def test_a_game_takes_the_seed_it_read_and_leaves_a_fresh_one(db: Database,
                                                                    players) -> None:
    await next_seed(db, ALICE, A)
    [alice, bob] = await pending_seeds(db, (ALICE, BOB))
    assert bob == Pending(BOB, None, "")  # none drawn yet: the game draws it
    await human_game(db, seeds=(SeedTake(alice, B), SeedTake(bob, C)))
    assert (await stored_next(db, ALICE), await stored_next(db, BOB)) == (B, C)


async def test_a_seed_is_never_taken_by_two_games(db: Database, players) -> None:
    await next_seed(db, ALICE, A)
    [read] = await pending_seeds(db, (ALICE,))
    game = await create_game(db, variant="short", players=(ALICE, None), level="beginner",
                             state_json=STATE, now=T0, seeds=(SeedTake(read, B),))
    await save_game(db, game.id, game.version, state_json=STATE, deadline=None, now=T0,
                    status="aborted")  # Alice is free again
    with pytest.raises(SeedTaken):  # a second game that read the same seed stores nothing
        await create_game(db, variant="short", players=(ALICE, None), level="beginner",
                          state_json=STATE, now=T0, seeds=(SeedTake(read, C),))
    assert await stored_next(db, ALICE) == B
    assert await db.fetchval("SELECT COUNT(*) FROM games") == 1


async def test_a_changed_own_seed_is_a_changed_read(db: Database, players) -> None:
    await next_seed(db, ALICE, A)
    [read] = await pending_seeds(db, (ALICE,))
    await set_client_seed(db, ALICE, "lucky", now=T0)  # /seed, after the game read it
    with pytest.raises(SeedTaken):
        await create_game(db, variant="short", players=(ALICE, None), level="beginner",
                          state_json=STATE, now=T0, seeds=(SeedTake(read, B),))
    assert await stored_next(db, ALICE) == A


async def test_a_game_that_is_not_made_takes_no_seed(db: Database, players) -> None:
    await next_seed(db, ALICE, A)
    await next_seed(db, CAROL, C)
    await human_game(db, players=(ALICE, BOB))
    [carol, alice] = await pending_seeds(db, (CAROL, ALICE))
    with pytest.raises(PlayerBusy):  # Alice is playing: Carol's seed is not lost either
        await human_game(db, players=(CAROL, ALICE),
                         seeds=(SeedTake(carol, B), SeedTake(alice, B)))
    assert (await stored_next(db, CAROL), await stored_next(db, ALICE)) == (C, A)
