"""What waiting games cost: a timer pass, a press and a player's list of games, with 1,000
and with 100,000 open correspondence games beside 1,000,000 finished ones (issue 38).

    python -m benchmarks.waiting_games [--small] [--verbose] [--engines postgres,sqlite]

Per engine, one database (PostgreSQL: a throwaway server started like the tests',
testkit/postgres.py; SQLite: a file in a temporary folder, as the bot opens it) is
filled in bulk, by one INSERT … SELECT over a series per table: players, the finished
games (a fifth of them correspondence), the open correspondence games (`d1` and `d3`, their
deadlines spread over the days to come, those inside their warning already warned, as a
running bot leaves them; versions 1 to 60, each with both players' board messages shown
up to date). Every games row passes the schema's checks and holds a real game's state (the
press game's), so the app's queries read them as they read any. Then, for each number of
open games (the second adds to the first), after ANALYZE:

* **pass**: `Core.timers.tick()`, the core's whole timer pass (deadlines and warnings:
  `waking_games`, `next_wake`; matchmaking, analyses, tournaments), with no game due;
* **door sweep**: the Telegram door's extra read on every pass, the boards left behind
  (`boards.games_behind`, bot/services/repair.py), as a sweep after the first asks it: the
  games saved since the previous sweep (a second before) less `MARGIN`, and the messages
  due again;
* **start-up sweep**: the same door's first sweep of a process, every game in play;
* **outage batch**: `waking_games` three days later, when every open game is due at once:
  one pass's bounded batch (`storage.games.WAKE_BATCH`);
* **press**: `GameService.act` on one open game (roll, each checker, Done), a second of
  the injected clock after the other;
* **list**: `correspondence_games(player)`, a player's list of games in play, for players
  with about ten each.

Prints p50 and p99 in milliseconds. `--verbose` also prints the plans of the statements a
pass, the outage batch and the list run (`testkit/plans.py`): none may read the
table `games` through. `--small`: 100 and 1,000 open games beside 10,000 finished, seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from benchmarks.figures import percentile
from bot.services.repair import MARGIN, RECENT, SETTLING
from core.actions import Act, Action, Refusal
from core.assembly import Core
from core.live import Live
from core.timecontrol import TimeControl
from core.workers import InlineRunner
from engine.dice import SeededDice
from engine.game import Phase
from storage import boards, games
from storage.clock import to_epoch
from storage.connect import open_database
from storage.db import Database
from testkit.plans import plan, recorded, scans
from testkit.postgres import PostgresServer

NOW = datetime(2026, 12, 7, 12, 0, tzinfo=UTC)
DAY = 86_400
CONTROLS = (TimeControl.parse("d1"), TimeControl.parse("d3"))


@dataclass(frozen=True)
class Sizes:
    opens: tuple[int, ...]  # open correspondence games, each case adding to the one before
    finished: int
    players: int
    passes: int
    presses: int
    lists: int


FULL = Sizes(opens=(1_000, 100_000), finished=1_000_000, players=20_000, passes=40,
             presses=300, lists=200)
SMALL = Sizes(opens=(100, 1_000), finished=10_000, players=200, passes=10, presses=40,
              lists=30)


@dataclass(frozen=True)
class Settings:
    """What the core reads of the settings (core.assembly.CoreSettings)."""

    move_timeout_seconds: int = 120
    restart_grace_seconds: int = 30
    time_controls: str = ""
    auto_analysis_matches: int = 0  # no analysis: the benchmark times the waiting


class Clock:
    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> datetime:
        return self.now


@dataclass
class Figures:
    engine: str
    opens: int
    finished: int
    fill_s: float
    rows: dict[str, tuple[float, float]]  # name -> (p50 ms, p99 ms)


def _series(engine: str) -> str:
    """The head of an INSERT over k = first..last (two parameters)."""
    if engine == "postgres":
        return "WITH s(k) AS (SELECT generate_series(CAST(? AS BIGINT), CAST(? AS BIGINT))) "
    return ("WITH RECURSIVE s(k) AS (SELECT CAST(? AS INTEGER) UNION ALL"
            " SELECT k + 1 FROM s WHERE k < CAST(? AS INTEGER)) ")


# Two different players of 1..players for game k: each player in about the same number.
_PAIR = ("1 + (k % {p}) AS p0, 1 + ((k + 1 + (k / {p}) % ({p} - 1)) % {p}) AS p1")
_COLUMNS = ("variant, player0_id, player1_id, level, match_length, cube, rated, status,"
            " state_json, version, deadline, winner_seat, result, points, created_at,"
            " updated_at, finished_at, control, warn_lead, correspondence, warned_deadline")


async def fill_players(db: Database, count: int) -> None:
    stamp = to_epoch(NOW) - 400 * DAY
    async with db.transaction() as tx:
        await tx.execute(
            _series(db.engine) + "INSERT INTO players (id, name, username, language,"
            " created_at, updated_at) SELECT k, 'P' || k, NULL, 'en', ?, ? FROM s"
            " WHERE k NOT IN (SELECT id FROM players)",
            (1, count, stamp, stamp))


async def fill_finished(db: Database, first: int, last: int, players: int, state: str) -> None:
    """Games over, a fifth of them by correspondence, finished over the last year."""
    now = to_epoch(NOW)
    async with db.transaction() as tx:
        await tx.execute(
            _series(db.engine) + f"INSERT INTO games ({_COLUMNS})"
            " SELECT 'short', p0, p1, NULL, 1, 0, 1, 'finished', ?, 40, NULL, k % 2, 'plain',"
            " 1, f - 3600, f, f, CASE WHEN k % 5 = 0 THEN 'd1' ELSE 'm120' END,"
            " CASE WHEN k % 5 = 0 THEN CAST(? AS INTEGER) ELSE 30 END,"
            " CASE WHEN k % 5 = 0 THEN 1 ELSE 0 END, NULL"
            " FROM (SELECT k, " + _PAIR.format(p=players)
            + ", CAST(? AS BIGINT) - (k * 31) % (365 * 86400) AS f FROM s) AS g",
            (first, last, state, CONTROLS[0].warn_before(), now))


async def fill_open(db: Database, first: int, last: int, players: int, state: str) -> None:
    """Correspondence games in play: `d1` (two in three) and `d3`, each deadline somewhere
    in its control's time from now; a game already inside its warning was warned (the
    claim a running timer loop leaves, `warned_deadline`). Both players' boards shown."""
    now = to_epoch(NOW)
    d1, d3 = CONTROLS
    async with db.transaction() as tx:
        before = await tx.fetchval("SELECT COALESCE(MAX(id), 0) FROM games")
        await tx.execute(
            _series(db.engine) + f"INSERT INTO games ({_COLUMNS})"
            " SELECT 'short', p0, p1, NULL, 1, 0, 1, 'active', ?, v, d, NULL, NULL, NULL,"
            " d - 5 * 86400, d - 86400, NULL, c, w, 1,"
            " CASE WHEN d - w <= CAST(? AS BIGINT) THEN d END"
            " FROM (SELECT k, p0, p1, v, c, w, CAST(? AS BIGINT) + 60 + (k * 7919) % t AS d"
            " FROM (SELECT k, " + _PAIR.format(p=players) + ", 1 + k % 60 AS v,"
            " CASE WHEN k % 3 = 2 THEN ? ELSE ? END AS c,"
            " CASE WHEN k % 3 = 2 THEN CAST(? AS BIGINT) ELSE CAST(? AS BIGINT) END AS w,"
            " CASE WHEN k % 3 = 2 THEN CAST(? AS BIGINT) ELSE CAST(? AS BIGINT) END AS t"
            " FROM s) AS a) AS g",
            (first, last, state, now, now, d3.token, d1.token, d3.warn_before(),
             d1.warn_before(), d3.seconds, d1.seconds))
        for seat in (0, 1):
            await tx.execute(
                "INSERT INTO board_messages (game_id, chat_id, message_id, player_id,"
                f" updated_at, shown_version, sending_version) SELECT id, player{seat}_id, id,"
                f" player{seat}_id, updated_at, version, version FROM games WHERE id > ?",
                (before,))


async def analyze(db: Database) -> None:
    """Fresh planner statistics, as autovacuum (PostgreSQL) keeps them; SQLite's planner
    goes by the indexes alone, as the bot leaves it (no ANALYZE)."""
    if db.engine == "postgres":
        async with db.autocommit() as tx:
            await tx.execute("ANALYZE")
            await tx.execute("VACUUM games")  # visibility map (autovacuum's too)


async def timed(call: Callable[[], Awaitable[Any]], times: int) -> tuple[float, float]:
    """p50 and p99 of `times` calls, in milliseconds."""
    spent = []
    for _ in range(times):
        started = time.perf_counter()
        await call()
        spent.append((time.perf_counter() - started) * 1000)
    return statistics.median(spent), percentile(spent, 0.99)


async def next_action(core: Core, game_id: int) -> tuple[int, Action]:
    """(the player, the press) that moves the game on: roll, each checker of the first
    legal play, Done."""
    row = await games.load_game(core.db, game_id)
    live = Live.load(row.state_json)
    player = row.players[live.game.to_act]
    assert player is not None and row.status == "active"
    game = live.game
    if game.phase is Phase.ROLL:
        return player, Action(game_id, row.version, Act.ROLL)
    turn = live.turn()
    if turn.is_complete and not turn.legal_steps():
        return player, Action(game_id, row.version, Act.DONE)
    step = turn.legal_steps()[0]
    return player, Action(game_id, row.version, Act.GO, step.src, step.dst)


async def new_press_game(core: Core, players: tuple[int, int]) -> int:
    challenge = await core.challenges.create(players[0], "short", 1, False, CONTROLS[0])
    row, live = await core.challenges.accept(challenge.code, players[1])
    await core.games.begin(row, live)
    return row.id


async def presses(core: Core, clock: Clock, game_id: int, count: int,
                  players: tuple[int, int]) -> tuple[list[float], int]:
    """`count` presses, each timed from the call to its return; a game that ends is
    followed by a new one. Returns the times (ms) and the game in play."""
    spent: list[float] = []
    answers: list[Refusal | None] = []

    async def respond(refusal: Refusal | None) -> None:
        answers.append(refusal)

    while len(spent) < count:
        if (await games.load_game(core.db, game_id)).status != "active":
            game_id = await new_press_game(core, players)
        player, action = await next_action(core, game_id)
        clock.now += timedelta(seconds=1)
        started = time.perf_counter()
        await core.games.act(player, action, respond)
        spent.append((time.perf_counter() - started) * 1000)
        if answers[-1] is not None:
            raise RuntimeError(f"press {action} refused: {answers[-1]}")
    return spent, game_id


async def sweep(db: Database) -> list[int]:
    """The door's sweep a second after the one before (`BoardRepair.sweep`, not the first)."""
    mark = NOW - SETTLING - timedelta(seconds=1)
    return await boards.games_behind(db, NOW - RECENT, NOW - SETTLING, now=NOW,
                                     changed_since=mark - MARGIN)


async def measure(core: Core, clock: Clock, sizes: Sizes, game_id: int, rng: random.Random,
                  verbose: bool) -> tuple[dict[str, tuple[float, float]], int]:
    db = core.db
    rows: dict[str, tuple[float, float]] = {}
    clock.now = NOW
    await core.timers.tick()  # warm: connections, statements
    rows["timer pass"] = await timed(core.timers.tick, sizes.passes)
    rows["door sweep"] = await timed(lambda: sweep(db), sizes.passes)
    rows["start-up sweep"] = await timed(
        lambda: boards.games_behind(db, NOW - RECENT, now=NOW), max(3, sizes.passes // 8))
    later = NOW + timedelta(days=3)
    rows["outage batch"] = await timed(lambda: games.waking_games(db, later),
                                       max(3, sizes.passes // 4))
    people = [rng.randint(3, sizes.players) for _ in range(sizes.lists)]
    listed = iter(people * 2)
    rows["list"] = await timed(lambda: games.correspondence_games(db, next(listed)),
                               sizes.lists)
    spent, game_id = await presses(core, clock, game_id, sizes.presses, (1, 2))
    rows["press"] = (statistics.median(spent), percentile(spent, 0.99))
    clock.now = NOW
    if verbose:
        await show_plans(core, people[0], later)
    return rows, game_id


async def show_plans(core: Core, player: int, later: datetime) -> None:
    db = core.db
    async with recorded(db) as statements:
        await core.timers.tick()
        await games.waking_games(db, later)
        await games.correspondence_games(db, player)
        await games.clocked_games(db)
        await sweep(db)
    for sql, params in statements:
        lines = await plan(db, sql, params)
        if "games" not in sql.replace("games_", ""):
            continue
        flag = "SCAN OF games  " if scans(lines) else ""
        print(f"  {flag}{' '.join(sql.split())[:150]}…")
        for line in lines:
            if any(word in line for word in ("Scan", "SCAN", "SEARCH", "Limit", "Sort",
                                             "Index Cond", "B-TREE")):
                print(f"      {line.strip()}")


async def run_engine(engine: str, sizes: Sizes, verbose: bool, seed: int) -> list[Figures]:
    server = PostgresServer.start() if engine == "postgres" else None
    folder = tempfile.TemporaryDirectory(prefix="nard-waiting-")
    url = server.url() if server is not None else str(Path(folder.name) / "nard.sqlite3")
    rng = random.Random(seed)
    clock = Clock()
    db = await open_database(url)
    core = Core(Settings(), db, clock=clock, dice=SeededDice(seed), pool=InlineRunner(),
                analysis_runner=InlineRunner())
    figures: list[Figures] = []
    try:
        started = time.perf_counter()
        await fill_players(db, sizes.players)
        game_id = await new_press_game(core, (1, 2))  # one real game: its state is the rows'
        state = (await games.load_game(db, game_id)).state_json
        await fill_finished(db, 1, sizes.finished, sizes.players, state)
        made = 1  # the press game is open too
        fill = time.perf_counter() - started
        for opens in sizes.opens:
            started = time.perf_counter()
            await fill_open(db, made, opens - 1, sizes.players, state)
            made = opens
            await analyze(db)
            fill += time.perf_counter() - started
            if verbose:
                print(f"{engine}, {opens:,} open games: plans", flush=True)
            rows, game_id = await measure(core, clock, sizes, game_id, rng, verbose)
            figures.append(Figures(engine, opens, sizes.finished, fill, rows))
            print(line(figures[-1]), flush=True)
    finally:
        await core.stop()
        await db.close()
        if server is not None:
            server.stop()
        folder.cleanup()
    return figures


NAMES = ("timer pass", "door sweep", "start-up sweep", "outage batch", "press", "list")


def header() -> str:
    cells = "".join(f"{name + ' p50/p99':>24}" for name in NAMES)
    return f"{'engine':<9}{'open':>8}{'finished':>10}{cells}"


def line(f: Figures) -> str:
    cells = "".join(f"{f'{p50:.2f} / {p99:.2f}':>24}"
                    for p50, p99 in (f.rows[name] for name in NAMES))
    return f"{f.engine:<9}{f.opens:>8,}{f.finished:>10,}{cells}"


async def main(small: bool = False, verbose: bool = False,
               engines: tuple[str, ...] = ("postgres", "sqlite"), seed: int = 1
               ) -> list[Figures]:
    sizes = SMALL if small else FULL
    print(f"waiting games: {' then '.join(f'{n:,}' for n in sizes.opens)} open correspondence"
          f" games beside {sizes.finished:,} finished, {sizes.players:,} players;"
          f" milliseconds (pass and sweep: {sizes.passes} each, presses: {sizes.presses},"
          f" lists: {sizes.lists}; outage batch: at most {games.WAKE_BATCH} games)",
          flush=True)
    print(header(), flush=True)
    figures = []
    for engine in engines:
        figures += await run_engine(engine, sizes, verbose, seed)
    return figures


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", action="store_true", help="100 and 1,000 open games")
    parser.add_argument("--verbose", action="store_true", help="print the query plans")
    parser.add_argument("--engines", default="postgres,sqlite")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    asyncio.run(main(args.small, args.verbose, tuple(args.engines.split(",")), args.seed))
