"""The web board's clocks in a real browser (Debian's headless Chromium): they count down
from the seconds the server sent, on the page's own clock, which the test drives
(Playwright's `page.clock`: no wall-clock waits); the delay runs first, then the bank; the
viewer is warned in the last 10 seconds; a correspondence deadline is worded in the
browser's time zone; the lobby lists the games being played and opens them."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from playwright.async_api import Browser, Page

from engine.dice import SeededDice
from testkit.browser import new_context, open_page, page_url, settled
from testkit.web import ALI, VALI, WebHarness

pytestmark = pytest.mark.slow  # headless Chromium: seconds a test

EVE = 1003
NAMES = {ALI: "Ali", VALI: "Vali", EVE: "Eve"}
PAGE_TIME = datetime(2031, 5, 4, 8, 30, tzinfo=UTC)  # the phone's clock: far from the server's


async def computer_game(wh: WebHarness, control: str) -> int:
    wh.core.games.dice = SeededDice(3)  # the viewer moves first
    status, data = await wh.call("POST", "api/games", ALI, {
        "variant": "short", "level": "beginner", "length": 1, "control": control})
    assert status == 200, data
    return int(data["game"])


async def person_game(wh: WebHarness, control: str, creator: int = ALI, other: int = VALI
                      ) -> int:
    for user in (creator, other):
        status, _ = await wh.call("GET", "api/session", headers=wh.headers(user, NAMES[user]))
        assert status == 200
    challenge = await wh.core.challenges.create(creator, "short", 1, False,
                                                wh.core.controls.get(control))
    row, live = await wh.core.challenges.accept(challenge.code, other)
    await wh.core.games.begin(row, live)
    return row.id


async def page_on(browser: Browser, wh: WebHarness, query: str = "", *,
                  timezone: str | None = None, user: int = ALI) -> tuple[Page, list[str]]:
    """The page of `user` with its clock in the test's hands: Playwright's fake timers, from
    `PAGE_TIME`, paused (time moves only by `page.clock.run_for`, so the page receives
    its first state at a known moment)."""
    context = await new_context(browser, reduced_motion="reduce", timezone=timezone)
    await context.clock.install(time=PAGE_TIME)
    await context.clock.pause_at(PAGE_TIME + timedelta(seconds=1))
    return await open_page(context, page_url(wh.url, wh.init_data(user, NAMES[user]),
                                             query=query))


async def drawn(page: Page) -> dict[str, Any]:
    """The game drawn (the clock does not move meanwhile)."""
    return await settled(page)


async def clocks(page: Page) -> dict[str, Any]:
    return await page.evaluate("""() => {
        const chip = (side) => {
            const node = document.querySelector(`.clocks [data-side=${side}]`);
            return node.hidden ? null : node.querySelector('.time').textContent;
        };
        const warning = document.querySelector('.clock-warning');
        return {
            viewer: chip('viewer'), opponent: chip('opponent'),
            board: document.querySelector('.board .clock')?.textContent ?? null,
            control: document.querySelector('.clocks .control').textContent,
            warned: document.querySelector('.clocks [data-side=viewer]').dataset.warning,
            warning: warning.hidden ? null : warning.textContent,
        };
    }""")


async def test_a_match_clock_runs_the_delay_then_the_bank_and_warns(
        wh: WebHarness, browser: Browser, tmp_path: Path) -> None:
    game = await computer_game(wh, "c8+20")
    page, errors = await page_on(browser, wh, f"?game={game}")
    await drawn(page)
    shown = await clocks(page)
    assert shown["viewer"] == "delay ⏳ 0:08 · bank 0:20"
    assert shown["board"] == "⏳ 0:08" and shown["opponent"] is None  # the computer: no clock
    assert shown["control"] == "8 s + 20 s/point"
    # (Half-seconds: a shown second changes just after the whole second.)
    await page.clock.run_for(5_500)
    shown = await clocks(page)
    assert (shown["viewer"], shown["board"]) == ("delay ⏳ 0:03 · bank 0:20", "⏳ 0:03")
    await page.clock.run_for(5_000)  # the delay is spent: the bank runs
    shown = await clocks(page)
    assert (shown["viewer"], shown["board"]) == ("bank ◷ 0:18", "◷ 0:18")
    assert shown["warned"] == "0" and shown["warning"] is None
    await page.clock.run_for(7_000)  # 10.5 s left: not yet
    assert (await clocks(page))["warning"] is None
    await page.clock.run_for(1_000)  # 9.5 s left
    shown = await clocks(page)
    assert shown["viewer"] == "bank ◷ 0:10" and shown["warned"] == "1"
    assert shown["warning"] == "⏱ Less than 10 seconds left!"
    calls = await page.evaluate("() => window.__tg.calls")
    assert calls.count(["notificationOccurred", "warning"]) == 1
    await page.clock.run_for(2_000)  # warned once a turn
    calls = await page.evaluate("() => window.__tg.calls")
    assert calls.count(["notificationOccurred", "warning"]) == 1
    shot = tmp_path / "web-clock-warning.png"  # (docs/web.md shows one)
    await page.locator(".game").screenshot(path=str(shot))
    assert Image.open(shot).size[0] == 390
    await page.clock.run_for(20_000)  # it stops at nothing
    shown = await clocks(page)
    assert (shown["viewer"], shown["board"]) == ("bank ◷ 0:00", "◷ 0:00")
    assert shown["warning"] is None  # the server decides what happens at the deadline
    assert not errors, errors


async def test_both_players_banks_between_people(
        wh: WebHarness, browser: Browser, tmp_path: Path) -> None:
    game = await person_game(wh, "c8+20")
    mover = (await wh.call("GET", f"api/games/{game}", ALI))[1]["clock"]["mover"]
    other = "opponent" if mover == "viewer" else "viewer"
    page, errors = await page_on(browser, wh, f"?game={game}")
    await drawn(page)
    await page.clock.run_for(3_500)
    shown = await clocks(page)
    assert shown[mover] == "delay ⏳ 0:05 · bank 0:20" and shown[other] == "bank ◷ 0:20"
    shot = tmp_path / "web-clocks.png"  # (docs/web.md shows one)
    await page.locator(".game").screenshot(path=str(shot))
    assert Image.open(shot).size[0] == 390
    assert not errors, errors


async def test_a_move_window_counts_down(wh: WebHarness, browser: Browser) -> None:
    game = await computer_game(wh, "m120")
    page, errors = await page_on(browser, wh, f"?game={game}")
    await drawn(page)
    shown = await clocks(page)
    assert (shown["viewer"], shown["board"]) == ("◷ 2:00", "◷ 2:00")
    assert shown["control"] == "2 min a move"
    await page.clock.run_for(30_500)
    assert (await clocks(page))["board"] == "◷ 1:30"
    await page.clock.run_for(81_000)
    shown = await clocks(page)
    assert shown["board"] == "◷ 0:09" and shown["warned"] == "1"
    assert not errors, errors


async def test_a_watcher_sees_the_clock_but_is_not_warned(
        wh: WebHarness, browser: Browser) -> None:
    game = await computer_game(wh, "m120")
    page, errors = await page_on(browser, wh, f"?game={game}", user=EVE)
    await drawn(page)
    await page.clock.run_for(111_500)
    shown = await clocks(page)
    assert shown["viewer"] == "◷ 0:09" and shown["warned"] == "0" and shown["warning"] is None
    assert await page.locator(".clocks [data-side=viewer] .who").text_content() == "Ali"
    assert not errors, errors


async def test_a_new_state_restarts_the_count_from_the_servers_seconds(
        wh: WebHarness, browser: Browser) -> None:
    """The page never trusts its own time of day: the state's seconds left count from when
    it came. The server's clock moves on, a reload shows what the server says."""
    game = await computer_game(wh, "m120")
    page, errors = await page_on(browser, wh, f"?game={game}")
    await drawn(page)
    wh.clock.advance(100)  # the server's time, not the page's
    await page.reload()
    await drawn(page)
    assert (await clocks(page))["board"] == "◷ 0:20"
    assert not errors, errors


async def test_a_correspondence_deadline_in_the_browsers_time_zone(
        wh: WebHarness, browser: Browser) -> None:
    game = await person_game(wh, "d1")  # due 2026-11-30 12:00 UTC: 17:00 in Tashkent
    state = (await wh.call("GET", f"api/games/{game}", ALI))[1]
    page, errors = await page_on(browser, wh, f"?game={game}", timezone="Asia/Tashkent")
    await drawn(page)
    shown = await clocks(page)
    mover = state["clock"]["mover"]
    deadline = shown[mover]
    assert deadline.startswith("Move by ") and "Nov 30" in deadline, deadline
    assert "05:00 PM" in deadline and "GMT+5" in deadline, deadline
    assert shown["opponent" if mover == "viewer" else "viewer"] is None  # one deadline
    assert shown["control"] == "1 day a move" and shown["warning"] is None
    await page.clock.run_for(86_000_000)  # a day on: no warning, the deadline stands
    shown = await clocks(page)
    assert shown[mover] == deadline and shown["warning"] is None
    assert not errors, errors


async def test_the_lobby_lists_the_games_and_opens_any(
        wh: WebHarness, browser: Browser, tmp_path: Path) -> None:
    first = await person_game(wh, "d1")
    second = await person_game(wh, "d3", creator=EVE, other=ALI)
    live = await computer_game(wh, "c8+20")
    page, errors = await page_on(browser, wh)
    await page.locator(".lobby .games").wait_for()
    listed = await page.evaluate("""() => [...document.querySelectorAll('.games button')]
        .map((b) => ({game: +b.dataset.game, go: b.dataset.go || null,
                      who: b.querySelector('.who').textContent,
                      turn: b.querySelector('.turn').textContent,
                      left: b.querySelector('.left').textContent,
                      about: b.querySelector('.control').textContent}))""")
    assert [item["game"] for item in listed] == [live, first, second]
    assert listed[0]["go"] == "active" and listed[0]["turn"] == "Your turn"
    assert listed[0]["left"] == "◷ 0:28"
    assert listed[0]["about"] == "Short nard · 8 s + 20 s/point"
    assert [item["who"] for item in listed[1:]] == ["Vali", "Eve"]
    assert listed[1]["left"] == "◷ 1 d" and listed[2]["left"] == "◷ 3 d", listed
    assert listed[1]["about"].startswith("Short nard · 1 day a move · Move by ")
    await page.clock.run_for(3_500)
    assert await page.locator(".games [data-game] .left").first.text_content() == "◷ 0:25"
    await page.screenshot(path=str(tmp_path / "web-lobby.png"))
    # The computer plays no correspondence: its Start waits for a live control.
    await page.select_option("#control", "d1")
    assert await page.locator("[data-go=computer]").is_disabled()
    assert "Correspondence is for games with people" in await page.locator(".card").inner_text()
    await page.select_option("#control", "c15+180")
    assert not await page.locator("[data-go=computer]").is_disabled()
    # Any game opens from the list.
    await page.click(f".games [data-game='{second}']")
    state = await drawn(page)
    assert f"game={second}" in page.url and state["version"] > 0
    assert (await clocks(page))["control"] == "3 days a move"
    assert not errors, errors


async def test_a_deadline_is_worded_in_numbers_where_the_browser_lacks_the_language(
        wh: WebHarness, browser: Browser) -> None:
    """Chromium has no Kyrgyz names and only the root locale's for Uzbek and Azerbaijani
    ("M12 8, Tue 14:05"): those get the chat's numbers; English and Russian their words."""
    page, errors = await page_on(browser, wh, timezone="Asia/Tashkent")
    await page.locator(".lobby").wait_for()
    worded = await page.evaluate("""async (iso) => {
        const clock = await import('./static/clock.js');
        return Object.fromEntries(['en', 'ru', 'uz', 'ky', 'az']
            .map((language) => [language, clock.localTime(iso, language)]));
    }""", "2026-12-08T09:05:00Z")
    assert "Dec 8" in worded["en"] and "дек" in worded["ru"], worded
    assert worded["ky"] == "08.12.2026 14:05 GMT+5", worded  # no Kyrgyz at all
    for language in ("uz", "az"):  # numbers here; a browser with the names may use them
        assert "14:05" in worded[language] and not re.search(r"\bM\d|Tue", worded[language]), \
            worded
    assert not errors, errors
