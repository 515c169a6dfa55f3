"""Webhook mode: Telegram posts each update to us, through aiogram's aiohttp integration.

`serve` listens on `WEBHOOK_HOST:WEBHOOK_PORT` (behind a reverse proxy that terminates TLS)
and answers `POST <path>` with aiogram's `SimpleRequestHandler` (`UpdateHandler`): a
request without the right `X-Telegram-Bot-Api-Secret-Token` header gets 401 and is never
handled. A body that is no update (not JSON, nested deeper than `MAX_DEPTH`, JSON of
another shape) gets 400 and one bigger than `MAX_BODY` 413, each with the reason, in the
answer and in one log line. `GET /healthz` answers 200 for a load balancer's health checks.

**An update is acknowledged only once it is safe.** Telegram never sends an acknowledged
update again, so the 200 waits until what the update changes is saved: a game button's
press is answered 200 once its outcome is final (saved and answered, or refused:
`core.actions.decided`), any other update once it has been handled; what follows a press
(its redraws, the computer's reply) goes on after the 200 and is redone by the next start
if the process dies. A process killed before its 200 loses nothing: Telegram posts the
update again (a press already saved is then refused as out of date, changing nothing). An
update still not safe after `ACK_WITHIN` seconds is acknowledged anyway (Telegram gives up
on a webhook request after about 60 s and would post it again, a second copy running).

**Back-pressure**: while the process has `admission.LIMIT` updates taken and not finished
(bot/plumbing/admission.py), a new one is answered 503 and not handled: Telegram keeps it
and posts it again later, instead of the process queueing without limit.

Telegram is told where to post by ONE explicit command, not by each process at start-up
(several processes would race each other, and a process that stops must not unregister
the others): `python -m bot set-webhook`, `python -m bot delete-webhook`,
`python -m bot webhook-info` (see `bot.__main__`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from aiogram import Bot, Dispatcher
from aiogram.exceptions import TelegramAPIError
from aiogram.methods import TelegramMethod
from aiogram.types import Update, WebhookInfo
from aiogram.webhook.aiohttp_server import SimpleRequestHandler, setup_application
from aiohttp import web
from pydantic import ValidationError

from bot.config import Settings
from bot.handlers import get_routers
from bot.plumbing.admission import Admission
from bot.plumbing.polling import what_is_wrong
from core.actions import decided

log = logging.getLogger(__name__)
HEALTH_PATH = "/healthz"
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
MAX_BODY = 1024 * 1024  # bytes of one update (the nginx example passes 1m too)
# JSON nesting of one update: the deepest Telegram sends is about 10 (a button of a
# keyboard of a message of a callback query); deeper is not an update.
MAX_DEPTH = 32
ACK_WITHIN = 45.0  # seconds an update may take to be safe before it is acknowledged anyway


class NotAnUpdate(Exception):
    """A webhook body the bot cannot take; `status` and the message are the answer."""

    def __init__(self, reason: str, status: int = 400) -> None:
        super().__init__(reason)
        self.status = status


class UpdateHandler(SimpleRequestHandler):
    """aiogram's handler, with the body checked before anything is handled: a bad one is
    answered 400 or 413 with the reason (aiogram's answers 500 with a traceback, or 200
    and fails in its task), and the parsed update is handed on without parsing it again."""

    def __init__(self, dispatcher: Dispatcher, bot: Bot, secret_token: str,
                 admission: Admission | None = None) -> None:
        super().__init__(dispatcher=dispatcher, bot=bot, secret_token=secret_token)
        self.admission = admission
        self._tasks: set[asyncio.Task[None]] = set()

    async def handle(self, request: web.Request) -> web.Response:
        bot = await self.resolve_bot(request)
        if not self.verify_secret(request.headers.get(SECRET_HEADER, ""), bot):
            return web.Response(body="Unauthorized", status=401)
        if self.admission is not None and self.admission.saturated():
            # Telegram keeps the update and posts it again later.
            return web.Response(status=503, text="503: busy, post it again later")
        try:
            update = await read_update(request, bot)
        except NotAnUpdate as exc:
            log.warning("webhook: refused a request (%d): %s", exc.status, exc)
            return web.Response(status=exc.status, text=f"{exc.status}: {exc}")
        safe: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def now_safe() -> None:
            if not safe.done():
                safe.set_result(None)

        token = decided.set(now_safe)  # the task takes a copy of this context
        try:
            task = asyncio.create_task(self._feed(bot, update))
        finally:
            decided.reset(token)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        done, _ = await asyncio.wait((task, safe), timeout=ACK_WITHIN,
                                     return_when=asyncio.FIRST_COMPLETED)
        if not done:
            log.warning("update %d is not handled after %.0f s; acknowledged anyway",
                        update.update_id, ACK_WITHIN)
        return web.json_response({}, dumps=bot.session.json_dumps)

    async def _feed(self, bot: Bot, update: Update) -> None:
        """What aiogram's background feeding does, from the parsed update."""
        try:
            result = await self.dispatcher.feed_update(bot, update, **self.data)
            if isinstance(result, TelegramMethod):
                await self.dispatcher.silent_call_request(bot=bot, result=result)
        except Exception:  # as aiogram logs it; the answer (200) is gone already
            log.exception("update %d failed", update.update_id)


async def read_update(request: web.Request, bot: Bot) -> Update:
    """The update a webhook request carries, or `NotAnUpdate` saying why there is none."""
    if request.content_length is not None and request.content_length > MAX_BODY:
        raise NotAnUpdate(f"too large: {request.content_length} bytes (at most {MAX_BODY})",
                          413)
    try:
        body = await request.read()  # the application's client_max_size is MAX_BODY
    except web.HTTPRequestEntityTooLarge:
        raise NotAnUpdate(f"too large: over {MAX_BODY} bytes", 413) from None
    try:
        data = bot.session.json_loads(body.decode("utf-8"))
    except UnicodeDecodeError:
        raise NotAnUpdate("not JSON: not UTF-8 text") from None
    except RecursionError:
        raise NotAnUpdate(f"JSON nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as exc:
        raise NotAnUpdate(f"not JSON: {exc}") from None
    if depth(data) > MAX_DEPTH:
        raise NotAnUpdate(f"JSON nested deeper than {MAX_DEPTH} levels")
    if not isinstance(data, dict):
        raise NotAnUpdate(f"not an update: a JSON {type(data).__name__}, not an object")
    try:
        return Update.model_validate(data, context={"bot": bot})
    except ValidationError as exc:
        raise NotAnUpdate(f"not an update: {what_is_wrong(exc)}") from None


def depth(data: Any) -> int:
    """How deeply lists and objects nest in parsed JSON (a scalar: 0), without recursion."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        value, level = stack.pop()
        children = (value.values() if isinstance(value, dict)
                    else value if isinstance(value, list) else None)
        if children is None:
            continue
        deepest = max(deepest, level)
        if level < MAX_DEPTH + 1:  # deeper than that is answered without looking further
            stack.extend((child, level + 1) for child in children)
    return deepest


def make_web_app(dispatcher: Dispatcher, bot: Bot, settings: Settings,
                 beside: Callable[[web.Application], None] | None = None,
                 admission: Admission | None = None) -> web.Application:
    """The aiohttp application that feeds posted updates to `dispatcher` (and serves what
    `beside` adds to it: the web board)."""
    assert settings.webhook_secret is not None  # the settings refuse webhook mode without it
    app = web.Application(client_max_size=MAX_BODY)
    UpdateHandler(dispatcher=dispatcher, bot=bot,
                  secret_token=settings.webhook_secret.get_secret_value(),
                  admission=admission).register(app, path=settings.webhook_route)
    setup_application(app, dispatcher, bot=bot)
    app.router.add_get(HEALTH_PATH, _healthy)
    if beside is not None:
        beside(app)
    return app


async def _healthy(request: web.Request) -> web.Response:
    return web.Response(text="ok")


async def serve(dispatcher: Dispatcher, bot: Bot, settings: Settings,
                stop: asyncio.Event,
                beside: Callable[[web.Application], None] | None = None,
                admission: Admission | None = None, grace: float = 10.0) -> None:
    """Listen until `stop` is set; then stop listening, and give the requests being
    answered up to `grace` seconds to become safe (the updates themselves are the caller's
    to wait for)."""
    await warn_if_elsewhere(bot, settings)
    # No access log: the proxy in front keeps one, and a line per press is noise here.
    runner = web.AppRunner(make_web_app(dispatcher, bot, settings, beside, admission),
                           access_log=None, shutdown_timeout=grace)
    await runner.setup()
    site = web.TCPSite(runner, settings.webhook_host, settings.webhook_port)
    await site.start()
    log.info("webhook: listening on http://%s:%s%s", settings.webhook_host,
             settings.webhook_port, settings.webhook_route)
    try:
        await stop.wait()
    finally:
        await site.stop()  # refuse new updates; the proxy sends them to the other processes
        await runner.cleanup()


async def warn_if_elsewhere(bot: Bot, settings: Settings) -> None:
    """Say so when Telegram posts somewhere else (the normal order is: start the processes,
    then run `set-webhook` once), or when its last delivery failed. Advice only: a failed
    look-up is logged, not fatal."""
    try:
        info = await bot.get_webhook_info()
    except TelegramAPIError as exc:
        log.warning("could not ask Telegram about the webhook: %s", exc)
        return
    if info.url != settings.webhook_url:
        log.warning("Telegram posts updates to %s, not to WEBHOOK_URL: run "
                    "`python -m bot set-webhook` once", info.url or "nowhere (no webhook)")
    if info.last_error_message:
        log.warning("Telegram's last webhook delivery failed: %s", info.last_error_message)


def used_update_types() -> list[str]:
    """The update types our handlers use (what polling asks for too)."""
    dispatcher = Dispatcher()
    dispatcher.include_routers(*get_routers())
    return dispatcher.resolve_used_update_types()


async def set_webhook(bot: Bot, settings: Settings, *, drop_pending_updates: bool = False,
                      max_connections: int | None = None) -> WebhookInfo:
    assert settings.webhook_url is not None and settings.webhook_secret is not None
    await bot.set_webhook(settings.webhook_url,
                          secret_token=settings.webhook_secret.get_secret_value(),
                          allowed_updates=used_update_types(),
                          drop_pending_updates=drop_pending_updates,
                          max_connections=max_connections)
    return await bot.get_webhook_info()


async def delete_webhook(bot: Bot, *, drop_pending_updates: bool = False) -> WebhookInfo:
    await bot.delete_webhook(drop_pending_updates=drop_pending_updates)
    return await bot.get_webhook_info()


def describe(info: WebhookInfo) -> str:
    """What Telegram says about the webhook, one fact a line."""
    lines = [f"url: {info.url or '(none: the bot must poll)'}",
             f"pending updates: {info.pending_update_count}"]
    if info.max_connections:
        lines.append(f"max connections: {info.max_connections}")
    if info.allowed_updates:
        lines.append(f"allowed updates: {', '.join(info.allowed_updates)}")
    if info.last_error_message:
        lines.append(f"last error: {info.last_error_message} ({info.last_error_date})")
    return "\n".join(lines)
