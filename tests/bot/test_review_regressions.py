"""Regressions for defects found in review: each test reproduces one scenario."""

from __future__ import annotations

from aiogram.types import Update

from bot.views import board as views
from bot.views.callbacks import Act, GameCb
from core.live import Live
from storage import games
from testkit.computer import start_game
from testkit.driver import choose, game_buttons
from testkit.friends import (
    ALI,
    VALI,
    finish_by_resignation,
    finish_by_resignation_in_match,
    friend_game,
    start,
    to_move,
)
from testkit.harness import Harness


async def test_steps_within_a_turn_do_not_reset_its_timer(harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    chat = to_move(h)
    deadline = (await games.load_game(h.app.db, game_id)).deadline
    user = h.fake.user(chat, "X")
    h.clock.advance(60)
    for _ in range(2):  # choose a checker, move it
        board = h.board(chat)
        user.press(board, choose(board.buttons).pack())
        await h.feed()
    row = await games.load_game(h.app.db, game_id)
    live = Live.load(row.state_json)
    if live.steps:  # a step was taken, the turn is not over (or waits to be sent: the row
        # wakes for that moment, the game keeps the turn's own deadline)
        assert (live.pending.deadline if live.pending else row.deadline) == deadline


async def test_a_second_tap_on_resign_does_not_resign_the_next_game(harness: Harness) -> None:
    h = harness
    game_id = await start(h, "To 3 points", "Without the cube")
    board = h.board(VALI)
    await finish_by_resignation_in_match(h, game_id, VALI)
    confirm = next(data for _, data in h.fake.message(VALI, board.message_id).buttons
                   if data and ":ry:" in data) if any(
        data and ":ry:" in data for _, data in h.fake.message(VALI, board.message_id).buttons
    ) else GameCb(game=game_id, v=0, a=Act.RESIGN_YES, src=2, dst=1).pack()
    update = h.fake.user(VALI, "Vali").press(h.fake.message(VALI, board.message_id), confirm)
    await h.feed()
    assert h.fake.callback_answer(update)["show_alert"] is True
    row = await games.load_game(h.app.db, game_id)
    assert row.status == "active" and Live.load(row.state_json).number == 2


async def test_a_press_for_an_unknown_game_is_answered(harness: Harness) -> None:
    h = harness
    await friend_game(h)
    board = h.board(ALI)
    update = h.fake.user(ALI, "Ali").press(board, GameCb(game=999, v=1, a=Act.ROLL).pack())
    await h.feed()
    assert h.fake.callback_answer(update)["show_alert"] is True


async def test_a_failed_redraw_does_not_stop_the_computer(harness: Harness) -> None:
    h = harness
    user = await start_game(h, 1001, "Short nard", "🤖 Computer", "Beginner", "1 game",
                            "Without the cube")
    [row] = await games.active_games(h.app.db, 1001)
    for _ in range(50):  # play until the human ends a turn, with Telegram failing then
        board = h.board(1001)
        data = choose(board.buttons)
        if data.a is Act.DONE:
            h.fake.fail_next("editMessageMedia", 500, "Internal Server Error", times=3)
        user.press(board, data.pack())
        await h.feed()
        if data.a is Act.DONE:
            break
    await h.app.timers.tick()  # the computer's turn is due at once: the timer resumes it
    row = await games.load_game(h.app.db, row.id)
    game = Live.load(row.state_json).game
    assert row.status != "active" or game.to_act == 0  # the computer has moved


async def test_a_selection_left_when_the_game_ends_does_not_break_the_board(
        harness: Harness, monkeypatch) -> None:
    h = harness
    monkeypatch.setattr(views, "DIRECT_MOVES", 0)  # a checker to choose on the first board
    game_id = await friend_game(h)
    chat = to_move(h)
    board = h.board(chat)
    pick = next(d for _, d in game_buttons(board.buttons) if d.a is Act.PICK)
    h.fake.user(chat, "X").press(board, pick.pack())
    await h.feed()
    other = VALI if chat == ALI else ALI

    await finish_by_resignation(h, game_id, other)
    assert any(d.a is Act.REMATCH for _, d in game_buttons(h.board(chat).buttons))


async def test_an_anonymous_admin_is_ignored(harness: Harness) -> None:
    h = harness
    h.fake.group(-100777, "Club")
    anonymous = h.fake.user(1087968824, "Group", username="GroupAnonymousBot")
    anonymous.command("/nard", chat=-100777)
    data = h.fake.pop_update()
    data["message"]["from"]["is_bot"] = True  # how Telegram shows an anonymous admin
    await h.app.dispatcher.feed_update(
        h.app.bot, Update.model_validate(data, context={"bot": h.app.bot}))
    assert not [m for m in h.fake.messages(-100777) if m.from_bot]
