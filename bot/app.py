"""The Telegram door: the Bot, the Dispatcher and the door's services, built on the game core
(`core.assembly.Core`) and attached to it (`build`), and what running it takes (start-up
calls, the timer loop with the process's upkeep, a graceful stop). The process's entry,
which starts the configured doors, is `bot/launch.py`."""

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

from aiogram import Bot, Dispatcher
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.exceptions import TelegramAPIError, TelegramUnauthorizedError
from aiogram.types import BotCommand, BotCommandScopeAllGroupChats, CallbackQuery

from bot.config import Settings
from bot.handlers import get_routers
from bot.handlers.middlewares import AnswerTracker, CallbackGuard, PlayerMiddleware, UpdateScope
from bot.plumbing import allocator
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
from bot.services.correspondence import Correspondence
from bot.services.hints import HintService
from bot.services.matchmaking import SearchMessages
from bot.services.presses import Presses
from bot.services.repair import BoardRepair
from bot.services.results import ResultMessages
from bot.services.sent_to_chat import SentToChat
from bot.services.sharing import PreparedShares
from bot.services.tournaments import TournamentDoor, TournamentTags
from bot.views.webapp import WebApp, menu_button
from core import computer
from core.assembly import TIMER_INTERVAL, Core, Door
from core.events import Change
from core.games import GameService
from core.locks import KeyedLocks
from core.settings import PlayerSettings
from core.timers import Timers
from core.workers import ProcessPool, Runner, ThreadRunner
from engine.dice import DiceSource
from i18n import Translator, available_languages, pick_language
from i18n.people import People
from render.board import render_board
from storage import players as stored_players
from storage.connect import open_database
from storage.db import Database

log = logging.getLogger("bot")
COMMANDS = ("new", "play", "games", "log", "top", "me", "resign", "rules", "settings",
            "seed", "lang", "help", "start")
GROUP_COMMANDS = ("nard", "tournament", "log", "top", "lang", "rules", "help")
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
    """The Telegram door, attached to the game core (`core`)."""

    bot: Bot
    dispatcher: Dispatcher
    services: Services
    core: Core
    repair: BoardRepair
    players: PlayerMiddleware
    pool: Runner
    inflight: InFlight
    admission: Admission

    @property
    def timers(self) -> Timers:
        return self.core.timers

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


async def build(settings: Settings, *, bot: Bot | None = None, core: Core | None = None,
                clock: Callable[[], datetime] = utc_now, dice: DiceSource | None = None,
                monotonic: Callable[[], float] = time.monotonic, sleep: Sleep = asyncio.sleep,
                analysis_runner: Runner | None = None,
                pool: Runner | None = None,
                new_seed: Callable[[], str] | None = None, db: Database | None = None) -> App:
    """The Telegram door, attached to `core` (the game core, `core.assembly.Core`); without
    one, the core is assembled here first, from the settings and `db` (opened here when not
    given). The caller closes the database (and `pool`).

    For the core: `clock`, `dice`, `new_seed`, `pool`, `analysis_runner` (`Core`).
    `monotonic` times the groups' pace; `sleep` is every wait for Telegram (429s, back-off,
    later redraws) and the core's pauses between tries: tests pass fakes.

    The database is opened first (after the Bot, which only checks the token's form):
    `DatabaseUnavailable` or `MigrationError` stop the start before anything else is made
    (`python -m bot` says so in one line, exit status 2).
    """
    bot = bot or make_bot(settings)  # first: nothing to close when it refuses the token
    if core is None:
        db = db or await open_database(settings.database, day_zone=settings.timezone)
        core = Core(settings, db, clock=clock, dice=dice, new_seed=new_seed, pool=pool,
                    analysis_runner=analysis_runner, sleep=sleep)
    db, clock, games = core.db, core.clock, core.games
    # Known as running while it runs: a board send of this process found on its way after
    # the process is gone need not be waited for (`storage.presence`).
    await db.announce()
    # One retry policy for every Bot API call, then the tracker that sees answers go out.
    bot.session.middleware(RetryPolicy(sleep=sleep))
    bot.session.middleware(AnswerTracker())
    bot.session.middleware(SkipUnreadableUpdates())  # polling: a bad update does not stall
    # Several processes may share a PostgreSQL database: the groups' pace is kept there.
    shared = SharedPace(db, lambda: clock().timestamp()) if db.engine == "postgres" else None
    coalescer = Coalescer(clock=monotonic, sleep=sleep, shared=shared)
    people = People(db, settings.default_language, rows=core.players)
    # First, before any database work: how many updates are taken and handled at once,
    # which go first, and which are shed (bot/plumbing/admission.py).
    admission = Admission(partial(answer_busy, settings.default_language))
    webapp = WebApp(settings.webapp_url, settings.webapp_short_name) \
        if settings.webapp_url else None
    repair = BoardRepair(games, db, coalescer, clock=clock, sleep=sleep)
    # A board whose message another send holds is drawn after it (`repair.later`); a
    # player's game buttons go first once a board was sent to them (`admission.playing`).
    # A tournament game's board names its round and offers no "Play again" meanwhile.
    tournament_tags = TournamentTags(db)
    publisher = BoardPublisher(bot, db, people, coalescer, clock=clock, render=render_board,
                               later=repair.later, drawn=admission.playing, web=webapp,
                               tags=(tournament_tags.board_tag,),
                               reached=games.board_reached,
                               ephemeral=settings.group_ephemeral_buttons)
    afterplay = Afterplay(bot, db, people, clock=clock, sleep=sleep)
    boarding = Boarding(bot, db, games, publisher, people, clock=clock)
    tournament_door = TournamentDoor(bot, db, people, coalescer, boarding, core.tournaments,
                                     tournament_tags, clock=clock,
                                     controls=core.controls)
    results = ResultMessages(bot, db, people, coalescer, clock=clock,
                             result_buttons=(result_buttons,),
                             result_lines=(tournament_door.result_lines,))
    challenges = ChallengeService(bot, db, games, core.challenges, people, publisher,
                                  coalescer, results, boarding, clock=clock,
                                  controls=core.controls)
    analysis = AnalysisService(bot, db, people, core.analysis, clock=clock, sleep=sleep)
    correspondence = Correspondence(bot, db, people, coalescer, boarding, clock=clock)

    async def shows(change: Change) -> None:
        # The boards first; then a correspondence game's new message, under its new board.
        try:
            await publisher.on_change(change)
        finally:
            await correspondence.on_change(change)

    async def expire(game_id: int) -> None:
        # A timeout holds the game's lock like a press: short waits, boards repaired later.
        # A game still waiting for a player to open the bot is called off, not lost on time.
        with on_give_up(repair.hook_for_game(game_id)):
            await boarding.expire(game_id)

    # What the door shows of the core (the order of hearing a change is the core's: the
    # result message goes out before the final board is drawn). A timer pass begins with
    # the result messages waiting in the outbox and the boards left behind; it ends with
    # the tournaments' group messages, the answers of analyses a stopped process finished,
    # and now and then the expired inline cards.
    core.attach(Door(
        results=results.on_change, shows=shows, sight=publisher.shows,
        first=(results.deliver, repair.sweep),
        also=(tournament_door.sweep, analysis.resume, CardSweep(challenges, clock)),
        scope=lambda: waiting_at_most(URGENT_WAIT),  # timeouts hold a game's lock
        expire=expire, absent=boarding.unseen,
        search=SearchMessages(bot, db, people, clock=clock, control=core.matchmaking.control),
        tournaments=tournament_door,
        analysis=analysis, reviews=analysis,
        after_game=SentToChat(db, people, challenges, analysis, afterplay),
        sharing=PreparedShares(bot, db, people, games, challenges)))
    players = PlayerMiddleware(core.players, db, settings, sleep=sleep)
    # A player changed through another process (e.g. a language): the cached row goes.
    await db.listen(stored_players.CHANGED, lambda payload: core.players.forget(int(payload)))
    services = Services(
        settings=settings, db=db, clock=clock, games=games,
        presses=Presses(core.gate, publisher, people, coalescer), boards=publisher,
        results=results, boarding=boarding, challenges=challenges,
        matchmaking=core.matchmaking, people=people, player_cache=core.players,
        player_settings=core.player_settings, fairness=core.fairness,
        analysis=analysis, afterplay=afterplay, pacing=coalescer, menus=Once(),
        starting=KeyedLocks(), tournaments=tournament_door, controls=core.controls,
        correspondence=correspondence, hints=HintService(bot, core.hints, people))
    # No FSM: nothing here uses it, and its memory storage keeps a record per chat and user
    # ever seen (a leak under many users).
    dispatcher = Dispatcher(services=services, settings=settings, disable_fsm=True)
    dispatcher.update.outer_middleware(admission)
    inflight = InFlight()  # a stopping process waits for what it has taken
    dispatcher.update.outer_middleware(inflight)
    # A chat that writes to the bot can be sent its boards again.
    dispatcher.update.outer_middleware(UpdateScope(repair, heard=publisher.unreachable.forget))
    dispatcher.callback_query.outer_middleware(CallbackGuard(settings))  # before any lookup
    for observer in (dispatcher.message, dispatcher.callback_query, dispatcher.inline_query):
        observer.outer_middleware(players)
    dispatcher.include_routers(*get_routers())
    return App(bot, dispatcher, services, core, repair, players, core.games.computer.runner,
               inflight, admission)


class CardSweep:
    """Expired inline cards deleted on a timer pass, every `CARD_SWEEP` (the first pass
    first)."""

    def __init__(self, challenges: ChallengeService, clock: Callable[[], datetime]) -> None:
        self.challenges, self.clock = challenges, clock
        self.swept: datetime | None = None

    async def __call__(self) -> None:
        if self.swept is not None and self.clock() - self.swept < CARD_SWEEP:
            return
        try:
            await self.challenges.sweep_cards()
        except FAULTS as exc:
            log.warning("timer tick: a Bot API call failed: %s", type(exc).__name__)
            return
        self.swept = self.clock()


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
    """The core's timer loop (`Core.run_timers`: waiting results, boards left behind,
    overdue turns, warnings, and the doors' work on the same beat) with this process's
    upkeep after each pass: the updates a flood made it shed reported, and once a minute the
    memory freed since handed back to the system (`allocator.trim`)."""
    await app.core.run_timers(stop, interval=interval, first_pass=first_pass,
                              after_pass=(app.admission.report, Trimmer(clock, trim)))


class Trimmer:
    """`trim` called on the first pass and then once a minute at most."""

    def __init__(self, clock: Callable[[], datetime], trim: Callable[[], bool]) -> None:
        self.clock, self.trim = clock, trim
        self.trimmed: datetime | None = None

    def __call__(self) -> None:
        if self.trimmed is None or self.clock() - self.trimmed >= TRIM:
            self.trimmed = self.clock()
            self.trim()


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


async def give_grace(app: App, settings: Settings) -> None:
    """A crash never decides a game: no turn times out within `RESTART_GRACE_SECONDS` of
    now (`Core.give_grace`)."""
    await app.core.give_grace()


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
