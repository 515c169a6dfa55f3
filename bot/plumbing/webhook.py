"""Webhook mode: Telegram posts each update to us, through aiogram's aiohttp integration.

`serve` listens on `WEBHOOK_HOST:WEBHOOK_PORT` (behind a reverse proxy that terminates TLS)
and answers `POST <path>` with aiogram's `SimpleRequestHandler`: a request without the
right `X-Telegram-Bot-Api-Secret-Token` header gets 401 and is never handled; a good one
gets 200 at once and is handled in a task of its own. `GET /healthz` answers 200 for a load
balancer's health checks.

Telegram is told where to post by ONE explicit command, not by each process at start-up
(several processes would race each other, and a process that stops must not unregister
the others): `python -m bot set-webhook`, `python -m bot delete-webhook`,
`python -m bot webhook-info` (see `bot.__main__`).
"""

from __future__ import annotations

import asyncio
import logging

from aiogram import Bot, Dispatcher
from aiogram.exceptions import TelegramAPIError
from aiogram.types import WebhookInfo
from aiogram.webhook.aiohttp_server import SimpleRequestHandler, setup_application
from aiohttp import web

from bot.config import Settings
from bot.handlers import get_routers

log = logging.getLogger(__name__)
HEALTH_PATH = "/healthz"


def make_web_app(dispatcher: Dispatcher, bot: Bot, settings: Settings) -> web.Application:
    """The aiohttp application that feeds posted updates to `dispatcher`."""
    assert settings.webhook_secret is not None  # the settings refuse webhook mode without it
    app = web.Application()
    SimpleRequestHandler(dispatcher=dispatcher, bot=bot,
                         secret_token=settings.webhook_secret.get_secret_value(),
                         ).register(app, path=settings.webhook_route)
    setup_application(app, dispatcher, bot=bot)
    app.router.add_get(HEALTH_PATH, _healthy)
    return app


async def _healthy(request: web.Request) -> web.Response:
    return web.Response(text="ok")


async def serve(dispatcher: Dispatcher, bot: Bot, settings: Settings,
                stop: asyncio.Event) -> None:
    """Listen until `stop` is set; then stop listening (in-flight updates are the caller's
    to wait for)."""
    await warn_if_elsewhere(bot, settings)
    # No access log: the proxy in front keeps one, and a line per press is noise here.
    runner = web.AppRunner(make_web_app(dispatcher, bot, settings), access_log=None,
                           shutdown_timeout=5.0)
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
