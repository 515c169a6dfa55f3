"""Time controls in the core (core/timecontrol.py, core/turnclock.py): the move window, the
match clock (delay, then a bank that lasts the match) and correspondence, with a clock the
test moves (no sleeps), on both engines."""

from __future__ import annotations

from datetime import timedelta

import pytest

from core.actions import Act, Action, Refusal
from core.challenges import Challenges
from core.events import Change, What
from core.games import Busy
from core.live import Live
from core.settings import UNDO_WINDOW, PlayerSettings
from core.timecontrol import DAY, Kind, Offer, TimeControl, UnknownControl, offered
from core.timers import Timers
from engine.game import Phase
from storage import games
from storage.models import Game as Row
from testkit.tournament_core import World, open_world

CLOCK = TimeControl.parse("c8+20")


def test_tokens_name_their_controls() -> None:
    assert TimeControl.parse("m120") == TimeControl("m120", Kind.MOVE, 120)
    assert TimeControl.parse("c15+180") == TimeControl("c15+180", Kind.CLOCK, 15, 180)
    assert TimeControl.parse("d3") == TimeControl("d3", Kind.CORRESPONDENCE, 3 * DAY)
    assert TimeControl.parse("c08+020").token == "c8+20"  # one spelling is stored
    for bad in ("", "m", "m5", "m999999", "x1", "c8", "c8+0", "d0", "d15", "d1 d2", "-d1",
                "m120;DROP", None, 120):
        with pytest.raises(UnknownControl):
            TimeControl.parse(bad)  # type: ignore[arg-type]


def test_the_offer_lists_the_hosts_controls_the_first_the_default() -> None:
    assert [c.token for c in offered("", default_move=90)] == [
        "m90", "c8+20", "c15+180", "d1", "d3"]
    offer = Offer(offered("c2+5, m30 d1", default_move=120))
    assert offer.default.token == "c2+5"
    assert offer.get(None) is offer.default and offer.get("d1").correspondence
    assert [c.token for c in offer.live()] == ["c2+5", "m30"]
    with pytest.raises(UnknownControl):
        offer.get("d3")  # a valid control the host does not offer
    with pytest.raises(ValueError):
        offered("d1,d1", default_move=120)


def test_what_a_turn_gives_and_when_it_warns() -> None:
    assert CLOCK.bank(3) == 60 and CLOCK.bank(1) == 20
    assert CLOCK.turn(37.5) == 45.5 and CLOCK.warn_before() == 10
    assert TimeControl.parse("m120").turn(None) == 120
    assert TimeControl.parse("m120").warn_before() == 30
    assert TimeControl.parse("d1").warn_before() == DAY // 4


async def _challenge(w: World, creator: int, acceptor: int, control: TimeControl | None, *,
                     length: int = 3, cube: bool = False) -> int:
    made = await Challenges(w.db, w.service, clock=w.clock).create(
        creator, "short", length, cube, control)
    row, live = await Challenges(w.db, w.service, clock=w.clock).accept(made.code, acceptor)
    await w.service.begin(row, live)
    return row.id


async def _act(w: World, game_id: int, act: Act, src: int = 0, dst: int = 0) -> None:
    row = await games.load_game(w.db, game_id)
    live = Live.load(row.state_json)
    player = row.players[live.game.to_act]
    assert player is not None
    answers: list[Refusal | None] = []

    async def respond(refusal: Refusal | None) -> None:
        answers.append(refusal)

    await w.service.act(player, Action(game_id, row.version, act, src, dst), respond)
    assert answers == [None], (act, answers)


async def _play_turn(w: World, game_id: int) -> int:
    """The player to move plays the first legal move of the roll; returns their seat."""
    live = Live.load((await games.load_game(w.db, game_id)).state_json)
    seat = live.game.to_act
    assert live.game.phase is Phase.MOVE
    for step in live.game.turn().plays[0].move.steps:
        await _act(w, game_id, Act.GO, step.src, step.dst)
    if Live.load((await games.load_game(w.db, game_id)).state_json).game.seat == seat:
        await _act(w, game_id, Act.DONE)
    return seat


async def _state(w: World, game_id: int) -> tuple[Row, Live]:
    row = await games.load_game(w.db, game_id)
    return row, Live.load(row.state_json)


async def test_a_match_clock_spends_the_delay_first_then_the_bank(database_url: str) -> None:
    async with open_world(database_url) as w:
        game_id = await _challenge(w, 1, 2, CLOCK)
        row, live = await _state(w, game_id)
        assert row.timing.control == "c8+20" and row.timing.warn_lead == 10
        assert live.banks == [60, 60]  # 20 s a point of a 3-point match
        assert row.deadline == w.clock.now + timedelta(seconds=68)
        w.clock.advance(30)  # 8 s of delay, then 22 s of the bank
        first = await _play_turn(w, game_id)
        row, live = await _state(w, game_id)
        assert live.banks is not None and live.banks[first] == 38
        assert live.banks[1 - first] == 60
        assert row.deadline == w.clock.now + timedelta(seconds=68)
        w.clock.advance(5)  # inside the delay: the bank is untouched
        await _play_turn(w, game_id)
        row, live = await _state(w, game_id)
        assert live.banks == ([38, 60] if first == 0 else [60, 38])
        assert row.deadline == w.clock.now + timedelta(seconds=8 + 38)


async def test_a_double_holds_the_doublers_clock_and_the_taker_answers_on_their_own(
        database_url: str) -> None:
    async with open_world(database_url) as w:
        game_id = await _challenge(w, 1, 2, CLOCK, cube=True)
        first = await _play_turn(w, game_id)  # the opening move; the other is on roll
        _, live = await _state(w, game_id)
        doubler = 1 - first
        assert live.game.phase is Phase.ROLL and live.game.seat == doubler
        w.clock.advance(10)
        await _act(w, game_id, Act.DOUBLE)
        row, live = await _state(w, game_id)
        assert live.paused == 58 and live.banks is not None and live.banks[doubler] == 58
        assert row.deadline == w.clock.now + timedelta(seconds=68)  # the taker's own clock
        w.clock.advance(20)
        await _act(w, game_id, Act.TAKE)
        row, live = await _state(w, game_id)
        assert live.banks is not None and live.banks[first] == 48 and live.paused is None
        assert row.deadline == w.clock.now + timedelta(seconds=58)  # the doubler goes on
        w.clock.advance(3)
        assert live.game.phase is Phase.MOVE  # rolled at once: the cube is the taker's
        assert await _play_turn(w, game_id) == doubler
        _, live = await _state(w, game_id)
        assert live.banks is not None and live.banks[doubler] == 55


async def test_an_empty_clock_loses_the_whole_match(database_url: str) -> None:
    async with open_world(database_url) as w:
        game_id = await _challenge(w, 1, 2, CLOCK, length=5)
        row, live = await _state(w, game_id)
        loser = live.game.to_act
        w.clock.advance(8 + 100)  # the delay and the whole 100-second bank
        await w.service.expire(game_id)
        row = await games.load_game(w.db, game_id)
        assert row.status == "finished" and row.winner_seat == 1 - loser


async def test_the_timer_warns_ten_seconds_before_a_clock_runs_out(database_url: str) -> None:
    async with open_world(database_url) as w:
        heard: list[Change] = []

        async def listen(change: Change) -> None:
            heard.append(change)

        w.service.announcements.subscribe(listen)
        timers = Timers(w.service, clock=w.clock)
        game_id = await _challenge(w, 1, 2, CLOCK, length=1)  # 8 s + a 20-second bank
        assert await timers.tick() == 18.0  # asleep until 10 s are left
        w.clock.advance(18)
        assert await timers.tick() == 10.0  # warned; next: the deadline
        assert [c.what for c in heard if c.what is What.WARNING] == [What.WARNING]
        w.clock.advance(10)
        await timers.tick()
        assert (await games.load_game(w.db, game_id)).status == "finished"


async def test_a_restart_begins_a_clocks_turn_again(database_url: str) -> None:
    async with open_world(database_url) as w:
        game_id = await _challenge(w, 1, 2, CLOCK)
        w.clock.advance(50)  # the process was away for most of the turn
        assert await w.service.grace_after_start(30) == 1
        row = await games.load_game(w.db, game_id)
        assert row.deadline == w.clock.now + timedelta(seconds=68)
        assert await w.service.grace_after_start(30) == 0  # nothing more to give


async def test_a_turn_sent_after_its_undo_moment_is_charged_to_its_last_die(
        database_url: str) -> None:
    async with open_world(database_url) as w:
        w.service.player_settings = PlayerSettings(w.db, w.clock)  # no Done: the default
        game_id = await _challenge(w, 1, 2, CLOCK)
        _, live = await _state(w, game_id)
        seat = live.game.to_act
        w.clock.advance(10)  # the delay and 2 s of the bank
        for step in live.game.turn().plays[0].move.steps:
            await _act(w, game_id, Act.GO, step.src, step.dst)
        _, live = await _state(w, game_id)
        assert live.pending is not None and live.game.seat == seat  # not sent yet
        w.clock.advance(UNDO_WINDOW + 1.5)  # the timer loop sends it a beat late
        await w.service.expire(game_id)
        _, live = await _state(w, game_id)
        assert live.game.to_act == 1 - seat and live.pending is None
        assert live.banks is not None and live.banks[seat] == 58  # not 58 - 5.5


async def test_waiting_for_ones_own_board_is_not_charged(database_url: str) -> None:
    async with open_world(database_url) as w:
        game_id = await _challenge(w, 1, 2, CLOCK)
        row, live = await _state(w, game_id)
        actor, other = row.players[live.game.to_act], row.players[1 - live.game.to_act]
        saved, deadline = w.clock.now, row.deadline
        assert deadline is not None
        w.clock.advance(2.7)  # the group's pace held the board back
        reached = w.service.board_reached
        # Under a whole second late, the other player's board: nothing moves.
        assert not await reached(row, actor, saved_at=saved, at=saved + timedelta(seconds=0.9))
        assert not await reached(row, other, saved_at=saved, at=w.clock.now)
        # The mover's board (or the group's) 2.7 s late: two whole seconds, once.
        assert await reached(row, None, saved_at=saved, at=w.clock.now)
        moved = (await games.load_game(w.db, game_id)).deadline
        assert moved == deadline + timedelta(seconds=2)
        assert not await reached(row, actor, saved_at=saved, at=w.clock.now)  # once
        assert (await games.load_game(w.db, game_id)).deadline == moved
        # A board that took longer than a turn moves it to a whole turn from then, no more.
        w.clock.advance(600)
        row = await games.load_game(w.db, game_id)
        assert await reached(row, actor, saved_at=saved, at=w.clock.now)
        assert (await games.load_game(w.db, game_id)).deadline == (
            w.clock.now + timedelta(seconds=68)).replace(microsecond=0)
        # Correspondence counts days: its deadline is left alone.
        day = await _challenge(w, 3, 4, TimeControl.parse("d1"))
        row = await games.load_game(w.db, day)
        assert not await reached(row, None, saved_at=w.clock.now - timedelta(minutes=5),
                                 at=w.clock.now)


async def test_correspondence_games_sit_beside_one_live_game(database_url: str) -> None:
    async with open_world(database_url) as w:
        day = TimeControl.parse("d1")
        live_game = await _challenge(w, 1, 2, None)
        first = await _challenge(w, 1, 3, day)
        second = await _challenge(w, 4, 1, day)
        assert (await w.service.active_game(1)).id == live_game  # type: ignore[union-attr]
        mine = await games.correspondence_games(w.db, 1)
        assert sorted(g.id for g in mine) == [first, second]
        row = mine[0]
        assert row.timing.correspondence and row.timing.warn_lead == DAY // 4
        assert row.deadline == w.clock.now + timedelta(days=1)
        # A second live game is still refused while the first is played.
        with pytest.raises(Busy):
            await Challenges(w.db, w.service, clock=w.clock).create(1, "short", 1, False)
