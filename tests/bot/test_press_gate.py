"""A press refused for sure is answered at once, even while its game's lock is held, with
the right alert; a change is answered once saved."""

from __future__ import annotations

import asyncio

from aiogram.types import Update

from bot.views.callbacks import Act
from engine.dice import SeededDice
from i18n import Translator
from storage import games
from testkit.driver import choose, game_buttons, press_until
from testkit.friends import ALI, OUTSIDER, VALI, friend_game, to_move
from testkit.harness import Harness
from testkit.waiting import until


async def answered(h: Harness, update: dict) -> dict:
    """Wait (on the fake server's requests, not on a clock) until the press is answered."""
    query_id = update["callback_query"]["id"]
    await h.fake.wait_for("answerCallbackQuery",
                          lambda r: r.params.get("callback_query_id") == query_id)
    return h.fake.callback_answer(update)


async def concurrently(h: Harness) -> None:
    updates = [Update.model_validate(data, context={"bot": h.app.bot})
               for data in h.fake.pop_updates()]
    await asyncio.gather(*(h.app.dispatcher.feed_update(h.app.bot, u) for u in updates))


async def test_a_change_is_answered_only_once_saved_while_another_holds_the_game(
        harness: Harness) -> None:
    """No early "done": the press waits for the game and is answered after its save (a
    kill while it waits must not leave an answered press unsaved: test_answer_after_save)."""
    h = harness
    game_id = await friend_game(h)
    chat = await press_until(h, game_id, Act.DONE)
    board = h.board(chat)
    done = next(d for _, d in game_buttons(board.buttons) if d.a is Act.DONE)
    before = await games.load_game(h.app.db, game_id)
    locks = h.app.games.locks
    async with h.app.games.holding(game_id):  # e.g. a slow redraw of another press
        update = h.fake.user(chat, "X").press(board, done.pack())
        feeding = asyncio.create_task(h.fake.feed(h.app.dispatcher, h.app.bot))
        await until(lambda: locks.users(game_id) == 2, 30, "the press to wait")
        assert h.fake.callback_answer(update) is None
    answer = await answered(h, update)
    assert not answer.get("show_alert") and not answer.get("text")
    await feeding
    assert (await games.load_game(h.app.db, game_id)).version > before.version


async def test_refusals_keep_their_alerts_while_the_game_is_busy(harness: Harness) -> None:
    h = harness
    h.app.games.dice = SeededDice(1)  # Vali starts: the waiting player reads English
    game_id = await friend_game(h)
    chat = to_move(h)
    other = VALI if chat == ALI else ALI
    board = h.board(chat)
    data = choose(board.buttons)
    row = await games.load_game(h.app.db, game_id)
    old = data.model_copy(update={"v": row.version - 1})
    async with h.app.games.holding(game_id):
        presses = {
            "outsider": h.fake.user(OUTSIDER, "Third").press(board, data.pack()),
            "waiting player": h.fake.user(other, "Y").press(board, data.pack()),
            "old board": h.fake.user(chat, "X").press(board, old.pack()),
        }
        feeding = asyncio.create_task(h.fake.feed(h.app.dispatcher, h.app.bot))
        texts = {who: await answered(h, update) for who, update in presses.items()}
    await feeding
    assert texts["outsider"]["text"] == "This is not your game."
    assert texts["waiting player"]["text"] == "It is not your turn."
    t = Translator("ru" if chat == VALI else "en")  # Vali reads Russian
    assert texts["old board"]["text"] == t("alert-stale")
    assert all(answer["show_alert"] for answer in texts.values())
    assert (await games.load_game(h.app.db, game_id)).version == row.version


async def test_a_double_tap_on_a_busy_game_is_called_out_of_date_at_once(
        harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    chat = to_move(h)
    user = h.fake.user(chat, "X")
    board = h.board(chat)
    first = choose(board.buttons)
    if first.a is Act.PICK:  # choose a checker first: the double tap is on a move button
        user.press(board, first.pack())
        await h.feed()
        board = h.board(chat)
        first = choose(board.buttons)
    assert first.a not in (Act.PICK, Act.BACK)
    before = await games.load_game(h.app.db, game_id)
    async with h.app.games.holding(game_id):
        one = user.press(board, first.pack())
        two = user.press(board, first.pack())
        feeding = asyncio.create_task(concurrently(h))  # as polling does: one task each
        second = await answered(h, two)  # at once: the first will change the game first
        assert h.fake.callback_answer(one) is None  # the first is answered once saved
    answers = [await answered(h, one), second]
    await feeding
    assert not answers[0].get("show_alert")
    t = Translator("ru" if chat == VALI else "en")
    assert answers[1]["show_alert"] and answers[1]["text"] == t("alert-stale")
    assert (await games.load_game(h.app.db, game_id)).version == before.version + 1
