"""The tournament core (core/tournaments.py) without Telegram, on both storage engines: the
pure rules (bracket, seeds, arena points and pairing) and the state machine driven through
the game core (resignations, timeouts, leaving) with a clock the test moves."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from datetime import timedelta

import pytest

import core.computer
from core.live import Live
from core.tournaments import (
    NO_SHOW,
    Refused,
    arena_pairs,
    arena_points,
    bracket_seeds,
    bracket_size,
    may_run,
    next_place,
    standings,
)
from engine.result import ResultKind
from storage import games
from storage import tournaments as stored
from storage.tournaments import Entrant
from testkit.tournament_core import T0, World, open_world, playing, resign

GROUP = -1001


# -- the rules -------------------------------------------------------------------------


def test_brackets_put_the_best_seeds_apart_and_give_them_the_byes() -> None:
    assert [bracket_size(n) for n in (4, 5, 8, 9, 33, 64)] == [4, 8, 8, 16, 64, 64]
    assert bracket_seeds(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    for size in (4, 8, 16, 32, 64):
        seeds = bracket_seeds(size)
        assert sorted(seeds) == list(range(1, size + 1))
        pairs = [tuple(sorted(seeds[i:i + 2])) for i in range(0, size, 2)]
        assert all(a + b == size + 1 for a, b in pairs)  # 1 plays the last, 2 the one before
        half = size // 2
        assert (1 in seeds[:half]) != (2 in seeds[:half])  # 1 and 2 meet in the final only
    # Five players in a bracket of eight: seeds 1-3 have byes, 4 plays 5.
    seeds = bracket_seeds(8)
    first = [tuple(seeds[i:i + 2]) for i in range(0, 8, 2)]
    assert [pair for pair in first if max(pair) <= 5] == [(4, 5)]
    assert next_place(1, 1) == (2, 1, 0) and next_place(1, 2) == (2, 1, 1)
    assert next_place(2, 3) == (3, 2, 0)


def test_arena_points_and_fire() -> None:
    assert arena_points(False, "mars", 5) == 0
    assert arena_points(True, "plain", 0) == 2
    assert arena_points(True, "mars", 1) == 3
    assert arena_points(True, "koks", 0) == 3 and arena_points(True, "home_mars", 0) == 3
    assert arena_points(True, "plain", 2) == 4  # on fire after two wins in a row
    assert arena_points(True, "mars", 7) == 6


def entrant(player: int, score: int = 0, last: int | None = None, wins: int = 0,
            rating: int = 1500) -> Entrant:
    return Entrant(player, f"P{player}", player, T0, True, "in", None, rating, score, 0, wins,
                   0, last, (), T0)


def test_arena_pairing_nearest_score_never_the_last_opponent() -> None:
    free = [entrant(1, 10, last=2), entrant(2, 9, last=1), entrant(3, 4), entrant(4, 0)]
    pairs = [(a.player_id, b.player_id) for a, b in arena_pairs(free, 6)]
    assert pairs == [(1, 3), (2, 4)]
    # Two players who just met wait for somebody else ...
    assert arena_pairs([entrant(1, last=2), entrant(2, last=1)], 6) == []
    # ... unless nobody else is in the arena.
    assert len(arena_pairs([entrant(1, last=2), entrant(2, last=1)], 2)) == 1
    ranked = standings([entrant(1, 4, wins=1), entrant(2, 4, wins=2), entrant(3, 6)])
    assert [e.player_id for e in ranked] == [3, 2, 1]


# -- the service, through the game core ---------------------------------------------------


@pytest.fixture
async def world(database_url: str) -> AsyncIterator[World]:
    async with open_world(database_url) as w:
        yield w


async def test_an_eight_player_knockout_with_a_withdrawal(world: World) -> None:
    w = world
    t = await w.core.create(GROUP, 1, variant="short", format="knockout", length=1,
                            cube=False, capacity=8, start_in=None, minutes=None)
    for player in range(1, 8):
        await w.core.join(t.id, player)
    with pytest.raises(Refused) as refused:
        await w.core.join(t.id, 3)
    assert refused.value.reason == "entered"
    assert (await stored.get_tournament(w.db, t.id)).status == "open"
    await w.core.join(t.id, 8)  # the eighth: it starts in the same transaction
    assert (await stored.get_tournament(w.db, t.id)).status == "running"
    with pytest.raises(Refused) as refused:
        await w.core.join(t.id, 9)
    assert refused.value.reason == "started"
    first = await playing(w, t.id)
    assert len(first) == 4 and sorted(w.news.pairings) == [(1, s) for s in range(1, 5)]
    # Equal ratings: seeded in the order of joining; 1 plays 8, 4 plays 5, ...
    assert {p.players for p in first} == {(1, 8), (4, 5), (2, 7), (3, 6)}
    # Player 6 withdraws mid-game: the match is lost, 3 goes through.
    await w.core.leave(t.id, 6)
    # The others: the higher number resigns.
    for pairing in first:
        if 6 not in pairing.players:
            assert pairing.game_id is not None
            await resign(w, pairing.game_id, max(p for p in pairing.players if p))
    rows = {p.round: p for p in await stored.pairings(w.db, t.id) if p.status == "playing"}
    assert len(await playing(w, t.id)) == 2 and 2 in rows
    semis = await playing(w, t.id)
    assert {p.players for p in semis} == {(1, 4), (2, 3)}
    for pairing in semis:
        assert pairing.game_id is not None
        await resign(w, pairing.game_id, max(p for p in pairing.players if p))
    [final] = await playing(w, t.id)
    assert final.players == (1, 2) and final.round == 3
    # The final's player to move runs out of time: the match (and the tournament) is lost.
    assert final.game_id is not None
    row = await games.load_game(w.db, final.game_id)
    loser = row.players[Live.load(row.state_json).game.to_act]
    w.clock.advance(61)
    await w.service.expire(final.game_id)
    done = await stored.get_tournament(w.db, t.id)
    assert done.status == "finished" and done.winner_id == ({1, 2} - {loser}).pop()
    every = await stored.pairings(w.db, t.id)
    assert all(p.status == "done" for p in every) and len(every) == 7
    # Withdrawing and running out of time lose the match without finishing it: forfeits,
    # the deciding game's kind kept; a player who resigned played the match out.
    forfeit = next(p for p in every if 6 in p.players)
    assert forfeit.winner_id == 3 and forfeit.outcome == "forfeit"
    assert forfeit.result in ("plain", "mars", "koks")
    timed_out = next(p for p in every if p.round == 3)
    assert timed_out.outcome == "forfeit" and timed_out.winner_id == done.winner_id
    assert {p.outcome for p in every if 6 not in p.players and p.round < 3} == {"played"}
    assert (await games.load_game(w.db, forfeit.game_id or 0)).status == "finished"
    assert all(not e.entered for e in await stored.entrants(w.db, t.id))
    assert await stored.player_record(w.db, done.winner_id or 0) == (1, 1)
    assert await stored.player_record(w.db, 6) == (1, 0)
    # Nothing left to do for the timer; nobody was paired twice.
    version = done.version
    await w.core.tick()
    assert (await stored.get_tournament(w.db, t.id)).version == version
    games_made = [p.game_id for p in every if p.game_id]
    assert len(games_made) == len(set(games_made)) == 7


async def test_a_match_score_stops_at_the_match_length(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 42's "Match to 3: 1–4": two marses resigned (2 points each) end a match to 3
    at 3–0, not 4–0, in the pairing the bracket and the news read."""
    monkeypatch.setattr(core.computer, "expected_loss", lambda *a, **k: ResultKind.MARS)
    w = world
    t = await w.core.create(GROUP, 1, variant="short", format="knockout", length=3,
                            cube=False, capacity=4, start_in=None, minutes=None)
    for player in range(1, 5):
        await w.core.join(t.id, player)
    pairing = next(p for p in await playing(w, t.id) if 4 in p.players)
    assert pairing.game_id is not None
    for _ in range(2):
        await resign(w, pairing.game_id, 4)
    done = next(p for p in await stored.pairings(w.db, t.id) if p.id == pairing.id)
    assert done.status == "done" and done.winner_id != 4
    assert sorted(done.score) == [0, 3]  # the points resigned were 2 + 2


async def test_byes_and_a_no_show(world: World) -> None:
    w = world
    t = await w.core.create(GROUP, 1, variant="long", format="knockout", length=1,
                            cube=False, capacity=8, start_in=timedelta(minutes=10),
                            minutes=None)
    for player in range(1, 6):
        await w.core.join(t.id, player)
    # Player 2 starts another game before the start: not free when the bracket begins.
    await w.service.start_vs_computer(2, "short", "beginner", 1, False)
    w.clock.advance(600)
    await w.core.tick()
    every = await stored.pairings(w.db, t.id)
    byes = [p for p in every if p.outcome == "bye"]
    assert sorted(p.winner_id for p in byes) == [1, 2, 3]  # the top three seeds
    [match] = await playing(w, t.id)
    assert match.players == (4, 5)
    # Round two: 1 has its opponent (4 or 5) still to come; 2 meets 3 but is busy.
    waiting = [p for p in every if p.round == 2 and p.ready]
    assert [p.players for p in waiting] == [(2, 3)]
    await w.core.tick()
    assert (await stored.pairings(w.db, t.id))[5].due_at == w.clock.now + NO_SHOW
    w.clock.advance(NO_SHOW.total_seconds())
    await w.core.tick()
    decided = next(p for p in await stored.pairings(w.db, t.id) if p.players == (2, 3))
    assert decided.outcome == "no_show" and decided.winner_id == 3


async def test_a_six_player_arena(world: World) -> None:
    w = world
    t = await w.core.create(GROUP, 1, variant="short", format="arena", length=1,
                            cube=False, capacity=8, start_in=timedelta(minutes=5), minutes=10)
    for player in range(1, 7):
        await w.core.join(t.id, player)
    with pytest.raises(Refused):
        await w.core.start(t.id + 100)
    await w.core.start(t.id)
    assert len(await playing(w, t.id)) == 3
    rounds = 0
    while (await stored.get_tournament(w.db, t.id)).status == "running":
        rounds += 1
        assert rounds < 200
        for pairing in await playing(w, t.id):
            assert pairing.game_id is not None
            # The lower id always wins: a streak builds up.
            await resign(w, pairing.game_id, max(p for p in pairing.players if p))
            w.clock.advance(20)
        await w.core.tick()
    done = await stored.get_tournament(w.db, t.id)
    entrants = await stored.entrants(w.db, t.id)
    table = standings(entrants)
    assert done.winner_id == table[0].player_id
    assert all(sum(e.results) == e.score for e in entrants)
    assert any(4 in e.results for e in entrants)  # a win on fire counts double
    every = await stored.pairings(w.db, t.id)
    # Nobody met the same opponent twice in a row.
    history: dict[int, list[int]] = {}
    for pairing in every:
        p0, p1 = pairing.players
        assert p0 is not None and p1 is not None
        history.setdefault(p0, []).append(p1)
        history.setdefault(p1, []).append(p0)
    for opponents in history.values():
        assert all(x != y for x, y in itertools.pairwise(opponents))
    # No pairing was made at or after the end.
    assert all(p.created_at < (done.ends_at or T0) for p in every)


async def test_an_arena_takes_late_players_and_leavers_back(world: World) -> None:
    w = world
    t = await w.core.create(GROUP, 1, variant="short", format="arena", length=3,
                            cube=False, capacity=8, start_in=timedelta(minutes=5), minutes=30)
    for player in range(1, 5):
        await w.core.join(t.id, player)
    await w.core.start(t.id)
    assert len(await playing(w, t.id)) == 2
    await w.core.join(t.id, 5)  # late: waits for someone to be free
    await w.core.join(t.id, 6)  # and is paired with the next one at once
    assert {5, 6} in [set(p.players) for p in await playing(w, t.id)]
    # Leaving mid-match loses the whole match (to 3): the opponent scores a win.
    [first] = [p for p in await playing(w, t.id) if 1 in p.players]
    opponent = ({p for p in first.players if p} - {1}).pop()
    await w.core.leave(t.id, 1)
    entrants = {e.player_id: e for e in await stored.entrants(w.db, t.id)}
    assert entrants[1].state == "left" and entrants[opponent].score == 2
    assert (await games.load_game(w.db, first.game_id or 0)).status == "finished"
    assert all(1 not in p.players for p in await playing(w, t.id))
    await w.core.join(t.id, 1)  # back in
    entrants = {e.player_id: e for e in await stored.entrants(w.db, t.id)}
    assert entrants[1].state == "in" and entrants[1].entered
    # Called off: the games being played end as rated games; nothing follows from them.
    await w.core.cancel(t.id)
    for pairing in await playing(w, t.id):
        assert pairing.game_id is not None
        await resign(w, pairing.game_id, max(p for p in pairing.players if p))
        await resign(w, pairing.game_id, max(p for p in pairing.players if p))
    cancelled = await stored.get_tournament(w.db, t.id)
    assert cancelled is not None and cancelled.status == "cancelled"
    assert cancelled.winner_id is None and await stored.entered_in(w.db, 2) is None


async def test_a_called_off_knockout_stays_called_off(world: World) -> None:
    w = world
    t = await w.core.create(GROUP, 1, variant="short", format="knockout", length=1,
                            cube=False, capacity=4, start_in=None, minutes=None)
    for player in range(1, 5):
        await w.core.join(t.id, player)
    await w.core.cancel(t.id)
    with pytest.raises(Refused):
        await w.core.start(t.id)
    for pairing in await playing(w, t.id):
        assert pairing.game_id is not None
        await resign(w, pairing.game_id, max(p for p in pairing.players if p))
    after = await stored.get_tournament(w.db, t.id)
    assert after is not None and after.status == "cancelled" and after.winner_id is None
    assert not [p for p in await stored.pairings(w.db, t.id) if p.round == 2 and p.ready]



async def test_who_may_start_or_call_off(world: World) -> None:
    w = world
    t = await w.core.create(GROUP, 1, variant="short", format="knockout", length=1,
                            cube=False, capacity=8, start_in=None, minutes=None)
    await w.core.join(t.id, 2)
    entrants = await stored.entrants(w.db, t.id)
    assert may_run(t, entrants, 1, admin=False, creator_gone=False)  # the creator
    assert may_run(t, entrants, 3, admin=True, creator_gone=False)  # an admin
    assert not may_run(t, entrants, 2, admin=False, creator_gone=False)
    assert may_run(t, entrants, 2, admin=False, creator_gone=True)  # a player, creator gone
    assert not may_run(t, entrants, 3, admin=False, creator_gone=True)  # not in it
