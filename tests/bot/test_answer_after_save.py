"""A press is answered only once it is saved, also while the board is still showing the
question a previous press asked (core/games.py: a view is drawn after the game's locks are
released; core/gate.py: a view being drawn does not make the game busy).

Found by tests/e2e/test_lifecycle_kills.py: "Yes, resign" pressed while the resign question
was still on its way got an answer at once from the gate (the game looked busy), and a kill
right after that answer lost the resignation.
"""

from __future__ import annotations

import asyncio
from typing import Any

from bot.views.callbacks import Act, GameCb
from core.live import Live
from storage import games
from tests.support.driver import game_buttons, to_act
from tests.support.friends import english_friend_game
from tests.support.harness import Harness


async def test_yes_pressed_while_the_question_is_on_its_way_is_answered_after_its_save(
        harness: Harness) -> None:
    h = harness
    game_id = await english_friend_game(h)
    loser = await to_act(h, game_id)
    row = await games.load_game(h.app.db, game_id)
    live = Live.load(row.state_json)
    held, go = asyncio.Event(), asyncio.Event()
    status_when_answered: dict[str, str] = {}
    edit_caption, answer = h.fake._edit_message_caption, h.fake._answer_callback_query

    async def slow_question(params: dict[str, Any], files: dict[str, bytes]) -> Any:
        held.set()
        await go.wait()
        return edit_caption(params, files)

    async def answered(params: dict[str, Any], files: dict[str, bytes]) -> Any:
        stored = await games.load_game(h.app.db, game_id)
        status_when_answered[str(params["callback_query_id"])] = stored.status
        return answer(params, files)

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
    await h.fake.feed(h.app.dispatcher, h.app.bot)
    query = update["callback_query"]["id"]
    assert status_when_answered[query] == "finished"  # answered after the save, not before
    go.set()
    await asking
