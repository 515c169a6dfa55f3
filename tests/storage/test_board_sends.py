"""The claim every board send takes first (storage/boards.py): never an older version after a
newer one, never a newer one while another send may still be on its way."""

from __future__ import annotations

from datetime import timedelta

from storage import Database, boards
from storage.connect import open_database
from testkit.storage_rows import ALICE, BOB, T0, human_game

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


# -- a send whose process is gone (storage/presence.py) --------------------------------------

GONE = "0badcafe.1"  # a send token naming a process that holds no presence


async def recheck_at(db: Database, game: int) -> int | None:
    return await db.fetchval("SELECT recheck_at FROM board_messages WHERE game_id = ?"
                             " AND chat_id = ?", (game, ALICE))


async def taken_over(db: Database) -> tuple[int, str]:
    """A game whose board (Alice's) had version 3 on its way when its process died: this
    process took the send over with version 4 at 1 s, shown at 2 s (Bob's board shows the
    game). Returns (the game, this process's send token)."""
    await db.announce()
    game = (await human_game(db)).id
    await boards.record_shown(db, game, BOB, 60, player_id=BOB, version=1, now=T0)
    assert (await claim(db, game, 3, GONE, 0)).granted  # on its way when its process died
    # A newer version goes at once instead of after the dead send's lease.
    mine = boards.presence.token_of(db.instance)
    newer = await claim(db, game, 4, mine, 1)
    assert newer.granted and newer.until == int(T0.timestamp()) + 1 + LEASE
    assert await boards.finish_send(db, game, ALICE, 4, token=mine, claimed_id=0, shown_id=50,
                                    release=True, now=at(2), claim=newer)
    return game, mine


async def test_a_lease_of_a_process_that_is_gone_is_taken_over_and_checked_when_it_ends(
        db: Database, players: object) -> None:
    game, mine = await taken_over(db)
    start = int(T0.timestamp())
    # Telegram may still carry out the dead send until its lease would have ended: the
    # message is due to be sent again then, and not before.
    assert await recheck_at(db, game) == start + LEASE
    assert game not in await boards.games_behind(db, T0, now=at(LEASE - 1))
    assert game in await boards.games_behind(db, T0, now=at(LEASE))
    message = (await boards.board_messages(db, game))[0]
    assert not message.behind(4, at(LEASE - 1)) and message.behind(4, at(LEASE))
    again = await claim(db, game, 4, mine, LEASE)
    assert again.granted
    await boards.finish_send(db, game, ALICE, 4, token=mine, claimed_id=50, shown_id=50,
                             release=True, now=at(LEASE), claim=again)
    assert await recheck_at(db, game) is None
    assert game not in await boards.games_behind(db, T0, now=at(LEASE + 1))


async def test_a_send_begun_before_the_recheck_is_due_does_not_clear_it(
        db: Database, players: object) -> None:
    game, mine = await taken_over(db)
    five = await claim(db, game, 5, mine, 3)  # the game moves on before the recheck
    await boards.finish_send(db, game, ALICE, 5, token=mine, claimed_id=50, shown_id=50,
                             release=True, now=at(LEASE + 1), claim=five)
    assert await recheck_at(db, game) == int(T0.timestamp()) + LEASE


async def test_the_same_version_of_a_process_that_is_gone_is_taken_over_not_shared(
        db: Database, players: object) -> None:
    await db.announce()
    game = (await human_game(db)).id
    assert (await claim(db, game, 7, GONE, 0)).granted
    mine = boards.presence.token_of(db.instance)
    again = await claim(db, game, 7, mine, 3)
    # Its own lease, nothing to put back, and the newer version after it goes at once.
    assert again.granted and again.restore is None
    await boards.finish_send(db, game, ALICE, 7, token=mine, claimed_id=0, shown_id=90,
                             release=True, now=at(4), claim=again)
    # The dead send drew this version, but perhaps not this picture (a deadline moved by a
    # restart's grace): it is sent again when its lease would have ended all the same.
    assert await recheck_at(db, game) == int(T0.timestamp()) + LEASE
    assert (await claim(db, game, 8, mine, 5)).granted


async def test_a_lease_of_a_running_or_unknown_process_is_waited_for(
        db: Database, database_url: str, players: object) -> None:
    await db.announce()
    mine = boards.presence.token_of(db.instance)
    other = await open_database(database_url)  # another process, still running
    await other.announce()
    game = (await human_game(db)).id
    assert (await claim(db, game, 3, boards.presence.token_of(other.instance), 0)).granted
    refused = await claim(db, game, 4, mine, 1)
    assert not refused.granted and refused.wait == LEASE - 1
    # It stops: the process is gone, its send no longer holds the message.
    await other.close()
    four = await claim(db, game, 4, mine, 2)
    assert four.granted
    await boards.finish_send(db, game, ALICE, 4, token=mine, claimed_id=0, shown_id=50,
                             release=True, now=at(2), claim=four)
    # A token naming no process (as before there were names) is waited for.
    assert (await claim(db, game, 5, "a", 3)).granted
    assert not (await claim(db, game, 6, mine, 4)).granted


async def test_a_recheck_is_not_held_back_by_a_recent_save_nor_settled_by_a_caption(
        db: Database, players: object) -> None:
    game, mine = await taken_over(db)
    # The game was saved a moment ago (the sweep leaves such games to their own redraw):
    # the recheck is due all the same.
    assert game in await boards.games_behind(db, T0, changed_before=T0 - timedelta(seconds=1),
                                             now=at(LEASE))
    # Only the caption was sent after it (a question under the board): still due.
    caption = await claim(db, game, 4, mine, LEASE)
    await boards.finish_send(db, game, ALICE, 4, token=mine, claimed_id=50, shown_id=50,
                             release=True, now=at(LEASE), claim=caption, whole=False)
    assert await recheck_at(db, game) == int(T0.timestamp()) + LEASE


async def test_a_failed_send_is_due_again_for_any_processs_sweep(
        db: Database, players: object) -> None:
    game = (await human_game(db)).id
    first = await claim(db, game, 3, "a", 0)
    assert not await boards.finish_send(db, game, ALICE, 3, token="a", claimed_id=0,
                                        shown_id=None, release=True, now=at(2), claim=first)
    # Due from the failure on, found however long ago the game was saved.
    assert await recheck_at(db, game) == int(at(2).timestamp())
    assert game in await boards.games_behind(db, T0, at(100), now=at(100),
                                             changed_since=at(50))
    again = await claim(db, game, 3, "b", 3)
    assert await boards.finish_send(db, game, ALICE, 3, token="b", claimed_id=0, shown_id=77,
                                    release=True, now=at(4), claim=again)
    assert await recheck_at(db, game) is None
    assert game not in await boards.games_behind(db, T0, at(100), now=at(100),
                                                 changed_since=at(50))
    # A try whose fate is unknown: due when its lease ends (no send may go before).
    four = await claim(db, game, 4, "a", 5)
    await boards.finish_send(db, game, ALICE, 4, token="a", claimed_id=77, shown_id=None,
                             release=False, now=at(6), claim=four)
    assert await recheck_at(db, game) == four.until
    await boards.finish_send(db, game, ALICE, 4, token="b", claimed_id=77, shown_id=77,
                             release=True, now=at(20), claim=await claim(db, game, 4, "b", 17))
    assert await recheck_at(db, game) is None
    # A failed send of a version no longer the newest claimed leaves it to the newer one.
    five = await claim(db, game, 5, "a", 21)
    assert (await claim(db, game, 6, "b", 21 + LEASE)).granted  # its lease over
    await boards.finish_send(db, game, ALICE, 5, token="a", claimed_id=77, shown_id=None,
                             release=True, now=at(22 + LEASE), claim=five)
    assert await recheck_at(db, game) is None
