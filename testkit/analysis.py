"""The analysis in tests: a runner that counts what it ran and moves the test clock, the
Analysis button of a result, a finished game stored as Ali's and Vali's."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

from core.eventlog import since
from core.games import result_notice
from core.live import Live
from engine.game import Game
from storage import games, results
from testkit.fake_telegram import StoredMessage
from testkit.friends import ALI, VALI
from testkit.harness import Harness

STEP = 2.0  # seconds the clock moves per analysed decision


class Counting:
    """A runner in a worker thread that counts what it ran, moves the test clock, and can
    be held (to press several times while a job waits)."""

    def __init__(self, h: Harness) -> None:
        self.h = h
        self.calls: Counter[str] = Counter()
        self.gate = asyncio.Event()
        self.gate.set()

    async def run(self, fn: Any, *args: Any) -> Any:
        self.calls[fn.__name__] += 1
        await self.gate.wait()
        self.h.clock.advance(STEP)
        return await asyncio.to_thread(fn, *args)

    async def close(self) -> None:
        return None


def counting(h: Harness, ply: int = 1) -> Counting:
    runner = Counting(h)
    h.app.core.analysis.runner = runner
    h.app.core.analysis.ply = ply
    return runner


def analysis_button(h: Harness, chat: int) -> tuple[StoredMessage, str]:
    """The newest result message in `chat` with its Analysis button's data."""
    for message in reversed(h.fake.messages(chat)):
        for text, data in message.buttons:
            if text == "📊 Analysis" and data:
                return message, data
    raise AssertionError(h.fake.transcript(chat))


async def press(h: Harness, user: int, chat: int) -> StoredMessage:
    """`user` presses the Analysis button of the newest result in `chat`; the press is
    handled (the job may still run)."""
    message, data = analysis_button(h, chat)
    h.fake.user(user, "P").press(message, data)
    await h.feed()
    return message


async def store(h: Harness, game: Game) -> int:
    """A finished engine game stored as Ali's (seat 0) and Vali's, its result delivered."""
    for user, name in ((ALI, "Ali"), (VALI, "Vali")):
        h.fake.user(user, name, language_code="en").command("/start")
        await h.feed()
    live = Live(game)
    row = await games.create_game(h.app.db, variant=game.variant.value, players=(ALI, VALI),
                                  state_json=live.dump(), now=h.clock(), log=since(None, live),
                                  cube=game.cube_enabled)
    assert game.result is not None
    await results.finish_game(h.app.db, row.id, row.version, winner_seat=game.result.winner,
                              result=game.result.kind.value, points=game.result.points,
                              state_json=live.dump(), now=h.clock(),
                              notice=result_notice(live))
    await h.app.results.deliver(row.id)
    return row.id
