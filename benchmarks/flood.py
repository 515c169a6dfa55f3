"""Flood: `python -m bot` under a flood of random updates from thousands of users while
people play real games.

    python -m benchmarks.flood [--updates 20000] [--users 3207] [--rate 500] [--games 4]
                               [--after 60] [--warmup 1000] [--seed 3] [--bot-root PATH]

This process runs the fake Bot API (testkit/) and the random-update generator
(testkit/fuzz.py: commands, deep links, menus, games against the computer, junk
buttons, inline queries, from `--users` users); the bot is a separate `python -m bot`
process polling it (SQLite, the computer in its worker pool), so its memory is its own.

1. `--games` friend games are started through the menus and a link, by 2 × games players.
2. `--warmup` random updates of other users, then a pause: the bot's RSS is "before".
3. The flood: `--updates` random updates, queued at `--rate` a second, while the players
   play on: each presses what their board offers, waits for the answer and the redraw,
   thinks 0.5-1.5 s, and presses again (a "busy" answer: presses again after thinking).
4. `--after` seconds more of play after the last update was queued; the bot's RSS then is
   "after".

Printed: the answer time of the players' presses (queued → answered, the fake's clock)
during the flood (p50, p95, p99, max) and after it, how many were answered "busy"; every
callback query of the flood: answered within 10 s, answered "busy", answered later, never;
the versions the real games advanced during the flood; the bot's RSS before, at its peak and
after; its ERROR lines and tracebacks. Targets (docs/performance.md, "Floods"): the players'
presses p95 ≤ 2 s and p99 ≤ 5 s, every callback answered within 10 s or "busy", RSS after
within 50 MB of before.

`--bot-root` runs the bot from another checkout (e.g. `git worktree add /tmp/base <commit>`)
to measure an earlier state with the same driver.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.figures import percentile
from bot.views.callbacks import Act
from i18n import Translator, available_languages
from testkit.driver import choose, game_buttons
from testkit.fake_telegram import FakeTelegram, StoredMessage
from testkit.fuzz import UpdateFuzzer, trim

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = 6_100_000  # the real players' ids start here (the flood's users elsewhere)
ANSWER_WINDOW = 10.0  # seconds: a callback answered later than this counts as late
BUSY = {Translator(language)("busy-try-again") for language in available_languages()}


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


@dataclass
class Clocked:
    """When each callback query was queued and answered (the fake's monotonic clock)."""

    queued: dict[str, float] = field(default_factory=dict)
    answered: dict[str, tuple[float, str]] = field(default_factory=dict)

    def watch(self, fake: FakeTelegram) -> None:
        original_enqueue = fake.enqueue
        answer = fake._answer_callback_query

        def enqueue(kind: str, payload: dict[str, Any]) -> dict[str, Any]:
            if kind == "callback_query":
                self.queued[payload["id"]] = time.monotonic()
            return original_enqueue(kind, payload)

        def answered(params: dict[str, Any], files: dict[str, bytes]) -> Any:
            query = str(params.get("callback_query_id"))
            self.answered.setdefault(query, (time.monotonic(), str(params.get("text") or "")))
            return answer(params, files)

        fake.enqueue = enqueue  # type: ignore[method-assign]
        fake.register("answerCallbackQuery", answered)


@dataclass
class Press:
    query: str
    queued: float
    answered: float | None = None
    busy: bool = False


@dataclass
class Table:
    """One friend game and its two players."""

    players: tuple[int, int]
    presses: list[Press] = field(default_factory=list)
    versions: list[tuple[float, int]] = field(default_factory=list)  # (when, version shown)


def start_bot(fake: FakeTelegram, folder: Path, root: Path) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("BOT_", "TELEGRAM_", "DATABASE_", "WEBHOOK_"))}
    env.update(BOT_TOKEN=fake.token, TELEGRAM_API_URL=fake.url,
               DATABASE_PATH=str(folder / "flood.sqlite3"), MOVE_TIMEOUT_SECONDS="600",
               LOG_LEVEL="WARNING", PYTHONPATH=str(root))
    log = (folder / "bot.log").open("ab")
    return subprocess.Popen([sys.executable, "-m", "bot"], cwd=folder, env=env, stdout=log,
                            stderr=subprocess.STDOUT)


async def until(predicate: Any, timeout: float = 120) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        if loop.time() > deadline:
            raise TimeoutError("timed out")
        await asyncio.sleep(0.02)


def board_of(fake: FakeTelegram, player: int) -> StoredMessage | None:
    boards = [m for m in fake.messages(player) if m.photo_file is not None]
    return boards[-1] if boards else None


def looks(fake: FakeTelegram, player: int) -> tuple[int, list[tuple[str, str | None]]]:
    """What the player's board shows now: its message and buttons."""
    board = board_of(fake, player)
    return (0, []) if board is None else (board.message_id, board.buttons)


async def friend_game(fake: FakeTelegram, a: int, b: int) -> Table:
    host, guest = fake.user(a, f"Host{a}"), fake.user(b, f"Guest{b}")
    for user in (host, guest):
        user.command("/start")
    host.command("/new")
    for label in ("Short nard", "👥 A friend", "1 game", "Without the cube"):
        await until(lambda label=label: any(m.find_button(label) for m in fake.messages(a)))
        host.press_button(a, label)

    def link() -> str | None:
        texts = [m.text or "" for m in fake.messages(a) if "start=" in (m.text or "")]
        return texts[-1].split("start=", 1)[1].split()[0] if texts else None

    await until(lambda: link() is not None)
    guest.command(f"/start {link()}")
    await until(lambda: board_of(fake, a) is not None and board_of(fake, b) is not None)
    return Table((a, b))


async def play(fake: FakeTelegram, table: Table, clocked: Clocked, stop: asyncio.Event,
               rng: random.Random) -> None:
    """The players of `table` press what they are offered until `stop`."""
    while not stop.is_set():
        mover, board = None, None
        for player in table.players:
            candidate = board_of(fake, player)
            offered = [d for _, d in game_buttons(candidate.buttons if candidate else [])
                       if d.a not in (Act.RESIGN, Act.REMATCH)]
            if offered and candidate is not None:
                mover, board = player, candidate
                table.versions.append((time.monotonic(), offered[0].v))
        if mover is None or board is None:
            await asyncio.sleep(0.1)  # a redraw on its way (or the game is over)
            continue
        data = choose(board.buttons)
        if data is None:
            await asyncio.sleep(0.1)
            continue
        before = looks(fake, mover)
        query = fake.user(mover, "P").press(board, data.pack())["callback_query"]["id"]
        press = Press(query, clocked.queued[query])
        table.presses.append(press)
        with contextlib.suppress(TimeoutError):
            await until(lambda q=query: q in clocked.answered, timeout=60)
        if query in clocked.answered:
            press.answered, text = clocked.answered[query]
            press.busy = text in BUSY
            if not text:  # counted: the board is redrawn after it
                with contextlib.suppress(TimeoutError):
                    await until(lambda m=mover, b=before: looks(fake, m) != b, timeout=60)
        await asyncio.sleep(rng.uniform(0.5, 1.5))  # thinking


async def flood(fake: FakeTelegram, fuzzer: UpdateFuzzer, updates: int, rate: float) -> None:
    """Queue `updates` random updates at `rate` a second."""
    began, sent = time.monotonic(), 0
    while sent < updates:
        due = min(updates, int((time.monotonic() - began) * rate) + 1)
        while sent < due:
            fuzzer.step()
            sent += 1
        if sent % 2000 < max(1, int(rate // 100)):
            trim(fake, [])  # the fake keeps no pictures or request log for long
        await asyncio.sleep(0.01)


def flood_report(clocked: Clocked, queries: list[str]) -> str:
    within = busy = late = never = 0
    for query in queries:
        if query not in clocked.answered:
            never += 1
            continue
        when, text = clocked.answered[query]
        if text in BUSY:
            busy += 1
        elif when - clocked.queued[query] <= ANSWER_WINDOW:
            within += 1
        else:
            late += 1
    return (f"{len(queries)} callback queries of the flood: {within} answered within "
            f"{ANSWER_WINDOW:.0f} s, {busy} answered busy, {late} answered later, {never} "
            f"never")


def press_report(name: str, presses: list[Press]) -> str:
    times = [p.answered - p.queued for p in presses if p.answered is not None]
    busy = sum(1 for p in presses if p.busy)
    unanswered = sum(1 for p in presses if p.answered is None)
    if not times:
        return f"{name}: no presses"
    return (f"{name}: {len(presses)} presses, answered in p50 {percentile(times, 0.5):.2f} s,"
            f" p95 {percentile(times, 0.95):.2f} s, p99 {percentile(times, 0.99):.2f} s, max "
            f"{max(times):.2f} s; {busy} answered busy, {unanswered} unanswered")


async def main(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    root = Path(args.bot_root).resolve() if args.bot_root else ROOT
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        async with FakeTelegram() as fake:
            clocked = Clocked()
            clocked.watch(fake)
            bot = start_bot(fake, folder, root)
            samples: list[tuple[float, float]] = []
            try:
                await until(lambda: bool(fake.calls("getUpdates")), timeout=120)
                tables = [await friend_game(fake, PLAYERS + 2 * i, PLAYERS + 2 * i + 1)
                          for i in range(args.games)]
                stop = asyncio.Event()
                players = [asyncio.create_task(play(fake, t, clocked, stop, rng))
                           for t in tables]
                warm = UpdateFuzzer(fake, args.seed + 1, users=200, groups=5,
                                    first_user=8_000_000)
                await flood(fake, warm, args.warmup, args.rate)
                await asyncio.sleep(20)
                before = rss_mb(bot.pid)
                fuzzer = UpdateFuzzer(fake, args.seed, users=args.users, groups=50,
                                      first_user=5_000_000)
                sampler = asyncio.create_task(sample(bot.pid, samples))
                print(f"RSS before the flood: {before:.1f} MB; flooding {args.updates} updates "
                      f"from {args.users} users at {args.rate:.0f}/s", flush=True)
                began = time.monotonic()
                await flood(fake, fuzzer, args.updates, args.rate)
                ended = time.monotonic()
                print(f"  queued in {ended - began:.0f} s", flush=True)
                await asyncio.sleep(args.after)
                after = rss_mb(bot.pid)
                stop.set()
                await asyncio.gather(*players)
                sampler.cancel()
                flood_queries = [q for q in clocked.queued
                                 if began <= clocked.queued[q] <= ended
                                 and q not in {p.query for t in tables for p in t.presses}]
                await asyncio.sleep(5)  # the last answers
            except BaseException:
                print((folder / "bot.log").read_text(errors="replace")[-3000:])
                raise
            finally:
                bot.terminate()
                bot.wait(60)
        log = (folder / "bot.log").read_text(errors="replace")
    during = [p for t in tables for p in t.presses if began <= p.queued <= ended]
    later = [p for t in tables for p in t.presses if p.queued > ended]
    advanced = []
    for table in tables:
        shown = [v for when, v in table.versions if began <= when <= ended]
        advanced.append(max(shown) - min(shown) if shown else 0)
    errors = [line for line in log.splitlines() if " ERROR " in line]
    shed = re.findall(r"(\d+) update\(s\) shed in the last minute \(([^)]*)\)", log)
    print(f"{args.updates} updates from {args.users} users at {args.rate:.0f}/s (seed "
          f"{args.seed}), {args.games} real games")
    print(press_report("the players' presses during the flood", during))
    print(press_report("the players' presses after it", later))
    print(flood_report(clocked, flood_queries))
    print(f"versions the real games advanced during the flood: {advanced}")
    peak = max((r for _, r in samples), default=after)
    print(f"bot RSS: before {before:.1f} MB, peak {peak:.1f} MB, {args.after:.0f} s after the "
          f"flood {after:.1f} MB ({after - before:+.1f} MB)")
    print(f"ERROR lines: {len(errors)}; tracebacks: {log.count('Traceback')}; shed (log): "
          f"{sum(int(n) for n, _ in shed)}")
    for line in errors[:5]:
        print("  ", line[:300])
    return 0


async def sample(pid: int, samples: list[tuple[float, float]]) -> None:
    while True:
        with contextlib.suppress(OSError):
            samples.append((time.monotonic(), rss_mb(pid)))
        await asyncio.sleep(1)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=20_000)
    parser.add_argument("--users", type=int, default=3207)
    parser.add_argument("--rate", type=float, default=500.0)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--after", type=float, default=60.0)
    parser.add_argument("--warmup", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--bot-root", default=None)
    raise SystemExit(asyncio.run(main(parser.parse_args())))
