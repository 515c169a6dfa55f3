"""Build the Bot, Dispatcher and services from the settings, and run them (long polling,
or a webhook server with `BOT_MODE=webhook`)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from aiogram import Bot, Dispatcher
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.types import BotCommand, BotCommandScopeAllGroupChats

from bot import webhook
from bot.config import Settings
from bot.handlers import get_routers
from bot.i18n import Translator, available_languages
from bot.inflight import InFlight
from bot.middlewares import PlayerMiddleware
from bot.services import computer
from bot.services.announce import Announcer
from bot.services.boards import BoardPublisher
from bot.services.challenges import ChallengeService
from bot.services.coalesce import Coalescer
from bot.services.computer import Computer
from bot.services.games import GameService
from bot.services.people import People
from bot.services.pool import ProcessPool, Runner, ThreadRunner
from bot.services.timers import Timers
from engine.dice import DiceSource
from render.board import render_board
from storage.db import Database

log = logging.getLogger("bot")
COMMANDS = ("new", "games", "top", "me", "resign", "rules", "lang", "help", "start")
GROUP_COMMANDS = ("nard", "top", "lang", "rules", "help")
TIMER_INTERVAL = 1.0
DRAIN_SECONDS = 8.0  # a stopping process finishes its updates this long (Docker waits 10 s)


class WebhookIsSet(Exception):
    """Polling was asked for while Telegram posts updates to a webhook."""


def utc_now() -> datetime:
    return datetime.now(UTC)


def make_bot(settings: Settings) -> Bot:
    """A Bot talking to Telegram, or to `TELEGRAM_API_URL` when it is set."""
    session = None
    if settings.telegram_api_url:
        session = AiohttpSession(api=TelegramAPIServer.from_base(settings.telegram_api_url))
    return Bot(token=settings.bot_token.get_secret_value(), session=session)


@dataclass
class App:
    bot: Bot
    dispatcher: Dispatcher
    service: GameService
    challenges: ChallengeService
    timers: Timers
    people: People
    coalescer: Coalescer
    db: Database
    pool: Runner
    inflight: InFlight


def make_pool(settings: Settings) -> Runner:
    """Where the computer (and later the analysis) thinks: `COMPUTER_WORKERS` processes,
    each warmed once; 0 means the event loop's threads."""
    if settings.computer_workers == 0:
        return ThreadRunner()
    return ProcessPool(settings.computer_workers, initializer=computer.warm,
                       timeout=settings.computer_timeout_seconds)


async def build(settings: Settings, *, bot: Bot | None = None,
                clock: Callable[[], datetime] = utc_now, dice: DiceSource | None = None,
                coalescer: Coalescer | None = None, pool: Runner | None = None) -> App:
    """Everything the bot needs, wired together; the caller closes `db` (and `pool`).

    `pool` runs the CPU-heavy work (`make_pool`); without one, worker threads.
    """
    bot = bot or make_bot(settings)
    pool = pool or ThreadRunner()
    db = await Database.open(settings.database_path)
    coalescer = coalescer or Coalescer()
    people = People(db, settings)
    publisher = BoardPublisher(bot, db, people, coalescer, clock=clock, render=render_board)
    announcer = Announcer(bot, db, people, coalescer)
    service = GameService(bot, db, settings, clock=clock, dice=dice, people=people,
                          publisher=publisher, announcer=announcer, computer=Computer(pool))
    challenges = ChallengeService(bot, service, people, coalescer, announcer)
    timers = Timers(bot, db, settings, people, clock=clock, expire=service.expire)
    players = PlayerMiddleware(db, settings, clock, on_change=people.forget)
    dispatcher = Dispatcher(service=service, challenge_service=challenges, people=people,
                            coalescer=coalescer, settings=settings, player_cache=players,
                            pool=pool)
    inflight = InFlight()
    dispatcher.update.outer_middleware(inflight)
    for observer in (dispatcher.message, dispatcher.callback_query, dispatcher.inline_query):
        observer.outer_middleware(players)
    dispatcher.include_routers(*get_routers())
    return App(bot, dispatcher, service, challenges, timers, people, coalescer, db, pool,
               inflight)


async def register_commands(bot: Bot) -> None:
    """The command menus, private and group, in every language (English for the rest)."""
    groups = BotCommandScopeAllGroupChats()
    for language in (None, *available_languages()):
        t = Translator(language or "en")
        for names, scope in ((COMMANDS, None), (GROUP_COMMANDS, groups)):
            commands = [BotCommand(command=name, description=t(f"cmd-{name}"))
                        for name in names]
            await bot.set_my_commands(commands, scope=scope, language_code=language)


async def timer_loop(timers: Timers, interval: float = TIMER_INTERVAL) -> None:
    """Time out overdue turns (also those that expired while the bot was down)."""
    while True:
        try:
            await timers.tick()
        except Exception:  # a bad game must not stop every other game's timer
            log.exception("timer tick failed")
        await asyncio.sleep(interval)


async def start_pool(settings: Settings) -> Runner:
    """The computer's worker processes, started and warmed before the first update."""
    pool = make_pool(settings)
    if isinstance(pool, ProcessPool):
        started = time.monotonic()
        try:
            pids = await pool.start()
        except Exception:  # the bot still plays, only with the computer in threads
            log.exception("the computer's process pool did not start; using threads")
            await pool.close()
            return ThreadRunner()
        log.info("computer: %d worker process(es) ready in %.1f s (pids %s)",
                 len(pids), time.monotonic() - started, ", ".join(map(str, pids)))
    return pool


async def refuse_if_webhook_set(bot: Bot) -> None:
    """Polling while Telegram posts to a webhook gets nothing but 409 Conflict."""
    info = await bot.get_webhook_info()
    if info.url:
        raise WebhookIsSet(f"Telegram posts updates to a webhook ({info.url}): run "
                           "`python -m bot delete-webhook` to poll, or set BOT_MODE=webhook")


async def serve(settings: Settings) -> None:
    pool = await start_pool(settings)
    try:
        app = await build(settings, pool=pool)
    except BaseException:
        await pool.close()
        raise
    timer: asyncio.Task[None] | None = None
    try:
        if settings.bot_mode == "polling":
            await refuse_if_webhook_set(app.bot)
        await register_commands(app.bot)
        freeze_startup_objects()
        timer = asyncio.create_task(timer_loop(app.timers))
        if settings.bot_mode == "webhook":
            await webhook.serve(app.dispatcher, app.bot, settings, stop_signal())
        else:
            await app.dispatcher.start_polling(app.bot, handle_signals=True,
                                               close_bot_session=False)
    finally:
        if timer is not None:
            timer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await timer
        await app.inflight.drained(DRAIN_SECONDS)
        await pool.close()
        await app.db.close()
        await app.bot.session.close()


def freeze_startup_objects() -> None:
    """What start-up loaded (aiogram's types, the AI, the locales, the services) lives as
    long as the process: take it out of the cyclic collector's reach, so that a full
    collection scans only what came after. Measured with benchmarks/computer.py: a full
    collection during play went from up to 0.9 s to about 15 ms, the friend presses' p99
    with it."""
    gc.collect()
    gc.freeze()


def stop_signal() -> asyncio.Event:
    """An event set by SIGTERM or SIGINT (Ctrl+C)."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):  # Windows has no signal handlers
            loop.add_signal_handler(sig, stop.set)
    return stop


def run(settings: Settings) -> int:
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    try:
        asyncio.run(serve(settings))
    except WebhookIsSet as exc:
        log.error("%s", exc)
        return 2
    return 0
