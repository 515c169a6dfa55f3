"""Build the Bot, Dispatcher and services from the settings, and run long polling."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from aiogram import Bot, Dispatcher
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.types import BotCommand, BotCommandScopeAllGroupChats

from bot.config import Settings
from bot.handlers import get_routers
from bot.i18n import Translator, available_languages
from bot.middlewares import PlayerMiddleware
from bot.services.announce import Announcer
from bot.services.boarding import Boarding
from bot.services.boards import BoardPublisher
from bot.services.challenges import ChallengeService
from bot.services.coalesce import Coalescer
from bot.services.games import GameService
from bot.services.gate import PressGate
from bot.services.matchmaking import MatchmakingService
from bot.services.people import People
from bot.services.settings import PlayerSettings
from bot.services.timers import Timers
from engine.dice import DiceSource
from render.board import render_board
from storage.db import Database

log = logging.getLogger("bot")
COMMANDS = ("new", "play", "games", "log", "top", "me", "resign", "rules", "settings",
            "lang", "help", "start")
GROUP_COMMANDS = ("nard", "log", "top", "lang", "rules", "help")
TIMER_INTERVAL = 1.0  # the timer loop's longest sleep
STOP_GRACE = 10.0  # seconds a graceful stop waits for presses and redraws in flight


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
    matchmaking: MatchmakingService
    people: People
    coalescer: Coalescer
    db: Database
    player_settings: PlayerSettings


async def build(settings: Settings, *, bot: Bot | None = None,
                clock: Callable[[], datetime] = utc_now, dice: DiceSource | None = None,
                coalescer: Coalescer | None = None) -> App:
    """Everything the bot needs, wired together; the caller closes `db`.

    The database is opened first: `DatabaseUnavailable` or `MigrationError` stop the start
    before anything else is made (`python -m bot` says so in one line, exit status 2).
    """
    db = await Database.open(settings.database, day_zone=settings.timezone)
    bot = bot or make_bot(settings)
    coalescer = coalescer or Coalescer()
    people = People(db, settings)
    publisher = BoardPublisher(bot, db, people, coalescer, clock=clock, render=render_board)
    announcer = Announcer(bot, db, people, coalescer, clock=clock)
    player_settings = PlayerSettings(db, clock)
    service = GameService(bot, db, settings, clock=clock, dice=dice, people=people,
                          publisher=publisher, announcer=announcer,
                          player_settings=player_settings)
    boarding = Boarding(bot, service, clock=clock)
    challenges = ChallengeService(bot, service, people, coalescer, announcer, boarding)
    matchmaking = MatchmakingService(bot, service, people)
    # A game still waiting for a player to open the bot is called off, not lost on time.
    timers = Timers(service, people, clock=clock, expire=boarding.expire,
                    also=(matchmaking.tick,))
    players = PlayerMiddleware(db, settings, clock, on_change=people.forget)
    dispatcher = Dispatcher(service=service, challenge_service=challenges, people=people,
                            matchmaking=matchmaking, coalescer=coalescer, settings=settings,
                            player_cache=players, player_settings=player_settings,
                            press_gate=PressGate(service), boarding=boarding)
    for observer in (dispatcher.message, dispatcher.callback_query, dispatcher.inline_query):
        observer.outer_middleware(players)
    dispatcher.include_routers(*get_routers())
    return App(bot, dispatcher, service, challenges, timers, matchmaking, people, coalescer,
               db, player_settings)


async def register_commands(bot: Bot) -> None:
    """The command menus, private and group, in every language (English for the rest)."""
    groups = BotCommandScopeAllGroupChats()
    for language in (None, *available_languages()):
        t = Translator(language or "en")
        for names, scope in ((COMMANDS, None), (GROUP_COMMANDS, groups)):
            commands = [BotCommand(command=name, description=t(f"cmd-{name}"))
                        for name in names]
            await bot.set_my_commands(commands, scope=scope, language_code=language)


async def register_descriptions(bot: Bot) -> None:
    """What Telegram shows about the bot before a chat starts (the description) and on its
    profile and in shared links (the short one), in every language (English for the rest)."""
    for language in (None, *available_languages()):
        t = Translator(language or "en")
        await bot.set_my_description(t("bot-description"), language_code=language)
        await bot.set_my_short_description(t("bot-short-description"), language_code=language)


async def timer_loop(timers: Timers, stop: asyncio.Event,
                     interval: float = TIMER_INTERVAL) -> None:
    """Until `stop` is set: send waiting results, redraw boards left behind, time out
    overdue turns and warn on time (the first pass also finds what a stopped process left
    undone). A pass in progress when `stop` is set is finished."""
    while not stop.is_set():
        wait = interval
        try:
            wait = min(interval, await timers.tick())
        except Exception:  # a bad game must not stop every other game's timer
            log.exception("timer tick failed")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), wait)


async def stop_gracefully(app: App, timer: asyncio.Task[None], stop: asyncio.Event,
                          grace: float = STOP_GRACE) -> None:
    """On SIGTERM/SIGINT, after polling stopped and before the Bot's session closes: let
    the presses being handled and the timer's pass finish (their redraws included), then
    the group redraws waiting for their turn. Whatever is still unfinished after `grace`
    seconds is cancelled: the boards it leaves behind are redrawn at the next start."""
    stop.set()
    loop = asyncio.get_running_loop()
    deadline = loop.time() + grace
    # aiogram keeps the tasks of the updates being handled here (no public accessor).
    handling = set(getattr(app.dispatcher, "_handle_update_tasks", ()))
    pending = [task for task in (*handling, timer) if not task.done()]
    if pending:
        _, late = await asyncio.wait(pending, timeout=grace)
        for task in late:
            task.cancel()
        if late:
            log.warning("stopping: %d tasks did not finish in %.0f s", len(late), grace)
            await asyncio.wait(late, timeout=1.0)
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(app.coalescer.drain(), max(0.1, deadline - loop.time()))


async def serve(settings: Settings) -> None:
    app = await build(settings)
    stop = asyncio.Event()
    timer = asyncio.create_task(timer_loop(app.timers, stop))

    async def on_shutdown() -> None:
        await stop_gracefully(app, timer, stop)

    app.dispatcher.shutdown.register(on_shutdown)
    try:
        await register_commands(app.bot)
        await register_descriptions(app.bot)
        await app.dispatcher.start_polling(app.bot, handle_signals=True)
    finally:
        if not timer.done():
            timer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await timer
        await app.db.close()
        await app.bot.session.close()


def run(settings: Settings) -> int:
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    asyncio.run(serve(settings))
    return 0
