"""Random updates of every kind through the real Dispatcher against the fake Bot API:
no exception escapes a handler, nothing is logged at ERROR (no traceback at all), every
callback query is answered, and every active game shows the player to move a board with
the stored version's buttons. The seeds are fixed, so a failure is reproducible;
`benchmarks/fuzz.py` runs many more."""

from __future__ import annotations

import pytest

from testkit.faults import FaultyTelegram
from testkit.fuzz import FuzzReport, UpdateFuzzer, drive
from testkit.harness import Harness, make_harness

pytestmark = pytest.mark.slow  # thousands of updates a test


def explain(report: FuzzReport) -> str:
    return "\n".join([report.summary(), *report.exceptions[:3], *report.errors[:3],
                      *report.tracebacks[:3], *report.boardless[:5], *report.unanswered[:5]])


async def test_random_updates_raise_nothing_and_every_press_is_answered(
        harness: Harness) -> None:
    h = harness
    fuzzer = UpdateFuzzer(h.fake, 1)
    report = await drive(h.app, h.fake, fuzzer, 2000, advance=h.clock.advance)
    assert report.clean, explain(report)
    # The run reached every kind of update and real games.
    assert set(fuzzer.kinds) >= {"command", "deep_link", "press_offered", "press_junk",
                                 "press_shapes", "inline_query", "chosen", "edited"}
    assert fuzzer.presses > 500 and report.games >= 10


async def test_random_updates_while_telegram_fails_now_and_then(database_url: str) -> None:
    async with FaultyTelegram() as fake:
        h = await make_harness(fake, database_url)
        try:
            fake.chaos(0.05, seed=3)  # one call in twenty fails, in any of five ways
            fuzzer = UpdateFuzzer(fake, 3)
            report = await drive(h.app, fake, fuzzer, 1000, advance=h.clock.advance)
        finally:
            await h.app.repair.close()
            await h.app.db.close()
            await h.app.bot.session.close()
    kinds = {kind for _, kind in fake.faulted}
    assert kinds == {"429", "429-long", "500", "disconnect", "html"}
    # A press whose every answer Telegram refused stays unanswered: nothing else may.
    refused_answers = sum(1 for method, _ in fake.faulted if method == "answerCallbackQuery")
    assert len(report.unanswered) <= refused_answers // 2
    report.unanswered = []
    assert report.clean, explain(report)
