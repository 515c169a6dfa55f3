"""The claim every board send takes first (storage/boards.py): never an older version after a
newer one, never a newer one while another send may still be on its way."""

from __future__ import annotations

from datetime import timedelta

from storage import Database, boards
from tests.support.storage_rows import ALICE, T0, human_game

LEASE = 12


def at(seconds: float):  # type: ignore[no-untyped-def]
    return T0 + timedelta(seconds=seconds)


async def claim(db: Database, game: int, version: int, token: str,
                seconds: float) -> boards.SendClaim:
    return await boards.claim_send(db, game, ALICE, version, player_id=ALICE, token=token,
                                   now=at(seconds), lease=LEASE)


async def stored(db: Database, game: int) -> tuple[int, int, int, int | None]:
    row = await db.fetchone("SELECT message_id, shown_version, sending_version, sending_until"
                            " FROM board_messages WHERE game_id = ? AND chat_id = ?",
                            (game, ALICE))
    return tuple(row)  # type: ignore[return-value]


async def test_versions_only_go_forward_and_one_send_at_a_time(
        db: Database, players: object) -> None:
    game = (await human_game(db)).id
    first = await claim(db, game, 3, "a", 0)
    assert first.granted and first.message_id == 0  # a new board: sent as a new message
    # Another process wants to draw version 4 while version 3 is on its way: later.
    newer = await claim(db, game, 4, "b", 1)
    assert not newer.granted and newer.wait == LEASE - 1
    assert await boards.finish_send(db, game, ALICE, 3, token="a", claimed_id=0, shown_id=77,
                                    release=True, now=at(2), claim=first)
    assert await stored(db, game) == (77, 3, 3, None)
    newer = await claim(db, game, 4, "b", 2)  # the first one is done: now
    assert newer.granted and newer.message_id == 77
    # An older version is never granted again, whoever asks and whenever.
    stale = await claim(db, game, 3, "c", 100)
    assert not stale.granted and stale.wait == 0


async def test_a_send_of_unknown_fate_holds_the_message_until_its_lease_ends(
        db: Database, players: object) -> None:
    game = (await human_game(db)).id
    first = await claim(db, game, 5, "a", 0)
    # The try timed out (or the process died): the lease is kept, the version not shown.
    assert not await boards.finish_send(db, game, ALICE, 5, token="a", claimed_id=0,
                                        shown_id=None, release=False, now=at(10), claim=first)
    assert not (await claim(db, game, 6, "b", LEASE - 1)).granted
    assert (await claim(db, game, 6, "b", LEASE)).granted


async def test_the_same_version_goes_at_once_and_puts_the_lease_back(
        db: Database, players: object) -> None:
    game = (await human_game(db)).id
    dead = await claim(db, game, 7, "a", 0)  # a killed process's send, on its way
    assert dead.granted
    # The next process draws the same version at once: either order shows the same board.
    again = await claim(db, game, 7, "b", 3)
    start = int(T0.timestamp())
    assert again.granted and again.restore == start + LEASE and again.until == start + 3 + LEASE
    assert not await boards.renew_send(db, game, ALICE, 8, token="b", now=at(4), lease=LEASE)
    await boards.finish_send(db, game, ALICE, 7, token="b", claimed_id=0, shown_id=90,
                             release=True, now=at(4), claim=again)
    # Done: the lease is back to the killed send's, which may still land until then.
    assert await stored(db, game) == (90, 7, 7, start + LEASE)
    assert not (await claim(db, game, 8, "c", LEASE - 1)).granted
    assert (await claim(db, game, 8, "c", LEASE)).granted
