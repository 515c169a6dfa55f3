"""A press is answered only after its change is saved (core/games.py), with no door: the
answer comes once the change is in the database and before anybody is shown it; a save
that fails answers "nothing was saved" (or nothing at all) and applies nothing; an answer
that fails undoes nothing. Both engines."""

from __future__ import annotations

from typing import Any

import pytest

from core.actions import Refusal
from core.events import Change
from storage import games
from storage.errors import DatabaseBlip
from testkit.core_door import Table, ask, first_step, friends, stored


def _failing_save(monkeypatch: pytest.MonkeyPatch, error: Exception, times: int) -> list[int]:
    """The next `times` saves of a game raise `error`; returns the count of tries."""
    save = games.save_game
    tried: list[int] = []

    async def failing(*args: Any, **kwargs: Any) -> int:
        tried.append(1)
        if len(tried) <= times:
            raise error
        return await save(*args, **kwargs)

    monkeypatch.setattr(games, "save_game", failing)
    return tried


async def test_the_answer_comes_after_the_save_and_before_the_views(table: Table) -> None:
    t = table
    game_id = await friends(t)
    player, step = await first_step(t, game_id)
    order: list[str] = []

    async def respond(refusal: Refusal | None) -> None:
        version = (await games.load_game(t.db, game_id)).version
        order.append(f"answered {refusal} at version {version}")

    async def shows(change: Change) -> None:
        order.append(f"shown {change.what}")

    t.core.shows.subscribe(shows)
    await ask(t, player, step, respond)
    assert order == [f"answered None at version {step.version + 1}", "shown step"]


async def test_a_save_that_fails_answers_nothing_was_saved_and_applies_nothing(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    t = table
    game_id = await friends(t)
    player, step = await first_step(t, game_id)
    before = await stored(t, game_id)
    tried = _failing_save(monkeypatch, DatabaseBlip("the test's outage"), times=1_000)
    t.heard.changes.clear()
    started = t.clock()
    assert await ask(t, player, step) == [Refusal.UNAVAILABLE]  # one answer, after the tries
    assert len(tried) > 1 and (t.clock() - started).total_seconds() >= 4  # about 5 s
    after = await stored(t, game_id)
    assert after[0].version == before[0].version and after[0].state_json == before[0].state_json
    assert t.heard.of(game_id) == []  # nobody shown a change that is not there


async def test_a_save_that_fails_once_is_tried_again_and_applied_once(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    t = table
    game_id = await friends(t)
    player, step = await first_step(t, game_id)
    tried = _failing_save(monkeypatch, DatabaseBlip("the test's blip"), times=1)
    assert await ask(t, player, step) == [None]
    assert len(tried) == 2
    row, live = await stored(t, game_id)
    assert row.version == step.version + 1 and len(live.steps) == 1


async def test_a_save_that_breaks_is_never_answered_done(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """An unforeseen failure before the save: no answer at all (the door's guard says
    "nothing was done, press again"), never "done"; nothing applied."""
    t = table
    game_id = await friends(t)
    player, step = await first_step(t, game_id)
    _failing_save(monkeypatch, RuntimeError("a bug"), times=1)
    answers: list[Refusal | None] = []

    async def respond(refusal: Refusal | None) -> None:
        answers.append(refusal)

    with pytest.raises(RuntimeError):
        await t.core.gate.act(player, step, respond)
    assert answers == []
    assert (await stored(t, game_id))[0].version == step.version


async def test_an_answer_that_fails_undoes_nothing(table: Table) -> None:
    t = table
    game_id = await friends(t)
    player, step = await first_step(t, game_id)

    async def respond(refusal: Refusal | None) -> None:
        raise ConnectionError("the door's network")

    t.heard.changes.clear()
    await t.core.gate.act(player, step, respond)
    assert (await stored(t, game_id))[0].version == step.version + 1
    assert len(t.heard.of(game_id)) == 1  # and it is shown
