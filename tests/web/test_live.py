"""Live pages: no page, however it behaves, holds a game or anybody else up; each page gets
the newest state (once worked out for all pages alike), what it lacks when it comes back,
and a deadline moved without a new version."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import aiohttp
import pytest

from core.events import Change, What
from core.live import Live
from core.settings import CONFIRM_MOVES
from engine.dice import SeededDice
from storage import games
from testkit.waiting import until
from testkit.web import ALI, VALI, WebHarness, computer_game, friend_game, play_turn
from web.live import PAGES_PER_USER, LiveBoards, Watcher

# Generous limits that only fail a test that would otherwise hang; never reached when the
# code is right, however slow the machine.
HANG = 30.0


def boards(wh: WebHarness) -> LiveBoards:
    return wh.web.live


async def hello(socket: aiohttp.ClientWebSocketResponse, wh: WebHarness, user: int,
                game: int, version: int, **more: Any) -> None:
    await socket.send_json({"auth": wh.init_data(user), "game": game, "version": version,
                            **more})


async def show_again(wh: WebHarness, game: int, seat: int) -> None:
    """What a refused chat press does: the stored game shown to `seat` again."""
    row = await games.load_game(wh.core.db, game)
    await wh.core.games.announce(Change(row, Live.load(row.state_json), What.SHOW, seat))


async def test_a_page_that_does_not_take_its_message_is_cut_off(wh: WebHarness) -> None:
    """Found from outside: a page that never read its socket made one `send_json` wait
    forever under the game's lock, freezing the game and the timer loop. Now a change is
    only left for the page; its sender gives up after the send timeout and cuts it off."""
    live = boards(wh)
    live.send_timeout = 0.2
    game = await computer_game(wh)
    never = asyncio.Event()
    cut: list[bool] = []

    async def unread(text: str) -> None:
        await never.wait()

    row = await games.load_game(wh.core.db, game)
    page = Watcher(ALI, game, 0, unread, drop=lambda: cut.append(True))
    await asyncio.wait_for(live.open(page), HANG)  # returns, though the send does not
    await asyncio.wait_for(live.on_change(Change(row, Live.load(row.state_json), What.SHOW,
                                                 0)), HANG)
    await until(lambda: bool(cut), HANG, "the page to be cut off")
    assert len(live) == 0 and live.pages_of(ALI) == 0 and page.shown == -1
    assert not live.has_shown(game, ALI, row.version)  # a page never sent it is no sight


async def test_cutting_a_page_off_closes_its_connection(wh: WebHarness) -> None:
    """What the door does with a page that does not read: the connection is aborted (a
    close frame would wait behind the unread data), and the page's handler ends."""
    live = boards(wh)
    game = await computer_game(wh)
    async with wh.http.ws_connect(wh.url + "api/live") as client:
        await hello(client, wh, ALI, game, 0)
        assert (await asyncio.wait_for(client.receive_json(), HANG))["type"] == "state"
        [page] = live.pages(game)
        page.drop()
        message = await asyncio.wait_for(client.receive(), HANG)
        assert message.type in (aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR), message
    await until(lambda: len(live) == 0, HANG, "the page's handler to end")


@pytest.mark.chat
async def test_the_game_goes_on_while_a_page_waits_to_be_sent(wh: WebHarness) -> None:
    """A page's send that does not return keeps neither the mover's answer, nor the other
    pages' states, nor the timer from the game."""
    wh.core.games.dice = SeededDice(5)
    game = await friend_game(wh)
    live = boards(wh)
    gate = asyncio.Event()
    got: list[str] = []

    async def blocked(text: str) -> None:
        await gate.wait()

    async def reading(text: str) -> None:
        got.append(text)

    row = await games.load_game(wh.core.db, game)
    stuck = Watcher(VALI, game, row.seat_of(VALI), blocked, version=row.version)
    fine = Watcher(VALI, game, row.seat_of(VALI), reading, version=row.version)
    await live.open(stuck)
    await live.open(fine)
    _, a = await wh.call("GET", f"api/games/{game}", ALI)
    _, v = await wh.call("GET", f"api/games/{game}", VALI)
    mover, state = (ALI, a) if a["you_act"] else (VALI, v)
    for _ in range(3):  # whole turns, both players, through the API
        state = await asyncio.wait_for(play_turn(wh, mover, state), HANG)
        mover = VALI if mover == ALI else ALI
        _, state = await wh.call("GET", f"api/games/{game}", mover)
    await until(lambda: fine.shown == fine.version, HANG, "the reading page's states")
    assert stuck.version == fine.version > row.version
    assert stuck.shown < stuck.waiting == stuck.version  # only the newest waits
    gate.set()
    await until(lambda: stuck.shown == stuck.version, HANG, "the released page")
    assert stuck.waiting is None
    live.close(stuck)
    live.close(fine)


async def test_each_change_is_worked_out_once_for_many_pages_of_one_view(
        wh: WebHarness) -> None:
    """One state per seat and language, however many pages show it (it was one per page:
    900 pages of one user cost most of a core)."""
    game = await computer_game(wh)
    live = boards(wh)
    made = 0
    state_of = live.state_of

    async def counting(*args: Any) -> dict[str, Any]:
        nonlocal made
        made += 1
        return await state_of(*args)

    live.state_of = counting
    received: list[list[str]] = [[] for _ in range(10)]

    def page(n: int) -> Watcher:
        async def send(text: str) -> None:
            received[n].append(text)
        return Watcher(ALI, game, 0, send, version=0)

    pages = [page(n) for n in range(10)]
    for watcher in pages:
        await live.open(watcher)
    made = 0
    for _ in range(3):
        await show_again(wh, game, 0)
    assert made == 3
    await until(lambda: all(len(texts) >= 2 for texts in received), HANG, "the pushes")
    assert len({texts[-1] for texts in received}) == 1  # the same text for every page
    for watcher in pages:
        live.close(watcher)


async def test_a_user_has_a_bounded_number_of_live_pages(wh: WebHarness) -> None:
    """One user opened 999 sockets and the process ran out of descriptors: past
    `PAGES_PER_USER` a new one is closed with 4429, and the others are still served."""
    game = await computer_game(wh)
    sockets = []
    for _ in range(PAGES_PER_USER):
        socket = await wh.http.ws_connect(wh.url + "api/live")
        await hello(socket, wh, ALI, game, 0)
        assert (await asyncio.wait_for(socket.receive_json(), HANG))["type"] == "state"
        sockets.append(socket)
    extra = await wh.http.ws_connect(wh.url + "api/live")
    await hello(extra, wh, ALI, game, 0)
    message = await asyncio.wait_for(extra.receive(), HANG)
    assert message.type is aiohttp.WSMsgType.CLOSE and message.data == 4429
    other = await computer_game(wh, VALI)
    async with wh.http.ws_connect(wh.url + "api/live") as socket:  # another user is served
        await hello(socket, wh, VALI, other, 0)
        assert (await asyncio.wait_for(socket.receive_json(), HANG))["type"] == "state"
    await sockets.pop().close()
    await until(lambda: boards(wh).pages_of(ALI) == PAGES_PER_USER - 1, HANG, "the close")
    async with wh.http.ws_connect(wh.url + "api/live") as socket:  # a place is free again
        await hello(socket, wh, ALI, game, 0)
        assert (await asyncio.wait_for(socket.receive_json(), HANG))["type"] == "state"
    for socket in sockets:
        await socket.close()


@pytest.mark.chat
async def test_a_page_coming_back_mid_turn_is_brought_up_to_date(wh: WebHarness) -> None:
    """A page reconnecting with an older version while the opponent builds a turn was sent
    nothing until the turn ended: now it gets the stored game (without the mover's steps)."""
    wh.core.games.dice = SeededDice(5)
    game = await friend_game(wh)
    _, a = await wh.call("GET", f"api/games/{game}", ALI)
    _, v = await wh.call("GET", f"api/games/{game}", VALI)
    mover, waiter, state = (ALI, VALI, a) if a["you_act"] else (VALI, ALI, v)
    old = (v if mover == ALI else a)["version"]
    if state["can"]["roll"]:
        _, data = await wh.call("POST", f"api/games/{game}/actions", mover,
                                {"act": "roll", "version": state["version"]})
        state = data["state"]
    src, targets = next(iter(state["movable"].items()))
    status, data = await wh.call("POST", f"api/games/{game}/actions", mover,
                                 {"act": "go", "version": state["version"], "src": int(src),
                                  "dst": int(next(iter(targets)))})
    assert status == 200 and data["state"]["steps"]
    stored = await games.load_game(wh.core.db, game)
    _, seen = await wh.call("GET", f"api/games/{game}", waiter)
    async with wh.http.ws_connect(wh.url + "api/live") as socket:
        await hello(socket, wh, waiter, game, old)
        pushed = (await asyncio.wait_for(socket.receive_json(), HANG))["state"]
    assert pushed["version"] == stored.version > old and not pushed["you_act"]
    assert pushed["steps"] == [] and pushed["points"] == seen["points"]


@pytest.mark.chat
async def test_a_deadline_moved_without_a_new_version_reaches_open_pages(
        wh: WebHarness) -> None:
    """The restart's grace and a late board move the deadline and keep the version: open
    pages showed 0:00 while the player could still move. Now the same version is sent again
    (marked `again`) to pages that have another deadline, on a change and on a reconnect."""
    wh.core.games.dice = SeededDice(5)
    game = await friend_game(wh)
    row = await games.load_game(wh.core.db, game)
    assert row.deadline is not None
    seat = row.seat_of(ALI)
    async with wh.http.ws_connect(wh.url + "api/live") as socket:
        await hello(socket, wh, ALI, game, row.version, deadline=row.deadline.isoformat())
        later = row.deadline + timedelta(seconds=30)
        assert await games.set_deadline(wh.core.db, game, row.version, later)
        await wh.core.games.catch_up(game)  # a repair shows the stored game
        later = (await games.load_game(wh.core.db, game)).deadline
        assert later is not None and later != row.deadline
        message = await asyncio.wait_for(socket.receive_json(), HANG)
        assert message["again"] is True and message["state"]["version"] == row.version
        assert message["state"]["deadline"] == later.isoformat()
        await show_again(wh, game, seat)  # an ordinary "again" is still sent
        assert (await asyncio.wait_for(socket.receive_json(), HANG))["again"] is True
    # A page coming back with the old deadline is sent the new one; with the right one,
    # nothing until the game changes.
    async with wh.http.ws_connect(wh.url + "api/live") as socket:
        await hello(socket, wh, ALI, game, row.version, deadline=row.deadline.isoformat())
        message = await asyncio.wait_for(socket.receive_json(), HANG)
        assert message["state"]["deadline"] == later.isoformat() and message["again"]
    async with wh.http.ws_connect(wh.url + "api/live") as socket:
        await hello(socket, wh, ALI, game, row.version, deadline=later.isoformat())
        await until(lambda: boards(wh).pages_of(ALI) == 1, HANG, "the page")
        [page] = boards(wh).pages(game)
        assert page.shown == -1 and page.waiting is None and not page.sending


@pytest.mark.chat
async def test_another_process_moving_a_deadline_reaches_this_processes_pages(
        wh: WebHarness) -> None:
    """With several processes, a deadline moved elsewhere is told as "id:version:deadline"
    (`storage.games.set_deadline`): the page is sent the game again."""
    game = await friend_game(wh)
    row = await games.load_game(wh.core.db, game)
    assert row.deadline is not None
    later = row.deadline + timedelta(seconds=30)
    async with wh.http.ws_connect(wh.url + "api/live") as socket:
        await hello(socket, wh, ALI, game, row.version, deadline=row.deadline.isoformat())
        boards(wh).on_notice(f"{game}:{row.version}:{int(row.deadline.timestamp())}")
        assert await games.set_deadline(wh.core.db, game, row.version, later)
        boards(wh).on_notice(f"{game}:{row.version}:{int(later.timestamp())}")
        message = await asyncio.wait_for(socket.receive_json(), HANG)
        assert message["state"]["deadline"] == later.isoformat() and message["again"]
        for bad in ("x", f"{game}", f"{game}:x", f"{game}:{row.version}:y"):
            boards(wh).on_notice(bad)  # ignored


@pytest.mark.chat
async def test_a_deadline_moved_mid_turn_reaches_the_waiting_players_page(
        wh: WebHarness) -> None:
    """The steps of a turn being built are not pushed to the other player, but a deadline
    moved meanwhile is (their page counts the mover's time down too)."""
    wh.core.games.dice = SeededDice(5)
    game = await friend_game(wh)
    _, a = await wh.call("GET", f"api/games/{game}", ALI)
    _, v = await wh.call("GET", f"api/games/{game}", VALI)
    mover, waiter, state = (ALI, VALI, a) if a["you_act"] else (VALI, ALI, v)
    waiting = v if mover == ALI else a
    # Done confirms the turn: a step that plays the last die leaves it in the making (not
    # waiting a moment to be sent, the row's deadline then that moment).
    await wh.core.games.player_settings.set(mover, CONFIRM_MOVES, True)
    async with wh.http.ws_connect(wh.url + "api/live") as socket:
        await hello(socket, wh, waiter, game, waiting["version"],
                    deadline=waiting["deadline"])
        if state["can"]["roll"]:
            _, data = await wh.call("POST", f"api/games/{game}/actions", mover,
                                    {"act": "roll", "version": state["version"]})
            state = data["state"]
            await asyncio.wait_for(socket.receive_json(), HANG)  # the roll, pushed
        src, targets = next(iter(state["movable"].items()))
        _, data = await wh.call("POST", f"api/games/{game}/actions", mover,
                                {"act": "go", "version": state["version"], "src": int(src),
                                 "dst": int(next(iter(targets)))})
        row = await games.load_game(wh.core.db, game)
        assert data["state"]["steps"] and row.deadline is not None
        later = row.deadline + timedelta(seconds=45)
        assert await games.set_deadline(wh.core.db, game, row.version, later)
        row = await games.load_game(wh.core.db, game)
        await wh.core.games.announce(Change(row, Live.load(row.state_json), What.BEHIND))
        pushed = (await asyncio.wait_for(socket.receive_json(), HANG))["state"]
        assert pushed["deadline"] == later.isoformat() and pushed["steps"] == []
        assert pushed["version"] == row.version and not pushed["you_act"]
