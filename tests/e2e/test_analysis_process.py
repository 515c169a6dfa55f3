"""`python -m bot` as a real process: an analysis cut short by SIGKILL is finished after the
restart, and its progress message becomes the answer (never left behind).

A finished long-nard game (seeded random play, about 90 moves: a few seconds at 2-ply) is
stored as the bot stores one, so its result message, with the 📊 Analysis button, goes out
from the outbox when the bot starts. Ali presses the button; once the progress message has
been edited (the job is half-way) the bot is killed. Its worker process goes with it (it
reads its work from the dead bot's pipe). After the restart the job's claim runs out and
the bot's timer loop starts the job again.
"""

from __future__ import annotations

import asyncio
import os
import signal
from datetime import UTC, datetime
from pathlib import Path

import pytest

from core.eventlog import since
from core.games import result_notice
from core.live import Live
from engine.dice import SeededDice
from engine.game import Game, Phase
from engine.result import ResultKind
from storage import Database, analysis, games, players, results
from storage.connect import open_database
from testkit.fake_telegram import FakeTelegram
from testkit.fixtures import fake_telegram  # noqa: F401 - a fixture
from testkit.processes import start_bot

pytestmark = pytest.mark.slow  # real `python -m bot` processes: seconds to minutes a test

ALI, VALI = 3201, 3202


def random_game(seed: int) -> Game:
    """A whole long-nard game of random legal moves (seeded), ended by a resignation."""
    dice = SeededDice(seed)
    game = Game.new("long", dice)
    pick = SeededDice(seed + 1)
    while game.phase is not Phase.OVER and len(game.history) < 1000:
        if game.phase is Phase.ROLL:
            game.roll(game.seat, dice)
        else:
            plays = game.legal_plays()
            game.play(game.seat, plays[pick.roll_die() % len(plays)])
    if game.result is None:
        game.resign(game.seat, lambda position, **stands: ResultKind.PLAIN)
    return game


async def store(db: Database, game: Game) -> int:
    now = datetime.now(UTC)
    for user, name in ((ALI, "Ali"), (VALI, "Vali")):
        await players.upsert_player(db, user, name, username=None, language="en", now=now)
    live = Live(game)
    row = await games.create_game(db, variant="long", players=(ALI, VALI),
                                  state_json=live.dump(), now=now, log=since(None, live))
    assert game.result is not None
    await results.finish_game(db, row.id, row.version, winner_seat=game.result.winner,
                              result=game.result.kind.value, points=game.result.points,
                              state_json=live.dump(), now=now, notice=result_notice(live))
    return row.id


def children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found |= {int(c) for c in (task / "children").read_text().split()}
    return found


async def gone(pids: set[int], timeout: float) -> bool:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        if not any(Path(f"/proc/{pid}").exists() and "Z" not in _state(pid) for pid in pids):
            return True
        await asyncio.sleep(0.1)
    return False


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"


async def test_an_analysis_cut_short_by_sigkill_is_answered_after_the_restart(
        fake_telegram: FakeTelegram, tmp_path: Path, database_url: str,  # noqa: F811
        monkeypatch: pytest.MonkeyPatch) -> None:
    fake, log = fake_telegram, tmp_path / "bot.log"
    # Progress shown early: the whole game takes a second or two at 2-ply on a quiet machine.
    monkeypatch.setenv("NARD_ANALYSIS_EDIT_SECONDS", "0.05")
    db = await open_database(database_url)
    game_id = await store(db, random_game(11))
    ali = fake.user(ALI, "Ali", language_code="en")
    bot = start_bot(fake, database_url, log)
    try:
        await fake.wait_for("sendMessage", lambda r: "📊 Analysis" in str(
            r.params.get("reply_markup")) and r.params.get("chat_id") in (ALI, str(ALI)),
            timeout=60)
        result = next(m for m in fake.messages(ALI) if m.buttons)
        # The result's buttons: Analysis, then Replay and File.
        [(label, data)] = [(text, data) for text, data in result.buttons
                           if text.startswith("📊")]
        mark = fake.mark()
        ali.press(result, data)
        await fake.wait_for("editMessageText", lambda r: "📊 Analysing: " in str(
            r.params.get("text")), after=mark, timeout=120)
        progress = fake.last_message(ALI)
        assert (progress.text or "").startswith("📊 Analysing: ")
        workers = children(bot.pid)
        assert workers  # the analysis runs in a process of its own
        os.kill(bot.pid, signal.SIGKILL)
        bot.wait(30)
        assert await gone(workers, 30), "the worker outlived the bot"
        assert await analysis.status(db, game_id, 1) == "running"
        assert len(await analysis.waiting(db, game_id, 1)) == 1

        bot = start_bot(fake, database_url, log)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 180  # the claim (30 s) runs out, then the whole analysis
        while loop.time() < deadline:
            text = fake.message(ALI, progress.message_id).text or ""
            if text.startswith("📊 Analysis · Long nard"):
                break
            await asyncio.sleep(0.2)
        else:
            raise AssertionError(fake.transcript(ALI))
        assert await analysis.status(db, game_id, 1) == "done"
        assert await analysis.waiting(db, game_id, 1) == []
        summaries = [m for m in fake.messages(ALI)
                     if (m.text or "").startswith("📊 Analysis · ")]
        assert summaries == [fake.message(ALI, progress.message_id)]  # edited, not resent
        assert label == "📊 Analysis"
    finally:
        bot.kill()
        bot.wait(30)
        await db.close()
