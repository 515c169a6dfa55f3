"""A Swiss through the tournament core (core/tournaments.py) on both storage engines, with
a clock the test moves: everyone plays every round, a round is paired when the one before
is over, the bye goes round, a leaver is paired no more, the winner heads the standings."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from core.swiss import swiss_rounds
from core.tournaments import NO_SHOW, swiss_table
from storage import tournaments as stored
from testkit.tournament_core import World, open_world, playing, resign

GROUP = -1002


@pytest.fixture
async def world(database_url: str) -> AsyncIterator[World]:
    async with open_world(database_url) as w:
        yield w


def _clean_pairing(players: list[int], met: set[frozenset[int]]) -> bool:
    """Whether `players` can all be paired without a meeting in `met` (brute force)."""
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(_clean_pairing([p for p in rest if p != other], met)
               for other in rest if frozenset((first, other)) not in met)


async def _round(w: World, tournament_id: int) -> int:
    return max((p.round for p in await stored.pairings(w.db, tournament_id)), default=0)


async def test_a_five_player_swiss_with_a_leaver(world: World) -> None:
    w = world
    t = await w.core.create(GROUP, 1, variant="short", format="swiss", length=1,
                            cube=False, capacity=8, start_in=None, minutes=None)
    for player in range(1, 6):
        await w.core.join(t.id, player)
    await w.core.start(t.id)
    assert swiss_rounds(5) == 4
    met: set[frozenset[int]] = set()
    byes: list[int] = []
    for number in range(1, 5):
        assert await _round(w, t.id) == number
        pairings = [p for p in await stored.pairings(w.db, t.id) if p.round == number]
        bye = [p for p in pairings if p.outcome == "bye"]
        games = await playing(w, t.id)
        still = {e.player_id for e in await stored.entrants(w.db, t.id) if e.state == "in"}
        # Everyone still in is in this round once: a game each, or the bye.
        placed = [p for pairing in pairings for p in pairing.players if p is not None]
        assert sorted(placed) == sorted(still)
        meetings = {frozenset(p.players) for p in games}  # type: ignore[arg-type]
        if meetings & met:  # a rematch only when every pairing of the round has one
            assert not _clean_pairing(sorted(p for p in placed if [p] != [b.winner_id
                                                                     for b in bye]), met)
        met |= meetings
        byes += [p.winner_id or 0 for p in bye]
        if number == 2:  # player 5 withdraws in round 2: paired no more
            await w.core.leave(t.id, 5)
        for pairing in await playing(w, t.id):
            assert pairing.game_id is not None
            await resign(w, pairing.game_id, max(p for p in pairing.players if p))
    done = await stored.get_tournament(w.db, t.id)
    assert done is not None and done.status == "finished"
    assert len(byes) == len(set(byes))  # the bye never twice to one player
    entrants = await stored.entrants(w.db, t.id)
    order = swiss_table(entrants, await stored.pairings(w.db, t.id))
    assert done.winner_id == order[0].player
    assert order[-1].player == 5  # the one who left ranks below everyone still in
    # The stored points agree with the table, and a leaver keeps the points won.
    points = {e.player_id: e.score for e in entrants}
    assert {line.player: line.points for line in order} == points
    assert all(not e.entered for e in entrants)
    version = done.version
    await w.core.tick()  # nothing left to decide
    assert (await stored.get_tournament(w.db, t.id)).version == version


async def test_a_swiss_no_show_loses_the_round_not_the_tournament(world: World) -> None:
    w = world
    t = await w.core.create(GROUP, 1, variant="short", format="swiss", length=1,
                            cube=False, capacity=4, start_in=None, minutes=None)
    for player in range(1, 5):
        await w.core.join(t.id, player)  # the fourth fills it: it starts
    first = await playing(w, t.id)
    assert {p.players for p in first} == {(1, 3), (2, 4)}
    one, other = sorted(first, key=lambda p: p.players)
    assert one.game_id is not None and other.game_id is not None
    await resign(w, one.game_id, 3)
    # Player 1, free meanwhile, sits down to another game before round 2 is paired.
    await w.service.start_vs_computer(1, "short", "beginner", 1, False)
    await resign(w, other.game_id, 4)
    second = [p for p in await stored.pairings(w.db, t.id) if p.round == 2]
    assert {p.players for p in second} == {(1, 2), (3, 4)}  # the winners meet
    await w.core.tick()
    waiting = next(p for p in await stored.pairings(w.db, t.id) if p.players == (1, 2))
    assert waiting.status == "waiting" and waiting.due_at == w.clock.now + NO_SHOW
    w.clock.advance(NO_SHOW.total_seconds())
    await w.core.tick()
    decided = next(p for p in await stored.pairings(w.db, t.id) if p.players == (1, 2))
    assert decided.outcome == "no_show" and decided.winner_id == 2
    entrants = {e.player_id: e for e in await stored.entrants(w.db, t.id)}
    assert entrants[1].state == "in" and entrants[1].score == 1  # still in, one point
