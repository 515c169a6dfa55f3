"""Hints while learning, through the real Dispatcher (both engines): the 💡 Hint button of an
unrated game against the computer shows the analysis judge's best three moves with how far
each is behind; the hints used are in that game's analysis; a rated game offers none and
refuses a forged press."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

import ai
from bot.services.hints import hint_text
from bot.views.board import game_data
from bot.views.callbacks import Act
from core.hints import HINT_PLY, Hint, HintMove
from core.live import Live
from engine.game import Phase
from i18n import Translator
from storage import games, hints
from testkit.analysis import counting
from testkit.computer import play_to_the_end, start_game
from testkit.driver import resign
from testkit.friends import ALI, english_friend_game
from testkit.harness import Harness

PLAYER = 1001


@pytest_asyncio.fixture
async def h(harness: Harness) -> AsyncIterator[Harness]:
    yield harness
    await harness.app.analysis.stop()
    await harness.app.core.stop()


def last_alert(h: Harness) -> str | None:
    call = h.fake.calls("answerCallbackQuery")[-1]
    answer = h.fake.callback_answer(call.params["callback_query_id"])
    assert answer is not None and answer.get("show_alert"), answer
    return answer.get("text")


def hint_button(h: Harness, chat: int) -> str | None:
    return next((data for text, data in h.board(chat).buttons if text == "💡 Hint"), None)


@pytest.mark.slow
async def test_a_hint_in_an_unrated_game_against_the_computer(h: Harness) -> None:
    user = await start_game(h, PLAYER, "Short nard", "🤖 Computer", "Beginner", "1 game",
                            "Without the cube")
    [row] = await games.active_games(h.app.db, PLAYER)
    assert not row.rated
    # Roll until it is the player's move (the buttons offer Roll first).
    for _ in range(20):  # (a few rolls: the computer's turn comes between)
        live = Live.load((row := await games.load_game(h.app.db, row.id)).state_json)
        if live.game.phase is Phase.MOVE:
            break
        assert hint_button(h, PLAYER) is None  # nothing to hint before the roll
        user.press(h.board(PLAYER), game_data(row.id, row.version, Act.ROLL))
        await h.feed()
    else:
        raise AssertionError(f"20 presses of Roll and still no move to make: {live.game}")
    data = hint_button(h, PLAYER)
    assert data is not None
    user.press(h.board(PLAYER), data)
    await h.feed()
    game = live.game
    assert game.dice is not None
    ranked = ai.rank_plays(game.position, game.dice, HINT_PLY, first_turn=game.first_turn)
    best = ranked[0][1]
    expected = hint_text(Translator("en"), Hint(game.dice, tuple(
        HintMove(str(play.move), equity, best - equity) for play, equity in ranked[:3])))
    shown = last_alert(h)
    assert shown == expected
    lines = (shown or "").splitlines()
    assert lines[0] == f"💡 Best moves for {max(game.dice)}-{min(game.dice)}:"
    assert len(lines) == 1 + min(3, len(ranked)) and lines[1].startswith("1. ")
    assert "(equity " in lines[1] and all(" (−" in x or " (+0.000)" in x for x in lines[2:])
    user.press(h.board(PLAYER), data)  # again in the same turn: one hint used
    await h.feed()
    assert await hints.used(h.app.db, row.id, 1) == {row.seat_of(PLAYER): 1}
    # The analysis of the game says so.
    counting(h)
    await play_to_the_end(h, user, PLAYER)
    analysis_data = next(d for m in reversed(h.fake.messages(PLAYER)) for t, d in m.buttons
                         if t == "📊 Analysis")
    message = next(m for m in reversed(h.fake.messages(PLAYER))
                   if ("📊 Analysis", analysis_data) in m.buttons)
    user.press(message, analysis_data)
    await h.feed()
    await h.app.analysis.drain()
    summary = next(m.text or "" for m in reversed(h.fake.messages(PLAYER))
                   if (m.text or "").startswith("📊 Analysis · "))
    assert "💡 hints used: 1" in summary.split("Computer")[0], summary


async def test_a_rated_game_offers_no_hint_and_refuses_one(h: Harness) -> None:
    game_id = await english_friend_game(h)
    row = await games.load_game(h.app.db, game_id)
    assert row.rated
    for _ in range(6):  # through a few turns: never a Hint button
        for chat in row.players:
            assert chat is not None
            assert all(text != "💡 Hint" for text, _ in h.board(chat).buttons)
        row = await games.load_game(h.app.db, game_id)
        live = Live.load(row.state_json)
        if live.game.phase is Phase.MOVE:
            break
        chat = row.players[live.game.to_act]
        assert chat is not None
        h.fake.user(chat, "P").press(h.board(chat), game_data(row.id, row.version, Act.ROLL))
        await h.feed()
    seat = live.game.to_act
    chat = row.players[seat]
    assert chat is not None and live.game.phase is Phase.MOVE
    # A forged press (the button was never offered) is refused, and nothing is stored.
    h.fake.user(chat, "P").press(h.board(chat), game_data(row.id, row.version, Act.HINT))
    await h.feed()
    assert last_alert(h) == "Hints are for unrated games against the computer only."
    assert await hints.used(h.app.db, game_id, 1) == {}
    await resign(h, ALI)


@pytest.mark.parametrize(("language", "first", "second"), [
    ("en", "💡 Best moves for 6-5:", "1. 24/13 (equity +0.056)"),
    ("ru", "💡 Лучшие ходы для 6-5:", "1. 24/13 (эквити +0,056)"),
    ("uz", "💡 6-5 uchun eng yaxshi yurishlar:", "1. 24/13 (ekviti +0,056)"),
    ("ky", "💡 6-5 үчүн эң жакшы жүрүштөр:", "1. 24/13 (эквити +0,056)"),
    ("az", "💡 6-5 üçün ən yaxşı gedişlər:", "1. 24/13 (ekviti +0,056)"),
])
def test_the_hint_in_five_languages(language: str, first: str, second: str) -> None:
    hint = Hint((5, 6), (HintMove("24/13", 0.056, 0.0), HintMove("24/18 13/8", 0.02, 0.036)))
    lines = hint_text(Translator(language), hint).splitlines()
    assert lines[:2] == [first, second]
    assert lines[2].startswith("2. ") and lines[2].endswith("(−0.036)".replace(
        ".", "." if language == "en" else ","))
