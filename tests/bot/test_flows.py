"""Flows that used to surprise, through the real Dispatcher and the fake Bot
API: /resign says what it costs, /new while playing, one rematch for two Play-again presses,
inline cards for people who never opened the bot, one's own group challenge, /nard options."""

from __future__ import annotations

from bot.views.callbacks import Act
from core.live import Live
from engine.game import Phase
from i18n import Translator
from storage import games
from testkit.crafted import HOPELESS, craft, mover_of
from testkit.driver import choose, game_buttons, play_again
from testkit.friends import (
    ALI,
    VALI,
    finish_by_resignation,
    friend_game,
    start,
    to_move,
)
from testkit.groups import GROUP, group_game
from testkit.harness import Harness


def question(h: Harness, chat: int):
    message = h.fake.last_message(chat)
    assert [text for text, _ in message.buttons] == ["Yes, resign", "No, play on"], (
        h.fake.transcript(chat))
    return message


async def test_resign_says_what_it_costs_in_a_new_message(harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    ali = h.fake.user(ALI, "Ali")
    board = h.board(ALI)
    ali.command("/resign")
    await h.feed()
    message = question(h, ALI)
    assert message.message_id > board.message_id  # at the bottom of the chat, not the board
    assert message.text == "🏳 Resign this game? You lose 1 point."
    ali.press(message, message.buttons[0][1])
    await h.feed()
    row = await games.load_game(h.app.db, game_id)
    assert row.status == "finished" and row.points == 1 and row.result == "plain"
    assert row.winner_seat == row.players.index(VALI)
    assert h.fake.message(ALI, message.message_id).text == "You resigned."


async def test_the_cost_is_the_one_charged(harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    winner_seat = await mover_of(h, game_id)
    winner = await craft(h, game_id, HOPELESS, seat=winner_seat, phase=Phase.ROLL)
    loser = VALI if winner == ALI else ALI
    user = h.fake.user(loser, "L", language_code="ru" if loser == VALI else "en")
    user.command("/resign")
    await h.feed()
    message = h.fake.last_message(loser)
    expected = ("Сдаться в этой партии? Вы проиграете 2 очка: марс." if loser == VALI
                else "Resign this game? You lose 2 points: mars.")
    assert expected in (message.text or "")
    user.press(message, message.buttons[0][1])
    await h.feed()
    row = await games.load_game(h.app.db, game_id)
    assert (row.status, row.result, row.points) == ("finished", "mars", 2)


async def test_no_keeps_playing_and_a_changed_game_asks_again(harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    mover = await mover_of(h, game_id)
    row = await games.load_game(h.app.db, game_id)
    chat = row.players[mover]
    user = h.fake.user(chat, "P", language_code="ru" if chat == VALI else "en")
    user.command("/resign")
    await h.feed()
    first = h.fake.last_message(chat)
    user.press(first, first.buttons[1][1])  # No
    await h.feed()
    assert (await games.load_game(h.app.db, game_id)).status == "active"
    assert not h.fake.message(chat, first.message_id).buttons
    user.command("/resign")
    await h.feed()
    second = h.fake.last_message(chat)
    # The player moves before answering: the question is asked again for the new position.
    board = h.board(chat)
    step = next(d for _, d in game_buttons(board.buttons) if d.a in (Act.GO, Act.FULL))
    user.press(board, step.pack())
    await h.feed()
    asked = second.buttons[0][1]
    update = user.press(second, asked)
    await h.feed()
    assert h.fake.callback_answer(update)["show_alert"] is True
    assert (await games.load_game(h.app.db, game_id)).status == "active"
    again = h.fake.message(chat, second.message_id)
    assert len(again.buttons) == 2 and again.buttons[0][1] != asked
    user.press(again, again.buttons[0][1])
    await h.feed()
    assert (await games.load_game(h.app.db, game_id)).status == "finished"


async def test_resign_without_a_game(harness: Harness) -> None:
    h = harness
    h.fake.user(ALI, "Ali").command("/resign")
    await h.feed()
    assert "no game in progress" in (h.fake.last_message(ALI).text or "")


async def test_resign_in_a_match_says_whether_the_match_ends(harness: Harness) -> None:
    h = harness
    game_id = await start(h, "To 3 points", "Without the cube")
    h.fake.user(ALI, "Ali").command("/resign")
    await h.feed()
    text = h.fake.last_message(ALI).text or ""
    assert "Match to 3: the score would become Ali 0–1 Vali." in text and "goes on" in text
    live = Live.load((await games.load_game(h.app.db, game_id)).state_json)
    assert live.number == 1


async def test_new_while_playing_says_so_at_once(harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    ali = h.fake.user(ALI, "Ali")
    ali.command("/new")
    await h.feed()
    message = h.fake.last_message(ALI)
    assert message.text == ("You are already playing Short nard against Vali. "
                            "Finish that game or /resign first.")
    boards = len([m for m in h.fake.messages(ALI) if m.photo is not None])
    ali.press_button(ALI, "🎲 Show the game")
    await h.feed()
    assert len([m for m in h.fake.messages(ALI) if m.photo is not None]) == boards + 1
    assert h.fake.last_message(ALI).photo is not None  # the board, at the bottom
    # The "New game" button of /help says the same at once.
    ali.command("/help")
    await h.feed()
    ali.press_button(ALI, "🎲 New game")
    await h.feed()
    assert h.fake.last_message(ALI).text == message.text
    assert (await games.load_game(h.app.db, game_id)).status == "active"


async def all_games(h: Harness) -> list[tuple[int, str]]:
    rows = await h.app.db.fetchall("SELECT id, status FROM games ORDER BY id")
    return [(row["id"], row["status"]) for row in rows]


async def test_both_players_pressing_play_again_make_one_rematch(harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    await finish_by_resignation(h, game_id, VALI)
    await play_again(h, ALI)
    assert "A new challenge is ready" in (h.fake.last_message(ALI).text or "")
    assert "реванш" in (h.fake.last_message(VALI).text or "")  # the offer, in Russian
    await play_again(h, VALI)  # joins Ali's rematch instead of making a second challenge
    assert await all_games(h) == [(game_id, "finished"), (game_id + 1, "active")]
    [row] = await games.active_games(h.app.db, ALI)
    assert set(row.players) == {ALI, VALI}
    count = await h.app.db.fetchone("SELECT COUNT(*) AS n FROM challenges WHERE rematch_of = ?",
                                    (game_id,))
    assert count["n"] == 1
    for chat in (ALI, VALI):
        assert h.fake.last_message(chat).photo is not None  # each has the new board


async def test_two_play_again_presses_at_the_same_moment_make_one_game(
        harness: Harness) -> None:
    import asyncio

    from aiogram.types import Update

    h = harness
    game_id = await friend_game(h)
    await finish_by_resignation(h, game_id, ALI)
    await play_again(h, ALI, at_once=True)
    await play_again(h, VALI, at_once=True)
    updates = [Update.model_validate(u, context={"bot": h.app.bot})
               for u in h.fake.pop_updates()]
    await asyncio.gather(*(h.app.dispatcher.feed_update(h.app.bot, u) for u in updates))
    assert [status for _, status in await all_games(h)] == ["finished", "active"]


async def test_play_again_in_a_group_makes_one_game(group_harness: Harness) -> None:
    h = group_harness
    game_id = await group_game(h, "short")
    row = await games.load_game(h.app.db, game_id)
    board = h.board(GROUP)
    resign = next(d for _, d in game_buttons(board.buttons) if d.a is Act.RESIGN)
    challenger = h.fake.user(row.players[0], "Ali")
    challenger.press(board, resign.pack())
    await h.feed()
    confirm = next(d for _, d in h.fake.buttons(GROUP, board.message_id) if d and ":ry:" in d)
    challenger.press(h.fake.message(GROUP, board.message_id), confirm)
    await h.feed()
    assert (await games.load_game(h.app.db, game_id)).status == "finished"
    again = next(d for _, d in game_buttons(h.board(GROUP).buttons) if d.a is Act.REMATCH)
    for chat in row.players:
        h.fake.user(chat, "P").press(h.board(GROUP), again.pack())
        await h.feed()
    assert [status for _, status in await all_games(h)] == ["finished", "active"]
    challenges = [m for m in h.fake.messages(GROUP) if "Who's in?" in (m.text or "")]
    assert len(challenges) == 1  # one rematch challenge, not two (the first one was taken)


async def test_joining_ones_own_group_challenge_says_it_is_theirs(group_harness: Harness
                                                                  ) -> None:
    h = group_harness
    h.fake.group(GROUP, "Nard club")
    ali = h.fake.user(ALI, "Ali")
    ali.command("/nard long", chat=GROUP)
    await h.feed()
    update = ali.press_button(GROUP, "🎲 Join")
    await h.feed()
    answer = h.fake.callback_answer(update)
    assert answer["show_alert"] is True
    assert answer["text"] == "This is your own challenge: wait for someone else to accept it."
    assert not await games.active_games(h.app.db, ALI)


async def test_ones_own_card_says_it_is_theirs(harness: Harness) -> None:
    h = harness
    ali = h.fake.user(ALI, "Ali")
    ali.inline_query("")
    await h.feed()
    card = ali.chosen("short")["chosen_inline_result"]["inline_message_id"]
    await h.feed()
    update = ali.press_inline_button(card, "✅ Accept")
    await h.feed()
    assert "wait for someone else" in h.fake.callback_answer(update)["text"]


async def test_nard_options_are_understood_or_refused(group_harness: Harness) -> None:
    h = group_harness
    h.fake.group(GROUP, "Nard club")
    ali = h.fake.user(ALI, "Ali")
    for command, reply in [
        ("/nard short 9", "Matches are played to 1, 3, 5 or 7 points, not 9."),
        ("/nard 2", "Matches are played to 1, 3, 5 or 7 points, not 2."),
        ("/nard short five", "“five” is not an option."),
        ("/nard long cube", "Long nard is played without the doubling cube."),
    ]:
        ali.command(command, chat=GROUP)
        await h.feed()
        assert (h.fake.last_message(GROUP).text or "").startswith(reply), command
    assert (await h.app.db.fetchone("SELECT COUNT(*) AS n FROM challenges"))["n"] == 0
    ali.command("/nard cube 5 SHORT", chat=GROUP)
    await h.feed()
    text = h.fake.last_message(GROUP).text or ""
    assert "Short nard (to 5 points)" in text and "With the doubling cube." in text
    challenge = await h.app.db.fetchone("SELECT variant, match_length, cube FROM challenges")
    assert tuple(challenge) == ("short", 5, 1)


def test_parse_options() -> None:
    import pytest

    from bot.handlers.groups import BadOption, NardOptions, parse_options

    assert parse_options(None) == NardOptions("short", 1, False)
    assert parse_options(" long  7 ") == NardOptions("long", 7, False)
    assert parse_options("cube 3") == NardOptions("short", 3, True)
    for bad in ("short 9", "0", "long cube", "shrt", "3 ½"):
        with pytest.raises(BadOption):
            parse_options(bad)


async def card_accepted_by_a_stranger(h: Harness) -> tuple[str, dict]:
    """Ali sends a card; Vali, who has never opened the bot, accepts it."""
    ali, vali = h.fake.user(ALI, "Ali"), h.fake.user(VALI, "Vali")
    ali.inline_query("")
    await h.feed()
    card = ali.chosen("short")["chosen_inline_result"]["inline_message_id"]
    await h.feed()
    h.fake.block(VALI)  # the bot cannot write to someone who never opened it
    update = vali.press_inline_button(card, "✅ Accept")
    await h.feed()
    return card, h.fake.callback_answer(update)


async def test_a_card_acceptor_who_never_opened_the_bot_is_sent_there(harness: Harness
                                                                     ) -> None:
    h = harness
    start = h.clock()
    _, answer = await card_accepted_by_a_stranger(h)
    assert answer["url"] == "https://t.me/nard_test_bot?start=play"
    assert answer["text"] == "Game on! Open the bot to see your board: the game waits for you."
    [row] = await games.active_games(h.app.db, ALI)
    assert (row.deadline - start).total_seconds() == 300  # held, not a turn's 2 minutes
    h.clock.advance(200)
    await h.app.timers.tick()
    assert (await games.load_game(h.app.db, row.id)).status == "active"
    # Vali opens the bot through the link: the board arrives and the first timer starts.
    h.fake.unblock(VALI)
    h.fake.user(VALI, "Vali").command("/start play")
    await h.feed()
    assert h.fake.last_message(VALI).photo is not None
    row = await games.load_game(h.app.db, row.id)
    assert (row.deadline - h.clock()).total_seconds() == 120
    assert "⏱ 2:00" in (h.board(ALI).caption or "")  # Ali's board shows the fresh timer
    assert {d.v for _, d in game_buttons(h.board(ALI).buttons)} == {row.version}


async def test_a_game_nobody_could_see_is_called_off_unrated(harness: Harness) -> None:
    h = harness
    card, _ = await card_accepted_by_a_stranger(h)
    [row] = await games.active_games(h.app.db, ALI)
    h.clock.advance(301)
    await h.app.timers.tick()
    row = await games.load_game(h.app.db, row.id)
    assert row.status == "aborted" and row.result is None
    assert await h.app.db.fetchone("SELECT 1 FROM rating_events") is None
    assert "Vali did not open the bot within 5 minutes" in (h.fake.last_message(ALI).text or "")
    assert not h.board(ALI).buttons
    assert "called off" in (h.fake.inline_message(card).text or "")
    assert not await games.active_games(h.app.db, ALI)  # free to play again


async def test_a_card_accepted_by_someone_who_can_see_the_board(harness: Harness) -> None:
    h = harness
    ali, vali = h.fake.user(ALI, "Ali"), h.fake.user(VALI, "Vali")
    vali.command("/start")
    await h.feed()
    ali.inline_query("")
    await h.feed()
    card = ali.chosen("long")["chosen_inline_result"]["inline_message_id"]
    await h.feed()
    update = vali.press_inline_button(card, "✅ Accept")
    await h.feed()
    answer = h.fake.callback_answer(update)
    assert "url" not in answer and "private chat" in answer["text"]
    [row] = await games.active_games(h.app.db, ALI)
    assert (row.deadline - h.clock()).total_seconds() == 120


async def test_the_rules_button_sends_the_rules(harness: Harness) -> None:
    h = harness
    ali = h.fake.user(ALI, "Ali")
    ali.command("/start")
    await h.feed()
    ali.press_button(ALI, "📖 Rules")
    await h.feed()
    t = Translator("en")
    assert [m.text for m in h.fake.messages(ALI)[-2:]] == [t("rules-short"), t("rules-long")]


async def test_a_game_press_asks_no_other_buttons_filter(harness: Harness, monkeypatch) -> None:
    """The game buttons' router is asked first: a press does not pass through the other
    routers' button filters (each refusing `g:` data by an exception), and is applied."""
    from aiogram.filters.callback_data import CallbackQueryFilter

    h = harness
    game_id = await friend_game(h)
    asked: list[str] = []
    ask = CallbackQueryFilter.__call__

    async def counted(self, query):  # type: ignore[no-untyped-def]
        asked.append(self.callback_data.__prefix__)
        return await ask(self, query)

    monkeypatch.setattr(CallbackQueryFilter, "__call__", counted)
    before = (await games.load_game(h.app.db, game_id)).version
    chat = to_move(h)
    board = h.board(chat)
    data = choose(board.buttons)
    assert data is not None
    h.fake.user(chat, "P").press(board, data.pack())
    await h.feed()
    assert asked == ["g"]
    assert (await games.load_game(h.app.db, game_id)).version > before
