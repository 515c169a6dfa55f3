"""A press is answered only once it is saved, also while the board is still showing the
question a previous press asked (core/games.py: a view is drawn after the game's locks are
released; core/gate.py: a view being drawn does not make the game busy), and while
something else holds its game (core/gate.py: a change is never answered before its save).

Found by tests/e2e/test_lifecycle_kills.py: "Yes, resign" pressed while the resign question
was still on its way got an answer at once from the gate (the game looked busy), and a kill
right after that answer lost the resignation; later a Done pressed while the previous
press's redraws held the game was answered at once, and lost the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from bot.views.callbacks import Act, GameCb
from core.live import Live
from storage import games
from testkit.driver import game_buttons, press_until, to_act
from testkit.fake_telegram import FakeTelegram
from testkit.fixtures import fake_telegram  # noqa: F401 - a fixture
from testkit.friends import english_friend_game
from testkit.harness import Harness
from testkit.lifecycle import Restartable
from testkit.waiting import until, within


async def test_yes_pressed_while_the_question_is_on_its_way_is_answered_after_its_save(
        harness: Harness) -> None:
    h = harness
    game_id = await english_friend_game(h)
    loser = await to_act(h, game_id)
    row = await games.load_game(h.app.db, game_id)
    live = Live.load(row.state_json)
    held, go = asyncio.Event(), asyncio.Event()
    status_when_answered: dict[str, str] = {}
    yes_query: list[str] = []
    edit_caption, answer = h.fake._edit_message_caption, h.fake._answer_callback_query

    async def slow_question(params: dict[str, Any], files: dict[str, bytes]) -> Any:
        held.set()
        await go.wait()
        return edit_caption(params, files)

    async def answered(params: dict[str, Any], files: dict[str, bytes]) -> Any:
        stored = await games.load_game(h.app.db, game_id)
        status_when_answered[str(params["callback_query_id"])] = stored.status
        if str(params["callback_query_id"]) in yes_query:
            go.set()  # the question arrives once "Yes" is answered (else it would wait out
        return answer(params, files)  # its request's timeout, seconds of wall time)

    h.fake.register("editMessageCaption", slow_question)
    h.fake.register("answerCallbackQuery", answered)
    board = h.board(loser)
    flag = next(d for _, d in game_buttons(board.buttons) if d.a is Act.RESIGN)
    user = h.fake.user(loser, "X")
    user.press(board, flag.pack())
    asking = asyncio.create_task(h.feed())
    await asyncio.wait_for(held.wait(), 30)  # the question is on its way ...
    seat = row.seat_of(loser)
    assert seat is not None
    yes = GameCb(game=game_id, v=row.version, a=Act.RESIGN_YES, src=seat + 1, dst=live.number)
    update = user.press(board, yes.pack())  # ... when "Yes" is pressed (a quick player)
    query = update["callback_query"]["id"]
    yes_query.append(str(query))
    try:  # "Yes" is answered while the question is still held
        await within(h.fake.feed(h.app.dispatcher, h.app.bot), 60, 'the answer to "Yes"')
    finally:
        go.set()
    assert status_when_answered[query] == "finished"  # answered after the save, not before
    await asking


async def test_a_change_waiting_for_its_busy_game_is_not_answered_before_a_kill(
        fake_telegram: FakeTelegram, database_url: str) -> None:  # noqa: F811
    """Done pressed while another task holds the game (e.g. the previous press's redraws),
    and the process killed while it waits: it was not answered, so nobody was told a turn
    was played that the restarted bot does not have; pressed again, it is played."""
    app = Restartable(fake_telegram, database_url)
    h = await app.start()
    try:
        game_id = await english_friend_game(h)
        mover = await press_until(h, game_id, Act.DONE)
        board = h.board(mover)
        done = next(d for _, d in game_buttons(board.buttons) if d.a is Act.DONE)
        before = await games.load_game(h.app.db, game_id)
        locks = h.app.games.locks
        async with h.app.games.holding(game_id):
            update = h.fake.user(mover, "P").press(board, done.pack())
            feeding = asyncio.create_task(h.feed())
            # The press waits for the game: one holder, one waiter.
            await until(lambda: locks.users(game_id) == 2, 30, "the press to wait")
            told = h.fake.callback_answer(update)  # what the player was told when it died
            await app.kill()
            feeding.cancel()
            with contextlib.suppress(BaseException):
                await feeding
        h = await app.restart()
        after = await games.load_game(h.app.db, game_id)
        assert after.version == before.version  # the press died with the process ...
        assert told is None  # ... unanswered (a spinner), not "done"
        board = h.board(mover)
        h.fake.user(mover, "P").press(board, done.pack())
        await h.feed()
        assert (await games.load_game(h.app.db, game_id)).version > before.version
    finally:
        if app.h is not None:
            await app.kill()


async def test_a_change_cut_short_by_a_stop_is_not_answered_done(harness: Harness) -> None:
    """A stop cancels what did not finish within its grace: a Done still waiting for its
    game is answered "nothing was done", not with the empty answer of a change made."""
    h = harness
    game_id = await english_friend_game(h)
    mover = await press_until(h, game_id, Act.DONE)
    board = h.board(mover)
    done = next(d for _, d in game_buttons(board.buttons) if d.a is Act.DONE)
    before = await games.load_game(h.app.db, game_id)
    locks = h.app.games.locks
    async with h.app.games.holding(game_id):
        update = h.fake.user(mover, "P").press(board, done.pack())
        feeding = asyncio.create_task(h.feed())
        await until(lambda: locks.users(game_id) == 2, 30, "the press to wait")
        feeding.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await feeding
    assert (await games.load_game(h.app.db, game_id)).version == before.version
    answer = h.fake.callback_answer(update)
    assert answer is not None and answer["show_alert"], answer
    assert "nothing was done" in answer["text"]
