"""The web board in a real browser: Debian's headless Chromium (Playwright) on the page the
web door serves, beside the real bot and the fake Bot API. Games are played by dragging
checkers with the mouse; the chat boards must stay in step with what the page did."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from playwright.async_api import Browser, Page, Response, Route

from bot.views.board import viewer_of
from core.live import Live
from engine.dice import SeededDice
from storage import boards, games, players
from testkit.browser import (
    PHONE,
    centre,
    drag,
    new_context,
    open_page,
    page_url,
    settled,
    shown,
)
from testkit.fake_telegram import FakeTelegram
from testkit.pixels import same_picture
from testkit.web import (
    WebHarness,
    computer_game,
    friend_game,
    make_web_harness,
    play_turn,
)
from testkit.webshots import SHOTS, THEMES, shoot
from web.app import TELEGRAM_SCRIPT
from web.layout import layout

pytestmark = pytest.mark.slow  # headless Chromium: seconds a test

ALI, VALI, EVE = 1001, 1002, 1003
STILL = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)  # the page's time, where it stands still


async def game_page(browser: Browser, wh: WebHarness, user: int, name: str, game: int, *,
                    reduced: bool = False, still_time: bool = False
                    ) -> tuple[Page, list[str]]:
    """`still_time`: the page's `Date` stands still (its timers and frames still run), so
    its turn clock never ticks, however slowly the machine runs the test."""
    context = await new_context(browser, reduced_motion="reduce" if reduced else "no-preference")
    if still_time:
        await context.clock.set_fixed_time(STILL)
    return await open_page(context, page_url(wh.url, wh.init_data(user, name),
                                             query=f"?game={game}"))


async def newer(page: Page, version: int, timeout: float = 15_000) -> dict[str, Any]:
    """Wait for the page to draw a version after `version` (pushed over the live
    connection) and to settle."""
    await page.wait_for_function("(v) => Number(document.body.dataset.version) > v", arg=version,
                                 timeout=timeout)
    return await settled(page)


async def play_turn_by_dragging(page: Page) -> int:
    """Drag checkers until the turn is over (Done when the turn waits for it), in a game
    against a person; returns how many were dragged."""
    dragged = 0
    for _ in range(8):
        state = await settled(page)
        if state["movable"]:
            version = state["version"]
            await drag(page)
            dragged += 1
            await page.wait_for_function("(v) => Number(document.body.dataset.version) > v",
                                         arg=version)
        elif "done" in state["buttons"]:
            await page.click(".actions [data-act=done]")
            await page.wait_for_function(
                "(v) => Number(document.body.dataset.version) > v", arg=state["version"])
        else:
            return dragged
    raise AssertionError("a turn of more than eight moves")


async def assert_chat_board_in_step(wh: WebHarness, game: int, player: int) -> None:
    """Every board message shows the stored version, and the player's last board message in
    the fake chat is exactly what the bot draws for the stored game."""
    await wh.app.coalescer.drain()
    row = await games.load_game(wh.core.db, game)
    messages = await boards.board_messages(wh.core.db, game)
    assert messages and all(m.shown_version == row.version for m in messages), (
        [m.shown_version for m in messages], row.version)
    mine = [m for m in messages if m.player_id == player]
    assert mine
    photos = [m for m in wh.fake.messages(player) if m.photo is not None]
    assert photos and photos[-1].message_id == mine[0].message_id
    seat = row.seat_of(player)
    assert seat is not None
    expected = await wh.app.boards.board(row, Live.load(row.state_json),
                                         await viewer_of(wh.app.people, row, seat))
    assert same_picture(photos[-1].photo, expected.photo)


@pytest.mark.chat  # and the chat board kept in step
@pytest.mark.parametrize(("variant", "seed"), [("short", 2), ("long", 6)])
async def test_a_whole_game_against_the_computer_played_by_dragging(
        wh: WebHarness, browser: Browser, variant: str, seed: int) -> None:
    wh.core.games.dice = SeededDice(seed)
    game = await computer_game(wh, ALI, variant)
    page, errors = await game_page(browser, wh, ALI, "Ali", game, reduced=True)
    dragged = 0
    state = await settled(page)
    for _ in range(400):
        if state["result"]:
            break
        if state["movable"]:
            await drag(page)
            dragged += 1
        elif "done" in state["buttons"]:
            await page.click(".actions [data-act=done]")
        # Then the answer (with the computer's reply) or, when the computer's move comes
        # later, the live connection brings the next state.
        state = await newer(page, state["version"])
    assert state["result"], state
    row = await games.load_game(wh.core.db, game)
    assert row.status == "finished" and state["version"] == row.version
    assert dragged >= 10, dragged
    await assert_chat_board_in_step(wh, game, ALI)
    # The result screen: who won, and the way on.
    panel = page.locator(".result-panel")
    assert await panel.locator("h2").inner_text() in ("🏆 You won", "You lost")
    # Play again, analysis, replay to the chat, the replay here, back; and sharing: the
    # result, a challenge, a story (the stub offers stories).
    assert await panel.locator("[data-after]").count() == 5
    assert await panel.locator("[data-share]").count() == 3
    assert not errors, errors


@pytest.mark.chat
async def test_friends_see_each_others_moves_live(wh: WebHarness, browser: Browser) -> None:
    wh.core.games.dice = SeededDice(5)
    game = await friend_game(wh)
    pages = {user: await game_page(browser, wh, user, name, game)
             for user, name in ((ALI, "Ali"), (VALI, "Vali"))}
    for page, _ in pages.values():
        await settled(page)
        await page.evaluate("() => { window.sameDocument = true; }")  # gone on a reload
    # The page records every checker that slides (the opponent's moves are animated).
    for page, _ in pages.values():
        await page.evaluate("""() => { window.slid = 0; new MutationObserver(ms => {
            for (const m of ms) for (const n of m.addedNodes)
                if (n.classList && n.classList.contains('flying')) window.slid += 1; })
            .observe(document.querySelector('.fly-layer'), {childList: true}); }""")
    for _ in range(4):  # two turns each
        states = {user: await settled(page) for user, (page, _) in pages.items()}
        mover = next(user for user, state in states.items() if state["movable"])
        waiter = VALI if mover == ALI else ALI
        assert not states[waiter]["movable"]
        assert await play_turn_by_dragging(pages[mover][0]) >= 1
        mine = await settled(pages[mover][0])
        theirs = await newer(pages[waiter][0], states[waiter]["version"])
        row = await games.load_game(wh.core.db, game)
        assert theirs["version"] == mine["version"] == row.version
        assert theirs["movable"], theirs  # their turn now, without reloading
        assert await pages[waiter][0].evaluate("() => window.slid") > 0
    for page, errors in pages.values():
        assert await page.evaluate("() => window.sameDocument") is True
        assert not errors, errors
    await assert_chat_board_in_step(wh, game, ALI)
    await assert_chat_board_in_step(wh, game, VALI)


async def sign_in_refused(browser: Browser, wh: WebHarness, init_data: str | None) -> str:
    context = await new_context(browser)
    page = await context.new_page()
    answers: list[Response] = []
    page.on("response", lambda r: answers.append(r) if "/api/" in r.url else None)
    await page.goto(page_url(wh.url, init_data))
    await page.locator(".signin-error").wait_for(timeout=10_000)
    assert [(r.url.rsplit("/app/", 1)[1], r.status) for r in answers] == [("api/session", 401)]
    text = await page.locator(".signin-error").inner_text()
    await context.close()
    return text


async def test_no_entry_without_valid_init_data(wh: WebHarness, browser: Browser) -> None:
    forged = wh.init_data(EVE, "Eve", token="999:FORGED")
    expired = wh.init_data(EVE, "Eve", age=25 * 3600)
    for init_data in (forged, expired, None):
        text = await sign_in_refused(browser, wh, init_data)
        assert "Could not sign you in" in text
    assert await players.get_player(wh.core.db, EVE) is None  # nothing stored, nothing changed


async def test_another_players_game_is_read_only(wh: WebHarness, browser: Browser) -> None:
    wh.core.games.dice = SeededDice(3)
    game = await computer_game(wh, ALI)
    page, errors = await game_page(browser, wh, EVE, "Eve", game)
    state = await settled(page)
    assert state["movable"] == [] and state["buttons"] == []
    assert state["status"].startswith("👀 Watching")
    await page.mouse.click(*await board_point(page, 13))  # a tap does nothing
    assert (await shown(page))["movable"] == []
    assert not errors, errors


async def board_point(page: Page, point: int) -> tuple[float, float]:
    """The page coordinates of the first checker slot of `point` (the layout's pixels
    through the board's screen matrix)."""
    x, y = layout()["points"][str(point)]["stack"][0]
    return tuple(await page.evaluate("""([x, y]) => {
        const svg = document.querySelector('.board');
        const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
        return [p.x, p.y];
    }""", [x, y]))


async def test_a_move_by_keyboard(wh: WebHarness, browser: Browser) -> None:
    """Tab to a movable checker, Enter picks it and focuses its first destination, Enter
    moves it there."""
    wh.core.games.dice = SeededDice(3)
    game = await computer_game(wh, ALI)
    page, errors = await game_page(browser, wh, ALI, "Ali", game)
    state = await settled(page)
    assert state["movable"]
    # The turn's clock counts down on the server's time (the test's clock is days away from
    # the browser's): two minutes from the start of the turn.
    assert await page.locator(".board .clock").text_content() in ("◷ 2:00", "◷ 1:59")
    await page.keyboard.press("Tab")
    focused = await page.evaluate("() => document.activeElement.dataset.src")
    assert focused is not None and int(focused) == state["movable"][0]
    await page.keyboard.press("ArrowRight")
    assert await page.evaluate("() => document.activeElement.dataset.src") == str(
        state["movable"][1])
    await page.keyboard.press("Enter")
    target = await page.evaluate("() => document.activeElement.dataset.dst")
    assert target is not None
    await page.keyboard.press("Enter")
    after = await newer(page, state["version"])
    _, stored = await wh.call("GET", f"api/games/{game}", ALI)
    assert after["version"] == stored["version"]
    assert [state["movable"][1], int(target)] in stored["steps"] or stored["moves"]
    assert not errors, errors


async def test_a_spectator_link_shows_the_live_board(wh: WebHarness, browser: Browser) -> None:
    wh.core.games.dice = SeededDice(3)
    game = await computer_game(wh, ALI)
    context = await new_context(browser)
    page, errors = await open_page(context, page_url(
        wh.url, wh.init_data(EVE, "Eve", start_param=f"g{game}")))
    state = await settled(page)
    assert state["movable"] == [] and state["buttons"] == []
    _, ali_state = await wh.call("GET", f"api/games/{game}", ALI)
    ali_state = await play_turn(wh, ALI, ali_state)  # Ali moves in his own page (the API)
    state = await newer(page, state["version"])
    assert state["version"] == ali_state["version"]
    assert state["movable"] == [] and state["buttons"] == []
    assert not errors, errors


async def test_the_back_button_and_the_closing_confirmation(
        wh: WebHarness, browser: Browser) -> None:
    """Telegram's Back button leads to the lobby; leaving is confirmed only while playing."""
    wh.core.games.dice = SeededDice(3)
    game = await computer_game(wh, ALI)
    page, errors = await game_page(browser, wh, ALI, "Ali", game)
    await settled(page)
    calls = await page.evaluate("() => window.__tg.calls.map(c => c[0])")
    assert {"ready", "expand", "BackButton.show", "enableClosingConfirmation"} <= set(calls)
    await page.evaluate("() => window.__tg.back()")
    await page.locator(".lobby [data-go=active]").wait_for()
    calls = await page.evaluate("() => window.__tg.calls.map(c => c[0])")
    assert "BackButton.hide" in calls
    assert [c for c in calls if "ClosingConfirmation" in c][-1] == "disableClosingConfirmation"
    await page.click(".lobby [data-go=active]")
    assert (await settled(page))["version"] >= 1
    assert not errors, errors


async def click(page: Page, act: str) -> dict[str, Any]:
    """Press an action button and wait for the answer's state."""
    version = (await settled(page))["version"]
    await page.click(f".actions [data-act={act}]")
    return await newer(page, version)


@pytest.mark.chat
async def test_the_buttons_roll_undo_double_and_resign(wh: WebHarness, browser: Browser) -> None:
    wh.core.games.dice = SeededDice(4)
    wh.fake.user(ALI, "Ali").command("/start")
    await wh.feed()
    status, data = await wh.call("POST", "api/games", ALI, {
        "variant": "short", "level": "beginner", "length": 1, "cube": True})
    assert status == 200, data
    game = data["game"]
    page, errors = await game_page(browser, wh, ALI, "Ali", game, reduced=True)
    state = await settled(page)
    while "roll" not in state["buttons"]:  # the computer won the opening roll: its move first
        state = await newer(page, state["version"])
    assert "double" in state["buttons"]
    assert await page.locator(".actions [data-act=double]").inner_text() == "Double to 2"
    state = await click(page, "roll")
    first = state["movable"]
    assert first and "double" not in state["buttons"]
    # A step taken back.
    await drag(page)
    state = await newer(page, state["version"])
    assert "undo" in state["buttons"]
    state = await click(page, "undo")
    assert state["movable"] == first and "undo" not in state["buttons"]
    while state["movable"] or "done" in state["buttons"]:
        if state["movable"]:
            version = state["version"]
            await drag(page)
            state = await newer(page, version)
        else:
            state = await click(page, "done")
    while "roll" not in state["buttons"]:
        state = await newer(page, state["version"])
    # Doubling: the computer answers at once (this one takes).
    state = await click(page, "double")
    _, stored = await wh.call("GET", f"api/games/{game}", ALI)
    assert stored["cube"] == {"value": 2, "owner": "opponent", "state": "normal"}, stored
    assert state["movable"] and "double" not in state["buttons"]  # rolled: no choice left
    # Resigning asks first, with what it costs; "no" changes nothing.
    await page.click(".actions [data-act=resign]")
    question = await page.locator(".dialog p").inner_text()
    assert question.startswith("🏳 Resign this game?") and "2 points" in question
    await page.click(".dialog [data-answer=no]")
    assert (await settled(page))["version"] == state["version"]
    await page.click(".actions [data-act=resign]")
    await page.click(".dialog [data-answer=yes]")
    state = await newer(page, state["version"])
    assert state["result"] and state["buttons"] == []
    assert await page.locator(".result-panel h2").inner_text() == "You lost"
    assert (await games.load_game(wh.core.db, game)).status == "finished"
    # The replay goes to the chat.
    before = len(wh.fake.messages(ALI))
    await page.click(".result-panel [data-after=replay]")
    await page.locator(".toast:not([hidden])").wait_for()
    assert await page.locator(".toast").inner_text() == "Sent to your chat with the bot."
    assert len(wh.fake.messages(ALI)) > before
    # Play again: a new game against the computer opens.
    await page.click(".result-panel [data-after=rematch]")
    await page.wait_for_function("(g) => !location.search.includes('game=' + g)", arg=game)
    state = await settled(page)
    assert not state["result"]
    assert not errors, errors


async def test_a_refused_move_is_told_and_drawn_back(wh: WebHarness, browser: Browser) -> None:
    """A move the server refuses (here: sent with an old version) shows the refusal's text
    and the board as the server has it."""
    wh.core.games.dice = SeededDice(3)
    game = await computer_game(wh, ALI)
    page, errors = await game_page(browser, wh, ALI, "Ali", game)
    state = await settled(page)

    async def stale(route: Route) -> None:
        body = json.loads(route.request.post_data or "{}")
        await route.continue_(post_data=json.dumps({**body, "version": body["version"] - 1}))

    await page.route("**/api/games/*/actions", stale)
    refused = page.wait_for_event("response", lambda r: r.url.endswith("/actions"))
    await drag(page)
    assert (await refused).status == 409
    await page.locator(".toast:not([hidden])").wait_for()
    assert await page.locator(".toast").inner_text() == \
        "This board is out of date: use the latest one."
    after = await settled(page)
    assert after["version"] == state["version"] and after["movable"] == state["movable"]
    assert ["notificationOccurred", "error"] in await page.evaluate("() => window.__tg.calls")
    row = await games.load_game(wh.core.db, game)
    assert row.version == state["version"]
    assert not errors, errors


@pytest.mark.chat
async def test_the_live_board_reconnects_and_catches_up(wh: WebHarness, browser: Browser) -> None:
    """The live connection drops; the page connects again (after a back-off) naming the
    version it has, and is sent what it missed."""
    wh.core.games.dice = SeededDice(5)
    game = await friend_game(wh)
    _, first = await wh.call("GET", f"api/games/{game}", ALI)
    mover, waiter = (ALI, VALI) if first["you_act"] else (VALI, ALI)
    page, errors = await game_page(browser, wh, waiter, {ALI: "Ali", VALI: "Vali"}[waiter], game)
    state = await settled(page)
    await wh.web.close_sockets()  # the server goes away for a moment
    _, mine = await wh.call("GET", f"api/games/{game}", mover)
    moved = await play_turn(wh, mover, mine)  # meanwhile the other player moves
    caught_up = await newer(page, state["version"])
    assert caught_up["version"] == moved["version"] and caught_up["movable"]
    assert not errors, errors


@pytest.mark.chat
async def test_the_lobby_starts_a_game_and_looks_for_an_opponent(
        wh: WebHarness, browser: Browser) -> None:
    wh.fake.user(ALI, "Ali").command("/start")
    await wh.feed()
    context = await new_context(browser)
    page, errors = await open_page(context, page_url(wh.url, wh.init_data(ALI)))
    await page.locator(".lobby").wait_for()
    assert "You have no game in progress." in await page.locator(".lobby").inner_text()
    # Looking for an opponent, then not.
    await page.click("[data-go=search]")
    await page.locator(".searching:not([hidden])").wait_for()
    assert "Looking for an opponent" in await page.locator(".searching").inner_text()
    async with page.expect_response(lambda r: r.request.method == "DELETE") as cancelled:
        await page.click("[data-go=cancel]")
    assert (await cancelled.value).status == 200
    assert await wh.web.matchmaking.cancel(ALI) is False  # type: ignore[union-attr]
    # A match of long nard to 3 against the computer at Casual.
    await page.click("[data-choice=variant][data-value=long]")
    assert await page.locator("[data-choice=cube]").first.is_hidden()
    await page.click("[data-choice=length][data-value='3']")
    await page.select_option("#level", "casual")
    await page.click("[data-go=computer]")
    await settled(page)
    [row] = await games.active_games(wh.core.db, ALI)
    assert (row.variant, row.match_length, row.level) == ("long", 3, "casual")
    assert f"game={row.id}" in page.url
    # Back in the lobby, the game in progress is one tap away.
    await page.evaluate("() => window.__tg.back()")
    await page.click(".lobby [data-go=active]")
    assert (await settled(page))["version"] == row.version
    assert not errors, errors


async def test_the_screenshots_of_the_docs(fake_telegram: FakeTelegram, browser: Browser,
                                           tmp_path: Path) -> None:
    """`python -m testkit.webshots docs` works: every picture is taken, on a phone's
    width, in Telegram's light and dark themes (one engine: the pictures are the page's)."""
    wh = await make_web_harness(fake_telegram, tmp_path)
    try:
        paths = await shoot(wh, browser, tmp_path)
    finally:
        await wh.close()
    assert [p.name for p in paths] == [f"web-short-{shot}-{theme}.png"
                                       for shot in SHOTS for theme in THEMES]
    for path in paths:
        with Image.open(path) as image:
            assert image.width == 2 * PHONE["width"], path
            below = image.convert("RGB").getpixel((4, image.height - 4))  # the page, not the board
            assert (sum(below) > 600) == path.name.endswith("-light.png"), (path, below)


async def test_the_page_is_light_and_loads_nothing_from_elsewhere(
        wh: WebHarness, browser: Browser) -> None:
    """At most 150 KB of the page's own files (Telegram's script aside), and no request
    leaves the web door but for Telegram's script."""
    static = Path(__file__).parents[2] / "web" / "static"
    own = [path for path in static.iterdir()  # (telegram-local.js stands in for Telegram's)
           if path.is_file() and path.name != "telegram-local.js"]
    weight = sum(path.stat().st_size for path in own)
    assert weight <= 150 * 1024, weight
    game = await computer_game(wh, ALI)
    context = await new_context(browser)
    requested: list[str] = []
    context.on("request", lambda r: requested.append(r.url))
    page, errors = await open_page(context, page_url(wh.url, wh.init_data(ALI),
                                                     query=f"?game={game}"))
    await settled(page)
    elsewhere = {url for url in requested if not url.startswith(wh.url.rsplit("/app/", 1)[0])}
    assert elsewhere == {TELEGRAM_SCRIPT}, elsewhere
    loaded = {url.rsplit("/", 1)[1] for url in requested if "/static/" in url}
    assert loaded == {path.name for path in own if path.suffix in (".js", ".css")}
    assert not errors, errors


async def test_a_drag_changes_nothing_but_the_lifted_checkers_transform(
        wh: WebHarness, browser: Browser) -> None:
    """While a checker is dragged the board is neither redrawn nor changed: only the lifted
    checker's transform moves, in its own layer (benchmarks/webboard.py measures the
    frames)."""
    game = await computer_game(wh, ALI)
    # The turn's clock would tick during a slow drag (a change, though not the drag's).
    page, errors = await game_page(browser, wh, ALI, "Ali", game, still_time=True)
    await settled(page)
    x, y = await centre(page, ".board .hit.movable")
    await page.mouse.move(x, y)
    await page.mouse.down()
    await page.mouse.move(x + 4, y - 9, steps=2)  # lifted
    await page.evaluate("""() => {
        window.changes = 0;
        new MutationObserver((found) => { window.changes += found.length; }).observe(
            document.querySelector('.board'), {subtree: true, childList: true, attributes: true});
        window.moves = [];
        new MutationObserver(() => window.moves.push(
            document.querySelector('.fly-layer .flying').style.transform)).observe(
            document.querySelector('.fly-layer'), {subtree: true, attributes: true});
    }""")
    for i in range(30):
        await page.mouse.move(x + 4 + 3 * i, y - 9 + 2 * i)
    await page.wait_for_timeout(50)
    assert await page.evaluate("() => window.changes") == 0
    moves = await page.evaluate("() => window.moves")
    assert len(set(moves)) >= 10 and all(m.startswith("translate3d(") for m in moves)
    tx, ty = await centre(page, ".board .hit.target")
    version = (await shown(page))["version"]
    await page.mouse.move(tx, ty, steps=4)
    await page.mouse.up()
    assert (await newer(page, version))["version"] > version
    assert ["impactOccurred", "light"] in await page.evaluate("() => window.__tg.calls")
    assert not errors, errors


@pytest.mark.chat
async def test_a_double_offered_by_a_friend_is_taken_in_the_page(
        wh: WebHarness, browser: Browser) -> None:
    wh.core.games.dice = SeededDice(5)
    game = await friend_game(wh, length=3, cube=True)
    names = {ALI: "Ali", VALI: "Vali"}
    # Whoever may double first does; the other sees the offer in the page.
    for _ in range(20):
        states = {user: (await wh.call("GET", f"api/games/{game}", user))[1]
                  for user in names}
        doubler = next((u for u, st in states.items() if st["can"]["double"]), None)
        if doubler is not None:
            break
        mover = next(u for u, st in states.items() if st["you_act"])
        await play_turn(wh, mover, states[mover])
    assert doubler is not None
    taker = VALI if doubler == ALI else ALI
    page, errors = await game_page(browser, wh, taker, names[taker], game)
    before = await settled(page)
    status, data = await wh.call("POST", f"api/games/{game}/actions", doubler,
                                 {"act": "double", "version": states[doubler]["version"]})
    assert status == 200, data
    state = await newer(page, before["version"])
    assert state["buttons"] == ["take", "drop", "resign"]
    assert state["status"] == "You are offered a double: take or drop?"
    assert await page.locator(".board .cube text").text_content() == "2"
    state = await click(page, "take")
    _, stored = await wh.call("GET", f"api/games/{game}", taker)
    assert stored["cube"] == {"value": 2, "owner": "viewer", "state": "normal"}
    assert state["version"] == stored["version"] and "take" not in state["buttons"]
    assert not errors, errors
