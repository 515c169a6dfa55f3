"""Challenges: create, accept exactly once, cancel, expire."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import timedelta

import pytest

from storage import (
    Challenge,
    ChallengeCodeTaken,
    ChallengeUnavailable,
    Database,
    PlayerNotFound,
    accept_challenge,
    cancel_challenge,
    create_challenge,
    expire_challenges,
    get_challenge,
    load_game,
)
from testkit.storage_rows import ALICE, BOB, CAROL, STATE, T0

pytestmark = pytest.mark.usefixtures("players")
HOUR = timedelta(hours=1)


async def open_challenge(db: Database, code: str = "abc", **options: object) -> Challenge:
    return await create_challenge(db, creator_id=ALICE, variant="long", now=T0,
                                  expires_at=T0 + HOUR, code=code, **options)


async def test_create_and_get(db: Database) -> None:
    challenge = await open_challenge(db, match_length=5, cube=False, rated=False)
    assert challenge.status == "open" and challenge.code == "abc"
    assert (challenge.variant, challenge.match_length, challenge.rated) == ("long", 5, False)
    assert challenge.expires_at == T0 + HOUR and challenge.accepted_by is None
    assert await get_challenge(db, "abc") == challenge
    assert await get_challenge(db, "nope") is None


async def test_random_codes_differ(db: Database) -> None:
    codes = set()
    for _ in range(5):
        challenge = await create_challenge(db, creator_id=ALICE, variant="short", now=T0,
                                           expires_at=T0 + HOUR)
        codes.add(challenge.code)
    assert len(codes) == 5 and all(len(c) == 8 for c in codes)


async def test_unknown_creator(db: Database) -> None:
    with pytest.raises(PlayerNotFound):
        await create_challenge(db, creator_id=999, variant="short", now=T0, expires_at=T0)


async def test_accept_creates_the_game(db: Database) -> None:
    await open_challenge(db, match_length=3)
    deadline = T0 + timedelta(minutes=2)
    challenge, game = await accept_challenge(db, "abc", BOB, now=T0 + timedelta(minutes=1),
                                             state_json=STATE, deadline=deadline)
    assert challenge.status == "accepted" and challenge.accepted_by == BOB
    assert challenge.accepted_at == T0 + timedelta(minutes=1) and challenge.game_id == game.id
    assert game.players == (ALICE, BOB) and game.variant == "long" and game.match_length == 3
    assert game.rated and game.deadline == deadline
    assert await load_game(db, game.id) == game


async def test_second_accept_fails_cleanly(db: Database) -> None:
    await open_challenge(db)
    await accept_challenge(db, "abc", BOB, now=T0, state_json=STATE)
    with pytest.raises(ChallengeUnavailable) as caught:
        await accept_challenge(db, "abc", CAROL, now=T0, state_json=STATE)
    assert caught.value.reason == "accepted"
    assert (await get_challenge(db, "abc")).accepted_by == BOB  # type: ignore[union-attr]
    row = await db.fetchone("SELECT COUNT(*) FROM games")
    assert row is not None and row[0] == 1


async def test_concurrent_accepts_one_wins(db: Database) -> None:
    await open_challenge(db)
    outcomes = await asyncio.gather(
        accept_challenge(db, "abc", BOB, now=T0, state_json=STATE),
        accept_challenge(db, "abc", CAROL, now=T0, state_json=STATE),
        return_exceptions=True,
    )
    assert sum(isinstance(o, tuple) for o in outcomes) == 1
    assert sum(isinstance(o, ChallengeUnavailable) for o in outcomes) == 1
    row = await db.fetchone("SELECT COUNT(*) FROM games")
    assert row is not None and row[0] == 1


@pytest.mark.parametrize(
    ("code", "player", "seconds", "reason"),
    [
        ("nope", BOB, 0, "not_found"),
        ("abc", ALICE, 0, "own"),
        ("abc", BOB, 3600, "expired"),  # expires_at itself is too late
    ],
)
async def test_refused_accepts(db: Database, code: str, player: int, seconds: int,
                               reason: str) -> None:
    await open_challenge(db)
    with pytest.raises(ChallengeUnavailable) as caught:
        await accept_challenge(db, code, player, now=T0 + timedelta(seconds=seconds),
                               state_json=STATE)
    assert caught.value.reason == reason
    assert await db.fetchone("SELECT 1 FROM games") is None


async def test_accept_just_before_expiry(db: Database) -> None:
    await open_challenge(db)
    challenge, _ = await accept_challenge(db, "abc", BOB, now=T0 + HOUR - timedelta(seconds=1),
                                          state_json=STATE)
    assert challenge.status == "accepted"


async def test_cancel(db: Database) -> None:
    await open_challenge(db)
    with pytest.raises(ChallengeUnavailable) as caught:
        await cancel_challenge(db, "abc", BOB)
    assert caught.value.reason == "not_creator"
    assert (await cancel_challenge(db, "abc", ALICE)).status == "cancelled"
    with pytest.raises(ChallengeUnavailable) as caught:
        await accept_challenge(db, "abc", BOB, now=T0, state_json=STATE)
    assert caught.value.reason == "cancelled"


async def test_expire(db: Database) -> None:
    await open_challenge(db, "early")
    await create_challenge(db, creator_id=ALICE, variant="short", now=T0,
                           expires_at=T0 + 2 * HOUR, code="late")
    await open_challenge(db, "taken")
    await accept_challenge(db, "taken", BOB, now=T0, state_json=STATE)
    assert await expire_challenges(db, T0 + HOUR - timedelta(seconds=1)) == []
    expired = await expire_challenges(db, T0 + HOUR)
    assert [(c.code, c.status) for c in expired] == [("early", "expired")]
    assert (await get_challenge(db, "early")).status == "expired"  # type: ignore[union-attr]
    assert (await get_challenge(db, "late")).status == "open"  # type: ignore[union-attr]
    assert (await get_challenge(db, "taken")).status == "accepted"  # type: ignore[union-attr]
    assert await expire_challenges(db, T0 + HOUR) == []


async def test_a_taken_code_is_a_typed_error(db: Database) -> None:
    """Two first presses of one inline card create its challenge once; the second gets
    ChallengeCodeTaken on both engines (still an sqlite3.IntegrityError for older callers)."""
    await open_challenge(db, "card")
    with pytest.raises(ChallengeCodeTaken) as caught:
        await open_challenge(db, "card")
    assert caught.value.code == "card" and isinstance(caught.value, sqlite3.IntegrityError)
    row = await db.fetchone("SELECT COUNT(*) FROM challenges")
    assert row is not None and row[0] == 1
