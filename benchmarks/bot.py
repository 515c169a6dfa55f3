"""Button presses through the real Dispatcher, with rendering and SQLite, no network.

    python -m benchmarks.bot [--games 20] [--presses 1000] [--seed 1] [--variant both]

Friend games only (computer moves excluded), single games (no match), each variant in a
fresh app and database of its own (`--variant both`, the default, runs short then long in
one process). Each press is a real `Update` fed to the real Dispatcher; the Bot's session
records the API calls and answers them at once, so the figure is the bot's own work:
storage, engine, rendering and aiogram. Latency is measured from the update to the last API
call it caused.

Printed per variant, each line starting with the variant's name:

- CPU per press: the process CPU time (every thread: the event loop, the render threads,
  SQLite's thread) spent while pressing, divided by the presses.
- CPU per turn: the same CPU time divided by the turns played while pressing. A turn is one
  player's move played: one `move` event in the engine's history of the stored games
  (automatic forced moves included; a roll that cannot be played, a pass, is not a turn).
  Presses differ in what they do (one-tap moves, turns ended without Done), so CPU per turn
  is the figure that compares versions whose presses per turn differ.
- the CPU by thread (event loop, `asyncio.to_thread` workers, SQLite's connection thread;
  threads already gone are "other"), and within the event loop's the driver's own (reading
  the keyboard, making the next update: counted in the figures above, as in every version
  of this benchmark), presses per second and p50/p99 latency.

`python -m benchmarks.compare` runs this for two commits alternately and prints the ratios.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from aiogram import Bot
from aiogram.client.session.base import BaseSession
from aiogram.methods import AnswerCallbackQuery, GetMe, TelegramMethod
from aiogram.types import Chat, InlineKeyboardMarkup, Message, Update, User

import bot as bot_package
from benchmarks.figures import percentile
from bot.app import build
from bot.config import load_settings
from engine.dice import SeededDice
from storage import players

try:  # the commits before the layout of 1a6b275 (accde45) kept the callbacks in bot/
    from bot.callbacks import Act, GameCb  # type: ignore[import-not-found]
except ModuleNotFoundError:
    from bot.views.callbacks import Act, GameCb

BOT_USER = User(id=42, is_bot=True, first_name="Nard", username="nard_bench_bot")
VARIANTS = ("short", "long")


class RecordingSession(BaseSession):
    """Answers every call at once with a plausible result and remembers the keyboards."""

    def __init__(self) -> None:
        super().__init__()
        self.ids = itertools.count(1)
        self.keyboards: dict[int, tuple[int, InlineKeyboardMarkup | None]] = {}
        self.last_call = time.perf_counter()

    async def close(self) -> None:
        return None

    async def make_request(self, bot: Bot, method: TelegramMethod[Any],
                           timeout: int | None = None) -> Any:
        self.last_call = time.perf_counter()
        if isinstance(method, GetMe):
            return BOT_USER
        if isinstance(method, AnswerCallbackQuery):
            return True
        chat_id = getattr(method, "chat_id", None)
        markup = getattr(method, "reply_markup", None)
        if chat_id is None:
            return True
        message_id = getattr(method, "message_id", None) or next(self.ids)
        self.keyboards[chat_id] = (message_id, markup)
        return Message(message_id=message_id, date=datetime.now(UTC),
                       chat=Chat(id=chat_id, type="private"), from_user=BOT_USER)

    async def stream_content(self, *args: Any, **kwargs: Any):  # pragma: no cover
        raise NotImplementedError


def choose_data(markup: InlineKeyboardMarkup | None) -> str | None:
    """The data of the button a simple player presses: Done, else the last move button,
    else the first of Pick, Roll, Take (read from the data's text: `g:game:v:act:src:dst`)."""
    offered = [b.callback_data for row in (markup.inline_keyboard if markup else [])
               for b in row if b.callback_data and b.callback_data.startswith("g:")]
    for act in (Act.DONE, Act.GO, Act.PICK, Act.ROLL, Act.TAKE):
        matching = [d for d in offered if d.split(":")[3] == act.value]
        if matching:
            return matching[-1] if act is Act.GO else matching[0]
    return None


def choose(markup: InlineKeyboardMarkup | None) -> GameCb | None:
    """`choose_data`'s button as callback data (for the other benchmarks)."""
    data = choose_data(markup)
    return None if data is None else GameCb.unpack(data)


def press_update(update_id: int, user_id: int, message_id: int, data: GameCb | str,
                 bot: Bot | None = None) -> Update:
    """The update Telegram sends for the press; bound to `bot` when given, as aiogram's
    polling binds it (an unbound update is rebuilt by `Dispatcher.feed_update`: a dump and
    a validation more)."""
    return Update.model_validate({
        "update_id": update_id,
        "callback_query": {
            "id": str(update_id), "chat_instance": "1",
            "data": data if isinstance(data, str) else data.pack(),
            "from": {"id": user_id, "is_bot": False, "first_name": f"P{user_id}"},
            "message": {"message_id": message_id, "date": 0,
                        "chat": {"id": user_id, "type": "private"},
                        "from": BOT_USER.model_dump()},
        },
    }, context={"bot": bot} if bot is not None else None)


def turns_played(path: Path) -> int:
    """The moves played in every stored game: `move` events of the engine's history."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        rows = db.execute("SELECT state_json FROM games").fetchall()
    return sum(event.get("type") == "move"
               for (state,) in rows for event in json.loads(state)["game"]["history"])


def thread_cpu() -> dict[str, float]:
    """CPU seconds of each live thread by role (Linux: the threads' CPU clocks)."""
    roles: dict[str, float] = {}
    for thread in threading.enumerate():
        try:
            seconds = time.clock_gettime(time.pthread_getcpuclockid(thread.ident or 0))
        except (AttributeError, OSError):  # no per-thread clocks here, or the thread ended
            continue
        if thread is threading.main_thread():
            role = "event loop"
        elif thread.name.startswith("asyncio_"):
            role = "to_thread workers"
        elif "_connection_worker_thread" in thread.name:
            role = "SQLite thread"
        else:
            role = "other threads"
        roles[role] = roles.get(role, 0.0) + seconds
    return roles


async def start_games(app: Any, pairs: list[tuple[int, int]], variant: str) -> None:
    now = datetime.now(UTC)
    for a, b in pairs:
        for pid in (a, b):
            await players.upsert_player(app.db, pid, f"P{pid}", username=None,
                                        language="en", now=now)
        if hasattr(app, "challenges"):
            challenge = await app.challenges.create(a, variant, 1, False)
            await app.challenges.accept(challenge.code, b)
        else:  # before the services were split (benchmarks.compare runs older commits)
            challenge = await app.service.create_challenge(a, variant, 1, False)
            await app.service.accept_challenge(challenge.code, b)


async def run(variant: str, args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "b.db"
        session = RecordingSession()
        settings = load_settings(
            bot_token="1:BENCH", auto_analysis_matches=0,  # measures its own work only
            database_path=str(path))
        bot = Bot(settings.bot_token.get_secret_value(), session=session)
        app = await build(settings, bot=bot, dice=SeededDice(args.seed))
        pairs = [(1000 + 2 * i, 1001 + 2 * i) for i in range(args.games)]
        await start_games(app, pairs, variant)
        turns0 = turns_played(path)
        latencies: list[float] = []
        update_ids = itertools.count(1)
        threads0 = thread_cpu()
        cpu0, wall0 = time.process_time(), time.perf_counter()
        driver = 0.0  # the event loop's CPU choosing buttons and making updates
        while len(latencies) < args.presses:
            progressed = False
            for a, b in pairs:
                for pid in (a, b):
                    mine = time.thread_time()
                    message_id, markup = session.keyboards.get(pid, (0, None))
                    data = choose_data(markup)
                    if data is None or len(latencies) >= args.presses:
                        driver += time.thread_time() - mine
                        continue
                    update = press_update(next(update_ids), pid, message_id, data, bot)
                    driver += time.thread_time() - mine
                    start = time.perf_counter()
                    await app.dispatcher.feed_update(bot, update)
                    latencies.append((session.last_call - start) * 1000)
                    progressed = True
            if not progressed:
                break
        wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
        threads = thread_cpu()
        turns = turns_played(path) - turns0
        await app.db.close()
    latencies.sort()
    count = len(latencies)
    ms = 1000 / count
    print(f"{variant}: presses {count} over {len(pairs)} friend games, turns played {turns} "
          f"({count / max(turns, 1):.2f} presses per turn; a turn: one move event in the "
          "engine's history, forced moves included, passes not)")
    print(f"{variant}: CPU per press {cpu * ms:.2f} ms, CPU per turn "
          f"{cpu * 1000 / max(turns, 1):.2f} ms (process CPU time, every thread)")
    split = {role: threads[role] - threads0.get(role, 0.0) for role in threads}
    split["other/ended threads"] = max(0.0, cpu - sum(split.values()))
    print(f"{variant}: CPU per press by thread: " + ", ".join(
        f"{role} {seconds * ms:.2f} ms" for role, seconds in split.items())
        + f" (the event loop's includes the benchmark's driver: {driver * ms:.2f} ms)")
    print(f"{variant}: throughput {count / wall:.0f} presses/s (wall), "
          f"{count / cpu:.0f} presses/s of one core; latency update -> last API call: "
          f"p50 {statistics.median(latencies):.1f} ms, "
          f"p99 {percentile(latencies, 0.99):.1f} ms, max {latencies[-1]:.1f} ms")


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--presses", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", choices=(*VARIANTS, "both"), default="both")
    args = parser.parse_args()
    # Which code runs (benchmarks.compare checks it is the commit's worktree).
    print(f"code: {Path(bot_package.__file__).parent.parent}, Python {sys.version.split()[0]}")
    for variant in VARIANTS if args.variant == "both" else (args.variant,):
        await run(variant, args)


if __name__ == "__main__":
    asyncio.run(main())
