"""Live pushes: the server's CPU per change, and what each open page (WebSocket) adds.

    python -m benchmarks.fanout [--sockets 0,10,100,300,0] [--changes 60]
                                [--languages mixed,one] [--seed 1] [--no-warm-up]

For each N of `--sockets`: the real bot (build(): the game core, SQLite in a temporary
folder, rendering, the web board served over HTTP on 127.0.0.1) with the Bot API answered
at once in-process (benchmarks/sessions.py), a friend game between two players (7 points,
short nard, seeded dice), and N live pages (WebSockets) watching it, one per user: N users
who do not play (watchers, seat None). The pages are opened and read by another process
(this script again, `--reader`), so that `time.process_time()` of the server's process is
the server's alone. Each case runs in a server process of its own (this script again,
`--case`), after the same game played there once unmeasured (`--no-warm-up`: not).

The two players then play on through the web door's action gate (the path of a POST to
api/games/<id>/actions, without the HTTP), always the first checker that may move, until
`--changes` changes have been pushed to the watchers (a roll, a played turn, a game of
the match ended: not the steps of a turn being built, which only the mover's page is
sent). After each action the script waits until every page has the newest version (the
reader says so), then makes the next one. Every case is a fresh app, database and seeded
dice: the same game, the same actions, for every N.

Printed for each case: the server's CPU per change (the whole process, and its event loop
thread alone), and with N = 0 among `--sockets` the extra CPU per change per socket,
(cpu(N) - cpu(0)) / (changes x N), cpu(0) the mean of the N = 0 cases so far (list 0 twice,
first and last, for a steadier baseline: the summary line uses every one); whether every
page got every version pushed to the watchers, and the newest one. `--languages`: `mixed`,
the N users spread over the five languages; `one`, all in English (the live pushes may work
a state out once per language). The server's CPU is everything it did in the measured
span: the chat boards drawn for the two players (in worker threads), the game saved, and
for each page its message worked out and written, and its pings. No timing is asserted.
The script uses nothing newer than commit 3d485ba has: copied into a worktree of an older
commit and run from there, it measures that commit's web door.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

TOKEN = "1:BENCH"
LANGUAGES = ("en", "ru", "az", "uz", "ky")
PLAYERS = (1001, 1002)
FIRST_WATCHER = 2000
OPENING = 50  # pages opened at once by the reader
WAIT = 60.0  # seconds the pages have to get a version before it counts as missed
ROOT = Path(__file__).resolve().parents[1]
RESULT = "case result: "


# -- the server: this process --------------------------------------------------------------


@dataclass
class Case:
    sockets: int
    languages: str  # "mixed" or "one"
    cpu: float = 0.0  # server CPU seconds over the changes (the whole process)
    loop_cpu: float = 0.0  # of which the event loop's thread (not the pictures' threads)
    wall: float = 0.0
    changes: int = 0  # versions pushed to the watchers
    actions: int = 0  # actions played (steps of a turn included)
    pushed: list[int] = field(default_factory=list)
    report: dict[str, Any] = field(default_factory=dict)  # the reader's summary

    @property
    def name(self) -> str:
        if not self.sockets:
            return "N=0"
        spread = f"{min(self.sockets, len(LANGUAGES))} languages" \
            if self.languages == "mixed" else "one language"
        return f"N={self.sockets}, {spread}"


class Reader:
    """The other process: it opens and reads the pages, and says when all have a version."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process

    @classmethod
    async def start(cls, url: str, game: int, sockets: int) -> Reader:
        """The reader, given each page's init data (signed here: it imports no more than
        aiohttp)."""
        from web.auth import sign_init_data

        now = datetime.now(UTC)
        auth = [sign_init_data(TOKEN, {"id": FIRST_WATCHER + i, "first_name": f"W{i}"}, now)
                for i in range(sockets)]
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "benchmarks.fanout", "--reader", cwd=str(ROOT),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
        reader = cls(process)
        await reader._say(json.dumps({"url": url, "game": game, "auth": auth}))
        line = await reader._line(120.0)
        if line != "ready":
            raise RuntimeError(f"the reader did not open its pages: {line!r}")
        return reader

    async def _line(self, timeout: float) -> str:
        assert self.process.stdout is not None
        raw = await asyncio.wait_for(self.process.stdout.readline(), timeout)
        if not raw:
            raise RuntimeError("the reader ended")
        return raw.decode().strip()

    async def _say(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode() + b"\n")
        await self.process.stdin.drain()

    async def wait(self, version: int) -> None:
        """Until every page has `version` (or newer), or the reader gave up on it."""
        await self._say(f"wait {version}")
        await self._line(WAIT + 30.0)

    async def finish(self, pushed: list[int]) -> dict[str, Any]:
        await self._say("end " + json.dumps(pushed))
        report: dict[str, Any] = json.loads(await self._line(120.0))
        await self.process.wait()
        return report


def pushed_to_watchers(change: Any) -> bool:
    """Whether a change is sent to a page that does not play (web.live's rule)."""
    if str(change.what) not in ("began", "moved", "ended"):
        return False  # a step, a page shown again, a warning: not a new version for them
    return not (change.live.steps and change.row.status == "active")


async def next_action(web: Any, game: int) -> tuple[int, Any] | None:
    """(the player, the action) the mover plays next: the first checker that may move."""
    from core.actions import Act, Action
    from core.live import Live
    from storage import games

    row = await games.load_game(web.db, game)
    if row.status != "active":
        return None
    live = Live.load(row.state_json)
    for seat, player in enumerate(PLAYERS):
        state = await web.view_of(row, live, seat, player)
        if not state["you_act"]:
            continue
        can = state["can"]
        if can["roll"]:
            return player, Action(game, row.version, Act.ROLL)
        if can["take"]:
            return player, Action(game, row.version, Act.TAKE)
        if state["movable"]:
            src, targets = next(iter(state["movable"].items()))
            return player, Action(game, row.version, Act.GO, int(src), int(next(iter(targets))))
        if can["done"]:
            return player, Action(game, row.version, Act.DONE)
    raise RuntimeError(f"nobody can act in game {game} at version {row.version}")


async def run_case(case: Case, changes: int, seed: int) -> Case:
    from aiogram import Bot
    from aiogram.types import User

    from benchmarks.sessions import InstantSession
    from bot.app import build, freeze_startup_objects
    from bot.config import load_settings
    from bot.launch import web_door
    from engine.dice import SeededDice
    from storage import players
    from web.app import serve
    from web.limits import RateLimit

    with tempfile.TemporaryDirectory() as folder:
        settings = load_settings(
            bot_token=TOKEN, auto_analysis_matches=0,  # measures its own work only
            database_path=str(Path(folder) / "f.db"),
                                 webapp_url="https://bench.example.com/app/")
        bot = Bot(TOKEN, session=InstantSession(
            User(id=42, is_bot=True, first_name="Nard", username="nard_fanout_bot")))
        app = await build(settings, bot=bot, dice=SeededDice(seed))
        web = web_door(app.core, app, settings)
        assert web is not None
        web.limit = RateLimit(rate=10_000, burst=10_000)
        await web.start()
        runner = await serve(web, "127.0.0.1", 0)
        url = f"http://127.0.0.1:{runner.addresses[0][1]}/app/"
        now = datetime.now(UTC)
        for player in PLAYERS:
            await players.upsert_player(app.db, player, f"P{player}", username=None,
                                        language="en", now=now)
        for i in range(case.sockets):
            language = LANGUAGES[i % len(LANGUAGES)] if case.languages == "mixed" else "en"
            await players.upsert_player(app.db, FIRST_WATCHER + i, f"W{i}", username=None,
                                        language=language, now=now)
        seen: list[int] = []  # versions pushed to the watchers, as announced

        async def hear(change: Any) -> None:
            if pushed_to_watchers(change) and change.row.version > (seen[-1] if seen else 0):
                seen.append(change.row.version)

        challenge = await app.challenges.create(PLAYERS[0], "short", 7, False)
        row, live = await app.services.challenges.core.accept(challenge.code, PLAYERS[1])
        await app.games.begin(row, live)
        app.games.announcements.subscribe(hear)
        reader = await Reader.start(url, row.id, case.sockets) if case.sockets else None
        refusals: list[Any] = []

        async def respond(refusal: Any) -> None:
            if refusal is not None:
                refusals.append(refusal)

        freeze_startup_objects()
        gc.collect()
        wall0, cpu0, loop0 = time.perf_counter(), time.process_time(), time.thread_time()
        while len(seen) < changes:
            chosen = await next_action(web, row.id)
            if chosen is None:
                print(f"  the match ended after {len(seen)} changes", flush=True)
                break
            before = len(seen)
            await web.gate.act(chosen[0], chosen[1], respond)
            case.actions += 1
            if refusals:
                raise RuntimeError(f"{chosen[1]} refused: {refusals}")
            if reader is not None and len(seen) > before:
                await reader.wait(seen[-1])
        case.cpu = time.process_time() - cpu0
        case.loop_cpu = time.thread_time() - loop0
        case.wall = time.perf_counter() - wall0
        case.changes, case.pushed = len(seen), list(seen)
        if reader is not None:
            case.report = await reader.finish(seen)
        await web.stop()
        await runner.cleanup()
        await app.db.close()
    return case


def extra(case: Case, bases: list[Case]) -> tuple[float, float] | None:
    """The extra CPU per change per socket in µs over the mean of the N = 0 cases: the
    whole process's, the event loop thread's."""
    bases = [base for base in bases if base.changes == case.changes]
    if not case.sockets or not bases:
        return None
    times = case.changes * case.sockets / 1e6
    return ((case.cpu - statistics.fmean(base.cpu for base in bases)) / times,
            (case.loop_cpu - statistics.fmean(base.loop_cpu for base in bases)) / times)


def describe(case: Case, bases: list[Case]) -> str:
    changes = case.changes or float("nan")
    line = (f"{case.name}: {case.changes} changes ({case.actions} actions) in "
            f"{case.wall:.1f} s; server CPU {case.cpu:.3f} s, {case.cpu / changes * 1000:.2f} ms"
            f" per change (event loop thread {case.loop_cpu / changes * 1000:.2f} ms)")
    more = extra(case, bases)
    if more is not None:
        line += f"; extra per change per socket {more[0]:.1f} µs (loop {more[1]:.1f} µs)"
    report = case.report
    if report:
        line += (f"\n    every socket got every pushed version: "
                 f"{'yes' if report['all_versions'] == case.sockets else 'NO'} "
                 f"({report['all_versions']} of {case.sockets}); the newest "
                 f"(v{report['newest']}): {'yes' if report['newest_ok'] == case.sockets else 'NO'}"
                 f" ({report['newest_ok']} of {case.sockets}); messages {report['messages']}"
                 f" (pushed versions x sockets {case.changes * case.sockets}, plus one on "
                 f"opening each); waits given up {report['late']}; closed early "
                 f"{report['closed']}; the reader's CPU {report['cpu']:.1f} s, its start included")
        if report["missing"]:
            line += f"\n    missing versions (socket: versions): {report['missing']}"
    return line


async def one_case(case: Case, changes: int, seed: int, warm_up: bool) -> Case:
    """One case in this process, after the same game played once unmeasured (first draws,
    a whole game's paths: in nobody's figures)."""
    if warm_up:
        await run_case(Case(0, "-"), changes, seed)
    return await run_case(case, changes, seed)


async def in_a_process(case: Case, changes: int, seed: int, warm_up: bool) -> Case:
    """One case in a server process of its own (this script with --case): every case
    starts from the same state, nothing left over from the one before."""
    job = json.dumps({"case": asdict(case), "changes": changes, "seed": seed,
                      "warm_up": warm_up})
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "benchmarks.fanout", "--case", job, cwd=str(ROOT),
        stdout=asyncio.subprocess.PIPE)
    out, _ = await process.communicate()
    for line in out.decode().splitlines():
        if line.startswith(RESULT):
            return Case(**json.loads(line[len(RESULT):]))
        print(line, flush=True)
    raise RuntimeError(f"the case {case.name} ended without a result "
                       f"(exit status {process.returncode})")


async def run(sockets: list[int], changes: int, languages: list[str], seed: int,
              warm_up: bool = True, isolate: bool = True) -> list[Case]:
    cases: list[Case] = []
    for n in sockets:
        for spread in (languages if n else ["-"]):
            if isolate:
                case = await in_a_process(Case(n, spread), changes, seed, warm_up)
            else:
                case = await one_case(Case(n, spread), changes, seed, warm_up)
            cases.append(case)
            print(describe(case, [c for c in cases if not c.sockets]), flush=True)
    return cases


def summary(cases: list[Case]) -> None:
    """The extra CPU per socket again, over every N = 0 case of the run."""
    bases = [case for case in cases if not case.sockets]
    figures = [(case, extra(case, bases)) for case in cases if case.sockets]
    if not bases or not figures:
        return
    print(f"extra CPU per change per socket over the mean of {len(bases)} N=0 run(s), µs "
          "(process; event loop thread): " + "; ".join(
              f"{case.name} {more[0]:.1f}; {more[1]:.1f}"
              for case, more in figures if more is not None))


async def main(sockets: list[int], changes: int, languages: list[str], seed: int = 1,
               warm_up: bool = True, isolate: bool = True) -> list[Case]:
    """Every case, each in a server process of its own (`isolate`; else in this one)."""
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip() or "?"
    import web.live
    print(f"fan-out: sockets {','.join(map(str, sockets))}, {changes} changes, languages "
          f"{','.join(languages)}; commit {commit} ({Path(web.live.__file__).parent.parent}); "
          f"{len(os.sched_getaffinity(0))} cores, load {os.getloadavg()[0]:.1f}", flush=True)
    cases = await run(sockets, changes, languages, seed, warm_up, isolate)
    summary(cases)
    return cases


# -- the reader: the other process ---------------------------------------------------------


class Page:
    def __init__(self) -> None:
        self.versions: set[int] = set()
        self.best = -1
        self.messages = 0
        self.closed: int | None = None  # the close code, when the server closed it


async def reader() -> None:
    """Open the pages the first line of stdin names ({"url", "game", "auth": [init data,
    one per page]}), print "ready" once each has its first state; then "wait <version>"
    is answered "got <version>" once every page has it (or newer), and "end <versions>"
    with a summary (JSON): which pages got every one of the versions, the newest."""
    import aiohttp

    loop = asyncio.get_running_loop()
    stdin = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(stdin), sys.stdin)
    job = json.loads(await stdin.readline())
    url, game, auth = job["url"], job["game"], job["auth"]
    count = len(auth)
    pages = [Page() for _ in range(count)]
    target, reached = [0], [0]
    arrived = asyncio.Event()
    opened = asyncio.Event()
    first = [0]
    out = sys.stdout

    async def watch(i: int, socket: aiohttp.ClientWebSocketResponse) -> None:
        page = pages[i]
        async for message in socket:
            if message.type is not aiohttp.WSMsgType.TEXT:
                continue
            data = json.loads(message.data)
            if data.get("type") != "state":
                continue
            version = data["state"]["version"]
            page.messages += 1
            page.versions.add(version)
            if page.best < 0:
                first[0] += 1
                if first[0] == count:
                    opened.set()
            if version > page.best:
                if page.best < target[0] <= version:
                    reached[0] += 1
                    if reached[0] == count:
                        arrived.set()
                page.best = version
        page.closed = socket.close_code
        first[0] += page.best < 0  # never got a state: do not wait for it
        if first[0] >= count:
            opened.set()

    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as http:
        tasks: list[asyncio.Task[None]] = []
        sockets: list[aiohttp.ClientWebSocketResponse] = []

        async def connect(i: int) -> None:
            socket = await http.ws_connect(url + "api/live", autoping=True)
            await socket.send_str(json.dumps({"auth": auth[i], "game": game, "version": 0}))
            sockets.append(socket)
            tasks.append(asyncio.create_task(watch(i, socket)))

        for start in range(0, count, OPENING):
            await asyncio.gather(*(connect(i) for i in range(start, min(count, start + OPENING))))
        await asyncio.wait_for(opened.wait(), WAIT)
        print("ready", file=out, flush=True)
        late = 0
        while True:
            line = (await stdin.readline()).decode().strip()
            if line.startswith("wait "):
                target[0] = int(line.split()[1])
                reached[0] = sum(page.best >= target[0] for page in pages)
                arrived.clear()
                if reached[0] < count:
                    try:
                        await asyncio.wait_for(arrived.wait(), WAIT)
                    except TimeoutError:
                        late += 1
                print(f"got {target[0]}", file=out, flush=True)
            elif line.startswith("end ") or not line:
                pushed: list[int] = json.loads(line[4:]) if line else []
                break
        newest = max(pushed, default=-1)
        missing = {}
        for i, page in enumerate(pages):
            lost = sorted(v for v in set(pushed) if v not in page.versions)
            if lost:
                missing[i] = lost
        report = {
            "all_versions": count - len(missing),
            "newest": newest,
            "newest_ok": sum(newest in page.versions for page in pages),
            "messages": sum(page.messages for page in pages),
            "late": late,
            "closed": sum(page.closed is not None for page in pages),
            "missing": dict(list(missing.items())[:5]),
            "cpu": time.process_time(),  # the reader's own CPU so far
        }
        for socket in sockets:
            await socket.close()
        for task in tasks:
            task.cancel()
        with contextlib.suppress(BaseException):
            await asyncio.gather(*tasks, return_exceptions=True)
    print(json.dumps(report), file=out, flush=True)


# -- the command ---------------------------------------------------------------------------


def main_command() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--sockets", default="0,10,100,300,0",
                        help="open pages per case, comma-separated (0: the baseline)")
    parser.add_argument("--changes", type=int, default=60,
                        help="changes pushed to the watchers per case")
    parser.add_argument("--languages", default="mixed,one",
                        help="mixed (the five languages), one (all English), or both")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-warm-up", action="store_true")
    parser.add_argument("--reader", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--case", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.case:
        job = json.loads(args.case)
        case = asyncio.run(one_case(Case(**job["case"]), job["changes"], job["seed"],
                                    job["warm_up"]))
        print(RESULT + json.dumps(asdict(case)), flush=True)
        return
    if args.reader:
        asyncio.run(reader())
        return
    sockets = [int(n) for n in args.sockets.split(",") if n.strip()]
    languages = [spread.strip() for spread in args.languages.split(",") if spread.strip()]
    if any(spread not in ("mixed", "one") for spread in languages):
        parser.error("--languages: mixed, one or both")
    asyncio.run(main(sockets, args.changes, languages, args.seed, not args.no_warm_up))


if __name__ == "__main__":
    main_command()
