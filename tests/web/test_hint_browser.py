"""The web board's 💡 Hint button in headless Chromium: in an unrated game against the
computer it is there exactly when the API gives a hint (the player's move, before its first
step), shows the best three moves in the page's language and stays while the roll is
played; the hint is stored as the chat's are (the analysis counts them). The page is in
Telegram's dark theme, and every line of the hint box reads there (WCAG AA contrast)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from PIL import Image
from playwright.async_api import Browser

import ai
from core.hints import HINT_PLY, HintMove
from core.history import thrown
from core.live import Live
from engine.dice import SeededDice
from i18n import Translator
from i18n.figures import hint_lines
from storage import games, hints, players
from testkit.browser import PHONE, drag, new_context, open_page, page_url, settled
from testkit.contrast import labels
from testkit.web import WebHarness, computer_game
from tests.web.test_browser import newer

pytestmark = pytest.mark.slow  # headless Chromium: seconds a test

ALI = 1001
NOW = datetime(2026, 12, 7, 12, 0, tzinfo=UTC)


async def hint_status(wh: WebHarness, game: int) -> int:
    status, _ = await wh.call("GET", f"api/games/{game}/hint", ALI)
    return status


async def test_the_hint_button_shows_the_best_three_moves(
        wh: WebHarness, browser: Browser, tmp_path: Path) -> None:
    wh.core.games.dice = SeededDice(7)
    game = await computer_game(wh, ALI)
    await players.set_language(wh.core.db, ALI, "ru", now=NOW)  # the page's language,
    wh.web.players.forget(ALI)  # as /lang sets it
    page, errors = await open_page(
        await new_context(browser, reduced_motion="reduce"),
        page_url(wh.url, wh.init_data(ALI, "Ali"), query=f"?game={game}", theme="dark"))
    state = await settled(page)
    while "roll" not in state["buttons"]:  # the computer won the opening roll: its move first
        if state["movable"]:
            break  # (the player won it: the opening roll is theirs to play)
        state = await newer(page, state["version"])
    if "roll" in state["buttons"]:
        # Before the roll: no button, and the API refuses a hint (409, "not now").
        assert "hint" not in state["buttons"]
        assert await hint_status(wh, game) == 409
        await page.click(".actions [data-act=roll]")
        state = await newer(page, state["version"])
    assert state["movable"] and "hint" in state["buttons"], state
    assert await page.locator(".actions [data-act=hint]").inner_text() == "💡 Подсказка"

    await page.click(".actions [data-act=hint]")
    await page.locator(".advice:not([hidden])").wait_for()
    shown = await page.locator(".advice p").all_inner_texts()
    live = Live.load((await games.load_game(wh.core.db, game)).state_json).game
    assert live.dice is not None
    ranked = ai.rank_plays(live.position, live.dice, HINT_PLY, first_turn=live.first_turn)
    best = ranked[0][1]
    expected = hint_lines(Translator("ru"), thrown(live.dice),
                          [HintMove(str(p.move), e, best - e) for p, e in ranked[:3]])
    assert shown == expected and shown[0].startswith("💡 Лучшие ходы для")
    assert len(shown) == 1 + min(3, len(ranked))
    boxed = [label for label in await labels(page, ".advice") if label.text.strip()]
    assert len(boxed) >= len(shown), boxed  # every line was read, and each one reads:
    assert all(label.ok for label in boxed), [(x.text, x.ratio, x.fore, x.back) for x in boxed]
    assert all(sum(label.back) < 3 * 100 for label in boxed), boxed  # on the dark theme
    assert await hints.used(wh.core.db, game, 1) == {0: 1}  # counted as the chat's are
    state = await settled(page)
    assert "hint" not in state["buttons"]  # shown: the button is gone for this roll
    shot = tmp_path / "web-hint-ru.png"
    await page.screenshot(path=str(shot), animations="disabled")
    with Image.open(shot) as image:
        assert image.width == PHONE["width"]

    # A step taken: the hint stays in sight, and the API (and so the page) gives no other.
    await drag(page)
    state = await newer(page, state["version"])
    if state["movable"]:
        assert await page.locator(".advice").is_visible()
        assert "hint" not in state["buttons"] and await hint_status(wh, game) == 409
    # The turn sent: the hint is gone.
    while state["movable"] or "done" in state["buttons"]:
        version = state["version"]
        if state["movable"]:
            await drag(page)
        else:
            await page.click(".actions [data-act=done]")
        state = await newer(page, version)
    assert not await page.locator(".advice").is_visible()
    assert await hints.used(wh.core.db, game, 1) == {0: 1}
    assert not errors, errors
