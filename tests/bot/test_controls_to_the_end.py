"""Issue 38's "Done when", in the chat: a correspondence game and a match-clock game made
through the real doors (the /new menu's ⏱ choice, /play, /nard in a group) and played to
the end by two people, in private chats and in a group, on both engines, with the test's
clock (each turn takes the seconds the test says), the match clock across a restart."""

from __future__ import annotations

from collections import Counter
from collections.abc import Awaitable, Callable
from datetime import timedelta

import pytest

from bot.services.correspondence import turn_key
from core.history import came_back
from core.live import Live
from engine.dice import SeededDice
from engine.matfile import read_mat
from engine.ratings import START_RATING
from storage import games, stats
from storage.models import Game as Row
from testkit.analysis import counting, press
from testkit.driver import choose
from testkit.fake_telegram import FakeTelegram
from testkit.friends import ALI, VALI, challenge
from testkit.groups import ALI as GROUP_ALI
from testkit.groups import GROUP, group_game
from testkit.groups import VALI as GROUP_VALI
from testkit.harness import Harness, make_harness, stop_harness
from testkit.matchmaking import search

CLOCK, DAY = "⏱ 8 s + 20 s/point", "⏱ 1 day a move"
TURN_MARK = "✉️"  # a correspondence turn's new message
DELAY, BANK = 8, 20  # c8+20 in a 1-point match
MAX_PRESSES = 3000  # a game not over after this many presses is a failure

OnTurn = Callable[[Harness, Row, Live], Awaitable[Harness | None]]


async def _state(h: Harness, game_id: int) -> tuple[Row, Live]:
    row = await games.load_game(h.app.db, game_id)
    return row, Live.load(row.state_json)


async def play_out(h: Harness, game_id: int, on_turn: OnTurn, *,
                   chat: int | None = None) -> tuple[Harness, Row]:
    """Press the offered buttons (each mover on their own board, or on `chat`'s) until
    the game is over; `on_turn` is awaited as each new turn of a person begins (before its
    first press) and may hand back a new harness (a restart) to go on with. The harness
    played last and the finished row."""
    key = None
    for _ in range(MAX_PRESSES):
        row, live = await _state(h, game_id)
        if row.status != "active":
            return h, row
        mover = row.players[live.game.to_act]
        assert mover is not None
        if turn_key(live) != key:
            key = turn_key(live)
            h = await on_turn(h, row, live) or h
        where = chat if chat is not None else mover
        board = h.board(where)
        data = choose(board.buttons)
        assert data is not None, h.fake.transcript(where)
        h.fake.user(mover, "P").press(board, data.pack())
        await h.feed()
    raise AssertionError("the game did not end")


def _told(h: Harness, chat: int) -> list[str]:
    return [m.text or "" for m in h.fake.messages(chat) if (m.text or "").startswith(TURN_MARK)]


async def _assert_correspondence_rated(h: Harness, row: Row) -> None:
    """The winner's correspondence rating moved; the live one did not."""
    assert row.status == "finished" and row.rated and row.winner_seat is not None
    winner, loser = row.players[row.winner_seat], row.players[1 - row.winner_seat]
    assert winner is not None and loser is not None
    won, rated = await stats.correspondence_rating(h.app.db, winner, "short")
    assert won > START_RATING and rated == 1
    lost, rated = await stats.correspondence_rating(h.app.db, loser, "short")
    assert lost < START_RATING and rated == 1
    for player in (winner, loser):
        assert (await stats.player_stats(h.app.db, player, "short")).rating == START_RATING


async def _assert_live_rated(h: Harness, row: Row) -> None:
    """The winner's live rating moved; the correspondence one did not."""
    assert row.status == "finished" and row.rated and row.winner_seat is not None
    winner = row.players[row.winner_seat]
    assert winner is not None
    assert (await stats.player_stats(h.app.db, winner, "short")).rating > START_RATING
    assert await stats.correspondence_rating(h.app.db, winner, "short") == (START_RATING, 0)


@pytest.mark.slow
async def test_a_correspondence_game_from_the_menu_to_the_end(harness: Harness) -> None:
    h = harness
    h.app.games.dice = SeededDice(5)
    h.fake.user(ALI, "Ali").command("/start")
    await h.feed()
    code = await challenge(h, "Short nard", "👥 A friend", "1 game", DAY, "Without the cube")
    h.fake.user(VALI, "Vali").command(f"/start {code}")
    await h.feed()
    [row] = await games.correspondence_games(h.app.db, VALI)
    assert row.timing.control == "d1" and row.timing.correspondence
    assert await games.active_games(h.app.db, ALI) == []  # no live seat taken
    turns: Counter[int] = Counter()
    first = True

    async def on_turn(h: Harness, row: Row, live: Live) -> None:
        nonlocal first
        player = row.players[live.game.to_act]
        assert player is not None
        # The first turn's board is its message; a turn that came straight back (the
        # other passed or had a forced move) tells nothing: the player has just moved.
        if not first and not came_back(live, live.game.to_act):
            turns[player] += 1
        first = False
        assert row.deadline == h.clock() + timedelta(days=1)  # a whole day for each turn
        h.clock.advance(3 * 3600)  # three hours a turn: no reminder, no timeout

    h, row = await play_out(h, row.id, on_turn)
    await _assert_correspondence_rated(h, row)
    for chat in (ALI, VALI):
        assert len(_told(h, chat)) == turns[chat] > 0, h.fake.transcript(chat)
    texts = [m.text or "" for m in h.fake.messages(ALI)]
    assert any("Correspondence rating: " in text for text in texts), texts[-3:]
    await _afterplay_works(h, row.id)


async def _afterplay_works(h: Harness, game_id: int) -> None:
    """A finished game's analysis, replay and match file, asked for from its result."""
    counting(h)
    try:
        await press(h, ALI, ALI)
        await h.app.analysis.drain()
        assert any("Ali: error rate" in (m.text or "") for m in h.fake.messages(ALI)), \
            h.fake.transcript(ALI)
    finally:
        await h.app.analysis.stop()
    user = h.fake.user(ALI, "Ali")
    user.press_button(ALI, "🎞 Replay")
    await h.feed()
    animation = h.fake.last_message(ALI)
    assert animation.sent_file is not None and animation.sent_file.kind == "animation"
    user.press_button(ALI, "📄 File")
    await h.feed()
    document = h.fake.last_message(ALI)
    assert document.sent_file is not None
    assert document.sent_file.file_name == f"nard-{game_id}.mat"
    assert read_mat(document.sent_file.data.decode("utf-8")).games


@pytest.mark.slow
async def test_a_match_clock_game_from_play_to_the_end_across_a_restart(
        fake_telegram: FakeTelegram, database_url: str) -> None:
    h = await make_harness(fake_telegram, database_url)
    try:
        h.app.games.dice = SeededDice(7)
        await search(h, ALI, "Short nard", "1 game", CLOCK, "Without the cube", name="Ali")
        await search(h, VALI, "Short nard", "1 game", CLOCK, "Without the cube", name="Vali")
        [row] = await games.active_games(h.app.db, ALI)
        assert set(row.players) == {ALI, VALI}
        assert row.timing.control == "c8+20" and not row.timing.correspondence
        left = {ALI: float(BANK), VALI: float(BANK)}  # each one's bank, as it should be
        turns = 0

        async def on_turn(h: Harness, row: Row, live: Live) -> Harness | None:
            nonlocal turns
            assert live.banks == [left[p] for p in row.players if p is not None], live.banks
            mover = row.players[live.game.to_act]
            assert mover is not None
            new = None
            if turns == 8:  # a restart mid-game: a new app on the same database
                version = row.version
                await stop_harness(h)
                h.clock.advance(600)  # ten minutes down: more than anyone's turn has
                h = new = await make_harness(h.fake, database_url, clock=h.clock)
                h.app.games.dice = SeededDice(7)
                assert await h.app.core.give_grace() == 1  # as bot.launch does at a start
                row, live = await _state(h, row.id)
                assert row.status == "active" and row.version == version
                assert live.banks == [left[p] for p in row.players if p is not None]
            # The turn begins with the delay and what is left of the mover's bank (after the
            # restart: at least the restart's grace, `GameService.grace_after_start`).
            turn = DELAY + left[mover]
            if new is not None:
                turn = max(turn, h.app.core.restart_grace)
            assert row.deadline == h.clock() + timedelta(seconds=turn)
            turns += 1
            seconds = DELAY + 3 if turns <= 4 else 3  # the first turns dip into the bank
            left[mover] -= max(0, seconds - DELAY)
            h.clock.advance(seconds)
            return new

        h, row = await play_out(h, row.id, on_turn)
        assert turns > 8
        assert row.status == "finished" and row.result != "timeout", row
        live = Live.load(row.state_json)
        assert left == {ALI: BANK - 6, VALI: BANK - 6}
        assert live.banks == [left[p] for p in row.players if p is not None]
        await _assert_live_rated(h, row)
    finally:
        await stop_harness(h)


async def _no_wait(h: Harness, row: Row, live: Live) -> None:
    h.clock.advance(3)  # three seconds a turn: within any control's delay


@pytest.mark.slow
async def test_a_match_clock_game_in_a_group_to_the_end(group_harness: Harness) -> None:
    h = group_harness
    h.app.games.dice = SeededDice(11)
    game_id = await group_game(h, "short 1 c8+20")
    row = await games.load_game(h.app.db, game_id)
    assert row.timing.control == "c8+20" and row.match_length == 1
    h, row = await play_out(h, game_id, _no_wait, chat=GROUP)
    assert row.status == "finished" and row.result != "timeout", row
    # Three seconds a turn, within the delay: no bank is touched, though the group's paced
    # redraws kept each board on its way for seconds (waiting is not charged).
    assert Live.load(row.state_json).banks == [BANK, BANK]
    await _assert_live_rated(h, row)


@pytest.mark.slow
async def test_a_correspondence_game_in_a_group_to_the_end(group_harness: Harness) -> None:
    h = group_harness
    h.app.games.dice = SeededDice(13)
    h.fake.group(GROUP, "Nard club")
    h.fake.user(GROUP_ALI, "Ali").command("/nard short 1 d1", chat=GROUP)
    await h.feed()
    assert "⏱ Time: 1 day a move" in (h.fake.last_message(GROUP).text or "")
    h.fake.user(GROUP_VALI, "Vali").press_button(GROUP, "🎲 Join")
    await h.feed()
    [row] = await games.correspondence_games(h.app.db, GROUP_ALI)
    assert row.players == (GROUP_ALI, GROUP_VALI) and row.timing.control == "d1"
    game_id = row.id

    async def an_hour(h: Harness, row: Row, live: Live) -> None:
        # A day from the turn's start (the group's paced redraws moved the clock a little).
        assert row.deadline is not None
        assert h.clock() + timedelta(hours=23) < row.deadline <= h.clock() + timedelta(days=1)
        h.clock.advance(3600)

    h, row = await play_out(h, game_id, an_hour, chat=GROUP)
    await _assert_correspondence_rated(h, row)
