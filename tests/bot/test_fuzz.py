"""Random updates of every kind through the real Dispatcher against the fake Bot API:
no exception escapes a handler, nothing is logged at ERROR (no traceback at all), and every
callback query is answered. The seeds are fixed, so a failure is reproducible;
`benchmarks/fuzz.py` runs many more."""

from __future__ import annotations

import pytest

from tests.bot.conftest import Harness
from tests.support.fuzz import UpdateFuzzer, drive


@pytest.mark.parametrize("seed", [1, 2])
async def test_random_updates_raise_nothing_and_every_press_is_answered(
        harness: Harness, seed: int) -> None:
    h = harness
    fuzzer = UpdateFuzzer(h.fake, seed)
    report = await drive(h.app, h.fake, fuzzer, 1500, advance=h.clock.advance)
    assert report.clean, report.summary() + "\n" + "\n".join(
        (report.exceptions + report.errors + report.tracebacks)[:5]) + str(
        report.unanswered[:5])
    # The run reached every kind of update and real games.
    assert set(fuzzer.kinds) >= {"command", "deep_link", "press_offered", "press_junk",
                                 "press_shapes", "inline_query", "edited"}
    assert len(fuzzer.callback_ids) > 500
