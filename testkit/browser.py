"""Debian's headless Chromium driving the web board, for the browser tests, the web
screenshots (testkit/webshots.py) and the drag benchmark (benchmarks/webboard.py).

Playwright's async API runs on the caller's event loop, beside the bot and the web door it
talks to. The machine has no internet: Telegram's script is routed to a local stand-in
(web/static/telegram-local.js, the one local play uses) that reads the init data, theme
and start parameter from the page's hash as Telegram's script does.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from playwright.async_api import (
    Browser,
    BrowserContext,
    Frame,
    Page,
    Route,
    ViewportSize,
    async_playwright,
)

from web.app import TELEGRAM_SCRIPT

STUB = Path(__file__).resolve().parents[1] / "web" / "static" / "telegram-local.js"
ARGS = ["--no-sandbox", "--headless=new", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
# Telegram's theme parameters (a light and a dark client), as the stub hands them over.
THEMES: dict[str, dict[str, str]] = {
    "light": {"bg_color": "#ffffff", "text_color": "#000000", "hint_color": "#707579",
              "link_color": "#3390ec", "button_color": "#3390ec",
              "button_text_color": "#ffffff", "secondary_bg_color": "#f4f4f5",
              "destructive_text_color": "#e53935"},
    "dark": {"bg_color": "#212121", "text_color": "#ffffff", "hint_color": "#aaaaaa",
             "link_color": "#8774e1", "button_color": "#8774e1",
             "button_text_color": "#ffffff", "secondary_bg_color": "#181818",
             "destructive_text_color": "#ff595a"},
}


class NoChromium(RuntimeError):
    """Chromium is not installed."""


@asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    """Debian's Chromium, headless (Playwright's own browser download needs the internet)."""
    path = shutil.which("chromium")
    if path is None:
        raise NoChromium("Chromium is not installed: run `apt-get install -y chromium` "
                         "(the browser tests drive Debian's Chromium)")
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=path, args=ARGS)
        try:
            yield browser
        finally:
            await browser.close()


def page_url(base: str, init_data: str | None, *, query: str = "",
             theme: str = "light") -> str:
    """The page's address as Telegram opens it: init data and theme in the hash."""
    fields = {"tgWebAppThemeParams": json.dumps(THEMES[theme]), "tgWebAppColorScheme": theme,
              "tgWebAppVersion": "8.0"}
    if init_data is not None:
        fields["tgWebAppData"] = init_data
    return f"{base}{query}#{urlencode(fields)}"


async def _stub(route: Route) -> None:
    await route.fulfill(path=STUB, content_type="text/javascript")


async def new_context(browser: Browser, *, viewport: dict[str, int] | None = None,
                      scale: float = 1, reduced_motion: str = "no-preference",
                      touch: bool = False, timezone: str | None = None) -> BrowserContext:
    """`timezone`: the browser's own (an IANA name; None: the machine's)."""
    size = viewport or PHONE
    context = await browser.new_context(
        viewport=ViewportSize(width=size["width"], height=size["height"]),
        device_scale_factor=scale, has_touch=touch,
        is_mobile=touch, reduced_motion=reduced_motion,  # type: ignore[arg-type]
        timezone_id=timezone)
    await context.route(TELEGRAM_SCRIPT, _stub)
    return context


class Errors(list[str]):
    """The page's uncaught exceptions and console errors (a test expects none)."""


async def open_page(context: BrowserContext, url: str) -> tuple[Page, Errors]:
    page = await context.new_page()
    errors = Errors()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    # (An answer of 4xx is logged by the browser as an error; the tests check those.)
    page.on("console", lambda message: errors.append(message.text)
            if message.type == "error" and not message.text.startswith("Failed to load resource")
            else None)
    await page.goto(url)
    return page, errors


Where = Page | Frame  # the board's page, or the frame showing it (the local page's board)


def mouse_of(where: Where) -> Any:
    """The mouse that reaches `where` (a frame's is its page's: coordinates are the page's)."""
    return where.mouse if isinstance(where, Page) else where.page.mouse


async def settled(page: Where, timeout: float = 15_000) -> dict[str, Any]:
    """Wait until the page has drawn the newest state it has and nothing moves; returns a
    summary of what it shows."""
    await page.wait_for_function(
        "() => document.body.dataset.view === 'game' && document.body.dataset.idle === '1'",
        timeout=timeout)
    return await shown(page)


async def shown(page: Where) -> dict[str, Any]:
    return await page.evaluate("""() => ({
        version: Number(document.body.dataset.version || 0),
        movable: [...document.querySelectorAll('.board .hit.movable')].map(e => +e.dataset.src),
        buttons: [...document.querySelectorAll('.actions button[data-act]')]
            .filter(b => !b.hidden).map(b => b.dataset.act),
        result: !document.querySelector('.result-panel').hidden,
        status: document.querySelector('.status').textContent,
    })""")


async def centre(page: Where, selector: str) -> tuple[float, float]:
    box = await page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


async def drag(page: Where, src: int | None = None, dst: int | None = None,
               steps: int = 6) -> tuple[int, int]:
    """Drag a movable checker (the first, or the one on `src`) with the mouse from its
    centre to a highlighted destination's centre (the first, or `dst`); returns both."""
    picked = ".board .hit.movable" + ("" if src is None else f'[data-src="{src}"]')
    x, y = await centre(page, picked)
    source = int(await page.locator(picked).first.get_attribute("data-src") or -1)
    mouse = mouse_of(page)
    await mouse.move(x, y)
    await mouse.down()
    await mouse.move(x + 4, y - 9, steps=2)  # past the slop: the drag starts
    target = ".board .hit.target" + ("" if dst is None else f'[data-dst="{dst}"]')
    await page.locator(target).first.wait_for(state="attached", timeout=5000)
    tx, ty = await centre(page, target)
    destination = int(await page.locator(target).first.get_attribute("data-dst") or -1)
    await mouse.move(tx, ty, steps=steps)
    await mouse.up()
    return source, destination
