"""Memory over 100,000 short games through the services: does anything grow per game?

    python -m benchmarks.soak_games [--games 100000] [--every 10000] [--lanes 4] [--players 40000]

Real services (`bot.app.build`), real SQLite in a temporary folder, real board pictures;
the Bot's session answers every call at once; time is a fake clock moved by the script.
The games are short and touch every piece of per-game state a process keeps: the game's
lock, the chosen checker (selection), the turn warning (the timer's warned turns), the
player cache (players drawn from a pool larger than the cache), the translations cache.
In turn, a game is

* a friend game: a checker chosen, a step played and undone, then a resignation;
* a friend game left to time out: a checker chosen, the warning, then the timeout;
* a game against the computer (Beginner, decided inline): a checker chosen, resigned;
* a group game, in a group never seen before (a challenge posted, joined, a checker chosen,
  resigned): the group's pacing (the coalescer) and its board;
* every 100th: a whole game against the computer, pressed to the end.

Prints the process's RSS and the number of memory blocks Python objects hold (both after a
garbage collection) every `--every` games, with the sizes of those structures; flat figures
mean nothing grows per game.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import itertools
import os
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from aiogram import Bot
from aiogram.types import InlineKeyboardMarkup

import i18n
from benchmarks.bot import RecordingSession, choose
from bot.app import App, build
from bot.config import load_settings
from bot.views.callbacks import Act, GameCb, JoinCb
from core.workers import InlineRunner
from engine.dice import SeededDice
from render import compose
from storage import players

PAGE = os.sysconf("SC_PAGE_SIZE")


def rss_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * PAGE / 2**20


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 12, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def offered(markup: InlineKeyboardMarkup | None) -> list[GameCb]:
    return [GameCb.unpack(b.callback_data) for row in (markup.inline_keyboard if markup else [])
            for b in row if b.callback_data and b.callback_data.startswith("g:")]


async def no_answer(text: str | None, alert: bool) -> None:
    return None


class Soak:
    def __init__(self, app: App, session: RecordingSession, clock: Clock, pool: int) -> None:
        self.app, self.session, self.clock, self.pool = app, session, clock, pool
        self.timeout = app.services.settings.move_timeout_seconds

    def buttons(self, chat: int) -> list[GameCb]:
        return offered(self.session.keyboards.get(chat, (0, None))[1])

    async def press(self, player: int, data: GameCb) -> None:
        await self.app.services.presses.press(player, data, no_answer)

    async def pick_step_undo(self, player: int, chat: int | None = None) -> None:
        """Choose a checker (a selection is kept), play a step, take it back."""
        chat = chat or player
        picks = [d for d in self.buttons(chat) if d.a is Act.PICK]
        if not picks:
            return
        await self.press(player, picks[0])
        steps = [d for d in self.buttons(chat) if d.a is Act.GO]
        if steps:
            await self.press(player, steps[0])
            undo = [d for d in self.buttons(chat) if d.a is Act.UNDO]
            if undo:
                await self.press(player, undo[0])

    async def resign(self, player: int) -> None:
        row = await self.app.games.active_game(player)
        if row is None:
            return
        seat = row.seat_of(player)
        await self.press(player, GameCb(game=row.id, v=row.version, a=Act.RESIGN_YES,
                                        src=seat + 1, dst=0))  # type: ignore[operator]

    async def friend_game(self, a: int, b: int, ending: str) -> None:
        challenge = await self.app.challenges.create(a, "short", 1, False)
        await self.app.challenges.accept(challenge.code, b)
        row = await self.app.games.active_game(a)
        assert row is not None
        mover = row.players[_to_act(row)]
        await self.pick_step_undo(mover)  # type: ignore[arg-type]
        if ending == "resign":
            await self.resign(mover)  # type: ignore[arg-type]
            return
        await self.pick_step_undo(mover)  # type: ignore[arg-type]
        # Time passes: the warning, then the timeout (the timer loop's own passes).
        self.clock.now += timedelta(seconds=self.timeout * 0.8)
        await self.app.timers.tick()
        self.clock.now += timedelta(seconds=self.timeout * 0.3)
        await self.app.timers.tick()
        assert await self.app.games.active_game(a) is None, "the timeout did not end it"

    async def group_game(self, number: int, a: int, b: int) -> None:
        chat = -(10**12 + number)  # a new group each time
        await self.app.challenges.post_group(chat, a, "short", 1, False)
        markup = self.session.keyboards[chat][1]
        join = JoinCb.unpack(markup.inline_keyboard[0][0].callback_data)  # type: ignore[union-attr,arg-type]
        await self.app.challenges.join_group(join.code, b, chat)
        await self.app.coalescer.drain()
        row = await self.app.games.active_game(a)
        assert row is not None
        mover = row.players[_to_act(row)]
        await self.pick_step_undo(mover, chat)  # type: ignore[arg-type]
        await self.resign(mover)  # type: ignore[arg-type]
        await self.app.coalescer.drain()
        self.session.keyboards.pop(chat, None)

    async def computer_game(self, player: int, whole: bool) -> None:
        await self.app.games.start_vs_computer(player, "short", "beginner", 1, False)
        if not whole:
            await self.pick_step_undo(player)
            await self.resign(player)
            return
        for _ in range(3000):
            data = choose(self.session.keyboards.get(player, (0, None))[1])
            if data is None:
                break
            await self.press(player, data)
        assert await self.app.games.active_game(player) is None, "the game did not end"

    async def game(self, number: int, a: int, b: int) -> None:
        if number % 100 == 99:
            await self.computer_game(a, whole=True)
        elif number % 4 == 0:
            await self.friend_game(a, b, "resign")
        elif number % 4 == 1:
            await self.friend_game(a, b, "timeout")
        elif number % 4 == 2:
            await self.computer_game(a, whole=False)
        else:
            await self.group_game(number, a, b)


def _to_act(row) -> int:
    from core.live import Live

    return Live.load(row.state_json).game.to_act


def sizes(app: App) -> str:
    """The per-game and per-player structures: locks, chosen checkers, the players' cache,
    the texts, the board tiles, the coalescer's chats paced / queued / tasks under way."""
    coalescer = app.coalescer
    return (f"locks {len(app.games.locks)}, selections {app.boards.selections}, "
            f"player cache {len(app.core.players)}, "
            f"texts {i18n.formatted.cache_info().currsize}, "
            f"board tiles {compose.TILES.nbytes / 2**20:.0f} MB, "
            f"coalescer {len(coalescer)}/{coalescer.queued_chats}/"
            f"{len(coalescer.under_way())}")


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--every", type=int, default=10_000)
    parser.add_argument("--lanes", type=int, default=4, help="games played at the same time")
    parser.add_argument("--players", type=int, default=40_000,
                        help="more than the player cache holds (10,000)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        session, clock = RecordingSession(), Clock()
        db_path = Path(folder) / "soak.db"
        settings = load_settings(
            bot_token="1:SOAK", auto_analysis_matches=0,  # measures its own work only
            database_path=str(db_path))
        bot = Bot(settings.bot_token.get_secret_value(), session=session)
        app = await build(settings, bot=bot, clock=clock, dice=SeededDice(args.seed),
                          pool=InlineRunner())
        for pid in range(args.players):
            await players.upsert_player(app.db, 100_000 + pid, f"P{pid}", username=None,
                                        language=("en", "ru", "uz", "ky", "az")[pid % 5],
                                        now=clock())
        soak = Soak(app, session, clock, args.players)
        numbers = itertools.count()
        played = 0
        started = time.perf_counter()
        print(f"{'games':>7} {'RSS MB':>7} {'blocks':>9} {'s':>6}  "
              "structures (sizes); blocks: Python objects' memory blocks in use")
        gc.collect()
        print(f"{0:>7} {rss_mb():7.1f} {sys.getallocatedblocks():9d} {0:6.0f}  {sizes(app)}",
              flush=True)

        async def lane(index: int) -> None:
            nonlocal played
            while (number := next(numbers)) < args.games:
                # Games in play at once have consecutive numbers: nobody is in two games.
                slot = number % (args.players // 2)
                a, b = 100_000 + 2 * slot, 100_001 + 2 * slot
                await soak.game(number, a, b)
                # The recording session keeps each chat's last keyboard: the script's own
                # memory, not the bot's.
                session.keyboards.pop(a, None)
                session.keyboards.pop(b, None)
                played += 1

        async def report() -> None:
            mark = args.every
            while mark <= args.games:
                while played < mark:
                    await asyncio.sleep(0.05)
                gc.collect()
                print(f"{mark:>7} {rss_mb():7.1f} {sys.getallocatedblocks():9d} "
                      f"{time.perf_counter() - started:6.0f}  {sizes(app)}; "
                      f"database {db_path.stat().st_size / 2**20:.0f} MB", flush=True)
                mark += args.every

        await asyncio.gather(report(), *(lane(i) for i in range(args.lanes)))
        await app.db.close()


if __name__ == "__main__":
    asyncio.run(main())
