"""Group games, group leaderboards and language, inline challenge cards."""

from __future__ import annotations

import pytest

from bot.views import board as views
from bot.views.callbacks import Act
from i18n import Translator
from i18n.people import group_language
from storage import chats, games
from testkit.driver import choose, game_buttons
from testkit.groups import ALI, GROUP, VALI, WATCHER, group_game, mover
from testkit.harness import Harness


@pytest.mark.slow
async def test_an_open_group_challenge_played_to_the_end(group_harness: Harness) -> None:
    h = group_harness
    game_id = await group_game(h)
    users = {ALI: h.fake.user(ALI, "Ali"), VALI: h.fake.user(VALI, "Vali")}
    board = h.board(GROUP)
    assert "Ali (bottom)" in (board.caption or "")
    # A spectator and the waiting player cannot press the group's buttons.
    data = choose(board.buttons)
    update = h.fake.user(WATCHER, "Watcher").press(board, data.pack())
    await h.feed()
    assert h.fake.callback_answer(update)["show_alert"] is True
    waiting = VALI if await mover(h, game_id) == ALI else ALI
    update = users[waiting].press(h.board(GROUP), data.pack())
    await h.feed()
    assert h.fake.callback_answer(update)["show_alert"] is True
    for _ in range(5000):
        player = await mover(h, game_id)
        if player is None:
            break
        board = h.board(GROUP)
        users[player].press(board, choose(board.buttons).pack())
        await h.feed()
    row = await games.load_game(h.app.db, game_id)
    assert row.status == "finished"
    assert "beat" in (h.fake.last_message(GROUP).text or "")
    # The whole game ran in one group message; no private boards were sent.
    assert len([m for m in h.fake.messages(GROUP) if m.photo is not None]) == 1
    assert not [m for m in h.fake.messages(ALI) if m.photo is not None]
    # Group leaderboard: the group's players only.
    users[ALI].command("/top", chat=GROUP)
    await h.feed()
    users[ALI].press_button(GROUP, "Long nard")
    await h.feed()
    top = h.fake.last_message(GROUP).text or ""
    assert "Ali" in top and "Vali" in top


async def test_a_burst_of_redraws_keeps_to_the_group_rate(group_harness: Harness,
                                                          monkeypatch) -> None:
    h = group_harness
    monkeypatch.setattr(views, "DIRECT_MOVES", 0)  # checkers to choose: redraws, no moves
    game_id = await group_game(h, "short")
    player = await mover(h, game_id)
    user = h.fake.user(player, "P")
    board = h.board(GROUP)
    pick = next(d for _, d in game_buttons(board.buttons) if d.a is Act.PICK)
    back = pick.model_copy(update={"a": Act.BACK})
    for _ in range(15):  # thirty redraws at once: choose a checker, go back, ...
        for data in (pick, back):
            user.press(board, data.pack())
            await h.fake.feed(h.app.dispatcher, h.app.bot)
    await h.app.coalescer.drain()
    assert h.fake.edits_per_window(GROUP, 60) <= 20
    # The final board is the latest state: back at the list of checkers.
    final = game_buttons(h.board(GROUP).buttons)
    assert any(d.a is Act.PICK for _, d in final) and not any(d.a is Act.BACK for _, d in final)


async def test_group_language_is_for_admins(group_harness: Harness) -> None:
    h = group_harness
    await group_game(h)
    admins = {ALI}
    h.fake.register("getChatMember", lambda params, files: (
        {"status": "creator", "is_anonymous": False,
         "user": {"id": int(params["user_id"]), "is_bot": False, "first_name": "U"}}
        if int(params["user_id"]) in admins else
        {"status": "member",
         "user": {"id": int(params["user_id"]), "is_bot": False, "first_name": "U"}}))
    h.fake.user(VALI, "Vali").command("/lang", chat=GROUP)
    await h.feed()
    update = h.fake.user(VALI, "Vali").press_button(GROUP, "Русский")
    await h.feed()
    assert h.fake.callback_answer(update)["show_alert"] is True
    assert await chats.chat_language(h.app.db, GROUP) is None
    h.fake.user(ALI, "Ali").press_button(GROUP, "Русский")
    await h.feed()
    assert await chats.chat_language(h.app.db, GROUP) == "ru"


@pytest.mark.slow
async def test_inline_cards_fit_and_an_accepted_card_follows_its_game(harness: Harness) -> None:
    h = harness
    ali, vali = h.fake.user(ALI, "Ali"), h.fake.user(VALI, "Vali")
    query = ali.inline_query("")
    await h.feed()
    results = h.fake.inline_results(query)
    assert [r["id"] for r in results][:3] == ["short", "long", "short-c8+20"]
    for result in results:
        for row in result["reply_markup"]["inline_keyboard"]:
            for button in row:
                assert len(button["callback_data"].encode()) <= 64
    chosen = ali.chosen("short")
    await h.feed()
    card_id = chosen["chosen_inline_result"]["inline_message_id"]
    update = ali.press_inline_button(card_id, "✅ Accept")  # not by its sender
    await h.feed()
    assert h.fake.callback_answer(update)["show_alert"] is True
    vali.press_inline_button(card_id, "✅ Accept")
    await h.feed()
    assert "is being played" in (h.fake.inline_message(card_id).text or "")
    [row] = await games.active_games(h.app.db, ALI)
    users = {ALI: ali, VALI: vali}
    for _ in range(5000):
        player = await mover(h, row.id)
        if player is None:
            break
        board = h.board(player)
        users[player].press(board, choose(board.buttons).pack())
        await h.feed()
    assert "beat" in (h.fake.inline_message(card_id).text or "")
    # A second acceptance of the same card finds it taken.
    update = h.fake.user(WATCHER, "W").press_inline_button(card_id, "✅ Accept") if (
        h.fake.inline_message(card_id).buttons) else None
    assert update is None or h.fake.callback_answer(update)["show_alert"] is True


async def test_a_group_without_a_language_speaks_the_challengers_throughout(
        group_harness: Harness) -> None:
    """No /lang in the group: the challenge, the refusal of a bad option, the joining
    message and the board all speak the challenger's language, whoever joins."""
    h = group_harness
    h.fake.group(GROUP, "Nard club")
    ali = h.fake.user(ALI, "Али", language_code="ru")
    ali.command("/nard short 9", chat=GROUP)
    await h.feed()
    assert "а не до 9" in (h.fake.last_message(GROUP).text or "")
    ali.command("/nard", chat=GROUP)
    await h.feed()
    assert "хочет сыграть" in (h.fake.last_message(GROUP).text or "")
    h.fake.user(VALI, "Vali", language_code="en").press_button(GROUP, "🎲 Присоединиться")
    await h.feed()
    texts = [m.text or "" for m in h.fake.messages(GROUP) if m.text]
    assert texts[-1] == "Vali принимает вызов: игра начинается!", texts[-1]
    assert "Короткие нарды" in (h.board(GROUP).caption or "")


async def test_new_with_a_friend_in_a_group_posts_a_join_there(group_harness: Harness) -> None:
    """/new → a friend, asked in a group, is an open challenge in that group (as /nard),
    not a private link that takes the game out of the group."""
    h = group_harness
    h.fake.group(GROUP, "Nard club")
    ali = h.fake.user(ALI, "Ali")
    ali.command("/new", chat=GROUP)
    await h.feed()
    for label in ("Long nard", "👥 A friend", "1 game"):
        ali.press_button(GROUP, label)
        await h.feed()
    texts = [m.text or "" for m in h.fake.messages(GROUP)]
    assert "Who's in?" in texts[-1] and not any("t.me/" in text for text in texts)
    h.fake.user(VALI, "Vali").press_button(GROUP, "🎲 Join")
    await h.feed()
    [row] = await games.active_games(h.app.db, ALI)
    assert row.players == (ALI, VALI) and row.variant == "long"
    assert len([m for m in h.fake.messages(GROUP) if m.photo is not None]) == 1


async def test_a_group_is_answered_in_its_players_language(group_harness: Harness) -> None:
    """No /lang chosen: the language most of the group's players read, whoever asks; /me's
    statistics go to the asker's private chat in the asker's language."""
    h = group_harness
    h.fake.group(GROUP, "Nard club")
    ali = h.fake.user(ALI, "Ali", language_code="ky")
    vali = h.fake.user(VALI, "Vali", language_code="ky")
    ali.command("/nard long", chat=GROUP)  # both become the group's players
    await h.feed()
    vali.press_button(GROUP, "🎲 Кошулуу")
    await h.feed()
    uzbek = h.fake.user(WATCHER, "Guli", language_code="uz")
    uzbek.command("/help", chat=GROUP)
    await h.feed()
    help_text = h.fake.last_message(GROUP).text or ""
    assert help_text == Translator("ky")("help"), help_text
    uzbek.command("/top", chat=GROUP)
    await h.feed()
    assert (h.fake.last_message(GROUP).text or "").startswith(
        Translator("ky")("top-title", variant=Translator("ky")("variant-short"),
                         period=Translator("ky")("top-period-day")))
    before = len(h.fake.messages(GROUP))
    uzbek.command("/me", chat=GROUP)
    await h.feed()
    [note] = h.fake.messages(GROUP)[before:]
    assert note.text == Translator("ky")("me-sent-privately")
    private = h.fake.last_message(WATCHER).text or ""
    assert private.startswith(Translator("uz")("me-title", name="Guli")), private
    # An admin's choice wins over the majority.
    await chats.set_chat_language(h.app.db, GROUP, "az", now=h.clock())
    uzbek.command("/help", chat=GROUP)
    await h.feed()
    assert h.fake.last_message(GROUP).text == Translator("az")("help")


async def test_a_tied_group_speaks_its_first_players_language_whoever_asks(
        group_harness: Harness) -> None:
    """One Uzbek and one Kyrgyz player: no majority, so the language of the group's first
    player (the Uzbek who posted the first challenge), for the Kyrgyz player's commands
    too, and /me's note in the group as well."""
    h = group_harness
    h.fake.group(GROUP, "Nard club")
    vali = h.fake.user(VALI, "Vali", language_code="uz")
    ali = h.fake.user(ALI, "Ali", language_code="ky")
    vali.command("/nard long", chat=GROUP)
    await h.feed()
    h.clock.advance(5)
    ali.press_button(GROUP, Translator("uz")("btn-join"))
    await h.feed()
    uz = Translator("uz")
    for command in ("/help", "/top", "/me"):
        before = len(h.fake.messages(GROUP))
        ali.command(command, chat=GROUP)
        await h.feed()
        [answer] = h.fake.messages(GROUP)[before:]
        assert (answer.text or "").startswith({
            "/help": uz("help"), "/me": uz("me-sent-privately"),
            "/top": uz("top-title", variant=uz("variant-short"),
                       period=uz("top-period-day"))}[command]), answer.text
    # A press on /top's buttons redraws it in the group's language too.
    top = next(m for m in reversed(h.fake.messages(GROUP)) if m.buttons)
    ali.press_button(GROUP, uz("top-period-week"), message_id=top.message_id)
    await h.feed()
    assert (h.fake.message(GROUP, top.message_id).text or "").startswith(uz(
        "top-title", variant=uz("variant-short"), period=uz("top-period-week")))
    # /me's statistics themselves went to Ali's private chat, in Ali's own language.
    assert (h.fake.last_message(ALI).text or "").startswith(
        Translator("ky")("me-title", name="Ali"))
    # /new's menu in the group: each question, pressed by a Kyrgyz member, in its words.
    guli = h.fake.user(WATCHER, "Guli", language_code="ky")
    guli.command("/new", chat=GROUP)
    await h.feed()
    menu = h.fake.last_message(GROUP)
    for label in (uz("btn-long"), uz("btn-vs-friend")):
        assert menu.find_button(label) is not None, (label, menu.buttons)
        guli.press_button(GROUP, label, message_id=menu.message_id)
        await h.feed()
        menu = h.fake.message(GROUP, menu.message_id)
    assert (menu.text or "").startswith(uz("new-length")), menu.text


async def test_me_in_a_group_for_a_player_the_bot_cannot_write_to(
        group_harness: Harness) -> None:
    h = group_harness
    h.fake.group(GROUP, "Nard club")
    h.fake.block(WATCHER)  # never opened the private chat: the bot may not write first
    h.fake.user(WATCHER, "Guli").command("/me", chat=GROUP)
    await h.feed()
    note = h.fake.last_message(GROUP)
    assert note.text == Translator("en")("me-open-private")
    [(text, url)] = [(b["text"], b["url"]) for row in note.reply_markup["inline_keyboard"]
                     for b in row]
    assert text == Translator("en")("btn-open-bot") and url.endswith("?start=me")
    assert not [m for m in h.fake.messages(GROUP) if m.photo is not None]
    # The link's /start me shows the statistics in private.
    h.fake.unblock(WATCHER)
    h.fake.user(WATCHER, "Guli").command("/start me")
    await h.feed()
    assert (h.fake.last_message(WATCHER).text or "").startswith(
        Translator("en")("me-title", name="Guli"))


def test_group_language_rule() -> None:
    rule = group_language
    assert rule("ru", ["uz", "uz"], "en") == "ru"  # chosen by an admin
    assert rule(None, ["ky", "ky-KG", "uz"], "en", "uz") == "ky"  # the majority
    # A tie: the language of the group's first player, whoever asks (issue 42: an Uzbek
    # member of a Kyrgyz group was answered in Uzbek)...
    assert rule(None, ["ky", "uz"], "en", "uz-UZ") == "ky"
    assert rule(None, ["uz", "ky"], "en", "ky") == "uz"
    assert rule(None, ["az", "en", "ru", "ru", "en"], "en", "az") == "en"  # of the tied
    assert rule(None, ["de", "fr"], "en", "az") == "az"  # no known language: the asker's
    assert rule(None, [], "ru") == "ru"
