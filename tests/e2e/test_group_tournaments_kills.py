"""Issue 39's outside run: one group plays an 8-player knock-out, then a 6-player Swiss,
then an arena, against the real `python -m bot` killed (SIGKILL) in the middle of a round
of each. After every round and every restart the bot settles and the group shows what is
stored (`testkit.tournament_kills.Run.check`): the knock-out's bracket and the
Swiss's standings byte for byte as the test works them out from the pairings table
(testkit/brackets.py, testkit/swiss.py); the news in the order it happened
(the first round, each round's end, the final), each once, with watch links under news of
games being played, before the one result; each round paired once and each player told
of each pairing once; each game's result and each placing told once (nothing doubled or
lost by the kills); and no finished tournament board offers "Play again" while its
tournament runs.

The arena lasts ten minutes of the process's wall clock: after its kill the test moves its
end (`ends_at`) to now, as if the minutes had passed, and resigns the games left.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from core.swiss import swiss_rounds
from storage import tournaments as stored
from storage.clock import to_epoch
from testkit.fake_telegram import FakeTelegram
from testkit.fixtures import fake_telegram  # noqa: F401 - a fixture
from testkit.tournament_kills import GROUP, PLAYERS, Run, running
from tests.conftest import ENGINES

# Real `python -m bot` processes for three minutes: not in the default run (the kills of each
# format are test_tournament_kills' and tests/bot's, on both engines); `-m outside` runs it.
pytestmark = [pytest.mark.slow, pytest.mark.outside]

SWISS_PLAYERS = list(PLAYERS)[:6]


@pytest.fixture(params=[pytest.param("postgres", marks=[pytest.mark.postgres], id="postgres")
                        if "postgres" in ENGINES else pytest.param("sqlite", id="sqlite")])
def engine(request: pytest.FixtureRequest) -> str:
    """One engine, PostgreSQL (the one several processes share), where the suite runs it:
    each moment's kill on both engines is test_tournament_kills' (three minutes more of CI
    for no case it lacks)."""
    return str(request.param)


async def knockout(run: Run) -> None:
    await run.open(("🏆 Knock-out", "Short nard", "1 game", "Without the cube", "8",
                    "When full"), list(PLAYERS))
    first = await run.playing()
    assert len(first) == 4
    await run.lose_out(*first[:2])
    await run.lose_out(*first[2:])
    second = await run.playing()
    assert len(second) == 2
    await run.lose_out(second[0])
    # Round 2's last match ends and the final is made: the process dies as the final's
    # players are told whom they play.
    run.hold.arm("sendMessage", lambda p: "round 3 of 3" in str(p.get("text")))
    await run.lose(second[1])
    await run.kill("knock-out: the final made, its players not told")
    [final] = await run.playing()
    await run.lose_out(final)
    t = await run.tournament()
    assert t.status == "finished" and len(await stored.pairings(run.db, t.id)) == 7


async def swiss(run: Run) -> None:
    await run.open(("♟ Swiss", "Short nard", "1 game", "Without the cube", "8", "When full"),
                   SWISS_PLAYERS, start_now=True)
    for number in range(1, swiss_rounds(len(SWISS_PLAYERS)) + 1):
        current = await run.playing()
        assert len(current) == 3, (number, current)
        await run.lose_out(*current[:-1])
        if number == 1:  # round 1's last result: the process dies before the redraw
            run.hold.arm("editMessageMedia", lambda p: p.get("chat_id") == GROUP)
            await run.lose(current[-1])
            await run.kill("Swiss: round 1 over, round 2 paired, the standings not redrawn")
        else:
            await run.lose_out(current[-1])
    t = await run.tournament()
    assert t.status == "finished"


async def arena(run: Run) -> None:
    assert run.db is not None
    await run.open(("⏱ Arena", "Short nard", "1 game", "Without the cube", "10 min", "8",
                    "When full"), list(PLAYERS))
    first = await run.playing()
    assert len(first) == 4
    await run.lose_out(*first[:2])
    # A game of the second pairing ends: the process dies before the standings' redraw.
    run.hold.arm("editMessageMedia", lambda p: p.get("chat_id") == GROUP)
    await run.lose(first[2])
    await run.kill("arena: a game over, the standings not redrawn")
    # The ten minutes pass: the arena's end moved to now, the games left resigned.
    t = await run.tournament()
    await run.db.write("UPDATE tournaments SET ends_at = ? WHERE id = ?",
                         (to_epoch(datetime.now(UTC)), t.id))
    while playing := await run.playing():
        await run.lose_out(*playing)
    await run.until(run.finished)
    await run.settle()


async def test_a_group_plays_a_knockout_a_swiss_and_an_arena_through_sigkills(
        fake_telegram: FakeTelegram, tmp_path: Path, database_url: str) -> None:  # noqa: F811
    began = time.monotonic()
    laps = []
    async with running(Run(fake_telegram, database_url, tmp_path / "bot.log",
                           PLAYERS)) as run:
        for play in (knockout, swiss, arena):
            lap = time.monotonic()
            await play(run)
            laps.append(f"{play.__name__} {time.monotonic() - lap:.0f} s")
        assert run.rematch_checks > 0
    print(run.report(f"a knock-out, a Swiss and an arena in one group ({', '.join(laps)})",
                     began) + f"; {run.rematch_checks} tournament boards checked for a rematch")
