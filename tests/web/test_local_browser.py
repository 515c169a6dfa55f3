"""`python -m bot --local` in a browser: a player signs in with a name, starts a game against
the computer with the chat's buttons, opens the web board from the board message and plays
the whole game by dragging, while the chat beside it shows what the bot sends."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from playwright.async_api import Browser, BrowserContext, Frame, Page

from testkit.browser import drag, settled
from testkit.processes import local_bot


@pytest_asyncio.fixture
async def local_url(tmp_path: Path) -> AsyncIterator[str]:
    """A local bot in a fresh folder (no BOT_TOKEN, no .env): its one link."""
    async with local_bot(tmp_path, "--local", "--port", "0") as (url, _):
        yield url


async def press_in_chat(page: Page, text: str) -> None:
    """Press the newest chat button whose label contains `text`."""
    button = page.locator("#messages button", has_text=text).last
    await button.wait_for(timeout=30_000)
    await button.click()


async def new_game_in_chat(context: BrowserContext, url: str, choices: tuple[str, ...]
                           ) -> tuple[Page, list[str]]:
    """Aziza signs in on the local page and asks for /new, pressing `choices` in the chat:
    the page and its uncaught errors (a list the page keeps adding to)."""
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    await page.goto(url)
    await page.fill("#name", "Aziza")
    await page.click("#login button[type=submit]")
    await page.locator("#messages li", has_text="Welcome").first.wait_for(timeout=30_000)
    await page.fill("#text", "/new")
    await page.press("#text", "Enter")
    for choice in choices:
        await press_in_chat(page, choice)
    return page, errors


async def board_frame(page: Page) -> Frame:
    await page.wait_for_function(
        "() => document.getElementById('frame').src.includes('game=')", timeout=30_000)
    for _ in range(100):
        frame = next((f for f in page.frames if "game=" in f.url), None)
        if frame is not None:
            return frame
        await asyncio.sleep(0.1)
    raise AssertionError("the board's frame did not load")


@pytest.mark.slow
async def test_a_whole_game_against_the_computer_in_the_local_page(
        local_url: str, browser: Browser) -> None:
    context = await browser.new_context(viewport={"width": 1100, "height": 900},
                                        reduced_motion="reduce")
    # The game is chosen in the chat, with the bot's own buttons.
    page, errors = await new_game_in_chat(context, local_url, (
        "Short nard", "Computer", "Beginner", "1 game", "Without the cube"))
    await page.locator("#messages li img").first.wait_for(timeout=60_000)  # the board
    await press_in_chat(page, "Open board")
    frame = await board_frame(page)
    state = await settled(frame, timeout=60_000)
    dragged = 0
    for _ in range(600):
        if state["result"]:
            break
        version = state["version"]
        if state["movable"]:
            await drag(frame)
            dragged += 1
        elif "done" in state["buttons"]:
            await frame.click(".actions [data-act=done]")
        await frame.wait_for_function("(v) => Number(document.body.dataset.version) > v",
                                      arg=version, timeout=60_000)
        state = await settled(frame, timeout=60_000)
    assert state["result"], state
    assert dragged >= 10, dragged
    # The chat beside it: the boards the bot sent and the result message.
    result = page.locator("#messages li", has_text=re.compile("You won|You lost"))
    await result.first.wait_for(timeout=30_000)
    assert await page.locator("#messages li img").count() >= 1
    assert not errors, errors
    await context.close()


async def overflowing(page: Page) -> list[str]:
    """The chat messages wider than their bubble (their text cut or spilling out)."""
    return await page.evaluate("""() => [...document.querySelectorAll('#messages li')]
        .filter((li) => li.scrollWidth > li.clientWidth + 1)
        .map((li) => li.textContent.slice(0, 80))""")


@pytest.mark.slow
async def test_a_challenge_opens_the_other_side_in_a_new_tab_with_one_click(
        local_url: str, browser: Browser) -> None:
    """A phone-wide page: a friend's challenge, its other side played from a new tab with one
    click; no message (the challenge link, the dice's SHA-256 seed hash) overflows its
    bubble in either tab."""
    context = await browser.new_context(viewport={"width": 390, "height": 844},
                                        reduced_motion="reduce")
    page, errors = await new_game_in_chat(context, local_url, (
        "Short nard", "A friend", "1 game", "Without the cube"))
    other = page.locator("#messages button.other-side").last
    await other.wait_for(timeout=30_000)
    async with context.expect_page() as opened:
        await other.click()
    second = await opened.value
    second.on("pageerror", lambda exc: errors.append(str(exc)))
    # The new tab is a second player at once, who has opened the challenge: the game begins
    # in both chats, each with its seed hash.
    for tab in (page, second):
        await tab.locator("#messages li", has_text="SHA-256").first.wait_for(timeout=30_000)
        await tab.locator("#messages li img").first.wait_for(timeout=30_000)
    assert await second.locator("#me").text_content() == "Second player"
    assert await page.locator("#me").text_content() == "Aziza"
    for tab in (page, second):
        assert await overflowing(tab) == []
    assert not errors, errors
    await context.close()
