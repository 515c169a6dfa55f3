"""Telegram conventions: descriptions per language, challenge links with a
copy button and a share button that sends the real challenge card, chat actions while slow
answers are prepared."""

from __future__ import annotations

from bot.app import register_descriptions
from i18n import Translator, available_languages
from storage import games
from testkit.driver import play_again
from testkit.friends import (
    ALI,
    VALI,
    challenge,
    code_of,
    finish_by_resignation,
    friend_game,
)
from testkit.harness import Harness


async def test_descriptions_in_every_language(harness: Harness) -> None:
    h = harness
    await register_descriptions(h.app.bot)
    for method, field, key, limit in (
            ("setMyDescription", "description", "bot-description", 512),
            ("setMyShortDescription", "short_description", "bot-short-description", 120)):
        calls = {call.params.get("language_code", ""): call.params[field]
                 for call in h.fake.calls(method)}
        assert set(calls) == {"", *available_languages()}
        assert calls[""] == Translator("en")(key)
        for language in available_languages():
            text = calls[language]
            assert text == Translator(language)(key) and 0 < len(text) <= limit
        assert calls["ru"] != calls["en"]


async def test_a_challenge_link_can_be_copied_and_shared_as_its_card(harness: Harness) -> None:
    h = harness
    code = await challenge(h, "Short nard", "👥 A friend", "To 5 points", "With the cube")
    message = h.fake.last_message(ALI)
    rows = message.inline_keyboard
    share, copy = rows[0][0], rows[1][0]
    assert share["switch_inline_query_chosen_chat"]["query"] == code_of(code)
    assert share["switch_inline_query_chosen_chat"]["allow_user_chats"] is True
    assert copy["copy_text"]["text"] == f"https://t.me/nard_test_bot?start={code}"
    # Sharing types "@bot <code>" in the chosen chat: the offered card is this challenge's.
    query = h.fake.user(ALI, "Ali").inline_query(code_of(code))
    await h.feed()
    [card] = h.fake.inline_results(query)
    text = card["input_message_content"]["message_text"]
    assert "Ali challenges you to Short nard (to 5 points)" in text
    assert "With the doubling cube." in text and "⏱ Time: 2 min a move" in text
    [[accept]] = card["reply_markup"]["inline_keyboard"]
    assert accept["url"] == f"https://t.me/nard_test_bot?start={code}"
    # Somebody else's code (or no code) offers the usual cards, not that challenge.
    query = h.fake.user(VALI, "Vali").inline_query(code_of(code))
    await h.feed()
    assert [r["id"] for r in h.fake.inline_results(query)][:2] == ["short", "long"]
    # The friend opens the card's link: the game of that challenge begins.
    h.fake.user(VALI, "Vali").command(f"/start {code}")
    await h.feed()
    [row] = await games.active_games(h.app.db, VALI)
    assert (row.match_length, row.cube) == (5, True)


async def test_a_rematch_link_can_be_copied_too(harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    await finish_by_resignation(h, game_id, VALI)
    await play_again(h, ALI)
    message = h.fake.last_message(ALI)
    assert any("copy_text" in button for row in message.inline_keyboard for button in row)


async def test_slow_answers_show_a_chat_action(harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    await finish_by_resignation(h, game_id, VALI)
    before = len(h.fake.calls("sendChatAction"))
    h.fake.user(ALI, "Ali").command("/me")
    await h.feed()
    actions = h.fake.calls("sendChatAction")[before:]
    assert [(a.params["chat_id"], a.params["action"]) for a in actions] == [
        (ALI, "upload_photo")]
    assert h.fake.last_message(ALI).photo is not None
