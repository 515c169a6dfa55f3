"""Button presses through the real Dispatcher, with rendering and SQLite, no network.

    python -m benchmarks.bot [--games 20] [--presses 1000] [--seed 1]

Friend games only (computer moves excluded). Each press is a real `Update` fed to the real
Dispatcher; the Bot's session records the API calls and answers them at once, so the figure
is the bot's own work: storage, engine, rendering and aiogram. Latency is measured from the
update to the last API call it caused. Prints presses per second and p50/p99 latency, and
the process CPU time per press (the "one core" figure).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from aiogram import Bot
from aiogram.client.session.base import BaseSession
from aiogram.methods import AnswerCallbackQuery, GetMe, TelegramMethod
from aiogram.types import Chat, InlineKeyboardMarkup, Message, Update, User

from bot.app import build
from bot.config import load_settings
from bot.views.callbacks import Act, GameCb
from engine.dice import SeededDice
from storage import players

BOT_USER = User(id=42, is_bot=True, first_name="Nard", username="nard_bench_bot")


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


def choose(markup: InlineKeyboardMarkup | None) -> GameCb | None:
    offered = [GameCb.unpack(b.callback_data) for row in (markup.inline_keyboard if markup
               else []) for b in row if b.callback_data and b.callback_data.startswith("g:")]
    for act in (Act.DONE, Act.GO, Act.PICK, Act.ROLL, Act.TAKE):
        matching = [d for d in offered if d.a is act]
        if matching:
            return matching[-1] if act is Act.GO else matching[0]
    return None


def press_update(update_id: int, user_id: int, message_id: int, data: GameCb) -> Update:
    user = User(id=user_id, is_bot=False, first_name=f"P{user_id}")
    return Update.model_validate({
        "update_id": update_id,
        "callback_query": {
            "id": str(update_id), "from": user.model_dump(), "chat_instance": "1",
            "data": data.pack(),
            "message": {"message_id": message_id, "date": 0,
                        "chat": {"id": user_id, "type": "private"},
                        "from": BOT_USER.model_dump()},
        },
    })


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--presses", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        session = RecordingSession()
        settings = load_settings(bot_token="1:BENCH", database_path=str(Path(folder) / "b.db"))
        bot = Bot(settings.bot_token.get_secret_value(), session=session)
        app = await build(settings, bot=bot, dice=SeededDice(args.seed))
        now = datetime.now(UTC)
        pairs = [(1000 + 2 * i, 1001 + 2 * i) for i in range(args.games)]
        for a, b in pairs:
            for pid in (a, b):
                await players.upsert_player(app.db, pid, f"P{pid}", username=None,
                                            language="en", now=now)
            challenge = await app.challenges.create(a, "short", 1, False)
            await app.challenges.accept(challenge.code, b)
        latencies: list[float] = []
        update_ids = itertools.count(1)
        cpu0, wall0 = time.process_time(), time.perf_counter()
        while len(latencies) < args.presses:
            progressed = False
            for a, b in pairs:
                for pid in (a, b):
                    message_id, markup = session.keyboards.get(pid, (0, None))
                    data = choose(markup)
                    if data is None or len(latencies) >= args.presses:
                        continue
                    start = time.perf_counter()
                    await app.dispatcher.feed_update(
                        bot, press_update(next(update_ids), pid, message_id, data))
                    latencies.append((session.last_call - start) * 1000)
                    progressed = True
            if not progressed:
                break
        wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
        await app.db.close()
    latencies.sort()
    count = len(latencies)
    print(f"presses: {count} over {len(pairs)} friend games (short nard)")
    print(f"throughput: {count / wall:.0f} presses/s (wall), CPU {cpu / count * 1000:.2f} ms "
          f"per press = {count / cpu:.0f} presses/s of one core")
    print(f"latency update -> last API call: p50 {statistics.median(latencies):.1f} ms, "
          f"p99 {latencies[int(0.99 * (count - 1))]:.1f} ms, max {latencies[-1]:.1f} ms")


if __name__ == "__main__":
    asyncio.run(main())
