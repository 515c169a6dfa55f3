"""Every finished match analysed without a press (core/reviews.py): queued by the transaction
that ends it, claimed once, carried over a kill, turned off by its setting, and told to both
players with their PR and luck (or that the match was too short to judge), through the real
Dispatcher and the fake Bot API. The analysis runs in a worker thread at 1-ply (the flow is
tested here; the figures' arithmetic in tests/bot/test_pr_luck.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

from ai.luck import MIN_DECISIONS
from bot.services.analysis import review_text
from core.analysis import Skill
from core.reviews import CLAIM
from i18n import Translator
from storage import analysis, reviews
from testkit.analysis import counting
from testkit.driver import resign
from testkit.fixtures import fake_telegram  # noqa: F401 - a fixture
from testkit.friends import ALI, VALI, english_friend_game
from testkit.harness import Harness, make_harness
from testkit.lifecycle import Restartable, presses
from tests.bot.test_pr_luck import ROW

TITLE = "📊 The match in figures · Short nard"


@pytest_asyncio.fixture
async def h(fake_telegram: Any, database_url: str) -> AsyncIterator[Harness]:  # noqa: F811
    h = await make_harness(fake_telegram, database_url, auto_analysis=1)
    try:
        yield h
    finally:
        await h.app.analysis.stop()
        await h.app.core.stop()
        await h.app.repair.close()
        await h.app.db.close()
        await h.app.bot.session.close()


def reviews_in(h: Harness, chat: int) -> list[str]:
    return [m.text or "" for m in h.fake.messages(chat) if (m.text or "").startswith(TITLE)]


async def played_and_resigned(h: Harness, moves: int) -> int:
    """Ali and Vali play `moves` presses of a one-game friend match, then Ali resigns."""
    game_id = await english_friend_game(h)
    await presses(h, game_id, moves)
    await resign(h, ALI)
    return game_id


async def test_a_finished_match_is_analysed_and_told_without_a_press(h: Harness) -> None:
    counting(h)
    game_id = await played_and_resigned(h, 60)
    assert await reviews.status(h.app.db, game_id) in ("queued", "told")
    await h.app.core.reviews.drain()  # started by the match's end, not by a timer beat
    assert await reviews.status(h.app.db, game_id) == "told"
    assert await analysis.status(h.app.db, game_id, 1) == "done"
    # Stored: /me and the web board's result show it too.
    assert set(await analysis.match_figures(h.app.db, game_id)) == {0, 1}
    for chat in (ALI, VALI):
        [text] = reviews_in(h, chat)
        assert "Ali: " in text and "Vali: " in text and "luck " in text
        assert text.endswith("The 📊 Analysis button under the result shows the mistakes.")
    await h.app.timers.tick()  # told once: a later beat sends nothing
    await h.app.core.reviews.drain()
    assert [len(reviews_in(h, chat)) for chat in (ALI, VALI)] == [1, 1]


async def test_a_match_too_short_to_judge_says_so(h: Harness) -> None:
    counting(h)
    game_id = await played_and_resigned(h, 2)
    await h.app.core.reviews.drain()
    [text] = reviews_in(h, ALI)
    assert text.count("too short to judge") == 2, text
    assert "PR " not in text.replace("PR: lower", "")
    assert await reviews.status(h.app.db, game_id) == "told"


async def test_turned_off_it_leaves_the_match_queued(fake_telegram: Any,  # noqa: F811
                                                     database_url: str) -> None:
    h = await make_harness(fake_telegram, database_url)  # AUTO_ANALYSIS_MATCHES=0
    try:
        runner = counting(h)
        game_id = await played_and_resigned(h, 20)
        await h.app.timers.tick()
        await h.app.core.reviews.drain()
        assert await reviews.status(h.app.db, game_id) == "queued"  # kept, for later
        assert not runner.calls and reviews_in(h, ALI) == []
    finally:
        await h.app.repair.close()
        await h.app.db.close()
        await h.app.bot.session.close()


@pytest_asyncio.fixture
async def app(fake_telegram: Any, database_url: str) -> AsyncIterator[Restartable]:  # noqa: F811
    runner = Restartable(fake_telegram, database_url, auto_analysis=1)
    await runner.start()
    try:
        yield runner
    finally:
        if runner.h is not None:
            await runner.h.app.analysis.stop()
            await runner.h.app.core.stop()
            await runner.kill()


async def test_a_review_cut_short_by_a_kill_is_finished_after_the_restart(
        app: Restartable) -> None:
    h = app.h
    assert h is not None
    runner = counting(h)
    runner.gate.clear()  # the analysis waits: the process dies in the middle of it
    game_id = await played_and_resigned(h, 40)
    await h.app.timers.tick()
    assert h.app.core.reviews.running() == 1
    h.app.core.reviews.abandon()
    h.app.core.analysis.abandon()
    await app.kill()
    h = await app.start()
    counting(h)
    await h.app.timers.tick()  # the dead process's claim still holds: nobody takes it
    await h.app.core.reviews.drain()
    assert h.app.core.reviews.running() == 0
    assert await reviews.status(h.app.db, game_id) == "queued"
    h.clock.advance(CLAIM.total_seconds() + 1)
    await h.app.timers.tick()  # ran out: this process takes it over
    await h.app.core.reviews.drain()
    assert await reviews.status(h.app.db, game_id) == "told"
    assert [len(reviews_in(h, chat)) for chat in (ALI, VALI)] == [1, 1]


def _skill(decisions: int, pr: float | None, luck: float) -> Skill:
    return Skill(decisions, pr, luck, None, 0.0)


@pytest.mark.parametrize(("language", "lines"), [
    ("en", ["📊 The match in figures · Short nard", "Aziz: PR 8.3 · luck +0.75",
            "Leyla: too short to judge (4 of the 10 decisions needed) · luck −0.50"]),
    ("ru", ["📊 Матч в цифрах · Короткие нарды", "Aziz: PR 8,3 · удача +0,75",
            "Leyla: слишком мало для оценки (4 из 10 нужных решений) · удача −0,50"]),
    ("uz", ["📊 Oʻyin raqamlarda", "Aziz: PR 8,3 · omad +0,75",
            "Leyla: baholash uchun juda kam (kerakli 10 ta qarordan 4 tasi) · omad −0,50"]),
    ("ky", ["📊 Беттешүү сандарда", "Aziz: PR 8,3 · ийгилик +0,75",
            "Leyla: баалоо үчүн өтө аз (керектүү 10 чечимдин 4) · ийгилик −0,50"]),
    ("az", ["📊 Matç rəqəmlərdə", "Aziz: PR 8,3 · şans +0,75",
            "Leyla: qiymətləndirmək üçün çox azdır (lazım olan 10 qərardan 4) · şans −0,50"]),
])
def test_the_message_in_five_languages(language: str, lines: list[str]) -> None:
    assert MIN_DECISIONS == 10
    t = Translator(language)
    text = review_text(t, ROW, ("Aziz", "Leyla"),
                       {0: _skill(30, 500 * 0.5 / 30, 0.75), 1: _skill(4, None, -0.5)})
    for line in lines:
        assert line in text, text
