"""The full-screen board in headless Chromium at two phones' sizes upright and one turned
sideways: the board spans the width (upright) or the height (sideways) with the panel
below or beside it, every spot a finger aims at measures 44 px, a tap beside a legal
point finds it, every label reads (WCAG AA) in Telegram's light and dark themes, and a
whole game is played by dragging at each size."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from playwright.async_api import Browser, Page

from engine.dice import SeededDice
from storage import games
from testkit.browser import drag, new_context, open_page, page_url, settled
from testkit.contrast import labels
from testkit.fake_telegram import FakeTelegram
from testkit.web import WebHarness, computer_game, make_web_harness
from testkit.webshots import SIZES as SHOT_SIZES
from testkit.webshots import THEMES, shoot_screens
from web.layout import layout

pytestmark = pytest.mark.slow  # headless Chromium: seconds a test

ALI = 1001
SIZES = SHOT_SIZES  # two phones upright, one turned sideways
TOUCH = 44  # CSS px: the least a finger's target measures


async def board_page(browser: Browser, wh: WebHarness, game: int, size: str,
                     theme: str = "light", platform: str | None = None, touch: bool = False
                     ) -> tuple[Page, list[str]]:
    width, height = SIZES[size]
    context = await new_context(browser, viewport={"width": width, "height": height},
                                reduced_motion="reduce", touch=touch)
    url = page_url(wh.url, wh.init_data(ALI, "Ali"), query=f"?game={game}", theme=theme)
    if platform:
        url += f"&tgWebAppPlatform={platform}"
    return await open_page(context, url)


async def boxes(page: Page) -> dict[str, Any]:
    return await page.evaluate("""() => {
        const box = (s) => { const r = document.querySelector(s).getBoundingClientRect();
            return [r.left, r.top, r.right, r.bottom]; };
        return { board: box('.board'), panel: box('.panel'), game: box('.game'),
                 width: innerWidth, height: innerHeight,
                 hits: [...document.querySelectorAll('.board .hit')].map((e) => {
                     const r = e.getBoundingClientRect();
                     return [e.dataset.src || 'to ' + e.dataset.dst, r.width, r.height]; }) };
    }""")


async def select_first(page: Page) -> int:
    src = int(await page.locator(".board .hit.movable").first.get_attribute("data-src") or -1)
    await page.locator(f'.board .hit.movable[data-src="{src}"]').click()
    await page.locator(".board .hit.target").first.wait_for(state="attached")
    return src


def assert_readable(found: list[Any], where: str) -> None:
    bad = [(label.text, label.where, round(label.ratio, 2), label.fore, label.back)
           for label in found if not label.ok]
    assert not bad, (where, bad)
    assert len(found) >= 30, (where, len(found))  # the board's numbers and the panel's words


@pytest.mark.parametrize("size", SIZES)
async def test_the_board_fills_the_screen_and_every_target_takes_a_finger(
        wh: WebHarness, browser: Browser, size: str) -> None:
    wh.core.games.dice = SeededDice(2)
    game = await computer_game(wh, ALI, "short")
    page, errors = await board_page(browser, wh, game, size)
    await settled(page)
    await select_first(page)
    b = await boxes(page)
    bx0, by0, bx1, by1 = b["board"]
    px0, py0, px1, py1 = b["panel"]
    ratio = layout()["width"] / layout()["height"]
    if b["width"] < b["height"]:  # upright: the board spans the width, the panel below
        assert bx0 == 0 and bx1 == b["width"], b
        assert py0 >= by1 - 1 and py1 == pytest.approx(b["height"], abs=1), b
    else:  # sideways: the board takes the height, the panel beside it
        assert by0 == pytest.approx(0, abs=1) and by1 == pytest.approx(b["height"], abs=1), b
        assert bx1 - bx0 == pytest.approx(b["height"] * ratio, abs=2), b
        assert px0 >= bx1 - 1 and px1 - px0 >= 260, b
    assert b["game"][3] == pytest.approx(b["height"], abs=1), b  # nothing below the screen
    targets = [hit for hit in b["hits"] if hit[0].startswith("to ")]
    assert targets and len(b["hits"]) > len(targets), b["hits"]
    small = [hit for hit in b["hits"] if hit[1] < TOUCH - 0.5 or hit[2] < TOUCH - 0.5]
    assert not small, small
    assert not errors, errors


async def test_a_tap_beside_a_legal_point_moves_there(wh: WebHarness, browser: Browser) -> None:
    """Upright the points are 25 px wide: a finger's tap on the next point (not one the
    checker may reach, none to move) plays to the nearest legal one within its reach."""
    wh.core.games.dice = SeededDice(2)
    game = await computer_game(wh, ALI, "short")
    page, errors = await board_page(browser, wh, game, "390x844", touch=True)
    state = await settled(page)
    api = (await wh.call("GET", f"api/games/{game}", ALI))[1]
    movable: dict[str, dict[str, list[int]]] = api["movable"]
    L = layout()
    scale = (await page.locator(".board").bounding_box() or {})["width"] / L["width"]
    found = None
    for src, targets in movable.items():
        for dst in map(int, targets):
            if not 1 <= dst <= 24:
                continue
            for side in (-1, 1):
                beside = dst + side
                if 1 <= beside <= 24 and str(beside) not in targets and str(beside) not in movable \
                        and L["points"][str(beside)]["top"] == L["points"][str(dst)]["top"] \
                        and abs(L["points"][str(beside)]["label"][0]
                                - L["points"][str(dst)]["label"][0]) == L["point_w"]:
                    found = (int(src), dst, side)
                    break
            if found:
                break
        if found:
            break
    assert found, movable
    src, dst, side = found
    picked = await page.locator(f'.board .hit.movable[data-src="{src}"]').bounding_box()
    assert picked is not None
    await page.touchscreen.tap(picked["x"] + picked["width"] / 2,
                               picked["y"] + picked["height"] / 2)
    target = page.locator(f'.board .hit.target[data-dst="{dst}"]')
    box = await target.bounding_box()
    assert box is not None
    x = box["x"] + box["width"] / 2 + side * (L["point_w"] / 2 + 4) * scale
    y = box["y"] + box["height"] / 2
    assert (x - box["x"] - box["width"] / 2) ** 2 < (TOUCH / 2) ** 2  # within a finger
    await page.touchscreen.tap(x, y)  # a finger, on the point beside the legal one
    await page.wait_for_function("(v) => Number(document.body.dataset.version) > v",
                                 arg=state["version"])
    after = (await wh.call("GET", f"api/games/{game}", ALI))[1]
    steps = after["steps"]  # (a destination two dice away: both steps)
    assert steps[0][0] == src and steps[-1][1] == dst, (found, steps)
    assert not errors, errors


@pytest.mark.parametrize("theme", ["light", "dark"])
async def test_every_label_reads_in_both_themes(wh: WebHarness, browser: Browser,
                                                theme: str) -> None:
    """Mid-game, with the opponent's move marked and a checker's destinations lit."""
    wh.core.games.dice = SeededDice(2)
    game = await computer_game(wh, ALI, "short")
    page, errors = await board_page(browser, wh, game, "390x844", theme)
    await settled(page)
    await select_first(page)
    assert_readable(await labels(page), f"{theme} mid-game")
    assert not errors, errors


@pytest.mark.parametrize(("size", "theme"), [("390x844", "light"), ("360x740", "dark"),
                                             ("844x390", "light")])
async def test_a_whole_game_by_dragging_at_each_size(wh: WebHarness, browser: Browser,
                                                     size: str, theme: str) -> None:
    """Then the result screen's labels read too (where an older move's pill sat under a
    near-white point number)."""
    wh.core.games.dice = SeededDice(2)
    game = await computer_game(wh, ALI, "short")
    page, errors = await board_page(browser, wh, game, size, theme)
    dragged = 0
    state = await settled(page)
    for _ in range(400):
        if state["result"]:
            break
        if state["movable"]:
            await drag(page)
            dragged += 1
        elif "done" in state["buttons"]:
            # Done, or (no Done asked for, the default) the turn goes by itself: either way
            # Done sends it now.
            assert "Done" in state["status"] or "goes in a few seconds" in state["status"], state
            await page.click(".actions [data-act=done]")
        version = state["version"]
        await page.wait_for_function("(v) => Number(document.body.dataset.version) > v",
                                     arg=version, timeout=15_000)
        state = await settled(page)
    assert state["result"], state
    row = await games.load_game(wh.core.db, game)
    assert row.status == "finished" and state["version"] == row.version
    assert dragged >= 10, dragged
    assert await page.locator(".move-list li").count() >= 5
    assert_readable(await labels(page), f"{size} {theme} result")
    assert not errors, errors


async def test_a_phone_asks_for_the_whole_screen(wh: WebHarness, browser: Browser) -> None:
    """On Android or iOS the page asks Telegram for the full screen; on a desktop it does
    not; the safe area's insets keep the board clear of Telegram's buttons."""
    game = await computer_game(wh, ALI, "short")
    page, errors = await board_page(browser, wh, game, "390x844", platform="android")
    await settled(page)
    calls = await page.evaluate("() => window.__tg.calls.map((c) => c[0])")
    assert "requestFullscreen" in calls, calls
    await page.evaluate("""() => {
        const s = document.documentElement.style;
        s.setProperty('--tg-safe-area-inset-top', '24px');
        s.setProperty('--tg-content-safe-area-inset-top', '46px');
        s.setProperty('--tg-safe-area-inset-bottom', '20px'); }""")
    b = await boxes(page)
    assert b["board"][1] == pytest.approx(70, abs=1), b
    assert b["game"][3] == pytest.approx(844 - 20, abs=1), b
    desktop, more = await board_page(browser, wh, game, "844x390")
    await settled(desktop)
    calls = await desktop.evaluate("() => window.__tg.calls.map((c) => c[0])")
    assert "requestFullscreen" not in calls, calls
    assert not errors and not more, (errors, more)


async def test_the_whole_screen_pictures_of_the_docs(fake_telegram: FakeTelegram,
                                                     browser: Browser, tmp_path: Path) -> None:
    """`python -m testkit.webshots docs` takes the whole screen at each size and
    theme, each a small PNG of the screen's own size (one engine: the pictures are the
    page's)."""
    h = await make_web_harness(fake_telegram, tmp_path)
    try:
        paths = await shoot_screens(h, browser, tmp_path)
    finally:
        await h.close()
    assert [p.name for p in paths] == [f"web-screen-{size}-{theme}.png"
                                       for size in SHOT_SIZES for theme in THEMES]
    for path in paths:
        with Image.open(path) as image:
            assert image.size == SHOT_SIZES[path.name.split("-")[2]], path
            assert image.mode == "P" and path.stat().st_size < 80_000, path
