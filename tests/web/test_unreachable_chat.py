"""A player the bot cannot write to (never opened the chat, blocked it): their board is
tried once, logged once at INFO, and not tried again until they write to the bot or a
while has passed (bot/plumbing/telegram_io.py, `Unreachable`)."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.plumbing.telegram_io import UNREACHABLE_FOR
from engine.dice import SeededDice
from testkit.web import ALI, WebHarness, computer_game, play_turn

EVE = 1003  # plays on the web board only: no chat with the bot


def boards_to(wh: WebHarness, chat: int) -> int:
    return sum(1 for method in ("sendPhoto", "editMessageMedia")
               for call in wh.fake.calls(method) if call.params.get("chat_id") == chat)


async def play(wh: WebHarness, user: int, game: int, turns: int) -> dict[str, Any]:
    _, state = await wh.call("GET", f"api/games/{game}", user)
    for _ in range(turns):
        if state["status"] != "active":
            break
        state = await play_turn(wh, user, state)
        await wh.feed()
    return state


@pytest.mark.chat
async def test_a_web_only_player_costs_one_try_and_one_line(
        wh: WebHarness, caplog: pytest.LogCaptureFixture) -> None:
    wh.core.games.dice = SeededDice(3)
    caplog.set_level(logging.INFO)
    status, data = await wh.call("POST", "api/games", EVE,
                                 {"variant": "short", "level": "beginner", "length": 1})
    assert status == 200, data
    game = int(data["game"])
    state = await play(wh, EVE, game, 4)
    assert state["version"] > 4
    assert boards_to(wh, EVE) == 1  # the first board: "chat not found"
    lines = [r for r in caplog.records if str(EVE) in r.getMessage()]
    assert len(lines) == 1 and lines[0].levelno == logging.INFO, [r.getMessage() for r in lines]
    assert "chat not found" in lines[0].getMessage()
    # Eve writes to the bot: her board is sent there again.
    wh.fake.user(EVE, "Eve").command("/start")
    await wh.feed()
    await play(wh, EVE, game, 1)
    assert boards_to(wh, EVE) >= 2
    assert wh.fake.last_message(EVE).photo is not None


@pytest.mark.chat
async def test_a_chat_that_blocked_the_bot_is_tried_again_after_a_while(
        wh: WebHarness, caplog: pytest.LogCaptureFixture) -> None:
    wh.core.games.dice = SeededDice(3)
    game = await computer_game(wh)
    await wh.feed()
    wh.fake.block(ALI)
    caplog.set_level(logging.INFO)
    tried = boards_to(wh, ALI)
    await play(wh, ALI, game, 3)
    assert boards_to(wh, ALI) == tried + 1
    assert len([r for r in caplog.records if "cannot write to chat" in r.getMessage()]) == 1
    wh.fake.unblock(ALI)
    wh.clock.advance(UNREACHABLE_FOR.total_seconds() + 1)
    await play(wh, ALI, game, 1)
    assert boards_to(wh, ALI) > tried + 1
