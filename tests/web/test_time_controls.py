"""Time controls on the web board's API: a new game names its control (only what the host
offers; live controls against the computer), the state carries the clocks as the server
keeps them, the lobby lists every game being played, and Play again keeps the control."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest

from engine.dice import SeededDice
from storage import challenges, games, matchmaking
from testkit.web import ALI, VALI, WebHarness
from web.auth import sign_init_data

EVE = 1003
NAMES = {ALI: "Ali", VALI: "Vali", EVE: "Eve"}
HANG = 30.0  # only fails a test that would otherwise hang


async def start(wh: WebHarness, control: Any = None, user: int = ALI, **more: Any
                ) -> tuple[int, Any]:
    body = {"variant": "short", "level": "beginner", "length": 1, **more}
    if control is not None:
        body["control"] = control
    return await wh.call("POST", "api/games", user, body)


async def state_of(wh: WebHarness, game: int, user: int = ALI) -> dict[str, Any]:
    status, state = await wh.call("GET", f"api/games/{game}", user)
    assert status == 200, state
    return state


async def viewer_to_act(wh: WebHarness, control: str) -> dict[str, Any]:
    """A new game against the computer under `control`, at the viewer's turn."""
    wh.core.games.dice = SeededDice(3)
    status, data = await start(wh, control)
    assert status == 200, data
    state = await state_of(wh, data["game"])
    assert state["you_act"] and state["clock"]["mover"] == "viewer", state["clock"]
    return state


async def person_game(wh: WebHarness, control: str, creator: int = ALI, other: int = VALI
                      ) -> int:
    """A game of two people under `control` (a challenge of `creator`, accepted), begun."""
    for user in (creator, other):  # stored as players, with their names
        status, _ = await wh.call("GET", "api/session", headers=wh.headers(user, NAMES[user]))
        assert status == 200
    core = wh.core
    challenge = await core.challenges.create(creator, "short", 1, False,
                                             core.controls.get(control))
    row, live = await core.challenges.accept(challenge.code, other)
    await core.games.begin(row, live)
    return row.id


async def test_the_session_offers_the_hosts_controls(wh: WebHarness) -> None:
    status, session = await wh.call("GET", "api/session", ALI)
    assert status == 200
    controls = session["controls"]
    assert [c["token"] for c in controls["all"]] == ["m120", "c8+20", "c15+180", "d1", "d3"]
    assert [c["kind"] for c in controls["all"]] == ["move", "clock", "clock",
                                                    "correspondence", "correspondence"]
    assert [c["text"] for c in controls["all"]] == [
        "2 min a move", "8 s + 20 s/point", "15 s + 3 min/point",
        "1 day a move", "3 days a move"]
    assert controls["default"] == controls["computer_default"] == "m120"
    texts = session["texts"]
    assert texts["web-clock-warning"] == "⏱ Less than 10 seconds left!"
    assert texts["web-deadline"] == "Move by %when%"
    assert (texts["web-span-days"], texts["web-span-whole-days"]) == ("%d% d %h% h", "%d% d")


async def test_a_match_clock_counts_the_delay_then_the_bank(wh: WebHarness) -> None:
    state = await viewer_to_act(wh, "c8+20")
    clock = state["clock"]
    assert clock["token"] == "c8+20" and clock["kind"] == "clock"
    assert clock["text"] == "8 s + 20 s/point" and clock["warn"] == 10
    assert clock["remaining"] == 28 and clock["delay"] == 8
    assert clock["banks"] == {"viewer": 20, "opponent": None}  # the computer has no clock
    assert clock["deadline"] == state["deadline"]
    wh.clock.advance(5)
    clock = (await state_of(wh, state["game"]))["clock"]
    assert (clock["remaining"], clock["delay"], clock["banks"]["viewer"]) == (23, 3, 20)
    wh.clock.advance(10)  # the delay is spent: the bank runs
    clock = (await state_of(wh, state["game"]))["clock"]
    assert (clock["remaining"], clock["delay"], clock["banks"]["viewer"]) == (13, 0, 13)
    row = await games.load_game(wh.core.db, state["game"])
    assert row.timing.control == "c8+20"


async def test_a_move_window_counts_down_alone(wh: WebHarness) -> None:
    state = await viewer_to_act(wh, "m120")
    clock = state["clock"]
    assert (clock["kind"], clock["remaining"], clock["warn"]) == ("move", 120, 10)
    assert "banks" not in clock and "delay" not in clock
    wh.clock.advance(30)
    assert (await state_of(wh, state["game"]))["clock"]["remaining"] == 90


async def test_without_a_control_the_computer_plays_the_default(wh: WebHarness) -> None:
    wh.core.games.dice = SeededDice(3)
    status, data = await start(wh)
    assert status == 200, data
    assert (await state_of(wh, data["game"]))["clock"]["token"] == "m120"


@pytest.mark.parametrize(("control", "text"), [
    ("d1", "Correspondence is for games with people"),  # offered, but not against the computer
    ("m45", "This time control is not offered here"),  # a control, but not offered
    ("x9", "This time control is not offered here"),  # no control at all
    (7, "This time control is not offered here"),
])
async def test_a_control_the_computer_does_not_play_is_refused(
        wh: WebHarness, control: Any, text: str) -> None:
    status, data = await start(wh, control)
    assert status == 400 and data["text"].startswith(text), data
    assert "error" in data
    assert await games.active_games(wh.core.db, ALI) == []
    assert await games.correspondence_games(wh.core.db, ALI) == []


async def test_the_refusal_is_in_the_players_language(wh: WebHarness) -> None:
    """(The user's Telegram claims Russian.)"""
    data = sign_init_data(wh.token, {"id": ALI, "first_name": "Ali", "language_code": "ru"},
                          wh.clock())
    headers = {"Authorization": "tma " + data}
    status, body = await wh.call("POST", "api/games", headers=headers,
                                 body={"variant": "short", "level": "beginner", "length": 1,
                                       "control": "d3"})
    assert status == 400 and body["text"].startswith("Игра по переписке — только с людьми")


async def test_a_correspondence_game_says_its_deadline(wh: WebHarness) -> None:
    game = await person_game(wh, "d1")
    row = await games.load_game(wh.core.db, game)
    seat = row.seat_of(ALI)
    assert seat is not None
    for user in (ALI, VALI):
        clock = (await state_of(wh, game, user))["clock"]
        assert clock["kind"] == "correspondence" and clock["text"] == "1 day a move"
        assert clock["warn"] is None and "banks" not in clock
        assert clock["deadline"] == (wh.clock() + timedelta(days=1)).isoformat()
        assert clock["remaining"] == 86_400
    assert row.timing.correspondence


async def test_a_clock_between_people_shows_both_banks(wh: WebHarness) -> None:
    game = await person_game(wh, "c15+180")
    row = await games.load_game(wh.core.db, game)
    mover = (await state_of(wh, game, ALI))["clock"]["mover"]
    first, second = (ALI, VALI) if mover == "viewer" else (VALI, ALI)
    wh.clock.advance(20)  # the delay and 5 s of the bank
    mine = (await state_of(wh, game, first))["clock"]
    theirs = (await state_of(wh, game, second))["clock"]
    assert mine["mover"] == "viewer" and theirs["mover"] == "opponent"
    assert mine["banks"] == {"viewer": 175, "opponent": 180} and mine["delay"] == 0
    assert theirs["banks"] == {"viewer": 180, "opponent": 175}
    assert row.timing.control == "c15+180"


async def test_the_live_connection_sends_the_clocks(wh: WebHarness) -> None:
    state = await viewer_to_act(wh, "c8+20")
    async with wh.http.ws_connect(wh.url + "api/live") as socket:
        await socket.send_json({"auth": wh.init_data(ALI), "game": state["game"],
                                "version": 0})
        message = await asyncio.wait_for(socket.receive_json(), HANG)
    assert message["type"] == "state"
    clock = message["state"]["clock"]
    assert (clock["token"], clock["remaining"], clock["delay"]) == ("c8+20", 28, 8)
    assert clock["banks"]["viewer"] == 20


async def test_the_lobby_lists_every_game_being_played(wh: WebHarness) -> None:
    first = await person_game(wh, "d1")
    second = await person_game(wh, "d3", creator=EVE, other=ALI)
    wh.core.games.dice = SeededDice(3)
    status, data = await start(wh, "c8+20")
    assert status == 200, data
    live = data["game"]
    status, lobby = await wh.call("GET", "api/games", ALI)
    assert status == 200, lobby
    listed = lobby["games"]
    assert [g["game"] for g in listed] == [live, first, second]  # soonest deadline first
    assert [g["clock"]["token"] for g in listed] == ["c8+20", "d1", "d3"]
    assert [g["opponent"] for g in listed[1:]] == ["Vali", "Eve"]
    assert listed[0]["to_act"] == "viewer" and listed[0]["clock"]["remaining"] == 28
    for item in listed[1:]:
        row = await games.load_game(wh.core.db, item["game"])
        state = await state_of(wh, item["game"])
        assert item["to_act"] == state["to_act"]
        assert item["clock"]["deadline"] == row.deadline.isoformat()  # type: ignore[union-attr]
    # Vali sees the game he plays with Ali, from his side.
    status, lobby = await wh.call("GET", "api/games", VALI)
    [theirs] = lobby["games"]
    assert theirs["game"] == first and theirs["opponent"] == "Ali"
    assert {theirs["to_act"], listed[1]["to_act"]} == {"viewer", "opponent"}
    # Nobody else sees them.
    status, lobby = await wh.call("GET", "api/games", 1009)
    assert status == 200 and lobby["games"] == []


async def test_play_again_keeps_the_control(wh: WebHarness) -> None:
    state = await viewer_to_act(wh, "c15+180")
    status, data = await wh.call("POST", f"api/games/{state['game']}/actions", ALI,
                                 {"act": "resign", "version": state["version"]})
    assert status == 200 and data["state"]["status"] == "finished", data
    status, data = await wh.call("POST", f"api/games/{state['game']}/rematch", ALI)
    assert status == 200 and data["game"] != state["game"], data
    again = await state_of(wh, data["game"])
    assert again["clock"]["token"] == "c15+180"
    row = await games.load_game(wh.core.db, data["game"])
    assert row.timing.control == "c15+180"


async def test_a_search_pairs_only_under_the_same_control(wh: WebHarness) -> None:
    search = {"variant": "short", "lengths": 15, "cube": 2}

    async def ask(user: int, control: Any) -> tuple[int, Any]:
        return await wh.call("POST", "api/search", headers=wh.headers(user, NAMES[user]),
                             body={**search, "control": control})

    status, data = await ask(ALI, "c8+20")
    assert status == 200 and data["searching"] and data["game"] is None, data
    status, data = await ask(EVE, "m120")  # another control: not Ali's partner
    assert status == 200 and data["searching"], data
    status, data = await ask(VALI, "c8+20")
    assert status == 200 and data["game"] is not None, data
    row = await games.load_game(wh.core.db, data["game"])
    assert set(row.players) == {ALI, VALI} and row.timing.control == "c8+20"
    assert (await state_of(wh, row.id))["clock"]["banks"] == {"viewer": 20, "opponent": 20}
    waiting = await matchmaking.waiting_request(wh.core.db, EVE)
    assert waiting is not None and waiting.control == "m120"
    # A control the host does not offer: refused, and no search begins.
    status, data = await wh.call("POST", "api/search", 1009, {**search, "control": "c9+9"})
    assert status == 400 and data["text"].startswith("This time control is not offered")
    assert await matchmaking.waiting_request(wh.core.db, 1009) is None


async def test_a_correspondence_search_beside_a_live_game_is_followed_by_its_id(
        wh: WebHarness) -> None:
    """A player in a live game may search for a correspondence game: the answer says the
    search waits (not the live game), and the page follows the search itself until it
    pairs, then opens the correspondence game it made (`GET api/search/<id>`)."""
    status, data = await start(wh, "m120")  # Ali plays the computer, live
    assert status == 200, data
    live = data["game"]
    search = {"variant": "long", "lengths": 1, "cube": 0, "control": "d1"}
    status, data = await wh.call("POST", "api/search", ALI, search)
    assert status == 200 and data["searching"] and data["game"] is None, data
    ali_search = data["search"]
    status, data = await wh.call("GET", f"api/search/{ali_search}", ALI)
    assert (status, data) == (200, {"searching": True, "search": ali_search, "game": None})
    # Somebody else's search is nobody's business.
    status, _ = await wh.call("GET", f"api/search/{ali_search}", VALI)
    assert status == 404
    status, data = await wh.call("POST", "api/search", VALI, search)
    assert status == 200 and not data["searching"] and data["game"] not in (None, live), data
    made = data["game"]
    status, data = await wh.call("GET", f"api/search/{ali_search}", ALI)
    assert (status, data) == (200, {"searching": False, "search": ali_search, "game": made})
    row = await games.load_game(wh.core.db, made)
    assert set(row.players) == {ALI, VALI} and row.timing.correspondence
    assert (await games.load_game(wh.core.db, live)).status == "active"


@pytest.mark.chat
async def test_play_again_with_a_person_keeps_the_control(wh: WebHarness) -> None:
    """From the web's result screen, Play again with a person is the chat's rematch
    challenge: under the game's control."""
    ali, vali = wh.fake.user(ALI, "Ali"), wh.fake.user(VALI, "Vali")
    ali.command("/start")
    vali.command("/start")
    await wh.feed()
    code = (await wh.core.challenges.create(ALI, "short", 1, False,
                                            wh.core.controls.get("c8+20"))).code
    vali.command(f"/start {code}")
    await wh.feed()
    [row] = await games.active_games(wh.core.db, ALI)
    assert row.timing.control == "c8+20"
    state = await state_of(wh, row.id)
    status, data = await wh.call("POST", f"api/games/{row.id}/actions", ALI,
                                 {"act": "resign", "version": state["version"]})
    assert status == 200 and data["state"]["status"] == "finished", data
    status, data = await wh.call("POST", f"api/games/{row.id}/rematch", ALI)
    assert status == 200 and data == {"sent": True}, data
    await wh.feed()
    offered, made_now = await challenges.rematch_challenge(
        wh.core.db, game_id=row.id, creator_id=VALI, variant="short", now=wh.clock(),
        expires_at=wh.clock() + timedelta(hours=1))
    assert not made_now and offered.creator_id == ALI and offered.control == "c8+20"
