"""Three `python -m bot` processes in webhook mode on one PostgreSQL, behind a small load
balancer, while one process at a time is killed with SIGKILL and started again.

The fake Bot API posts every update to the balancer (as Telegram posts to a webhook: one at
a time, again after an error); the balancer hands each to the next process that accepts a
connection, as nginx's `proxy_next_upstream error` does, so a killed process's share goes
to the others. Games are played through the buttons at the same time: friend games, games
against the computer, a group game, and a friend game left to run out of time. The players
press what they are offered, and press again when a press is never answered (its update
was taken by a process killed before it answered).

Checked at the end, after every process has settled:
* every game is over, and its move log replays through the engine to the stored game (no
  move lost or doubled);
* every answered press that changes a game is in the database;
* every result message reached each player exactly once, and the timeout was applied once
  (one result, one warning at most);
* the group never got more than 20 edits, nor 20 messages, in any 60 seconds.

`NARD_SCALE_GAMES` (default 5: two friend games, two against the computer, the group game;
plus the timed-out one) and `NARD_SCALE_KILLS` (default 3) make it longer; friend and group
games are resigned after `NARD_SCALE_PRESSES` presses (default 40; 0: played out).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import random
import time
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.views.callbacks import Act
from core.live import Live
from storage import boards, games, outbox
from storage.connect import open_database
from testkit.cluster import (
    GROUP,
    PROCESSES,
    WINDOW,
    Balancer,
    Cluster,
    computer_game,
    deliver,
    friend_game,
    group_game,
    healthy,
    settled,
)
from testkit.fake_telegram import EDIT_METHODS, FakeTelegram
from testkit.fixtures import fake_telegram  # noqa: F401 - a fixture
from testkit.lifecycle import replay
from testkit.postgres import PostgresCluster

pytestmark = [pytest.mark.postgres, pytest.mark.slow]
GAMES = int(os.environ.get("NARD_SCALE_GAMES", "5"))
KILLS = int(os.environ.get("NARD_SCALE_KILLS", "3"))
PRESSES = int(os.environ.get("NARD_SCALE_PRESSES", "40"))
STATE_CHANGES = {Act.GO, Act.FULL, Act.UNDO, Act.DONE, Act.ROLL, Act.DOUBLE, Act.TAKE, Act.DROP,
                 Act.RESIGN_YES}
MESSAGE_METHODS = EDIT_METHODS | {"sendMessage", "sendPhoto"}


@pytest_asyncio.fixture
async def cluster(postgres: PostgresCluster, fake_telegram: FakeTelegram,  # noqa: F811
                  tmp_path: Path) -> AsyncIterator[tuple[Cluster, Balancer]]:
    url = await postgres.create()
    nodes = Cluster(fake_telegram, url, tmp_path)
    balancer = Balancer(nodes.ports)
    await balancer.start()
    nodes.db = await open_database(url)  # migrated before the processes start
    try:
        yield nodes, balancer
    finally:
        nodes.stop_all()
        await balancer.close()
        await nodes.db.close()
        await postgres.drop(url)



async def killer(nodes: Cluster, balancer: Balancer, stop: asyncio.Event) -> None:
    """Every few seconds: one process killed (SIGKILL), then started again."""
    rng = random.Random(17)
    for _ in range(KILLS):
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), rng.uniform(4, 10))
        if stop.is_set():
            return
        index = rng.randrange(PROCESSES)
        nodes.kill(index)
        nodes.start(index, balancer)


async def test_three_processes_one_database_while_processes_are_killed(cluster) -> None:
    nodes, balancer = cluster
    started = time.monotonic()
    for index in range(PROCESSES):
        nodes.start(index, balancer)
    for index, port in enumerate(nodes.ports):
        await nodes.until(lambda p=port, i=index: healthy(p, nodes.processes[i]), 180,
                          f"process {index} to listen")
    stop = asyncio.Event()
    delivery = asyncio.create_task(deliver(
        nodes.fake, f"http://127.0.0.1:{balancer.port}/tg/updates", stop))
    kills: asyncio.Task[None] | None = None
    try:
        players = itertools.count(5001)
        timed_out = await friend_game(nodes, next(players), next(players))
        sleeper = await _to_act(nodes, timed_out)
        games_played: list[tuple[int, int]] = []  # (game, presses before resigning)
        for number in range(GAMES):
            if number == GAMES - 1:
                games_played.append((await group_game(nodes, next(players), next(players)),
                                     PRESSES or 20))
            elif number % 2 == 0:
                games_played.append((await friend_game(nodes, next(players), next(players)),
                                     PRESSES))
            else:
                games_played.append((await computer_game(nodes, next(players)), 0))
        kills = asyncio.create_task(killer(nodes, balancer, stop))
        await asyncio.gather(*(nodes.play(game, limit) for game, limit in games_played))
        await nodes.until(lambda: _over(nodes, timed_out), 3 * WINDOW, "the timeout")
        await nodes.until(lambda: settled(nodes), 90, "every process to settle")
    finally:
        stop.set()
        for task in (delivery, kills):
            if task is not None:
                await asyncio.gather(task, return_exceptions=True)
    assert nodes.db is not None
    db = nodes.db

    rows = [await games.load_game(db, row[0]) for row in await db.fetchall(
        "SELECT id FROM games ORDER BY id")]
    assert len(rows) == GAMES + 1, rows
    assert all(row.status == "finished" for row in rows), [
        (row.id, row.players, row.status) for row in rows]
    results: Counter[int] = Counter()
    for row in rows:  # nothing lost, nothing doubled: the log replays to the stored game
        played = replay(await games.match_log(db, row.id), row.variant, row.match_length,
                        row.cube)
        assert played[-1].to_dict() == Live.load(row.state_json).game.to_dict()
        assert len(await games.game_results(db, row.id)) == 1
        if all(m.player_id is not None for m in await boards.board_messages(db, row.id)):
            results.update(p for p in row.players if p is not None)  # told privately
    answered = 0
    for press in nodes.presses:  # an answered change is in the database
        answer = nodes.fake.callback_answer(press.query)
        if press.data.a in STATE_CHANGES and answer is not None and not answer.get("text"):
            answered += 1
            row = await games.load_game(db, press.game)
            assert row.version > press.data.v or row.status != "active", (press, row)
    for player, count in results.items():  # each private result message once
        got = [m for m in nodes.fake.messages(player)
               if (m.text or "").startswith(("🏆 You won", "You lost"))]
        assert len(got) == count, (player, nodes.fake.transcript(player))
    log = await games.match_log(db, timed_out)
    [result] = [line for lines in log.values() for line in lines if line.kind == "result"]
    assert "timeout" in result.notation, result
    warnings = [m for m in nodes.fake.messages(sleeper) if (m.text or "").startswith("⏱")]
    assert len(warnings) <= 1, nodes.fake.transcript(sleeper)
    edits = nodes.fake.edits_per_window(GROUP, 60)
    messages = nodes.fake.requests_per_window(GROUP, 60, MESSAGE_METHODS)
    assert edits <= 20 and messages <= 20, (edits, messages)
    assert not await outbox.pending_notices(db)
    print(f"scale-out e2e: {PROCESSES} processes, {nodes.kills} SIGKILLs, {len(rows)} games, "
          f"{len(nodes.presses)} presses ({answered} answered changes, all stored), "
          f"{sum(1 for p in nodes.presses if nodes.fake.callback_answer(p.query) is None)} "
          f"unanswered (taken by a killed process, pressed again), updates per process "
          f"{sorted(balancer.forwarded.values())}, group: {edits} edits / {messages} messages "
          f"in the busiest 60 s, {len(warnings)} warning, "
          f"{time.monotonic() - started:.0f} s")



async def _to_act(nodes: Cluster, game_id: int) -> int:
    assert nodes.db is not None
    row = await games.load_game(nodes.db, game_id)
    player = row.players[Live.load(row.state_json).game.to_act]
    assert player is not None
    return player


async def _over(nodes: Cluster, game_id: int) -> bool:
    assert nodes.db is not None
    return (await games.load_game(nodes.db, game_id)).status != "active"

