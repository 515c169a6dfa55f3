"""Games against the computer, started from the menu and played through the buttons."""

from __future__ import annotations

from bot.views.callbacks import Act
from testkit.driver import choose, game_buttons
from testkit.harness import Harness

MAX_PRESSES = 3000  # a game not over after this many presses is a failure


async def start_game(h: Harness, user_id: int, *labels: str):
    """/start, /new, then the menu's `labels`; the fake user who pressed them."""
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
