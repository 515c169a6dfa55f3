"""Back-pressure with fairness (bot/plumbing/admission.py): a bounded number of updates
handled and waiting, the players' presses first, one user's flood shed at once, a press
that waited too long answered "busy", and nothing more taken while stopping.

Each test drives the middleware directly with handlers it holds and releases; no test waits
on the clock for an outcome (the one deadline used is a hundredth of a second, and the
assertion only needs it to have passed).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest
from aiogram.types import CallbackQuery, Update, User

from bot.plumbing.admission import Admission, Lane, lane_of
from testkit.waiting import patient

ALI, VALI, CARL = 11, 12, 13


def press(update_id: int, user: int, data: str = "n:short") -> Update:
    return Update.model_validate({"update_id": update_id, "callback_query": {
        "id": f"q{update_id}", "from": {"id": user, "is_bot": False, "first_name": "U"},
        "chat_instance": "1", "data": data}})


def message(update_id: int, user: int) -> Update:
    return Update.model_validate({"update_id": update_id, "message": {
        "message_id": update_id, "date": 0, "text": "/top",
        "chat": {"id": user, "type": "private"},
        "from": {"id": user, "is_bot": False, "first_name": "U"}}})


class Door:
    """Handlers that wait until released, and the busy answers given."""

    def __init__(self) -> None:
        self.started: list[int] = []
        self.release: dict[int, asyncio.Event] = {}
        self.busy: list[str] = []

    async def answer_busy(self, query: CallbackQuery) -> None:
        self.busy.append(query.id)

    async def handler(self, event: Any, data: dict[str, Any]) -> int:
        self.started.append(event.update_id)
        await self.release.setdefault(event.update_id, asyncio.Event()).wait()
        return int(event.update_id)

    def let_go(self, update_id: int) -> None:
        self.release.setdefault(update_id, asyncio.Event()).set()


def feed(admission: Admission, door: Door, update: Update) -> asyncio.Task[Any]:
    user = update.event.from_user  # type: ignore[union-attr]
    assert isinstance(user, User)
    return asyncio.create_task(admission(door.handler, update, {"event_from_user": user}))


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_one_users_flood_is_shed_and_answered_busy_at_once() -> None:
    door = Door()
    admission = Admission(door.answer_busy, per_user=2)
    tasks = [feed(admission, door, press(i, ALI)) for i in range(1, 6)]
    other = feed(admission, door, press(9, VALI))
    await settle()
    assert door.started == [1, 2, 9]  # Vali's press is not held up by Ali's flood
    assert door.busy == ["q3", "q4", "q5"]
    for update_id in (1, 2, 9):
        door.let_go(update_id)
    assert await asyncio.gather(*tasks, other) == [1, 2, None, None, None, 9]
    assert admission.taken == 0 and admission.shed["one user's flood"] == 3


async def test_the_players_presses_go_first_then_buttons_then_the_rest() -> None:
    door = Door()
    admission = Admission(door.answer_busy, slots=1)
    admission.playing(CARL)
    first = feed(admission, door, message(1, ALI))  # takes the only slot
    await settle()
    waiting = [feed(admission, door, message(2, VALI)),
               feed(admission, door, press(3, VALI, "n:short")),
               feed(admission, door, press(4, CARL, "g:1:5:d:0:0")),
               feed(admission, door, press(5, ALI, "g:1:5:d:0:0"))]  # not playing: a button
    await settle()
    assert admission.waiting == 4
    for update_id in (1, 4, 3, 5, 2):
        door.let_go(update_id)
        await settle()
    assert door.started == [1, 4, 3, 5, 2]
    await asyncio.gather(first, *waiting)


def test_lanes() -> None:
    playing = {CARL}.__contains__
    assert lane_of(press(1, CARL, "g:1:2:d:0:0"), playing) is Lane.PLAYING
    assert lane_of(press(1, ALI, "g:1:2:d:0:0"), playing) is Lane.PRESS
    assert lane_of(press(1, CARL, "n:short"), playing) is Lane.PRESS
    assert lane_of(message(1, CARL), playing) is Lane.OTHER


async def test_a_press_that_waits_too_long_is_answered_busy_and_never_handled() -> None:
    door = Door()
    admission = Admission(door.answer_busy, slots=1, busy_after=0.01, drop_after=0.01)
    first = feed(admission, door, message(1, ALI))
    await settle()
    late = feed(admission, door, press(2, VALI))
    dropped = feed(admission, door, message(3, CARL))
    assert await late is None and await dropped is None
    assert door.busy == ["q2"] and admission.shed["waited too long"] == 2
    door.let_go(1)
    assert await first == 1 and door.started == [1]


async def test_too_many_waiting_sheds_the_oldest_of_the_lowest_kind() -> None:
    door = Door()
    admission = Admission(door.answer_busy, slots=1, waiting=2)
    first = feed(admission, door, message(1, ALI))
    await settle()
    old_message = feed(admission, door, message(2, VALI))
    a_press = feed(admission, door, press(3, VALI))
    await settle()
    another = feed(admission, door, press(4, CARL))  # one too many: the message goes
    assert await old_message is None
    assert admission.waiting == 2 and admission.shed["too many waiting"] == 1
    for update_id in (1, 3, 4):
        door.let_go(update_id)
    assert await asyncio.gather(first, a_press, another) == [1, 3, 4]


async def test_an_answered_press_gives_its_slot_to_the_next_one() -> None:
    door = Door()
    admission = Admission(door.answer_busy, slots=1)
    after_answer = asyncio.Event()

    async def answers_then_goes_on(event: Any, data: dict[str, Any]) -> None:
        door.started.append(event.update_id)
        Admission.answered()  # (what AnswerTracker does when the answer went out)
        await after_answer.wait()  # its redraws, the computer's reply ...

    user = User(id=ALI, is_bot=False, first_name="U")
    slow = asyncio.create_task(admission(answers_then_goes_on, press(1, ALI),
                                         {"event_from_user": user}))
    await settle()
    nxt = feed(admission, door, press(2, VALI))
    await settle()
    assert door.started == [1, 2]  # the second did not wait for the first's redraws
    door.let_go(2)
    after_answer.set()
    await asyncio.gather(slow, nxt)
    assert admission.handling == 0 and admission.taken == 0


async def test_a_stopping_process_takes_nothing_more_and_sheds_what_waits() -> None:
    door = Door()
    admission = Admission(door.answer_busy, slots=1, limit=3)
    first = feed(admission, door, message(1, ALI))
    await settle()
    waiting = feed(admission, door, press(2, VALI))
    await settle()
    assert not admission.saturated()
    admission.close()
    assert admission.saturated()
    assert await waiting is None and door.busy == ["q2"]
    assert await feed(admission, door, press(3, CARL)) is None and door.busy == ["q2", "q3"]
    door.let_go(1)
    assert await first == 1  # what was being handled finishes


async def test_saturated_once_the_limit_is_taken() -> None:
    door = Door()
    admission = Admission(door.answer_busy, slots=1, limit=2)
    tasks = [feed(admission, door, message(1, ALI)), feed(admission, door, message(2, VALI))]
    await settle()
    assert admission.saturated()
    for update_id in (1, 2):
        door.let_go(update_id)
    await asyncio.gather(*tasks)
    assert not admission.saturated()


@pytest.mark.parametrize("cancelled_first", [True, False])
async def test_a_cancelled_update_leaves_nothing_behind(cancelled_first: bool) -> None:
    door = Door()
    admission = Admission(door.answer_busy, slots=1)
    first = feed(admission, door, message(1, ALI))
    await settle()
    second = feed(admission, door, message(2, VALI))
    await settle()
    (first if cancelled_first else second).cancel()
    await settle()
    door.let_go(1)
    door.let_go(2)
    await asyncio.gather(first, second, return_exceptions=True)
    assert (admission.taken, admission.handling, admission.waiting) == (0, 0, 0)


async def test_an_update_cancelled_just_as_its_turn_comes_gives_the_slot_on() -> None:
    door = Door()
    admission = Admission(door.answer_busy, slots=1)
    first = feed(admission, door, message(1, ALI))
    await settle()
    second = feed(admission, door, message(2, VALI))
    third = feed(admission, door, message(3, CARL))
    await settle()
    door.let_go(1)
    deadline = asyncio.get_running_loop().time() + patient(30)  # (only catches a hang)
    while not first.done():  # the slot goes to the second (its waiter is resolved) ...
        assert asyncio.get_running_loop().time() < deadline, "the first update never ended"
        await asyncio.sleep(0)  # (not asyncio.wait: the second would run before the test)
    second.cancel()  # ... which is cancelled before it runs again
    await asyncio.gather(second, return_exceptions=True)
    await settle()
    assert door.started == [1, 3]
    door.let_go(3)
    assert await third == 3
    assert (admission.taken, admission.handling, admission.waiting) == (0, 0, 0)


async def test_what_was_shed_is_logged_once_a_minute_at_most(
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="bot.plumbing.admission")
    now = [1000.0]
    door = Door()
    admission = Admission(door.answer_busy, per_user=1, monotonic=lambda: now[0])
    first = feed(admission, door, message(1, ALI))
    await settle()
    for update_id in (2, 3):  # Ali's flood: information, not a warning
        assert await feed(admission, door, press(update_id, ALI)) is None
    admission.close()
    assert await feed(admission, door, press(4, VALI)) is None  # stopping: a warning
    admission.report()  # within the minute: nothing more
    now[0] += 60
    admission.report()
    lines = [(r.levelname, r.getMessage()) for r in caplog.records]
    assert lines == [("INFO", "1 update(s) shed in the last minute (1 one user's flood); "
                      "1 handled now, 0 waiting"),
                     ("WARNING", "2 update(s) shed in the last minute (1 one user's flood, "
                      "1 stopping); 1 handled now, 0 waiting")], lines
    door.let_go(1)
    await first
