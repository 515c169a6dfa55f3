"""Soak: `python -m bot` as a real process under many random updates from many users.

    python -m benchmarks.soak [--updates 50000] [--users 20000] [--warmup 10000] [--seed 5]

This process runs the fake Bot API (testkit/) and the random-update generator
(testkit/fuzz.py); the bot is a separate `python -m bot` process polling it, so the
memory measured is the bot's alone. The warm-up: first two games at once against the
computer at every level, variant and cube setting (the computer's analyzers, ~240 MB for
Open Sage's six, and each computer thread's search memory are built on first use), then
`--warmup` random updates; the bot's RSS then is the baseline.
Updates go out in batches of 100; each batch's button presses must be answered before the
next. The figure is the RSS growth from the baseline to the end (target: under 50 MB),
printed with the samples in between, the bot's ERROR lines and tracebacks, and the
throughput.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import ai
from bot.views.callbacks import Act, NewGameCb
from testkit.driver import choose
from testkit.fake_telegram import FakeTelegram
from testkit.fuzz import UpdateFuzzer, trim

ROOT = Path(__file__).resolve().parents[1]
BATCH = 100


def rss_mb(pid: int) -> float:
    """Resident memory of `pid` in MB (Linux /proc)."""
    with open(f"/proc/{pid}/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def start_bot(fake: FakeTelegram, folder: Path) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BOT_", "TELEGRAM_"))}
    env.update(BOT_TOKEN=fake.token, TELEGRAM_API_URL=fake.url,
               DATABASE_PATH=str(folder / "soak.sqlite3"), MOVE_TIMEOUT_SECONDS="30",
               LOG_LEVEL="WARNING", PYTHONPATH=os.pathsep.join(
                   filter(None, [os.environ.get("SOAK_PYTHONPATH"), str(ROOT)])))
    log = (folder / "bot.log").open("ab")
    return subprocess.Popen([sys.executable, "-m", "bot"], cwd=folder, env=env, stdout=log,
                            stderr=subprocess.STDOUT)


async def warm_up_computer(fake: FakeTelegram, presses: int = 30) -> int:
    """Games against the computer at every level, variant and cube setting, two of each at
    once, played for a few turns: the computer's analyzers are built the first time a level
    is asked (Open Sage's six take about 240 MB), and each of the computer's threads adds
    search memory the first time it runs one (about 20 MB), so these belong to the warm-up,
    not to the growth."""
    configs = [(v, level, cube) for v in ("short", "long") for level in ai.LEVELS[v]
               for cube in ((0, 1) if v == "short" else (0,))]
    for number, (variant, level, cube) in enumerate(configs):
        data = NewGameCb(variant=variant, opponent="ai", level=level, length=3, cube=cube)
        await asyncio.gather(*(play_computer(fake, 90_000_000 + 2 * number + twin, data,
                                             presses) for twin in (0, 1)))
    return 2 * len(configs)


async def play_computer(fake: FakeTelegram, user_id: int, data: NewGameCb,
                        presses: int) -> None:
    user = fake.user(user_id, f"Warm{user_id}")
    mark = fake.mark()
    user.command("/new")
    await fake.wait_for("sendMessage", lambda r: r.params.get("chat_id") == user_id,
                        after=mark, timeout=60)
    mark = fake.mark()
    user.press(fake.last_message(user_id), data.pack())
    await fake.wait_for("sendPhoto", lambda r: r.params.get("chat_id") == user_id,
                        after=mark, timeout=120)
    for _ in range(presses):
        board = [m for m in fake.messages(user_id) if m.photo_file is not None][-1]
        button = choose(board.buttons)
        if button is None or button.a is Act.REMATCH:
            break
        mark = fake.mark()
        query = user.press(board, button.pack())["callback_query"]["id"]
        await fake.wait_for("answerCallbackQuery",
                            lambda r, q=query: r.params.get("callback_query_id") == q,
                            after=mark, timeout=120)
        await asyncio.sleep(0.05)


async def wait_answered(fake: FakeTelegram, query_ids: list[str], timeout: float) -> list[str]:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        missing = [q for q in query_ids if fake.callback_answer(q) is None]
        if not missing or loop.time() > deadline:
            return missing
        await asyncio.sleep(0.02)


async def main(updates: int, users: int, warmup: int, seed: int, computer: bool) -> int:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        async with FakeTelegram() as fake:
            fuzzer = UpdateFuzzer(fake, seed, users=users, groups=50, hot=min(users, 2000))
            bot = start_bot(fake, folder)
            try:
                mark = fake.mark()
                fake.user(1, "Warm").command("/start")
                await fake.wait_for("sendMessage", after=mark, timeout=60)
                if computer:
                    print(f"  warm-up: {await warm_up_computer(fake)} computer games, "
                          f"RSS {rss_mb(bot.pid):.1f} MB", flush=True)
                started, sent, unanswered = time.perf_counter(), 0, 0
                baseline, samples = None, []
                while sent < updates:
                    for _ in range(min(BATCH, updates - sent)):
                        fuzzer.step()
                    sent += min(BATCH, updates - sent)
                    await fake.wait_delivered(timeout=120)
                    batch = fuzzer.callback_ids
                    unanswered += len(await wait_answered(fake, batch, timeout=60))
                    trim(fake, batch)
                    fuzzer.callback_ids = []
                    if bot.poll() is not None:
                        print(f"the bot exited with {bot.returncode}")
                        return 1
                    if sent in (warmup, updates) or (sent > warmup and sent % 5000 == 0):
                        await asyncio.sleep(1)  # let in-flight work finish
                        rss = rss_mb(bot.pid)
                        if os.environ.get("SOAK_PYTHONPATH"):  # a diagnostic hook
                            os.kill(bot.pid, signal.SIGUSR1)
                        baseline = rss if baseline is None else baseline
                        samples.append((sent, rss))
                        print(f"  {sent:6d} updates  RSS {rss:6.1f} MB  "
                              f"{time.perf_counter() - started:5.0f} s", flush=True)
                elapsed = time.perf_counter() - started
            finally:
                bot.terminate()
                bot.wait(60)
        log = (folder / "bot.log").read_text(errors="replace")
        if os.environ.get("SOAK_PYTHONPATH"):
            print(log[-20000:])
    errors = [line for line in log.splitlines() if " ERROR " in line]
    growth = samples[-1][1] - samples[0][1]
    print(f"{updates} updates from {users} users (seed {seed}), {elapsed:.0f} s, "
          f"{updates / elapsed:.0f} updates/s")
    print(f"RSS after {samples[0][0]} updates (warm-up): {samples[0][1]:.1f} MB; "
          f"at the end: {samples[-1][1]:.1f} MB; growth {growth:+.1f} MB (target < 50 MB); "
          f"peak sample {max(r for _, r in samples):.1f} MB")
    print(f"unanswered callback queries: {unanswered}; ERROR lines: {len(errors)}; "
          f"tracebacks: {log.count('Traceback')}")
    for line in errors[:5]:
        print("  ", line[:300])
    if "Traceback" in log:  # the first one whole: a soak is too long to run again to see it
        start = log.index("Traceback")
        print(log[start:start + 6000].split("\n2", 1)[0])
    return 0 if growth < 50 and not unanswered and "Traceback" not in log else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=50_000)
    parser.add_argument("--users", type=int, default=20_000)
    parser.add_argument("--warmup", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--no-computer-warm-up", dest="computer", action="store_false",
                        help="skip the games at every computer level before the updates")
    args = parser.parse_args()
    raise SystemExit(asyncio.run(main(args.updates, args.users, args.warmup, args.seed,
                                      args.computer)))
