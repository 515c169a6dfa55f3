"""Nobody plays for somebody else, and the token never reaches the log.

* A card's Accept button carries a stored card's random id; forged data naming a "creator"
  starts no game, a card is accepted once, expires and is deleted.
* A group's Join works only in the group where the challenge was posted, and only for a
  group challenge; a group challenge cannot be taken through a /start link.
* Errors whose text holds the request URL (a redirect loop) are logged without the token,
  whoever logs them, in messages, arguments and tracebacks.
"""

from __future__ import annotations

import io
import logging
from datetime import timedelta

import pytest
from aiogram.exceptions import TelegramNetworkError

from bot.plumbing import redact
from bot.views.callbacks import CardCb, JoinCb
from storage import cards, challenges, games
from testkit.faults import FaultyTelegram
from testkit.friends import challenge, code_of
from testkit.harness import Harness, make_harness

ALI, VALI, MALLORY, OTHER_GROUP, GROUP = 8001, 8002, 8003, -100801, -100802


async def send_card(h: Harness, user_id: int, name: str, variant: str = "short") -> str:
    """`user_id` sends their challenge card into some chat; the card's inline message id."""
    user = h.fake.user(user_id, name)
    user.inline_query("")
    await h.feed()
    chosen = user.chosen(variant)
    await h.feed()
    return chosen["chosen_inline_result"]["inline_message_id"]


async def test_a_forged_card_naming_another_creator_starts_no_game(harness: Harness) -> None:
    h = harness
    h.fake.user(VALI, "Vali")  # the victim, who never offered anything
    h.fake.user(VALI, "Vali").command("/start")
    await h.feed()
    card = await send_card(h, MALLORY, "Mallory")  # any inline message to press on
    mallory = h.fake.user(MALLORY, "Mallory")
    # The data the old card carried ("ic:<variant>:<creator>"), naming the victim.
    forged = [f"ic:short:{VALI}", f"ic:long:{VALI}", CardCb(card=f"{VALI}").pack(),
              CardCb(card="k" + "A" * 15).pack()]
    for data in forged:
        update = mallory.press_inline(card, data)
        await h.feed()
        answer = h.fake.callback_answer(update)
        assert answer is not None and answer["show_alert"] is True, data
    assert await games.active_games(h.app.db, VALI) == []
    assert await games.active_games(h.app.db, MALLORY) == []


async def test_a_card_carries_no_player_and_is_accepted_once(harness: Harness) -> None:
    h = harness
    card_message = await send_card(h, ALI, "Ali", "long")
    [(_, data)] = h.fake.inline_message(card_message).buttons
    assert str(ALI) not in data  # only the record's id travels in the button
    card_id = CardCb.unpack(data).card
    stored = await cards.get_card(h.app.db, card_id)
    assert stored is not None and (stored.creator_id, stored.variant) == (ALI, "long")
    h.fake.user(VALI, "Vali").press_inline(card_message, data)
    await h.feed()
    [row] = await games.active_games(h.app.db, VALI)
    assert row.players == (ALI, VALI) and row.variant == "long"
    # The same card, pressed again (where it still shows a button, or by forged data).
    update = h.fake.user(MALLORY, "Mallory").press_inline(card_message, data)
    await h.feed()
    assert h.fake.callback_answer(update)["show_alert"] is True
    assert await games.active_games(h.app.db, MALLORY) == []


async def test_typing_reuses_the_card_and_expired_cards_are_refused_and_deleted(
        harness: Harness) -> None:
    h = harness
    first = await send_card(h, ALI, "Ali")
    second = await send_card(h, ALI, "Ali")  # another key typed: the same card
    assert h.fake.inline_message(first).buttons == h.fake.inline_message(second).buttons
    [(_, data)] = h.fake.inline_message(first).buttons
    h.clock.advance(timedelta(hours=25).total_seconds())
    update = h.fake.user(VALI, "Vali").press_inline(first, data)
    await h.feed()
    answer = h.fake.callback_answer(update)
    assert answer["show_alert"] is True and "expired" in answer["text"]
    assert await games.active_games(h.app.db, VALI) == []
    # Both variants under each offered time control, garbage-collected.
    assert await h.app.challenges.sweep_cards() == 2 * len(h.app.core.controls.controls)
    assert await cards.get_card(h.app.db, CardCb.unpack(data).card) is None
    fresh = await send_card(h, ALI, "Ali")  # a new card after the old one expired
    assert h.fake.inline_message(fresh).buttons != h.fake.inline_message(first).buttons


async def post_group_challenge(h: Harness) -> str:
    h.fake.group(GROUP, "Nard club")
    h.fake.user(ALI, "Ali").command("/nard long", chat=GROUP)
    await h.feed()
    [(_, data)] = h.fake.last_message(GROUP).buttons
    return JoinCb.unpack(data).code


async def test_a_join_works_only_in_the_group_the_challenge_was_posted_in(
        harness: Harness) -> None:
    h = harness
    code = await post_group_challenge(h)
    h.fake.group(OTHER_GROUP, "Elsewhere")
    mallory = h.fake.user(MALLORY, "Mallory")
    mallory.command("/top", chat=OTHER_GROUP)
    await h.feed()
    # Forged Join presses: in another group, and in a private chat.
    for chat in (OTHER_GROUP, MALLORY):
        if chat == MALLORY:
            mallory.command("/help")
            await h.feed()
        update = mallory.press(h.fake.last_message(chat), JoinCb(code=code).pack())
        await h.feed()
        answer = h.fake.callback_answer(update)
        assert answer["show_alert"] is True and "another chat" in answer["text"]
    assert await games.active_games(h.app.db, MALLORY) == []
    assert (await challenges.get_challenge(h.app.db, code)).status == "open"
    # Nor through a deep link: the creator offered a game in the group.
    mallory.command(f"/start {code}")
    await h.feed()
    assert "another chat" in (h.fake.last_message(MALLORY).text or "")
    assert await games.active_games(h.app.db, MALLORY) == []
    # In its own group the Join still works.
    h.fake.user(VALI, "Vali").press_button(GROUP, "🎲 Join")
    await h.feed()
    [row] = await games.active_games(h.app.db, VALI)
    assert row.players == (ALI, VALI)


async def test_a_join_for_a_friend_link_challenge_is_refused(harness: Harness) -> None:
    h = harness
    code = code_of(await challenge(h, "Short nard", "👥 A friend", "1 game",
                                   "Without the cube"))
    h.fake.group(GROUP, "Nard club")
    mallory = h.fake.user(MALLORY, "Mallory")
    mallory.command("/top", chat=GROUP)
    await h.feed()
    update = mallory.press(h.fake.last_message(GROUP), JoinCb(code=code).pack())
    await h.feed()
    answer = h.fake.callback_answer(update)
    assert answer["show_alert"] is True and "cannot accept" in answer["text"]
    assert await games.active_games(h.app.db, 2001) == []  # the link's creator (Ali)
    assert (await challenges.get_challenge(h.app.db, code)).status == "open"


# -- the token in the log ----------------------------------------------------------------------


@pytest.fixture
def captured_log():
    """Everything logged while the test runs, through a root handler with the filter that
    `bot.app.run` installs."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    level, root.level = root.level, logging.DEBUG
    yield stream, handler
    root.removeHandler(handler)
    root.setLevel(level)


async def test_the_token_never_reaches_the_log(database_url: str, captured_log) -> None:
    stream, handler = captured_log
    token = "424242:AAF-secret_Token-value"
    async with FaultyTelegram(token) as fake:
        h = await make_harness(fake, database_url)
        try:
            redact.install(token)  # as `run()` does: on every handler of the root logger
            assert any(isinstance(f, redact.TokenFilter) for f in handler.filters)
            user = fake.user(ALI, "Ali")
            # A redirect loop on the reply to /start: aiohttp's error text holds the URL.
            fake.fault("sendMessage", "redirect", times=3)  # each try of the retry policy
            user.command("/start")
            await h.feed()
            # Whoever logs such an error: with the error as an argument, and a traceback.
            fake.fault("getMe", "redirect", times=4)
            try:
                await h.app.bot.get_me()
            except TelegramNetworkError as exc:
                assert token in str(exc)  # the URL (and token) really is in the error
                logging.getLogger("somebody").error("failed: %s", exc)
                logging.getLogger("aiogram.event").exception("with a traceback")
            # Connection errors and a proxy's HTML page go through the same filter.
            fake.fault("sendMessage", "disconnect", times=3)
            fake.fault("sendMessage", "html", times=3)
            user.command("/help")
            user.command("/help")
            await h.feed()
            assert [kind for _, kind in fake.faulted] == (
                ["redirect"] * 7 + ["disconnect"] * 3 + ["html"] * 3)
        finally:
            await h.app.db.close()
            await h.app.bot.session.close()
    text = stream.getvalue()
    assert "TooManyRedirects" in text and "Traceback" in text and "<token>" in text
    assert token not in text
    assert "AAF-secret_Token-value" not in text
