"""The clock lines of a board's caption (bot/views/clocks.py): a move window's time left,
both players' match clocks (delay + bank) and a correspondence turn's end in the reader's
time zone, named with its offset."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.views.board import Viewer, caption_for
from bot.views.clocks import clock_lines, clock_time, time_span
from core.live import Live
from core.timecontrol import TimeControl
from engine.dice import SeededDice
from engine.game import Game, MatchState
from i18n import Translator
from i18n.zones import local_time, offset_label, zone_of
from storage import games
from testkit.driver import choose, to_act
from testkit.harness import Harness

NOW = datetime(2026, 12, 7, 5, 30, tzinfo=UTC)
NAMES = ("Ali", "Vali")
ALI, VALI = 2201, 2202


def _live(length: int = 3) -> Live:
    return Live(Game.new("short", SeededDice(1), match=MatchState(length), cube=False))


def test_times_and_spans_read_plainly() -> None:
    assert [clock_time(s) for s in (8, 8.9, 200, 3900, -1)] == [
        "0:08", "0:08", "3:20", "1:05:00", "0:00"]
    t = Translator("en")
    assert time_span(t, 2 * 86_400 + 5 * 3600 + 59) == "2 d 5 h"
    assert time_span(t, 86_400 + 59) == "1 d"  # not "1 d 0 h"
    assert time_span(t, 5 * 3600 + 12 * 60 + 30) == "5 h 12 min"
    assert time_span(t, 12 * 60) == "12 min"
    assert time_span(Translator("ru"), 3600) == "1 ч 0 мин"


def test_each_language_reads_its_own_zone_named_with_its_offset() -> None:
    moment = datetime(2026, 12, 8, 9, 5, tzinfo=UTC)
    assert local_time(moment, "uz") == ("08.12.2026 14:05", "Asia/Tashkent, UTC+5")
    assert local_time(moment, "ky") == ("08.12.2026 15:05", "Asia/Bishkek, UTC+6")
    assert local_time(moment, "az") == ("08.12.2026 13:05", "Asia/Baku, UTC+4")
    assert local_time(moment, "ru") == ("08.12.2026 12:05", "Europe/Moscow, UTC+3")
    assert local_time(moment, "en") == ("08.12.2026 09:05", "UTC")
    assert zone_of("xx").key == "UTC"
    assert offset_label(moment, zone_of("en")) == "UTC"


def test_a_move_window_shows_the_time_left_for_the_turn() -> None:
    live = _live()
    lines = clock_lines(Translator("en"), live, NAMES, control=None,
                        deadline=NOW + timedelta(seconds=65), now=NOW, computer_seat=None)
    assert lines == ["⏱ 1:05 left for this turn"]
    # Nothing while the computer thinks, nor without a deadline.
    assert clock_lines(Translator("en"), live, NAMES, control=None, deadline=None, now=NOW,
                       computer_seat=None) == []
    assert clock_lines(Translator("en"), live, NAMES, control=None, now=NOW,
                       deadline=NOW + timedelta(seconds=65),
                       computer_seat=live.game.to_act) == []


def test_a_match_clock_shows_both_players_delay_and_bank() -> None:
    live = _live()
    actor = live.game.to_act
    banks = [0.0, 0.0]
    banks[actor], banks[1 - actor] = 60.0, 40.0
    live.banks = banks
    clock = TimeControl.parse("c8+20")
    # 68 s left: the whole delay and the bank; 50 s left: the delay is spent, 50 s of bank.
    for left, mine in ((68, "0:08 + 1:00"), (50, "0:00 + 0:50")):
        [line] = clock_lines(Translator("en"), live, NAMES, control=clock, now=NOW,
                             deadline=NOW + timedelta(seconds=left), computer_seat=None)
        sides = {actor: f"{NAMES[actor]} {mine}", 1 - actor: f"{NAMES[1 - actor]} 0:08 + 0:40"}
        assert line == f"⏱ {sides[0]} · {sides[1]}"


def test_a_correspondence_board_says_when_the_turn_ends_in_the_readers_zone() -> None:
    live = _live(1)
    deadline = NOW + timedelta(days=1, hours=3)  # 08.12 08:30 UTC
    day = TimeControl.parse("d3")
    caption = caption_for(live, Viewer(0, Translator("uz"), NAMES), deadline=deadline,
                          now=NOW, computer_seat=None, control=day)
    assert "08.12.2026 13:30 (Asia/Tashkent, UTC+5)" in caption
    assert "1 kun 3 soat" in caption
    caption = caption_for(live, Viewer(1, Translator("en"), NAMES), deadline=deadline,
                          now=NOW, computer_seat=None, control=day)
    assert "⏳ This turn ends 08.12.2026 08:30 (UTC), in 1 d 3 h" in caption
    assert "left for this turn" not in caption


async def test_a_match_clock_game_shows_both_clocks_on_the_board(harness: Harness) -> None:
    """Through the real Dispatcher: a challenge under `c8+20` taken by link; each board's
    caption shows both players' delay and bank, the player to act's running down."""
    h = harness
    for player, name in ((ALI, "Ali"), (VALI, "Vali")):
        h.fake.user(player, name).command("/start")
    await h.feed()
    made = await h.app.core.challenges.create(ALI, "short", 1, False,
                                              TimeControl.parse("c8+20"))
    h.fake.user(VALI, "Vali").command(f"/start {made.code}")
    await h.feed()
    for chat in (ALI, VALI):
        caption = h.board(chat).caption or ""
        assert "⏱ Ali 0:08 + 0:20 · Vali 0:08 + 0:20" in caption, caption
        assert "left for this turn" not in caption
    h.clock.advance(13)  # the delay, then 5 s of the bank
    mover = await to_act(h, (await games.active_games(h.app.db, ALI))[0].id)
    board = h.board(mover)
    data = choose(board.buttons)
    assert data is not None
    h.fake.user(mover, "P").press(board, data.pack())  # a step: the mover's board redrawn
    await h.feed()
    caption = h.board(mover).caption or ""
    mine = "Ali" if mover == ALI else "Vali"
    assert f"{mine} 0:00 + 0:15" in caption, caption
