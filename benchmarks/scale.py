"""Presses per second with 1, 2 and 3 `python -m bot` processes on one PostgreSQL (and one
process on SQLite), in webhook mode behind a small load balancer.

    python -m benchmarks.scale [--games 12] [--seconds 30] [--runs pg1,pg2,pg3,sqlite1]

Per run: a PostgreSQL server of its own (testkit/postgres.py) or a SQLite file, the
fake Bot API in this process (it answers at once and keeps every chat), the balancer of
testkit/cluster.py, then `--games` friend games pressed at the same time, each as
fast as its players can: press what the board offers, wait for the press's answer and the
board's redraw, press again. Figures: presses answered per second over `--seconds`, and the
median and 95th percentile of a press's answer time (posted to the balancer → answered).

The bot processes render every board (Pillow) and save every press; this process only
delivers updates and watches the fake's chats. `COMPUTER_WORKERS=0` (no computer plays).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.figures import percentile
from bot.views.callbacks import Act
from storage import boards
from storage.connect import open_database
from testkit import cluster as scale_out
from testkit.driver import choose
from testkit.fake_telegram import FakeTelegram
from testkit.fixtures import TEST_TOKEN
from testkit.postgres import PostgresCluster, PostgresServer

RUNS = {"pg1": ("postgres", 1), "pg2": ("postgres", 2), "pg3": ("postgres", 3),
        "sqlite1": ("sqlite", 1)}


async def press_loop(nodes: scale_out.Cluster, game_id: int, until: float,
                     latencies: list[float]) -> int:
    """Press the game's offered buttons until `until` (monotonic); the presses answered."""
    assert nodes.db is not None
    chats = {m.chat_id: m.message_id for m in await boards.board_messages(nodes.db, game_id)}
    answered = 0
    while time.monotonic() < until:
        offered = None
        for chat, message_id in chats.items():
            with contextlib.suppress(LookupError):
                board = nodes.fake.message(chat, message_id)
                data = choose(board.buttons)
                if data is not None and data.a is not Act.REMATCH:
                    offered = (chat, board, data)
                    break
        if offered is None:
            await asyncio.sleep(0.002)
            continue
        chat, board, data = offered
        edits = len(board.edits)
        started = time.monotonic()
        query = nodes.fake.user(chat, f"P{chat}").press(board, data.pack())
        while nodes.fake.callback_answer(query) is None and time.monotonic() < until + 10:
            await asyncio.sleep(0.002)
        if nodes.fake.callback_answer(query) is None:
            break
        latencies.append(time.monotonic() - started)
        answered += 1
        wait_until = time.monotonic() + 5  # the redraw (or the other player's board)
        while len(board.edits) == edits and time.monotonic() < wait_until:
            if any(choose(nodes.fake.message(c, m).buttons) not in (None, data)
                   for c, m in chats.items() if c != chat):
                break
            await asyncio.sleep(0.002)
    return answered


async def run(engine: str, processes: int, games: int, seconds: float,
              cluster: PostgresCluster | None) -> tuple[float, float, float, int]:
    folder = Path(tempfile.mkdtemp(prefix="nard-scale-"))
    url = (await cluster.create()) if cluster is not None else str(folder / "nard.sqlite3")
    scale_out.PROCESSES = processes
    async with FakeTelegram(TEST_TOKEN) as fake:
        nodes = scale_out.Cluster(fake, url, folder)
        balancer = scale_out.Balancer(nodes.ports)
        await balancer.start()
        nodes.db = await open_database(url)
        stop = asyncio.Event()
        delivery = asyncio.create_task(scale_out.deliver(
            fake, f"http://127.0.0.1:{balancer.port}/tg/updates", stop))
        try:
            for index in range(processes):
                nodes.start(index, balancer)
            for index, port in enumerate(nodes.ports):
                await nodes.until(lambda p=port, i=index: scale_out.healthy(p, nodes.processes[i]),
                                  180, "a process to listen")
            ids = [await scale_out.friend_game(nodes, 7000 + 2 * n, 7001 + 2 * n)
                   for n in range(games)]
            for game_id in ids:  # both boards sent
                await nodes.until(lambda g=game_id: _boards(nodes, g), 60, "the boards")
            latencies: list[float] = []
            started = time.monotonic()
            counts = await asyncio.gather(*(press_loop(nodes, g, started + seconds, latencies)
                                            for g in ids))
            elapsed = time.monotonic() - started
        finally:
            stop.set()
            await asyncio.gather(delivery, return_exceptions=True)
            nodes.stop_all()
            await balancer.close()
            await nodes.db.close()
            if cluster is not None:
                await cluster.drop(url)
    latencies.sort()
    p95 = percentile(latencies, 0.95)
    return sum(counts) / elapsed, statistics.median(latencies), p95, sum(counts)


async def _boards(nodes: scale_out.Cluster, game_id: int) -> bool:
    assert nodes.db is not None
    stored = await boards.board_messages(nodes.db, game_id)
    return len(stored) == 2 and all(m.message_id for m in stored)


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--runs", default="pg1,pg2,pg3,sqlite1")
    args = parser.parse_args()
    runs = [RUNS[name] for name in args.runs.split(",")]
    server = PostgresServer.start() if any(e == "postgres" for e, _ in runs) else None
    try:
        cluster = PostgresCluster(server) if server is not None else None
        print(f"{args.games} friend games pressed at once for {args.seconds:.0f} s, "
              "webhook mode behind the balancer")
        print(f"{'database':<11} {'processes':>9} {'presses/s':>10} {'median ms':>10} "
              f"{'p95 ms':>8} {'presses':>8}")
        for engine, processes in runs:
            rate, median, p95, total = await run(engine, processes, args.games, args.seconds,
                                                 cluster if engine == "postgres" else None)
            print(f"{engine:<11} {processes:>9} {rate:>10.1f} {median * 1000:>10.0f} "
                  f"{p95 * 1000:>8.0f} {total:>8}", flush=True)
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    asyncio.run(main())
