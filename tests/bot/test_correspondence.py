"""Correspondence games in Telegram (bot/services/correspondence.py), through the real
Dispatcher and the fake Bot API, on both engines, with the test's clock: a new message at
each turn (exactly one, also across a restart and a second process; none for a turn that
came straight back to the player who just moved), one reminder before
the deadline, /games and /resign with several games, and the correspondence rating.

Games with a control are made through the core (`Challenges.create(..., control)`): the
menus that choose a control are not this file's."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

import pytest

from bot.services.correspondence import turn_key
from core.events import Change, What
from core.history import came_back
from core.live import Live
from core.settings import UNDO_WINDOW
from core.timecontrol import TimeControl
from engine.ratings import START_RATING
from storage import boards, cards, games, stats
from storage.leaderboard import alltime_leaderboard
from storage.models import Game as Row
from testkit.driver import choose, to_act
from testkit.harness import Harness, make_harness, stop_harness

ALI, VALI, OLI = 2101, 2102, 2103
GROUP = -100777
DAY = TimeControl.parse("d1")
TURN_MARK, REMINDER_MARK = "✉️", "⏰"


async def _meet(h: Harness, *people: tuple[int, str, str]) -> None:
    for player, name, language in people:
        h.fake.user(player, name, language_code=language).command("/start")
    await h.feed()


async def _by_post(h: Harness, creator: int, acceptor: int, *, length: int = 1) -> int:
    """A correspondence challenge of `creator` (made through the core), taken by link."""
    made = await h.app.core.challenges.create(creator, "short", length, False, DAY)
    h.fake.user(acceptor, "P").command(f"/start {made.code}")
    await h.feed()
    mine = await games.correspondence_games(h.app.db, acceptor)
    [row] = [g for g in mine if creator in g.players]
    assert row.timing.correspondence and row.timing.control == "d1"
    return row.id


def _told(h: Harness, chat: int, mark: str) -> list[str]:
    return [m.text or "" for m in h.fake.messages(chat) if (m.text or "").startswith(mark)]


async def _state(h: Harness, game_id: int) -> tuple[Row, Live]:
    row = await games.load_game(h.app.db, game_id)
    return row, Live.load(row.state_json)


def _key(live: Live) -> str:
    return turn_key(live)


async def _press_once(h: Harness, game_id: int) -> None:
    chat = await to_act(h, game_id)
    board = h.board(chat)
    data = choose(board.buttons)
    assert data is not None, h.fake.transcript(chat)
    h.fake.user(chat, "P").press(board, data.pack())
    await h.feed()


@pytest.mark.slow
async def test_a_game_by_post_played_to_the_end_tells_each_turn_once(
        harness: Harness, database_url: str) -> None:
    h = harness
    await _meet(h, (ALI, "Ali", "en"), (VALI, "Vali", "uz"))
    game_id = await _by_post(h, ALI, VALI)
    row, live = await _state(h, game_id)
    # The board's caption says when the turn ends, in the reader's zone (uz: Tashkent).
    first = row.players[live.game.to_act]
    assert first is not None
    caption = h.board(first).caption or ""
    assert ("(Asia/Tashkent, UTC+5)" if first == VALI else "(UTC)") in caption, caption
    expected: Counter[int] = Counter()
    came: Counter[int] = Counter()
    key = _key(live)
    second = None
    for presses in range(4000):
        row, live = await _state(h, game_id)
        if row.status != "active":
            break
        if presses == 40 and second is None:  # a second process (and a restart) on the
            second = await make_harness(h.fake, database_url, clock=h.clock)  # same db
            told = {chat: len(_told(h, chat, TURN_MARK)) for chat in (ALI, VALI)}
            await second.app.games.catch_up(game_id)  # BEHIND: every view drawn again
            await second.app.timers.tick()
            await second.app.services.correspondence.on_change(Change(row, live, What.MOVED))
            assert {chat: len(_told(h, chat, TURN_MARK)) for chat in (ALI, VALI)} == told
        h.clock.advance(3600)  # an hour a move: within the day, no reminder yet
        await _press_once(h, game_id)
        row, live = await _state(h, game_id)
        if row.status == "active" and _key(live) != key:
            key = _key(live)
            player = row.players[live.game.to_act]
            assert player is not None
            if came_back(live, live.game.to_act):  # the other passed or had a forced move:
                came[player] += 1  # the player has just moved, nothing to tell
            else:
                expected[player] += 1
    assert row.status == "finished" and row.rated
    assert second is not None
    await stop_harness(second)
    # One new message for each turn that passed to a person (the first turn's board was one),
    # none for a turn that came straight back (the game had some).
    assert sum(came.values()) > 0
    for chat in (ALI, VALI):
        assert len(_told(h, chat, TURN_MARK)) == expected[chat] > 0, h.fake.transcript(chat)
        assert _told(h, chat, REMINDER_MARK) == []
    assert any("Navbat sizda" in text for text in _told(h, VALI, TURN_MARK))
    # The result message names the rating that moved.
    texts = [m.text or "" for m in h.fake.messages(ALI)]
    assert any(text.startswith("Correspondence rating: ") or
               "\nCorrespondence rating: " in text for text in texts), texts[-3:]
    # The correspondence rating moved; the live one did not.
    winner = row.players[row.winner_seat or 0]
    assert winner is not None
    rating, rated = await stats.correspondence_rating(h.app.db, winner, "short")
    assert rating > START_RATING and rated == 1
    assert (await stats.player_stats(h.app.db, winner, "short")).rating == START_RATING
    assert (await alltime_leaderboard(h.app.db, "short")).top == ()
    board = await alltime_leaderboard(h.app.db, "short", pool="correspondence")
    assert board.top[0].player_id == winner


async def test_one_reminder_before_the_deadline_across_processes(
        harness: Harness, database_url: str) -> None:
    h = harness
    await _meet(h, (ALI, "Ali", "ru"), (VALI, "Vali", "en"))
    game_id = await _by_post(h, ALI, VALI)
    row, live = await _state(h, game_id)
    player = row.players[live.game.to_act]
    assert player is not None
    h.clock.advance(17 * 3600)  # 7 hours left: not yet a quarter of the day
    await h.app.timers.tick()
    assert _told(h, player, REMINDER_MARK) == []
    h.clock.advance(3600 + 1)  # under 6 hours left
    await h.app.timers.tick()
    second = await make_harness(h.fake, database_url, clock=h.clock)
    try:
        await second.app.timers.tick()  # another process (or a restart) sees it due too
        await h.app.timers.tick()
    finally:
        await stop_harness(second)
    [reminder] = _told(h, player, REMINDER_MARK)
    assert ("Напоминание" if player == ALI else "Reminder") in reminder
    assert "5 h 59 min" in reminder or "5 ч 59 мин" in reminder
    # The turn's own clock runs out: the game is lost on time, as any turn's.
    h.clock.advance(6 * 3600)
    await h.app.timers.tick()
    assert (await games.load_game(h.app.db, game_id)).status == "finished"


async def test_games_lists_every_open_game_and_resign_asks_which(harness: Harness) -> None:
    h = harness
    await _meet(h, (ALI, "Ali", "en"), (VALI, "Vali", "en"), (OLI, "Oli", "en"))
    with_vali = await _by_post(h, ALI, VALI)
    with_oli = await _by_post(h, OLI, ALI)
    ali = h.fake.user(ALI, "Ali")
    ali.command("/games")
    await h.feed()
    listed = h.fake.last_message(ALI)
    text = listed.text or ""
    assert text.startswith("Your games:") and "vs Vali" in text and "vs Oli" in text, text
    assert text.count("correspondence") == 2 and "left" in text
    assert [label for label, _ in listed.buttons] == ["1. Vali", "2. Oli"] or \
        [label for label, _ in listed.buttons] == ["1. Oli", "2. Vali"]
    # A button sends that game's board anew, at the bottom of the chat.
    before = len([m for m in h.fake.messages(ALI) if m.photo is not None])
    ali.press_button(ALI, next(label for label, _ in listed.buttons if "Oli" in label))
    await h.feed()
    assert len([m for m in h.fake.messages(ALI) if m.photo is not None]) == before + 1
    [shown] = [m for m in await boards.board_messages(h.app.db, with_oli) if m.chat_id == ALI]
    assert shown.message_id == h.board(ALI).message_id
    # Someone else's press of the button opens nothing.
    _, data = next(b for b in listed.buttons if "Oli" in b[0])
    assert data is not None
    update = h.fake.user(VALI, "Vali").press(listed, data)
    await h.feed()
    assert (h.fake.callback_answer(update) or {}).get("show_alert") is True
    # /resign with two games asks which one; the chosen one's question follows.
    ali.command("/resign")
    await h.feed()
    asked = h.fake.last_message(ALI)
    assert "Which one" in (asked.text or "")
    ali.press_button(ALI, next(label for label, _ in asked.buttons if "Vali" in label),
                     message_id=asked.message_id)
    await h.feed()
    question = h.fake.message(ALI, asked.message_id)
    assert "Resign" in (question.text or "") or "resign" in (question.text or "")
    assert " vs Vali · correspondence · " in (question.text or "")  # which game it asks about
    ali.press_button(ALI, "Yes, resign", message_id=asked.message_id)
    await h.feed()
    assert (await games.load_game(h.app.db, with_vali)).status == "finished"
    assert (await games.load_game(h.app.db, with_oli)).status == "active"
    vali_rating, _ = await stats.correspondence_rating(h.app.db, VALI, "short")
    assert vali_rating > START_RATING
    assert (await stats.player_stats(h.app.db, VALI, "short")).rating == START_RATING
    # /me shows the correspondence rating beside the live one; /top has a board of it.
    vali = h.fake.user(VALI, "Vali")
    vali.command("/me")
    await h.feed()
    me = h.fake.last_message(VALI)
    shown = me.text or me.caption or ""
    assert f"Correspondence: rating {vali_rating} (1 rated game)" in shown
    # The live rating is named as such: the game counts among all games, not in it.
    assert f"Short nard: ⚡ live-game rating {START_RATING}\nAll games 1 · wins 1" in shown
    vali.command("/top")
    await h.feed()
    top = h.fake.last_message(VALI)
    assert "Vali" not in (top.text or "")  # the live board: nobody rated there
    vali.press_button(VALI, "✉️ Correspondence", message_id=top.message_id)
    await h.feed()
    shown = h.fake.message(VALI, top.message_id).text or ""
    assert "correspondence" in shown.splitlines()[0], shown
    vali.press_button(VALI, "All time", message_id=top.message_id)
    await h.feed()
    shown = h.fake.message(VALI, top.message_id).text or ""
    assert f"Vali — {vali_rating}" in shown and "Ali — " in shown, shown
    # One game left: /resign asks at once.
    ali.command("/resign")
    await h.feed()
    assert "Which one" not in (h.fake.last_message(ALI).text or "")


async def test_a_group_game_by_post_names_whose_turn_it_is(harness: Harness) -> None:
    h = harness
    h.fake.group(GROUP, "Nard club")
    await _meet(h, (ALI, "Ali", "en"), (VALI, "Vali", "en"))
    made = await h.app.core.challenges.create(ALI, "short", 1, False, DAY)
    await cards.put_challenge_chat(h.app.db, made.id, GROUP)
    row = await h.app.challenges.join_group(made.code, VALI, GROUP)
    await h.app.coalescer.drain()
    assert row.timing.correspondence
    expected = 0
    _, live = await _state(h, row.id)
    key = _key(live)
    for _ in range(30):
        player = await to_act(h, row.id)
        board = h.board(GROUP)
        data = choose(board.buttons)
        assert data is not None
        h.fake.user(player, "P").press(board, data.pack())
        await h.feed()
        stored, live = await _state(h, row.id)
        if live.pending is not None:  # a turn played to its last die goes a moment later
            h.clock.advance(UNDO_WINDOW + 1)
            await h.app.timers.tick()
            await h.feed()
            stored, live = await _state(h, row.id)
        if stored.status != "active":
            break
        if _key(live) != key:
            key = _key(live)
            expected += not came_back(live, live.game.to_act)
    told = _told(h, GROUP, TURN_MARK)
    assert len(told) == expected > 0
    assert all(", your turn in Short nard" in text for text in told), told
    assert _told(h, ALI, TURN_MARK) == [] and _told(h, VALI, TURN_MARK) == []
    h.clock.advance(timedelta(hours=18, seconds=1).total_seconds())
    await h.app.timers.tick()
    await h.app.coalescer.drain()
    assert len(_told(h, GROUP, REMINDER_MARK)) == 1


async def test_a_turn_whose_announcement_was_lost_is_told_by_the_repairs(
        harness: Harness) -> None:
    """The process stopped after saving a move and before announcing it: the timer loop's
    repairs draw the boards behind and tell the turn, once."""
    h = harness
    await _meet(h, (ALI, "Ali", "en"), (VALI, "Vali", "en"))
    game_id = await _by_post(h, ALI, VALI)
    _, live = await _state(h, game_id)
    key = _key(live)
    app = h.app.services

    async def lost(change: Change) -> None:  # nobody hears the change
        return None

    heard_boards, heard_turns = app.boards.on_change, app.correspondence.on_change
    app.boards.on_change = lost  # type: ignore[method-assign]
    app.correspondence.on_change = lost  # type: ignore[method-assign]
    try:
        for _ in range(20):  # a move that passes the turn, its boards not drawn
            await _press_once(h, game_id)
            row, live = await _state(h, game_id)
            if _key(live) != key:
                break
            # The mover's own steps: draw them (their board shows the steps taken).
            await heard_boards(Change(row, live, What.STEP, live.game.to_act))
    finally:
        app.boards.on_change = heard_boards  # type: ignore[method-assign]
        app.correspondence.on_change = heard_turns  # type: ignore[method-assign]
    assert _key(live) != key
    player = row.players[live.game.to_act]
    assert player is not None
    assert _told(h, player, TURN_MARK) == []
    await h.app.timers.tick()  # the repairs: boards behind, and the turn told
    await h.app.timers.tick()
    assert len(_told(h, player, TURN_MARK)) == 1, h.fake.transcript(player)
