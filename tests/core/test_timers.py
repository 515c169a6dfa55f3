"""The turn timer (core/timers.py, core/turnclock.py) with no door: a pass of the timer
loop at moments the test chooses (FakeClock) times a turn out at its deadline and not a
second before, warns when a quarter of the window is left, once; Roll keeps the window, a
double pauses the doubler's; nobody loses on time unseen. Both engines."""

from __future__ import annotations

from datetime import timedelta

from core.actions import Act, Action, Refusal
from core.assembly import Door
from core.events import What
from engine.game import Phase, Reason
from storage.models import Game as Row
from testkit.core_door import (
    Table,
    act,
    ask,
    assembled,
    friends,
    play_turn,
    stored,
    to_act,
)

WINDOW = 60  # the host's move window (Settings); warned 15 s before its end


def _at(t: Table, row: Row) -> float:
    """Seconds from now to the stored deadline."""
    assert row.deadline is not None
    return (row.deadline - t.clock()).total_seconds()


async def test_a_turn_times_out_at_its_deadline_and_not_a_second_before(
        database_url: str) -> None:
    async with assembled(database_url) as t:
        game_id = await friends(t)
        _, seat, row, _ = await to_act(t, game_id)
        assert _at(t, row) == WINDOW
        t.clock.advance(WINDOW - 1)
        await t.core.timers.tick()
        await t.core.games.expire(game_id)  # (as another process's late pass would ask)
        row, live = await stored(t, game_id)
        assert row.status == "active" and live.game.result is None
        t.clock.advance(1)
        await t.core.timers.tick()
        row, live = await stored(t, game_id)
        assert row.status == "finished" and row.winner_seat == 1 - seat
        assert live.game.result is not None and live.game.result.reason is Reason.TIMEOUT
        assert t.heard.of(game_id)[-1] == (What.ENDED, None)


async def test_the_pass_asks_for_a_timeout_at_the_deadline_only(database_url: str) -> None:
    async with assembled(database_url) as t:
        asked: list[float] = []

        async def expire(game_id: int) -> None:  # a door that sees timeouts first
            asked.append((t.clock() - started).total_seconds())
            await t.core.games.expire(game_id)

        t.core.attach(Door(expire=expire))
        started = t.clock()
        await friends(t)
        for second in (0, WINDOW - 1, WINDOW, WINDOW + 1):  # (warned at WINDOW - 1)
            t.clock.now = started + timedelta(seconds=second)
            await t.core.timers.tick()
        assert asked == [WINDOW]  # once, at the deadline


async def test_the_warning_comes_when_a_quarter_is_left_and_only_once(
        database_url: str) -> None:
    async with assembled(database_url) as t:
        game_id = await friends(t)
        _, seat, _, _ = await to_act(t, game_id)
        assert await t.core.timers.tick() == WINDOW * 3 / 4  # the loop sleeps until then
        t.clock.advance(WINDOW * 3 / 4 - 1)
        await t.core.timers.tick()
        assert (What.WARNING, seat) not in t.heard.of(game_id)
        t.clock.advance(1)
        assert await t.core.timers.tick() == WINDOW / 4  # next: the deadline itself
        assert [c for c in t.heard.of(game_id) if c[0] is What.WARNING] == [
            (What.WARNING, seat)]  # to the player to act alone
        t.clock.advance(5)
        await t.core.timers.tick()
        assert [c for c in t.heard.of(game_id) if c[0] is What.WARNING] == [
            (What.WARNING, seat)]


async def test_roll_keeps_the_window_and_a_double_pauses_the_doublers(
        database_url: str) -> None:
    async with assembled(database_url) as t:
        game_id = await friends(t, length=3, cube=True)
        await play_turn(t, game_id)  # the opening roll's move: now a turn with the cube
        doubler, seat, row, live = await to_act(t, game_id)
        assert live.game.phase is Phase.ROLL and _at(t, row) == WINDOW
        t.clock.advance(20)
        assert await ask(t, doubler, act(row, Act.DOUBLE)) == [None]
        taker, _, row, _ = await to_act(t, game_id)
        assert taker != doubler and _at(t, row) == WINDOW  # a whole window to answer
        t.clock.advance(10)
        assert await ask(t, taker, act(row, Act.TAKE)) == [None]
        player, _, row, live = await to_act(t, game_id)
        assert player == doubler and live.game.phase is Phase.MOVE  # (rolled by itself)
        assert _at(t, row) == WINDOW - 20  # the doubler goes on with what was left
        await play_turn(t, game_id)
        player, seat, row, live = await to_act(t, game_id)
        assert player == taker and live.game.phase is Phase.ROLL  # the cube is theirs
        assert _at(t, row) == WINDOW
        t.clock.advance(15)
        assert await ask(t, taker, act(row, Act.ROLL)) == [None]
        row, live = await stored(t, game_id)
        assert live.game.seat == seat and live.game.phase is not Phase.ROLL
        assert _at(t, row) == WINDOW - 15  # Roll kept the window


async def test_a_step_keeps_the_window(database_url: str) -> None:
    async with assembled(database_url) as t:
        game_id = await friends(t)
        player, _, row, live = await to_act(t, game_id)
        deadline = row.deadline
        t.clock.advance(30)
        step = live.game.turn().plays[0].move.steps[0]
        assert await ask(t, player, act(row, Act.GO, step.src, step.dst)) == [None]
        assert (await stored(t, game_id))[0].deadline == deadline


async def test_a_turn_never_times_out_on_a_player_no_door_has_shown_it(
        database_url: str) -> None:
    shown: dict[int, bool] = {}

    async def sight(row: Row, seat: int) -> bool:
        return shown.get(seat, False)

    async with assembled(database_url, sight=sight) as t:
        game_id = await friends(t)
        _, seat, row, _ = await to_act(t, game_id)
        t.clock.advance(WINDOW)
        await t.core.timers.tick()
        row = (await stored(t, game_id))[0]
        assert row.status == "active" and _at(t, row) == WINDOW  # a whole window from now
        assert t.heard.of(game_id)[-1] == (What.BEHIND, None)  # shown again
        shown[seat] = True  # a door has shown it now
        t.clock.advance(WINDOW)
        await t.core.timers.tick()
        assert (await stored(t, game_id))[0].status == "finished"


async def test_against_the_computer_the_persons_turn_times_out(database_url: str) -> None:
    async with assembled(database_url) as t:
        row = await t.core.games.start_vs_computer(1, "short", "beginner", 1, False)
        row, live = await stored(t, row.id)
        assert row.players[live.game.to_act] == 1  # the computer has moved already
        t.clock.advance(WINDOW)
        await t.core.timers.tick()
        row, live = await stored(t, row.id)
        assert row.status == "finished" and row.winner_seat == 1
        assert live.game.result is not None and live.game.result.reason is Reason.TIMEOUT
        assert await ask(t, 1, Action(row.id, row.version, Act.ROLL)) == [Refusal.FINISHED]
