"""Finding an opponent (core/matchmaking.py) and a player's open games (core/lobby.py)
with no door: compatible searches pair into one rated game, incompatible ones wait, the
rating gap allowed widens with the time waited, a cancelled search pairs with nobody, a
player in a live game or already searching cannot search again, and a search ends after
`MAX_WAIT` and not before (FakeClock); a player's lobby lists their live game, then
their correspondence games by deadline. Both engines."""

from __future__ import annotations

import pytest

from core.events import What
from core.games import Busy
from core.lobby import open_games
from core.matchmaking import MAX_WAIT, AlreadySearching
from core.timecontrol import TimeControl
from storage import games
from storage.matchmaking import ANY_LENGTH, CUBE_EITHER, CUBE_OFF, CUBE_ON, lengths_mask
from testkit.core_door import ALI, SOLI, VALI, Table, friends, stored


async def _rating(t: Table, player_id: int, variant: str, rating: int) -> None:
    async with t.db.transaction() as tx:
        await tx.execute(
            "INSERT INTO player_stats (player_id, variant, rating) VALUES (?, ?, ?)"
            " ON CONFLICT (player_id, variant) DO UPDATE SET rating = excluded.rating",
            (player_id, variant, rating))


async def test_two_searches_pair_into_one_rated_game(table: Table) -> None:
    t = table
    mm = t.core.matchmaking
    first = await mm.search(ALI, "short", ANY_LENGTH, CUBE_EITHER)
    assert first.status == "waiting" and t.heard.pairings == []
    assert t.heard.searches == [("waiting", ALI)]
    second = await mm.search(VALI, "short", lengths_mask([3]), CUBE_ON)
    assert second.status == "matched" and second.game_id is not None
    [pairing] = t.heard.pairings
    row, live = await stored(t, second.game_id)
    assert row.rated and row.status == "active" and set(row.players) == {ALI, VALI}
    assert row.match_length == 3 and row.cube  # what both asked for
    assert (await mm.request_of(ALI, first.id)).game_id == row.id  # type: ignore[union-attr]
    assert await mm.request_of(VALI, first.id) is None  # not theirs
    assert t.heard.of(row.id)[0] == (What.BEGAN, None)
    # Each player's lobby has the game, their turn or not.
    for player in (ALI, VALI):
        [open_game] = await open_games(t.core.games, player)
        assert open_game.row.id == row.id
        assert open_game.my_turn == (row.players[live.game.to_act] == player)
    assert pairing.game.id == row.id


async def test_searches_that_do_not_fit_wait(table: Table) -> None:
    t = table
    mm = t.core.matchmaking
    await mm.search(ALI, "short", lengths_mask([1]), CUBE_EITHER)
    await mm.search(VALI, "long", lengths_mask([1]), CUBE_EITHER)  # another variant
    await mm.search(SOLI, "short", lengths_mask([3]), CUBE_EITHER)  # another length
    await t.core.matchmaking.tick()
    assert t.heard.pairings == []
    await mm.cancel(SOLI)
    await mm.search(SOLI, "short", ANY_LENGTH, CUBE_OFF)
    [pairing] = t.heard.pairings
    assert set(pairing.game.players) == {ALI, SOLI} and pairing.game.match_length == 1


async def test_the_rating_gap_allowed_widens_with_the_time_waited(table: Table) -> None:
    t = table
    await _rating(t, ALI, "short", 1500)
    await _rating(t, VALI, "short", 1800)  # 300 apart: more than 150, at most 300
    await t.core.matchmaking.search(ALI, "short", ANY_LENGTH, CUBE_EITHER)
    await t.core.matchmaking.search(VALI, "short", ANY_LENGTH, CUBE_EITHER)
    assert t.heard.pairings == []
    t.clock.advance(19)
    await t.core.matchmaking.tick()
    assert t.heard.pairings == []
    t.clock.advance(1)  # ALI has waited 20 s: a gap of 300 is allowed
    await t.core.matchmaking.tick()
    assert len(t.heard.pairings) == 1


async def test_a_cancelled_search_pairs_with_nobody(table: Table) -> None:
    t = table
    mm = t.core.matchmaking
    asked = await mm.search(ALI, "short", ANY_LENGTH, CUBE_EITHER)
    assert await mm.cancel(ALI)
    assert ("cancelled", ALI) in t.heard.searches
    assert not await mm.cancel(ALI)  # nothing left to cancel
    await mm.search(VALI, "short", ANY_LENGTH, CUBE_EITHER)
    await mm.tick()
    assert t.heard.pairings == []
    assert (await mm.request_of(ALI, asked.id)).status == "cancelled"  # type: ignore[union-attr]


async def test_nobody_searches_twice_or_while_playing(table: Table) -> None:
    t = table
    mm = t.core.matchmaking
    await friends(t, ALI, VALI)
    with pytest.raises(Busy):
        await mm.search(ALI, "short", ANY_LENGTH, CUBE_EITHER)
    await mm.search(SOLI, "short", ANY_LENGTH, CUBE_EITHER)
    t.heard.searches.clear()
    with pytest.raises(AlreadySearching):
        await mm.search(SOLI, "long", ANY_LENGTH, CUBE_EITHER)
    assert t.heard.searches == [("waiting", SOLI)]  # the search shown again
    assert len(await games.active_games(t.db, SOLI)) == 0


async def test_a_game_begun_elsewhere_ends_the_search(table: Table) -> None:
    t = table
    await t.core.matchmaking.search(ALI, "short", ANY_LENGTH, CUBE_EITHER)
    await friends(t, ALI, VALI)
    assert ("cancelled", ALI) in t.heard.searches
    await t.core.matchmaking.search(SOLI, "short", ANY_LENGTH, CUBE_EITHER)
    assert t.heard.pairings == []


async def test_a_search_ends_after_the_longest_wait_and_not_before(table: Table) -> None:
    t = table
    asked = await t.core.matchmaking.search(ALI, "short", ANY_LENGTH, CUBE_EITHER)
    t.clock.advance(MAX_WAIT.total_seconds() - 1)
    await t.core.matchmaking.tick()
    assert ("expired", ALI) not in t.heard.searches
    t.clock.advance(1)
    await t.core.timers.tick()  # the timer loop's pass runs matchmaking's work
    assert ("expired", ALI) in t.heard.searches
    request = await t.core.matchmaking.request_of(ALI, asked.id)
    assert request is not None and request.status == "expired"


async def test_the_lobby_lists_the_live_game_first_then_the_soonest_deadline(
        table: Table) -> None:
    t = table
    slow = await friends(t, ALI, SOLI, control=TimeControl.parse("d3"))
    live = await friends(t, ALI, VALI)
    soon = await friends(t, VALI, ALI, control=TimeControl.parse("d1"))
    found = await open_games(t.core.games, ALI)
    assert [g.row.id for g in found] == [live, soon, slow]
    assert [g.control.token for g in found] == ["m60", "d1", "d3"]
    assert [g.seat for g in found] == [0, 1, 0]
    assert [g.row.id for g in await open_games(t.core.games, SOLI)] == [slow]
    assert await open_games(t.core.games, 4) == []  # nobody's games but their own
