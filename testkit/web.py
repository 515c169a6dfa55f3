"""The web door served for real (aiohttp on 127.0.0.1) on the game core: alone (no Bot API
at all), or beside the real bot, which talks to the fake Bot API; requests carry init data
signed like Telegram's for the bot's token."""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass
from datetime import timedelta
from functools import cache
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp.web import AppRunner
from pydantic import ConfigDict, TypeAdapter

from bot.app import App, build
from bot.config import load_settings
from bot.launch import web_door
from core.assembly import Core
from core.replay import finished_games
from core.workers import InlineRunner
from engine.dice import SeededDice
from engine.events import MoveEvent
from engine.numbering import line_numbers
from i18n.people import People
from storage import analysis, games
from storage.analysis import DecisionRow
from storage.connect import open_database
from testkit.clocks import FakeClock
from testkit.fake_telegram import FakeTelegram
from testkit.fixtures import bot_for
from testkit.waiting import close_database
from web.app import WebDoor, serve
from web.auth import sign_init_data
from web.limits import RateLimit
from web.schema import Answer, Push

BASE = "/app/"
ALI = 1001  # the player of the web tests' computer games
VALI = 1002  # Ali's friend in their friend games
ALONE_TOKEN = "123456:WEB-ALONE"  # the token the web door alone checks init data for
# An answer conforms to its type: every value of its type (ints are not bools) and no key
# left over, in nested bodies too (the TypedDicts take the adapter's configuration).
STRICT = ConfigDict(extra="forbid", strict=True)


@cache
def _adapter(tp: Any) -> TypeAdapter[Any]:
    return TypeAdapter(list[tp], config=STRICT)  # (a TypedDict itself takes no config)


def conforming(tp: Any, data: Any) -> Any:
    """`data` (as decoded JSON) if it is a `tp` of `web/schema.py`, else pydantic's
    ValidationError naming each key that differs."""
    _adapter(tp).validate_json(json.dumps([data]))
    return data


async def pushed(socket: aiohttp.ClientWebSocketResponse, timeout: float = 10.0) -> Any:
    """The live socket's next message, which conforms to `web.schema.Push`."""
    return conforming(Push, await asyncio.wait_for(socket.receive_json(), timeout))


@dataclass
class WebHarness:
    core: Core
    web: WebDoor
    token: str  # the bot's: init data is signed with it
    clock: FakeClock
    url: str  # the page's address, e.g. http://127.0.0.1:PORT/app/
    http: aiohttp.ClientSession
    runner: AppRunner
    chat: tuple[FakeTelegram, App] | None = None  # the Telegram door beside, if any

    @property
    def fake(self) -> FakeTelegram:
        assert self.chat is not None, "a test of chat effects: mark it `chat`"
        return self.chat[0]

    @property
    def app(self) -> App:
        assert self.chat is not None, "a test of chat effects: mark it `chat`"
        return self.chat[1]

    def init_data(self, user_id: int, name: str = "Ali", *, age: float = 60.0,
                  token: str | None = None, start_param: str | None = None) -> str:
        """Init data for `user_id`, opened `age` seconds ago, signed for the bot's token."""
        opened = self.clock() - timedelta(seconds=age)
        return sign_init_data(token or self.token,
                              {"id": user_id, "first_name": name, "language_code": "en"},
                              opened, start_param=start_param)

    def headers(self, user_id: int, name: str = "Ali") -> dict[str, str]:
        return {"Authorization": "tma " + self.init_data(user_id, name)}

    async def call(self, method: str, path: str, user_id: int | None = None,
                   body: Any = None, **kwargs: Any) -> tuple[int, Any]:
        headers = self.headers(user_id) if user_id is not None else kwargs.pop("headers", {})
        async with self.http.request(method, self.url + path, json=body,
                                     headers=headers, **kwargs) as response:
            try:
                data = await response.json(content_type=None)
            except ValueError:
                data = await response.text()
            else:  # every answer of the API is one of its typed bodies
                if path.startswith("api/"):
                    conforming(Answer, data)
            return response.status, data

    async def feed(self) -> None:
        while self.fake.pending_updates:
            await self.fake.feed(self.app.dispatcher, self.app.bot)
            await self.app.coalescer.drain()

    async def close(self) -> None:
        await self.http.close()
        await self.web.stop()
        await self.runner.cleanup()
        if self.chat is not None:
            await self.app.repair.close()
            await self.app.bot.session.close()
        await close_database(self.core.db)


async def make_web_harness(fake: FakeTelegram | None, database: Path | str) -> WebHarness:
    """The web door on the game core, served on 127.0.0.1; with `fake`, the Telegram door
    beside it (talking to the fake Bot API), as `python -m bot` runs both."""
    if isinstance(database, Path) and database.is_dir():
        database = database / "nard.sqlite3"
    token = fake.token if fake is not None else ALONE_TOKEN
    settings = load_settings(bot_token=token, telegram_api_url=fake.url if fake else None,
                             database_url=str(database),
                             webapp_url="https://nard.example.com" + BASE)
    clock = FakeClock()
    rng = random.Random(1)
    db = await open_database(settings.database, day_zone=settings.timezone)
    core = Core(settings, db, clock=clock, new_seed=lambda: rng.randbytes(32).hex(),
                pool=InlineRunner(), sleep=clock.sleep)
    if fake is not None:
        app = await build(settings, bot=bot_for(fake), core=core, monotonic=clock.monotonic,
                          sleep=clock.sleep)
        door = web_door(core, app, settings)
        assert door is not None
    else:  # the web door alone: what `bot.launch.web_door` makes, with its own people
        people = People(db, settings.default_language, rows=core.players)
        door = WebDoor(core, token=token, people=people,
                       default_language=settings.default_language, base_path=BASE)
    door.limit = RateLimit(rate=10_000, burst=10_000)  # tests play fast (see test_limits)
    door.flood_pause = 0.0  # a refused flood's 429 at once (test_api counts the pauses)
    await door.start()
    runner = await serve(door, "127.0.0.1", 0)
    port = runner.addresses[0][1]
    return WebHarness(core, door, token, clock, f"http://127.0.0.1:{port}{BASE}",
                      aiohttp.ClientSession(), runner,
                      (fake, app) if fake is not None else None)


async def computer_game(wh: WebHarness, user: int = ALI, variant: str = "short") -> int:
    if wh.chat is not None:
        wh.fake.user(user, "Ali").command("/start")  # the player has a chat with the bot
        await wh.feed()
    status, data = await wh.call("POST", "api/games", user,
                                 {"variant": variant, "level": "beginner", "length": 1})
    assert status == 200, data
    return int(data["game"])


async def friend_game(wh: WebHarness, length: int = 1, cube: bool = False) -> int:
    """A short friend game (to `length` points, with the `cube` or not), Vali through Ali's
    challenge link; its id."""
    ali, vali = wh.fake.user(ALI, "Ali"), wh.fake.user(VALI, "Vali")
    ali.command("/start")
    await wh.feed()
    code = (await wh.app.challenges.create(ALI, "short", length, cube)).code
    vali.command(f"/start {code}")
    await wh.feed()
    [row] = await games.active_games(wh.core.db, ALI)
    return row.id


async def play_turn(wh: WebHarness, user: int, state: dict[str, Any]) -> dict[str, Any]:
    """Play the viewer's turn by the first offered destination of the first checker
    (rolling first when asked), then Done if the turn waits for it."""
    game = state["game"]
    if state["can"]["roll"]:
        status, data = await wh.call("POST", f"api/games/{game}/actions", user,
                                     {"act": "roll", "version": state["version"]})
        assert status == 200, data
        state = data["state"]
    while state["you_act"] and state["phase"] == "move" and state["movable"]:
        src, targets = next(iter(state["movable"].items()))
        dst = next(iter(targets))
        status, data = await wh.call("POST", f"api/games/{game}/actions", user,
                                     {"act": "go", "version": state["version"],
                                      "src": int(src), "dst": int(dst)})
        assert status == 200, data
        state = data["state"]
    if state["can"]["done"]:
        status, data = await wh.call("POST", f"api/games/{game}/actions", user,
                                     {"act": "done", "version": state["version"]})
        assert status == 200, data
        state = data["state"]
    return state


async def finished_computer_game(wh: WebHarness) -> tuple[int, dict[str, Any]]:
    """A whole game of Ali's against the computer, played through the API: its id and the
    final state Ali sees."""
    wh.core.games.dice = SeededDice(7)
    game = await computer_game(wh)
    _, state = await wh.call("GET", f"api/games/{game}", ALI)
    for _ in range(300):
        if state["status"] != "active":
            break
        if state["you_act"]:
            state = await play_turn(wh, ALI, state)
        else:
            _, state = await wh.call("GET", f"api/games/{game}", ALI)
    assert state["status"] == "finished", state
    return game, state


async def resigned_game(wh: WebHarness) -> int:
    """A game of Ali's against the computer, resigned at once: its id."""
    wh.core.games.dice = SeededDice(3)
    game = await computer_game(wh)
    _, state = await wh.call("GET", f"api/games/{game}", ALI)
    status, data = await wh.call("POST", f"api/games/{game}/actions", ALI,
                                 {"act": "resign", "version": state["version"]})
    assert status == 200 and data["state"]["status"] == "finished", data
    return game


async def store_blunder(wh: WebHarness, game: int) -> MoveEvent:
    """The finished `game` analysed, as stored: Ali's second move a blunder (best
    `24/18 13/8`), the computer's first move a good one. Ali's move's event."""
    row = await games.load_game(wh.core.db, game)
    [played] = await finished_games(wh.core.db, row, 1)
    numbers = line_numbers(played.history)
    moves = [e for e in played.history if e["type"] == "move"]
    blunder = [e for e in moves if e["seat"] == 0][1]
    good = next(e for e in moves if e["seat"] == 1)

    def decision(idx: int, event: MoveEvent, played_equity: float) -> DecisionRow:
        return DecisionRow(idx, numbers[played.history.index(event)], event["seat"], "checker",
                           "{}", "-".join(map(str, event["dice"])), event["move"],
                           "24/18 13/8", played_equity, 0.0, 1, None)

    now = wh.clock()
    await analysis.claim(wh.core.db, game, 1, now, now + timedelta(minutes=5))
    await analysis.save(wh.core.db, game, 1, engine="test", figures=[], now=now,
                        decisions=[decision(0, good, -0.01), decision(1, blunder, -0.3)])
    return blunder
