"""Tournaments in storage (storage/tournaments.py): one per group, one per player, changes
under the tournament's lock, the group messages' versions, the daily pair limit lifted for
a tournament's games; and two "processes" (two database handles) deciding at once."""

from __future__ import annotations

import asyncio
from collections import Counter
from datetime import timedelta

import pytest

from core.games import GameService
from core.tournaments import Tournaments
from engine.dice import SeededDice
from storage import PAIR_DAILY_LIMIT, Database, finish_game, upsert_player
from storage import tournaments as stored
from storage.connect import open_database
from storage.matchmaking import NewGame
from storage.models import Game as Row
from storage.tournaments import AlreadyEntered, Pairing, Tournament, TournamentExists
from testkit.storage_rows import ALICE, BOB, STATE, T0, human_game

pytestmark = pytest.mark.usefixtures("players")
GROUP, OTHER_GROUP = -100, -200


async def open_one(db: Database, chat: int = GROUP, **options: object) -> Tournament:
    values: dict[str, object] = dict(chat_id=chat, creator_id=ALICE, variant="short",
                                     format="knockout", match_length=1, cube=False,
                                     capacity=8, starts_at=None, minutes=None, now=T0)
    values.update(options)
    return await stored.create_tournament(db, **values)  # type: ignore[arg-type]


async def test_one_tournament_at_a_time_in_a_group(db: Database) -> None:
    first = await open_one(db)
    with pytest.raises(TournamentExists):
        await open_one(db)
    assert (await stored.chat_tournament(db, GROUP)) == first
    assert (await open_one(db, OTHER_GROUP)).id != first.id
    async with stored.locked(db, first.id, T0) as held:
        assert held is not None
        await held.update(status="cancelled", finished_at=T0)
    assert held.tournament.version == first.version + 1
    assert (await open_one(db)).id > first.id  # the group may open the next one
    lobby = (await stored.messages(db, first.id))["lobby"]
    assert (lobby.chat_id, lobby.message_id, lobby.shown_version) == (GROUP, 0, 0)


async def test_a_player_is_entered_in_one_tournament(db: Database) -> None:
    first, second = await open_one(db), await open_one(db, OTHER_GROUP)
    async with stored.locked(db, first.id, T0) as held:
        assert held is not None
        await held.add_entrant(ALICE)
        await held.add_entrant(BOB)
    with pytest.raises(AlreadyEntered) as caught:
        async with stored.locked(db, second.id, T0) as held:
            assert held is not None
            await held.add_entrant(BOB)
    assert caught.value.tournament_id == first.id
    assert await stored.entered_in(db, BOB) == first.id
    assert [e.player_id for e in await stored.entrants(db, first.id)] == [ALICE, BOB]
    assert [e.joined for e in await stored.entrants(db, first.id)] == [1, 2]
    async with stored.locked(db, first.id, T0) as held:
        assert held is not None
        await held.release_all()
    async with stored.locked(db, second.id, T0) as held:  # free to enter another now
        assert held is not None
        await held.add_entrant(BOB)
    assert await stored.entered_in(db, BOB) == second.id


async def test_nothing_written_leaves_the_version(db: Database) -> None:
    t = await open_one(db)
    async with stored.locked(db, t.id, T0) as held:
        assert held is not None
        await held.entrants()
        await held.pairings()
    assert (await stored.get_tournament(db, t.id)).version == t.version  # type: ignore[union-attr]
    with pytest.raises(RuntimeError):
        async with stored.locked(db, t.id, T0) as held:
            assert held is not None
            await held.add_entrant(ALICE)
            raise RuntimeError("rolled back")
    assert await stored.entrants(db, t.id) == []


async def test_a_pairing_game_is_made_once(db: Database) -> None:
    t = await open_one(db)
    async with stored.locked(db, t.id, T0) as held:
        assert held is not None
        for player in (ALICE, BOB):
            await held.add_entrant(player)
        pairing_id = await held.add_pairing(1, 1, (ALICE, BOB))
        pairing = await held.pairing(pairing_id)
        assert pairing is not None
        game = await held.start_game(pairing, lambda *args: NewGame(STATE, None))
    assert game.rated and game.players == (ALICE, BOB)
    made = await stored.game_pairing(db, game.id)
    assert made is not None and made.status == "playing"
    with pytest.raises(Exception):  # noqa: B017 - the pairing is not waiting any more
        async with stored.locked(db, t.id, T0) as held:
            assert held is not None
            await held.start_game(pairing, lambda *args: NewGame(STATE, None))
    assert len(await db.fetchall("SELECT id FROM games")) == 1


async def test_messages_record_the_version_they_show(db: Database) -> None:
    t = await open_one(db)
    assert await stored.behind(db, T0) == [t.id]
    assert await stored.record_shown(db, t.id, "lobby", 77, t.version)
    assert await stored.behind(db, T0) == []
    async with stored.locked(db, t.id, T0) as held:
        assert held is not None
        await held.add_entrant(BOB)
        await held.add_message("final")
    assert await stored.behind(db, T0) == [t.id]
    assert not await stored.record_shown(db, t.id, "lobby", 77, t.version - 1)
    # The final announcement: one claim at a time, then posted once.
    assert await stored.claim_message(db, t.id, "final", T0, T0 + timedelta(seconds=5))
    assert not await stored.claim_message(db, t.id, "final", T0, T0 + timedelta(seconds=5))
    later = T0 + timedelta(seconds=6)  # the claim ran out (its sender was killed)
    assert await stored.claim_message(db, t.id, "final", later, later + timedelta(seconds=5))
    assert await stored.record_shown(db, t.id, "final", 78, t.version + 1)
    assert not await stored.claim_message(db, t.id, "final", later, later)


async def test_an_announcement_claimed_by_a_process_that_is_gone_is_taken_over(
        db: Database, database_url: str) -> None:
    await db.announce()
    t = await open_one(db)
    async with stored.locked(db, t.id, T0) as held:
        assert held is not None
        await held.add_message("final")
    other = await open_database(database_url)  # another process claims it, and runs on
    await other.announce()
    assert await stored.claim_message(other, t.id, "final", T0, T0 + timedelta(seconds=10))
    assert not await stored.claim_message(db, t.id, "final", T0, T0 + timedelta(seconds=10))
    await other.close()  # it is gone: its claim need not be waited out
    assert await stored.claim_message(db, t.id, "final", T0, T0 + timedelta(seconds=10))
    assert not await stored.claim_message(db, t.id, "final", T0, T0 + timedelta(seconds=10))


async def test_the_daily_pair_limit_does_not_apply_in_a_tournament(db: Database) -> None:
    for _ in range(PAIR_DAILY_LIMIT):
        game = await human_game(db)
        finish = await finish_game(db, game.id, 1, winner_seat=0, result="plain", points=1,
                                   state_json="{}", now=T0)
        assert finish.rating_changes
    t = await open_one(db)
    for round_ in (1, 2):
        async with stored.locked(db, t.id, T0) as held:
            assert held is not None
            pairing_id = await held.add_pairing(round_, 1, (ALICE, BOB))
            pairing = await held.pairing(pairing_id)
            assert pairing is not None
            game = await held.start_game(pairing, lambda *args: NewGame(STATE, None))
        finish = await finish_game(db, game.id, 1, winner_seat=0, result="plain", points=1,
                                   state_json="{}", now=T0)
        assert finish.rating_changes and finish.rating_skipped_reason is None
    # ... and they do not count in it: a casual game after them is still over the limit
    # only because of the three before.
    game = await human_game(db)
    finish = await finish_game(db, game.id, 1, winner_seat=0, result="plain", points=1,
                               state_json="{}", now=T0)
    assert finish.rating_skipped_reason == "pair_daily_limit"


class Quiet:
    async def changed(self, tournament: Tournament) -> None:
        pass

    async def paired(self, tournament: Tournament, pairing: Pairing, game: Row) -> None:
        pass


async def test_two_processes_pair_nobody_twice(database_url: str) -> None:
    """Two handles on one database (two processes on PostgreSQL; SQLite serialises) tick
    the same arena and settle the same games at once: every player is in one game at a
    time, every pairing has one game, and each result is counted once."""
    handles = [await open_database(database_url) for _ in range(2)]
    clock = [T0]
    try:
        cores = []
        for db in handles:
            service = GameService(db, clock=lambda: clock[0], window=timedelta(seconds=60),
                                  dice=SeededDice(3))
            cores.append(Tournaments(db, service, Quiet(), clock=lambda: clock[0]))
        db = handles[0]
        for player in range(201, 213):
            await upsert_player(db, player, f"P{player}", username=None, language="en", now=T0)
        t = await cores[0].create(GROUP, 201, variant="short", format="arena", length=1,
                                  cube=False, capacity=16, start_in=timedelta(minutes=1),
                                  minutes=10)
        await asyncio.gather(*(cores[i % 2].join(t.id, p) for i, p in
                               enumerate(range(201, 213))))
        clock[0] = T0 + timedelta(minutes=1)
        await asyncio.gather(cores[0].tick(), cores[1].tick())
        for _ in range(6):
            playing = [p for p in await stored.pairings(db, t.id) if p.status == "playing"]
            for pairing in playing:  # the game ends; both processes hear of it at once
                assert pairing.game_id is not None
                await db.fetchall("SELECT 1")
                loser = max(p for p in pairing.players if p is not None)
                await cores[0].service.forfeit(pairing.game_id, loser)
            await asyncio.gather(*(core.settle(p.game_id or 0) for p in playing
                                   for core in cores))
            await asyncio.gather(cores[0].tick(), cores[1].tick())
            clock[0] += timedelta(seconds=30)
            active = await db.fetchall(
                "SELECT player0_id, player1_id FROM games WHERE status = 'active'")
            seated = Counter(p for row in active for p in row)
            assert all(n == 1 for n in seated.values()), seated
        every = await stored.pairings(db, t.id)
        assert len({p.game_id for p in every}) == len(every)
        entrants = await stored.entrants(db, t.id)
        done = [p for p in every if p.status == "done"]
        assert sum(e.games for e in entrants) == 2 * len(done)
        assert sum(e.wins for e in entrants) == len(done)
    finally:
        for handle in handles:
            await handle.close()
