"""The process: the game core assembled once (`core.assembly.Core`), the doors that are
configured attached to it (the Telegram door, `bot.app.build`; the web board,
`web.app.WebDoor`, when WEBAPP_URL is set), and everything run until stopped: long
polling, the webhook server (`BOT_MODE=webhook`) or local play (`--local`), the web
board's server beside them, and the core's timer loop.

This is the one module of `bot/` that imports `web/` (the doors are peers: neither imports
the other; tests/test_layers.py checks it).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable
from datetime import datetime
from typing import TypeVar
from urllib.parse import urlsplit

from aiogram import Bot
from aiogram.exceptions import TelegramUnauthorizedError
from aiohttp import web
from aiohttp.web import AppRunner

from bot.app import (
    STOP_GRACE,
    App,
    CannotStart,
    build,
    freeze_startup_objects,
    give_grace,
    make_pool,
    must_answer,
    refuse_if_webhook_set,
    register_menus,
    start_pool,
    stop_gracefully,
    stop_signal,
    timer_loop,
    utc_now,
)
from bot.config import Settings
from bot.local.run import HOST as LOCAL_HOST
from bot.local.run import LocalPage
from bot.local.telegram import LocalTelegram
from bot.plumbing import redact, webhook
from bot.plumbing.admission import LIMIT as TAKEN_LIMIT
from core.assembly import Core
from core.workers import Runner
from storage import outage
from storage.connect import open_database
from storage.errors import DatabaseUnavailable, MigrationError
from storage.postgres import connection_failed
from web import app as web_app
from web.app import WebDoor
from web.auth import Unauthorized, WebUser, check_init_data, from_header, sign_init_data

log = logging.getLogger("bot")
T = TypeVar("T")


def web_door(core: Core, app: App, settings: Settings, *, local: bool = False
             ) -> WebDoor | None:
    """The web board on `core`, when WEBAPP_URL is set (it reads the Telegram door's people
    cache: one cache of who is who per process). `local`: it signs in with the local
    stand-in of Telegram's script (`python -m bot --local`)."""
    if not settings.webapp_url:
        return None
    return WebDoor(core, token=settings.bot_token.get_secret_value(), people=app.people,
                   default_language=settings.default_language,
                   trusted_proxies=settings.trusted_proxies,
                   base_path=urlsplit(settings.webapp_url).path or "/",
                   telegram_script=web_app.LOCAL_SCRIPT if local else web_app.TELEGRAM_SCRIPT,
                   public_url=settings.webapp_url)


async def serve(settings: Settings, *, local: bool = False) -> None:
    """Run until stopped: long polling, the webhook server (`BOT_MODE=webhook`), or the
    local mode (`local`: an in-process Bot API and the page on 127.0.0.1, bot/local/)."""
    # The database first (a bad one stops the start before any worker runs), then the
    # worker pool, then everything that uses them.
    db = await open_database(settings.database, day_zone=settings.timezone)
    pool: Runner | None = None
    telegram = LocalTelegram() if local else None
    try:
        pool = await start_pool(make_pool(settings))
        bot = Bot(settings.bot_token.get_secret_value(), session=telegram) if telegram \
            else None
        core = Core(settings, db, clock=utc_now, pool=pool)
        app = await build(settings, core=core, bot=bot)
        door = web_door(core, app, settings, local=local)
    except BaseException:
        if pool is not None:
            await pool.close()
        await db.close()
        raise
    stop = asyncio.Event()
    timer: asyncio.Task[None] | None = None
    web_runner: AppRunner | None = None

    async def on_shutdown() -> None:
        if timer is not None:
            await stop_gracefully(app, timer, stop)

    # Polling emits it when polling stops; webhook mode when its aiohttp app shuts down.
    app.dispatcher.shutdown.register(on_shutdown)
    menus: asyncio.Task[None] | None = None
    try:
        # What a stopped process left undone comes first: the timer loop's first pass
        # (boards behind their game, results waiting in the outbox, computer turns cut
        # short) runs at once, with every turn due soon given the restart's grace first,
        # so that a crash never decides a game.
        await give_grace(app, settings)
        first_pass = asyncio.Event()
        timer = asyncio.create_task(timer_loop(app, stop, first_pass=first_pass))
        await must_answer("getMe", app.bot.me, asyncio.sleep)  # cached: polling asks again
        menus = asyncio.create_task(register_menus(app, after=first_pass))  # beside updates
        if settings.bot_mode == "polling" and not local:
            await must_answer("getWebhookInfo", lambda: refuse_if_webhook_set(app.bot),
                              asyncio.sleep)
        if door is not None:
            await door.start()
            if settings.bot_mode == "polling" and not local:  # webhook: beside the webhook
                web_runner = await listening(
                    web_app.serve(door, settings.webapp_host, settings.webapp_port),
                    settings.webapp_host, settings.webapp_port, "WEBAPP_PORT")
                log.info("web board: listening on http://%s:%s%s", settings.webapp_host,
                         settings.webapp_port, door.base_path)
        freeze_startup_objects()
        # The grace counts from when updates are taken (getMe may have waited for an
        # unreachable Bot API).
        await give_grace(app, settings)
        if telegram is not None and door is not None:
            web_runner = await serve_local(app, telegram, door, settings)
            await stop_signal().wait()
            await stop_gracefully(app, timer, stop)
        elif settings.bot_mode == "webhook":
            beside = (lambda parent: web_app.mount(door, parent)) if door else None
            await webhook.serve(app.dispatcher, app.bot, settings, stop_signal(), beside,
                                app.admission, STOP_GRACE)
        else:
            # At most TAKEN_LIMIT updates taken and not finished: beyond it no getUpdates
            # is made until some finish (Telegram keeps the rest).
            await app.dispatcher.start_polling(app.bot, handle_signals=True,
                                               close_bot_session=False,
                                               tasks_concurrency_limit=TAKEN_LIMIT)
    finally:
        if menus is not None and not menus.done():
            menus.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await menus
        if timer is not None:
            if not timer.done():
                timer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await timer
        await app.inflight.drained(1.0)  # normally done by stop_gracefully already
        if door is not None:
            await door.stop()
        if web_runner is not None:
            await web_runner.cleanup()
        await app.repair.close()
        await app.analysis.stop()
        await core.stop()  # an analysis cut short starts again at the next start
        await app.services.afterplay.stop()
        await app.db.close()
        await app.bot.session.close()
        await pool.close()




class LocalInitData:
    """`bot.local.run.InitData`: the local page's players sign in as the web board
    checks them."""

    def __init__(self, token: str) -> None:
        self.token = token

    def sign(self, user: dict[str, object], opened: datetime) -> str:
        return sign_init_data(self.token, user, opened)

    def check(self, authorization: str | None, now: datetime) -> WebUser:
        try:
            return check_init_data(self.token, from_header(authorization), now)
        except Unauthorized as exc:
            raise PermissionError(str(exc)) from None


async def listening(start: Awaitable[T], host: str, port: int, setting: str) -> T:
    """`start`'s result; an address that cannot be listened on (taken, not allowed) stops the
    start with one line naming the setting that chooses another (`CannotStart`, exit 2)."""
    try:
        return await start
    except OSError as exc:
        raise CannotStart(f"cannot listen on {host}:{port} ({exc.strerror or exc}): "
                          f"choose another port with {setting}") from None


async def serve_local(app: App, telegram: LocalTelegram, door: WebDoor,
                      settings: Settings) -> AppRunner:
    """The local page (sign in, the chat) and the web board on one address of 127.0.0.1."""
    page = LocalPage(telegram, app.bot, lambda update: app.dispatcher.feed_update(
        app.bot, update), LocalInitData(settings.bot_token.get_secret_value()),
        app.services.clock)
    root = web.Application(client_max_size=web_app.MAX_BODY)
    page.routes(root)
    web_app.mount(door, root)
    runner = AppRunner(root, access_log=None, shutdown_timeout=2.0)
    await runner.setup()
    try:
        await listening(web.TCPSite(runner, LOCAL_HOST, settings.webapp_port).start(),
                        LOCAL_HOST, settings.webapp_port, "--port")
    except CannotStart:
        await runner.cleanup()
        raise
    port = runner.addresses[0][1]
    print(f"nard-bot: playing locally: open http://{LOCAL_HOST}:{port}/", flush=True)
    return runner


def run(settings: Settings, *, local: bool = False) -> int:
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    redact.install(settings.bot_token.get_secret_value())
    # A database outage is two lines, not a traceback per failed call.
    outage.install(connection_failed=connection_failed)
    try:
        asyncio.run(serve(settings, local=local))
    except TelegramUnauthorizedError:
        log.error("Telegram refused the token (401 Unauthorized): check BOT_TOKEN")
        return 2
    except CannotStart as exc:  # a webhook set while polling, a Bot API that refuses getMe
        log.error("%s", exc)
        return 2
    except KeyboardInterrupt:
        pass
    except (DatabaseUnavailable, MigrationError):
        raise  # `python -m bot` says it in one line (exit status 2)
    except Exception:  # logged (redacted) rather than printed by the interpreter
        log.exception("the bot stopped")
        return 1
    return 0
