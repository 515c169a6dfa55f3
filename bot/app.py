"""Build the Bot, Dispatcher and services from the settings, and run them (long polling,
or a webhook server with `BOT_MODE=webhook`)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import signal
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import partial
from urllib.parse import urlsplit

from aiogram import Bot, Dispatcher
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.exceptions import TelegramAPIError, TelegramUnauthorizedError
from aiogram.types import BotCommand, BotCommandScopeAllGroupChats, CallbackQuery
from aiohttp import web
from aiohttp.web import AppRunner

from bot.config import Settings
from bot.handlers import get_routers
from bot.handlers.middlewares import AnswerTracker, CallbackGuard, PlayerMiddleware, UpdateScope
from bot.local.run import HOST as LOCAL_HOST
from bot.local.run import LocalPage
from bot.local.telegram import LocalTelegram
from bot.plumbing import allocator, redact, webhook
from bot.plumbing.admission import LIMIT as TAKEN_LIMIT
from bot.plumbing.admission import Admission
from bot.plumbing.inflight import InFlight
from bot.plumbing.once import Once
from bot.plumbing.pacing import Coalescer, SharedPace
from bot.plumbing.polling import SkipUnreadableUpdates
from bot.plumbing.retry import FAULTS, URGENT_WAIT, RetryPolicy, on_give_up, waiting_at_most
from bot.services import Services
from bot.services.afterplay import Afterplay, result_buttons
from bot.services.analysis import AnalysisService
from bot.services.boarding import Boarding
from bot.services.boards import BoardPublisher
from bot.services.challenges import ChallengeService
from bot.services.chat_hooks import ChatHooks
from bot.services.matchmaking import SearchMessages
from bot.services.presses import Presses
from bot.services.repair import BoardRepair
from bot.services.results import ResultMessages
from bot.services.tournaments import TournamentDoor
from bot.views.fairness import reveal_lines
from bot.views.webapp import WebApp, menu_button
from core import computer
from core.challenges import Challenges
from core.computer import Computer
from core.fairness import Fairness
from core.games import GameService
from core.gate import ActionGate
from core.locks import KeyedLocks
from core.matchmaking import Matchmaking
from core.settings import PlayerSettings
from core.timers import Timers
from core.tournaments import Tournaments
from core.workers import ProcessPool, Runner, ThreadRunner
from engine.dice import DiceSource
from engine.fairness import new_seed as fairness_seed
from i18n import Translator, available_languages, pick_language
from i18n.people import People
from render.board import render_board
from storage import outage
from storage import players as stored_players
from storage.connect import open_database
from storage.db import Database
from storage.errors import DatabaseBlip, DatabaseUnavailable, MigrationError
from storage.postgres import connection_failed
from web import app as web_app
from web.app import Hooks, WebDoor

log = logging.getLogger("bot")
COMMANDS = ("new", "play", "games", "log", "top", "me", "resign", "rules", "settings",
            "seed", "lang", "help", "start")
GROUP_COMMANDS = ("nard", "tournament", "log", "top", "lang", "rules", "help")
TIMER_INTERVAL = 1.0  # the timer loop's longest sleep
STOP_GRACE = 10.0  # seconds a graceful stop waits for presses and redraws in flight
BUSY_WAIT = 1.0  # seconds a "busy" answer may wait for Telegram
CARD_SWEEP = timedelta(minutes=10)  # how often expired inline cards are deleted
TRIM = timedelta(seconds=allocator.TRIM_EVERY)  # how often freed C memory is handed back
STARTUP_BACKOFF = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0)  # then every 30 s, for as long as it takes
Sleep = Callable[[float], Awaitable[None]]


class CannotStart(Exception):
    """A start that cannot work whatever the wait: one line, exit status 2."""


class WebhookIsSet(CannotStart):
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
    services: Services
    timers: Timers
    repair: BoardRepair
    players: PlayerMiddleware
    pool: Runner
    inflight: InFlight
    admission: Admission
    web: WebDoor | None = None  # the web board, when WEBAPP_URL is set

    # The services tests and the runner reach most (each is also in `services`).
    @property
    def db(self) -> Database:
        return self.services.db

    @property
    def games(self) -> GameService:
        return self.services.games

    @property
    def boards(self) -> BoardPublisher:
        return self.services.boards

    @property
    def results(self) -> ResultMessages:
        return self.services.results

    @property
    def challenges(self) -> ChallengeService:
        return self.services.challenges

    @property
    def analysis(self) -> AnalysisService:
        return self.services.analysis

    @property
    def coalescer(self) -> Coalescer:
        return self.services.pacing

    @property
    def people(self) -> People:
        return self.services.people

    @property
    def player_settings(self) -> PlayerSettings:
        return self.services.player_settings


def make_pool(settings: Settings) -> Runner:
    """Where the computer (and later the analysis) thinks: `COMPUTER_WORKERS` processes,
    each warmed once; 0 means the event loop's threads."""
    if settings.computer_workers == 0:
        return ThreadRunner()
    return ProcessPool(settings.computer_workers, initializer=computer.warm,
                       timeout=settings.computer_timeout_seconds)


async def build(settings: Settings, *, bot: Bot | None = None,
                clock: Callable[[], datetime] = utc_now, dice: DiceSource | None = None,
                coalescer: Coalescer | None = None, sleep: Sleep = asyncio.sleep,
                analysis_runner: Runner | None = None,
                pool: Runner | None = None,
                new_seed: Callable[[], str] | None = None, db: Database | None = None,
                local: bool = False) -> App:
    """Everything the bot needs, wired together; the caller closes `db` (and `pool`).

    `pool` runs the computer's decisions (`make_pool`, started); without one, worker
    threads. The analysis has a worker of its own (`analysis_runner`). `db`: the database
    opened already (else it is opened here). `local`: the web board signs in with the local
    stand-in of Telegram's script (`python -m bot --local`).

    Dice: `dice` (tests, benchmarks) throws every game's dice; otherwise each game has its
    provably fair dice, from its players' server seeds, each drawn by `new_seed` (tests give
    deterministic ones; `secrets` by default).

    The database is opened first (after the Bot, which only checks the token's form):
    `DatabaseUnavailable` or `MigrationError` stop the start before anything else is made
    (`python -m bot` says so in one line, exit status 2).
    `sleep` is every wait for Telegram (429s, back-off, later redraws): tests pass a fake.
    """
    bot = bot or make_bot(settings)  # first: nothing to close when it refuses the token
    db = db or await open_database(settings.database, day_zone=settings.timezone)
    # Known as running while it runs: a board send of this process found on its way after
    # the process is gone need not be waited for (`storage.presence`).
    await db.announce()
    # One retry policy for every Bot API call, then the tracker that sees answers go out.
    bot.session.middleware(RetryPolicy(sleep=sleep))
    bot.session.middleware(AnswerTracker())
    bot.session.middleware(SkipUnreadableUpdates())  # polling: a bad update does not stall
    coalescer = coalescer or Coalescer()
    if db.engine == "postgres" and coalescer.shared is None:
        # Several processes may share this database: the groups' pace is kept there.
        coalescer.shared = SharedPace(db, lambda: clock().timestamp())
    pool = pool or ThreadRunner()
    window = timedelta(seconds=settings.move_timeout_seconds)
    # The game core.
    player_settings = PlayerSettings(db, clock)
    fairness = Fairness(db, clock=clock, new_seed=new_seed or fairness_seed)
    games = GameService(db, clock=clock, window=window, dice=dice, fairness=fairness,
                        player_settings=player_settings, computer=Computer(pool), sleep=sleep)
    # The Telegram door: the result messages are sent before the final board is drawn.
    people = People(db, settings.default_language)
    results = ResultMessages(bot, db, people, coalescer, clock=clock)
    results.result_buttons.append(result_buttons)
    results.result_lines.append(reveal_lines)
    webapp = WebApp(settings.webapp_url, settings.webapp_short_name) \
        if settings.webapp_url else None
    publisher = BoardPublisher(bot, db, people, coalescer, clock=clock, render=render_board,
                               web=webapp)
    games.announcements.subscribe(results.on_change)
    games.announcements.subscribe(publisher.on_change)
    games.sights.append(publisher.shows)
    afterplay = Afterplay(bot, db, people, clock=clock, sleep=sleep)
    boarding = Boarding(bot, db, games, publisher, people, clock=clock, window=window)
    challenges = ChallengeService(bot, db, games, Challenges(db, games, clock=clock), people,
                                  publisher, coalescer, results, boarding, clock=clock)
    matchmaking = Matchmaking(db, games, SearchMessages(bot, db, people, clock=clock),
                              clock=clock)
    repair = BoardRepair(games, db, coalescer, clock=clock, sleep=sleep)
    publisher.later = repair.later  # a board whose message another send holds: drawn after it

    async def expire(game_id: int) -> None:
        # A timeout holds the game's lock like a press: short waits, boards repaired later.
        # A game still waiting for a player to open the bot is called off, not lost on time.
        with on_give_up(repair.hook_for_game(game_id)):
            await boarding.expire(game_id)

    analysis = AnalysisService(bot, db, people, clock=clock, runner=analysis_runner,
                               sleep=sleep)
    # Tournaments: the core's, told to the groups by the door (subscribed after the boards,
    # so a match's final board is drawn before its players are paired again).
    tournament_door = TournamentDoor(bot, db, people, coalescer, boarding, clock=clock,
                                     zone=settings.timezone)
    tournament_door.core = Tournaments(db, games, tournament_door, clock=clock,
                                       absent=boarding.unseen)
    results.result_lines.append(tournament_door.result_lines)
    publisher.tags.append(tournament_door.board_tag)  # "round 2 of 3", no Play again
    # Analyses whose process stopped are started again on the same beat; tournaments
    # start, pair, settle and end on it, and their group messages are kept up to date.
    timers = Timers(games, clock=clock, window=window, expire=expire,
                    first=(results.deliver, repair.sweep),
                    also=(matchmaking.tick, analysis.resume, tournament_door.core.tick,
                          tournament_door.sweep))
    players = PlayerMiddleware(db, settings, clock, on_change=people.forget, sleep=sleep)
    # A player changed through another process (e.g. a language): both caches drop the row.
    await db.listen(stored_players.CHANGED, lambda payload: players.forget(int(payload)))
    gate = ActionGate(games, db)  # one for both doors: a double tap is one, wherever it came from
    services = Services(
        settings=settings, db=db, clock=clock, games=games,
        presses=Presses(gate, publisher, people, coalescer), boards=publisher,
        results=results, boarding=boarding, challenges=challenges, matchmaking=matchmaking,
        people=people, player_cache=players, player_settings=player_settings,
        fairness=fairness,
        analysis=analysis, afterplay=afterplay, pacing=coalescer, menus=Once(),
        starting=KeyedLocks(), tournaments=tournament_door)
    # No FSM: nothing here uses it, and its memory storage keeps a record per chat and user
    # ever seen (a leak under many users).
    dispatcher = Dispatcher(services=services, settings=settings, disable_fsm=True)
    # First, before any database work: how many updates are taken and handled at once,
    # which go first, and which are shed (bot/plumbing/admission.py).
    admission = Admission(partial(answer_busy, settings.default_language))
    dispatcher.update.outer_middleware(admission)
    publisher.drawn = admission.playing  # a player's game buttons go first
    inflight = InFlight()  # a stopping process waits for what it has taken
    dispatcher.update.outer_middleware(inflight)
    # A chat that writes to the bot can be sent its boards again.
    dispatcher.update.outer_middleware(UpdateScope(repair, heard=publisher.unreachable.forget))
    dispatcher.callback_query.outer_middleware(CallbackGuard(settings))  # before any lookup
    for observer in (dispatcher.message, dispatcher.callback_query, dispatcher.inline_query):
        observer.outer_middleware(players)
    dispatcher.include_routers(*get_routers())
    door = None
    if webapp is not None:
        chat = ChatHooks(db, people, challenges, analysis, afterplay)
        door = WebDoor(token=settings.bot_token.get_secret_value(), db=db, games=games,
                       gate=gate,
                       matchmaking=matchmaking, people=people,
                       default_language=settings.default_language, clock=clock,
                       hooks=Hooks(chat.rematch, chat.analyse, chat.replay,
                                   rematchable=tournament_door.rematchable),
                       trusted_proxies=settings.trusted_proxies,
                       base_path=urlsplit(webapp.url).path or "/",
                       telegram_script=web_app.LOCAL_SCRIPT if local else web_app.TELEGRAM_SCRIPT)
    return App(bot, dispatcher, services, timers, repair, players, pool, inflight, admission,
               door)


async def answer_busy(default_language: str, query: CallbackQuery) -> None:
    """A press the bot is too busy to handle in time: say so at once, in the presser's
    Telegram language (no database lookup), rather than late or never."""
    t = Translator(pick_language(None, query.from_user.language_code, default_language))
    with waiting_at_most(BUSY_WAIT):
        await query.answer(t("busy-try-again"))


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


async def register_names(bot: Bot) -> None:
    """The bot's name in each language (BotFather's stays for the others). Set only where
    Telegram has another: setMyName is rate-limited hard, and a bot restarts often."""
    for language in available_languages():
        name = Translator(language)("bot-name")
        if (await bot.get_my_name(language_code=language)).name != name:
            await bot.set_my_name(name, language_code=language)


async def until_done(what: str, call: Callable[[], Awaitable[object]], sleep: Sleep,
                     backoff: tuple[float, ...] = STARTUP_BACKOFF) -> None:
    """Run `call` until Telegram answers it: an unreachable Bot API at start-up is waited
    for, with a growing pause, not a reason to exit. A wrong token is (401): it raises."""
    attempt = 0
    while True:
        try:
            await call()
            if attempt:
                log.info("%s: done after %d failed tries", what, attempt)
            return
        except TelegramUnauthorizedError:
            raise
        except FAULTS as exc:
            delay = backoff[min(attempt, len(backoff) - 1)]
            attempt += 1
            log.warning("%s: the Bot API is not answering (%s); trying again in %.0f s",
                        what, type(exc).__name__, delay)
            await sleep(delay)


async def must_answer(what: str, call: Callable[[], Awaitable[object]], sleep: Sleep) -> None:
    """`until_done` for a call a start cannot go without: an answer that is Telegram's
    refusal (a JSON 404 from a wrong token's URL or a wrong TELEGRAM_API_URL) will not
    change with time, so it stops the start (`CannotStart`) instead of a traceback."""
    try:
        await until_done(what, call, sleep)
    except (TelegramUnauthorizedError, CannotStart):
        raise
    except TelegramAPIError as exc:
        raise CannotStart(f"{what}: the Bot API refused it ({exc.message}): check BOT_TOKEN "
                          "and TELEGRAM_API_URL") from None


async def start_up(app: App, sleep: Sleep = asyncio.sleep) -> None:
    """Before polling: the bot's own user (getMe), its command menus, descriptions and
    names."""
    await must_answer("getMe", app.bot.me, sleep)  # cached: polling asks for it again
    await register_menus(app, sleep)


async def register_menus(app: App, sleep: Sleep = asyncio.sleep,
                         after: asyncio.Event | None = None) -> None:
    """The command menus, descriptions and menu button in every language (36 calls or so):
    nothing a game waits for, so a start does them after the first timer pass (`after`:
    the boards left behind are redrawn first) and beside the first updates."""
    if after is not None:
        await after.wait()
    await until_done("setMyCommands", lambda: register_commands(app.bot), sleep)
    await until_done("setMyDescription", lambda: register_descriptions(app.bot), sleep)
    await until_done("setMyName", lambda: register_names(app.bot), sleep)
    webapp = app.services.boards.web
    if webapp is not None:  # the menu button opens the web board's lobby
        t = Translator(app.services.settings.default_language)
        await until_done("setChatMenuButton", lambda: app.bot.set_chat_menu_button(
            menu_button=menu_button(t, webapp)), sleep)


async def timer_loop(app: App, stop: asyncio.Event, interval: float = TIMER_INTERVAL,
                     clock: Callable[[], datetime] = utc_now,
                     trim: Callable[[], bool] = allocator.trim,
                     first_pass: asyncio.Event | None = None) -> None:
    """Until `stop` is set: send waiting results, redraw boards left behind, time out
    overdue turns and warn on time (the first pass also finds what a stopped process left
    undone), now and then delete expired inline cards, and once a minute hand the memory
    freed since back to the system (`allocator.trim`). A pass in progress when `stop` is
    set is finished. `first_pass` is set once the first pass is over."""
    swept = trimmed = None
    while not stop.is_set():
        wait = interval
        with waiting_at_most(URGENT_WAIT):  # timeouts hold a game's lock: no long waits
            try:
                wait = min(interval, await app.timers.tick())
                if swept is None or clock() - swept >= CARD_SWEEP:
                    await app.challenges.sweep_cards()
                    swept = clock()
            except FAULTS as exc:
                log.warning("timer tick: a Bot API call failed: %s", type(exc).__name__)
            except DatabaseBlip:  # logged once per outage (storage.outage); the next pass
                pass
            except Exception:  # a bad game must not stop every other game's timer
                log.exception("timer tick failed")
        if first_pass is not None:
            first_pass.set()
        app.admission.report()  # the updates a flood made it shed, once a minute at most
        if trimmed is None or clock() - trimmed >= TRIM:
            trimmed = clock()
            trim()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), wait)


async def stop_gracefully(app: App, timer: asyncio.Task[None], stop: asyncio.Event,
                          grace: float = STOP_GRACE) -> None:
    """On SIGTERM/SIGINT, after polling stopped and before the Bot's session closes: let
    the presses being handled and the timer's pass finish (their redraws included), then
    the group redraws waiting for their turn. Whatever is still unfinished after `grace`
    seconds is cancelled: the boards it leaves behind are redrawn at the next start.
    In webhook mode the updates being handled are counted by `app.inflight` (aiohttp's
    handler keeps their tasks), and waited for within the same grace."""
    stop.set()
    app.admission.close()  # nothing more is taken; presses still waiting are answered busy
    loop = asyncio.get_running_loop()
    deadline = loop.time() + grace
    # aiogram keeps the tasks of the updates being polled here (no public accessor).
    handling = set(getattr(app.dispatcher, "_handle_update_tasks", ()))
    pending = [task for task in (*handling, timer) if not task.done()]
    if pending:
        _, late = await asyncio.wait(pending, timeout=grace)
        for task in late:
            task.cancel()
        if late:
            log.warning("stopping: %d tasks did not finish in %.0f s", len(late), grace)
            await asyncio.wait(late, timeout=1.0)
    await app.inflight.drained(max(0.1, deadline - loop.time()))
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(app.coalescer.drain(), max(0.1, deadline - loop.time()))


async def start_pool(pool: Runner) -> Runner:
    """The computer's worker processes, started and warmed before the first update; threads
    when they cannot start."""
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
        app = await build(settings, pool=pool, db=db, bot=bot, local=local)
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
        door = app.web
        if door is not None:
            await door.start()
            if settings.bot_mode == "polling" and not local:  # webhook: beside the webhook
                web_runner = await web_app.serve(door, settings.webapp_host,
                                                 settings.webapp_port)
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
        if app.web is not None:
            await app.web.stop()
        if web_runner is not None:
            await web_runner.cleanup()
        await app.repair.close()
        await app.analysis.stop()  # an analysis cut short starts again at the next start
        await app.services.afterplay.stop()
        await app.db.close()
        await app.bot.session.close()
        await pool.close()


async def give_grace(app: App, settings: Settings) -> None:
    """A crash never decides a game: no turn times out within `RESTART_GRACE_SECONDS` of
    now (`GameService.grace_after_start`)."""
    moved = await app.games.grace_after_start(settings.restart_grace_seconds)
    if moved:
        log.info("restart: %d turn(s) due within %d s get until then", moved,
                 settings.restart_grace_seconds)


def freeze_startup_objects() -> None:
    """What start-up loaded (aiogram's types, the AI, the locales, the services) lives as
    long as the process: take it out of the cyclic collector's reach, so that a full
    collection scans only what came after, and a press is not held up by a long one
    (docs/performance.md, "Button presses")."""
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


async def serve_local(app: App, telegram: LocalTelegram, door: WebDoor,
                      settings: Settings) -> AppRunner:
    """The local page (sign in, the chat) and the web board on one address of 127.0.0.1."""
    page = LocalPage(telegram, app.bot, lambda update: app.dispatcher.feed_update(
        app.bot, update), settings.bot_token.get_secret_value(), app.services.clock)
    root = web.Application(client_max_size=web_app.MAX_BODY)
    page.routes(root)
    web_app.mount(door, root)
    runner = AppRunner(root, access_log=None, shutdown_timeout=2.0)
    await runner.setup()
    await web.TCPSite(runner, LOCAL_HOST, settings.webapp_port).start()
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
