"""One scenario per Bot API method the bot uses: each makes the bot call that method."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.app import start_up
from bot.views.callbacks import Act
from storage import games
from testkit.computer import start_game
from testkit.driver import choice, game_buttons
from testkit.friends import ALI, VALI, friend_game
from testkit.harness import Harness

USER, GROUP = 9101, -100911


def to_move(h: Harness) -> int | None:
    """Whose newest board offers move buttons (None: nobody's, e.g. a board not redrawn)."""
    for chat in (ALI, VALI):
        if [d for _, d in game_buttons(h.board(chat).buttons) if d.a is not Act.RESIGN]:
            return chat
    return None


Scenario = Callable[[Harness], Awaitable[None]]


async def welcome(h: Harness) -> None:  # sendMessage
    h.fake.user(USER, "Ali").command("/start")
    await h.feed()
    assert "Welcome" in (h.fake.last_message(USER).text or "")


async def computer_game(h: Harness) -> None:  # sendPhoto, deleteMessage, editMessageText
    await start_game(h, USER, "Short nard", "🤖 Computer", "Beginner", "1 game",
                     "Without the cube")
    assert h.board(USER).buttons


async def menu_step(h: Harness) -> None:  # editMessageText, answerCallbackQuery
    user = h.fake.user(USER, "Ali")
    user.command("/new")
    await h.feed()
    update = user.press_button(USER, "Long nard")
    await h.feed()
    assert h.fake.callback_answer(update) is not None
    assert "🤖" in str(h.fake.last_message(USER).buttons)


async def friend_press(h: Harness) -> None:  # editMessageMedia, getMe (the link)
    game_id = await friend_game(h)
    chat = to_move(h)
    assert chat is not None
    board = h.board(chat)
    version = (await games.load_game(h.app.db, game_id)).version
    h.fake.user(chat, "X").press(board, choice(board.buttons))
    await h.feed()
    assert h.board(chat).edits or (await games.load_game(h.app.db, game_id)).version > version


async def resign_prompt(h: Harness) -> None:  # editMessageCaption (the question and Yes/No)
    await friend_game(h)
    board = h.board(ALI)
    flag = next(d for t, d in board.buttons if t.startswith("🏳") and d is not None)
    h.fake.user(ALI, "Ali").press(board, flag)
    await h.feed()
    assert any(d and ":ry:" in d for _, d in h.fake.message(ALI, board.message_id).buttons)


async def inline_cards(h: Harness) -> None:  # answerInlineQuery
    query = h.fake.user(USER, "Ali").inline_query("")
    await h.feed()
    # Short and long nard under each offered time control.
    results = h.fake.inline_results(query)
    assert results is not None and len(results) == 2 * len(h.app.core.controls.controls)


async def group_language(h: Harness) -> None:  # getChatMember
    h.fake.group(GROUP, "Club")
    h.fake.register("getChatMember", lambda params, files: {
        "status": "creator", "is_anonymous": False,
        "user": {"id": int(params["user_id"]), "is_bot": False, "first_name": "U"}})
    user = h.fake.user(USER, "Ali")
    user.command("/lang", chat=GROUP)
    await h.feed()
    user.press_button(GROUP, "Русский")
    await h.feed()
    row = await h.app.db.fetchone("SELECT language FROM chat_settings")
    assert row is not None and row["language"] == "ru"


async def starting(h: Harness) -> None:  # getMe, setMyCommands
    await start_up(h.app, h.clock.sleep)
    assert h.fake.commands(language_code="ru")


SCENARIOS: dict[str, Scenario] = {
    "sendMessage": welcome, "sendPhoto": computer_game, "deleteMessage": computer_game,
    "editMessageText": menu_step, "answerCallbackQuery": menu_step,
    "editMessageMedia": friend_press, "editMessageCaption": resign_prompt,
    "answerInlineQuery": inline_cards, "getChatMember": group_language,
    "getMe": starting, "setMyCommands": starting,
}
