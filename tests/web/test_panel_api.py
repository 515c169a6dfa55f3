"""What the web board's panel shows, from the API: what to do next, the opening roll, the
move list in the viewer's numbering and the one-tap whole moves (docs/web.md)."""

from __future__ import annotations

from typing import Any

import pytest

from core.fullmoves import one_taps
from core.live import Live
from engine.dice import SeededDice
from engine.moves import seen_from_other_side
from storage import games
from testkit.web import WebHarness, computer_game, friend_game, play_turn
from web.auth import sign_init_data

ALI, VALI, OLGA = 1001, 1002, 1004


async def act(wh: WebHarness, state: dict[str, Any], **body: Any) -> dict[str, Any]:
    status, data = await wh.call("POST", f"api/games/{state['game']}/actions", ALI,
                                 {**body, "version": state["version"]})
    assert status == 200, data
    return data["state"]


async def stored(wh: WebHarness, game: int) -> Live:
    return Live.load((await games.load_game(wh.core.db, game)).state_json)


def expected_log(live: Live, seat: int) -> list[str]:
    """The move list as the viewer of `seat` should read it: own moves as written, the
    opponent's turned into the viewer's numbers."""
    out = []
    for raw in live.game.history:
        if raw["type"] not in ("move", "pass"):
            continue
        d1, d2 = sorted(raw["dice"], reverse=True)
        if raw["type"] == "pass":
            out.append(f"{d1}-{d2}: no move")
            continue
        move = raw["move"] if raw["seat"] == seat else seen_from_other_side(
            raw["move"], live.game.variant)
        out.append(f"{d1}-{d2}: {move}")
    return out


async def test_the_panel_says_what_to_do_and_lists_the_moves(wh: WebHarness) -> None:
    wh.core.games.dice = SeededDice(5)
    game = await computer_game(wh, ALI, "long")
    status, state = await wh.call("GET", f"api/games/{game}", ALI)
    assert status == 200
    assert state["texts"]["opening"].startswith("Opening roll: Ali ")
    seen = {"more": 0, "done": 0, "finish": 0}  # (without the cube the dice roll themselves)
    for _ in range(60):
        if state["status"] != "active":
            break
        if not state["you_act"]:
            assert state["texts"]["status"].endswith("is playing…"), state["texts"]
            status, state = await wh.call("GET", f"api/games/{game}", ALI)
            continue
        live = await stored(wh, game)
        assert [item["text"] for item in state["log"]] == expected_log(live, 0)
        assert all(item["by"] in ("viewer", "opponent") and item["n"] >= 1
                   for item in state["log"])
        if state["can"]["roll"]:
            assert state["texts"]["status"] == "Your turn: roll."  # (no cube: no double)
            state = await act(wh, state, act="roll")
        elif state["can"]["done"]:
            seen["done"] += 1
            if live.pending is not None:  # no Done asked for: the turn goes by itself
                move = str(live.turn().move())
                assert state["texts"]["status"] == (
                    f"Your move: {move}. It goes in a few seconds; ↶ Undo takes it back.")
            else:
                assert state["texts"]["status"] == "Press Done to end your turn."
            state = await act(wh, state, act="done")
        elif state["can"]["finish"]:
            seen["finish"] += 1
            labels = [str(option.move) for option in one_taps(live)]
            assert state["finishes"] == labels and labels, state["finishes"]
            after = await act(wh, state, act="finish", src=len(labels) - 1)
            played = after["log"][-1]["text"] if not after["you_act"] else None
            if played is not None:  # the turn ended (Done came by itself): the move is listed
                assert played.endswith(labels[-1]), (played, labels)
            state = after
        elif state["movable"]:
            seen["more"] += 1
            turn = live.turn()
            left = turn.length - len(turn.taken)
            word = "checker" if left == 1 else "checkers"
            number = "one" if left == 1 else str(left)
            assert state["texts"]["status"] == f"Your move: {number} more {word} to move."
            assert state["finishes"] == []
            src, targets = next(iter(state["movable"].items()))
            state = await act(wh, state, act="go", src=int(src), dst=int(next(iter(targets))))
        else:
            status, state = await wh.call("GET", f"api/games/{game}", ALI)
    assert all(seen.values()), seen
    assert len(state["log"]) >= 8


async def test_the_panels_words_are_the_readers(wh: WebHarness) -> None:
    """The session carries the panel's titles; a Russian reader's status and move list are
    in Russian (the bar and off in its words)."""
    status, session = await wh.call("GET", "api/session", ALI)
    assert status == 200
    assert session["texts"]["web-moves"] == "Moves"
    assert session["texts"]["web-full-moves"] == "Whole moves:"
    assert session["texts"]["web-pips"] == "Pips"
    wh.core.games.dice = SeededDice(5)
    russian = {"Authorization": "tma " + sign_init_data(
        wh.token, {"id": OLGA, "first_name": "Olga", "language_code": "ru"}, wh.clock())}
    status, _ = await wh.call("GET", "api/session", headers=russian)
    assert status == 200
    game = await computer_game(wh, OLGA, "short")
    status, state = await wh.call("GET", f"api/games/{game}", headers=russian)
    assert status == 200
    assert state["texts"]["opening"].startswith("Первый бросок: ")
    status_line = state["texts"]["status"]
    assert status_line.startswith(("Ваш ход", "Нажмите", "Компьютер")), status_line


@pytest.mark.chat  # a game between two people, made through the chat
async def test_the_status_tells_a_roll_a_double_and_a_take(wh: WebHarness) -> None:
    wh.core.games.dice = SeededDice(3)
    game = await friend_game(wh, length=3, cube=True)
    states = {user: (await wh.call("GET", f"api/games/{game}", user))[1] for user in (ALI, VALI)}
    for _ in range(4):  # past the opening move, to the first roll that may double
        roller = next((u for u, s in states.items() if s["can"]["roll"]), None)
        if roller is not None:
            break
        mover = next(u for u, s in states.items() if s["you_act"])
        await play_turn(wh, mover, states[mover])
        states = {u: (await wh.call("GET", f"api/games/{game}", u))[1] for u in (ALI, VALI)}
    assert roller is not None, states
    other = VALI if roller == ALI else ALI
    state = states[roller]
    assert state["can"]["double"] and state["texts"]["status"] == "Your turn: roll, or double."
    status, data = await wh.call("POST", f"api/games/{game}/actions", roller,
                                 {"act": "double", "version": state["version"]})
    assert status == 200, data
    offered = (await wh.call("GET", f"api/games/{game}", other))[1]
    assert offered["texts"]["status"] == "You are offered a double: take or drop?"
    status, data = await wh.call("POST", f"api/games/{game}/actions", other,
                                 {"act": "take", "version": offered["version"]})
    assert status == 200, data
    state = (await wh.call("GET", f"api/games/{game}", roller))[1]
    # The taker owns the cube: the doubler's dice roll by themselves, nothing to ask.
    assert not state["can"]["double"] and state["phase"] == "move", state
    assert state["texts"]["status"].startswith("Your move: "), state["texts"]
