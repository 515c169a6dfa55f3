"""Issue 38's "Done when", on the web board: two people paired by the web's search play a
correspondence game and a match-clock game to the end only through the web API (POST
api/games/<id>/actions), on both engines, with the test's clock; the state's `clock` is
checked at the start and at the end."""

from __future__ import annotations

from typing import Any

from engine.dice import SeededDice
from storage import games
from testkit.web import ALI, VALI, WebHarness, play_turn

NAMES = {ALI: "Ali", VALI: "Vali"}
DELAY, BANK = 8, 20  # c8+20 in a 1-point match
MAX_TURNS = 400  # a game not over after this many turns is a failure


async def paired(wh: WebHarness, control: str) -> int:
    """Ali and Vali each search a 1-point short game under `control`; the game made."""
    data: Any = None
    for user in (ALI, VALI):
        status, data = await wh.call("POST", "api/search", headers=wh.headers(user, NAMES[user]),
                                     body={"variant": "short", "lengths": 1, "cube": 2,
                                           "control": control})
        assert status == 200, data
    assert data["game"] is not None, data
    row = await games.load_game(wh.core.db, data["game"])
    assert set(row.players) == {ALI, VALI} and row.timing.control == control
    return row.id


async def state_of(wh: WebHarness, game: int, user: int) -> dict[str, Any]:
    status, state = await wh.call("GET", f"api/games/{game}", user)
    assert status == 200, state
    return state


async def play_out(wh: WebHarness, game: int, seconds: list[float]) -> dict[str, Any]:
    """Each player to act plays their turn through the API after the turn's `seconds`
    (the last number for every turn past the list); Ali's final state."""
    for turn in range(MAX_TURNS):
        state = await state_of(wh, game, ALI)
        if state["status"] != "active":
            return state
        user = ALI if state["you_act"] else VALI
        wh.clock.advance(seconds[min(turn, len(seconds) - 1)])
        await play_turn(wh, user, await state_of(wh, game, user))
    raise AssertionError("the game did not end")


async def test_a_correspondence_game_on_the_web_to_the_end(wh: WebHarness) -> None:
    wh.core.games.dice = SeededDice(5)
    game = await paired(wh, "d1")
    for user in (ALI, VALI):
        clock = (await state_of(wh, game, user))["clock"]
        assert (clock["token"], clock["kind"], clock["remaining"]) == ("d1", "correspondence",
                                                                       86_400)
        assert clock["warn"] is None and "banks" not in clock and clock["mover"] is not None
    state = await play_out(wh, game, [3 * 3600])  # three hours a turn
    assert state["status"] == "finished"
    clock = state["clock"]
    assert clock["token"] == "d1" and clock["deadline"] is None
    assert clock["remaining"] is None and clock["mover"] is None
    row = await games.load_game(wh.core.db, game)
    assert row.status == "finished" and row.rated and row.result != "timeout"


async def test_a_match_clock_game_on_the_web_to_the_end(wh: WebHarness) -> None:
    wh.core.games.dice = SeededDice(7)
    game = await paired(wh, "c8+20")
    start = await state_of(wh, game, ALI)
    clock = start["clock"]
    assert (clock["token"], clock["kind"], clock["warn"]) == ("c8+20", "clock", 10)
    assert clock["remaining"] == DELAY + BANK and clock["delay"] == DELAY
    assert clock["banks"] == {"viewer": BANK, "opponent": BANK}
    first = ALI if start["you_act"] else VALI
    second = VALI if first == ALI else ALI
    # The first two turns take 5 s past the delay, then 3 s a turn (within the delay).
    state = await play_out(wh, game, [DELAY + 5, DELAY + 5, 3])
    assert state["status"] == "finished"
    clock = state["clock"]
    assert clock["deadline"] is None and clock["remaining"] is None and clock["mover"] is None
    assert clock["banks"] == {"viewer": BANK - 5, "opponent": BANK - 5}
    assert (await state_of(wh, game, second))["clock"]["banks"] == clock["banks"]
    row = await games.load_game(wh.core.db, game)
    assert row.status == "finished" and row.rated and row.result != "timeout"
    assert first in row.players
