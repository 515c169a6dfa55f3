"""The web board's pictures for docs/: a match of short nard against the computer on a phone
(390 px wide, drawn at twice the density), in Telegram's light and dark themes.

    python -m testkit.webshots docs

Seeded dice; the player's moves go through the API (the first checker the page offers,
to its first destination), the page follows them over its live connection. Pictures:
web-short-{opening,hit,bearoff,result}-{light,dark}.png. Then the whole screen at each size
the browser tests play (two phones upright, one turned sideways: `SIZES`), a game's turn
played and waiting for Done: web-screen-{390x844,360x740,844x390}-{light,dark}.png, drawn
at the phone's own density of 1 to stay small. Last, the 💡 Hint box open over a game
against the computer: web-hint-{light,dark}.png. Needs Debian's Chromium (and, for the emoji
of the buttons, fonts-noto-color-emoji).
"""

from __future__ import annotations

import asyncio
import io
import sys
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from PIL import Image
from playwright.async_api import Browser, Page

from engine.dice import SeededDice
from testkit.browser import chromium, new_context, open_page, page_url, settled
from testkit.fake_telegram import FakeTelegram
from testkit.web import WebHarness, make_web_harness

SEED, LENGTH = 9, 3
PLAYER, NAME = 7201, "Aziza"
THEMES = ("light", "dark")
SHOTS = ("opening", "hit", "bearoff", "result")
SIZES = {"390x844": (390, 844), "360x740": (360, 740), "844x390": (844, 390)}
SCREEN_SEED, SCREEN_TURNS = 4, 7  # the turn the whole-screen pictures show
HINT_SEED = 5


async def call(wh: WebHarness, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    return await wh.call(method, path, None, body, headers=wh.headers(PLAYER, NAME))


async def turns(wh: WebHarness, game: int) -> AsyncIterator[dict[str, Any]]:
    """Play the player's side through the API, yielding each state that waits for their
    move (and the last one)."""
    _, state = await call(wh, "GET", f"api/games/{game}")
    for _ in range(3000):
        if state["status"] != "active":
            break
        act: dict[str, Any] | None = None
        if not state["you_act"]:
            await asyncio.sleep(0.01)
            _, state = await call(wh, "GET", f"api/games/{game}")
            continue
        if state["can"]["roll"]:
            act = {"act": "roll"}
        elif state["can"]["take"]:
            act = {"act": "take"}
        elif state["movable"]:
            yield state
            src = next(iter(state["movable"]))
            act = {"act": "go", "src": int(src), "dst": int(next(iter(state["movable"][src])))}
        elif state["can"]["done"]:
            act = {"act": "done"}
        else:
            _, state = await call(wh, "GET", f"api/games/{game}")
            continue
        status, data = await call(wh, "POST", f"api/games/{game}/actions",
                                  {**act, "version": state["version"]})
        assert status == 200, data
        state = data["state"]
    yield state


async def picture(page: Page, path: Path) -> None:
    """The game's part of the page (board, buttons, result), as a palette PNG."""
    save(await page.locator(".game").screenshot(animations="disabled"), path)


async def shoot(wh: WebHarness, browser: Browser, out: Path) -> list[Path]:
    """Play the match and take the pictures into `out`; returns their paths."""
    wh.core.games.dice = SeededDice(SEED)
    wh.fake.user(PLAYER, NAME, language_code="en").command("/start")
    await wh.feed()
    status, data = await call(wh, "POST", "api/games", {
        "variant": "short", "level": "beginner", "length": LENGTH, "cube": True})
    assert status == 200, data
    game = data["game"]
    pages: dict[str, Page] = {}
    for theme in THEMES:
        context = await new_context(browser, scale=2, reduced_motion="reduce")
        pages[theme], _ = await open_page(context, page_url(
            wh.url, wh.init_data(PLAYER, NAME), query=f"?game={game}", theme=theme))
    taken: dict[str, list[Path]] = {}

    async def take(name: str, version: int, select: int | None = None) -> None:
        if name in taken:
            return
        taken[name] = []
        for theme, page in pages.items():
            await page.wait_for_function(
                "(v) => Number(document.body.dataset.version) >= v", arg=version)
            await settled(page)
            if select is not None:
                await page.locator(f'.board .hit.movable[data-src="{select}"]').click()
            path = out / f"web-short-{name}-{theme}.png"
            await picture(page, path)
            taken[name].append(path)
            if select is not None:
                await page.locator(f'.board .hit.movable[data-src="{select}"]').click()

    async for state in turns(wh, game):
        version = state["version"]
        if state["status"] != "active":
            await take("result", version)
        elif "opening" not in taken:
            await take("opening", version)
        elif state["bar"]["viewer"] and any(m["by"] == "opponent" for m in state["moves"]):
            await take("hit", version)
        elif state["off"]["viewer"] and not state["steps"]:
            off = [int(src) for src, dsts in state["movable"].items() if "0" in dsts]
            if off:
                await take("bearoff", version, select=off[0])
    missing = [name for name in SHOTS if name not in taken]
    assert not missing, f"the match never showed {missing}: choose another SEED"
    return [path for name in SHOTS for path in taken[name]]


def save(shot: bytes, path: Path) -> None:
    """A screenshot as a small palette PNG."""
    image = Image.open(io.BytesIO(shot)).convert("RGB")
    image.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        path, optimize=True)


async def shoot_screens(wh: WebHarness, browser: Browser, out: Path) -> list[Path]:
    """The whole screen at each of `SIZES` in each theme: a game against the computer at
    its `SCREEN_TURNS`th turn of the player's, the turn played and waiting for Done."""
    wh.core.games.dice = SeededDice(SCREEN_SEED)
    status, data = await call(wh, "POST", "api/games", {
        "variant": "short", "level": "beginner", "length": 3, "cube": False})
    assert status == 200, data
    game = data["game"]
    turns_seen = 0
    _, state = await call(wh, "GET", f"api/games/{game}")
    for _ in range(3000):
        if state["you_act"] and state["can"]["done"] and state["steps"]:
            turns_seen += 1
            if turns_seen == SCREEN_TURNS:
                break
        if not state["you_act"]:
            await asyncio.sleep(0.01)
            _, state = await call(wh, "GET", f"api/games/{game}")
            continue
        if state["can"]["roll"]:
            act: dict[str, Any] = {"act": "roll"}
        elif state["movable"]:
            src = next(iter(state["movable"]))
            act = {"act": "go", "src": int(src), "dst": int(next(iter(state["movable"][src])))}
        else:
            act = {"act": "done"}
        status, data = await call(wh, "POST", f"api/games/{game}/actions",
                                  {**act, "version": state["version"]})
        assert status == 200, data
        state = data["state"]
    assert turns_seen == SCREEN_TURNS and state["status"] == "active", state
    paths = []
    for size, (width, height) in SIZES.items():
        for theme in THEMES:
            context = await new_context(browser, viewport={"width": width, "height": height},
                                        reduced_motion="reduce")
            page, _ = await open_page(context, page_url(
                wh.url, wh.init_data(PLAYER, NAME), query=f"?game={game}", theme=theme))
            await settled(page)
            path = out / f"web-screen-{size}-{theme}.png"
            save(await page.screenshot(animations="disabled"), path)
            paths.append(path)
            await context.close()
    return paths


async def shoot_hint(wh: WebHarness, browser: Browser, out: Path) -> list[Path]:
    """The game's part of the page with the 💡 Hint box open, in each theme: an unrated
    game against the computer, the player's roll thrown and not yet played (a hint is
    given once a roll, so each theme plays its own game from the same dice)."""
    paths = []
    for theme in THEMES:
        wh.core.games.dice = SeededDice(HINT_SEED)
        status, data = await call(wh, "POST", "api/games", {
            "variant": "short", "level": "beginner", "length": 1, "cube": False})
        assert status == 200, data
        game = data["game"]
        _, state = await call(wh, "GET", f"api/games/{game}")
        for _ in range(3000):
            if state["you_act"] and (state["can"]["roll"] or state["movable"]):
                break
            await asyncio.sleep(0.01)
            _, state = await call(wh, "GET", f"api/games/{game}")
        if state["can"]["roll"]:
            status, data = await call(wh, "POST", f"api/games/{game}/actions",
                                      {"act": "roll", "version": state["version"]})
            assert status == 200, data
            state = data["state"]
        assert state["movable"], state
        context = await new_context(browser, scale=2, reduced_motion="reduce")
        page, _ = await open_page(context, page_url(
            wh.url, wh.init_data(PLAYER, NAME), query=f"?game={game}", theme=theme))
        await settled(page)
        await page.click(".actions [data-act=hint]")
        await page.locator(".advice:not([hidden])").wait_for()
        path = out / f"web-hint-{theme}.png"
        await picture(page, path)
        paths.append(path)
        await context.close()
        _, state = await call(wh, "GET", f"api/games/{game}")
        status, data = await call(wh, "POST", f"api/games/{game}/actions",
                                  {"act": "resign", "version": state["version"]})
        assert status == 200, data  # (the next theme's game: one game at a time)
    return paths


async def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        async with FakeTelegram() as fake:
            wh = await make_web_harness(fake, Path(folder))
            try:
                async with chromium() as browser:
                    for path in await shoot(wh, browser, out):
                        print(path)
                    for path in await shoot_screens(wh, browser, out):
                        print(path)
                    for path in await shoot_hint(wh, browser, out):
                        print(path)
            finally:
                await wh.close()


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs")))
