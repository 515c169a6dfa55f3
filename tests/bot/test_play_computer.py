"""A whole game against the computer, played by pressing the buttons the bot offers."""

from __future__ import annotations

import pytest

from bot.views.callbacks import Act
from storage import games
from tests.bot.conftest import Harness
from tests.bot.driver import choose, game_buttons

MAX_PRESSES = 3000


async def start_game(h: Harness, user_id: int, *labels: str):
    user = h.fake.user(user_id, "Ali", language_code="en")
    user.command("/start")
    await h.feed()
    user.command("/new")
    await h.feed()
    for label in labels:
        user.press_button(user_id, label)
        await h.feed()
    return user


async def play_to_the_end(h: Harness, user, chat: int) -> int:
    """Press offered buttons until the game is over; returns the number of presses."""
    for presses in range(MAX_PRESSES):
        board = h.board(chat)
        offered = game_buttons(board.buttons)
        if any(data.a is Act.REMATCH for _, data in offered):
            return presses
        data = choose(board.buttons)
        assert data is not None, h.fake.transcript(chat)
        user.press(board, data.pack())
        await h.feed()
        answer = h.fake.callback_answer(h.fake.calls("answerCallbackQuery")[-1].params[
            "callback_query_id"]) if h.fake.calls("answerCallbackQuery") else None
        assert not (answer and answer.get("show_alert")), answer
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("variant", "label"), [("short", "Short nard"), ("long", "Long nard")])
async def test_a_seeded_game_against_the_computer(harness: Harness, variant: str,
                                                  label: str) -> None:
    h = harness
    extra = ("Without the cube",) if variant == "short" else ()
    user = await start_game(h, 1001, label, "🤖 Computer", "Beginner", "1 game", *extra)
    [row] = await games.active_games(h.app.db, 1001)
    assert row.variant == variant and row.level == "beginner"
    presses = await play_to_the_end(h, user, 1001)
    assert presses > 10
    row = await games.load_game(h.app.db, row.id)
    assert row.status == "finished" and row.result in ("plain", "mars", "koks", "home_mars")
    texts = [m.text or "" for m in h.fake.messages(1001)]
    assert any(t.startswith(("🏆 You won", "You lost")) for t in texts), texts[-3:]
    log = await games.move_log(h.app.db, row.id)
    assert any(entry.kind == "move" and entry.seat == 1 for entry in log)  # the computer moved


def test_the_opening_log_names_moves_by_their_notation() -> None:
    from core.eventlog import since
    from core.live import Live
    from engine.dice import FixedDice
    from engine.game import Game

    game = Game.new("long", FixedDice(6, 5, 6, 5))  # seat 0 starts, then rolls 6-5
    game.roll(0, (6, 5))
    game.play(0, game.legal_plays()[0])  # the only move: 24/13
    lines = since(None, Live(game))
    assert [(e.kind, e.notation) for e in lines][-1] == ("move", "24/13")
