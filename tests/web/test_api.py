"""The web board's API: signed in by init data, acting through the same game core as the
chat buttons, refusing what it cannot take with a reason."""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import re
from urllib.parse import urlsplit

import aiohttp
import pytest

from engine.dice import SeededDice
from i18n import Translator
from storage import boards, games
from storage import tournaments as stored
from testkit.web import WebHarness, computer_game, friend_game, play_turn
from web import app as web_app
from web.auth import check_init_data, sign_init_data
from web.limits import RateLimit

ALI, VALI, EVE = 1001, 1002, 1003


async def test_no_valid_init_data_no_entry(wh: WebHarness) -> None:
    assert (await wh.call("GET", "api/session"))[0] == 401
    forged = wh.init_data(ALI, token="999:FORGED")
    expired = wh.init_data(ALI, age=25 * 3600)
    tampered = wh.init_data(ALI).replace("Ali", "Eve")
    for data in (forged, expired, tampered, "garbage", "a" * 5000):
        status, body = await wh.call("GET", "api/session",
                                     headers={"Authorization": "tma " + data})
        assert status == 401, (data, body)
        assert "error" in body and body["text"].startswith("Could not sign you in")
    # The refusal is worded in the language the (refused) init data claims.
    russian = sign_init_data("999:FORGED", {"id": ALI, "first_name": "A", "language_code": "ru"},
                             wh.clock())
    status, body = await wh.call("GET", "api/session", headers={"Authorization": "tma " + russian})
    assert status == 401 and body["text"].startswith("Не удалось войти")
    status, body = await wh.call("GET", "api/session", ALI)
    assert status == 200
    assert body["user"] == {"id": ALI, "name": "Ali"}
    assert body["texts"]["btn-roll"] == "🎲 Roll" and body["layout"]["width"] > 600


@pytest.mark.slow
@pytest.mark.chat  # and the chat board followed every change
async def test_a_whole_game_against_the_computer_through_the_api(wh: WebHarness) -> None:
    wh.core.games.dice = SeededDice(7)
    game = await computer_game(wh)
    status, state = await wh.call("GET", f"api/games/{game}", ALI)
    assert status == 200 and state["seat"] == 0 and state["names"]["viewer"] == "Ali"
    for _ in range(300):
        if state["status"] != "active":
            break
        if state["you_act"]:
            state = await play_turn(wh, ALI, state)
        else:
            status, state = await wh.call("GET", f"api/games/{game}", ALI)
    assert state["status"] == "finished" and state["result"] is not None
    row = await games.load_game(wh.core.db, game)
    assert row.status == "finished" and row.version == state["version"]
    # The chat board followed every change: it shows the stored version.
    shown = await boards.board_messages(wh.core.db, game)
    assert shown and all(message.shown_version == row.version for message in shown)


async def test_after_a_game_the_web_door_alone_asks_the_core(wh: WebHarness) -> None:
    """No chat door in the process: Play again against the computer is the core's, at once;
    the analysis and the replay, which go to the chat, are not available."""
    wh.core.games.dice = SeededDice(3)
    game = await computer_game(wh)
    status, state = await wh.call("GET", f"api/games/{game}", ALI)
    status, data = await wh.call("POST", f"api/games/{game}/analysis", ALI)
    assert status == 409  # the game is on
    status, data = await wh.call("POST", f"api/games/{game}/actions", ALI,
                                 {"act": "resign", "version": state["version"]})
    assert status == 200 and data["state"]["status"] == "finished", data
    for what in ("analysis", "replay"):
        status, data = await wh.call("POST", f"api/games/{game}/{what}", ALI)
        assert status == 409 and "error" in data
    status, data = await wh.call("POST", f"api/games/{game}/rematch", EVE)
    assert status == 403  # not their game
    status, data = await wh.call("POST", f"api/games/{game}/rematch", ALI)
    assert status == 200 and data["game"] != game
    again = await games.load_game(wh.core.db, data["game"])
    assert again.status == "active" and again.level == "beginner" and again.players[0] == ALI


@pytest.mark.chat
async def test_after_a_game_the_replay_asked_on_the_web_goes_to_the_chat(
        wh: WebHarness) -> None:
    """The chat door beside: the core hands the request to it (core.aftergame)."""
    wh.core.games.dice = SeededDice(3)
    game = await computer_game(wh)
    status, state = await wh.call("GET", f"api/games/{game}", ALI)
    status, data = await wh.call("POST", f"api/games/{game}/actions", ALI,
                                 {"act": "resign", "version": state["version"]})
    assert status == 200 and data["state"]["status"] == "finished", data
    status, data = await wh.call("POST", f"api/games/{game}/replay", ALI)
    assert status == 200 and data == {"sent": True}
    assert len(wh.fake.calls("sendAnimation")) == 1
    animation = wh.fake.last_message(ALI)
    assert animation.sent_file is not None and animation.sent_file.kind == "animation"


async def test_stale_foreign_and_bad_actions_change_nothing(wh: WebHarness) -> None:
    wh.core.games.dice = SeededDice(3)
    game = await computer_game(wh)
    status, state = await wh.call("GET", f"api/games/{game}", ALI)
    before = (await games.load_game(wh.core.db, game)).version
    # Another user: read-only.
    status, other = await wh.call("GET", f"api/games/{game}", EVE)
    assert status == 200 and other["seat"] is None and not other["you_act"]
    status, body = await wh.call("POST", f"api/games/{game}/actions", EVE,
                                 {"act": "resign", "version": state["version"]})
    assert status == 403
    # A stale version: refused, with the game as it is.
    status, body = await wh.call("POST", f"api/games/{game}/actions", ALI,
                                 {"act": "roll" if state["can"]["roll"] else "undo",
                                  "version": state["version"] - 1})
    assert status == 409 and body["refusal"] == "stale"
    assert body["state"]["version"] == state["version"]
    # Malformed requests: a reason, never a traceback.
    for payload, code in ((b"{not json", 400), (b"[1, 2]", 400),
                          (json.dumps({"act": "fly", "version": 1}).encode(), 400),
                          (json.dumps({"act": "go", "version": 1, "src": 99}).encode(), 400),
                          (b"x" * 20_000, 413)):
        async with wh.http.post(wh.url + f"api/games/{game}/actions", data=payload,
                                headers=wh.headers(ALI)) as response:
            assert response.status == code, await response.text()
            assert "error" in await response.json()
    assert (await wh.call("GET", "api/games/999999", ALI))[0] == 404
    assert (await games.load_game(wh.core.db, game)).version == before


@pytest.mark.chat
async def test_a_friend_sees_the_other_players_move_live(wh: WebHarness) -> None:
    """Two players of one game: a move made through the API reaches the other's open
    page over the live connection, without reloading."""
    wh.core.games.dice = SeededDice(5)
    game_id = await friend_game(wh)
    _, a = await wh.call("GET", f"api/games/{game_id}", ALI)
    _, v = await wh.call("GET", f"api/games/{game_id}", VALI)
    mover, waiter, state = (ALI, VALI, a) if a["you_act"] else (VALI, ALI, v)
    waiting_state = v if mover == ALI else a
    async with wh.http.ws_connect(wh.url + "api/live") as socket:
        await socket.send_json({"auth": wh.init_data(waiter), "game": game_id,
                                "version": waiting_state["version"]})
        state = await play_turn(wh, mover, state)
        message = await asyncio.wait_for(socket.receive_json(), 10)
        assert message["type"] == "state"
        pushed = message["state"]
        assert pushed["version"] == state["version"] and pushed["you_act"]
        assert pushed["moves"] and pushed["moves"][-1]["by"] == "opponent"
        # The move is written in the waiting player's numbers, as their board's segments.
        moved = [e for e in pushed["recent"] if e["kind"] == "move"][-1]
        assert moved["by"] == "opponent"
        written = {int(n) for n in re.findall(r"(?<![(\d])\d{1,2}(?![\d)])", moved["move"])}
        assert written and written <= {point for seg in moved["segments"] for point in seg}


@pytest.mark.chat
async def test_a_resignation_in_the_middle_of_a_turn_reaches_the_other_live_page(
        wh: WebHarness) -> None:
    """The game's end is pushed to the opponent even when the mover resigned with steps of
    the turn built (those steps are the mover's alone while the game goes on)."""
    game_id = await friend_game(wh)
    _, a = await wh.call("GET", f"api/games/{game_id}", ALI)
    _, v = await wh.call("GET", f"api/games/{game_id}", VALI)
    mover, waiter, state = (ALI, VALI, a) if a["you_act"] else (VALI, ALI, v)
    waiting = v if mover == ALI else a
    async with wh.http.ws_connect(wh.url + "api/live") as socket:
        await socket.send_json({"auth": wh.init_data(waiter), "game": game_id,
                                "version": waiting["version"]})
        if state["can"]["roll"]:
            _, data = await wh.call("POST", f"api/games/{game_id}/actions", mover,
                                    {"act": "roll", "version": state["version"]})
            state = data["state"]
            await asyncio.wait_for(socket.receive_json(), 10)  # the roll, pushed
        src, targets = next(iter(state["movable"].items()))
        _, data = await wh.call("POST", f"api/games/{game_id}/actions", mover,
                                {"act": "go", "version": state["version"], "src": int(src),
                                 "dst": int(next(iter(targets)))})
        assert data["state"]["steps"]
        status, data = await wh.call("POST", f"api/games/{game_id}/actions", mover,
                                     {"act": "resign", "version": data["state"]["version"]})
        assert status == 200 and data["state"]["status"] == "finished", data
        pushed = (await asyncio.wait_for(socket.receive_json(), 10))["state"]
        assert pushed["status"] == "finished" and pushed["version"] == data["state"]["version"]
        assert pushed["result"] is not None and not pushed["steps"]


async def test_a_stopping_server_tells_its_live_pages_it_is_going_away(
        wh: WebHarness) -> None:
    """Shutting the server down closes the live sockets first, with 1001 (the page then
    reconnects, behind a proxy to another process), instead of holding the stop for the
    server's shutdown timeout and dropping them without a close frame (1006)."""
    game = await computer_game(wh)
    loop = asyncio.get_running_loop()
    async with wh.http.ws_connect(wh.url + "api/live") as socket:
        await socket.send_json({"auth": wh.init_data(ALI), "game": game, "version": 0})
        assert (await asyncio.wait_for(socket.receive_json(), 10))["type"] == "state"
        started = loop.time()
        stopping = asyncio.create_task(wh.runner.cleanup())
        message = await asyncio.wait_for(socket.receive(), 10)
        assert message.type is aiohttp.WSMsgType.CLOSE and message.data == 1001, message
    await asyncio.wait_for(stopping, 10)
    assert loop.time() - started < 4.0  # the server's shutdown timeout is 5 s and more


async def test_a_live_connection_must_sign_in(wh: WebHarness) -> None:
    async with wh.http.ws_connect(wh.url + "api/live") as socket:
        await socket.send_json({"auth": wh.init_data(ALI, token="9:X"), "game": 1})
        message = await socket.receive()
        assert message.type is aiohttp.WSMsgType.CLOSE and message.data == 4401


async def test_the_page_has_a_content_security_policy_and_no_inline_script(
        wh: WebHarness) -> None:
    async with wh.http.get(wh.url) as response:
        assert response.status == 200
        page = await response.text()
        assert "script-src 'self' https://telegram.org" in response.headers[
            "Content-Security-Policy"]
    assert "<script>" not in page and "onclick" not in page


async def test_a_user_who_floods_the_api_is_slowed_down_alone(wh: WebHarness) -> None:
    wh.web.limit = RateLimit(rate=1.0, burst=5, monotonic=wh.clock.monotonic)  # type: ignore[union-attr]
    statuses = [(await wh.call("GET", "api/session", EVE))[0] for _ in range(8)]
    assert statuses[:5] == [200] * 5 and set(statuses[5:]) == {429}
    assert (await wh.call("GET", "api/session", ALI))[0] == 200  # the others are served
    wh.clock.advance(3)
    assert (await wh.call("GET", "api/session", EVE))[0] == 200  # and EVE again, later


async def test_a_client_that_leaves_in_the_middle_of_its_request_is_no_error(
        wh: WebHarness, caplog) -> None:  # type: ignore[no-untyped-def]
    """Found by benchmarks/web_latency.py: a page closed while its move was being sent left
    a traceback ("the web API failed", ConnectionResetError) for nothing that went wrong."""
    game_id = await computer_game(wh)
    address = urlsplit(wh.url)
    _, writer = await asyncio.open_connection(address.hostname, address.port)
    head = (f"POST {address.path}api/games/{game_id}/actions HTTP/1.1\r\n"
            f"Host: {address.netloc}\r\nAuthorization: {wh.headers(ALI)['Authorization']}\r\n"
            "Content-Type: application/json\r\nContent-Length: 200\r\n\r\n")
    with caplog.at_level(logging.DEBUG, logger="web"):
        writer.write(head.encode() + b'{"act": "roll", ')  # 16 of the 200 bytes promised
        await writer.drain()
        await asyncio.sleep(0.2)  # the handler is reading the body
        writer.close()
        await writer.wait_closed()
        for _ in range(50):
            if any("the client left" in r.getMessage() for r in caplog.records):
                break
            await asyncio.sleep(0.05)
    assert any("the client left" in r.getMessage() for r in caplog.records)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert (await wh.call("GET", f"api/games/{game_id}", ALI))[0] == 200  # it goes on


async def test_json_nested_too_deep_is_refused_without_a_traceback(
        wh: WebHarness, caplog) -> None:  # type: ignore[no-untyped-def]
    """Nested beyond Python's recursion limit, JSON made a RecursionError: a 500 and an
    ERROR traceback for the API's bodies, for the language an unverified Authorization
    header claims (before sign-in) and for the live socket's first message (before
    sign-in, the 500 written into the WebSocket stream)."""
    game = await computer_game(wh)
    deep = "[" * 1500 + "]" * 1500  # within each place's size limit
    with caplog.at_level(logging.DEBUG):
        async with wh.http.post(wh.url + f"api/games/{game}/actions", data=deep,
                                headers=wh.headers(ALI)) as response:
            body = await response.json()
            assert response.status == 400 and "nested" in body["error"], body
        user = '{"language_code":' + deep + "}"
        status, body = await wh.call("GET", "api/session",
                                     headers={"Authorization": f"tma user={user}&hash=0"})
        assert status == 401 and body["text"].startswith("Could not sign you in"), body
        async with wh.http.ws_connect(wh.url + "api/live") as socket:
            await socket.send_str('{"auth": "x", "game": 1, "version": ' + deep[:2000] + "}")
            message = await socket.receive()
            assert message.type is aiohttp.WSMsgType.CLOSE and message.data == 4400, message
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]


async def test_refused_sign_ins_are_limited_per_address_before_any_signature_is_checked(
        wh: WebHarness, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """One client sent 4,187 requests a second with bad init data, each one's HMAC checked:
    a whole core. Refused sign-ins are counted per address (behind a trusted proxy, the
    client's address it forwards); once an address's bucket is empty it is answered 429
    before any signature is checked, on the API and on the live socket."""
    door = wh.web
    assert door is not None
    door.unsigned = RateLimit(rate=1.0, burst=5, monotonic=wh.clock.monotonic)
    door.trusted_proxies = (ipaddress.ip_network("127.0.0.1"),)
    checked = []

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        checked.append(1)
        return check_init_data(*args, **kwargs)

    monkeypatch.setattr(web_app, "check_init_data", counting)
    bad = {"Authorization": "tma " + wh.init_data(ALI, token="9:FORGED")}
    pauses: list[float] = []

    async def pause(seconds: float) -> None:
        pauses.append(seconds)

    door.flood_pause, door.flood_sleep = web_app.FLOOD_PAUSE, pause
    closing: list[str] = []

    async def session(client: str, headers: dict[str, str]) -> int:
        async with wh.http.get(wh.url + "api/session",
                               headers={**headers, "X-Forwarded-For": client}) as response:
            closing.append(response.headers.get("Connection", ""))
            return response.status

    flood = [await session("203.0.113.9", bad) for _ in range(8)]
    assert flood == [401] * 5 + [429] * 3 and len(checked) == 5
    # Each 429 waits a second and closes its connection: a loop gets one a second.
    assert pauses == [web_app.FLOOD_PAUSE] * 3
    assert [c.lower() for c in closing] == [""] * 5 + ["close"] * 3
    # A forged address in front of the one nginx appends changes nothing.
    assert await session("198.51.100.1, 203.0.113.9", bad) == 429
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await wh.http.ws_connect(wh.url + "api/live",
                                 headers={"X-Forwarded-For": "203.0.113.9"})
    assert refused.value.status == 429 and len(checked) == 5
    # Another address is served, and signs in.
    assert await session("198.51.100.7", wh.headers(ALI)) == 200
    assert await session("198.51.100.7", bad) == 401
    wh.clock.advance(2)  # two refusals more for the flooding address
    assert [await session("203.0.113.9", bad) for _ in range(3)] == [401, 401, 429]
    # Refused first messages of the live socket count as well.
    door.unsigned = RateLimit(rate=1.0, burst=2, monotonic=wh.clock.monotonic)
    for _ in range(2):
        async with wh.http.ws_connect(wh.url + "api/live") as socket:
            await socket.send_json({"auth": "forged", "game": 1})
            assert (await socket.receive()).data == 4401
    assert (await wh.call("GET", "api/session", ALI))[0] == 429


async def test_without_a_trusted_proxy_forwarded_addresses_are_ignored(wh: WebHarness) -> None:
    door = wh.web
    assert door is not None
    door.unsigned = RateLimit(rate=1.0, burst=3, monotonic=wh.clock.monotonic)
    statuses = [(await wh.call("GET", "api/session", headers={
        "Authorization": "tma forged", "X-Forwarded-For": f"203.0.113.{n}"}))[0]
        for n in range(5)]
    assert statuses == [401, 401, 401, 429, 429]  # all counted against 127.0.0.1


async def test_the_path_without_its_slash_redirects_to_the_page(wh: WebHarness) -> None:
    """docs/web.md: `/app` redirects to `/app/` (aiohttp's sub-application answered 404)."""
    async with wh.http.get(wh.url.rstrip("/"), allow_redirects=False) as response:
        assert response.status == 308 and response.headers["Location"] == urlsplit(wh.url).path
    async with wh.http.get(wh.url.rstrip("/")) as response:
        assert response.status == 200 and "<html" in await response.text()


async def test_a_header_too_long_never_puts_its_content_in_the_log(
        wh: WebHarness, caplog) -> None:  # type: ignore[no-untyped-def]
    """An Authorization header over aiohttp's 8 KB made its parser's error, logged with its
    traceback, quote the header: the user's id and name from the init data."""
    data = sign_init_data(wh.token, {"id": 777123, "first_name": "Zebulon"}, wh.clock())
    for size in (9_000, 100_000):
        header = "tma " + data + "&pad=" + "z" * size
        with caplog.at_level(logging.DEBUG):
            async with wh.http.get(wh.url + "api/session",
                                   headers={"Authorization": header}) as response:
                assert response.status == 400, response.status  # aiohttp's own answer
    logged = "\n".join(record.getMessage() + (logging.Formatter().formatException(
        record.exc_info) if record.exc_info else "") for record in caplog.records)
    assert "Zebulon" not in logged and "777123" not in logged
    assert "header too long" in logged  # one line, what and from where


@pytest.mark.chat
async def test_a_refused_web_action_redraws_no_chat_board(wh: WebHarness) -> None:
    """The answer carries the game as stored: refused web actions (stale, against the
    rules) make no Bot API call; the chat board stays as it was."""
    wh.core.games.dice = SeededDice(3)
    game = await computer_game(wh)
    _, state = await wh.call("GET", f"api/games/{game}", ALI)
    assert state["you_act"]
    drawn = len(wh.fake.calls("editMessageMedia")) + len(wh.fake.calls("sendPhoto"))
    for _ in range(10):
        status, body = await wh.call("POST", f"api/games/{game}/actions", ALI,
                                     {"act": "roll", "version": state["version"] - 1})
        assert status == 409 and body["refusal"] == "stale"
        assert body["state"]["version"] == state["version"]
    status, body = await wh.call("POST", f"api/games/{game}/actions", ALI,
                                 {"act": "take", "version": state["version"]})
    assert status == 409 and body["refusal"] == "illegal", body
    await wh.feed()
    assert len(wh.fake.calls("editMessageMedia")) + len(wh.fake.calls("sendPhoto")) == drawn
    assert (await games.load_game(wh.core.db, game)).version == state["version"]


@pytest.mark.chat  # the tournament is set up through the group
async def test_a_tournament_game_offers_no_play_again_while_the_tournament_runs(
        wh: WebHarness) -> None:
    """The result of a knock-out's first-round game: no Play again on the page, and the
    request refused, while the tournament runs."""
    group, players = -100555, (ALI, VALI, EVE, 1004)
    wh.fake.group(group, "Nard club")
    for player in players:
        wh.fake.user(player, f"P{player}").command("/start")
        await wh.feed()
    core = wh.core.tournaments
    t = await core.create(group, ALI, variant="short", format="knockout", length=1,
                          cube=False, capacity=4, start_in=None, minutes=None)
    for player in players:
        await core.join(t.id, player)
    await wh.feed()
    pairing = next(p for p in await stored.pairings(wh.core.db, t.id) if p.status == "playing")
    game_id, loser = pairing.game_id, pairing.players[1]
    assert game_id is not None and loser is not None
    _, state = await wh.call("GET", f"api/games/{game_id}", loser)
    status, data = await wh.call("POST", f"api/games/{game_id}/actions", loser,
                                 {"act": "resign", "version": state["version"]})
    assert status == 200 and data["state"]["status"] == "finished", data
    assert data["state"]["result"]["rematch"] is False
    _, again = await wh.call("GET", f"api/games/{game_id}", loser)
    assert again["result"]["rematch"] is False
    status, _ = await wh.call("POST", f"api/games/{game_id}/rematch", loser)
    assert status == 409
    assert (await stored.get_tournament(wh.core.db, t.id)).status == "running"  # type: ignore[union-attr]


@pytest.mark.chat
async def test_the_menu_button_speaks_the_players_language(wh: WebHarness) -> None:
    """The bot-wide menu button is in the host's default language; /start and a language
    chosen with /lang set the private chat's own, in the player's."""
    user = wh.fake.user(ALI, "Ali", language_code="ru")
    user.command("/start")
    await wh.feed()
    [call] = [c for c in wh.fake.calls("setChatMenuButton") if c.params.get("chat_id") == ALI]
    button = call.params["menu_button"]
    button = json.loads(button) if isinstance(button, str) else button
    assert button["text"] == Translator("ru")("btn-web-lobby")
    assert button["web_app"]["url"].startswith("https://nard.example.com")
    user.command("/lang")
    await wh.feed()
    user.press_button(ALI, "Oʻzbekcha")
    await wh.feed()
    last = [c for c in wh.fake.calls("setChatMenuButton") if c.params.get("chat_id") == ALI][-1]
    button = last.params["menu_button"]
    button = json.loads(button) if isinstance(button, str) else button
    assert button["text"] == Translator("uz")("btn-web-lobby")
