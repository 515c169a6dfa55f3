"""What the timer loop reads of the games (storage.games `WAKE`, `waking_games`,
`next_wake`): a warned game waits for its deadline out of the loop's view, a pass takes a
bounded batch and the loop comes back at once for the rest, and the loop's and a player's
list's queries are answered from indexes, on both engines, with clocks the test moves."""

from __future__ import annotations

from datetime import timedelta

from core.challenges import Challenges
from core.timecontrol import DAY, TimeControl
from core.timers import STALLED, Timers
from storage import Database, games
from storage.models import Timing
from testkit.plans import plan, recorded, scans
from testkit.storage_rows import ALICE, BOB, CAROL, T0, human_game
from testkit.tournament_core import open_world

CORRESPONDENCE = Timing("d1", DAY // 4, True)


async def test_a_warned_game_leaves_the_loops_view_until_its_deadline(
        db: Database, players: tuple[int, ...]) -> None:
    deadline = T0 + timedelta(days=1)
    game = await human_game(db, deadline=deadline, timing=CORRESPONDENCE)
    warn_at = deadline - timedelta(hours=6)
    assert await games.waking_games(db, T0) == []
    assert await games.next_wake(db, T0) == warn_at
    assert [g.id for g in await games.waking_games(db, warn_at)] == [game.id]
    assert await games.claim_warning(db, game.id, deadline)
    # Warned: the loop does not read it again in the six hours left, only at its deadline.
    assert await games.waking_games(db, warn_at + timedelta(hours=1)) == []
    assert await games.next_wake(db, warn_at) == deadline
    assert [g.id for g in await games.waking_games(db, deadline)] == [game.id]
    # A new deadline (the window restarted) has a warning of its own again.
    later = deadline + timedelta(days=1)
    assert await games.set_deadline(db, game.id, game.version, later)
    assert await games.next_wake(db, T0) == later - timedelta(hours=6)
    assert await games.waking_games(db, deadline) == []
    # A restart's grace lengthens a warned turn: it stays warned (one warning a turn).
    assert await games.claim_warning(db, game.id, later)
    graced = later + timedelta(seconds=30)
    assert await games.set_deadline(db, game.id, game.version, graced, keep_warning=True)
    assert await games.next_wake(db, T0) == graced
    assert not await games.claim_warning(db, game.id, graced)


async def test_a_batch_is_the_earliest_due_first(db: Database, players: tuple[int, ...]) -> None:
    ids = []
    for minutes in (30, 10, 20, 40):
        game = await human_game(db, players=(ALICE, CAROL) if minutes == 20 else (ALICE, BOB),
                                deadline=T0 + timedelta(minutes=minutes), timing=CORRESPONDENCE)
        ids.append((minutes, game.id))
    now = T0 + timedelta(days=1)
    expected = [game_id for _, game_id in sorted(ids)]
    assert [g.id for g in await games.waking_games(db, now, limit=3)] == expected[:3]
    assert [g.id for g in await games.waking_games(db, now)] == expected


async def test_the_timer_loop_takes_a_batch_a_pass_and_comes_back_at_once(
        database_url: str) -> None:
    """Seven correspondence games overdue at once (the bot was down): a pass times out
    three, the earliest due first, and asks to be run again at once until none is left."""
    async with open_world(database_url) as w:
        challenges = Challenges(w.db, w.service, clock=w.clock)
        made = []
        for _ in range(7):
            challenge = await challenges.create(1, "short", 1, False, TimeControl.parse("d1"))
            row, live = await challenges.accept(challenge.code, 2)
            await w.service.begin(row, live)
            made.append(row.id)
            w.clock.advance(60)  # each game's deadline a minute after the one before
        w.clock.advance(3 * DAY)
        timers = Timers(w.service, clock=w.clock, batch=3)
        passes, ended = [], []
        for _ in range(3):
            passes.append(await timers.tick())
            ended.append([g for g in made
                          if (await games.load_game(w.db, g)).status == "finished"])
        assert passes == [0.0, 0.0, float("inf")]
        assert ended == [made[:3], made[:6], made]


async def test_the_loop_and_the_list_read_their_indexes(
        db: Database, players: tuple[int, ...]) -> None:
    """The plan of every query a timer pass and a player's list of correspondence games
    run searches an index of `games`: none reads the table through (the benchmark,
    benchmarks/waiting_games.py, shows the same plans with 1.1 million games)."""
    for minutes in (10, 20):
        await human_game(db, deadline=T0 + timedelta(minutes=minutes), timing=CORRESPONDENCE)
    async with recorded(db) as statements:
        await games.waking_games(db, T0)
        await games.next_wake(db, T0)
        await games.correspondence_games(db, ALICE)
        await games.clocked_games(db)
    # The list may take either index of a player's games in play (SQLite, without
    # statistics, takes the older one): both hold active games only.
    indexes = [("games_active_wake",), ("games_active_wake",),
               ("games_correspondence_active", "games_active_player"), ("games_active_clocked",)]
    assert len(statements) == len(indexes)
    for (sql, params), names in zip(statements, indexes, strict=True):
        lines = await plan(db, sql, params)
        assert not scans(lines) and any(n in "\n".join(lines) for n in names), (sql, lines)


async def test_a_batch_that_settles_nothing_pauses_and_the_next_pass_goes_past_it(
        database_url: str) -> None:
    """Seven games overdue, the first three of which the timeout fails on every time: a
    pass that settles none of its full batch does not send the loop straight back to the
    same three (it would spin and never reach the others): it asks for the short pause, and
    the next passes time out the games after them; once the last game due is reached, the
    three are tried again."""
    async with open_world(database_url) as w:
        challenges = Challenges(w.db, w.service, clock=w.clock)
        made = []
        for _ in range(7):
            challenge = await challenges.create(1, "short", 1, False, TimeControl.parse("d1"))
            row, live = await challenges.accept(challenge.code, 2)
            await w.service.begin(row, live)
            made.append(row.id)
            w.clock.advance(60)
        w.clock.advance(3 * DAY)
        broken = set(made[:3])
        tried: list[list[int]] = []

        async def expire(game_id: int) -> None:
            tried[-1].append(game_id)
            if game_id in broken:
                raise RuntimeError("this game's timeout fails")
            await w.service.expire(game_id)

        timers = Timers(w.service, clock=w.clock, expire=expire, batch=3)
        passes = []
        for _ in range(4):
            tried.append([])
            passes.append(await timers.tick())
        assert passes == [STALLED, 0.0, float("inf"), STALLED]
        assert tried == [made[:3], made[3:6], made[6:], made[:3]]
        assert [g for g in made if (await games.load_game(w.db, g)).status == "finished"] == \
            made[3:]
        # The pass past a batch reads the index too.
        key = await games.wake_key(w.db, made[2])
        assert key is not None
        async with recorded(w.db) as statements:
            await games.waking_games(w.db, w.clock(), limit=3, after=key)
        [(sql, params)] = statements
        lines = await plan(w.db, sql, params)
        assert not scans(lines) and "games_active_wake" in "\n".join(lines), lines
