"""The replay viewer and sharing in Chromium: a finished game stepped through frame by frame,
played and paused (the page's clock driven by Playwright), a mistake jumped to; the result
card and a challenge handed to Telegram's shareMessage with the ids the bot prepared."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.async_api import Browser, Page

from testkit.browser import new_context, open_page, page_url
from testkit.web import WebHarness, finished_computer_game, resigned_game, store_blunder

ALI = 1001


async def frame_shown(page: Page) -> int:
    return int(await page.evaluate("() => document.body.dataset.frame"))


async def board_version(page: Page) -> int:
    return int(await page.get_attribute("svg.board", "data-version") or -1)


async def at(page: Page, frame: int) -> None:
    await page.wait_for_function("(f) => document.body.dataset.frame === String(f)", arg=frame)
    assert await board_version(page) == frame  # the board drew that frame


async def replay_page(browser: Browser, wh: WebHarness, game: int
                      ) -> tuple[Page, list[str], dict[str, Any]]:
    """The game's result screen, then the viewer opened from it (the page's clock installed,
    so playing advances only when the test says)."""
    context = await new_context(browser, reduced_motion="reduce")
    await context.clock.install()
    page, errors = await open_page(context, page_url(wh.url, wh.init_data(ALI, "Ali"),
                                                     query=f"?game={game}"))
    await page.locator("[data-after=watch]").click(timeout=30_000)
    await page.wait_for_selector("body[data-view=replay] .replay-controls")
    _, data = await wh.call("GET", f"api/games/{game}/frames", ALI)
    return page, errors, data


@pytest.mark.slow
async def test_stepping_playing_and_pausing_through_a_finished_game(
        browser: Browser, wh: WebHarness) -> None:
    game, _ = await finished_computer_game(wh)
    blunder = await store_blunder(wh, game)
    page, errors, data = await replay_page(browser, wh, game)
    frames = data["frames"]
    last = len(frames) - 1
    await at(page, 0)
    assert await page.text_content(".replay-counter") == f"1 / {len(frames)}"
    assert await page.is_disabled("[data-replay=back]")
    # One step at a time, forward and back: each frame's move written under the board.
    for index in range(1, 6):
        await page.click("[data-replay=forward]")
        await at(page, index)
        assert (await page.text_content(".replay-caption") or "") == (frames[index]["caption"]
                                                                       or "")
    await page.click("[data-replay=back]")
    await at(page, 4)
    # To the end: the result banner; to the start again.
    await page.click("[data-replay=last]")
    await at(page, last)
    assert await page.locator("svg.board .result > *").count() > 0
    assert await page.is_disabled("[data-replay=forward]")
    await page.click("[data-replay=first]")
    await at(page, 0)
    assert await page.locator("svg.board .result > *").count() == 0
    # Play: a frame each 1.1 s of the page's clock; pause stops it.
    await page.click("[data-replay=play]")
    await page.clock.run_for(3 * 1100 + 50)
    await at(page, 3)
    await page.click("[data-replay=play]")  # now Pause
    await page.clock.run_for(5 * 1100)
    await at(page, 3)
    # The analysis's mistake: one tap shows its move.
    [mistake] = data["mistakes"]
    await page.click("[data-mistake='0']")
    await at(page, mistake["frame"])
    assert await page.text_content(".replay-caption") == blunder["move"]
    assert await page.locator("button.mistake.current").count() == 1
    await page.click("[data-replay=close]")
    await page.wait_for_selector("body[data-view=game] .result-panel")
    assert not errors, errors


@pytest.mark.chat
async def test_the_result_and_a_challenge_go_to_telegrams_share_dialog(
        browser: Browser, wh: WebHarness) -> None:
    game = await resigned_game(wh)
    context = await new_context(browser, reduced_motion="reduce")
    page, errors = await open_page(context, page_url(wh.url, wh.init_data(ALI, "Ali"),
                                                     query=f"?game={game}"))
    for what in ("result", "challenge"):
        await page.locator(f"[data-share={what}]").click(timeout=30_000)
        await page.wait_for_function(
            "(n) => window.__tg.calls.filter((c) => c[0] === 'shareMessage').length === n",
            arg=1 if what == "result" else 2)
    shared = await page.evaluate(
        "() => window.__tg.calls.filter((c) => c[0] === 'shareMessage').map((c) => c[1])")
    calls = wh.fake.calls("savePreparedInlineMessage")
    assert len(calls) == 2 and shared == list(wh.fake.prepared)
    kinds = [wh.fake.prepared[i]["result"]["type"] for i in shared]
    assert kinds == ["photo", "article"]
    # A story: the picture's address the bot serves.
    await page.click("[data-share=story]")
    await page.wait_for_function(
        "() => window.__tg.calls.some((c) => c[0] === 'shareToStory')")
    media = await page.evaluate(
        "() => window.__tg.calls.find((c) => c[0] === 'shareToStory')[1]")
    assert media.startswith("https://nard.example.com/app/share/") and media.endswith(".png")
    assert not errors, errors
