"""The web board's hint API (core/hints.py, as the chat's 💡 Hint): the best three moves
of the asker's roll in an unrated game against the computer, with the lines the page shows,
refused in a rated game and when it is not the asker's move (or after its first step); the
state's `can.hint` (the page's button) says the same."""

from __future__ import annotations

import pytest

import ai
from core.hints import HINT_PLY, HintMove
from core.history import thrown
from core.live import Live
from engine.dice import SeededDice
from i18n import Translator
from i18n.figures import hint_lines
from storage import games, hints
from testkit.waiting import until
from testkit.web import WebHarness, computer_game, friend_game

ALI, VALI = 1001, 1002


async def test_a_hint_against_the_computer(wh: WebHarness) -> None:
    wh.core.games.dice = SeededDice(7)
    game = await computer_game(wh)
    status, state = await wh.call("GET", f"api/games/{game}", ALI)

    async def moving() -> bool:  # one step towards Ali's move: roll, or look again
        nonlocal state
        if state["you_act"] and state["phase"] == "move":
            return True
        assert not state["can"]["hint"]  # the page offers a hint exactly when it is given
        status, body = await wh.call("GET", f"api/games/{game}/hint", ALI)
        assert status == 409 and body["text"].startswith("A hint is for your own move")
        if state["can"]["roll"]:
            status, data = await wh.call("POST", f"api/games/{game}/actions", ALI,
                                         {"act": "roll", "version": state["version"]})
            state = data["state"]
        else:
            status, state = await wh.call("GET", f"api/games/{game}", ALI)
        return False

    await until(moving, 60, "Ali's move")
    assert state["can"]["hint"]
    status, body = await wh.call("GET", f"api/games/{game}/hint", ALI)
    assert status == 200, body
    live = Live.load((await games.load_game(wh.core.db, game)).state_json).game
    ranked = ai.rank_plays(live.position, live.dice, HINT_PLY, first_turn=live.first_turn)
    assert body["dice"] == list(live.dice)
    assert [m["move"] for m in body["moves"]] == [str(p.move) for p, _ in ranked[:3]]
    assert body["moves"][0]["behind"] == 0 and all(
        m["behind"] == pytest.approx(ranked[0][1] - e, abs=1e-4)
        for m, (_, e) in zip(body["moves"], ranked, strict=False))
    assert await hints.used(wh.core.db, game, 1) == {0: 1}
    # The lines the page shows, worded as the chat's alert.
    assert body["lines"] == hint_lines(Translator("en"), thrown(live.dice), [
        HintMove(str(p.move), e, ranked[0][1] - e) for p, e in ranked[:3]])
    assert body["lines"][0] == "💡 Best moves for {}-{}:".format(*thrown(live.dice))
    # After the roll's first step: no hint (the page's button is gone with it).
    src, targets = next(iter(state["movable"].items()))
    status, data = await wh.call("POST", f"api/games/{game}/actions", ALI, {
        "act": "go", "src": int(src), "dst": int(next(iter(targets))),
        "version": state["version"]})
    assert status == 200, data
    if data["state"]["movable"]:
        assert not data["state"]["can"]["hint"]
        status, body = await wh.call("GET", f"api/games/{game}/hint", ALI)
        assert status == 409, body


@pytest.mark.chat  # a friend game is made through the chat door
async def test_a_rated_game_refuses_a_hint(wh: WebHarness) -> None:
    game = await friend_game(wh)
    for user in (ALI, VALI):
        _, state = await wh.call("GET", f"api/games/{game}", user)
        if state["you_act"] and state["can"]["roll"]:
            _, data = await wh.call("POST", f"api/games/{game}/actions", user,
                                    {"act": "roll", "version": state["version"]})
            state = data["state"]
        assert not state["can"]["hint"]  # the page shows no Hint button
        status, body = await wh.call("GET", f"api/games/{game}/hint", user)
        assert status == 403, body
        assert body["text"] == "Hints are for unrated games against the computer only."
    status, body = await wh.call("GET", f"api/games/{game}/hint", 1003)  # not a player
    assert status in (401, 403), body
    assert await hints.used(wh.core.db, game, 1) == {}
