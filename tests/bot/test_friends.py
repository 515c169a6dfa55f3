"""Friend games by challenge link; stale, foreign and concurrent presses; the turn timer."""

from __future__ import annotations

import asyncio

import pytest
from aiogram.types import Update

from bot.plumbing.admission import PER_USER
from bot.views.callbacks import Act
from engine.dice import SeededDice
from i18n import Translator, available_languages
from storage import games
from testkit.driver import choose
from testkit.friends import ALI, OUTSIDER, VALI, challenge, friend_game, to_move
from testkit.harness import Harness


@pytest.mark.slow
async def test_a_friend_game_by_link_played_to_the_end(harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    users = {ALI: h.fake.user(ALI, "Ali"), VALI: h.fake.user(VALI, "Vali", language_code="ru")}
    for _ in range(4000):
        row = await games.load_game(h.app.db, game_id)
        if row.status != "active":
            break
        chat = to_move(h)
        board = h.board(chat)
        users[chat].press(board, choose(board.buttons).pack())
        await h.feed()
    row = await games.load_game(h.app.db, game_id)
    assert row.status == "finished" and row.rated
    # Each player saw the result, and both ratings moved by the same amount.
    for chat in (ALI, VALI):
        assert any("Rating" in (m.text or "") or "Рейтинг" in (m.text or "")
                   for m in h.fake.messages(chat)), h.fake.transcript(chat)


async def test_a_used_link_and_the_own_link_are_refused(harness: Harness) -> None:
    h = harness
    code = await challenge(h, "Long nard", "👥 A friend", "1 game")
    ali = h.fake.user(ALI, "Ali")
    ali.command(f"/start {code}")
    await h.feed()
    assert "your own challenge" in (h.fake.last_message(ALI).text or "")
    h.fake.user(VALI, "Vali").command(f"/start {code}")
    await h.feed()
    h.fake.user(OUTSIDER, "Third").command(f"/start {code}")
    await h.feed()
    assert "already accepted" in (h.fake.last_message(OUTSIDER).text or "")
    h.fake.user(OUTSIDER, "Third").command("/start nonsense")
    await h.feed()
    assert "not valid" in (h.fake.last_message(OUTSIDER).text or "")


async def test_foreign_and_stale_presses_change_nothing(harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    chat = to_move(h)
    board = h.board(chat)
    data = choose(board.buttons)
    before = await games.load_game(h.app.db, game_id)
    # A press by someone who is not in the game.
    outsider = h.fake.user(OUTSIDER, "Third")
    update = outsider.press(board, data.pack())
    await h.feed()
    assert h.fake.callback_answer(update)["show_alert"] is True
    # A press by the player who is waiting.
    other = VALI if chat == ALI else ALI
    update = h.fake.user(other, "X").press(board, data.pack())
    await h.feed()
    assert h.fake.callback_answer(update)["show_alert"] is True
    assert (await games.load_game(h.app.db, game_id)).version == before.version
    # A stale press: a button from an older version of the board.
    old = data.model_copy(update={"v": before.version - 1})
    update = h.fake.user(chat, "X").press(board, old.pack())
    await h.feed()
    assert h.fake.callback_answer(update)["show_alert"] is True
    assert (await games.load_game(h.app.db, game_id)).state_json == before.state_json


async def test_twenty_identical_presses_apply_once(harness: Harness) -> None:
    h = harness
    h.app.games.dice = SeededDice(1)  # an opening whose first press picks a checker
    game_id = await friend_game(h)
    chat = to_move(h)
    board = h.board(chat)
    # Pick a checker, then press the same move button twenty times at once.
    user = h.fake.user(chat, "X")
    user.press(board, choose(board.buttons).pack())
    await h.feed()
    board = h.board(chat)
    go = choose(board.buttons)
    assert go is not None and go.a is Act.GO
    before = await games.load_game(h.app.db, game_id)
    updates = [user.press(board, go.pack()) for _ in range(20)]
    batch = [Update.model_validate(h.fake.pop_update(), context={"bot": h.app.bot})
             for _ in updates]
    await asyncio.gather(*(h.app.dispatcher.feed_update(h.app.bot, u) for u in batch))
    after = await games.load_game(h.app.db, game_id)
    assert after.version == before.version + 1
    # One applies; every other is answered: out of date, or (beyond the PER_USER updates
    # of one user taken at once) "busy", nothing done.
    answers = [h.fake.callback_answer(u) for u in updates]
    busy = {Translator(language)("busy-try-again") for language in available_languages()}
    assert sum(1 for a in answers if a and a.get("show_alert")) == PER_USER - 1
    assert sum(1 for a in answers if a and a.get("text") in busy) == 20 - PER_USER
    steps = [e for e in await games.move_log(h.app.db, game_id) if e.kind == "step"]
    assert len(steps) == len({(e.version, e.notation) for e in steps})


async def test_the_timer_ends_the_game(harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    chat = to_move(h)
    h.clock.advance(100)  # inside the warning window
    await h.app.timers.tick()
    assert (h.fake.last_message(chat).text or "").startswith("⏱")  # the warning
    assert (await games.load_game(h.app.db, game_id)).status == "active"
    h.clock.advance(21)
    await h.app.timers.tick()
    row = await games.load_game(h.app.db, game_id)
    assert row.status == "finished"
    assert row.winner_seat == row.players.index(VALI if chat == ALI else ALI)
    assert row.result == "plain"  # the opening position is a plain loss
    log = await games.move_log(h.app.db, game_id)
    assert log[-1].kind == "result" or any(e.kind == "timeout" for e in log)
