"""Who may act on a game, through the gate every door uses (core/gate.py, core/actions.py),
with no door: strangers and watchers, the wrong seat, an old version and a finished game
are refused and change nothing; while the game is busy those refusals are answered at once
and a change waits for its save. Both engines."""

from __future__ import annotations

import asyncio

from core.actions import Act, Action, Refusal, Respond
from core.events import What
from storage import games
from testkit.core_door import (
    ALI,
    OUTSIDER,
    VALI,
    Table,
    act,
    ask,
    first_step,
    friends,
    stored,
    to_act,
)
from testkit.waiting import until


async def test_only_the_player_to_act_may_change_the_game(table: Table) -> None:
    t = table
    game_id = await friends(t)
    player, step = await first_step(t, game_id)
    waiting = VALI if player == ALI else ALI
    before = (await stored(t, game_id))[0].version
    assert await ask(t, OUTSIDER, step) == [Refusal.NOT_PLAYER]  # a stranger, a watcher
    assert await ask(t, OUTSIDER, Action(game_id, 0, Act.VIEW_ANYTIME)) == [
        Refusal.NOT_PLAYER]  # not even a look a player may take at any moment
    assert await ask(t, OUTSIDER, Action(game_id, before, Act.RESIGN, number=1)) == [
        Refusal.NOT_PLAYER]
    assert await ask(t, waiting, step) == [Refusal.NOT_YOUR_TURN]  # the wrong seat
    assert (await stored(t, game_id))[0].version == before  # nothing changed
    assert await ask(t, player, step) == [None]
    assert (await stored(t, game_id))[0].version == before + 1


async def test_an_old_version_is_refused_and_its_sender_shown_the_stored_game(
        table: Table) -> None:
    t = table
    game_id = await friends(t)
    player, step = await first_step(t, game_id)
    seat = (await to_act(t, game_id))[1]
    old = Action(game_id, step.version - 1, Act.GO, step.src, step.dst)
    t.heard.changes.clear()
    assert await ask(t, player, old) == [Refusal.STALE]
    assert t.heard.of(game_id) == [(What.SHOW, seat)]  # to the sender alone
    forged = Action(game_id, step.version + 5, Act.GO, step.src, step.dst)
    assert await ask(t, player, forged) == [Refusal.STALE]
    # The web's answer carries the stored game: nobody else is shown anything.
    t.heard.changes.clear()
    web = Action(game_id, step.version - 1, Act.GO, step.src, step.dst,
                 answered_with_game=True)
    assert await ask(t, player, web) == [Refusal.STALE]
    assert t.heard.of(game_id) == []
    assert (await stored(t, game_id))[0].version == step.version


async def test_an_illegal_step_is_refused_and_everybody_shown_the_stored_game(
        table: Table) -> None:
    t = table
    game_id = await friends(t)
    player, _, row, _ = await to_act(t, game_id)
    t.heard.changes.clear()
    assert await ask(t, player, act(row, Act.GO, 24, 23)) == [Refusal.ILLEGAL]  # no such die
    assert t.heard.of(game_id) == [(What.REFUSED, (await to_act(t, game_id))[1])]
    assert (await stored(t, game_id))[0].version == row.version


async def test_a_finished_or_unknown_game_refuses_everyone(table: Table) -> None:
    t = table
    game_id = await friends(t)
    row, live = await stored(t, game_id)
    resign = Action(game_id, row.version, Act.RESIGN, number=live.number)
    assert await ask(t, ALI, resign) == [None]  # a player may resign at any turn
    row = (await stored(t, game_id))[0]
    assert row.status == "finished"
    for player in (ALI, VALI):
        assert await ask(t, player, act(row, Act.ROLL)) == [Refusal.FINISHED]
    assert await ask(t, OUTSIDER, act(row, Act.ROLL)) == [Refusal.NOT_PLAYER]
    assert await ask(t, ALI, Action(10_000, 1, Act.ROLL)) == [Refusal.FINISHED]
    assert (await stored(t, game_id))[0].version == row.version


async def _answered_while_held(t: Table, game_id: int, user_id: int,
                               action: Action) -> list[Refusal | None]:
    """`action` sent while something holds the game: its answer, given before the game is
    let go (a hang here is an action that waited for the game)."""
    answers: list[Refusal | None] = []

    async def respond(refusal: Refusal | None) -> None:
        answers.append(refusal)

    async with t.core.games.holding(game_id):
        task = asyncio.create_task(t.core.gate.act(user_id, action, respond))
        await until(lambda: bool(answers), 10, f"{action.act} answered while busy")
    await task
    return answers


async def test_refusals_are_answered_at_once_while_the_game_is_busy(table: Table) -> None:
    t = table
    game_id = await friends(t)
    player, step = await first_step(t, game_id)
    waiting = VALI if player == ALI else ALI
    old = Action(game_id, step.version - 1, Act.GO, step.src, step.dst)
    assert await _answered_while_held(t, game_id, OUTSIDER, step) == [Refusal.NOT_PLAYER]
    assert await _answered_while_held(t, game_id, waiting, step) == [Refusal.NOT_YOUR_TURN]
    assert await _answered_while_held(t, game_id, player, old) == [Refusal.STALE]
    # A look at the game changes nothing: answered before it waits.
    look = Action(game_id, step.version, Act.VIEW)
    assert await _answered_while_held(t, game_id, player, look) == [None]
    assert (await stored(t, game_id))[0].version == step.version


async def test_a_change_waits_for_the_busy_game_and_is_answered_once_saved(
        table: Table) -> None:
    t = table
    game_id = await friends(t)
    player, step = await first_step(t, game_id)
    saved: list[int] = []

    async def respond(refusal: Refusal | None) -> None:
        assert refusal is None
        saved.append((await games.load_game(t.db, game_id)).version)

    locks = t.core.games.locks
    async with t.core.games.holding(game_id):  # e.g. another press being announced
        task = asyncio.create_task(t.core.gate.act(player, step, respond))
        await until(lambda: locks.users(game_id) == 2, 10, "the change to wait")
        assert saved == []  # no early "done"
    await task
    assert saved == [step.version + 1]  # answered with its change already stored


async def test_a_double_tap_on_a_busy_game_is_out_of_date_at_once(table: Table) -> None:
    t = table
    game_id = await friends(t)
    player, step = await first_step(t, game_id)
    answers: dict[str, list[Refusal | None]] = {"one": [], "two": []}

    def recorder(name: str) -> Respond:
        async def respond(refusal: Refusal | None) -> None:
            answers[name].append(refusal)
        return respond

    async with t.core.games.holding(game_id):
        one = asyncio.create_task(t.core.gate.act(player, step, recorder("one")))
        two = asyncio.create_task(t.core.gate.act(player, step, recorder("two")))
        await until(lambda: bool(answers["two"]), 10, "the second tap answered")
        assert answers == {"one": [], "two": [Refusal.STALE]}
    await asyncio.gather(one, two)
    assert answers == {"one": [None], "two": [Refusal.STALE]}
    assert (await stored(t, game_id))[0].version == step.version + 1  # applied once
