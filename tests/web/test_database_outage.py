"""The web board while the database does not answer (storage/outage.py), answered as the
chat is: an action is tried again and answered with the game as saved, or "nothing was
saved" (503); a read gets 503 with a hint to come again and words, never 500; the web door
logs it once, without a traceback."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from i18n import Translator
from storage import games
from testkit.blips import outage_of
from testkit.web import ALI, VALI, WebHarness, friend_game

EN = Translator("en")


def web_lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "web.app"]


async def mover_state(wh: WebHarness, game: int) -> tuple[int, dict[str, Any]]:
    for user in (ALI, VALI):
        status, state = await wh.call("GET", f"api/games/{game}", user)
        assert status == 200, state
        if state["you_act"]:
            return user, state
    raise AssertionError("nobody to act")


def first_act(state: dict[str, Any]) -> dict[str, Any]:
    if state["can"]["roll"]:
        return {"act": "roll", "version": state["version"]}
    src, targets = next(iter(state["movable"].items()))
    return {"act": "go", "version": state["version"], "src": int(src),
            "dst": int(next(iter(targets)))}


@pytest.mark.chat
async def test_reads_while_the_database_is_away_get_503_with_words(
        wh: WebHarness, caplog: pytest.LogCaptureFixture) -> None:
    game = await friend_game(wh)
    caplog.set_level(logging.INFO)
    with outage_of(wh.core.db) as down:
        down.fail(None)
        for path in (f"api/games/{game}", f"api/games/{game}", f"api/games/{game}/resign"):
            async with wh.http.get(wh.url + path, headers=wh.headers(ALI)) as response:
                assert response.status == 503, await response.text()
                assert response.headers["Retry-After"].isdigit()
                body = await response.json()
            assert body["text"] == EN("web-unavailable")
    assert (await wh.call("GET", f"api/games/{game}", ALI))[0] == 200
    told = web_lines(caplog)
    assert len(told) == 1 and told[0].levelno == logging.WARNING and not told[0].exc_info
    assert "503" in told[0].getMessage()


@pytest.mark.chat
async def test_an_action_applied_during_an_outage_is_answered_with_the_game_as_saved(
        wh: WebHarness, caplog: pytest.LogCaptureFixture) -> None:
    """The action is saved, then the database goes away while the game is read back: the
    reading is tried again (on the injected sleep) and the answer is the saved game."""
    game = await friend_game(wh)
    user, state = await mover_state(wh, game)
    caplog.set_level(logging.INFO)
    with outage_of(wh.core.db) as down:
        async def away_after_the_save(change: Any) -> None:
            down.fail(3)

        wh.core.games.announcements.subscribe(away_after_the_save)
        status, body = await wh.call("POST", f"api/games/{game}/actions", user,
                                     first_act(state))
        assert down.failed == 3
    assert status == 200, body
    saved = await games.load_game(wh.core.db, game)
    assert body["state"]["version"] == saved.version == state["version"] + 1
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


@pytest.mark.chat
async def test_an_action_applied_whose_game_cannot_be_read_back_says_it_was_saved(
        wh: WebHarness) -> None:
    game = await friend_game(wh)
    user, state = await mover_state(wh, game)
    with outage_of(wh.core.db) as down:
        async def away_after_the_save(change: Any) -> None:
            down.fail(None)

        wh.core.games.announcements.subscribe(away_after_the_save)
        status, body = await wh.call("POST", f"api/games/{game}/actions", user,
                                     first_act(state))
        down.fail(0)
    assert status == 202 and body["applied"] is True, body
    assert body["text"] == EN("web-saved-unavailable")
    assert (await games.load_game(wh.core.db, game)).version == state["version"] + 1


@pytest.mark.chat
async def test_an_action_the_database_cannot_take_in_time_is_503_nothing_saved(
        wh: WebHarness, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
        ) -> None:
    """The game is read, then the database goes away for longer than the core's tries
    (they wait on the test's clock): 503, "nothing was saved", and nothing was."""
    game = await friend_game(wh)
    user, state = await mover_state(wh, game)
    gate = wh.web.gate
    act = gate.act
    caplog.set_level(logging.INFO)
    with outage_of(wh.core.db) as down:
        async def act_while_away(*args: Any, **kwargs: Any) -> None:
            down.fail(None)
            await act(*args, **kwargs)

        monkeypatch.setattr(gate, "act", act_while_away)
        async with wh.http.post(wh.url + f"api/games/{game}/actions", json=first_act(state),
                                headers=wh.headers(user)) as response:
            status, body = response.status, await response.json()
            assert "Retry-After" in response.headers
        assert down.failed >= 7  # the first try and one after each pause
        down.fail(0)
    assert status == 503 and body["refusal"] == "unavailable", body
    assert body["text"] == EN("alert-unavailable")
    assert (await games.load_game(wh.core.db, game)).version == state["version"]
    told = web_lines(caplog)
    assert len(told) == 1 and told[0].levelno == logging.WARNING, told
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
