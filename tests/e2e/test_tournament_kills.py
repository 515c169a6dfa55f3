"""A 4-player knock-out and then a 4-player Swiss in one group, with the real
`python -m bot` killed (SIGKILL) at each moment where it has saved a tournament's change
and not yet shown it, on both storage engines:

* a result saved, the group's picture not redrawn: the knock-out's bracket after a
  first-round match, and the Swiss's standings after round 1's last result (with round 2
  paired in the same transaction);
* a round's games made, their players not told whom they play: the knock-out's final;
* the tournament won, the winner not announced: the knock-out's.

After each restart the bot settles and nothing has changed (`Run.check`, in
testkit/tournament_kills.py): every pairing has one game, every result stands, the
group's picture is byte for byte the bracket or standings the test works out from the
stored rows (testkit/brackets.py, swiss.py), each round is paired once, the news,
the winner, each pairing, result and placing are told once.

Each moment is killed once. The Swiss's round-3 games (told through the same
`TournamentDoor.paired` as the final, only the wording differs) and its winner's
announcement (the same message as the knock-out's, with the Swiss's text) were killed
too, in a test of their own, until 7 December 2026: the same code paths, two more
restarts and a third process's start per engine. test_group_tournaments_kills.py plays
the bigger tournaments (and an arena) on PostgreSQL.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from core.live import Live
from storage import tournaments as stored
from testkit.fake_telegram import FakeTelegram
from testkit.fixtures import fake_telegram  # noqa: F401 - a fixture
from testkit.tournament_kills import GROUP, PLAYERS, Run, running

pytestmark = pytest.mark.slow  # real `python -m bot` processes: seconds to minutes a test

FOUR = dict(list(PLAYERS.items())[:4])


async def knockout(run: Run) -> None:
    assert run.db is not None
    await run.open(("🏆 Knock-out", "Short nard", "1 game", "Without the cube", "4",
                    "When full"))
    first = await run.playing()
    assert len(first) == 2
    # 1. A first-round match ends; the process dies before the bracket is redrawn.
    run.hold.arm("editMessageMedia", lambda p: p.get("chat_id") == GROUP)
    await run.lose(first[0])
    await run.kill("knock-out: a match over, the bracket not redrawn")
    # 2. The other one ends; the final's game is made; the process dies as its players
    # are told whom they play.
    run.hold.arm("sendMessage", lambda p: "round 2 of 2" in str(p.get("text")))
    await run.lose(first[1])
    await run.kill("knock-out: the final made, its players not told")
    [final] = await run.playing()
    assert final.status == "active" and final.id not in {row.id for row in first}
    assert Live.load(final.state_json).game.result is None
    # 3. The final ends; the process dies before the winner is announced.
    run.hold.arm("sendPhoto", lambda p: "wins the tournament" in str(p.get("caption")))
    await run.lose(final)
    await run.kill("knock-out: won, the winner not announced")
    t = await run.tournament()
    assert t.status == "finished" and t.winner_id is not None
    assert len(await stored.pairings(run.db, t.id)) == 3


async def swiss(run: Run) -> None:
    assert run.db is not None
    await run.open(("♟ Swiss", "Short nard", "1 game", "Without the cube", "4",
                    "When full"))
    first = await run.playing()
    assert len(first) == 2
    await run.lose_out(first[0])
    # 4. Round 1's last match ends (round 2 paired with it); the process dies before the
    # standings are redrawn.
    run.hold.arm("editMessageMedia", lambda p: p.get("chat_id") == GROUP)
    await run.lose(first[1])
    await run.kill("Swiss: round 1 over, round 2 paired, the standings not redrawn")
    t = await run.tournament()
    for number in (2, 3):
        current = await run.playing()
        ids = {row.id for row in current}
        assert len(current) == 2 and not ids & {row.id for row in first}
        assert {p.round for p in await stored.pairings(run.db, t.id)
                if p.game_id in ids} == {number}
        await run.lose_out(*current)
    t = await run.tournament()
    assert t.status == "finished" and t.winner_id is not None
    assert len(await stored.pairings(run.db, t.id)) == 6


async def test_sigkill_in_the_middle_of_a_knockout_and_a_swiss_changes_nothing(
        fake_telegram: FakeTelegram, tmp_path: Path, database_url: str) -> None:  # noqa: F811
    began = time.monotonic()
    async with running(Run(fake_telegram, database_url, tmp_path / "bot.log", FOUR)) as run:
        await knockout(run)
        await swiss(run)
    print(run.report("a 4-player knock-out and a 4-player Swiss", began))
