"""`python -m bot --local`: the real bot, played in the browser, without a token.

The same Dispatcher, game core, SQLite file and computer pool as `python -m bot`, talking
to an in-process stand-in for the Bot API (`bot.local.telegram`), plus the web board. One
link to open, on 127.0.0.1 only: the page lets each tab sign in as a local player (a name),
shows the chat as a message list (what the bot would have sent, pictures included, with its
buttons) beside the web board. Init data is signed with a random token made at start, so
the web board's sign-in runs unchanged (the page signs and checks it as the web board does,
with the `InitData` the process's entry gives it: `bot/` imports no `web/`); the database is
a file of its own (`nard-local.sqlite3` unless DATABASE_PATH/DATABASE_URL say otherwise),
never a real bot's.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from aiogram import Bot
from aiogram.types import Update
from aiohttp import web

from bot.config import Settings
from bot.local.telegram import LocalTelegram
from i18n import Translator, pick_language

log = logging.getLogger(__name__)
STATIC = Path(__file__).with_name("static")
HOST = "127.0.0.1"  # never beyond this machine
DEFAULT_PORT = 8088
LOCAL_DATABASE = "nard-local.sqlite3"
FIRST_USER = 1_000_001
POLL_SECONDS = 25.0  # a chat long poll waits at most this long for something new
MAX_TEXT = 512
LOCAL_TEXTS = ("local-other-side",)  # the page's texts once a player signed in


class SignedIn(Protocol):
    """A user as their init data names them."""

    @property
    def id(self) -> int: ...

    @property
    def name(self) -> str: ...

    @property
    def language_code(self) -> str | None: ...


class InitData(Protocol):
    """Telegram's Mini App init data for the local token: made as Telegram makes it (a
    player signs in) and checked as the web board checks it."""

    def sign(self, user: dict[str, object], opened: datetime) -> str: ...

    def check(self, authorization: str | None, now: datetime) -> SignedIn:
        """The user of an `Authorization: tma <initData>` header; `PermissionError` with
        the reason when it is refused."""


def local_token() -> str:
    """A token of Telegram's shape, random for each start (init data signed with it)."""
    return f"{secrets.randbelow(10**9) + 1}:{secrets.token_urlsafe(32)}"


def local_settings(settings: Settings | None, port: int) -> dict[str, Any]:
    """The settings of a local run: a random token, the page on 127.0.0.1, a database of
    its own (the given DATABASE_PATH/URL only when it is not the default file)."""
    overrides: dict[str, Any] = {
        "bot_token": local_token(), "telegram_api_url": None, "bot_mode": "polling",
        "webapp_url": f"http://{HOST}:{port}/app/", "webapp_host": HOST,
        "webapp_port": port, "webhook_url": None}
    if settings is None or (settings.database_url is None
                            and settings.database_path == "nard.sqlite3"):
        overrides["database_url"] = None
        overrides["database_path"] = LOCAL_DATABASE
    return overrides


class LocalPage:
    """The local page's own routes: sign in as a player, the chat, its files."""

    def __init__(self, telegram: LocalTelegram, bot: Bot, feed: Callable[[Update],
                                                                         Awaitable[Any]],
                 init_data: InitData, clock: Callable[[], datetime]) -> None:
        self.telegram, self.bot, self.feed = telegram, bot, feed
        self.init_data = init_data
        self.clock = clock
        self._users = itertools.count(FIRST_USER)
        self._updates = itertools.count(1)
        self._tasks: set[asyncio.Task[Any]] = set()

    def routes(self, app: web.Application) -> None:
        app.router.add_get("/", self.index)
        app.router.add_static("/local/static/", STATIC)
        app.router.add_post("/local/api/login", self.login)
        app.router.add_get("/local/api/chat", self.chat)
        app.router.add_post("/local/api/say", self.say)
        app.router.add_post("/local/api/press", self.press)
        app.router.add_get("/local/files/{file}", self.file)

    async def index(self, request: web.Request) -> web.Response:
        return web.FileResponse(STATIC / "index.html")  # type: ignore[return-value]

    async def login(self, request: web.Request) -> web.Response:
        """A new local player named as asked (`second`: the other side of a challenge,
        named by the bot): their init data (the page keeps it) and the page's texts."""
        body = await _body(request)
        t = Translator(pick_language(None, str(body.get("language", "en"))[:2], "en"))
        name = str(body.get("name", "")).strip()[:32]
        if not name and body.get("second") is True:
            name = t("local-second-player")
        if not name:
            raise web.HTTPBadRequest(reason="a name, please")
        user_id = next(self._users)
        init = self.init_data.sign({"id": user_id, "first_name": name,
                                    "language_code": t.language}, self.clock())
        return web.json_response({"id": user_id, "name": name, "init_data": init,
                                  "language": t.language,
                                  "texts": {key: t(key) for key in LOCAL_TEXTS}})

    def user(self, request: web.Request) -> SignedIn:
        try:
            return self.init_data.check(request.headers.get("Authorization"), self.clock())
        except PermissionError as exc:
            raise web.HTTPUnauthorized(reason=str(exc)) from None

    async def chat(self, request: web.Request) -> web.Response:
        """The user's chat once it has changed since `since` (a long poll)."""
        user = self.user(request)
        since = int(request.query.get("since", "0") or 0)
        telegram = self.telegram
        async with telegram.changed:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(telegram.changed.wait_for(
                    lambda: telegram.version > since), POLL_SECONDS)
        return web.json_response({
            "version": telegram.version,
            "messages": [m.to_page() for m in telegram.chats.get(user.id, [])],
            "toasts": telegram.toasts.pop(user.id, [])})

    async def say(self, request: web.Request) -> web.Response:
        user = self.user(request)
        text = str((await _body(request)).get("text", "")).strip()[:MAX_TEXT]
        if not text:
            raise web.HTTPBadRequest(reason="nothing to say")
        self._feed(self.telegram.message_update(next(self._updates), _api_user(user), text))
        return web.json_response({"ok": True})

    async def press(self, request: web.Request) -> web.Response:
        user = self.user(request)
        body = await _body(request)
        message_id, data = body.get("message_id"), body.get("data")
        if not isinstance(message_id, int) or not isinstance(data, str) or len(data) > 64:
            raise web.HTTPBadRequest(reason="message_id and data, please")
        update = self.telegram.press_update(next(self._updates), _api_user(user), message_id,
                                            data)
        if update is None:
            raise web.HTTPNotFound(reason="no such message")
        self._feed(update)
        return web.json_response({"ok": True})

    async def file(self, request: web.Request) -> web.Response:
        data = self.telegram.files.get(request.match_info["file"])
        if data is None:
            raise web.HTTPNotFound()
        kind = "image/gif" if data[:3] == b"GIF" else "image/png" \
            if data[:4] == b"\x89PNG" else "application/octet-stream"
        return web.Response(body=data, content_type=kind,
                            headers={"Cache-Control": "max-age=3600"})

    def _feed(self, raw: dict[str, Any]) -> None:
        update = Update.model_validate(raw, context={"bot": self.bot})
        task = asyncio.ensure_future(self.feed(update))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


def _api_user(user: SignedIn) -> dict[str, Any]:
    return {"id": user.id, "is_bot": False, "first_name": user.name,
            "language_code": user.language_code or "en"}


async def _body(request: web.Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except ValueError:
        raise web.HTTPBadRequest(reason="the body is not JSON") from None
    if not isinstance(body, dict):
        raise web.HTTPBadRequest(reason="the body is not a JSON object")
    return body


def utc_now() -> datetime:
    return datetime.now(UTC)
