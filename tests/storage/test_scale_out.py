"""Claims several processes share through the database, on both engines: the
turn warning of a deadline, a group's paced sends, a game's lock (no-op on SQLite)."""

from __future__ import annotations

import itertools
from datetime import timedelta

from storage import Database, games, pacing
from storage.db import games_locked_here
from testkit.storage_rows import T0, human_game

PACE = {"limit": 20, "window": 60.0, "spacing": 60 / 18}


async def test_a_deadlines_warning_is_claimed_once(db: Database, players) -> None:
    game = await human_game(db, deadline=T0 + timedelta(seconds=120))
    assert game.deadline is not None
    assert await games.claim_warning(db, game.id, game.deadline)
    assert not await games.claim_warning(db, game.id, game.deadline)  # another process
    assert not await games.claim_warning(db, game.id, game.deadline + timedelta(seconds=5))
    later = T0 + timedelta(seconds=300)  # the next turn's deadline
    assert await games.set_deadline(db, game.id, game.version, later)
    assert await games.claim_warning(db, game.id, later)
    assert not await games.claim_warning(db, game.id, later)


async def test_a_groups_sends_are_spaced_and_capped(db: Database) -> None:
    chat, now = -100200, 1_000_000.0
    assert await pacing.claim(db, chat, now, **PACE) == 0
    wait = await pacing.claim(db, chat, now + 1, **PACE)
    assert abs(wait - (60 / 18 - 1)) < 0.01  # spaced 3.3 s after the last send
    assert await pacing.claim(db, chat, now + wait + 1, **PACE) == 0
    await pacing.note(db, chat, now + 10, window=60)  # a result, sent some other way
    assert await pacing.claim(db, chat, now + 11, **PACE) > 0
    for second in range(12, 200):  # never more than 20 in a minute, whatever is asked
        await pacing.claim(db, chat, now + second, **PACE)
    sent = await pacing.sent_within(db, chat, now + 200, 60)
    assert 15 <= len(sent) <= 20
    assert all(b - a >= 60 / 18 - 0.01 for a, b in itertools.pairwise(sent))
    assert await pacing.forget_quiet(db, now + 300) == 1
    assert await pacing.sent_within(db, chat, now + 300, 1_000) == []


async def test_the_game_lock_is_held_until_released(db: Database) -> None:
    async with db.game_lock(5) as held:
        assert held and games_locked_here() == {5}
        await held.release()
        assert not held and games_locked_here() == frozenset()
    assert games_locked_here() == frozenset()
