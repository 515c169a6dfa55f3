"""Tournaments run by two processes on one PostgreSQL database (two apps, one fake Bot API,
one clock): the players' presses go to either process, sometimes to both at once, and both
timer loops run at the same moments. Every change of a tournament is made under its row's
lock (storage/tournaments.py), so nothing may happen twice: each pairing has one game, each
game is settled once (its points and ratings counted once), nobody plays two games at
once, the start and the end are announced once, and the group's pace is kept across both."""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from datetime import timedelta

import pytest
import pytest_asyncio

from storage import games, stats
from storage import tournaments as stored
from storage.tournaments import Pairing
from testkit.clocks import FakeClock
from testkit.fake_telegram import FakeTelegram
from testkit.harness import Harness, make_harness, stop_harness
from testkit.postgres import PostgresCluster
from testkit.tournament_play import (
    GROUP,
    JOINED,
    NAMES,
    PACE_WINDOW,
    PLAYERS,
    SENDS,
    lobby,
    lose,
    meet,
    open_tournament,
    tick,
    tournament_games,
)

pytestmark = pytest.mark.postgres


@pytest_asyncio.fixture
async def two(postgres: PostgresCluster) -> AsyncIterator[tuple[Harness, Harness]]:
    """Two processes on one PostgreSQL database, one fake Bot API and one clock."""
    url = await postgres.create()
    clock = FakeClock()
    try:
        async with FakeTelegram(monotonic=clock.monotonic) as fake:
            a = await make_harness(fake, url, seed=1, clock=clock)
            b = await make_harness(fake, url, seed=2, clock=clock)
            try:
                yield a, b
            finally:
                await stop_harness(a)
                await stop_harness(b)
    finally:
        await postgres.drop(url)


async def both_tick(a: Harness, b: Harness) -> None:
    """Both timer loops' passes at the same moment."""
    await asyncio.gather(tick(a), tick(b))


@contextlib.contextmanager
def unsettled(*processes: Harness) -> Iterator[None]:
    """Games that end meanwhile are not settled by the process ending them (as if it died
    right after saving the end): the timer loops find them, both at once."""
    cores = [h.app.services.tournaments.core for h in processes]
    for core in cores:
        core.settle = _nothing  # type: ignore[method-assign]
    try:
        yield
    finally:
        for core in cores:
            del core.settle


async def _nothing(*args: object) -> None:
    return None


async def join_at_once(a: Harness, b: Harness, players: list[int]) -> list[str]:
    """Every player presses Join; the presses are handled by both processes at once. The
    answers' texts."""
    presses = [a.fake.user(player, NAMES[player]).press_button(GROUP, "✅ Join")
               for player in players]
    await asyncio.gather(a.feed(), b.feed())
    return [str((a.fake.callback_answer(update) or {}).get("text") or "")
            for update in presses]


def assert_one_game_at_a_time(pairings: list[Pairing]) -> None:
    """No player is in two pairings whose games overlap (in pairing order, each player's
    previous pairing is done before the next is made)."""
    open_for: dict[int, Pairing] = {}
    for pairing in sorted(pairings, key=lambda p: p.id):
        for player in pairing.players:
            if player is None:
                continue
            before = open_for.get(player)
            assert before is None or before.status == "done", (before, pairing)
            open_for[player] = pairing


async def assert_settled_once(h: Harness, pairings: list[Pairing]) -> None:
    """Each pairing has its own game (of one game, as these tournaments play), with one
    result, and two rating changes per result."""
    game_ids = [p.game_id for p in pairings if p.game_id is not None]
    assert len(game_ids) == len(pairings) == len(set(game_ids))
    for game_id in game_ids:
        assert len(await games.game_results(h.app.db, game_id)) == 1, game_id
    assert await h.app.db.fetchval("SELECT COUNT(*) FROM rating_events") == 2 * len(game_ids)


@pytest.mark.slow
async def test_an_arena_run_by_two_processes_counts_everything_once(
        two: tuple[Harness, Harness]) -> None:
    a, b = two
    players = PLAYERS[:6]
    await meet(a, players)
    t = await open_tournament(a, 7002, "⏱ Arena", "Short nard", "1 game", "Without the cube",
                              "10 min", "8", "In 30 min")
    assert all(JOINED in answer for answer in await join_at_once(a, b, players))
    assert "Players (6/8)" in lobby(a)
    b.fake.user(7002, NAMES[7002]).press_button(GROUP, "▶ Start now")
    b.fake.user(7002, NAMES[7002]).press_button(GROUP, "▶ Start now")  # a double tap
    await asyncio.gather(a.feed(), b.feed())
    rounds = 0
    while (await stored.get_tournament(a.app.db, t.id)).status == "running":  # type: ignore[union-attr]
        rounds += 1
        assert rounds < 100, a.fake.transcript(GROUP)
        current = await tournament_games(a, t.id)
        busy = Counter(p for row in current for p in row.players)
        assert all(n == 1 for n in busy.values()), current  # one game at a time
        # The lower id wins; the losers' presses go to either process; every other round
        # the games are settled by both timer loops at once.
        with unsettled(a, b) if rounds % 2 else contextlib.nullcontext():
            for i, row in enumerate(current):
                await lose(a if i % 2 else b, row, max(p for p in row.players
                                                       if p is not None))
        a.clock.advance(40)
        await both_tick(a, b)
    done = await stored.get_tournament(a.app.db, t.id)
    assert done is not None and done.status == "finished" and done.winner_id == 7001
    every = await stored.pairings(a.app.db, t.id)
    assert every and all(p.status == "done" for p in every)
    assert_one_game_at_a_time(every)
    await assert_settled_once(a, every)
    entrants = {e.player_id: e for e in await stored.entrants(a.app.db, t.id)}
    assert all(sum(e.results) == e.score for e in entrants.values())
    # Each entrant's results: one per game they played.
    played = Counter(p for pairing in every for p in pairing.players if p is not None)
    assert {p: len(e.results) for p, e in entrants.items()} == dict(played)
    text = a.fake.transcript(GROUP)
    assert text.count("⏱ The arena is over.") == 1 and text.count("The tournament begins!") <= 1
    assert a.fake.requests_per_window(GROUP, PACE_WINDOW, SENDS) <= 20
    ratings = [(await stats.player_stats(a.app.db, p, "short")).rating for p in players]
    assert sum(ratings) == 1500 * len(players)


async def test_a_knockout_filled_by_presses_at_once_starts_once(
        two: tuple[Harness, Harness]) -> None:
    a, b = two
    await meet(a, [*PLAYERS, 7009])
    t = await open_tournament(b, 7001, "🏆 Knock-out", "Short nard", "1 game",
                              "Without the cube", "8", "When full")
    assert t.status == "open"
    # Nine presses at once for eight places: eight are in, the ninth is not.
    answers = await join_at_once(a, b, [*PLAYERS, 7009])
    assert sum(JOINED in answer for answer in answers) == 8, answers
    started = await stored.get_tournament(a.app.db, t.id)
    assert started is not None and started.status == "running"
    first = await tournament_games(a, t.id)
    assert len(first) == 4
    for expected in (4, 2, 1):
        current = await tournament_games(a, t.id)
        assert len(current) == expected
        with unsettled(a, b):  # settled by both timer loops at once
            for i, row in enumerate(current):  # the losers' presses go to either process
                await lose(a if i % 2 else b, row, max(p for p in row.players
                                                       if p is not None))
        await both_tick(a, b)
    done = await stored.get_tournament(a.app.db, t.id)
    assert done is not None and done.status == "finished" and done.winner_id == 7001
    every = await stored.pairings(a.app.db, t.id)
    assert [p.status for p in every] == ["done"] * 7
    assert_one_game_at_a_time(every)
    await assert_settled_once(a, every)
    assert a.fake.transcript(GROUP).count("🏆 Ali wins the tournament!") == 1
    assert a.fake.requests_per_window(GROUP, PACE_WINDOW, SENDS) <= 20


async def test_a_schedule_opens_once_with_two_processes(
        two: tuple[Harness, Harness]) -> None:
    """Both processes' timers find the same start due: one tournament is opened, its lobby
    posted once and its reminder once; the Swiss starts at its time and its first round is
    announced once."""
    a, b = two
    await meet(a, PLAYERS[:4])
    a.fake.make_admin(GROUP, 7001)
    start = a.clock.now.replace(hour=13, minute=0)  # the clock reads 12:00 UTC
    user = a.fake.user(7001, NAMES[7001])
    user.command("/tournament 13:00", chat=GROUP)
    await a.feed()
    for label in ("♟ Swiss", "Short nard", "1 game", "Without the cube", "4", "📅 Set it up"):
        user.press_button(GROUP, label)
        await a.feed()
    a.clock.now = start - timedelta(minutes=30)
    for _ in range(3):
        await both_tick(a, b)
    texts = [m.text or "" for m in a.fake.messages(GROUP)]
    assert len([t for t in texts if t.startswith("♟ Swiss tournament")]) == 1, texts
    rows = await a.app.db.fetchall("SELECT id FROM tournaments WHERE chat_id = ?", (GROUP,))
    assert len(rows) == 1
    for player in PLAYERS[:4]:
        assert JOINED in await press_in(a if player % 2 else b, player, "✅ Join")
    a.clock.now = start - timedelta(minutes=5)
    for _ in range(3):
        await both_tick(a, b)
    texts = [m.text or "" for m in a.fake.messages(GROUP)]
    assert len([t for t in texts if t.startswith("⏰")]) == 1, texts
    a.clock.now = start
    await both_tick(a, b)
    await both_tick(a, b)
    assert len(await tournament_games(a, int(rows[0][0]))) == 2  # round 1: two games
    texts = [m.text or "" for m in a.fake.messages(GROUP)]
    assert len([t for t in texts if t.startswith("🏆 Round 1 of 3:")]) == 1, texts


async def press_in(h: Harness, player: int, label: str) -> str:
    """`player` presses a lobby button, the update handled by `h`'s process."""
    update = h.fake.user(player, NAMES[player]).press_button(GROUP, label)
    await h.feed()
    return str((h.fake.callback_answer(update) or {}).get("text") or "")
