"""The composition root (core/assembly.py) without any door of the project: the core
assembled from settings and a database, doors attached as recorders, on both engines."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from dataclasses import replace

import pytest
import pytest_asyncio

from core.aftergame import Unavailable
from core.assembly import Core, Door
from core.events import Change
from core.workers import InlineRunner
from engine.dice import SeededDice
from storage import games, upsert_player
from storage.connect import open_database
from testkit.core_door import Settings
from testkit.tournament_core import T0, Clock
from testkit.waiting import within

ALI, VALI = 1, 2


@pytest_asyncio.fixture
async def core(database_url: str) -> AsyncIterator[Core]:
    db = await open_database(database_url)
    core = Core(Settings(), db, clock=Clock(), dice=SeededDice(3), pool=InlineRunner(),
                analysis_runner=InlineRunner())
    for player, name in ((ALI, "Ali"), (VALI, "Vali")):
        await upsert_player(db, player, name, username=None, language="en", now=T0)
    try:
        yield core
    finally:
        await core.stop()
        await db.close()


def recorder(heard: list[str], name: str):  # type: ignore[no-untyped-def]
    async def listen(change: Change) -> None:
        heard.append(f"{name} {change.what}")
    return listen


async def test_every_doors_results_are_heard_before_any_doors_views(core: Core) -> None:
    heard: list[str] = []
    # The web-like door attaches first; the chat-like door's results still come first.
    core.attach(Door(shows=recorder(heard, "pages")))
    core.attach(Door(results=recorder(heard, "results"), shows=recorder(heard, "boards")))
    await core.games.start_vs_computer(ALI, "short", "beginner", 1, False)
    assert heard[:3] == ["results began", "pages began", "boards began"]


async def test_a_doors_timer_work_runs_in_each_pass_around_the_cores(core: Core) -> None:
    done: list[str] = []

    async def first() -> None:
        done.append("first")

    async def also() -> None:
        done.append("also")

    core.attach(Door(first=(first,), also=(also,)))
    await core.timers.tick()
    await core.timers.tick()
    assert done == ["first", "also", "first", "also"]


async def test_one_door_at_most_sees_timeouts_first(core: Core) -> None:
    async def expire(game_id: int) -> None:
        pass

    core.attach(Door(expire=expire))
    with pytest.raises(ValueError, match="timeouts"):
        core.attach(Door(expire=expire))


async def test_a_timeout_goes_to_the_door_that_sees_it_first(core: Core) -> None:
    row = await core.games.start_vs_computer(ALI, "short", "beginner", 1, False)
    seen: list[int] = []

    async def expire(game_id: int) -> None:
        seen.append(game_id)

    core.attach(Door(expire=expire))
    clock = core.clock
    assert isinstance(clock, Clock)
    clock.advance(3600)
    await core.timers.tick()
    assert seen == [row.id]
    assert (await games.load_game(core.db, row.id)).status == "active"


async def test_after_a_game_without_a_door_that_sends(core: Core) -> None:
    """Play again against the computer is the core's own; what a door sends is unavailable
    until a door that sends it attaches."""
    row = await core.games.start_vs_computer(ALI, "short", "beginner", 1, False)
    with pytest.raises(Unavailable):
        await core.after_game.analyse(ALI, row, 1)
    with pytest.raises(Unavailable):
        await core.after_game.replay(ALI, row, 1)
    await core.games.forfeit(row.id, ALI)
    again = await core.after_game.rematch(ALI, await games.load_game(core.db, row.id))
    assert again is not None and again.level == "beginner" and again.players[0] == ALI


async def test_after_a_game_a_door_that_sends_is_asked(core: Core) -> None:
    asked: list[tuple[str, int, int]] = []

    class Sender:
        async def rematch(self, player_id: int, game_id: int) -> None:
            asked.append(("rematch", player_id, game_id))

        async def analysis(self, player_id: int, game_id: int, number: int) -> None:
            asked.append(("analysis", player_id, game_id))

        async def replay(self, player_id: int, game_id: int, number: int) -> None:
            asked.append(("replay", player_id, game_id))

    core.attach(Door(after_game=Sender()))
    row = await core.games.start_vs_computer(ALI, "short", "beginner", 1, False)
    person = replace(row, level=None)  # as a game between people
    assert await core.after_game.rematch(ALI, person) is None
    await core.after_game.analyse(ALI, row, 1)
    await core.after_game.replay(ALI, row, 1)
    assert asked == [("rematch", ALI, row.id), ("analysis", ALI, row.id),
                     ("replay", ALI, row.id)]


async def test_the_timer_loop_runs_passes_until_stopped_with_the_upkeep_after_each(
        core: Core) -> None:
    stop, first = asyncio.Event(), asyncio.Event()
    passes: list[str] = []

    async def work() -> None:
        passes.append("pass")
        assert not first.is_set() or len(passes) > 1  # set once the first pass is over
        if passes.count("pass") == 3:
            stop.set()  # the pass in progress is finished

    def upkeep() -> None:
        passes.append("upkeep")

    core.attach(Door(also=(work,)))
    # (A pass that fails is logged and the loop goes on: without `work`, it never stops.)
    await within(core.run_timers(stop, interval=0.0, first_pass=first, after_pass=(upkeep,)),
                 30, "three passes")
    assert first.is_set()
    assert passes == ["pass", "upkeep"] * 3


async def test_a_doors_scope_covers_the_whole_pass(core: Core) -> None:
    inside: list[bool] = []
    scoped = [False]

    @contextlib.contextmanager
    def scope() -> Iterator[None]:
        scoped[0] = True
        try:
            yield
        finally:
            scoped[0] = False

    async def first() -> None:
        inside.append(scoped[0])

    async def also() -> None:
        inside.append(scoped[0])

    stop = asyncio.Event()
    core.attach(Door(first=(first,), also=(also,), scope=scope))
    await core.run_timers(stop, interval=0.0, after_pass=(stop.set,))
    assert inside == [True, True] and not scoped[0]
