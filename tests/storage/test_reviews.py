"""storage.reviews on both engines: a match is queued by the transaction that ends it (and
only then), claimed by one caller at a time even when two ask at once, claimable again when
its claim runs out, retried, and given up after its tries."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from storage import reviews
from storage.db import Database
from storage.results import finish_game
from testkit.storage_rows import ALICE, BOB, CAROL, DAVE, STATE, T0, human_game

CLAIM = timedelta(seconds=60)


async def finished(db: Database, *, match_over: bool = True,
                   players: tuple[int, int] = (ALICE, BOB)) -> int:
    game = await human_game(db, players=players, match_length=3 if not match_over else 1)
    await finish_game(db, game.id, 1, winner_seat=0, result="plain", points=1,
                      state_json=STATE, now=T0, match_over=match_over)
    return game.id


async def test_only_a_match_that_is_over_is_queued(db: Database, players: tuple[int, ...]) -> None:
    going_on = await finished(db, match_over=False)
    over = await finished(db, players=(CAROL, DAVE))
    assert await reviews.status(db, going_on) is None
    assert await reviews.status(db, over) == "queued"


async def test_one_claim_at_a_time_and_a_take_over_when_it_runs_out(
        db: Database, players: tuple[int, ...]) -> None:
    first, second = await finished(db), await finished(db)
    claims = await asyncio.gather(*(reviews.claim(db, T0, T0 + CLAIM, 1) for _ in range(4)))
    assert sorted(g for got in claims for g in got) == [first, second]  # each once
    assert await reviews.claim(db, T0, T0 + CLAIM, 5) == []  # both held
    await reviews.renew(db, first, T0 + 2 * CLAIM)
    later = T0 + CLAIM
    assert await reviews.claim(db, later, later + CLAIM, 5) == [second]  # its claim ran out
    await reviews.told(db, second)
    await reviews.release(db, first)  # a graceful stop
    assert await reviews.claim(db, later, later + CLAIM, 5) == [first]
    assert await reviews.status(db, second) == "told"


async def test_retries_a_held_match_freely_and_gives_up_a_failing_one(
        db: Database, players: tuple[int, ...]) -> None:
    game_id = await finished(db)
    now = T0
    for _ in range(5):  # held by another process: not counted
        assert await reviews.retry(db, game_id, now, failed=False) == "queued"
    for attempt in range(1, reviews.TRIES + 1):
        assert await reviews.claim(db, now, now + CLAIM, 1) == [game_id]
        state = await reviews.retry(db, game_id, now + timedelta(seconds=30), failed=True)
        assert state == ("failed" if attempt == reviews.TRIES else "queued")
        assert await reviews.claim(db, now, now + CLAIM, 1) == []  # not before its pause
        now += timedelta(seconds=30)
    assert await reviews.claim(db, now, now + CLAIM, 1) == []  # given up for good
